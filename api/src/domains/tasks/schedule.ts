import type { Schedule, TimeSlot, Timing } from '@console/shared-sdk/contract';
import { timeSlotsOn, tradingDay, type SiteHours } from '../sites/index.js';

/**
 * Which local dates a master task's schedule covers and when each occurrence opens and expires (DOMAIN.md
 * "Tasks" and "Sites and time"). Pure: no database, no clock. Dates are the site's local calendar dates
 * (YYYY-MM-DD); instants come from time-slots.ts, so daylight-saving days keep local due times.
 */

const msPerDay = 86_400_000;

const isoDateOf = (days: number) => new Date(days * msPerDay).toISOString().slice(0, 10);

/** Days since 1970-01-01 of a calendar date; plain integers make a year of dates cheap to walk. */
function dayNumber(isoDate: string): number {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const days = parts ? Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) / msPerDay : NaN;
  // Date.UTC rolls 2026-02-30 over to 2 March: a date must read back as itself.
  if (!Number.isInteger(days) || isoDateOf(days) !== isoDate) {
    throw new RangeError(`Not a date as YYYY-MM-DD: ${isoDate}`);
  }
  return days;
}

/** 1970-01-01 was a Thursday (day key 4). */
const weekdayOf = (days: number) => (((days + 4) % 7) + 7) % 7;

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** How many dates [from, to] holds (0 when `to` is before `from`). */
export function countDates(from: string, to: string): number {
  return Math.max(0, dayNumber(to) - dayNumber(from) + 1);
}

/** The dates of a MONTHLY schedule in [first, last]: its day, or the month's last day when it has fewer. */
function monthlyDates(dayOfMonth: number, first: number, last: number): string[] {
  const dates: string[] = [];
  const start = new Date(first * msPerDay);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth() + 1;
  for (;;) {
    const day = Math.min(dayOfMonth, lastDayOfMonth(year, month));
    const days = Date.UTC(year, month - 1, day) / msPerDay;
    if (days > last) return dates;
    if (days >= first) dates.push(isoDateOf(days));
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * The local dates in [from, to] the schedule covers, in order. ONCE on its start date, DAILY every day,
 * WEEKLY on its weekdays (0 Sunday to 6 Saturday), MONTHLY on its day of the month or the last day of a
 * shorter month; never before the start date, after the end date, or on or after `stoppedFrom` (the date
 * the master task was deleted from).
 */
export function scheduledDates(
  schedule: Schedule & { stoppedFrom?: string | null },
  from: string,
  to: string,
): string[] {
  const bounds = [dayNumber(to)];
  if (schedule.endDate) bounds.push(dayNumber(schedule.endDate));
  if (schedule.stoppedFrom) bounds.push(dayNumber(schedule.stoppedFrom) - 1);
  const first = Math.max(dayNumber(from), dayNumber(schedule.startDate));
  const last = Math.min(...bounds);
  if (first > last) return [];

  const every = (covers: (days: number) => boolean) => {
    const dates: string[] = [];
    for (let days = first; days <= last; days += 1) if (covers(days)) dates.push(isoDateOf(days));
    return dates;
  };
  switch (schedule.repeat) {
    case 'ONCE':
      // `first` is the start date exactly when the start date lies in the range.
      return first === dayNumber(schedule.startDate) ? [isoDateOf(first)] : [];
    case 'DAILY':
      return every(() => true);
    case 'WEEKLY': {
      const weekdays = new Set(schedule.weekdays);
      return every((days) => weekdays.has(weekdayOf(days)));
    }
    case 'MONTHLY':
      return schedule.dayOfMonth ? monthlyDates(schedule.dayOfMonth, first, last) : [];
  }
}

/** When one occurrence can be done: from `opensAt` until it expires at `expireOn`. */
export interface OccurrenceWindow {
  opensAt: Date;
  expireOn: Date;
}

// A site's slots of a date, and its tasks' windows until a due time, take a dozen luxon instants each to
// work out; the tasks of one site (and of the sites sharing its SiteHours) share its dates, so each is
// worked out once per date. Keyed by the SiteHours object, so they go when the caller drops the site.
const slotsBySite = new WeakMap<SiteHours, Map<string, TimeSlot[]>>();
const dueWindowsBySite = new WeakMap<SiteHours, Map<string, OccurrenceWindow | undefined>>();

/** What `make` works out for `site` under `key`, from `cache` when it was worked out before. */
function ofSite<T>(
  cache: WeakMap<SiteHours, Map<string, T>>,
  site: SiteHours,
  key: string,
  make: () => T,
): T {
  let byKey = cache.get(site);
  if (!byKey) {
    byKey = new Map();
    cache.set(site, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  const made = make();
  byKey.set(key, made);
  return made;
}

const slotsOn = (site: SiteHours, date: string): TimeSlot[] =>
  ofSite(slotsBySite, site, date, () => timeSlotsOn(site, date).slots);

/**
 * From the local start of `date` to `dueTime` that date, as time-slots.ts builds a trading day open from
 * 00:00 to `dueTime` (so a skipped wall time moves forward and a repeated one is its second occurrence).
 * A due time of 00:00 is the end of the date, the way an opening and closing at 00:00 mean 24 hours.
 */
function untilDueTime(timeZoneId: string, dueTime: string, date: string): OccurrenceWindow | undefined {
  const allDay: Timing = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    isOpen: true,
    openTime: '00:00',
    closeTime: dueTime,
  }));
  const day = tradingDay({ timeZoneId, timing: allDay }, date);
  return day && { opensAt: day.opening.toJSDate(), expireOn: day.closing.toJSDate() };
}

/** Whether the site opens on `date` (as tradingDay decides it, without working out its instants). */
const isOpenOn = (site: SiteHours, date: string) =>
  site.timing.find((hours) => hours.day === weekdayOf(dayNumber(date)))?.isOpen === true;

/**
 * When the occurrence on `date` opens and expires, or undefined when there is none. No occurrence on a
 * date the site is closed, whatever the schedule's kind: nobody is there to do it, and one made anyway
 * counted as missed. Due in a slot: that slot's window on that date, and none when the day has no such
 * slot. Due at a local time: from the start of the date until that time (a time outside the opening hours
 * is the admin's choice: the form warns of it, mfe-tasks' schedule-builder.tsx).
 */
export function occurrenceWindow(
  site: SiteHours,
  schedule: Pick<Schedule, 'dueSlot' | 'dueTime'>,
  date: string,
): OccurrenceWindow | undefined {
  if (schedule.dueSlot) {
    const slot = slotsOn(site, date).find((one) => one.value === schedule.dueSlot);
    return slot && { opensAt: new Date(slot.fromTimeUTC), expireOn: new Date(slot.toTimeUTC) };
  }
  const { dueTime } = schedule;
  if (!dueTime || !isOpenOn(site, date)) return undefined;
  const window = ofSite(dueWindowsBySite, site, `${dueTime} ${date}`, () =>
    untilDueTime(site.timeZoneId, dueTime, date),
  );
  // A window of its own, as the slots' are: the caller may keep or change it.
  return window && { opensAt: new Date(window.opensAt), expireOn: new Date(window.expireOn) };
}
