import { useState } from 'react';
import type { DateWordsStyle } from '../contract/date-words.js';
import { useSelectedSite } from '../site/store.js';
import { useSiteFormat } from './site-format.js';

// Dates and times on the console are the selected site's: a manager in another zone still sees and picks
// the site's calendar day. Values travel as site-local strings (YYYY-MM-DD, HH:mm), never as instants.
// The pickers themselves (MUI X and luxon) load only when a screen shows one: see pickers.tsx.

/** The selected site's IANA zone, or the browser's when no site is chosen. */
export function useSiteTimeZone(): string {
  const zone = useSelectedSite((s) => s.selectedSiteTimezone);
  return zone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/**
 * An instant in the console's date style on a site's clock and in its locale: the zone and locale given (a
 * record's own site's), else the selected site's; the person's own date format wins. `none` is said when
 * there is no instant.
 */
export function SiteTime({
  value,
  style = 'dateTime',
  zone,
  locale,
  none = 'Never',
}: {
  value: string | null | undefined;
  style?: DateWordsStyle;
  zone?: string | null | undefined;
  /** The record's own site's locale, where it is not the selected site's. */
  locale?: string | null | undefined;
  none?: string;
}) {
  const format = useSiteFormat({ zone, locale });
  if (!value) return <>{none}</>;
  return <time dateTime={value}>{format.instant(value, style)}</time>;
}

export type LocalKind = 'date' | 'time';

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
