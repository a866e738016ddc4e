import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentPerson, useKitchen } from '../../app/store';
import { timeIn } from '../../i18n/format';
import type { AnyOutboxCall, CallName } from '../../sync/calls';
import { Section } from './layout';

const noRecords = { day: null, views: new Map() };

/**
 * What the person saved on this screen and the outbox has not sent yet: each shows here, "waiting to send",
 * from the moment it is saved until the server has it (a refusal shows in the status bar instead). Each is
 * named as its call describes it, the words a refusal of it would use.
 */
export function WaitingToSend({
  name,
  call,
  title,
  zone,
  dateLocale,
}: {
  name: CallName;
  call: AnyOutboxCall;
  title: string;
  /** The site's zone and date locale, which the times they were saved at are written in. */
  zone: string;
  dateLocale: string;
}) {
  const { t, i18n } = useTranslation();
  const person = useCurrentPerson();
  const outbox = useKitchen((state) => state.outbox);
  const waiting = outbox.filter(
    (action) => action.personId === person?.userID && action.call === name && action.status !== 'refused',
  );
  if (waiting.length === 0) return null;
  return (
    <Section title={title}>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {waiting.map((action) => {
          const words = call.describe(action.payload, noRecords);
          return (
            <Stack
              key={action.clientId}
              component="li"
              direction="row"
              spacing={1}
              useFlexGap
              sx={{
                listStyle: 'none',
                flexWrap: 'wrap',
                alignItems: 'center',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Typography sx={{ flex: 1, minWidth: 200 }}>
                {t('readings.savedAt', {
                  what: t(`refusal.what.${words.key}`, words.values ?? {}),
                  time: timeIn(action.deviceTime, zone, i18n.language, dateLocale),
                })}
              </Typography>
              <Chip
                color="info"
                label={
                  action.status === 'needs-sign-in'
                    ? t('readings.waitsForSignIn')
                    : t('readings.waitingToSend')
                }
              />
            </Stack>
          );
        })}
      </Stack>
    </Section>
  );
}
