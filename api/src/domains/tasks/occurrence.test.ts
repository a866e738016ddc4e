import type { OccurrenceItemRecord } from './schema.js';
import { bucketOf, completionProblems, isSyncedLate, isUntouched, lateSyncMs } from './occurrence.js';

// The rules every caller of an occurrence shares (DOMAIN.md "Tasks"): its dashboard bucket, whether its
// completion synced late, and what still stops it from being completed.

const expireOn = new Date('2025-06-10T08:00:00.000Z');
const ms = (instant: Date, offset: number) => new Date(instant.getTime() + offset);

describe('bucketOf', () => {
  test('a pending task is upcoming until the instant it expires, and incomplete from that instant', () => {
    const pending = { status: 'PENDING' as const, expireOn, completedAt: null, enteredAfterTheFact: false };
    expect(bucketOf(pending, ms(expireOn, -1))).toBe('UPCOMING');
    expect(bucketOf(pending, expireOn)).toBe('INCOMPLETE');
    expect(bucketOf(pending, ms(expireOn, 60_000))).toBe('INCOMPLETE');
  });

  test('a reported task is in progress before it expires and incomplete once it has', () => {
    const reported = { status: 'REPORTED' as const, expireOn, completedAt: null, enteredAfterTheFact: false };
    expect(bucketOf(reported, ms(expireOn, -1))).toBe('UPCOMING');
    expect(bucketOf(reported, expireOn)).toBe('INCOMPLETE');
  });

  test('a completion counts by its real time: at expireOn is on time, a millisecond later is late', () => {
    const completed = (completedAt: Date) => ({
      status: 'COMPLETED' as const,
      expireOn,
      completedAt,
      enteredAfterTheFact: false,
    });
    const muchLater = ms(expireOn, 24 * 3600_000);
    expect(bucketOf(completed(expireOn), muchLater)).toBe('ON_TIME');
    expect(bucketOf(completed(ms(expireOn, -3600_000)), muchLater)).toBe('ON_TIME');
    expect(bucketOf(completed(ms(expireOn, 1)), muchLater)).toBe('LATE');
    // Whatever the time of reading: a late completion stays late before its expiry is even reached.
    expect(bucketOf(completed(ms(expireOn, 1)), ms(expireOn, -1))).toBe('LATE');
  });

  test('a completion an admin entered after the fact is late, whatever time it claims', () => {
    const corrected = { status: 'COMPLETED' as const, expireOn, completedAt: ms(expireOn, -3600_000) };
    expect(bucketOf({ ...corrected, enteredAfterTheFact: false }, expireOn)).toBe('ON_TIME');
    expect(bucketOf({ ...corrected, enteredAfterTheFact: true }, expireOn)).toBe('LATE');
  });

  test('a deleted task is deleted whatever its times', () => {
    expect(
      bucketOf(
        { status: 'DELETED', expireOn, completedAt: null, enteredAfterTheFact: false },
        ms(expireOn, 1),
      ),
    ).toBe('DELETED');
    expect(
      bucketOf(
        { status: 'DELETED', expireOn, completedAt: expireOn, enteredAfterTheFact: false },
        ms(expireOn, -1),
      ),
    ).toBe('DELETED');
  });
});

describe('isSyncedLate', () => {
  const completedAt = new Date('2025-06-10T07:00:00.000Z');
  test('late only when the completion reached the server more than 30 minutes after it happened', () => {
    expect(lateSyncMs).toBe(30 * 60_000);
    expect(isSyncedLate({ completedAt, syncedAt: ms(completedAt, lateSyncMs) })).toBe(false);
    expect(isSyncedLate({ completedAt, syncedAt: ms(completedAt, lateSyncMs + 1) })).toBe(true);
    expect(isSyncedLate({ completedAt, syncedAt: completedAt })).toBe(false);
    expect(isSyncedLate({ completedAt: null, syncedAt: null })).toBe(false);
  });
});

const line = (
  id: string,
  text: string,
  change: Partial<OccurrenceItemRecord> = {},
): OccurrenceItemRecord => ({
  id,
  text,
  required: true,
  photoRequired: false,
  status: 'PENDING',
  statusChangeOn: null,
  changedBy: null,
  comment: null,
  ...change,
});

describe('completionProblems', () => {
  test('names each required line still pending; optional and failed lines do not stop completion', () => {
    const items = [
      line('a', 'Fridge at or below 5 °C'),
      line('b', 'Door seal clean', { status: 'COMPLETED' }),
      line('c', 'Probe wiped', { required: false }),
      line('d', 'Freezer at or below -18 °C', { status: 'FAILED', comment: 'Reads -12 °C' }),
      line('e', 'Log signed'),
    ];
    expect(completionProblems(items, false, [])).toEqual([
      '"Fridge at or below 5 °C" is not done yet',
      '"Log signed" is not done yet',
    ]);
  });

  test('a line that needs a photo needs one of its own, even when it is ticked', () => {
    const items = [line('a', 'Label the tray', { status: 'COMPLETED', photoRequired: true })];
    expect(completionProblems(items, false, [])).toEqual(['"Label the tray" needs a photo']);
    expect(completionProblems(items, false, [{ checklistItemId: null }])).toEqual([
      '"Label the tray" needs a photo',
    ]);
    expect(completionProblems(items, false, [{ checklistItemId: 'b' }])).toEqual([
      '"Label the tray" needs a photo',
    ]);
    expect(completionProblems(items, false, [{ checklistItemId: 'a' }])).toEqual([]);
  });

  test('a task that needs a photo is satisfied by any photo on it', () => {
    const items = [line('a', 'Mop the floor', { status: 'COMPLETED' })];
    expect(completionProblems(items, true, [])).toEqual(['This task needs a photo']);
    expect(completionProblems(items, true, [{ checklistItemId: null }])).toEqual([]);
    expect(completionProblems(items, true, [{ checklistItemId: 'a' }])).toEqual([]);
  });

  test('nothing missing, or no checklist at all, is no problem', () => {
    expect(completionProblems([], false, [])).toEqual([]);
    expect(completionProblems([line('a', 'Done', { status: 'COMPLETED' })], false, [])).toEqual([]);
  });
});

describe('isUntouched', () => {
  test('pending, no line moved and no comment', () => {
    expect(isUntouched({ status: 'PENDING', items: [line('a', 'One')] }, 0)).toBe(true);
    expect(isUntouched({ status: 'PENDING', items: [line('a', 'One')] }, 1)).toBe(false);
    expect(isUntouched({ status: 'PENDING', items: [line('a', 'One', { status: 'FAILED' })] }, 0)).toBe(
      false,
    );
    expect(isUntouched({ status: 'REPORTED', items: [] }, 0)).toBe(false);
  });
});
