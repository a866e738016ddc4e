import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@console/shared-sdk';
import { Link, useLocation, useNavigate, useSearchParams } from '@console/shared-sdk/router';
import { passwordSchema, type PasswordSet } from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import { choosePerson, useKitchen } from '../../app/store';
import { failureWords, signInWords } from '../../i18n/errors';
import { spoken } from '../../i18n/i18n';
import { FormScreen } from '../../ui/FormScreen';
import { PasswordField } from '../../ui/PasswordField';
import { signInOnPhone } from '../start/PhoneSignIn';
import { Names } from '../tablet/Names';

/** Why the link cannot be used: none in the address, spent or out of date, or the account is deactivated. */
type LinkProblem = 'none' | 'spent' | 'inactive';

/** What happened once the password is set, when the app does not go straight on to the welcome. */
type Done =
  | { next: 'names'; person: PasswordSet }
  | { next: 'sign-in'; person: PasswordSet; problem: string }
  | { next: 'console'; person: PasswordSet };

/**
 * Where a staff member's e-mailed link opens (/invite from an invitation, /reset-password from a reset):
 * they choose a password, and on their phone are signed in with it and go on to the welcome (language, PIN).
 * On an enrolled tablet they go to its names, where a first password sign-in asks for their PIN.
 */
export default function ChoosePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invited = useLocation().pathname.startsWith('/invite');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const id = useId();
  const device = useKitchen((state) => state.device);
  const online = useKitchen((state) => state.online);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<LinkProblem | null>(token ? null : 'none');
  const [done, setDone] = useState<Done | null>(null);
  const [busy, setBusy] = useState(false);
  const title = invited ? t('invite.title') : t('invite.resetTitle');

  // A link opened on a shared tablet is its own person's: whoever was on the screen steps away (their
  // session stays stored), so the tablet neither speaks their language nor returns to the names meanwhile.
  useEffect(() => {
    if (device) void choosePerson(null);
  }, [device]);

  /** Says why the password was not set: beside the field when it is the password, else above the form. */
  function explain(error: unknown) {
    if (!isApiError(error)) return setFailure(failureWords(error, t));
    if (error.code === 'NETWORK_ERROR') return setFailure(t('invite.offline'));
    const weak = error.fieldErrors.password?.[0];
    // The server words its password rules in English; another language gets the rule in its own words.
    if (weak) return setPasswordError(spoken() === 'en' ? weak : t('invite.weak'));
    if (error.fieldErrors.token) return setLinkProblem('spent');
    if (error.status === 403) return setLinkProblem('inactive');
    setFailure(failureWords(error, t));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) {
      setPasswordError(
        checked.error.issues[0]?.code === 'too_big' ? t('invite.tooLong') : t('invite.tooShort'),
      );
      return;
    }
    setPasswordError(null);
    setBusy(true);
    try {
      const person = await kitchenApi.setPassword({ token, password });
      if (person.role !== 'STAFF') return setDone({ next: 'console', person });
      // On a tablet, the person signs in from its names with the new password, which asks for a PIN.
      if (device) return setDone({ next: 'names', person });
      try {
        await signInOnPhone({ email: person.email, password });
        navigate('/welcome', { replace: true });
      } catch (error) {
        setDone({ next: 'sign-in', person, problem: signInWords(error, t) });
      }
    } catch (error) {
      explain(error);
    } finally {
      setBusy(false);
    }
  }

  if (done) return <PasswordIsSet done={done} />;
  if (linkProblem) return <CannotUseLink title={title} problem={linkProblem} invited={invited} />;

  const shownFailure = failure ?? (online ? null : t('invite.offline'));
  return (
    <FormScreen title={title} onSubmit={submit}>
      <Typography>{invited ? t('invite.lead') : t('invite.resetLead')}</Typography>
      {shownFailure && <Alert severity="warning">{shownFailure}</Alert>}
      <PasswordField
        id={`${id}-password`}
        label={t('invite.password')}
        autoComplete="new-password"
        required
        value={password}
        onChange={setPassword}
        error={passwordError}
        hint={t('invite.hint')}
      />
      <Button type="submit" variant="contained" loading={busy}>
        {t('invite.submit')}
      </Button>
    </FormScreen>
  );
}

/** A link that cannot set a password, and what to do instead. */
function CannotUseLink({
  title,
  problem,
  invited,
}: {
  title: string;
  problem: LinkProblem;
  invited: boolean;
}) {
  const { t } = useTranslation();
  const words = {
    none: t('invite.noLink'),
    spent: t('invite.spent'),
    inactive: t('invite.inactive'),
  }[problem];
  return (
    <Stack spacing={2} sx={{ maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h1">{title}</Typography>
      <Alert severity="error">{words}</Alert>
      {problem === 'spent' && (
        <Typography>{invited ? t('invite.askManager') : t('invite.askNewLink')}</Typography>
      )}
      {problem === 'spent' && !invited && (
        <Button component={Link} to="/forgot-password" variant="contained">
          {t('invite.newLink')}
        </Button>
      )}
      <Button component={Link} to="/" variant={problem === 'spent' && !invited ? 'text' : 'outlined'}>
        {t('app.goHome')}
      </Button>
    </Stack>
  );
}

/** The password is set; where the person goes from here when it is not straight to the welcome. */
function PasswordIsSet({ done }: { done: Done }) {
  const { t } = useTranslation();
  const device = useKitchen((state) => state.device);
  const set = <Alert severity="success">{t('invite.set', { name: done.person.firstName })}</Alert>;
  if (done.next === 'names' && device) {
    return (
      <Stack spacing={2}>
        {set}
        <Typography>{t('invite.tabletNext')}</Typography>
        <Names device={device} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h1">{t('invite.setTitle')}</Typography>
      {set}
      {done.next === 'sign-in' && (
        <>
          <Alert severity="warning">{done.problem}</Alert>
          <Button
            component={Link}
            to={`/sign-in?${new URLSearchParams({ email: done.person.email })}`}
            variant="contained"
          >
            {t('invite.signInNow')}
          </Button>
        </>
      )}
      {done.next === 'console' && (
        <>
          <Typography>{t('invite.adminAccount')}</Typography>
          {/* The console is the server's other page, outside the kitchen app's addresses. */}
          <Button href="/" variant="contained">
            {t('invite.openConsole')}
          </Button>
        </>
      )}
    </Stack>
  );
}
