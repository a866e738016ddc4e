import { Alert, AlertTitle, Box, Button } from '@console/shared-sdk/mui';
import { sdkVersion } from '@console/shared-sdk';
import { clearOverrides } from './overrides';
import { useRegistry, type RemoteOverride } from './registry';

const originOf = (entry: string) => {
  try {
    return new URL(entry).origin;
  } catch {
    return entry;
  }
};

function overrideLine(override: RemoteOverride, origins: string[]) {
  if (override.applied) return `${override.name} is loaded from ${override.entry}`;
  const accepted =
    origins.length > 0
      ? `accepts overrides only from ${origins.join(', ')}, not from ${originOf(override.entry)}`
      : 'accepts no overrides (its REMOTE_OVERRIDE_ORIGINS setting is empty)';
  return `${override.name} is not overridden: this console ${accepted}`;
}

/**
 * On every screen while this browser keeps a remote override (see ./overrides): which remote runs from
 * where, so a developer never mistakes their own copy for the deployed one, and the way back. Stopping
 * reloads the page, because a remote's code cannot be taken out of a page that ran it.
 */
export function OverrideBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const overrides = useRegistry((s) => s.overrides);
  const origins = useRegistry((s) => s.overrideOrigins);
  if (overrides.length === 0) return null;
  return (
    <Alert
      severity="warning"
      square
      role="region"
      aria-label="Remote overrides"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            clearOverrides();
            reload();
          }}
        >
          Stop overriding
        </Button>
      }
    >
      <AlertTitle>Remote override in this browser</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {overrides.map((override) => (
          <li key={override.name}>{overrideLine(override, origins)}</li>
        ))}
      </Box>
      Only this browser is affected. This console runs SDK {sdkVersion}.
    </Alert>
  );
}
