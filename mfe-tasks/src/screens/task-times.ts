import { formatInstant } from '@console/shared-sdk/contract';
import { todayIn } from '@console/shared-sdk/ui';

// Instants (UTC on the wire) as the site's wall clock. An occurrence carries its site's zone, so its times
// read the same whichever site the user has selected while it shows.

/** The site's local date (YYYY-MM-DD) of an instant. */
export const localDayOf = (instant: string, zone: string): string => todayIn(zone, new Date(instant));

/** "14:05" on the task's own day, "11 Jun, 00:30" on another (a completion after midnight). */
export function siteTime(instant: string, zone: string, day: string): string {
  return formatInstant(instant, zone, localDayOf(instant, zone) === day ? 'time' : 'dayMonthTime');
}

/** "10 Jun, 14:05": an instant whose day is not otherwise shown (the history). */
export const siteDateTime = (instant: string, zone: string): string =>
  formatInstant(instant, zone, 'dayMonthTime');
