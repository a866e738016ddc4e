import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from '@console/shared-sdk/router';
import {
  nearMissCategorySchema,
  nearMissCreateFieldsSchema,
  nearMissMaxPhotos,
  type NearMissCategory,
} from '@console/shared-sdk/contract';
import { useCurrentPerson } from '../../app/store';
import { Field } from '../../ui/Field';
import { deviceNow } from '../../sync/device-time';
import { record } from '../../sync/record';
import { Choice } from '../records/Choice';
import { SaveButton } from '../records/layout';
import { SiteChoice } from '../records/SiteChoice';
import { useRecordingSite } from '../records/sites';
import { WaitingToSend } from '../records/Waiting';
import { instantOfWallTime, wallTimeOf } from '../records/zone-time';
import { useNow } from '../today/use-records';
import { reportNearMiss, type NearMissFields } from './near-miss-calls';
import { Photos, usePhotoPreviews } from './Photos';

const fields = nearMissCreateFieldsSchema.shape;
/** The contract's longest texts, so the form stops where the API would refuse. */
const maxLength = {
  title: fields.title.maxLength,
  location: fields.location.maxLength,
  whatHappened: fields.whatHappened.maxLength,
  peopleInvolved: fields.peopleInvolved.unwrap().maxLength,
  injuries: fields.injuries.unwrap().maxLength,
  immediateAction: fields.immediateAction.unwrap().maxLength,
};

type TextFieldName = keyof typeof maxLength;
const required: readonly TextFieldName[] = ['title', 'whatHappened', 'location'];

const blank = (zone: string) => ({
  category: null as NearMissCategory | null,
  title: '',
  whatHappened: '',
  location: '',
  occurredAt: wallTimeOf(Date.now(), zone),
  peopleInvolved: '',
  injuries: '',
  immediateAction: '',
});

/**
 * A near miss or incident: what, where and when, who and what was done, with photos from the camera. It
 * is kept on the device with its photos at once and sent when online.
 */
export default function NearMiss() {
  const { t } = useTranslation();
  const person = useCurrentPerson();
  const { sites, site, setSiteID, zone, dateLocale } = useRecordingSite();
  const [form, setForm] = useState(() => blank(zone));
  const photos = usePhotoPreviews();
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const now = useNow(30_000);
  const formId = useId();
  if (!person) return null;

  const occurredAt = instantOfWallTime(form.occurredAt, zone);
  // A minute's grace: the field has no seconds, and "now" is the current minute.
  const inFuture = occurredAt !== null && occurredAt.getTime() > now + 60_000;
  const errors: Partial<Record<TextFieldName | 'category' | 'occurredAt', string>> = {};
  if (tried) {
    if (!form.category) errors.category = t('nearMiss.required.category');
    for (const name of required) if (!form[name].trim()) errors[name] = t(`nearMiss.required.${name}`);
    if (!occurredAt) errors.occurredAt = t('nearMiss.required.occurredAt');
  }
  if (inFuture) errors.occurredAt = t('nearMiss.future');

  const text = (name: TextFieldName, multiline = false) => (
    <Field
      id={`${formId}-${name}`}
      label={t(`nearMiss.field.${name}`)}
      value={form[name]}
      onChange={(value) => setForm({ ...form, [name]: value })}
      required={required.includes(name)}
      error={errors[name]}
      multiline={multiline}
      {...(multiline ? { minRows: 2 } : {})}
      {...(maxLength[name] ? { maxLength: maxLength[name] } : {})}
    />
  );

  async function save() {
    setTried(true);
    setProblem(null);
    if (!person || !site || !form.category || !occurredAt || inFuture) return;
    if (required.some((name) => !form[name].trim())) return;
    const reported: NearMissFields = {
      siteID: site.siteID,
      category: form.category,
      title: form.title.trim(),
      whatHappened: form.whatHappened.trim(),
      location: form.location.trim(),
      occurredAt: occurredAt.toISOString(),
      peopleInvolved: form.peopleInvolved.trim(),
      injuries: form.injuries.trim(),
      immediateAction: form.immediateAction.trim(),
    };
    if (!nearMissCreateFieldsSchema.safeParse({ ...reported, reportedAt: deviceNow() }).success) {
      setProblem(t('nearMiss.notValid'));
      return;
    }
    setSaving(true);
    try {
      await record(
        'near-miss',
        { fields: reported, photos: photos.photos.map(({ blob, name }) => ({ blob, name })) },
        person.userID,
      );
      setSaved(reported.title);
      setForm(blank(zone));
      photos.clear();
      setTried(false);
    } catch {
      setProblem(t('nearMiss.notSaved'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack spacing={3}>
      <Button component={Link} to="/logs" sx={{ alignSelf: 'flex-start' }}>
        {t('nearMiss.back')}
      </Button>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 700 }}>
        {t('nearMiss.title')}
      </Typography>
      {saved && (
        <Alert severity="success" role="status">
          {t('nearMiss.saved', { title: saved })}
        </Alert>
      )}
      {!site && <Alert severity="info">{t('readings.noSite')}</Alert>}
      <SiteChoice sites={sites} value={site?.siteID ?? null} onChange={setSiteID} />
      <Stack
        component="form"
        spacing={3}
        noValidate
        aria-label={t('nearMiss.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Choice
          label={t('nearMiss.field.category')}
          value={form.category}
          options={nearMissCategorySchema.options.map((category) => ({
            value: category,
            text: t(`labels.nearMissCategory.${category}`),
          }))}
          onChange={(category) => setForm({ ...form, category })}
          error={errors.category}
        />
        {text('title')}
        {text('whatHappened', true)}
        {text('location')}
        <Field
          id={`${formId}-occurredAt`}
          type="datetime-local"
          label={t('nearMiss.field.occurredAt')}
          value={form.occurredAt}
          onChange={(occurredAt) => setForm({ ...form, occurredAt })}
          required
          error={errors.occurredAt}
        />
        {text('peopleInvolved', true)}
        {text('injuries', true)}
        {text('immediateAction', true)}
        <Photos photos={photos.photos} max={nearMissMaxPhotos} onAdd={photos.add} onRemove={photos.remove} />
        <SaveButton label={t('nearMiss.save')} saving={saving} problem={problem} />
      </Stack>
      <WaitingToSend
        name="near-miss"
        call={reportNearMiss}
        title={t('nearMiss.waitingTitle')}
        zone={zone}
        dateLocale={dateLocale}
      />
    </Stack>
  );
}
