import { Alert, AlertTitle, Box, Button, CircularProgress, Typography } from '@console/shared-sdk/mui';
import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Route, useLocation } from '@console/shared-sdk/router';
import {
  canOnSubject,
  SiteScopeProvider,
  useAbility,
  useDocumentTitle,
  type RemoteRouteDescription,
} from '@console/shared-sdk';
import { RemoteBoundary, RemoteErrorPanel } from '../remotes/RemoteBoundary';
import {
  ensureRemoteLoaded,
  retryRemote,
  screenFailed,
  useRegistry,
  type RemoteState,
} from '../remotes/registry';
import { RequireOrganization } from './RequireAuth';

function AreaLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status">
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** A screen the user's role may not read: said plainly, inside the layout, instead of the screen. */
export function AccessDenied({ screen }: { screen: string }) {
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>You do not have access to {screen}</AlertTitle>
      Your role does not include this screen. If you need it, ask your organisation&apos;s administrator.{' '}
      <RouterLink to="/dashboard">Go to the dashboard</RouterLink>.
    </Alert>
  );
}

/** A remote this console's SDK cannot run: which version it needs, never a blank area or a TypeError. */
function VersionPanel({ remote }: { remote: RemoteState }) {
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{remote.title} cannot run in this console</AlertTitle>
      {remote.error}
    </Alert>
  );
}

/** Failed, or trying again after a failure (the error stays until an attempt succeeds). */
const hasFailed = (remote: RemoteState) =>
  remote.error !== undefined && ['failed', 'describing', 'loading'].includes(remote.status);

/** The error panel of a failed remote, whose Retry shows that it is trying until it has an answer. */
function FailedRemote({ remote }: { remote: RemoteState }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <RemoteErrorPanel
      area={remote.title}
      detail={remote.error}
      {...(remote.invalidDescription
        ? {
            reason: `Its published description (remote.json) is not valid, so the console cannot show it. Ask whoever deploys ${remote.title} to rebuild it with the SDK's build, which checks the description.`,
          }
        : {})}
      retrying={retrying}
      onRetry={() => {
        setRetrying(true);
        void retryRemote(remote.name).finally(() => setRetrying(false));
      }}
    />
  );
}

/** The path of a remote's site dashboard: the shell shows it at /dashboard while a site is selected. */
export const siteDashboardPath = '/dashboard';

/**
 * One route of a remote: guarded by the ability its description names, then the remote's container is
 * loaded (the first time one of its routes opens) and its screen shown in its own error boundary.
 */
export function RemoteScreen({ name, route }: { name: string; route: RemoteRouteDescription }) {
  const remote = useRegistry((s) => s.remotes.find((r) => r.name === name));
  const ability = useAbility();
  const allowed = canOnSubject(ability, 'read', route.subject);
  useDocumentTitle(route.title, { fallback: true });
  const status = remote?.status;

  useEffect(() => {
    if (allowed && status === 'described') void ensureRemoteLoaded(name);
  }, [allowed, status, name]);

  if (!remote) return null;
  if (!allowed) return <AccessDenied screen={route.title} />;
  if (remote.status === 'incompatible') return <VersionPanel remote={remote} />;
  if (hasFailed(remote)) return <FailedRemote remote={remote} />;
  const Screen = remote.status === 'ready' ? remote.module?.screens[route.path] : undefined;
  if (remote.status === 'ready' && !Screen)
    return (
      <FailedRemote
        remote={{ ...remote, error: `its ./routes module has no screen for ${route.path}`, status: 'failed' }}
      />
    );
  if (!Screen) return <AreaLoading />;
  return (
    <RemoteBoundary area={remote.title} onError={(error) => void screenFailed(name, error)}>
      <Suspense fallback={<AreaLoading />}>
        <SiteScopeProvider siteScoped={route.siteScoped === true}>
          <Screen />
        </SiteScopeProvider>
      </Suspense>
    </RemoteBoundary>
  );
}

/**
 * The routes every described remote declares (from its remote.json, before any of its code loads), except a
 * site dashboard, which the shell's own /dashboard shows (see useSiteDashboard).
 */
export function useRemoteRouteElements() {
  const remotes = useRegistry((s) => s.remotes);
  return remotes.flatMap((remote) =>
    (remote.metadata?.routes ?? [])
      .filter((route) => route.path !== siteDashboardPath)
      .map((route) => (
        <Route
          key={`${remote.name}:${route.path}`}
          path={route.path}
          element={
            <RequireOrganization>
              <RemoteScreen name={remote.name} route={route} />
            </RequireOrganization>
          }
        />
      )),
  );
}

/**
 * An address no screen answers. While remotes are being described it waits; a remote whose description
 * could not be read may own the address, so its error panel shows with a retry; otherwise it is simply not
 * found.
 */
export function UnmatchedRoute() {
  const { listed, remotes } = useRegistry((s) => s);
  const { pathname } = useLocation();
  const undescribed = remotes.filter((r) => !r.metadata && hasFailed(r));

  if (!listed || remotes.some((r) => r.status === 'describing' && !hasFailed(r))) return <AreaLoading />;
  if (undescribed.length > 0) {
    return (
      <>
        {undescribed.map((remote) => (
          <FailedRemote key={remote.name} remote={remote} />
        ))}
      </>
    );
  }
  return (
    <Box sx={{ py: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary">
        Nothing lives at {pathname}.{' '}
        <Button component={RouterLink} to="/dashboard" size="small">
          Go to the dashboard
        </Button>
      </Typography>
    </Box>
  );
}

export interface SiteDashboardSlot {
  /** The remote that publishes it, or null when none does. */
  remote: { name: string; route: RemoteRouteDescription } | null;
  /** False while the remotes are still being described, so the overview does not flash first. */
  known: boolean;
}

/** The site dashboard a remote publishes at /dashboard, if any (the first such remote listed). */
export function useSiteDashboard(): SiteDashboardSlot {
  const { listed, remotes } = useRegistry((s) => s);
  for (const remote of remotes) {
    const route = remote.metadata?.routes.find((candidate) => candidate.path === siteDashboardPath);
    if (route) return { remote: { name: remote.name, route }, known: true };
  }
  const describing = remotes.some((r) => r.status === 'describing' && !hasFailed(r));
  return { remote: null, known: listed && !describing };
}
