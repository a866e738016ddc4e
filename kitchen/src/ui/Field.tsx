import type { HTMLAttributes, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

// A labelled text field, as MUI's TextField draws it, without TextField: TextField also brings Select and
// its menus (about 20 KB), which no form of the kitchen app uses.

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field in red; the field is marked invalid. */
  error?: string | null | undefined;
  /** Shown under the field when there is no error. */
  hint?: string | undefined;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  multiline?: boolean;
  minRows?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  endAdornment?: ReactNode;
}

export function Field({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  required,
  multiline,
  minRows,
  inputMode,
  maxLength,
  endAdornment,
}: FieldProps) {
  const below = error ?? hint;
  const belowId = `${id}-below`;
  return (
    <FormControl fullWidth error={Boolean(error)} required={required ?? false} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        type={type}
        multiline={multiline ?? false}
        {...(minRows ? { minRows } : {})}
        {...(autoComplete ? { autoComplete } : {})}
        endAdornment={endAdornment}
        inputProps={{
          ...(inputMode ? { inputMode } : {}),
          ...(maxLength ? { maxLength } : {}),
          ...(below ? { 'aria-describedby': belowId } : {}),
        }}
      />
      {below && <FormHelperText id={belowId}>{below}</FormHelperText>}
    </FormControl>
  );
}
