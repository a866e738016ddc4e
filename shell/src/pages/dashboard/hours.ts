import type { Timing, TimingDay } from '@console/shared-sdk/sites';
import type { SiteFormat } from '@console/shared-sdk/ui';

export interface TodaysHours {
  /** The site's local date, e.g. "Sat 24 Oct". */
  localDate: string;
  /** "08:00–01:00" ("8:00 AM–1:00 AM" at an American site) or "Open 24 hours", or null when closed all day. */
  hours: string | null;
  openNow: boolean;
  /**
   * When the current opening ends or the next one starts, local HH:mm (written out by `hoursStatus`); null
   * when it stays open all week (every day around the clock) or opens no more today.
   */
  changesAt: string | null;
  /** The weekday of `changesAt` when it is more than a day away ("Sat"), else null. */
  changesOn: string | null;
}

/**
 * One day's hours as people read them, on the site's clock: "08:00–01:00", "8:00 AM–1:00 AM". Equal
 * opening and closing times are the API's way of saying "around the clock" (docs/decisions.md), so they
 * never show as "07:00–07:00".
 */
export function formatHours(day: Pick<TimingDay, 'openTime' | 'closeTime'>, format: SiteFormat): string {
  return day.openTime === day.closeTime
    ? 'Open 24 hours'
    : `${format.wallTime(day.openTime)}–${format.wallTime(day.closeTime)}`;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const minutesOf = (time: string) => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
};
const clock = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The opening that starts on a day, as minutes from that day's midnight (closing after midnight runs over). */
function openingOn(day: TimingDay | undefined, dayStart: number) {
  if (!day?.isOpen) return null;
  const start = dayStart + minutesOf(day.openTime);
  let end = dayStart + minutesOf(day.closeTime);
  if (end <= start) end += 1440;
  return { start, end };
}

/**
 * Today's hours of a site in its own time zone, written as `format` writes times, and whether it is open at
 * `now`.
 */
export function todaysHours(
  timing: Timing,
  timeZoneId: string,
  format: SiteFormat,
  now: Date = new Date(),
): TodaysHours {
  // Read, not shown: the site's weekday and wall clock now, in fixed English words and a 24-hour clock.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZoneId,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const dayKey = weekdays.indexOf(parts.weekday ?? '');
  const local = Number(parts.hour) * 60 + Number(parts.minute);
  const byDay = new Map(timing.map((day) => [day.day, day]));
  const todayEntry = byDay.get(dayKey);
  const yesterday = openingOn(byDay.get((dayKey + 6) % 7), -1440);
  const current = openingOn(todayEntry, 0);
  // Just after midnight a site can still be open from yesterday's late closing.
  const open = [yesterday, current].find((o) => o !== null && o.start <= local && local < o.end) ?? null;
  // Open: when it closes (null when it never does this week). Closed: when it opens later today, if it does.
  const change = open
    ? (closingOf(open.end, dayKey, byDay) ?? null)
    : current && local < current.start
      ? current.start
      : null;
  return {
    localDate: `${parts.weekday} ${parts.day} ${parts.month}`,
    hours: todayEntry?.isOpen ? formatHours(todayEntry, format) : null,
    openNow: open !== null,
    changesAt: change === null ? null : clock(change),
    changesOn:
      change === null || change - local <= 1440
        ? null
        : (weekdays[(dayKey + Math.floor(change / 1440)) % 7] ?? null),
  };
}

/**
 * When an opening that ends at `end` (minutes from today's midnight) really closes: a day open 24 hours
 * runs on into the next day's opening when that starts as it ends, so a site open around the clock does
 * not "close at 00:00". Undefined when the openings run on all week.
 */
function closingOf(end: number, dayKey: number, byDay: ReadonlyMap<number, TimingDay>): number | undefined {
  let closes = end;
  for (let days = 0; days < 7; days += 1) {
    const day = Math.floor(closes / 1440);
    const next = openingOn(byDay.get((dayKey + day) % 7), day * 1440);
    if (next === null || next.start !== closes) return closes;
    closes = next.end;
  }
  return undefined;
}

/**
 * What a site's hours say now, on its clock: "Open now · closes at 23:00", "Closed now · opens at 08:00";
 * "closes at 11:00 PM" at an American site.
 */
export function hoursStatus(today: TodaysHours, format: SiteFormat): string {
  const at = (time: string) => (time === '00:00' ? 'midnight' : format.wallTime(time));
  if (today.openNow) {
    if (today.changesAt === null) return 'Open now, around the clock';
    return `Open now · closes ${today.changesOn ? `${today.changesOn} ` : ''}at ${at(today.changesAt)}`;
  }
  return today.changesAt === null ? 'Closed now' : `Closed now · opens at ${at(today.changesAt)}`;
}
