import { nearMissWorkflow, type LogStatus } from '@console/shared-sdk/logs';
import {
  FormControl,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import { SitePicker, type CustomFieldProps } from '@console/shared-sdk/ui';
import { statusChoices } from '../compliance-logs/status';
import { reasonNeeded, type LocalMoment, type NearMissForm } from './form-model';
import { ReasonField } from '../shared/reason';

// The near-miss form's own fields: the status control that offers only the workflow's moves, when it
// happened on the site's calendar and clock, and the reason that appears once the change needs one.
// Loaded with the form, not with the list.

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
