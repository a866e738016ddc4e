import { Alert, Button, CircularProgress, Link, Stack, TextField } from '@console/shared-sdk/mui';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from '@console/shared-sdk/router';
import { authApi, isApiError, passwordSchema } from '@console/shared-sdk';
import { AuthLayout } from './AuthLayout';

/**
 * The page the e-mailed reset and invitation links open. Once the password is set, an admin goes to sign
 * in with the address filled in; staff, who cannot use the console, are sent to the kitchen app.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [linkProblem, setLinkProblem] = useState<string | null>(
    token ? null : 'This page needs the link from the e-mail.',
  );
  const [saving, setSaving] = useState(false);
  const [staffEmail, setStaffEmail] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = passwordSchema.safeParse(password);
    const next = {
      password: checked.success ? undefined : checked.error.issues[0]?.message,
      confirm: password === confirm ? undefined : 'The two passwords are not the same',
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    setSaving(true);
    try {
      const person = await authApi.resetPassword({ token, password }, { quiet: true });
      if (person.role === 'STAFF') setStaffEmail(person.email);
      else
        navigate(`/login?${new URLSearchParams({ notice: 'password-set', email: person.email })}`, {
          replace: true,
        });
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.password)
        setErrors({ password: error.fieldErrors.password[0] });
      else setLinkProblem(isApiError(error) ? error.message : 'The password could not be set');
    } finally {
      setSaving(false);
    }
  }

  if (staffEmail !== null) return <UseTheMobileApp email={staffEmail} />;

  return (
    <AuthLayout title="Choose a password" subtitle="At least 8 characters.">
      {linkProblem ? (
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {linkProblem}
          </Alert>
          <Link component={RouterLink} to="/forgot-password">
            Ask for a new link
          </Link>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password !== undefined}
            helperText={errors.password ?? ' '}
          />
          <TextField
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={errors.confirm !== undefined}
            helperText={errors.confirm ?? ' '}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Set password
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}

/** After a staff member set their password: the console is not for them, the kitchen app is. */
function UseTheMobileApp({ email }: { email: string }) {
  return (
    <AuthLayout title="Your password is set">
      <Stack spacing={2}>
        <Alert severity="success">
          Staff sign in to the kitchen app, not to this console. Open it on the phone or tablet you use in the
          kitchen, at <Link href={`/kitchen/sign-in?email=${encodeURIComponent(email)}`}>/kitchen</Link>, and
          sign in with this e-mail address and the password you just chose.
        </Alert>
        <TextField
          label="Your e-mail address"
          value={email}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
      </Stack>
    </AuthLayout>
  );
}
