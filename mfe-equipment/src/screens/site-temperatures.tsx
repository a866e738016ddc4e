import { siteChoicesStore, useSelectedSite } from '@console/shared-sdk';
import {
  fromCelsius,
  temperatureText,
  unitSymbols,
  type Jurisdiction,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { InputAdornment, TextField } from '@console/shared-sdk/mui';
import { siteFormat, useDraft, useSiteFormat, type SiteFormat } from '@console/shared-sdk/ui';
import { useMemo, useSyncExternalStore } from 'react';

// The equipment of the selected site, in its unit: a limit is typed in °F at an American site and sent in
// °C, as the API keeps every temperature. The contract's checks (and the server's) run on the °C sent, so
// their messages name °C figures; the fields say them in the unit typed.

/** How the selected site writes temperatures and dates, and the rule set it is judged by. */
export interface SiteTemperatures {
  format: SiteFormat;
  /** Its rule set, once the site selector's list of sites gives it; null until then. */
  jurisdiction: Jurisdiction | null;
}

/** A site in England, where nothing else is said: °C, day first, and England's rules as the default. */
export const englishSite: SiteTemperatures = {
  format: siteFormat('C', 'Europe/London', 'en-GB'),
  jurisdiction: null,
};

/** The selected site's format and rule set (read from the site selector's list, which the shell loads). */
export function useSiteTemperatures(): SiteTemperatures {
  const format = useSiteFormat();
  const siteID = useSelectedSite((state) => state.selectedSiteID);
  const sites = useSyncExternalStore(siteChoicesStore.subscribe, () => siteChoicesStore.getState().sites);
  const jurisdiction = sites.find((site) => site._id === siteID)?.jurisdiction ?? null;
  return useMemo(() => ({ format, jurisdiction }), [format, jurisdiction]);
}

const celsiusFigures = /(-?\d+(?:\.\d+)?)(?:( and | to )(-?\d+(?:\.\d+)?))? °C/g;

/**
 * A message of the contract's with its °C figures in `unit`: "Above 8 °C, the legal maximum" reads "Above
 * 46.4 °F, the legal maximum", "between -5 and 15 °C" reads "between 23 and 59 °F".
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
 * value typed, converted. °C shown in °F to one decimal does not come back exact (4 °C shows as 39.2 °F,
 * which is 4.000000000000002 °C), so a limit left as it was must not change. Null and NaN go as they are,
 * for the contract to name.
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
  /** In `unit`. */
  value: number | null;
  onChange(value: number | null): void;
  onBlur?(): void;
  unit: TemperatureUnit;
  /** The contract's or the server's message, as it wrote it: shown in `unit`. */
  error: string | undefined;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
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
  required,
  disabled,
  size,
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
      fullWidth
      error={error !== undefined}
      helperText={error === undefined ? undefined : messageInUnit(error, unit)}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">{unitSymbols[unit]}</InputAdornment> },
      }}
    />
  );
}
