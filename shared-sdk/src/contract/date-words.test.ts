import {
  formatDay,
  formatDayRange,
  formatInstant,
  formatInstantNamingZone,
  formatWallTime,
} from './date-words.js';

// 17:30 in London on a Saturday in November is 12:30 in New York and already Sunday in Auckland.
const instant = '2026-11-28T17:30:00.000Z';

test('an instant is written in the zone it is given, day before month, on a 24-hour clock', () => {
  expect(formatInstant(instant, 'Europe/London')).toBe('28 Nov 2026, 17:30');
  expect(formatInstant(new Date(instant), 'America/New_York')).toBe('28 Nov 2026, 12:30');
  expect(formatInstant(instant, 'Pacific/Auckland', 'date')).toBe('29 Nov 2026');
  expect(formatInstant(instant, 'Europe/London', 'time')).toBe('17:30');
  expect(formatInstant('2026-11-28T08:05:00.000Z', 'Europe/London', 'time')).toBe('08:05');
  expect(formatInstant(instant, 'Europe/London', 'weekdayDateTime')).toBe('Sat, 28 Nov 2026, 17:30');
  expect(formatInstant(instant, 'Europe/London', 'dayMonthTime')).toBe('28 Nov, 17:30');
  expect(formatInstantNamingZone(instant, 'America/New_York')).toBe(
    'Sat, 28 Nov 2026, 12:30 (America/New_York time)',
  );
});

test('a calendar day is written as the day it is, whatever zone the machine is in', () => {
  expect(formatDay('2026-11-21')).toBe('21 Nov 2026');
  expect(formatDay('2026-11-21', 'weekdayDate')).toBe('Sat, 21 Nov 2026');
  expect(formatDay('2026-11-21', 'dayMonth')).toBe('21 Nov');
  expect(formatDay('2026-11-21', 'weekday')).toBe('Sat');
});

test('a day with its weekday and without its year reads as the locale writes it', () => {
  expect(formatDay('2026-12-01', 'weekdayDayMonth')).toBe('Tue 1 Dec');
  expect(formatDay('2026-12-01', 'weekdayDayMonth', 'en-US')).toBe('Tue, Dec 1');
});

test('a wall time is the time of day it says, on the clock of the locale', () => {
  expect(formatWallTime('17:30')).toBe('17:30');
  expect(formatWallTime('08:05', 'en-GB')).toBe('08:05');
  expect(formatWallTime('00:00', 'en-GB')).toBe('00:00');
  // Some ICU versions put a narrow no-break space before the PM.
  expect(formatWallTime('17:30', 'en-US')).toMatch(/^5:30\sPM$/);
  expect(formatWallTime('00:30', 'en-US')).toMatch(/^12:30\sAM$/);
  expect(formatWallTime('12:00', 'en-US')).toMatch(/^12:00\sPM$/);
});

test('a range of days names a shared month and year once', () => {
  expect(formatDayRange('2026-03-30', '2026-04-05')).toBe('30 Mar – 5 Apr 2026');
  expect(formatDayRange('2026-04-06', '2026-04-12')).toBe('6 – 12 Apr 2026');
});
