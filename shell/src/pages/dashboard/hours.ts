import { DateTime } from 'luxon';
import type { Timing, TimingDay } from '@console/shared-sdk/sites';

export interface TodaysHours {
  /** The site's local date, e.g. "Sat 24 Oct". */
  localDate: string;
  /** "08:00–01:00" or "Open 24 hours", or null when closed all day. */
  hours: string | null;
  openNow: boolean;
  /** When the current opening ends or the next one starts, local HH:mm, for "closes at"/"opens at". */
  changesAt: string | null;
}

/**
 * One day's hours as people read them. Equal opening and closing times are the API's way of saying
 * "around the clock" (docs/decisions.md), so they never show as "07:00–07:00".
 */
export function formatHours(day: Pick<TimingDay, 'openTime' | 'closeTime'>): string {
  return day.openTime === day.closeTime ? 'Open 24 hours' : `${day.openTime}–${day.closeTime}`;
}

/** 0 = Sunday … 6 = Saturday, the spec's day keys; luxon counts Monday = 1 … Sunday = 7. */
const dayKey = (date: DateTime) => date.weekday % 7;

/** The opening that starts on `date` as an interval in the site's zone (closing after midnight runs over). */
function openingOn(date: DateTime, day: TimingDay | undefined) {
  if (!day?.isOpen) return null;
  const at = (time: string, base: DateTime) => {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    return base.set({ hour, minute, second: 0, millisecond: 0 });
  };
  const start = at(day.openTime, date);
  let end = at(day.closeTime, date);
  if (end <= start) end = at(day.closeTime, date.plus({ days: 1 }));
  return { start, end };
}

/** Today's hours of a site in its own time zone, and whether it is open at `now`. */
export function todaysHours(timing: Timing, timeZoneId: string, now: Date = new Date()): TodaysHours {
  const local = DateTime.fromJSDate(now, { zone: timeZoneId });
  const today = local.startOf('day');
  const byDay = new Map(timing.map((day) => [day.day, day]));
  const todayEntry = byDay.get(dayKey(today));
  const yesterday = openingOn(today.minus({ days: 1 }), byDay.get(dayKey(today.minus({ days: 1 }))));
  const current = openingOn(today, todayEntry);
  // Just after midnight a site can still be open from yesterday's late closing.
  const open = [yesterday, current].find((o) => o !== null && o.start <= local && local < o.end) ?? null;
  return {
    localDate: local.toFormat('ccc d LLL'),
    hours: todayEntry?.isOpen ? formatHours(todayEntry) : null,
    openNow: open !== null,
    changesAt: open
      ? open.end.toFormat('HH:mm')
      : current && local < current.start
        ? current.start.toFormat('HH:mm')
        : null,
  };
}
