import { Stack } from '@console/shared-sdk/mui';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useDraft, useSiteTimeZone, type LocalKind } from './site-dates.js';
import { useSiteFormat } from './site-format.js';

/** The date pickers' adapter (luxon), writing dates as the site (or the person) does: day first in en-GB. */
export function SiteDatesProvider({ children, locale = 'en-GB' }: { children: ReactNode; locale?: string }) {
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={locale}>
      {children}
    </LocalizationProvider>
  );
}

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

export interface SitePickerProps {
  kind: LocalKind;
  id: string;
  label: string;
  /** Site-local YYYY-MM-DD or HH:mm. */
  value: string | null;
  /** Called with null when cleared and '' while the typed value is not complete (see `sendIncomplete`). */
  onChange: (value: string | null) => void;
  /** False: a half-typed value is kept in the picker and not sent (filters). Default true (forms). */
  sendIncomplete?: boolean;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** Site-local YYYY-MM-DD bounds (dates only). */
  minDate?: string | null;
  maxDate?: string | null;
  /** Takes the focus when it appears (a picker shown in place of the button that asked for it). */
  autoFocus?: boolean;
  /**
   * The locale of the site whose dates these are, where it is not the selected site's (a site's own report);
   * the person's own date format still wins.
   */
  locale?: string | null;
}

/** A MUI X date or time picker reading and writing site-local strings in the selected site's zone. */
export function SitePicker(props: SitePickerProps) {
  const { locale } = useSiteFormat({ locale: props.locale });
  return (
    <SiteDatesProvider locale={locale}>
      <PickerField {...props} />
    </SiteDatesProvider>
  );
}

function PickerField(props: SitePickerProps) {
  const { kind, value, onChange } = props;
  const zone = useSiteTimeZone();
  const { locale } = useSiteFormat({ locale: props.locale });
  const [draft, edit] = useDraft(value, (held) => toPickerValue(held, kind, zone));
  const change = (next: DateTime | null) => {
    const typed = fromPickerValue(next, kind, zone);
    if (typed === '' && props.sendIncomplete === false) {
      edit(next, value);
      return;
    }
    edit(next, typed);
    onChange(typed);
  };
  const textField = {
    id: props.id,
    required: props.required,
    error: props.error !== undefined,
    helperText: props.error ?? props.helperText,
    onBlur: props.onBlur,
    size: props.size,
    fullWidth: true,
    autoFocus: props.autoFocus,
  };
  const common = {
    label: props.label,
    value: draft,
    onChange: change,
    timezone: zone,
    disabled: props.disabled,
  };
  // A 12-hour clock where the site's locale reads one (an American site's).
  const ampm = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  if (kind === 'time') return <TimePicker {...common} ampm={ampm} slotProps={{ textField }} />;
  return (
    <DatePicker
      {...common}
      minDate={toPickerValue(props.minDate, 'date', zone) ?? undefined}
      maxDate={toPickerValue(props.maxDate, 'date', zone) ?? undefined}
      slotProps={{ textField }}
    />
  );
}

export interface DateRange {
  /** Site-local YYYY-MM-DD, or null for open-ended. */
  from: string | null;
  to: string | null;
}

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  labels?: { from: string; to: string };
  id?: string;
  /** Focus the first picker when it appears (after "Choose other dates"). */
  autoFocus?: boolean;
  /** What a cleared end becomes (a screen's default range); without it, the end is left open. */
  defaults?: DateRange;
  /**
   * Show the range as a button until the user asks to change it: the pickers are a large download that a
   * list opened on its default range never needs.
   */
  deferred?: boolean;
  /** The locale of the site whose dates these are, where it is not the selected site's (see SitePicker). */
  locale?: string | null;
}

/** `range` with the end `moved` just set: past the other end, it takes the other end along (start ≤ end). */
function keepOrdered(range: DateRange, moved: keyof DateRange): DateRange {
  const { from, to } = range;
  if (from === null || to === null || from <= to) return range;
  return moved === 'from' ? { from, to: from } : { from: to, to };
}

/**
 * Two date pickers, start ≤ end: each bounds the other, and a start typed past the end moves the end
 * along (and the other way round), so the list is never asked for an empty range. Half-typed dates are
 * not sent.
 */
export function DateRangeFilter({
  value,
  onChange,
  labels = { from: 'From', to: 'To' },
  id = 'date-range',
  autoFocus = false,
  defaults,
  locale,
}: DateRangeFilterProps) {
  const set = (side: keyof DateRange, next: string | null) =>
    onChange(keepOrdered({ ...value, [side]: next ?? defaults?.[side] ?? null }, side));
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      role="group"
      aria-label={`${labels.from} – ${labels.to}`}
    >
      <SitePicker
        kind="date"
        id={`${id}-from`}
        label={labels.from}
        value={value.from}
        maxDate={value.to}
        onChange={(next) => set('from', next)}
        sendIncomplete={false}
        size="small"
        autoFocus={autoFocus}
        locale={locale}
      />
      <SitePicker
        kind="date"
        id={`${id}-to`}
        label={labels.to}
        value={value.to}
        minDate={value.from}
        onChange={(next) => set('to', next)}
        sendIncomplete={false}
        size="small"
        locale={locale}
      />
    </Stack>
  );
}
