import {
  correctiveActionApi,
  correctiveActionStateLabels,
  type CorrectiveAction,
  type CorrectiveActionHistoryEntry,
  type CorrectiveActionState,
} from '@console/shared-sdk/logs';
import { Alert, Typography } from '@console/shared-sdk/mui';
import { EntryList } from '@console/shared-sdk/ui';
import { RecordHistory, type HistoryField } from '../shared/history';
import { useRecordFormat } from '../shared/site-writing';

// The action's view, below what went wrong: what was done (and the food discarded), its verification, and
// every change with who made it and why. Loaded when an action is first opened, not with the list.

const discardedWords = (action: CorrectiveAction) => {
  if (action.foodDiscarded === null) return 'Not said';
  if (!action.foodDiscarded) return 'No';
  return action.discardedQuantity ? `Yes: ${action.discardedQuantity}` : 'Yes';
};

export function ActionTaken({ action }: { action: CorrectiveAction }) {
  const format = useRecordFormat(action);
  const reopened =
    action.reopenCount > 0 && action.reopenReason ? (
      <Alert severity="info" sx={{ mb: 1.5 }}>
        {`Reopened${action.reopenedAt ? ` ${format.instant(action.reopenedAt)}` : ''}`}
        {action.reopenCount > 1 ? ` (${action.reopenCount} times)` : ''}: {action.reopenReason}
      </Alert>
    ) : null;
  if (action.actionTaken === null)
    return (
      <>
        {reopened}
        <Typography variant="body2" color="text.secondary">
          Nothing recorded yet. Record what was done about it with Record action.
        </Typography>
      </>
    );
  return (
    <>
      {reopened}
      <EntryList
        dense
        entries={[
          { label: 'What was done', value: action.actionTaken },
          { label: 'Food discarded', value: discardedWords(action) },
          {
            label: 'Recorded by',
            value:
              action.recordedBy && action.recordedAt
                ? `${action.recordedBy.name}, ${format.instant(action.recordedAt)}`
                : 'Not recorded',
          },
        ]}
      />
    </>
  );
}

export function Verification({ action }: { action: CorrectiveAction }) {
  const format = useRecordFormat(action);
  if (!action.verifiedBy || !action.verifiedAt)
    return (
      <Typography variant="body2" color="text.secondary">
        {action.state === 'ACTION_RECORDED'
          ? 'Not verified yet. A site admin who did not record the action verifies it.'
          : 'Not verified yet: an action is verified once what was done is recorded.'}
      </Typography>
    );
  return (
    <EntryList
      dense
      entries={[
        { label: 'Verified by', value: `${action.verifiedBy.name}, ${format.instant(action.verifiedAt)}` },
        { label: 'Note', value: action.verificationNote || 'None' },
      ]}
    />
  );
}

type Snapshot = NonNullable<CorrectiveActionHistoryEntry['changes']['after']>;

// Who recorded and who verified are the entry's own author: the snapshot's people are not repeated.
const historyFields: readonly HistoryField<Snapshot>[] = [
  {
    key: 'state',
    label: 'State',
    format: (value) => correctiveActionStateLabels[value as CorrectiveActionState] ?? String(value),
  },
  { key: 'actionTaken', label: 'What was done' },
  { key: 'foodDiscarded', label: 'Food discarded' },
  { key: 'discardedQuantity', label: 'How much' },
  { key: 'verificationNote', label: 'Verification note' },
];

export function ActionHistory({ action }: { action: CorrectiveAction }) {
  return (
    <RecordHistory
      recordID={action._id}
      load={correctiveActionApi.history}
      timeZone={action.timeZoneId}
      siteID={action.siteID}
      fields={historyFields}
    />
  );
}
