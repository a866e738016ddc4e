import { formatDay } from '@console/shared-sdk/contract';
import { siteFormat } from '@console/shared-sdk/ui';
import { ordinal, scheduleSentence, type SentenceSchedule } from './schedule-sentence';

/** How a British site writes dates and times, and an American one. */
const british = siteFormat('C', 'Europe/London', 'en-GB');
const american = siteFormat('F', 'America/New_York', 'en-US');

// The site's today in these tests: a Sunday in November 2026, at a British site unless told.
const inNovember2026 = { today: '2026-11-15', format: british };

const say = (schedule: Partial<SentenceSchedule>, options = inNovember2026) =>
  scheduleSentence({ repeat: 'DAILY', startDate: '2026-12-01', ...schedule }, options);

describe('each kind of repeat', () => {
  test('once: the weekday and date, and when it is due', () => {
    expect(say({ repeat: 'ONCE', dueSlot: 'CLOSE' })).toBe('Once on Tue 1 Dec by closing');
  });

  test('once ignores an end date left over from another kind', () => {
    expect(say({ repeat: 'ONCE', endDate: '2026-12-31', dueTime: '09:30' })).toBe(
      'Once on Tue 1 Dec by 09:30',
    );
  });

  test('daily', () => {
    expect(say({ repeat: 'DAILY', dueSlot: 'MORNING' })).toBe('Every day in the morning, from 1 Dec');
  });

  test('weekly on chosen weekdays', () => {
    expect(say({ repeat: 'WEEKLY', weekdays: [1, 2, 3, 4, 5], dueSlot: 'OPEN' })).toBe(
      'Every weekday at opening, from 1 Dec',
    );
  });

  test('monthly on a day of the month', () => {
    expect(say({ repeat: 'MONTHLY', dayOfMonth: 15, dueTime: '14:00' })).toBe(
      'On the 15th of every month by 14:00, from 1 Dec',
    );
  });
});

describe('weekday sets', () => {
  const weekly = (weekdays: number[]) => say({ repeat: 'WEEKLY', weekdays, dueSlot: 'CLOSE' });

  test('Monday to Friday is every weekday, whatever order they were picked in', () => {
    expect(weekly([5, 1, 3, 2, 4])).toBe('Every weekday by closing, from 1 Dec');
  });

  test('Saturday and Sunday are every weekend day', () => {
    expect(weekly([0, 6])).toBe('Every weekend day by closing, from 1 Dec');
  });

  test('all seven are every day, and six name the one left out', () => {
    expect(weekly([0, 1, 2, 3, 4, 5, 6])).toBe('Every day by closing, from 1 Dec');
    expect(weekly([1, 2, 3, 4, 5, 6])).toBe('Every day except Sunday by closing, from 1 Dec');
  });

  test('other sets are listed from Monday, with "and" before the last', () => {
    expect(weekly([1])).toBe('Every Monday by closing, from 1 Dec');
    expect(weekly([4, 2])).toBe('Every Tuesday and Thursday by closing, from 1 Dec');
    expect(weekly([0, 5, 3, 1])).toBe('Every Monday, Wednesday, Friday and Sunday by closing, from 1 Dec');
    expect(weekly([1, 2, 3, 4, 6])).toBe(
      'Every Monday, Tuesday, Wednesday, Thursday and Saturday by closing, from 1 Dec',
    );
  });

  test('no day chosen cannot be told yet', () => {
    expect(weekly([])).toBeNull();
  });
});

describe('days of the month', () => {
  const monthly = (dayOfMonth: number | null) => say({ repeat: 'MONTHLY', dayOfMonth, dueTime: '14:00' });

  test('the 29th, 30th and 31st say what happens in shorter months', () => {
    expect(monthly(31)).toBe(
      'On the 31st of every month (the last day in shorter months) by 14:00, from 1 Dec',
    );
    expect(monthly(30)).toContain('On the 30th of every month (the last day in shorter months)');
    expect(monthly(29)).toContain('On the 29th of every month (the last day in shorter months)');
  });

  test('days every month has need no note', () => {
    expect(monthly(28)).toBe('On the 28th of every month by 14:00, from 1 Dec');
    expect(monthly(1)).toBe('On the 1st of every month by 14:00, from 1 Dec');
  });

  test('no day chosen cannot be told yet', () => {
    expect(monthly(null)).toBeNull();
  });

  test('ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});

describe('when it is due', () => {
  test('each time slot in words', () => {
    const due = (dueSlot: SentenceSchedule['dueSlot']) => say({ dueSlot });
    expect(due('BEFORE_OPEN')).toBe('Every day before opening, from 1 Dec');
    expect(due('OPEN')).toBe('Every day at opening, from 1 Dec');
    expect(due('LUNCH')).toBe('Every day at lunch, from 1 Dec');
    expect(due('AFTERNOON')).toBe('Every day in the afternoon, from 1 Dec');
    expect(due('EVENING')).toBe('Every day in the evening, from 1 Dec');
    expect(due('NIGHT')).toBe('Every day at night, from 1 Dec');
    expect(due('CLOSE')).toBe('Every day by closing, from 1 Dec');
    expect(due('AFTER_CLOSE')).toBe('Every day after closing, from 1 Dec');
  });

  test('a local time, and 00:00 as the end of the day', () => {
    expect(say({ dueTime: '10:00' })).toBe('Every day by 10:00, from 1 Dec');
    expect(say({ dueTime: '00:00' })).toBe('Every day by midnight, from 1 Dec');
  });

  test('a slot wins over a time, as the contract has it', () => {
    expect(say({ dueSlot: 'CLOSE', dueTime: '10:00' })).toBe('Every day by closing, from 1 Dec');
  });

  test('nothing chosen yet leaves the due part out', () => {
    expect(say({})).toBe('Every day, from 1 Dec');
  });
});

describe('dates and years', () => {
  test('an end date', () => {
    expect(say({ endDate: '2026-12-24', dueTime: '10:00' })).toBe(
      'Every day by 10:00, from 1 Dec until 24 Dec',
    );
  });

  test('dates that span two years both show their year', () => {
    expect(say({ endDate: '2027-01-31', dueTime: '10:00' })).toBe(
      'Every day by 10:00, from 1 Dec 2026 until 31 Jan 2027',
    );
  });

  test('a date of another year than the current one shows it', () => {
    expect(say({ repeat: 'ONCE', startDate: '2027-03-02', dueSlot: 'CLOSE' })).toBe(
      'Once on Tue, 2 Mar 2027 by closing',
    );
    expect(say({ startDate: '2027-03-02', dueSlot: 'OPEN' }, { today: '2027-01-10', format: british })).toBe(
      'Every day at opening, from 2 Mar',
    );
  });

  test("a start on the site's today reads as today", () => {
    expect(say({ startDate: '2026-11-15', dueSlot: 'OPEN' })).toBe('Every day at opening, from today');
    expect(say({ startDate: '2026-11-15', endDate: '2026-11-30', dueSlot: 'OPEN' })).toBe(
      'Every day at opening, from today until 30 Nov',
    );
  });

  test('a month reads as the rest of the console writes it', () => {
    // Whether en-GB's September is "Sep" or "Sept" is the browser's: the sentence agrees with the screen.
    expect(say({ startDate: '2027-09-01' }, { today: '2027-08-01', format: british })).toBe(
      `Every day, from ${formatDay('2027-09-01', 'dayMonth', 'en-GB')}`,
    );
  });

  test('no start date, or one that is no date, cannot be told yet', () => {
    expect(say({ startDate: null })).toBeNull();
    expect(say({ startDate: '' })).toBeNull();
    expect(say({ startDate: '2026-02-30' })).toBeNull();
  });
});

describe('at an American site: month first, on a 12-hour clock', () => {
  const inNewYork = { today: '2026-11-15', format: american };

  test('the due time and the dates', () => {
    expect(say({ dueTime: '17:30' }, inNewYork)).toBe('Every day by 5:30 PM, from Dec 1');
    expect(say({ dueTime: '09:30', endDate: '2026-12-24' }, inNewYork)).toBe(
      'Every day by 9:30 AM, from Dec 1 until Dec 24',
    );
    expect(say({ dueTime: '10:00', endDate: '2027-01-31' }, inNewYork)).toBe(
      'Every day by 10:00 AM, from Dec 1, 2026 until Jan 31, 2027',
    );
  });

  test('a one-off with its weekday, and midnight still in words', () => {
    expect(say({ repeat: 'ONCE', dueTime: '17:30' }, inNewYork)).toBe('Once on Tue, Dec 1 by 5:30 PM');
    expect(say({ repeat: 'ONCE', startDate: '2027-03-02', dueTime: '00:00' }, inNewYork)).toBe(
      'Once on Tue, Mar 2, 2027 by midnight',
    );
  });

  test('the same schedule at a British site reads day first on a 24-hour clock', () => {
    expect(say({ dueTime: '17:30' })).toBe('Every day by 17:30, from 1 Dec');
    expect(say({ repeat: 'ONCE', dueTime: '17:30' })).toBe('Once on Tue 1 Dec by 17:30');
  });
});
