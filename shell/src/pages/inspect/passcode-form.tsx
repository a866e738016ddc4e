import { Button, Stack, TextField, Typography } from '@console/shared-sdk/mui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

/** The words of the page, and the API's own when no passcode was sent. */
export const passcodeRequest = 'Enter the passcode you were given with this link';

export interface PasscodeFormProps {
  /** The API's refusal of the last passcode (wrong, or too many tries), or null before any was sent. */
  error: string | null;
  /** Opens the link with the passcode; the page moves on, or comes back here with `error`. */
  onSubmit: (passcode: string) => Promise<void>;
}

/** Asks for the link's passcode. It is kept in memory only: not in storage, not in the address. */
export function PasscodeForm({ error, onSubmit }: PasscodeFormProps) {
  const [passcode, setPasscode] = useState('');
  const [empty, setEmpty] = useState(false);
  const [checking, setChecking] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const message = empty ? 'Enter the passcode' : error;

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = passcode.trim();
    if (!typed) {
      setEmpty(true);
      field.current?.focus();
      return;
    }
    setEmpty(false);
    setChecking(true);
    await onSubmit(typed);
    // Still here: the passcode was refused. The caret goes back to it, selected, to be typed again at once.
    if (!mounted.current) return;
    setChecking(false);
    field.current?.focus();
    field.current?.select();
  }

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-intro`}
    >
      <Typography id={`${id}-intro`} variant="body2">
        {passcodeRequest}. It was sent to you apart from the link.
      </Typography>
      <TextField
        inputRef={field}
        label="Passcode"
        type="password"
        value={passcode}
        onChange={(event) => setPasscode(event.target.value)}
        error={message !== null}
        helperText={message ?? ' '}
        autoComplete="off"
        autoFocus
        required
        fullWidth
        slotProps={{ formHelperText: { role: message ? 'alert' : undefined } }}
      />
      <Button type="submit" variant="contained" loading={checking} sx={{ alignSelf: 'flex-start' }}>
        Open the records
      </Button>
    </Stack>
  );
}
