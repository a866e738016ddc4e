import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BackspaceIcon from '@mui/icons-material/Backspace';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@console/shared-sdk';
import { Link, Navigate, useLocation, useNavigate, useParams } from '@console/shared-sdk/router';
import { pinLockMinutes } from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import { changePerson, choosePerson, signedIn, useKitchen } from '../../app/store';
import { signInWords } from '../../i18n/errors';
import { isOfflineLocked, offlinePinTries, pinMatches, pinVerifier } from '../../local/pin';

const longestPin = 6;
const shortestPin = 4;
const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** A person signs in on the tablet with their PIN: online through the server, offline against the tablet's hash. */
export default function PinPad() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  /** After signing in: the task the tablet was opened for, else today. */
  const signedInTo = search ? `/${search}` : '/today';
  const { userID = '' } = useParams();
  const device = useKitchen((state) => state.device);
  const listed = useKitchen((state) => state.roster?.people.find((person) => person.userID === userID));
  const stored = useKitchen((state) => state.people[userID]);
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!device || (!listed && !stored)) return <Navigate to="/" replace />;
  const name = listed ? `${listed.firstName} ${listed.lastName}` : `${stored?.firstName} ${stored?.lastName}`;

  const press = (digit: string) =>
    setPin((entered) => (entered.length < longestPin ? entered + digit : entered));

  /** No connection: the PIN is checked against the hash kept at the last online sign-in. */
  async function offline(entered: string) {
    if (!stored?.pin) return setProblem(t('pin.offlineFirstTime'));
    if (isOfflineLocked(stored.pin)) return setProblem(t('pin.offlineLocked'));
    if (await pinMatches(stored.pin, entered)) {
      // The name list is the tablet's latest word on the person's language.
      await changePerson(userID, (person) => ({
        ...person,
        language: listed?.language ?? person.language,
        ...(person.pin ? { pin: { ...person.pin, failures: 0 } } : {}),
      }));
      await choosePerson(userID);
      return navigate(signedInTo, { replace: true });
    }
    const failures = stored.pin.failures + 1;
    await changePerson(userID, (person) =>
      person.pin ? { ...person, pin: { ...person.pin, failures } } : person,
    );
    const left = offlinePinTries - failures;
    setProblem(left > 0 ? t('pin.wrongTriesLeft', { count: left }) : t('pin.offlineLocked'));
  }

  async function submit() {
    if (busy || !device || pin.length < shortestPin) return;
    const entered = pin;
    setBusy(true);
    setProblem(null);
    setPin('');
    try {
      const answer = await kitchenApi.tabletSignIn({ deviceToken: device.deviceToken, userID, pin: entered });
      await signedIn(
        answer,
        { signedInOn: 'tablet', language: listed?.language ?? stored?.language ?? 'en', hasPin: true },
        { pin: await pinVerifier(entered) },
      );
      navigate(signedInTo, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'NETWORK_ERROR') await offline(entered);
      else if (isApiError(error) && error.status === 401) setProblem(t('pin.wrong'));
      else if (isApiError(error) && error.status === 429)
        setProblem(t('pin.locked', { minutes: pinLockMinutes }));
      else setProblem(signInWords(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 420, mx: 'auto' }}>
      <Typography variant="h1">{t('pin.hello', { name })}</Typography>
      <Typography variant="h2" sx={{ fontWeight: 400 }}>
        {t('pin.title')}
      </Typography>
      {listed && !listed.hasPin && <Alert severity="info">{t('pin.noPin')}</Alert>}
      <Box
        role="img"
        aria-label={t('pin.digits', { count: pin.length })}
        sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', minHeight: 32 }}
      >
        {Array.from({ length: longestPin }, (_, index) => (
          <Box
            key={index}
            sx={{
              width: 20,
              height: 20,
              borderRadius: '50%',
              border: 2,
              borderColor: 'text.primary',
              bgcolor: index < pin.length ? 'text.primary' : 'transparent',
            }}
          />
        ))}
      </Box>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
        {keys.map((digit) => (
          <Button
            key={digit}
            variant="outlined"
            onClick={() => press(digit)}
            sx={{ minHeight: 64, fontSize: '1.5rem' }}
          >
            {digit}
          </Button>
        ))}
        <Button
          variant="outlined"
          aria-label={t('pin.delete')}
          onClick={() => setPin((entered) => entered.slice(0, -1))}
          sx={{ minHeight: 64 }}
        >
          <BackspaceIcon />
        </Button>
        <Button variant="outlined" onClick={() => press('0')} sx={{ minHeight: 64, fontSize: '1.5rem' }}>
          0
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={pin.length < shortestPin}
          loading={busy}
          sx={{ minHeight: 64, fontSize: '1.25rem' }}
        >
          {t('pin.submit')}
        </Button>
      </Box>
      <Button component={Link} to={`/password/${userID}`}>
        {t('pin.usePassword')}
      </Button>
      <Button component={Link} to="/">
        {t('app.back')}
      </Button>
    </Stack>
  );
}
