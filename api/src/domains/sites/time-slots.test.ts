import type { Timing, TimeSlot } from '@console/shared-sdk/contract';
import {
  addDays,
  closingTimes,
  isOpenAt,
  localDate,
  timeSlotsOn,
  tradingDay,
  type SiteHours,
} from './time-slots.js';

/** Opening hours by day key (0 = Sunday); days not given are closed. */
function hours(days: Partial<Record<number, [string, string]>>): Timing {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const open = days[day];
    return open
      ? { day, isOpen: true, openTime: open[0], closeTime: open[1] }
      : { day, isOpen: false, openTime: '09:00', closeTime: '17:00' };
  });
}

const local = (slots: TimeSlot[]) => slots.map((s) => `${s.label} ${s.fromTime}-${s.toTime}`);
const utc = (slots: TimeSlot[], label: string) => {
  const slot = slots.find((s) => s.label === label);
  return slot && [slot.fromTimeUTC, slot.toTimeUTC];
};

// A London restaurant: 08:00-23:00 on weekdays, a late licence to 01:00 on Friday and Saturday.
const london: SiteHours = {
  timeZoneId: 'Europe/London',
  timing: hours({
    0: ['09:00', '22:00'],
    1: ['08:00', '23:00'],
    2: ['08:00', '23:00'],
    5: ['08:00', '01:00'],
    6: ['08:00', '01:00'],
  }),
};

describe('timeSlotsOn', () => {
  test('an ordinary day has every slot, the middle ones clipped between the first and last hour', () => {
    const { isOpen, slots } = timeSlotsOn(london, '2026-03-23');
    expect(isOpen).toBe(true);
    expect(local(slots)).toEqual([
      'BEFORE_OPEN 06:00-08:00',
      'OPEN 08:00-09:00',
      'MORNING 09:00-11:30',
      'LUNCH 11:30-14:30',
      'AFTERNOON 14:30-17:30',
      'EVENING 17:30-21:30',
      'NIGHT 21:30-22:00',
      'CLOSE 22:00-23:00',
      'AFTER_CLOSE 23:00-01:00',
    ]);
    expect(utc(slots, 'OPEN')).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-23T09:00:00.000Z']);
  });

  test('after the spring-forward change the local hours stay and the UTC instants move an hour earlier', () => {
    const before = timeSlotsOn(london, '2026-03-23').slots;
    const after = timeSlotsOn(london, '2026-03-30').slots;
    expect(local(after)).toEqual(local(before));
    expect(utc(after, 'OPEN')).toEqual(['2026-03-30T07:00:00.000Z', '2026-03-30T08:00:00.000Z']);
    expect(utc(after, 'CLOSE')).toEqual(['2026-03-30T21:00:00.000Z', '2026-03-30T22:00:00.000Z']);
  });

  test('a closed day has no slots', () => {
    expect(timeSlotsOn(london, '2026-03-25')).toEqual({ isOpen: false, slots: [] });
    expect(timeSlotsOn({ ...london, timing: [] }, '2026-03-23')).toEqual({ isOpen: false, slots: [] });
  });

  test('a day closing after midnight ends on the next date', () => {
    const { slots } = timeSlotsOn(london, '2026-03-20');
    expect(local(slots).slice(-3)).toEqual([
      'NIGHT 21:30-00:00',
      'CLOSE 00:00-01:00',
      'AFTER_CLOSE 01:00-03:00',
    ]);
    expect(utc(slots, 'CLOSE')).toEqual(['2026-03-21T00:00:00.000Z', '2026-03-21T01:00:00.000Z']);
  });

  test('on the spring-forward night a 01:00 closing, which the clocks skip, becomes 02:00 BST', () => {
    const { slots } = timeSlotsOn(london, '2026-03-28');
    // The last hour is one real hour (00:00 GMT to 01:00 GMT) even though the clock jumps from 01:00 to 02:00.
    expect(utc(slots, 'CLOSE')).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']);
    expect(local(slots).slice(-2)).toEqual(['CLOSE 00:00-02:00', 'AFTER_CLOSE 02:00-04:00']);
  });

  test('on the fall-back night a 01:00 closing is the second 01:00 (GMT), after the clocks go back', () => {
    const { slots } = timeSlotsOn(london, '2026-10-24');
    expect(utc(slots, 'OPEN')?.[0]).toBe('2026-10-24T07:00:00.000Z');
    expect(utc(slots, 'CLOSE')).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z']);
    expect(utc(slots, 'AFTER_CLOSE')).toEqual(['2026-10-25T01:00:00.000Z', '2026-10-25T03:00:00.000Z']);
  });

  test('in New York a closing time inside the skipped hour moves forward by the gap', () => {
    const bar: SiteHours = { timeZoneId: 'America/New_York', timing: hours({ 6: ['18:00', '02:30'] }) };
    const { slots } = timeSlotsOn(bar, '2026-03-07');
    expect(utc(slots, 'OPEN')?.[0]).toBe('2026-03-07T23:00:00.000Z');
    expect(slots.find((s) => s.label === 'CLOSE')?.toTime).toBe('03:30');
    expect(utc(slots, 'CLOSE')?.[1]).toBe('2026-03-08T07:30:00.000Z');
    const weekAfter = timeSlotsOn(bar, '2026-03-14').slots;
    expect(utc(weekAfter, 'OPEN')?.[0]).toBe('2026-03-14T22:00:00.000Z');
    expect(weekAfter.find((s) => s.label === 'CLOSE')?.toTime).toBe('02:30');
  });

  test("a site's own windows replace the defaults", () => {
    const site = { ...london, slotWindows: { LUNCH: { from: '12:00', to: '15:00' } } };
    const { slots } = timeSlotsOn(site, '2026-03-23');
    expect(local(slots)).toContain('LUNCH 12:00-15:00');
    expect(local(slots)).toContain('MORNING 09:00-11:30');
  });

  test('a slot whose window misses the open hours is left out', () => {
    const breakfast: SiteHours = { timeZoneId: 'Europe/London', timing: hours({ 1: ['04:00', '12:00'] }) };
    const { slots } = timeSlotsOn(breakfast, '2026-03-23');
    // The NIGHT that began the evening before still covers the first hours after opening.
    expect(local(slots)).toEqual([
      'BEFORE_OPEN 02:00-04:00',
      'OPEN 04:00-05:00',
      'NIGHT 05:00-06:00',
      'MORNING 06:00-11:00',
      'CLOSE 11:00-12:00',
      'AFTER_CLOSE 12:00-14:00',
    ]);
  });

  test('a site opening in the evening gets the next morning, in the order the slots happen', () => {
    const night: SiteHours = { timeZoneId: 'Europe/London', timing: hours({ 1: ['17:00', '10:00'] }) };
    const { slots } = timeSlotsOn(night, '2026-03-23');
    expect(local(slots)).toEqual([
      'BEFORE_OPEN 15:00-17:00',
      'OPEN 17:00-18:00',
      'EVENING 18:00-21:30',
      'NIGHT 21:30-06:00',
      'MORNING 06:00-09:00',
      'CLOSE 09:00-10:00',
      'AFTER_CLOSE 10:00-12:00',
    ]);
    expect(utc(slots, 'MORNING')?.[0]).toBe('2026-03-24T06:00:00.000Z');
  });

  test('equal opening and closing times mean open around the clock, each slot once', () => {
    const allDay: SiteHours = { timeZoneId: 'Europe/London', timing: hours({ 1: ['08:00', '08:00'] }) };
    const { slots } = timeSlotsOn(allDay, '2026-03-23');
    expect(slots.map((s) => s.label)).toEqual([
      'BEFORE_OPEN',
      'OPEN',
      'MORNING',
      'LUNCH',
      'AFTERNOON',
      'EVENING',
      'NIGHT',
      'CLOSE',
      'AFTER_CLOSE',
    ]);
    expect(local(slots)).toContain('MORNING 09:00-11:30');
    expect(local(slots)).toContain('NIGHT 21:30-06:00');
    expect(utc(slots, 'CLOSE')?.[1]).toBe('2026-03-24T08:00:00.000Z');
  });
});

describe('closingTimes', () => {
  test('lists each open day across the spring-forward weekend, skipping closed days', () => {
    const list = closingTimes(london, '2026-03-27', 5);
    expect(list.map((d) => [d.date, d.day, d.openTimeLocal, d.closeTimeLocal, d.closingTime])).toEqual([
      ['2026-03-27', 5, '08:00', '01:00', '2026-03-28T01:00:00.000Z'],
      ['2026-03-28', 6, '08:00', '02:00', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29', 0, '09:00', '22:00', '2026-03-29T21:00:00.000Z'],
      ['2026-03-30', 1, '08:00', '23:00', '2026-03-30T22:00:00.000Z'],
      ['2026-03-31', 2, '08:00', '23:00', '2026-03-31T22:00:00.000Z'],
    ]);
    expect(closingTimes(london, '2026-03-25', 2)).toEqual([]);
  });
});

describe('isOpenAt', () => {
  const at = (instant: string, site: SiteHours = london) => isOpenAt(site, new Date(instant));

  test('open from opening to closing on its own clock, closed on a closed day', () => {
    expect(at('2026-03-24T07:59:00Z')).toBe(false);
    expect(at('2026-03-24T08:00:00Z')).toBe(true);
    expect(at('2026-03-24T22:59:00Z')).toBe(true);
    expect(at('2026-03-24T23:00:00Z')).toBe(false);
    // Wednesday is closed.
    expect(at('2026-03-25T12:00:00Z')).toBe(false);
    // Summer time: 08:00 in London is 07:00 UTC.
    expect(at('2026-06-16T07:00:00Z')).toBe(true);
  });

  test("after midnight, still open on the evening before's late licence, across the change of clocks", () => {
    expect(at('2026-03-28T00:30:00Z')).toBe(true); // Friday's, until 01:00
    expect(at('2026-03-28T01:00:00Z')).toBe(false);
    // Saturday's 01:00 does not exist on the spring-forward night: it closes at 02:00 BST (01:00 UTC).
    expect(at('2026-03-29T00:59:00Z')).toBe(true);
    expect(at('2026-03-29T01:00:00Z')).toBe(false);
  });

  test('a day whose opening and closing times are equal is open around the clock', () => {
    const always: SiteHours = { timeZoneId: 'America/New_York', timing: hours({ 2: ['06:00', '06:00'] }) };
    expect(at('2026-03-24T10:00:00Z', always)).toBe(true); // Tuesday 06:00 in New York
    expect(at('2026-03-25T09:59:00Z', always)).toBe(true); // Wednesday 05:59, still Tuesday's
    expect(at('2026-03-25T10:00:00Z', always)).toBe(false); // Wednesday is closed
  });
});

describe('dates', () => {
  test("a site's today is its local date", () => {
    const instant = new Date('2026-03-29T23:30:00Z');
    expect(localDate('Europe/London', instant)).toBe('2026-03-30');
    expect(localDate('America/New_York', instant)).toBe('2026-03-29');
  });

  test('adding days is calendar arithmetic, also across a change of clocks', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  test('the trading day carries the spec day key (0 = Sunday)', () => {
    expect(tradingDay(london, '2026-03-29')?.day).toBe(0);
    expect(tradingDay(london, '2026-03-28')?.day).toBe(6);
  });
});
