import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from '@console/shared-sdk/router';
import { kitchenApi } from '../../api/calls';
import { signedIn, useKitchen } from '../../app/store';
import { signInWords } from '../../i18n/errors';
import { PasswordField } from '../../ui/PasswordField';
import { FormScreen } from '../../ui/FormScreen';

/** A person without a PIN (or who forgot it) signs in on the tablet with their password, then sets a PIN. */
export default function TabletPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  /** After signing in: the task the tablet was opened for, else today. */
  const signedInTo = search ? `/${search}` : '/today';
  const id = useId();
  const { userID = '' } = useParams();
  const device = useKitchen((state) => state.device);
  const listed = useKitchen((state) => state.roster?.people.find((person) => person.userID === userID));
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!device || !listed) return <Navigate to="/" replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !device || !listed) return;
    if (!password) return setProblem(t('signIn.passwordRequired'));
    setBusy(true);
    setProblem(null);
    try {
      const answer = await kitchenApi.tabletSignIn({ deviceToken: device.deviceToken, userID, password });
      await signedIn(answer, { signedInOn: 'tablet', language: listed.language, hasPin: listed.hasPin });
      navigate(listed.hasPin ? signedInTo : '/set-pin?required=1', { replace: true });
    } catch (error) {
      setProblem(signInWords(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormScreen title={t('pin.hello', { name: `${listed.firstName} ${listed.lastName}` })} onSubmit={submit}>
      {!listed.hasPin && <Alert severity="info">{t('pin.noPin')}</Alert>}
      {problem && <Alert severity="error">{problem}</Alert>}
      <PasswordField
        id={`${id}-password`}
        label={t('signIn.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" variant="contained" loading={busy}>
        {t('signIn.submit')}
      </Button>
      <Button component={Link} to="/">
        {t('app.back')}
      </Button>
    </FormScreen>
  );
}
