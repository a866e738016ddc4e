import {
  fromCelsius,
  temperatureText,
  unitSymbols,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { InputAdornment, TextField } from '@console/shared-sdk/mui';
import { useDraft } from '@console/shared-sdk/ui';

// A temperature is typed in its site's unit and sent in °C. The contract's checks (and the server's) run
// on the °C sent, so their messages name °C figures; the field says them in the unit typed.

const celsiusFigures = /(-?\d+(?:\.\d+)?)(?:( and | to )(-?\d+(?:\.\d+)?))? °C/g;

/**
 * A message of the contract's with its °C figures in `unit`: "Must be at least -60 °C" reads "Must be at
 * least -76 °F", "between -5 and 15 °C" reads "between 23 and 59 °F".
 */
export function messageInUnit(message: string, unit: TemperatureUnit): string {
  if (unit === 'C') return message;
  return message
    .replace(
      celsiusFigures,
      (_whole, first: string, joiner: string | undefined, second: string | undefined) =>
        second === undefined
          ? temperatureText(Number(first), unit)
          : `${fromCelsius(Number(first), unit)}${joiner ?? ' '}${temperatureText(Number(second), unit)}`,
    )
    .replace(/\bin °C\b/g, `in ${unitSymbols[unit]}`);
}

/**
 * The °C to send for a value shown as `shown`: the stored value while it still reads as shown, else the
 * value typed, converted. °C shown in °F to one decimal does not come back exact (9.4 °C shows as 48.9 °F,
 * which is 9.39 °C), so a value left as it was must not change. Null and NaN go as they are, for the
 * contract to name.
 */
export function celsiusToSend(
  shown: number | null,
  stored: number | null,
  format: { toShown(celsius: number): number; toStored(shown: number): number },
): number | null {
  if (shown === null || Number.isNaN(shown)) return shown;
  if (stored !== null && format.toShown(stored) === shown) return stored;
  return format.toStored(shown);
}

const parseNumber = (draft: string): number | null => {
  const trimmed = draft.trim().replace(',', '.');
  // Not a number is kept as NaN, not dropped: the contract then says so instead of the value vanishing.
  return trimmed === '' ? null : Number(trimmed);
};

export interface TemperatureInputProps {
  id: string;
  label: string;
  /** In `unit`. */
  value: number | null;
  onChange(value: number | null): void;
  onBlur?(): void;
  unit: TemperatureUnit;
  /** The contract's or the server's message, as it wrote it: shown in `unit`. */
  error: string | undefined;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

/** A text box for a temperature in the site's unit, keeping "-" and "1." while they are typed. */
export function TemperatureInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  unit,
  error,
  helperText,
  required,
  disabled,
  size,
  fullWidth = true,
}: TemperatureInputProps) {
  const [draft, edit] = useDraft(value, (number) =>
    number === null || Number.isNaN(number) ? '' : String(number),
  );
  return (
    <TextField
      id={id}
      label={label}
      value={draft}
      onChange={(event) => {
        const next = parseNumber(event.target.value);
        edit(event.target.value, next);
        onChange(next);
      }}
      onBlur={onBlur}
      required={required}
      disabled={disabled}
      size={size}
      fullWidth={fullWidth}
      error={error !== undefined}
      helperText={error === undefined ? helperText : messageInUnit(error, unit)}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">{unitSymbols[unit]}</InputAdornment> },
      }}
    />
  );
}
