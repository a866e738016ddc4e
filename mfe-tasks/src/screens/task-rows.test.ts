import { deferred } from '@console/shared-sdk/testing';
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

test("the tabs' counts come from the list's own answer: one request for both", async () => {
  const load = jest.fn(async () => answer(3));
  const source = dailyTaskSource(load);
  // As the kit asks: the tabs first (a child's effect), then the list, in the same render.
  const tabCounts = source.counts(dayParams, new AbortController().signal);
  await source.list({ ...dayParams, status: 'LATE', page: 1, limit: 10, sort: 'expireOn' });
  await expect(tabCounts).resolves.toMatchObject({ ALL: 4, UPCOMING: 3 });
  expect(load).toHaveBeenCalledTimes(1);
  // The console's "All" tab is no status on the wire.
  await source.list({ ...dayParams, status: 'ALL' });
  expect(load).toHaveBeenLastCalledWith(expect.not.objectContaining({ status: expect.anything() }), {});
});

test('an answer to a request sent before the counts were asked for does not answer them', async () => {
  const first = deferred<TaskListData>();
  const load = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(answer(7));
  const source = dailyTaskSource(load);
  const before = source.list({ ...dayParams });
  // A task was completed meanwhile: the kit reloads, asking for counts and rows again.
  const tabCounts = source.counts(dayParams, new AbortController().signal);
  const after = source.list({ ...dayParams });
  first.resolve(answer(2));
  await Promise.all([before, after]);
  await expect(tabCounts).resolves.toMatchObject({ UPCOMING: 7 });
});

test('counts asked for without a list request ask the server themselves, for one row', async () => {
  const load = jest.fn(async () => answer(5));
  const source = dailyTaskSource(load);
  await expect(source.counts(dayParams, new AbortController().signal)).resolves.toMatchObject({
    UPCOMING: 5,
  });
  expect(load).toHaveBeenCalledWith(
    expect.objectContaining({ siteID: site, taskListDate: '2026-03-30', page: 1, limit: 1 }),
    expect.anything(),
  );
});
