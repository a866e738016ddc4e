import { Alert, Button, CircularProgress, Link, Stack, TextField } from '@console/shared-sdk/mui';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { authApi, forgetPasswordRequestSchema, isApiError } from '@console/shared-sdk';
import { AuthLayout } from './AuthLayout';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = forgetPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter your e-mail address');
      return;
    }
    setFieldError(null);
    setFailure(null);
    setSending(true);
    try {
      await authApi.forgetPassword(parsed.data, { quiet: true });
      setSent(parsed.data.email);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'The request could not be sent');
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one.">
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            If an account exists for {sent}, we have sent it a link to reset the password. The link works once
            and expires after an hour.
          </Alert>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError !== null}
            helperText={fieldError ?? ' '}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={sending}
            startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Send reset link
          </Button>
          <Link component={RouterLink} to="/login" variant="body2">
            Back to sign in
          </Link>
        </Stack>
      )}
    </AuthLayout>
  );
}
