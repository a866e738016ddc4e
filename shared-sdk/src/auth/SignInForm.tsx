import { Alert, Box, Button, IconButton, InputAdornment, Stack, TextField } from '@console/shared-sdk/mui';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { authApi } from '../api/auth.js';
import { loginRequestSchema, type LoginResponse } from '../contract/index.js';
import { isApiError } from '../http/errors.js';
import { session } from '../session/store.js';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

export interface SignInFormProps {
  /** Called once the session is stored: the shell returns to the page the user came from. */
  onSignedIn?: (response: LoginResponse) => void;
  /** Shown under the submit button, e.g. the router's "Forgot password?" link. */
  forgotPasswordLink?: ReactNode;
  /** Prefills the e-mail address (e.g. after a password reset). */
  defaultEmail?: string;
}

const firstOf = (errors: Partial<Record<string, string[] | undefined>>): FieldErrors => ({
  ...(errors['email']?.[0] ? { email: errors['email'][0] } : {}),
  ...(errors['password']?.[0] ? { password: errors['password'][0] } : {}),
});

/**
 * The web console's sign-in form (the shell's login page, and a remote mounted on its own). Signs in with
 * `authApi.webLogin`, stores the session, then calls `onSignedIn`. The server's refusal (wrong password,
 * a staff account, too many attempts) shows in an alert above the fields; the call is quiet, so no
 * pop-up repeats it.
 */
export function SignInForm({ onSignedIn, forgotPasswordLink, defaultEmail = '' }: SignInFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(firstOf(z.flattenError(parsed.error).fieldErrors));
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const response = await authApi.webLogin(parsed.data);
      session.signIn(response);
      onSignedIn?.(response);
    } catch (error) {
      const errors = isApiError(error) ? firstOf(error.fieldErrors) : {};
      setFieldErrors(errors);
      // Field problems are shown at their fields; anything else is the server's (or the network's) word.
      if (Object.keys(errors).length === 0) {
        setFailure(error instanceof Error ? error.message : 'Could not sign in');
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          id={`${id}-email`}
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          fullWidth
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email !== undefined}
          helperText={fieldErrors.email}
        />
        <TextField
          id={`${id}-password`}
          label="Password"
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          required
          fullWidth
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password !== undefined}
          helperText={fieldErrors.password}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    aria-controls={`${id}-password`}
                    onClick={() => setShowPassword((shown) => !shown)}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
          Sign in
        </Button>
        {forgotPasswordLink && <Box sx={{ textAlign: 'center' }}>{forgotPasswordLink}</Box>}
      </Stack>
    </Box>
  );
}
