import type { Timing } from '@console/shared-sdk/sites';
import { siteFormat } from '@console/shared-sdk/ui';
import { formatHours, hoursStatus, todaysHours } from './hours';

/** How a British site writes its times, and an American one. */
const british = siteFormat('C', 'Europe/London', 'en-GB');
const american = siteFormat('F', 'America/New_York', 'en-US');

const lateWeekend: Timing = [
  { day: 5, isOpen: true, openTime: '08:00', closeTime: '01:00' },
  { day: 6, isOpen: true, openTime: '08:00', closeTime: '01:00' },
  { day: 0, isOpen: false, openTime: '09:00', closeTime: '17:00' },
];

test('shows the local day and hours, open or not', () => {
  // Friday 23 Oct 2026, 12:00 in London (11:00 UTC, summer time).
  const noon = todaysHours(lateWeekend, 'Europe/London', british, new Date('2026-10-23T11:00:00Z'));
  expect(noon).toEqual({
    localDate: 'Fri 23 Oct',
    hours: '08:00–01:00',
    openNow: true,
    changesAt: '01:00',
    changesOn: null,
  });
});

test('after midnight a site is still open from the evening before', () => {
  // Sunday 25 Oct 00:30 BST: Saturday's opening runs to 01:00 even though Sunday is closed.
  const lateNight = todaysHours(lateWeekend, 'Europe/London', british, new Date('2026-10-24T23:30:00Z'));
  expect(lateNight).toMatchObject({
    localDate: 'Sun 25 Oct',
    hours: null,
    openNow: true,
    changesAt: '01:00',
  });
});

test('before opening it says when it opens; the same instant is another day in New York', () => {
  const early = todaysHours(lateWeekend, 'Europe/London', british, new Date('2026-10-23T05:00:00Z'));
  expect(early).toMatchObject({ openNow: false, changesAt: '08:00' });
  const newYork = todaysHours(lateWeekend, 'America/New_York', british, new Date('2026-10-24T03:00:00Z'));
  // 23:00 on Friday in New York: open until 01:00.
  expect(newYork).toMatchObject({ localDate: 'Fri 23 Oct', openNow: true });
});

test('equal opening and closing times read "Open 24 hours", and the site is open at any hour', () => {
  const allDay: Timing = [{ day: 5, isOpen: true, openTime: '07:00', closeTime: '07:00' }];
  const night = todaysHours(allDay, 'Europe/London', british, new Date('2026-10-23T02:00:00Z'));
  expect(night.hours).toBe('Open 24 hours');
  const evening = todaysHours(allDay, 'Europe/London', british, new Date('2026-10-23T20:00:00Z'));
  expect(evening).toMatchObject({ hours: 'Open 24 hours', openNow: true });
});

test('a site open around the clock never "closes at 00:00"', () => {
  const everyDay: Timing = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    isOpen: true,
    openTime: '00:00',
    closeTime: '00:00',
  }));
  const today = todaysHours(everyDay, 'Europe/London', british, new Date('2026-10-23T11:00:00Z'));
  expect(today).toMatchObject({ hours: 'Open 24 hours', openNow: true, changesAt: null });
  expect(hoursStatus(today, british)).toBe('Open now, around the clock');
});

test('a day open 24 hours runs on into the next opening, and says when it really closes', () => {
  const weekend: Timing = [
    { day: 5, isOpen: true, openTime: '00:00', closeTime: '00:00' },
    { day: 6, isOpen: true, openTime: '00:00', closeTime: '17:00' },
  ];
  // Friday 12:00: open through Saturday until 17:00, more than a day away.
  const friday = todaysHours(weekend, 'Europe/London', british, new Date('2026-10-23T11:00:00Z'));
  expect(friday).toMatchObject({ openNow: true, changesAt: '17:00', changesOn: 'Sat' });
  expect(hoursStatus(friday, british)).toBe('Open now · closes Sat at 17:00');
  // With Saturday closed, Friday's 24 hours end at midnight.
  const alone = todaysHours(weekend.slice(0, 1), 'Europe/London', british, new Date('2026-10-23T11:00:00Z'));
  expect(hoursStatus(alone, british)).toBe('Open now · closes at midnight');
});

test('the status line of an ordinary day', () => {
  const early = todaysHours(lateWeekend, 'Europe/London', british, new Date('2026-10-23T05:00:00Z'));
  expect(hoursStatus(early, british)).toBe('Closed now · opens at 08:00');
  const noon = todaysHours(lateWeekend, 'Europe/London', british, new Date('2026-10-23T11:00:00Z'));
  expect(hoursStatus(noon, british)).toBe('Open now · closes at 01:00');
  const sunday = todaysHours(lateWeekend, 'Europe/London', british, new Date('2026-10-25T12:00:00Z'));
  expect(hoursStatus(sunday, british)).toBe('Closed now');
});

test("an American site's hours and times read on a 12-hour clock; a British site's on a 24-hour one", () => {
  const evenings: Timing = [{ day: 5, isOpen: true, openTime: '08:00', closeTime: '23:30' }];
  // Friday 23 Oct 2026, 07:00 in New York and in London.
  const newYork = todaysHours(evenings, 'America/New_York', american, new Date('2026-10-23T11:00:00Z'));
  expect(newYork.hours).toBe('8:00 AM–11:30 PM');
  expect(hoursStatus(newYork, american)).toBe('Closed now · opens at 8:00 AM');
  const london = todaysHours(evenings, 'Europe/London', british, new Date('2026-10-23T06:00:00Z'));
  expect(london.hours).toBe('08:00–23:30');
  expect(hoursStatus(london, british)).toBe('Closed now · opens at 08:00');
  // Open: when it closes. Midnight stays a word in either.
  const noon = todaysHours(evenings, 'America/New_York', american, new Date('2026-10-23T16:00:00Z'));
  expect(hoursStatus(noon, american)).toBe('Open now · closes at 11:30 PM');
  expect(formatHours({ openTime: '18:00', closeTime: '00:00' }, american)).toBe('6:00 PM–12:00 AM');
});
