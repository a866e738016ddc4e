import type { Timing } from '@console/shared-sdk/sites';
import { siteFormat } from '@console/shared-sdk/ui';
import { dueTimeNotice } from './schedule-hours';
import type { SentenceSchedule } from './schedule-sentence';

/** Opening hours by day key (0 = Sunday); days not given are closed. */
function hours(days: Partial<Record<number, [string, string]>>): Timing {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const open = days[day];
    return open
      ? { day, isOpen: true, openTime: open[0], closeTime: open[1] }
      : { day, isOpen: false, openTime: '09:00', closeTime: '17:00' };
  });
}

/** Brighton in the demo: 08:00 to 23:00, Sunday 09:00 to 22:00, to 01:00 on Friday and Saturday nights. */
const brighton = hours({
  0: ['09:00', '22:00'],
  1: ['08:00', '23:00'],
  2: ['08:00', '23:00'],
  3: ['08:00', '23:00'],
  4: ['08:00', '23:00'],
  5: ['08:00', '01:00'],
  6: ['08:00', '01:00'],
});
/** Brooklyn in the demo: closed on Mondays. */
const brooklyn = hours({
  0: ['10:00', '22:00'],
  2: ['11:00', '23:00'],
  3: ['11:00', '23:00'],
  4: ['11:00', '23:00'],
  5: ['11:00', '00:30'],
  6: ['10:00', '00:30'],
});

/** The site's today, and how a British site writes dates and times. */
const options = { today: '2026-03-30', format: siteFormat('C', 'Europe/London', 'en-GB') };
/** The same day at an American site: month first, on a 12-hour clock. */
const inNewYork = { today: '2026-03-30', format: siteFormat('F', 'America/New_York', 'en-US') };
const daily = (dueTime: string, more: Partial<SentenceSchedule> = {}): SentenceSchedule => ({
  repeat: 'DAILY',
  startDate: '2026-03-30',
  dueTime,
  ...more,
});

test('a due time within the hours of every day it is made says nothing', () => {
  expect(dueTimeNotice(daily('12:00'), brighton, options)).toEqual({ outsideHours: null, closedDays: null });
  // At opening and at closing are within the hours.
  expect(dueTimeNotice(daily('09:00'), brighton, options).outsideHours).toBeNull();
  expect(dueTimeNotice(daily('22:00'), brighton, options).outsideHours).toBeNull();
});

test('a due time outside the hours names the days it is outside them', () => {
  expect(dueTimeNotice(daily('08:30'), brighton, options).outsideHours).toBe(
    "Due by 08:30 is outside the site's opening hours on Sunday. If nobody is there then, the task counts " +
      'as missed: choose a time when the site is open, or keep this one if staff are there.',
  );
  // Midnight is the end of the date: after closing on Sunday to Thursday, within the late Friday and Saturday.
  expect(dueTimeNotice(daily('00:00'), brighton, options).outsideHours).toMatch(
    /^Due by midnight is outside the site's opening hours on Monday, Tuesday, Wednesday, Thursday and Sunday\. /,
  );
  expect(dueTimeNotice(daily('06:00'), brighton, options).outsideHours).toMatch(
    /opening hours on every day it is made\./,
  );
});

test('a time after midnight is within the night before when that runs past it', () => {
  // 00:30 on Saturday and Sunday is the Friday and Saturday nights' late licence.
  const weekend = { repeat: 'WEEKLY' as const, weekdays: [0, 6] };
  expect(dueTimeNotice(daily('00:30', weekend), brighton, options).outsideHours).toBeNull();
  expect(
    dueTimeNotice(daily('00:30', { repeat: 'WEEKLY', weekdays: [1] }), brighton, options).outsideHours,
  ).toMatch(/on Monday\./);
});

test('closed days get no task: the notice says which, and they are not warned of', () => {
  const notice = dueTimeNotice(daily('09:00'), brooklyn, options);
  expect(notice.closedDays).toBe('The site is closed on Monday: no task is made on that day.');
  // 09:00 is before Brooklyn opens on every day it is open.
  expect(notice.outsideHours).toMatch(/on every day it is made\./);

  const weekly = dueTimeNotice(daily('12:00', { repeat: 'WEEKLY', weekdays: [1, 2] }), brooklyn, options);
  expect(weekly).toEqual({
    outsideHours: null,
    closedDays: 'The site is closed on Monday: no task is made on that day.',
  });
  // 30 March 2026 is a Monday.
  expect(dueTimeNotice(daily('12:00', { repeat: 'ONCE' }), brooklyn, options)).toEqual({
    outsideHours: null,
    closedDays: 'The site is closed on Mon 30 Mar: the task would not be made.',
  });
  expect(
    dueTimeNotice(daily('12:00', { repeat: 'MONTHLY', dayOfMonth: 9 }), brooklyn, options).closedDays,
  ).toBe('The site is closed on Monday: a month whose 9th falls on one has no task.');
  expect(dueTimeNotice(daily('12:00'), hours({}), options).closedDays).toBe(
    'The site is closed every day: no task is made.',
  );
});

test('a schedule shorter than a week is checked on the days it has', () => {
  // Tuesday 31 March to Thursday 2 April: Brooklyn's Monday is not among them.
  const short = daily('12:00', { startDate: '2026-03-31', endDate: '2026-04-02' });
  expect(dueTimeNotice(short, brooklyn, options)).toEqual({ outsideHours: null, closedDays: null });
  // Not known yet: a weekly schedule without days, a monthly one without its day.
  expect(dueTimeNotice(daily('06:00', { repeat: 'WEEKLY', weekdays: [] }), brighton, options)).toEqual({
    outsideHours: null,
    closedDays: null,
  });
});

test('at an American site the notice names the due time on a 12-hour clock and dates month first', () => {
  expect(dueTimeNotice(daily('09:00'), brooklyn, inNewYork).outsideHours).toMatch(
    /^Due by 9:00 AM is outside the site's opening hours on every day it is made\. /,
  );
  expect(dueTimeNotice(daily('12:00', { repeat: 'ONCE' }), brooklyn, inNewYork).closedDays).toBe(
    'The site is closed on Mon, Mar 30: the task would not be made.',
  );
  // The same at a British site.
  expect(dueTimeNotice(daily('09:00'), brooklyn, options).outsideHours).toMatch(/^Due by 09:00 is outside/);
});
