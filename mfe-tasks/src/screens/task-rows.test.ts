import type { TaskListData } from '@console/shared-sdk/tasks';
import { dailyTaskSource, taskKey, taskRefOf } from './task-rows';

const site = '0190a000-0000-7000-8000-0000000000c1';
const master = '0190a000-0000-7000-8000-0000000000a1';
const occurrence = '0190a000-0000-7000-8000-0000000000a2';

const counts = (upcoming: number): TaskListData['counts'] => ({
  ALL: upcoming + 1,
  UPCOMING: upcoming,
  ON_TIME: 1,
  LATE: 0,
  INCOMPLETE: 0,
  DELETED: 0,
});
const answer = (upcoming: number): TaskListData => ({
  list: [],
  records: 0,
  page: 1,
  limit: 10,
  timeZoneId: 'Europe/London',
  counts: counts(upcoming),
});
const dayParams = { siteID: site, taskListDate: '2026-03-30', search: '' };

test('a key holds both ids of an occurrence, and only a key of that shape is read', () => {
  const key = taskKey({ masterTaskID: master, individualTaskID: occurrence });
  expect(taskRefOf(key)).toEqual({ masterTaskID: master, individualTaskID: occurrence });
  expect(taskRefOf(occurrence)).toBeNull();
  expect(taskRefOf(`${key}.${occurrence}`)).toBeNull();
});

test("the list's answer carries the day's counts for the tabs, and the All tab is no status on the wire", async () => {
  const load = jest.fn(async () => answer(3));
  const source = dailyTaskSource(load);
  await expect(
    source.list({ ...dayParams, status: 'LATE', page: 1, limit: 10, sort: 'expireOn' }),
  ).resolves.toMatchObject({ counts: { ALL: 4, UPCOMING: 3 } });
  expect(load).toHaveBeenCalledTimes(1);
  await source.list({ ...dayParams, status: 'ALL' });
  expect(load).toHaveBeenLastCalledWith(expect.not.objectContaining({ status: expect.anything() }), {});
});
