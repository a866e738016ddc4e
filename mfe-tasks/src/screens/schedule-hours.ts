import type { Timing } from '@console/shared-sdk/sites';
import {
  dateInWords,
  dueTimeWords,
  listed,
  ordinal,
  weekdayNames,
  weekdaysFromMonday,
  type SentenceOptions,
  type SentenceSchedule,
} from './schedule-sentence';

// A schedule due at a fixed time against the site's opening hours. No task is made on a day the site is
// closed (api/src/domains/tasks/schedule.ts), so the form says which of the task's days those are; a due
// time outside the hours of a day it is made is the admin's choice (staff may be in before opening), but
// nobody may be there to do it and it would count as missed, so the form warns of it and lets them keep it.
// Pure: the site's hours, today and how it writes dates and times come in.

const minutesOf = (time: string) => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
};

const dayNumber = (isoDate: string | null | undefined): number | null => {
  const parts = isoDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) : null;
  if (!parts) return null;
  const days = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) / 86_400_000;
  return new Date(days * 86_400_000).toISOString().slice(0, 10) === isoDate ? days : null;
};

/** 1970-01-01 was a Thursday (day key 4). */
const weekdayOf = (days: number) => (((days + 4) % 7) + 7) % 7;

/**
 * The weekdays (0 Sunday to 6 Saturday) a schedule happens on, or null while that is not known: once, the
 * weekday of its date; daily and weekly, every day or the chosen ones, within its dates when they span
 * less than a week; monthly, any day, as its day of the month moves through the week.
 */
function weekdaysOf(schedule: SentenceSchedule): number[] | null {
  const start = dayNumber(schedule.startDate);
  if (schedule.repeat === 'ONCE') return start === null ? null : [weekdayOf(start)];
  if (schedule.repeat === 'MONTHLY') return schedule.dayOfMonth ? [0, 1, 2, 3, 4, 5, 6] : null;
  const chosen = schedule.repeat === 'WEEKLY' ? (schedule.weekdays ?? []) : [0, 1, 2, 3, 4, 5, 6];
  const end = dayNumber(schedule.endDate);
  if (start === null || end === null || end - start >= 6) return [...chosen];
  const inRange = new Set(
    Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => weekdayOf(start + i)),
  );
  return chosen.filter((day) => inRange.has(day));
}

/**
 * Whether a task due at `dueTime` on a date of `weekday` is due while the site is open: within that day's
 * hours, or within the night before's when those run past midnight. 00:00 is the end of the date.
 */
function dueInHours(timing: Timing, weekday: number, dueTime: string): boolean {
  const due = dueTime === '00:00' ? 24 * 60 : minutesOf(dueTime);
  const day = timing.find((one) => one.day === weekday && one.isOpen);
  if (day) {
    const opens = minutesOf(day.openTime);
    const closes = minutesOf(day.closeTime);
    // A closing at or before the opening is the next morning's; equal times are around the clock.
    if (due >= opens && due <= (closes <= opens ? closes + 24 * 60 : closes)) return true;
  }
  const nightBefore = timing.find((one) => one.day === (weekday + 6) % 7 && one.isOpen);
  if (!nightBefore) return false;
  const closes = minutesOf(nightBefore.closeTime);
  return closes <= minutesOf(nightBefore.openTime) && due <= closes;
}

const isOpenOn = (timing: Timing, weekday: number) => timing.some((one) => one.day === weekday && one.isOpen);

/** Days as the console reads them, Monday first: "Monday, Tuesday and Sunday". */
const dayList = (days: readonly number[]) =>
  listed(weekdaysFromMonday.filter((day) => days.includes(day)).map((day) => weekdayNames[day]));

/** What the form says about a due time and the site's hours; null for each that has nothing to say. */
export interface DueTimeNotice {
  /** The due time falls outside the opening hours on a day the task is made: a warning, which may be kept. */
  outsideHours: string | null;
  /** Days the task would happen on that the site is closed: no task is made on them. */
  closedDays: string | null;
}

/** Which of the schedule's days get no task, the site being closed on them (`closed`); `date` a one-off's. */
function closedDaysNote(schedule: SentenceSchedule, closed: readonly number[], date: string): string | null {
  if (closed.length === 0) return null;
  if (closed.length === 7) return 'The site is closed every day: no task is made.';
  if (schedule.repeat === 'ONCE') return `The site is closed on ${date}: the task would not be made.`;
  if (schedule.repeat === 'MONTHLY' && schedule.dayOfMonth)
    return (
      `The site is closed on ${dayList(closed)}: a month whose ${ordinal(schedule.dayOfMonth)} falls on ` +
      'one has no task.'
    );
  return `The site is closed on ${dayList(closed)}: no task is made on ${closed.length === 1 ? 'that day' : 'those days'}.`;
}

/** What a schedule due at a time meets in the site's hours (`timing`, the site's week). */
export function dueTimeNotice(
  schedule: SentenceSchedule,
  timing: Timing,
  options: SentenceOptions,
): DueTimeNotice {
  const none = { outsideHours: null, closedDays: null };
  const weekdays = weekdaysOf(schedule);
  if (weekdays === null || weekdays.length === 0) return none;
  const once = schedule.repeat === 'ONCE';
  const date = once ? (dateInWords(schedule.startDate ?? '', options) ?? '') : '';

  const closedDays = closedDaysNote(
    schedule,
    weekdays.filter((day) => !isOpenOn(timing, day)),
    date,
  );

  const dueTime = schedule.dueTime;
  if (!dueTime || !/^\d{2}:\d{2}$/.test(dueTime)) return { outsideHours: null, closedDays };
  const open = weekdays.filter((day) => isOpenOn(timing, day));
  const outside = open.filter((day) => !dueInHours(timing, day, dueTime));
  if (outside.length === 0) return { outsideHours: null, closedDays };
  const due = dueTimeWords(dueTime, options.format);
  const when = once
    ? `on ${date}`
    : outside.length === open.length && open.length > 1
      ? 'on every day it is made'
      : `on ${dayList(outside)}`;
  return {
    outsideHours:
      `Due by ${due} is outside the site's opening hours ${when}. If nobody is there then, the task ` +
      'counts as missed: choose a time when the site is open, or keep this one if staff are there.',
    closedDays,
  };
}
