import { InputAdornment, TextField } from '@console/shared-sdk/mui';
// From the contract's own file, not its index: the kit's chunk carries only what it uses.
import { fromCelsius, temperatureText, unitSymbols, type TemperatureUnit } from '../contract/units.js';
import { useDraft } from './site-dates.js';
import type { SiteFormat } from './site-format.js';

// A temperature is typed in its site's unit (°F at an American site) and sent in °C, as the API keeps every
// temperature. The contract's range checks (and the server's, which are the same) run on the °C sent, so
// their messages name °C figures: the field says them in the unit typed. Messages that depend on the site
// (its rule set's limits) are built in its unit by the contract already and pass through as they are.

const celsiusFigures = /(-?\d+(?:\.\d+)?)(?:( and | to )(-?\d+(?:\.\d+)?))? °C/g;

/**
 * A message of the contract's or the server's with its °C figures in `unit`: "Must be at most 300 °C"
 * reads "Must be at most 572 °F", "between -5 and 15 °C" reads "between 23 and 59 °F", "Must be a
 * temperature in °C" reads "… in °F". The messages reach the field as text (from the form's schema or a
 * 400's field errors), so their figures are found in the text.
 */
function messageInUnit(message: string, unit: TemperatureUnit): string {
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
 * The °C to send for a value shown as `shown` (in the site's unit): the stored value while it still reads
 * as shown, else the value typed, converted. °C shown in °F to one decimal does not come back exact (9.4 °C
 * shows as 48.9 °F, which is 9.39 °C), so a value left as it was must not change. Null and NaN go as they
 * are, for the contract to name.
 */
export function celsiusToSend(
  shown: number | null,
  stored: number | null,
  format: Pick<SiteFormat, 'toShown' | 'toStored'>,
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
  /** In `unit`; NaN while what is typed is not a number. */
  value: number | null;
  onChange(value: number | null): void;
  onBlur?(): void;
  /** The unit the value is shown and typed in: the site's. */
  unit: TemperatureUnit;
  /** The contract's or the server's message, as it wrote it (°C figures too): shown in `unit`. */
  error: string | undefined;
  /** Shown under the field while it has no error. */
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

/**
 * A text box for a temperature in the site's unit, keeping "-" and "1." while they are typed. The unit
 * stands after the value and is part of the field's name ("Upper limit °F"), so a screen reader says it
 * too; phones offer their keyboard for decimals.
 */
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
  const unitID = `${id}-unit`;
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
        // MUI names the label `${id}-label`.
        htmlInput: { inputMode: 'decimal', 'aria-labelledby': `${id}-label ${unitID}` },
        input: {
          endAdornment: (
            <InputAdornment position="end" id={unitID}>
              {unitSymbols[unit]}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
