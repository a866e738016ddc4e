import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '@console/shared-sdk/router';
import { useCurrentPerson } from '../../app/store';
import { temperatureIn } from '../records/temperature';
import { timeIn, timesIn } from '../../i18n/format';
import { useCachedList } from '../records/cached';
import { NotLoaded } from '../records/layout';
import { SiteChoice } from '../records/SiteChoice';
import { useRecordingSite, type RecordingSite } from '../records/sites';
import { WaitingToSend } from '../records/Waiting';
import { itemListSchema, itemsKey, loadItems } from '../records/site-lists';
import { ItemPicker } from './ItemPicker';
import { ReadingForm, type SavedReading } from './ReadingForm';
import { createReading } from './reading-calls';

function SavedNotice({ saved, site }: { saved: SavedReading; site: RecordingSite }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const times = (saved.followUp?.dueAts ?? []).map((dueAt) =>
    timeIn(dueAt, site.timeZoneId, language, site.dateLocale),
  );
  return (
    <Alert severity="success" role="status">
      <Typography>
        {t('readings.saved', {
          item: saved.item,
          value: temperatureIn(saved.celsius, saved.unit, language),
        })}
      </Typography>
      {saved.followUp && (
        <Typography>
          {times.length > 1
            ? t('readings.followUp.startedStages', { times: timesIn(times, language) })
            : t(`readings.followUp.started.${saved.followUp.kind}`, { time: times[0] ?? '' })}{' '}
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
  const { sites, site, setSiteID, zone, dateLocale } = useRecordingSite();
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
          {saved && site && <SavedNotice saved={saved} site={site} />}
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
      <WaitingToSend
        name="reading"
        call={createReading}
        title={t('readings.waitingTitle')}
        zone={zone}
        dateLocale={dateLocale}
      />
    </Stack>
  );
}
