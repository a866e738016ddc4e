import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from '@console/shared-sdk/router';
import { kitchenApi } from '../../api/calls';
import { signOutPerson, useCurrentPerson, useKitchen } from '../../app/store';
import { identityOf } from '../../session/identity';
import { LanguageChoice } from './LanguageChoice';

/** The person's language, their PIN, and signing out of this device. */
export default function Settings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const person = useCurrentPerson();
  const unsent = useKitchen(
    (state) =>
      state.outbox.filter((action) => action.personId === state.currentId && action.status !== 'refused')
        .length,
  );
  const [confirming, setConfirming] = useState(false);
  if (!person) return <Navigate to="/" replace />;

  async function signOut() {
    if (!person) return;
    if (unsent > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    const refreshToken = person.tokens?.refreshToken;
    // Ended on the server when it can be reached; forgotten here either way.
    if (refreshToken) void kitchenApi.signOut(refreshToken, identityOf(person.userID)).catch(() => undefined);
    await signOutPerson(person.userID);
    navigate('/', { replace: true });
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <Typography variant="h1">{t('settings.title')}</Typography>
      <LanguageChoice person={person} />
      <Divider />
      <Stack spacing={1}>
        <Typography variant="h2">{t('settings.pin')}</Typography>
        <Typography>{person.hasPin ? t('settings.hasPin') : t('settings.noPin')}</Typography>
        <Button component={Link} to="/set-pin?next=settings" variant="outlined">
          {person.hasPin ? t('settings.changePin') : t('settings.setPin')}
        </Button>
      </Stack>
      <Divider />
      {confirming && <Alert severity="warning">{t('settings.signOutWarning', { count: unsent })}</Alert>}
      <Button
        variant={confirming ? 'contained' : 'outlined'}
        color={confirming ? 'warning' : 'primary'}
        startIcon={<LogoutIcon />}
        onClick={() => void signOut()}
      >
        {confirming ? t('settings.signOutConfirm') : t('settings.signOut')}
      </Button>
    </Stack>
  );
}
