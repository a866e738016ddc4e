import type { DashboardBuckets, DashboardDay } from '@console/shared-sdk/tasks';
import { addDays, isDay, type SiteFormat, type TaskProgress } from '@console/shared-sdk/ui';

// What the site dashboard shows, worked out from the API's answer without React: the week a date falls
// in, the words for a day's hours and tasks, and where each number leads in the task list.

export type DashboardBucket = keyof DashboardBuckets;

/** The four metrics in the order the spec lists them: upcoming, on time, late, incomplete. */
export const dashboardBuckets = [
  'UPCOMING',
  'ON_TIME',
  'LATE',
  'INCOMPLETE',
] as const satisfies readonly DashboardBucket[];

/** Each bucket as the kit's dashboard state, whose colour and shape every task screen shares. */
export const bucketProgress = {
  UPCOMING: 'upcoming',
  ON_TIME: 'completedOnTime',
  LATE: 'completedOverdue',
  INCOMPLETE: 'overdue',
} as const satisfies Record<DashboardBucket, TaskProgress>;

/** Under each metric: the DOMAIN.md rule in words. */
export const bucketExplanations: Record<DashboardBucket, string> = {
  UPCOMING: 'Still to do and not yet due.',
  ON_TIME: 'Done by the time it was due.',
  LATE: 'Done, but after the time it was due.',
  INCOMPLETE: 'Not done by the time it was due.',
};

/** Each bucket's count on one day of the schedule. */
const dayField = {
  UPCOMING: 'upcoming',
  ON_TIME: 'onTime',
  LATE: 'late',
  INCOMPLETE: 'incomplete',
} as const satisfies Record<DashboardBucket, keyof DashboardDay>;

export const dayCount = (day: DashboardDay, bucket: DashboardBucket): number => day[dayField[bucket]];

/** A day's bar, left to right: what is settled first (on time, late, incomplete), then what is still open. */
export const barOrder = [
  'ON_TIME',
  'LATE',
  'INCOMPLETE',
  'UPCOMING',
] as const satisfies readonly DashboardBucket[];

/** How a day's count of each bucket reads: "3 on time". */
export const bucketShortWords: Record<DashboardBucket, string> = {
  UPCOMING: 'upcoming',
  ON_TIME: 'on time',
  LATE: 'late',
  INCOMPLETE: 'incomplete',
};

// ---- weeks ----------------------------------------------------------------------------------------------

export interface DayRange {
  startDate: string;
  endDate: string;
}

/** Sunday 0 … Saturday 6 of a calendar date (no zone: the date is already the site's). */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The week, Monday to Sunday, that `day` belongs to: the API's default range. */
export function weekOf(day: string): DayRange {
  const startDate = addDays(day, -((weekdayOf(day) + 6) % 7));
  return { startDate, endDate: addDays(startDate, 6) };
}

/** The week a `?week=` value names (any of its dates), or the week of `today` when it names none. */
export function chosenWeek(asked: string | null, today: string): DayRange {
  return weekOf(asked !== null && isDay(asked) ? asked : today);
}

/** "30 Mar – 5 Apr 2026", "6 – 12 Apr 2026"; "Mar 30 – Apr 5, 2026" at an American site. */
export const rangeLabel = ({ startDate, endDate }: DayRange, format: SiteFormat): string =>
  format.dayRange(startDate, endDate);

/** A schedule column's two lines: "Mon" and "30 Mar" ("Mar 30"). */
export const weekdayName = (day: string, format: SiteFormat) => format.day(day, 'weekday');
export const shortDate = (day: string, format: SiteFormat) => format.day(day, 'dayMonth');

// ---- opening hours --------------------------------------------------------------------------------------

/**
 * A day's hours as the site keeps them (DOMAIN.md: a closing time after midnight belongs to the day it
 * opened): "09:00–17:00", "18:00–01:30 (next day)", "18:00–midnight", "Open 24 hours", or "Closed"; with a
 * format, on its clock ("9:00 AM–5:00 PM").
 */
export function hoursLabel(
  day: Pick<DashboardDay, 'isOpen' | 'openTime' | 'closeTime'>,
  format?: SiteFormat,
): string {
  const { openTime, closeTime } = day;
  if (!day.isOpen || openTime === null || closeTime === null) return 'Closed';
  // As the API reads the timing: equal times are a whole day, an earlier closing is the next morning.
  if (closeTime === openTime) return 'Open 24 hours';
  const clock = (time: string) => (format ? format.wallTime(time) : time);
  if (closeTime === '00:00') return `${clock(openTime)}–midnight`;
  if (closeTime < openTime) return `${clock(openTime)}–${clock(closeTime)} (next day)`;
  return `${clock(openTime)}–${clock(closeTime)}`;
}

// ---- links into the task list ---------------------------------------------------------------------------

/** The task list of one local day of the site, optionally narrowed to one bucket. */
export function dayTaskListLink(day: string, bucket?: DashboardBucket): string {
  const query = new URLSearchParams({ taskListDate: day });
  if (bucket) query.set('status', bucket);
  return `/dashboard/task?${query.toString()}`;
}

/**
 * Where a metric leads. The task list shows one day, so a range opens on its first day that has tasks in
 * the bucket (the range's first day when none has): a single-day range opens on that day.
 */
export function taskListLink(
  bucket: DashboardBucket,
  range: DayRange & { days?: readonly DashboardDay[] },
): string {
  const firstWithTasks = range.days?.find((day) => dayCount(day, bucket) > 0);
  return dayTaskListLink(firstWithTasks?.date ?? range.startDate, bucket);
}
