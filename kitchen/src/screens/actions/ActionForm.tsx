import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from '@console/shared-sdk/router';
import { correctiveActionRecordSchema, type CorrectiveAction } from '@console/shared-sdk/contract';
import { useCurrentPerson } from '../../app/store';
import type { StoredPerson } from '../../local/db';
import { record } from '../../sync/record';
import { Field } from '../../ui/Field';
import { Choice } from '../records/Choice';
import { SaveButton } from '../records/layout';
import { useRecordingSite, type RecordingSite } from '../records/sites';
import { useNow } from '../today/use-records';
import { actionBody, type ActionPayload } from './action-calls';
import { useOpenActions, usePendingActionIds, useStandardActions } from './action-lists';
import { ActionFacts } from './ActionFacts';
import type { ActionSavedState } from './Actions';

const fields = correctiveActionRecordSchema.shape;
/** The contract's longest texts, so the form stops where the API would refuse. */
const maxLength = {
  actionTaken: fields.actionTaken.maxLength ?? undefined,
  discardedQuantity: fields.discardedQuantity.unwrap().maxLength ?? undefined,
};

/** A standard action by its place in the list, or the person's own words. */
type Picked = `standard-${number}` | 'own';
type Discarded = 'yes' | 'no';

function RecordForm({
  action,
  site,
  person,
}: {
  action: CorrectiveAction;
  site: RecordingSite;
  person: StoredPerson;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = useId();
  const standard = useStandardActions(site, person);
  const offered = standard.value?.find((list) => list.checkType === action.checkType)?.actions ?? [];
  const [picked, setPicked] = useState<Picked | null>(null);
  const [own, setOwn] = useState('');
  const [discarded, setDiscarded] = useState<Discarded | null>(null);
  const [quantity, setQuantity] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // With no standard action to pick (none for this check, or not loaded here yet), the own words are all.
  const choosing = offered.length > 0 ? picked : 'own';
  const standardIndex = choosing?.startsWith('standard-') ? Number(choosing.slice('standard-'.length)) : null;
  const actionTaken = standardIndex !== null ? (offered[standardIndex] ?? '') : own.trim();

  const errors: Partial<Record<'picked' | 'own' | 'discarded' | 'quantity', string>> = {};
  if (tried) {
    if (choosing === null) errors.picked = t('actions.required.picked');
    if (choosing === 'own' && !own.trim()) errors.own = t('actions.required.own');
    if (discarded === null) errors.discarded = t('actions.required.discarded');
    if (discarded === 'yes' && !quantity.trim()) errors.quantity = t('actions.required.quantity');
  }

  async function save() {
    setTried(true);
    setProblem(null);
    if (!actionTaken || discarded === null || (discarded === 'yes' && !quantity.trim())) return;
    const foodDiscarded = discarded === 'yes';
    const checked = correctiveActionRecordSchema.safeParse({
      _id: action._id,
      actionTaken,
      foodDiscarded,
      ...(foodDiscarded ? { discardedQuantity: quantity } : {}),
    });
    if (!checked.success) {
      setProblem(t('actions.notValid'));
      return;
    }
    const payload: ActionPayload = {
      action: { _id: action._id, siteID: action.siteID, kind: action.kind, deviation: action.deviation },
      actionTaken: checked.data.actionTaken,
      foodDiscarded,
      discardedQuantity: checked.data.discardedQuantity ?? null,
    };
    // The body the outbox will send, as the contract reads it.
    if (!correctiveActionRecordSchema.safeParse(actionBody(payload)).success) {
      setProblem(t('actions.notValid'));
      return;
    }
    setSaving(true);
    try {
      await record('corrective-action', payload, person.userID);
      const state: ActionSavedState = { savedAction: action.deviation };
      navigate('/actions', { state });
    } catch {
      setProblem(t('actions.notSaved'));
      setSaving(false);
    }
  }

  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      aria-label={t('actions.formTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {standard.value === null && !standard.loading && (
        <Alert severity="info">{t('actions.standardNotLoaded')}</Alert>
      )}
      {offered.length > 0 && (
        <Choice
          label={t('actions.whatWasDone')}
          value={picked}
          options={[
            ...offered.map((words, index) => ({ value: `standard-${index}` as Picked, text: words })),
            { value: 'own' as const, text: t('actions.own') },
          ]}
          onChange={setPicked}
          error={errors.picked}
        />
      )}
      {choosing === 'own' && (
        <Field
          id={`${formId}-own`}
          label={offered.length > 0 ? t('actions.ownWords') : t('actions.whatWasDone')}
          value={own}
          onChange={setOwn}
          required
          error={errors.own}
          multiline
          minRows={2}
          maxLength={maxLength.actionTaken}
        />
      )}
      <Choice
        label={t('actions.discarded')}
        value={discarded}
        options={[
          { value: 'yes' as const, text: t('actions.yes') },
          { value: 'no' as const, text: t('actions.no') },
        ]}
        onChange={setDiscarded}
        error={errors.discarded}
      />
      {discarded === 'yes' && (
        <Field
          id={`${formId}-quantity`}
          label={t('actions.quantity')}
          hint={t('actions.quantityHint')}
          value={quantity}
          onChange={setQuantity}
          required
          error={errors.quantity}
          maxLength={maxLength.discardedQuantity}
        />
      )}
      <SaveButton label={t('actions.save')} saving={saving} problem={problem} />
    </Stack>
  );
}

/**
 * What was done about one action awaiting action: a standard action for its check or the person's own
 * words, and whether food was discarded and how much. Kept on the device at once and sent when online, as
 * the person on the screen (on a shared tablet, the one signed in by PIN).
 */
export default function ActionForm() {
  const { t } = useTranslation();
  const { actionID = '' } = useParams();
  const [params] = useSearchParams();
  const person = useCurrentPerson();
  const { site } = useRecordingSite(params.get('site'));
  const open = useOpenActions(site, person);
  const pending = usePendingActionIds();
  const now = useNow(30_000);
  const action = open.value?.find((one) => one._id === actionID && !pending.has(one._id));
  if (!person) return null;
  return (
    <Stack spacing={3}>
      <Button component={Link} to="/actions" sx={{ alignSelf: 'flex-start' }}>
        {t('actions.back')}
      </Button>
      <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 700 }}>
        {t('actions.formTitle')}
      </Typography>
      {action && site ? (
        <>
          <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <ActionFacts action={action} now={now} />
          </Box>
          <RecordForm key={action._id} action={action} site={site} person={person} />
        </>
      ) : (
        !open.loading && <Alert severity="info">{t('actions.notOpen')}</Alert>
      )}
    </Stack>
  );
}
