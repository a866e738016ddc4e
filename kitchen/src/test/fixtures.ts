import type {
  DevicePeople,
  IndividualTask,
  LoginResponse,
  OccurrenceChecklistItem,
  StaffDay,
  TaskView,
} from '@console/shared-sdk/contract';

// Answers of the API as the kitchen's tests need them: Brighton's kitchen, two of its staff, a day of tasks.

export const ids = {
  org: '0190a000-0000-7000-8000-0000000000b1',
  site: '0190a000-0000-7000-8000-0000000000c1',
  device: '0190a000-0000-7000-8000-0000000000d1',
  anna: '0190a000-0000-7000-8000-000000000101',
  ben: '0190a000-0000-7000-8000-000000000102',
  master: '0190a000-0000-7000-8000-000000000201',
  task: '0190a000-0000-7000-8000-000000000301',
  otherTask: '0190a000-0000-7000-8000-000000000302',
  lineA: '0190a000-0000-7000-8000-000000000401',
  lineB: '0190a000-0000-7000-8000-000000000402',
} as const;

export const zone = 'Europe/London';

const names = { [ids.anna]: ['Anna', 'Nowak'], [ids.ben]: ['Ben', 'Cole'] } as const;

/** A sign-in's answer for Anna or Ben; tokens named after the person and `n`. */
export function loginAs(userID: typeof ids.anna | typeof ids.ben, n = 1): LoginResponse {
  const [firstName, lastName] = names[userID];
  const accessToken = `access-${firstName}-${n}`;
  return {
    accessToken,
    refreshToken: `refresh-${firstName}-${n}`,
    expiresIn: 900,
    userData: {
      userID,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      role: 'STAFF',
      orgId: ids.org,
      siteIds: [ids.site],
      ability: [],
      accessToken,
    },
  };
}

export const device = {
  _id: ids.device,
  name: 'Pass tablet',
  siteID: ids.site,
  siteName: 'Brighton',
  timeZoneId: zone,
  organizationName: 'Harbour & Vine',
};

export const roster: DevicePeople = {
  device,
  people: [
    { userID: ids.anna, firstName: 'Anna', lastName: 'Nowak', hasPin: true, language: 'pl' },
    { userID: ids.ben, firstName: 'Ben', lastName: 'Cole', hasPin: false, language: 'en' },
  ],
};

const stamp = '2026-11-28T06:00:00.000Z';

export function line(
  id: string,
  text: string,
  extra: Partial<OccurrenceChecklistItem> = {},
): OccurrenceChecklistItem {
  return {
    _id: id,
    text,
    required: true,
    photoRequired: false,
    status: 'PENDING',
    statusChangeOn: null,
    changedBy: null,
    comment: null,
    ...extra,
  };
}

/** A task of today at Brighton, due in the afternoon slot unless told; open since this morning. */
export function task(extra: Partial<IndividualTask> = {}): IndividualTask {
  const later = new Date(Date.now() + 3 * 3600_000).toISOString();
  return {
    _id: ids.task,
    orgId: ids.org,
    masterTaskID: ids.master,
    siteID: ids.site,
    name: 'Fridge temperatures',
    description: 'Check every fridge on the line.',
    category: null,
    assignees: [],
    departments: [],
    taskDate: '2026-11-28',
    opensAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    expireOn: later,
    dueSlot: 'AFTERNOON',
    dueTime: null,
    status: 'PENDING',
    bucket: 'UPCOMING',
    photoRequired: false,
    itemCheckList: [line(ids.lineA, 'Walk-in fridge below 5 °C'), line(ids.lineB, 'Door seals clean')],
    completedAt: null,
    completedBy: null,
    syncedAt: null,
    syncedLate: false,
    enteredAfterTheFact: false,
    commentCount: 0,
    imageCount: 0,
    timeZoneId: zone,
    followUp: null,
    createdAt: stamp,
    updatedAt: stamp,
    ...extra,
  };
}

export const view = (extra: Partial<TaskView> = {}): TaskView => ({
  ...task(),
  comments: [],
  history: [],
  ...extra,
});

export function day(list: IndividualTask[] = [task()]): StaffDay {
  return {
    list,
    records: list.length,
    sites: [{ siteID: ids.site, name: 'Brighton', timeZoneId: zone, date: '2026-11-28' }],
  };
}
