import type { PackReading } from './pack-content.js';
import { dayCellWords } from './pack-pdf.js';
import { packWritingOf } from './pack-words.js';

// A week's grid cell: an item's readings of one day. A few are listed one by one; a logger's dozens are
// summed up (how many, when, their span), with the count of those that did not pass, which follow in full.
// Each as its site writes it: an English site's in °C on a 24-hour clock, an American one's in °F on a
// 12-hour clock.

const england = packWritingOf({ jurisdiction: 'GB-ENG', timeZoneId: 'Europe/London' });
const newYork = packWritingOf({ jurisdiction: 'US-NYC', timeZoneId: 'America/New_York' });

const reading = (time: string, celsius: number, result: PackReading['result'] = 'PASS'): PackReading => ({
  id: time,
  date: '2026-11-20',
  time,
  item: 'Walk-in chiller: Top shelf',
  check: 'Fridge temperatures: Fridge',
  limits: 'at most 5 °C (warns up to 8 °C)',
  celsius,
  result,
  aboveLegalLimit: celsius > 8,
  backFilled: false,
  sensor: false,
  readBy: 'Grace Liu',
  correctiveAction: result === 'FAIL' ? 'Stock moved' : null,
  note: null,
});

test('a few readings are listed one by one, a failure marked in words', () => {
  const readings = [reading('08:20', 3.1), reading('22:30', 9.2, 'FAIL')];
  expect(dayCellWords(readings, england)).toBe('08:20 3.1\n22:30 9.2 (Fail)');
  expect(dayCellWords(readings, newYork)).toBe('8:20 AM 37.6\n10:30 PM 48.6 (Fail)');
});

test('a logger’s many readings are summed up: how many, from when to when, their span and what did not pass', () => {
  const many = Array.from({ length: 12 }, (_, hour) =>
    reading(
      `${String(hour + 8).padStart(2, '0')}:00`,
      hour === 5 ? 9.4 : -1.5 + hour / 10,
      hour === 5 ? 'FAIL' : 'PASS',
    ),
  );
  expect(dayCellWords(many, england)).toBe(
    '12 readings\n08:00–19:00\n−1.5 °C to 9.4 °C\n1 not passed: below',
  );
  expect(dayCellWords(many, newYork)).toBe(
    '12 readings\n8:00 AM–7:00 PM\n29.3 °F to 48.9 °F\n1 not passed: below',
  );
});
