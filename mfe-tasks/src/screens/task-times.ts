import { todayIn, useSiteFormat, type SiteFormat } from '@console/shared-sdk/ui';

// Instants (UTC on the wire) as the site's wall clock. An occurrence carries its site's zone, so its times
// read the same whichever site the user has selected while it shows; they are written as that site writes
// dates (month first and a 12-hour clock at an American site) unless the person chose their own format.

/** The site's local date (YYYY-MM-DD) of an instant. */
export const localDayOf = (instant: string, zone: string): string => todayIn(zone, new Date(instant));

/** How a task's times are written: on its own site's clock. */
export const useTaskFormat = (task: { timeZoneId: string }): SiteFormat =>
  useSiteFormat({ zone: task.timeZoneId });

/**
 * "14:05" on the task's own day, "11 Jun, 00:30" on another (a completion after midnight); at an American
 * site "2:05 PM" and "Jun 11, 12:30 AM".
 */
export function siteTime(format: SiteFormat, instant: string, day: string): string {
  return format.instant(instant, localDayOf(instant, format.zone) === day ? 'time' : 'dayMonthTime');
}

/** "10 Jun, 14:05": an instant whose day is not otherwise shown (the history). */
export const siteDateTime = (format: SiteFormat, instant: string): string =>
  format.instant(instant, 'dayMonthTime');
