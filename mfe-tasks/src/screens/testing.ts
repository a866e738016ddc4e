import type { IndividualTask } from '@console/shared-sdk/tasks';
import { demoIds } from '@console/shared-sdk/testing';

// What the task screens' tests share: never imported by a screen, so never in a bundle.

export const testId = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/**
 * Brighton's occurrence `n` of Monday 30 March 2026, due at 16:00 and upcoming, nobody assigned; a test
 * overrides what it is about.
 */
export function occurrence(n: number, name: string, overrides: Partial<IndividualTask> = {}): IndividualTask {
  return {
    _id: testId(100 + n),
    orgId: demoIds.org,
    masterTaskID: testId(200 + n),
    siteID: demoIds.brighton,
    name,
    description: '',
    category: { _id: testId(301), name: 'Daily checks' },
    assignees: [],
    departments: [],
    taskDate: '2026-03-30',
    opensAt: '2026-03-30T08:00:00.000Z',
    expireOn: '2026-03-30T15:00:00.000Z',
    dueSlot: null,
    dueTime: '16:00',
    status: 'PENDING',
    bucket: 'UPCOMING',
    photoRequired: false,
    itemCheckList: [],
    completedAt: null,
    completedBy: null,
    syncedAt: null,
    syncedLate: false,
    enteredAfterTheFact: false,
    commentCount: 0,
    imageCount: 0,
    timeZoneId: 'Europe/London',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
