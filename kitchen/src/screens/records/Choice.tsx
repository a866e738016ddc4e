import { useId } from 'react';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

/** A choice among a few, as large buttons in a group named by its label; an error says what is missing. */
export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  value: T | null;
  options: { value: T; text: string }[];
  onChange: (value: T) => void;
  error?: string | null;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Stack spacing={1}>
      <Typography id={labelId} sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_event, chosen: T | null) => chosen && onChange(chosen)}
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          // Each choice a button of its own (the group's joined edges do not survive wrapping).
          '& .MuiToggleButtonGroup-grouped': {
            m: 0,
            px: 2,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
          },
          '& .MuiToggleButtonGroup-grouped.Mui-selected': {
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '&:hover': { bgcolor: 'primary.dark' },
          },
        }}
      >
        {options.map((option) => (
          <ToggleButton key={option.value} value={option.value}>
            {option.text}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error && (
        <Typography id={errorId} color="error" sx={{ fontSize: '0.875rem' }}>
          {error}
        </Typography>
      )}
    </Stack>
  );
}
