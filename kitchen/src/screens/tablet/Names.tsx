import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '@console/shared-sdk/router';
import type { KitchenPerson } from '@console/shared-sdk/contract';
import type { StoredDevice } from '../../local/db';
import { useKitchen } from '../../app/store';

/** The tablet's start: its site's people as large name buttons; a tap opens their PIN pad. */
export function Names({ device }: { device: StoredDevice }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roster = useKitchen((state) => state.roster);
  const online = useKitchen((state) => state.online);
  const signedIn = useKitchen((state) => state.people);

  // Where the tablet was opened for (a push alert's task) goes along to the sign-in.
  const { search } = useLocation();
  const open = (person: KitchenPerson) =>
    navigate(`${person.hasPin ? '/pin' : '/password'}/${person.userID}${search}`);

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('names.title')}</Typography>
      <Typography>{t('names.site', { site: device.siteName, device: device.name })}</Typography>
      {!online && roster && <Alert severity="info">{t('names.offlineList')}</Alert>}
      {roster && roster.people.length === 0 && (
        <Alert severity="info">{t('names.nobody', { site: device.siteName })}</Alert>
      )}
      <Typography>{t('names.lead')}</Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {(roster?.people ?? []).map((person) => (
          <li key={person.userID}>
            <Button
              variant="outlined"
              fullWidth
              onClick={() => open(person)}
              sx={{ minHeight: 72, fontSize: '1.25rem', justifyContent: 'space-between' }}
            >
              <span>
                {person.firstName} {person.lastName}
              </span>
              {signedIn[person.userID]?.tokens && (
                <Typography component="span" variant="body2">
                  {t('names.signedIn')}
                </Typography>
              )}
            </Button>
          </li>
        ))}
      </Box>
    </Stack>
  );
}
