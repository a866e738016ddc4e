import { useState, type ReactNode } from 'react';
import { DateTime } from 'luxon';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useSelectedSite } from '../site/store.js';

// Dates and times on the console are the selected site's: a manager in another zone still sees and picks
// the site's calendar day. Values travel as site-local strings (YYYY-MM-DD, HH:mm), never as instants.

/** The selected site's IANA zone, or the browser's when no site is chosen. */
export function useSiteTimeZone(): string {
  const zone = useSelectedSite((s) => s.selectedSiteTimezone);
  return zone ?? DateTime.local().zoneName ?? 'UTC';
}

/** The date pickers' adapter (luxon), with day-first dates as the product's users write them. */
export function SiteDatesProvider({ children, locale = 'en-GB' }: { children: ReactNode; locale?: string }) {
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={locale}>
      {children}
    </LocalizationProvider>
  );
}

export type LocalKind = 'date' | 'time';
const formats = { date: 'yyyy-MM-dd', time: 'HH:mm' } as const;

/** A site-local string as the picker's value, in the site's zone. */
export function toPickerValue(
  value: string | null | undefined,
  kind: LocalKind,
  zone: string,
): DateTime | null {
  if (!value) return null;
  const parsed = DateTime.fromFormat(value, formats[kind], { zone });
  return parsed.isValid ? parsed : null;
}

/**
 * The picker's value as a site-local string: null when cleared, '' while what was typed is not a whole
 * date yet (the schema then says what is wrong instead of the value silently vanishing).
 */
export function fromPickerValue(value: DateTime | null, kind: LocalKind, zone: string): string | null {
  if (value === null) return null;
  if (!value.isValid) return '';
  return value.setZone(zone).toFormat(formats[kind]);
}

/**
 * Local edit state for inputs whose text can be half-typed ("-", "12/0"): the draft is what is shown,
 * kept as long as the owner still holds the value the last edit left it with, and rebuilt from the
 * owner's value when that changes from elsewhere (a reset, another record).
 */
export function useDraft<Draft, Value>(
  value: Value,
  toDraft: (value: Value) => Draft,
): [Draft, (draft: Draft, held: Value) => void] {
  const [state, setState] = useState(() => ({ draft: toDraft(value), value }));
  let draft = state.draft;
  if (!Object.is(state.value, value)) {
    draft = toDraft(value);
    setState({ draft, value });
  }
  /** Show `next`; `held` is the value the owner holds after this edit. */
  const edit = (next: Draft, held: Value) => setState({ draft: next, value: held });
  return [draft, edit];
}
