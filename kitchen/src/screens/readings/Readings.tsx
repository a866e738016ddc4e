import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '@console/shared-sdk/router';
import { useCurrentPerson } from '../../app/store';
import { celsiusIn } from '../records/celsius';
import { timeIn } from '../../i18n/format';
import { useCachedList } from '../records/cached';
import { NotLoaded } from '../records/layout';
import { SiteChoice } from '../records/SiteChoice';
import { useRecordingSite } from '../records/sites';
import { WaitingToSend } from '../records/Waiting';
import { itemListSchema, itemsKey, loadItems } from '../records/site-lists';
import { ItemPicker } from './ItemPicker';
import { ReadingForm, type SavedReading } from './ReadingForm';
import { createReading } from './reading-calls';

function SavedNotice({ saved, zone }: { saved: SavedReading; zone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert severity="success" role="status">
      <Typography>
        {t('readings.saved', { item: saved.item, value: celsiusIn(saved.celsius, i18n.language) })}
      </Typography>
      {saved.followUp && (
        <Typography>
          {t(`readings.followUp.started.${saved.followUp.kind}`, {
            time: timeIn(saved.followUp.dueAt, zone, i18n.language),
          })}{' '}
          <Link to="/today">{t('readings.followUp.seeToday')}</Link>
        </Typography>
      )}
    </Alert>
  );
}

/**
 * Temperature readings: the site's fridges, freezers, probes and food items (kept on the device, so the
 * list opens offline), then one item's reading, saved to the outbox at once.
 */
export default function Readings() {
  const { t } = useTranslation();
  const person = useCurrentPerson();
  const { sites, site, setSiteID, zone } = useRecordingSite();
  const [params, setParams] = useSearchParams();
  const [saved, setSaved] = useState<SavedReading | null>(null);
  const items = useCachedList(
    site && person ? itemsKey(site.siteID) : null,
    () => loadItems(site?.siteID ?? '', person?.userID ?? ''),
    itemListSchema,
  );
  if (!person) return null;
  const chosenId = params.get('item');
  const chosen = chosenId ? items.value?.find((item) => item._id === chosenId) : undefined;

  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 700 }}>
        {t('readings.title')}
      </Typography>
      {!chosen && (
        <SiteChoice
          sites={sites}
          value={site?.siteID ?? null}
          onChange={(id) => {
            setSiteID(id);
            setSaved(null);
          }}
        />
      )}
      {site && chosen ? (
        <ReadingForm
          key={chosen._id}
          item={chosen}
          site={site}
          person={person}
          onCancel={() => setParams({})}
          onSaved={(reading) => {
            setSaved(reading);
            setParams({});
          }}
        />
      ) : (
        <>
          {saved && site && <SavedNotice saved={saved} zone={site.timeZoneId} />}
          {!site && <Alert severity="info">{t('readings.noSite')}</Alert>}
          <NotLoaded list={items} notLoaded={t('readings.notLoaded')} />
          {items.value && (
            <ItemPicker
              items={items.value}
              onChoose={(item) => {
                setSaved(null);
                setParams({ item: item._id });
              }}
            />
          )}
        </>
      )}
      <WaitingToSend name="reading" call={createReading} title={t('readings.waitingTitle')} zone={zone} />
    </Stack>
  );
}
