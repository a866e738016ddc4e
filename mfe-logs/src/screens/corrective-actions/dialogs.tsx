import { useRead } from '@console/shared-sdk';
import {
  correctiveActionApi,
  type CorrectiveAction,
  type CorrectiveCheckType,
} from '@console/shared-sdk/logs';
import { Autocomplete, Stack, TextField, Typography } from '@console/shared-sdk/mui';
import {
  FormDialog,
  formErrorStatuses,
  type CustomFieldProps,
  type FieldDeclaration,
  type FormContext,
} from '@console/shared-sdk/ui';
import {
  emptyRecordForm,
  emptyReopenForm,
  emptyVerifyForm,
  recordBody,
  recordProblems,
  reopenBody,
  reopenProblems,
  verifyBody,
  verifyProblems,
  type RecordActionForm,
  type ReopenForm,
  type VerifyForm,
} from './form-model';

// The three things done to a corrective action, each a kit form: record what was done (a standard action
// of its check or one's own words, and the food discarded), verify it with one's own password typed again,
// reopen it with a reason. The API's 400 and 409 show in the form (a wrong password under the password);
// the server's message on success is the toast. Loaded when one is first opened, not with the list.

export interface ActionDialogProps {
  action: CorrectiveAction;
  /** The change was saved. */
  onDone(): void;
  onClose(): void;
}

const contextOf = (action: CorrectiveAction): FormContext => ({
  siteID: action.siteID,
  timeZone: action.timeZoneId,
});

// ---- record what was done -----------------------------------------------------------------------------

/**
 * What was done: the organisation's standard actions for the action's check to choose from, or one's own
 * words typed in the same box. The deviation is said above it, so the form can be filled from the list.
 */
function ActionTakenField({
  id,
  label,
  required,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  action,
}: CustomFieldProps<string> & { action: CorrectiveAction }) {
  const checkType: CorrectiveCheckType = action.checkType;
  const standard = useRead(['StandardAction', checkType], (signal) =>
    correctiveActionApi.standardActions(checkType, { quiet: true, signal }),
  );
  const options =
    standard.data?.find((list) => list.checkType === checkType)?.actions ?? standard.data?.[0]?.actions ?? [];
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        <strong>What went wrong:</strong> {action.deviation}
      </Typography>
      <Autocomplete
        freeSolo
        autoSelect={false}
        options={options}
        loading={standard.loading}
        value={value === '' ? null : value}
        inputValue={value}
        onChange={(_event, chosen) => onChange(chosen ?? '')}
        onInputChange={(_event, typed) => onChange(typed)}
        onBlur={onBlur}
        disabled={disabled}
        renderInput={(params) => (
          <TextField
            {...params}
            id={id}
            label={label}
            required={required}
            error={error !== undefined}
            helperText={error ?? 'Choose a standard action, or type what was done in your own words.'}
          />
        )}
      />
    </Stack>
  );
}

/** How much was discarded: asked only once the answer is Yes. */
function DiscardedQuantityField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  values,
}: CustomFieldProps<string, RecordActionForm>) {
  if (values.foodDiscarded !== 'yes') return null;
  return (
    <TextField
      id={id}
      label={label}
      required
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={error !== undefined}
      helperText={error ?? 'What and how much, e.g. “2 kg cooked chicken”.'}
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
}

const discardedOptions = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
];

export function RecordActionDialog({ action, onDone, onClose }: ActionDialogProps) {
  const fields: readonly FieldDeclaration<RecordActionForm>[] = [
    {
      kind: 'custom',
      name: 'actionTaken',
      label: 'What was done',
      required: true,
      render: (props) => <ActionTakenField {...props} action={action} />,
    },
    {
      kind: 'select',
      name: 'foodDiscarded',
      label: 'Was food discarded?',
      required: true,
      options: discardedOptions,
    },
    {
      kind: 'custom',
      name: 'discardedQuantity',
      label: 'How much was discarded',
      render: (props) => <DiscardedQuantityField {...props} />,
    },
  ];
  return (
    <FormDialog<RecordActionForm>
      title={`Record the action for ${action.ref}`}
      submitLabel="Record action"
      fields={fields}
      initial={emptyRecordForm()}
      validate={(values) => recordProblems(values, action._id)}
      save={async (values) => {
        await correctiveActionApi.record(recordBody(values, action._id), { quietFor: formErrorStatuses });
      }}
      onSaved={onDone}
      onClose={onClose}
      context={contextOf(action)}
      editing={false}
    />
  );
}

// ---- verify -------------------------------------------------------------------------------------------

const verifyFields: readonly FieldDeclaration<VerifyForm>[] = [
  {
    kind: 'password',
    name: 'password',
    label: 'Your password',
    required: true,
    autoComplete: 'current-password',
    helperText: 'Type your own password again: the verification is kept in your name.',
  },
  {
    kind: 'multiline',
    name: 'note',
    label: 'Note',
    rows: 2,
    helperText: 'Optional: what you checked.',
  },
];

export function VerifyDialog({ action, onDone, onClose }: ActionDialogProps) {
  return (
    <FormDialog<VerifyForm>
      title={`Verify the action for ${action.ref}`}
      submitLabel="Verify"
      width="xs"
      fields={verifyFields}
      initial={emptyVerifyForm()}
      validate={(values) => verifyProblems(values, action._id)}
      save={async (values) => {
        await correctiveActionApi.verify(verifyBody(values, action._id), { quietFor: formErrorStatuses });
      }}
      onSaved={onDone}
      onClose={onClose}
      context={contextOf(action)}
      editing={false}
    />
  );
}

// ---- reopen -------------------------------------------------------------------------------------------

const reopenFields: readonly FieldDeclaration<ReopenForm>[] = [
  {
    kind: 'multiline',
    name: 'reason',
    label: 'Reason',
    required: true,
    rows: 2,
    helperText: 'Why it needs acting on again. Kept in the action’s history with your name.',
  },
];

export function ReopenDialog({ action, onDone, onClose }: ActionDialogProps) {
  return (
    <FormDialog<ReopenForm>
      title={`Reopen ${action.ref}?`}
      submitLabel="Reopen"
      width="xs"
      fields={reopenFields}
      initial={emptyReopenForm()}
      validate={(values) => reopenProblems(values, action._id)}
      save={async (values) => {
        await correctiveActionApi.reopen(reopenBody(values, action._id), { quietFor: formErrorStatuses });
      }}
      onSaved={onDone}
      onClose={onClose}
      context={contextOf(action)}
      editing={false}
    />
  );
}
