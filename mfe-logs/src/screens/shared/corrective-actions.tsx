import { useRead } from '@console/shared-sdk';
import {
  correctiveActionApi,
  type CorrectiveAction,
  type CorrectiveSourceSubject,
} from '@console/shared-sdk/logs';
import { Box, CircularProgress, Link, Stack, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { ErrorState } from '@console/shared-sdk/ui';
import { correctiveActionPath, CorrectiveActionStateChip, OverdueChip } from './corrective-action-state';
import { useRecordFormat } from './site-writing';

// The "Corrective actions" section of a reading's, a compliance log's and a near miss's view: what each
// deviation of the record asked for, where it stands, what was done and who verified it, each a link to the
// action on the actions screen (where it is recorded, verified or reopened). Read under the actions' own
// subject, so a change made there shows here too.

export interface RecordCorrectiveActionsProps {
  subject: CorrectiveSourceSubject;
  recordID: string;
}

export function RecordCorrectiveActions({ subject, recordID }: RecordCorrectiveActionsProps) {
  const { data, loading, reload } = useRead(['CorrectiveAction', 'record', subject, recordID], (signal) =>
    correctiveActionApi.ofRecord(subject, recordID, { quiet: true, signal }),
  );
  if (loading)
    return (
      <Box sx={{ py: 1 }}>
        <CircularProgress size={24} aria-label="Loading the corrective actions" />
      </Box>
    );
  if (!data) return <ErrorState message="Could not load the corrective actions." onRetry={reload} />;
  if (data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing on this record needed a corrective action.
      </Typography>
    );
  return (
    <Stack
      component="ul"
      spacing={1.5}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      aria-label="Corrective actions"
    >
      {data.map((action) => (
        <ActionLine key={action._id} action={action} />
      ))}
    </Stack>
  );
}

function ActionLine({ action }: { action: CorrectiveAction }) {
  const format = useRecordFormat(action);
  return (
    <Stack component="li" spacing={0.5}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={correctiveActionPath(action._id)}>
          {`Open ${action.ref}`}
        </Link>
        <CorrectiveActionStateChip state={action.state} />
        {action.state === 'OPEN' && action.overdue && <OverdueChip />}
      </Stack>
      <Typography variant="body2">{action.deviation}</Typography>
      <Typography variant="body2" color="text.secondary">
        Done:{' '}
        <Box component="span" sx={{ color: 'text.primary' }}>
          {action.actionTaken ?? 'nothing recorded yet'}
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Verified by:{' '}
        <Box component="span" sx={{ color: 'text.primary' }}>
          {action.verifiedBy && action.verifiedAt
            ? `${action.verifiedBy.name}, ${format.instant(action.verifiedAt)}`
            : 'not yet'}
        </Box>
      </Typography>
    </Stack>
  );
}
