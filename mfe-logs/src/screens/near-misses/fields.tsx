import type { Option } from '@console/shared-sdk';
import { nearMissApi, nearMissWorkflow, type LogStatus } from '@console/shared-sdk/logs';
import {
  FormControl,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import { FieldInput, SitePicker, type CustomFieldProps, type FieldDeclaration } from '@console/shared-sdk/ui';
import { useMemo } from 'react';
import { statusChoices } from '../compliance-logs/status';
import { reasonNeeded, type FollowUpForm, type LocalMoment, type NearMissForm } from './form-model';
import { ReasonField } from '../shared/reason';

// The near-miss form's own fields: the status control that offers only the workflow's moves, the
// follow-up actions with their owners, when it happened on the site's calendar and clock, and the reason
// that appears once the change needs one. Loaded with the form, not with the list.

const statusHelp: Record<LogStatus, string> = {
  REPORTED: 'A report is investigated before it is closed.',
  PENDING: 'Closing the report needs its outcome.',
  COMPLETED: 'A closed report changes only once it is reopened, which needs a reason.',
};

export function StatusField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  values,
}: CustomFieldProps<LogStatus, NearMissForm>) {
  const from = values.opened.status;
  return (
    <TextField
      id={id}
      select
      label={label}
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value as LogStatus)}
      onBlur={onBlur}
      disabled={disabled}
      error={error !== undefined}
      helperText={error ?? statusHelp[from]}
    >
      {statusChoices(nearMissWorkflow, from).map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const newFollowUp = (): FollowUpForm => ({ action: '', ownerId: '', dueOn: null, done: false });

/**
 * The follow-up actions as the kit's list field, each with its owner chosen among those the API lets own
 * this report's actions: the people of its site, the organisation admins (who work at every site), and
 * the owners its actions have, so an owner the site's staff list lacks still shows by name.
 */
function followUpsList(reportID: string, label: string): FieldDeclaration<{ followUps: FollowUpForm[] }> {
  const owners = async (): Promise<Option[]> =>
    (await nearMissApi.followUpOwners(reportID)).map((person) => ({ value: person._id, label: person.name }));
  return {
    kind: 'list',
    name: 'followUps',
    label,
    itemLabel: 'Follow-up action',
    newItem: newFollowUp,
    fields: [
      { kind: 'text', name: 'action', label: 'Action', required: true },
      { kind: 'select', name: 'ownerId', label: 'Owner', options: owners },
      { kind: 'date', name: 'dueOn', label: 'Due' },
      { kind: 'switch', name: 'done', label: 'Done' },
    ],
  };
}

export function FollowUpsField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  errors,
  disabled,
  values,
}: CustomFieldProps<FollowUpForm[], NearMissForm>) {
  const { reportID, siteID, timeZone } = values.opened;
  const field = useMemo(() => followUpsList(reportID, label), [reportID, label]);
  return (
    <FieldInput
      field={field}
      id={id}
      value={value}
      // The list field hands back the items it was given and those `newItem` made, edited by their fields.
      onChange={(items) => onChange(items as FollowUpForm[])}
      onBlur={onBlur}
      error={error}
      errors={errors}
      disabled={disabled}
      context={{ siteID, timeZone }}
    />
  );
}

export function OccurredAtField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: CustomFieldProps<LocalMoment>) {
  return (
    <FormControl component="fieldset" error={error !== undefined} fullWidth>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <SitePicker
          kind="date"
          id={`${id}-date`}
          label="Date"
          value={value.date}
          onChange={(date) => onChange({ ...value, date })}
          onBlur={onBlur}
          disabled={disabled}
          required
        />
        <SitePicker
          kind="time"
          id={`${id}-time`}
          label="Time"
          value={value.time}
          onChange={(time) => onChange({ ...value, time })}
          onBlur={onBlur}
          disabled={disabled}
          required
        />
      </Stack>
      <FormHelperText>{error ?? 'On the site’s calendar and clock'}</FormHelperText>
    </FormControl>
  );
}

/** Shown only while the change needs a reason: staff's words changed, or a closed report is reopened. */
export function ReasonForChange({
  value,
  onChange,
  error,
  disabled,
  values,
}: CustomFieldProps<string, NearMissForm>) {
  const why = reasonNeeded(values);
  if (!why) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        {why === 'reopen'
          ? 'You are reopening a closed report: say why.'
          : 'You changed what staff reported: say why.'}
      </Typography>
      <ReasonField value={value} onChange={onChange} error={error} disabled={disabled} />
    </Stack>
  );
}
