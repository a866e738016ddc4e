import type { SlotName } from '@console/shared-sdk';
import type { RepeatKind } from '@console/shared-sdk/tasks';
import type { SiteFormat } from '@console/shared-sdk/ui';

// A master task's schedule in words ("Every weekday at opening, from 1 Dec"), so whoever sets one up reads
// back what they asked for before it makes a single task, its dates and times written as the site writes
// them ("Every day by 5:30 PM, from Dec 1" at an American site) unless the person chose their own format.
// Pure: the site's today and format come in as options.

/**
 * What the sentence needs of a schedule: the contract's schedule (a saved task's, or a form's body), with
 * parts a half-filled form may not have yet.
 */
export interface SentenceSchedule {
  repeat: RepeatKind;
  /** Site-local YYYY-MM-DD. */
  startDate: string | null | undefined;
  endDate?: string | null;
  /** 0 Sunday to 6 Saturday. */
  weekdays?: readonly number[];
  dayOfMonth?: number | null;
  dueSlot?: SlotName | null;
  /** Site-local HH:mm. */
  dueTime?: string | null;
}

export interface SentenceOptions {
  /** The site's today (YYYY-MM-DD): dates in its year leave the year out, and it reads as "today". */
  today: string;
  /** How the site writes dates and times (the kit's site format). */
  format: SiteFormat;
}

/** When a task due in each slot is due, as the sentence says it ("Every day at opening"). */
export const slotPhrases: Record<SlotName, string> = {
  BEFORE_OPEN: 'before opening',
  OPEN: 'at opening',
  MORNING: 'in the morning',
  LUNCH: 'at lunch',
  AFTERNOON: 'in the afternoon',
  EVENING: 'in the evening',
  NIGHT: 'at night',
  CLOSE: 'by closing',
  AFTER_CLOSE: 'after closing',
};

/** 0 Sunday to 6 Saturday, as the schedule numbers them. */
export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The week as the console's users read it: Monday first. */
export const weekdaysFromMonday = [1, 2, 3, 4, 5, 6, 0] as const;

interface CalendarDate {
  /** YYYY-MM-DD. */
  iso: string;
  year: number;
}

function calendarDate(isoDate: string | null | undefined): CalendarDate | null {
  const parts = isoDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) : null;
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 is not a date, however Date.UTC rolls it over.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { iso: parts[0], year };
}

/** "1 Dec" or "1 Dec 2027"; "Dec 1", "Dec 1, 2027" at an American site. */
const shortDate = (date: CalendarDate, withYear: boolean, format: SiteFormat) =>
  format.day(date.iso, withYear ? 'date' : 'dayMonth');

/**
 * "Tue 1 Dec" ("Tue, Dec 1" at an American site), with the year when it is not the current one ("Tue, 2 Mar
 * 2027"): a date as the sentence writes it.
 */
export function dateInWords(isoDate: string, options: SentenceOptions): string | null {
  const date = calendarDate(isoDate);
  if (!date) return null;
  const withYear = date.year !== (calendarDate(options.today)?.year ?? date.year);
  return options.format.day(date.iso, withYear ? 'weekdayDate' : 'weekdayDayMonth');
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** "and" before the last of a list: "Monday, Wednesday and Friday". */
export function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const sameDays = (chosen: ReadonlySet<number>, days: readonly number[]) =>
  chosen.size === days.length && days.every((day) => chosen.has(day));

/** The days of a weekly schedule after "Every": "weekday", "Tuesday and Thursday", "day except Sunday". */
function weekdayWords(weekdays: readonly number[]): string | null {
  const chosen = new Set(weekdays.filter((day) => Number.isInteger(day) && day >= 0 && day <= 6));
  if (chosen.size === 0) return null;
  if (chosen.size === 7) return 'day';
  if (sameDays(chosen, [1, 2, 3, 4, 5])) return 'weekday';
  if (sameDays(chosen, [0, 6])) return 'weekend day';
  const inWeekOrder = weekdaysFromMonday.filter((day) => chosen.has(day));
  if (chosen.size === 6) {
    const missing = weekdaysFromMonday.find((day) => !chosen.has(day)) ?? 0;
    return `day except ${weekdayNames[missing]}`;
  }
  return listed(inWeekOrder.map((day) => weekdayNames[day]));
}

/** A due time in words: "midnight" for 00:00, else on the site's clock ("17:30", "5:30 PM"). */
export const dueTimeWords = (dueTime: string, format: SiteFormat): string =>
  // A task due at 00:00 is due at the end of its date (api/src/domains/tasks/schedule.ts).
  dueTime === '00:00' ? 'midnight' : format.wallTime(dueTime);

function duePhrase(schedule: SentenceSchedule, format: SiteFormat): string {
  if (schedule.dueSlot) return ` ${slotPhrases[schedule.dueSlot]}`;
  if (schedule.dueTime && /^\d{2}:\d{2}$/.test(schedule.dueTime))
    return ` by ${dueTimeWords(schedule.dueTime, format)}`;
  return '';
}

/**
 * The schedule in words, in the site's calendar and as it writes dates and times: "Every weekday at
 * opening, from 1 Dec", "Every day by 10:00, from 1 Dec 2026 until 31 Jan 2027", "Once on Tue 1 Dec by
 * closing", "On the 31st of every month (the last day in shorter months) by 14:00, from today"; at an
 * American site "Every day by 5:30 PM, from Dec 1". A date shows its year when that is not the
 * current one, or when the dates span two years. Null while the schedule cannot be told yet: no start
 * date, a weekly one without days or a monthly one without its day. Without a due slot or time the
 * sentence leaves the due part out.
 */
export function scheduleSentence(schedule: SentenceSchedule, options: SentenceOptions): string | null {
  const start = calendarDate(schedule.startDate);
  if (!start) return null;
  const today = calendarDate(options.today);
  const end = schedule.repeat === 'ONCE' ? null : calendarDate(schedule.endDate);
  const spansYears = end !== null && end.year !== start.year;
  const withYear = (date: CalendarDate) => spansYears || date.year !== (today?.year ?? date.year);
  const { format } = options;
  const due = duePhrase(schedule, format);

  const isToday = schedule.startDate === options.today;
  const from = isToday && !spansYears ? 'from today' : `from ${shortDate(start, withYear(start), format)}`;
  const period = end ? `${from} until ${shortDate(end, withYear(end), format)}` : from;

  switch (schedule.repeat) {
    case 'ONCE':
      return `Once on ${dateInWords(schedule.startDate ?? '', options) ?? ''}${due}`;
    case 'DAILY':
      return `Every day${due}, ${period}`;
    case 'WEEKLY': {
      const days = weekdayWords(schedule.weekdays ?? []);
      return days === null ? null : `Every ${days}${due}, ${period}`;
    }
    case 'MONTHLY': {
      const day = schedule.dayOfMonth;
      if (!day || !Number.isInteger(day) || day < 1 || day > 31) return null;
      const shorter = day >= 29 ? ' (the last day in shorter months)' : '';
      return `On the ${ordinal(day)} of every month${shorter}${due}, ${period}`;
    }
  }
}
