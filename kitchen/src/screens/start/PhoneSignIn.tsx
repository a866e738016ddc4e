import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '@console/shared-sdk/router';
import type { LoginResponse } from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import { signedIn } from '../../app/store';
import { signInWords } from '../../i18n/errors';
import { spoken } from '../../i18n/i18n';
import { Field } from '../../ui/Field';
import { FormScreen } from '../../ui/FormScreen';

/** The person's profile read with the tokens of a sign-in that has just happened (their language, PIN). */
function profileAfter(answer: LoginResponse) {
  return kitchenApi
    .viewMe({
      accessToken: async () => answer.accessToken,
      renew: () => Promise.reject(new Error('just signed in')),
    })
    .catch(() => null);
}

/** Signing in on one's own phone, with e-mail and password (mobile-app-login). */
export default function PhoneSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing = {
      ...(email.trim() ? {} : { email: t('signIn.emailRequired') }),
      ...(password ? {} : { password: t('signIn.passwordRequired') }),
    };
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const answer = await kitchenApi.phoneSignIn({ email: email.trim(), password });
      const profile = await profileAfter(answer);
      await signedIn(answer, {
        signedInOn: 'phone',
        language: profile?.language ?? spoken(),
        hasPin: profile?.hasPin ?? false,
      });
      navigate('/welcome', { replace: true });
    } catch (error) {
      setFailure(signInWords(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormScreen title={t('signIn.title')} onSubmit={submit}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Field
        id={`${id}-email`}
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <Field
        id={`${id}-password`}
        label={t('signIn.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        error={errors.password}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={showPassword ? t('signIn.hidePassword') : t('signIn.showPassword')}
              onClick={() => setShowPassword((shown) => !shown)}
              edge="end"
            >
              {showPassword ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      <Button type="submit" variant="contained" loading={busy}>
        {t('signIn.submit')}
      </Button>
    </FormScreen>
  );
}
