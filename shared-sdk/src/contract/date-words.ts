// The console's one way of writing dates and times, used by the screens and by the server's own texts
// (notifications, e-mails, inspection packs, exports), so a notification's title and the time beside it
// read alike: day before month, a short month name, a 24-hour clock, as en-GB writes them.
//   date "28 Nov 2026", date and time "28 Nov 2026, 17:30", time "17:30",
//   with the weekday "Sat, 28 Nov 2026"; compact forms for tight places "28 Nov", "28 Nov, 17:30".
// An instant is written on the clock of the zone it is given (a site's), never the reader's machine's; a
// calendar day (YYYY-MM-DD) is already a site's date and is written as it is.

const dayParts = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const clockParts = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const styles = {
  date: dayParts,
  dateTime: { ...dayParts, ...clockParts },
  time: clockParts,
  weekdayDate: { weekday: 'short', ...dayParts },
  weekdayDateTime: { weekday: 'short', ...dayParts, ...clockParts },
  dayMonth: { day: 'numeric', month: 'short' },
  dayMonthTime: { day: 'numeric', month: 'short', ...clockParts },
  weekday: { weekday: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A way of writing an instant. */
export type DateWordsStyle = keyof typeof styles;
/** A way of writing a calendar day (it has no time of day). */
export type DayWordsStyle = 'date' | 'weekdayDate' | 'dayMonth' | 'weekday';

const locale = 'en-GB';
// Making a formatter costs far more than using one, and exports and packs write thousands of dates.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(style: DateWordsStyle, zone: string): Intl.DateTimeFormat {
  const key = `${style}|${zone}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone: zone });
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
): string {
  return formatOf(style, zone).format(asDate(instant));
}

/**
 * An instant with its weekday and its zone named, for texts read away from the console (e-mails, the pack's
 * public check), where the reader may not know which clock is meant: "Sat, 28 Nov 2026, 17:30 (Europe/London time)".
 */
export function formatInstantNamingZone(instant: Date | string, zone: string): string {
  return `${formatInstant(instant, zone, 'weekdayDateTime')} (${zone} time)`;
}

/** A calendar day (YYYY-MM-DD), already a site's date: "28 Nov 2026" unless a style says. */
export function formatDay(day: string, style: DayWordsStyle = 'date'): string {
  return formatOf(style, 'UTC').format(dayStart(day));
}

/**
 * Two calendar days as one range, written once where they share a month or year: "30 Mar – 5 Apr 2026",
 * "6 – 12 Apr 2026". Newer ICU puts thin spaces around the dash; plain ones read the same everywhere.
 */
export function formatDayRange(startDay: string, endDay: string): string {
  return formatOf('date', 'UTC').formatRange(dayStart(startDay), dayStart(endDay)).replace(/\s/g, ' ');
}
