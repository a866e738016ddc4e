import { formatDay } from '../contract/date-words.js';

// Site-local calendar days as YYYY-MM-DD strings. A day is a date on the site's calendar, not an instant:
// stepping one day is calendar arithmetic (never ± 24 hours, which a DST change would break), and "today"
// is read in the site's zone, not the browser's.

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !isoDay.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today's date in `zone` at the instant `now`. */
export function todayIn(zone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/**
 * "Mon, 30 Mar 2026" ("Mon, Mar 30, 2026" in en-US), for screen readers and the buttons' names: the
 * console's date style with its weekday, in the site's (or the person's) locale.
 */
export const dayLabel = (day: string, locale?: string): string => formatDay(day, 'weekdayDate', locale);
