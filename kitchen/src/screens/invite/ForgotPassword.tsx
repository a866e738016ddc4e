import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@console/shared-sdk';
import { Link, useSearchParams } from '@console/shared-sdk/router';
import { forgetPasswordRequestSchema } from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import { useKitchen } from '../../app/store';
import { failureWords } from '../../i18n/errors';
import { Field } from '../../ui/Field';
import { FormScreen } from '../../ui/FormScreen';

/**
 * A forgotten password: the person's e-mail address, and a reset link e-mailed to it. The answer is the same
 * whether or not the address has an account, as the console's, so nobody learns who works here.
 */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = useId();
  const online = useKitchen((state) => state.online);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = forgetPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(email.trim() ? t('forgot.emailInvalid') : t('signIn.emailRequired'));
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      await kitchenApi.forgotPassword(parsed.data);
      setSentTo(parsed.data.email);
    } catch (error) {
      setFailure(
        isApiError(error) && error.code === 'NETWORK_ERROR' ? t('forgot.offline') : failureWords(error, t),
      );
    } finally {
      setBusy(false);
    }
  }

  const backToSignIn = (
    <Button component={Link} to={sentTo ? `/sign-in?${new URLSearchParams({ email: sentTo })}` : '/sign-in'}>
      {t('forgot.back')}
    </Button>
  );

  if (sentTo) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 480, mx: 'auto' }}>
        <Typography variant="h1">{t('forgot.title')}</Typography>
        <Alert severity="success" role="status">
          {t('forgot.sent', { email: sentTo })}
        </Alert>
        <Typography>{t('forgot.openHere')}</Typography>
        {backToSignIn}
      </Stack>
    );
  }

  const shownFailure = failure ?? (online ? null : t('forgot.offline'));
  return (
    <FormScreen title={t('forgot.title')} onSubmit={submit}>
      <Typography>{t('forgot.lead')}</Typography>
      {shownFailure && <Alert severity="warning">{shownFailure}</Alert>}
      <Field
        id={`${id}-email`}
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        error={emailError}
      />
      <Button type="submit" variant="contained" loading={busy}>
        {t('forgot.submit')}
      </Button>
      {backToSignIn}
    </FormScreen>
  );
}
