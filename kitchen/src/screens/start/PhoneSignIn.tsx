import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from '@console/shared-sdk/router';
import type { LoginRequest, LoginResponse } from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import { signedIn } from '../../app/store';
import { signInWords } from '../../i18n/errors';
import { spoken } from '../../i18n/i18n';
import { Field } from '../../ui/Field';
import { FormScreen } from '../../ui/FormScreen';
import { PasswordField } from '../../ui/PasswordField';

/** The person's profile read with the tokens of a sign-in that has just happened (their language, PIN). */
function profileAfter(answer: LoginResponse) {
  return kitchenApi
    .viewMe({
      accessToken: async () => answer.accessToken,
      renew: () => Promise.reject(new Error('just signed in')),
    })
    .catch(() => null);
}

/** Signs a person in on their own phone and puts them on the screen, in their profile's language. */
export async function signInOnPhone(body: LoginRequest) {
  const answer = await kitchenApi.phoneSignIn(body);
  const profile = await profileAfter(answer);
  return signedIn(answer, {
    signedInOn: 'phone',
    language: profile?.language ?? spoken(),
    hasPin: profile?.hasPin ?? false,
  });
}

/** Signing in on one's own phone, with e-mail and password (mobile-app-login). */
export default function PhoneSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
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
      await signInOnPhone({ email: email.trim(), password });
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
      <PasswordField
        id={`${id}-password`}
        label={t('signIn.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <Button type="submit" variant="contained" loading={busy}>
        {t('signIn.submit')}
      </Button>
      <Button
        component={Link}
        to={
          email.trim()
            ? `/forgot-password?${new URLSearchParams({ email: email.trim() })}`
            : '/forgot-password'
        }
      >
        {t('forgot.title')}
      </Button>
    </FormScreen>
  );
}
