import {
  Alert,
  Box,
  Button,
  Divider,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
} from '@console/shared-sdk/mui';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { authApi } from '../api/auth.js';
import { ssoApi } from '../api/sso.js';
import { emailSchema, loginRequestSchema, type LoginResponse, type SsoDiscovery } from '../contract/index.js';
import { isApiError } from '../http/errors.js';
import { session } from '../session/store.js';
import { startSingleSignOn } from './single-sign-on.js';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

export interface SignInFormProps {
  /** Called once the session is stored: the shell returns to the page the user came from. */
  onSignedIn?: (response: LoginResponse) => void;
  /** Shown under the submit button, e.g. the router's "Forgot password?" link. */
  forgotPasswordLink?: ReactNode;
  /** Prefills the e-mail address (e.g. after a password reset). */
  defaultEmail?: string;
  /** The console path to come back to after a sign-in through the organisation's provider. */
  returnTo?: string;
  /** Sends the browser to the provider's sign-in (by default, this page goes there). */
  goTo?: (address: string) => void;
}

const goToAddress = (address: string) => window.location.assign(address);

/** How long typing pauses before the address's domain is looked up. */
const discoveryDelayMs = 300;

/**
 * The single sign-on of the typed address's domain, looked up once per domain as the person types (the
 * answer is the domain's, so another address of it changes nothing). Null while unknown or on failure: the
 * password form is what shows then.
 */
function useSsoDiscovery(email: string): SsoDiscovery | null {
  const [found, setFound] = useState<{ domain: string; discovery: SsoDiscovery } | null>(null);
  const parsed = emailSchema.safeParse(email);
  const address = parsed.success ? parsed.data : null;
  const domain = address?.split('@')[1] ?? null;
  useEffect(() => {
    if (address === null || domain === null || found?.domain === domain) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ssoApi
        .discover({ email: address }, { signal: controller.signal })
        .then((discovery) => setFound({ domain, discovery }))
        .catch(() => undefined);
    }, discoveryDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [address, domain, found]);
  return found !== null && found.domain === domain ? found.discovery : null;
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
 *
 * When the typed address's domain signs in through its organisation's provider, the form offers "Continue
 * with single sign-on"; when the organisation requires it, the password field gives way to it, with the
 * reason, and a way back to the password for the one admin the organisation keeps it for.
 */
export function SignInForm({
  onSignedIn,
  forgotPasswordLink,
  defaultEmail = '',
  returnTo,
  goTo = goToAddress,
}: SignInFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [passwordChosen, setPasswordChosen] = useState(false);
  const id = useId();
  const discovery = useSsoDiscovery(email);
  const sso = discovery?.covered ? discovery : null;
  const passwordOff = sso?.required === true && !passwordChosen;

  async function continueWithSso() {
    if (submitting) return;
    setFailure(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldErrors({ email: 'Must be a valid e-mail address' });
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      // The page leaves for the provider: the button stays busy until it has.
      goTo(await startSingleSignOn(parsed.data, returnTo));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not start single sign-on');
      setSubmitting(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (passwordOff) {
      await continueWithSso();
      return;
    }
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
        {sso && passwordOff && (
          <Alert severity="info">
            {sso.organizationName ?? 'Your organisation'} signs in with single sign-on, so password sign-in is
            turned off for its people.
          </Alert>
        )}
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
        {!passwordOff && (
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
        )}
        {!passwordOff && (
          <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
            Sign in
          </Button>
        )}
        {sso && !passwordOff && <Divider>or</Divider>}
        {sso && (
          <Button
            variant={passwordOff ? 'contained' : 'outlined'}
            size="large"
            fullWidth
            loading={submitting && passwordOff}
            disabled={submitting && !passwordOff}
            // With the password off, it is the form's own button: Enter in the e-mail field presses it.
            {...(passwordOff ? { type: 'submit' } : { onClick: () => void continueWithSso() })}
          >
            Continue with single sign-on{sso.organizationName ? ` (${sso.organizationName})` : ''}
          </Button>
        )}
        {passwordOff && (
          <Box sx={{ textAlign: 'center' }}>
            <Button size="small" onClick={() => setPasswordChosen(true)}>
              Sign in with a password instead (break-glass admin)
            </Button>
          </Box>
        )}
        {!passwordOff && forgotPasswordLink && <Box sx={{ textAlign: 'center' }}>{forgotPasswordLink}</Box>}
      </Stack>
    </Box>
  );
}
