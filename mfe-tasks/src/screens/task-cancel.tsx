import { followUpCancelSchema, individualTaskApi } from '@console/shared-sdk/tasks';
import { FormDialog, formErrorStatuses, issuesToErrors, type FormContext } from '@console/shared-sdk/ui';
import { refOf, type TaskRow } from './task-rows';

// Cancelling a follow-up check that is still open (the food was thrown away): the reason is required and
// kept in the task's history. A cancelled check raises and counts nothing, and shows as cancelled with its
// reason. The server's message ("Follow-up check cancelled") is the toast.

interface CancelForm {
  reason: string;
}

const noContext: FormContext = { siteID: null, timeZone: 'UTC' };

export interface CancelFollowUpDialogProps {
  task: TaskRow;
  onCancelled(): void;
  onClose(): void;
}

export function CancelFollowUpDialog({ task, onCancelled, onClose }: CancelFollowUpDialogProps) {
  const ref = refOf(task);
  return (
    <FormDialog<CancelForm>
      title={`Cancel “${task.name}”?`}
      submitLabel="Cancel the check"
      width="xs"
      fields={[
        {
          kind: 'multiline',
          name: 'reason',
          label: 'Reason',
          required: true,
          rows: 2,
          helperText:
            'Why the check is no longer needed (the food was thrown away). It is kept in the task’s history; ' +
            'the check then raises no alert and counts nowhere.',
        },
      ]}
      initial={{ reason: '' }}
      validate={(values) => {
        const result = followUpCancelSchema.safeParse({ ...ref, ...values });
        return result.success ? {} : issuesToErrors(result.error.issues);
      }}
      save={async (values) => {
        await individualTaskApi.cancelFollowUp(
          { ...ref, reason: values.reason },
          { quietFor: formErrorStatuses },
        );
      }}
      onSaved={onCancelled}
      onClose={onClose}
      context={noContext}
      editing={false}
    />
  );
}
