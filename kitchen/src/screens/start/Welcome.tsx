import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from '@console/shared-sdk/router';
import { useCurrentPerson } from '../../app/store';
import { LanguageChoice } from '../settings/LanguageChoice';

/** After the first sign-in on a phone: the person chooses their language, and may set a PIN for the tablet. */
export default function Welcome() {
  const { t } = useTranslation();
  const person = useCurrentPerson();
  if (!person) return <Navigate to="/" replace />;
  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h1">{t('welcome.title', { name: person.firstName })}</Typography>
      <Typography>{t('welcome.languageLead')}</Typography>
      <LanguageChoice person={person} />
      {!person.hasPin && (
        <Stack spacing={1}>
          <Typography variant="h2">{t('settings.pin')}</Typography>
          <Typography>{t('setPin.optionalLead')}</Typography>
          <Button component={Link} to="/set-pin" variant="outlined">
            {t('settings.setPin')}
          </Button>
        </Stack>
      )}
      <Button component={Link} to="/today" variant="contained">
        {t('welcome.continue')}
      </Button>
    </Stack>
  );
}
