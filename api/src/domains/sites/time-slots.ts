import { DateTime } from 'luxon';
import {
  adjustableSlotNames,
  defaultSlotWindows,
  slotNames,
  type ClosingTime,
  type SlotName,
  type SlotWindows,
  type TimeSlot,
  type Timing,
} from '@console/shared-sdk/contract';

/**
 * Opening hours and time slots of a site's local days (DOMAIN.md, "Sites and time"). Pure: no database, no
 * clock. Every instant is built from a local calendar date and a wall-clock time in the site's IANA zone,
 * so a daylight-saving change moves the UTC instants and never the local hours.
 *
 * Wall times that a daylight-saving change skips or repeats follow luxon:
 * - a time that does not exist (01:30 in London on the spring-forward Sunday) moves forward by the gap
 *   (02:30 BST), so a site never opens or closes before the clock has reached its hour;
 * - a time that happens twice (01:30 on the fall-back Sunday) is its second, standard-time occurrence, so
 *   a bar closing at 01:30 that night trades until the clock shows 01:30 after going back.
 */
export interface SiteHours {
  timeZoneId: string;
  timing: Timing;
  slotWindows?: SlotWindows;
}

interface Span {
  from: DateTime;
  to: DateTime;
}

/** The opening and closing instants of one local trading day; closing may fall on the next date. */
export interface TradingDay {
  date: string;
  /** 0 = Sunday … 6 = Saturday, the spec's day keys. */
  day: number;
  opening: DateTime;
  closing: DateTime;
}

/**
 * Remembers what `work` gave for the last `kept` keys, for pure work on values that never change (luxon's
 * DateTime). Luxon finds a zone's offset through `Intl` and parses and formats dates by its own tokens:
 * tens of microseconds a call, and the same sites' dates and hours are asked for again and again (a week's
 * dashboard on every read, each site's slots when a day is made).
 */
function remembering<Value>(kept: number) {
  const values = new Map<string, Value>();
  return (key: string, work: () => Value): Value => {
    const known = values.get(key);
    if (known !== undefined) return known;
    const value = work();
    // The oldest is dropped: a Map iterates in the order its keys were set.
    if (values.size >= kept) values.delete(values.keys().next().value as string);
    values.set(key, value);
    return value;
  };
}

const calendarDates = remembering<DateTime>(5_000);
/** A local calendar date, kept in UTC so adding days is pure calendar arithmetic. */
const calendarDate = (isoDate: string) =>
  calendarDates(isoDate, () => DateTime.fromISO(isoDate, { zone: 'utc' }));

const wallTimes = remembering<DateTime>(20_000);
function wallTime(date: DateTime, time: string, zone: string): DateTime {
  return wallTimes(`${zone} ${date.year}-${date.month}-${date.day} ${time}`, () => {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    return DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour, minute }, { zone });
  });
}

const minutesOf = (time: string) => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
};

/** A wall-clock window; an end at or before its start runs past midnight, and equal ends mean 24 hours. */
function windowOn(date: DateTime, from: string, to: string, zone: string): Span {
  const endDate = minutesOf(to) <= minutesOf(from) ? date.plus({ days: 1 }) : date;
  return { from: wallTime(date, from, zone), to: wallTime(endDate, to, zone) };
}

/** The site's local date at an instant (its "today"). */
export function localDate(timeZoneId: string, at: Date): string {
  return DateTime.fromJSDate(at, { zone: timeZoneId }).toFormat('yyyy-MM-dd');
}

const datesAfter = remembering<string>(5_000);
export function addDays(isoDate: string, days: number): string {
  return datesAfter(`${isoDate} ${days}`, () => calendarDate(isoDate).plus({ days }).toFormat('yyyy-MM-dd'));
}

/** The trading day that opens on `isoDate`, or undefined when the site is closed that day. */
export function tradingDay(site: SiteHours, isoDate: string): TradingDay | undefined {
  const date = calendarDate(isoDate);
  const day = date.weekday % 7;
  const hours = site.timing.find((entry) => entry.day === day);
  if (!hours?.isOpen) return undefined;
  const { from, to } = windowOn(date, hours.openTime, hours.closeTime, site.timeZoneId);
  return { date: isoDate, day, opening: from, closing: to };
}

/**
 * Whether the site is open at `at` by its hours, in its own zone: within today's opening, or within
 * yesterday's when that closes after midnight. A day open around the clock is open all of it.
 */
export function isOpenAt(site: SiteHours, at: Date): boolean {
  const today = localDate(site.timeZoneId, at);
  const instant = at.getTime();
  return [addDays(today, -1), today].some((date) => {
    const day = tradingDay(site, date);
    return day !== undefined && day.opening.toMillis() <= instant && instant < day.closing.toMillis();
  });
}

const earlier = (a: DateTime, b: DateTime) => (a < b ? a : b);
const later = (a: DateTime, b: DateTime) => (a > b ? a : b);

/**
 * Where a middle slot falls in the day's core hours. Its window is tried on the day before (a NIGHT that
 * began before an early opening), the day itself and the day after (the MORNING of a site that opens in
 * the evening); a 24-hour day can meet a window twice, and the first meeting is the slot, so MORNING is
 * the morning of the trading day rather than the small hours of the next.
 */
function middleSlot(window: { from: string; to: string }, core: Span, date: DateTime, zone: string) {
  for (const offset of [-1, 0, 1]) {
    const span = windowOn(date.plus({ days: offset }), window.from, window.to, zone);
    const from = later(span.from, core.from);
    const to = earlier(span.to, core.to);
    if (from < to) return { from, to };
  }
  return undefined;
}

const asSlot = (name: SlotName, span: Span): TimeSlot => ({
  label: name,
  value: name,
  fromTime: span.from.toFormat('HH:mm'),
  toTime: span.to.toFormat('HH:mm'),
  fromTimeUTC: span.from.toJSDate().toISOString(),
  toTimeUTC: span.to.toJSDate().toISOString(),
});

/**
 * The slots of one local date. BEFORE_OPEN is the two hours before opening and AFTER_CLOSE the two after
 * closing; OPEN is the first hour and CLOSE the last. The middle slots take their wall-clock windows (the
 * defaults, overridden by the site) clipped to the hours between OPEN and CLOSE; a slot with nothing left
 * is omitted. Slots are in the order they happen, ties in the spec's order.
 */
export function timeSlotsOn(site: SiteHours, isoDate: string): { isOpen: boolean; slots: TimeSlot[] } {
  const day = tradingDay(site, isoDate);
  if (!day) return { isOpen: false, slots: [] };
  const { opening, closing } = day;
  const hour = { hours: 1 };
  const spans: [SlotName, Span][] = [
    ['BEFORE_OPEN', { from: opening.minus({ hours: 2 }), to: opening }],
    ['OPEN', { from: opening, to: opening.plus(hour) }],
    ['CLOSE', { from: closing.minus(hour), to: closing }],
    ['AFTER_CLOSE', { from: closing, to: closing.plus({ hours: 2 }) }],
  ];
  const core = { from: opening.plus(hour), to: closing.minus(hour) };
  const windows = { ...defaultSlotWindows, ...site.slotWindows };
  for (const name of adjustableSlotNames) {
    const span = middleSlot(windows[name], core, calendarDate(isoDate), site.timeZoneId);
    if (span) spans.push([name, span]);
  }
  const order = (name: SlotName) => slotNames.indexOf(name);
  spans.sort(([a, x], [b, y]) => x.from.toMillis() - y.from.toMillis() || order(a) - order(b));
  return { isOpen: true, slots: spans.map(([name, span]) => asSlot(name, span)) };
}

/** Opening and closing of each open local day from `startDate` for `days` days; closed days are skipped. */
export function closingTimes(site: SiteHours, startDate: string, days: number): ClosingTime[] {
  const list: ClosingTime[] = [];
  for (let i = 0; i < days; i += 1) {
    const day = tradingDay(site, addDays(startDate, i));
    if (!day) continue;
    list.push({
      date: day.date,
      day: day.day,
      openingTime: day.opening.toJSDate().toISOString(),
      closingTime: day.closing.toJSDate().toISOString(),
      openTimeLocal: day.opening.toFormat('HH:mm'),
      closeTimeLocal: day.closing.toFormat('HH:mm'),
    });
  }
  return list;
}
