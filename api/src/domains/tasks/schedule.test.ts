import type { Schedule, Timing } from '@console/shared-sdk/contract';
import type { SiteHours } from '../sites/index.js';
import { countDates, occurrenceWindow, scheduledDates } from './schedule.js';

const schedule = (fields: Partial<Schedule> & Pick<Schedule, 'repeat'>): Schedule => ({
  startDate: '2026-01-01',
  endDate: null,
  weekdays: [],
  dayOfMonth: null,
  dueSlot: null,
  dueTime: '09:00',
  ...fields,
});

/** Opening hours by day key (0 = Sunday); days not given are closed. */
function hours(days: Partial<Record<number, [string, string]>>): Timing {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const open = days[day];
    return open
      ? { day, isOpen: true, openTime: open[0], closeTime: open[1] }
      : { day, isOpen: false, openTime: '09:00', closeTime: '17:00' };
  });
}

// The seeded zones. London: Sunday 09:00-22:00, a late licence to 01:00 on Friday and Saturday. New York:
// closed on Mondays, to 00:30 on Friday and Saturday.
const london: SiteHours = {
  timeZoneId: 'Europe/London',
  timing: hours({
    0: ['09:00', '22:00'],
    1: ['08:00', '23:00'],
    2: ['08:00', '23:00'],
    3: ['08:00', '23:00'],
    4: ['08:00', '23:00'],
    5: ['08:00', '01:00'],
    6: ['08:00', '01:00'],
  }),
};
const newYork: SiteHours = {
  timeZoneId: 'America/New_York',
  timing: hours({
    0: ['10:00', '22:00'],
    2: ['11:00', '23:00'],
    3: ['11:00', '23:00'],
    4: ['11:00', '23:00'],
    5: ['11:00', '00:30'],
    6: ['10:00', '00:30'],
  }),
};

/** The window as UTC instants, [opensAt, expireOn]. */
function windowOf(site: SiteHours, due: Pick<Schedule, 'dueSlot' | 'dueTime'>, date: string) {
  const window = occurrenceWindow(site, due, date);
  return window && [window.opensAt.toISOString(), window.expireOn.toISOString()];
}
const atTime = (dueTime: string) => ({ dueSlot: null, dueTime });
const inSlot = (dueSlot: NonNullable<Schedule['dueSlot']>) => ({ dueSlot, dueTime: null });

describe('scheduledDates', () => {
  test('ONCE happens on its start date only, when the range holds it', () => {
    const once = schedule({ repeat: 'ONCE', startDate: '2026-03-10' });
    expect(scheduledDates(once, '2026-03-01', '2026-03-31')).toEqual(['2026-03-10']);
    expect(scheduledDates(once, '2026-03-10', '2026-03-10')).toEqual(['2026-03-10']);
    expect(scheduledDates(once, '2026-03-11', '2026-03-31')).toEqual([]);
    expect(scheduledDates(once, '2026-02-01', '2026-03-09')).toEqual([]);
  });

  test('DAILY happens every day from its start date, across a month end', () => {
    const daily = schedule({ repeat: 'DAILY', startDate: '2026-02-27' });
    expect(scheduledDates(daily, '2026-02-20', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  test('WEEKLY happens on its weekdays, 0 being Sunday', () => {
    const weekly = schedule({ repeat: 'WEEKLY', weekdays: [1, 3, 5] });
    // 1 March 2026 is a Sunday.
    expect(scheduledDates(weekly, '2026-03-01', '2026-03-14')).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
      '2026-03-09',
      '2026-03-11',
      '2026-03-13',
    ]);
    const weekends = schedule({ repeat: 'WEEKLY', weekdays: [0, 6] });
    expect(scheduledDates(weekends, '2026-03-01', '2026-03-08')).toEqual([
      '2026-03-01',
      '2026-03-07',
      '2026-03-08',
    ]);
  });

  test('MONTHLY on day 31 falls on the last day of each shorter month', () => {
    const monthly = schedule({ repeat: 'MONTHLY', dayOfMonth: 31 });
    expect(scheduledDates(monthly, '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
    ]);
  });

  test('MONTHLY in a leap year uses 29 February, and the 29th is not doubled', () => {
    const range = ['2028-01-01', '2028-03-31'] as const;
    expect(scheduledDates(schedule({ repeat: 'MONTHLY', dayOfMonth: 31 }), ...range)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
    expect(scheduledDates(schedule({ repeat: 'MONTHLY', dayOfMonth: 29 }), ...range)).toEqual([
      '2028-01-29',
      '2028-02-29',
      '2028-03-29',
    ]);
    expect(
      scheduledDates(schedule({ repeat: 'MONTHLY', dayOfMonth: 30 }), '2027-02-01', '2027-02-28'),
    ).toEqual(['2027-02-28']);
  });

  test('MONTHLY never happens before its start date', () => {
    const monthly = schedule({ repeat: 'MONTHLY', dayOfMonth: 10, startDate: '2026-01-15' });
    expect(scheduledDates(monthly, '2026-01-01', '2026-03-31')).toEqual(['2026-02-10', '2026-03-10']);
    const lastDay = schedule({ repeat: 'MONTHLY', dayOfMonth: 31, startDate: '2026-04-30' });
    expect(scheduledDates(lastDay, '2026-04-01', '2026-05-31')).toEqual(['2026-04-30', '2026-05-31']);
  });

  test('the end date is the last date it may happen on', () => {
    const daily = schedule({ repeat: 'DAILY', startDate: '2026-03-01', endDate: '2026-03-03' });
    expect(scheduledDates(daily, '2026-02-01', '2026-03-31')).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(scheduledDates(daily, '2026-03-04', '2026-03-31')).toEqual([]);
    const monthly = schedule({ repeat: 'MONTHLY', dayOfMonth: 31, endDate: '2026-04-29' });
    expect(scheduledDates(monthly, '2026-03-01', '2026-05-31')).toEqual(['2026-03-31']);
  });

  test('nothing happens on or after the date the master task was stopped from', () => {
    const daily = { ...schedule({ repeat: 'DAILY', startDate: '2026-03-01' }), stoppedFrom: '2026-03-04' };
    expect(scheduledDates(daily, '2026-03-01', '2026-03-10')).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(scheduledDates(daily, '2026-03-04', '2026-03-10')).toEqual([]);
    const once = { ...schedule({ repeat: 'ONCE', startDate: '2026-03-04' }), stoppedFrom: '2026-03-04' };
    expect(scheduledDates(once, '2026-03-01', '2026-03-10')).toEqual([]);
  });

  test('a year-long range holds every date it covers', () => {
    const daily = scheduledDates(schedule({ repeat: 'DAILY' }), '2026-01-01', '2027-02-04');
    expect(daily).toHaveLength(400);
    expect(daily.slice(-2)).toEqual(['2027-02-03', '2027-02-04']);
    // 2026 has 52 Tuesdays, the first on 6 January.
    const tuesdays = scheduledDates(
      schedule({ repeat: 'WEEKLY', weekdays: [2] }),
      '2026-01-01',
      '2026-12-31',
    );
    expect(tuesdays).toHaveLength(52);
    expect([tuesdays[0], tuesdays.at(-1)]).toEqual(['2026-01-06', '2026-12-29']);
  });

  test('a malformed or impossible date is refused', () => {
    const daily = schedule({ repeat: 'DAILY' });
    expect(() => scheduledDates(daily, '2026-02-30', '2026-03-31')).toThrow(RangeError);
    expect(() => scheduledDates(daily, '2026-3-1', '2026-03-31')).toThrow(RangeError);
    expect(() => countDates('2026-01-01', 'tomorrow')).toThrow(RangeError);
  });

  test('countDates counts both ends', () => {
    expect(countDates('2026-01-01', '2026-01-01')).toBe(1);
    expect(countDates('2026-01-01', '2026-12-31')).toBe(365);
    expect(countDates('2026-01-02', '2026-01-01')).toBe(0);
  });
});

describe('occurrenceWindow at a local time', () => {
  test('London: due 09:00 keeps its wall-clock time across both changes, the UTC instant moves', () => {
    expect(windowOf(london, atTime('09:00'), '2026-03-28')).toEqual([
      '2026-03-28T00:00:00.000Z',
      '2026-03-28T09:00:00.000Z',
    ]);
    // The clocks go forward at 01:00 on Sunday 29 March: midnight was still GMT, 09:00 is BST.
    expect(windowOf(london, atTime('09:00'), '2026-03-29')).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
    ]);
    expect(windowOf(london, atTime('09:00'), '2026-03-30')).toEqual([
      '2026-03-29T23:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
    // They go back at 02:00 on Sunday 25 October: midnight was BST, 09:00 is GMT.
    expect(windowOf(london, atTime('09:00'), '2026-10-24')).toEqual([
      '2026-10-23T23:00:00.000Z',
      '2026-10-24T08:00:00.000Z',
    ]);
    expect(windowOf(london, atTime('09:00'), '2026-10-25')).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
    ]);
  });

  test('New York: due 09:00 keeps its wall-clock time on the second Sunday of March and first of November', () => {
    expect(windowOf(newYork, atTime('09:00'), '2026-03-07')).toEqual([
      '2026-03-07T05:00:00.000Z',
      '2026-03-07T14:00:00.000Z',
    ]);
    expect(windowOf(newYork, atTime('09:00'), '2026-03-08')).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
    ]);
    expect(windowOf(newYork, atTime('09:00'), '2026-10-31')).toEqual([
      '2026-10-31T04:00:00.000Z',
      '2026-10-31T13:00:00.000Z',
    ]);
    expect(windowOf(newYork, atTime('09:00'), '2026-11-01')).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
    ]);
  });

  test('a due time the clocks skip moves forward by the gap', () => {
    // 01:30 does not exist in London on 29 March: 02:30 BST.
    expect(windowOf(london, atTime('01:30'), '2026-03-29')?.[1]).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 does not exist in New York on 8 March: 03:30 EDT.
    expect(windowOf(newYork, atTime('02:30'), '2026-03-08')?.[1]).toBe('2026-03-08T07:30:00.000Z');
  });

  test('a due time the clocks repeat is its second occurrence, after they go back', () => {
    expect(windowOf(london, atTime('01:30'), '2026-10-25')?.[1]).toBe('2026-10-25T01:30:00.000Z');
    expect(windowOf(newYork, atTime('01:30'), '2026-11-01')?.[1]).toBe('2026-11-01T06:30:00.000Z');
  });

  test('due at 00:00 is the end of the date, 23 hours on the spring-forward day', () => {
    expect(windowOf(london, atTime('00:00'), '2026-03-29')).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ]);
  });

  test('no occurrence on a day the site is closed: made anyway, it counted as missed', () => {
    // Mondays are closed in New York; Tuesday opens at 11:00, and a due time before it is still made.
    expect(occurrenceWindow(newYork, atTime('09:00'), '2026-03-09')).toBeUndefined();
    expect(occurrenceWindow(newYork, atTime('00:00'), '2026-03-09')).toBeUndefined();
    expect(windowOf(newYork, atTime('09:00'), '2026-03-10')).toEqual([
      '2026-03-10T04:00:00.000Z',
      '2026-03-10T13:00:00.000Z',
    ]);
  });
});

describe('occurrenceWindow in a slot', () => {
  test('London MORNING keeps its local hours across both changes', () => {
    // Sundays open at 09:00, so MORNING runs 10:00 to 11:30.
    expect(windowOf(london, inSlot('MORNING'), '2026-03-22')).toEqual([
      '2026-03-22T10:00:00.000Z',
      '2026-03-22T11:30:00.000Z',
    ]);
    expect(windowOf(london, inSlot('MORNING'), '2026-03-29')).toEqual([
      '2026-03-29T09:00:00.000Z',
      '2026-03-29T10:30:00.000Z',
    ]);
    expect(windowOf(london, inSlot('MORNING'), '2026-10-18')).toEqual([
      '2026-10-18T09:00:00.000Z',
      '2026-10-18T10:30:00.000Z',
    ]);
    expect(windowOf(london, inSlot('MORNING'), '2026-10-25')).toEqual([
      '2026-10-25T10:00:00.000Z',
      '2026-10-25T11:30:00.000Z',
    ]);
  });

  test('New York MORNING keeps its local hours across both changes', () => {
    // Sundays open at 10:00, so MORNING runs 11:00 to 11:30.
    expect(windowOf(newYork, inSlot('MORNING'), '2026-03-01')).toEqual([
      '2026-03-01T16:00:00.000Z',
      '2026-03-01T16:30:00.000Z',
    ]);
    expect(windowOf(newYork, inSlot('MORNING'), '2026-03-08')).toEqual([
      '2026-03-08T15:00:00.000Z',
      '2026-03-08T15:30:00.000Z',
    ]);
    expect(windowOf(newYork, inSlot('MORNING'), '2026-10-25')).toEqual([
      '2026-10-25T15:00:00.000Z',
      '2026-10-25T15:30:00.000Z',
    ]);
    expect(windowOf(newYork, inSlot('MORNING'), '2026-11-01')).toEqual([
      '2026-11-01T16:00:00.000Z',
      '2026-11-01T16:30:00.000Z',
    ]);
  });

  test('a slot across the change belongs to the date it started on and lasts its real hours', () => {
    // London, Saturday 28 March: closing at 01:00, which the clocks skip, becomes 02:00 BST.
    expect(windowOf(london, inSlot('CLOSE'), '2026-03-28')).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
    ]);
    expect(windowOf(london, inSlot('AFTER_CLOSE'), '2026-03-28')).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T03:00:00.000Z',
    ]);
    // London, Saturday 24 October: the 01:00 closing is the second one, GMT.
    expect(windowOf(london, inSlot('AFTER_CLOSE'), '2026-10-24')).toEqual([
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T03:00:00.000Z',
    ]);
    // New York, Saturday 7 March: after closing at 00:30 EST, two hours end at 03:30 EDT.
    expect(windowOf(newYork, inSlot('AFTER_CLOSE'), '2026-03-07')).toEqual([
      '2026-03-08T05:30:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    // New York, Saturday 31 October: after closing at 00:30 EDT, two hours end at 01:30 EST.
    expect(windowOf(newYork, inSlot('AFTER_CLOSE'), '2026-10-31')).toEqual([
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T06:30:00.000Z',
    ]);
  });

  test('no occurrence on a day the site is closed', () => {
    expect(occurrenceWindow(newYork, inSlot('MORNING'), '2026-03-09')).toBeUndefined();
    expect(occurrenceWindow(newYork, inSlot('OPEN'), '2026-03-09')).toBeUndefined();
    expect(occurrenceWindow(newYork, inSlot('OPEN'), '2026-03-10')).toBeDefined();
  });

  test('no occurrence when the day has no such slot', () => {
    // Open 08:00 to 10:00: the first and last hours leave nothing for the middle slots.
    const short: SiteHours = { timeZoneId: 'Europe/London', timing: hours({ 1: ['08:00', '10:00'] }) };
    expect(occurrenceWindow(short, inSlot('LUNCH'), '2026-03-23')).toBeUndefined();
    expect(windowOf(short, inSlot('OPEN'), '2026-03-23')).toEqual([
      '2026-03-23T08:00:00.000Z',
      '2026-03-23T09:00:00.000Z',
    ]);
  });

  test("a site's own slot windows decide the slot", () => {
    const site = { ...london, slotWindows: { LUNCH: { from: '12:00', to: '15:00' } } };
    expect(windowOf(site, inSlot('LUNCH'), '2026-03-23')).toEqual([
      '2026-03-23T12:00:00.000Z',
      '2026-03-23T15:00:00.000Z',
    ]);
  });
});
