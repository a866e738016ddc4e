// The console's one way of writing dates and times, used by the screens and by the server's own texts
// (notifications, e-mails, inspection packs, exports), so a notification's title and the time beside it
// read alike: a short month name, in the order and on the clock of the site's locale.
//   en-GB: date "28 Nov 2026", date and time "28 Nov 2026, 17:30", time "17:30",
//          with the weekday "Sat, 28 Nov 2026"; compact forms for tight places "28 Nov", "28 Nov, 17:30",
//          "Sat 28 Nov".
//   en-US: "Nov 28, 2026", "Nov 28, 2026, 5:30 PM", "5:30 PM", "Sat, Nov 28, 2026", "Nov 28", "Sat, Nov 28".
// An instant is written on the clock of the zone it is given (a site's), never the reader's machine's; a
// calendar day (YYYY-MM-DD) is already a site's date and is written as it is. The locale is the site's
// (its rule set's: en-US for an American site), or a person's own choice; left out, en-GB.

const dayParts = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const clockParts = { hour: '2-digit', minute: '2-digit' } as const;

const styles = {
  date: dayParts,
  dateTime: { ...dayParts, ...clockParts },
  time: clockParts,
  weekdayDate: { weekday: 'short', ...dayParts },
  weekdayDateTime: { weekday: 'short', ...dayParts, ...clockParts },
  dayMonth: { day: 'numeric', month: 'short' },
  dayMonthTime: { day: 'numeric', month: 'short', ...clockParts },
  weekdayDayMonth: { weekday: 'short', day: 'numeric', month: 'short' },
  weekday: { weekday: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A way of writing an instant. */
export type DateWordsStyle = keyof typeof styles;
/** A way of writing a calendar day (it has no time of day). */
export type DayWordsStyle = 'date' | 'weekdayDate' | 'dayMonth' | 'weekdayDayMonth' | 'weekday';

/** The locale dates are written in where none is given. */
export const defaultDateLocale = 'en-GB';

/**
 * How a person has the console write dates: as each site does (SITE: an American site's month first and a
 * 12-hour clock), or always day first (en-GB) or month first (en-US).
 */
export const dateFormats = ['SITE', 'en-GB', 'en-US'] as const;
export type DateFormat = (typeof dateFormats)[number];
export const dateFormatLabels: Record<DateFormat, string> = {
  SITE: 'As each site writes them',
  'en-GB': 'Day first, 24-hour clock (28 Nov 2026, 17:30)',
  'en-US': 'Month first, 12-hour clock (Nov 28, 2026, 5:30 PM)',
};

/** The locale a person reads a site's dates in: their own choice, else the site's. */
export const dateLocaleFor = (
  format: DateFormat | null | undefined,
  siteLocale: string | null | undefined,
) => (format && format !== 'SITE' ? format : (siteLocale ?? defaultDateLocale));
// Making a formatter costs far more than using one, and exports and packs write thousands of dates.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The clock a locale reads: 24-hour in Britain and Europe, 12-hour in America. */
const hourCycleOf = (locale: string) => (locale === 'en-US' ? 'h12' : 'h23');

function formatOf(style: DateWordsStyle, zone: string, locale: string): Intl.DateTimeFormat {
  const key = `${style}|${zone}|${locale}`;
  let found = formats.get(key);
  if (!found) {
    const parts: Intl.DateTimeFormatOptions = { ...styles[style], timeZone: zone };
    if ('hour' in parts) {
      parts.hourCycle = hourCycleOf(locale);
      // "5:30 PM", not "05:30 PM".
      if (parts.hourCycle === 'h12') parts.hour = 'numeric';
    }
    found = new Intl.DateTimeFormat(locale, parts);
    formats.set(key, found);
  }
  return found;
}

const asDate = (instant: Date | string) => (typeof instant === 'string' ? new Date(instant) : instant);
/** A calendar day as the UTC midnight that starts it, so writing it in UTC gives the same day back. */
const dayStart = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** An instant on the clock of `zone` (a site's IANA zone): "28 Nov 2026, 17:30" unless a style says. */
export function formatInstant(
  instant: Date | string,
  zone: string,
  style: DateWordsStyle = 'dateTime',
  locale: string = defaultDateLocale,
): string {
  return formatOf(style, zone, locale).format(asDate(instant));
}

/**
 * An instant with its weekday and its zone named, for texts read away from the console (e-mails, the pack's
 * public check), where the reader may not know which clock is meant: "Sat, 28 Nov 2026, 17:30 (Europe/London time)".
 */
export function formatInstantNamingZone(
  instant: Date | string,
  zone: string,
  locale: string = defaultDateLocale,
): string {
  return `${formatInstant(instant, zone, 'weekdayDateTime', locale)} (${zone} time)`;
}

/** A calendar day (YYYY-MM-DD), already a site's date: "28 Nov 2026" unless a style says. */
export function formatDay(
  day: string,
  style: DayWordsStyle = 'date',
  locale: string = defaultDateLocale,
): string {
  return formatOf(style, 'UTC', locale).format(dayStart(day));
}

/**
 * A wall time (HH:mm: a due time, an opening), a time of day on a site's clock rather than an instant: "17:30",
 * "5:30 PM" in en-US. It is written as that time of day in UTC, read in UTC, so no zone moves it.
 */
export function formatWallTime(time: string, locale: string = defaultDateLocale): string {
  return formatOf('time', 'UTC', locale).format(new Date(`1970-01-01T${time}:00Z`));
}

/**
 * Two calendar days as one range, written once where they share a month or year: "30 Mar – 5 Apr 2026",
 * "6 – 12 Apr 2026". Newer ICU puts thin spaces around the dash; plain ones read the same everywhere.
 */
export function formatDayRange(startDay: string, endDay: string, locale: string = defaultDateLocale): string {
  return formatOf('date', 'UTC', locale)
    .formatRange(dayStart(startDay), dayStart(endDay))
    .replace(/\s/g, ' ');
}
