import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@console/shared-sdk/mui';

/**
 * A value an organisation admin pastes elsewhere (the SCIM base URL, an API call to try a key with): a
 * read-only field that selects itself when focused, beside a button that copies it. What happened is said
 * next to it as a status, not a toast: inside a dialog a toast is hidden from screen readers with the rest
 * of the page.
 */
export function CopyableValue({
  label,
  value,
  copied,
  copyLabel = 'Copy',
  multiline = false,
  code = false,
}: {
  label: string;
  value: string;
  /** Said once it is on the clipboard ("SCIM base URL copied to the clipboard."). */
  copied: string;
  /** The button's words where "Copy" would not say which value (several on one screen). */
  copyLabel?: string;
  multiline?: boolean;
  /** Set in a fixed-width font, as a command or a key is. */
  code?: boolean;
}) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = () => {
    // The clipboard is missing on a page served over plain HTTP: the field still lets it be selected.
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setSaid('It could not be copied: select it and copy it yourself.');
      return;
    }
    clipboard.writeText(value).then(
      () => setSaid(copied),
      () => setSaid('It could not be copied: select it and copy it yourself.'),
    );
  };
  return (
    <Stack spacing={0.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label={label}
          value={value}
          fullWidth
          size="small"
          multiline={multiline}
          slotProps={{
            htmlInput: {
              readOnly: true,
              spellCheck: false,
              dir: 'ltr',
              style: code ? { fontFamily: 'monospace' } : undefined,
            },
          }}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outlined" disabled={value === ''} onClick={copy} sx={{ flexShrink: 0 }}>
          {copyLabel}
        </Button>
      </Stack>
      <Typography role="status" variant="body2">
        {said}
      </Typography>
    </Stack>
  );
}
