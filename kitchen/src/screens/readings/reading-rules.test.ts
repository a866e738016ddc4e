import type { IndividualTask } from '@console/shared-sdk/contract';
import type { OutboxAction } from '../../local/db';
import type { LocalRecords } from '../../local/records';
import { day, ids, task } from '../../test/fixtures';
import { applyFollowUps, breachOf, type ReadingFacts } from './reading-rules';

// The follow-up checks a waiting reading shows in the person's day, as the outbox applies it again on
// every rebuild: one timer per reading, never two, and the check it takes done.

const minute = 60_000;
const curry = '0190a000-0000-7000-8000-000000000604';
const by = { _id: ids.anna, firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com' };
const readAt = new Date(Date.now() - 5 * minute);

const hotHolding: ReadingFacts = {
  siteID: ids.site,
  item: { _id: curry, kind: 'FOOD_ITEM', name: 'Chicken curry' },
  logType: 'HOT_HOLD_DISPLAY',
  checkKind: 'HOT_HOLD',
  result: 'PASS',
  by,
};

const action = (clientId: string): OutboxAction => ({
  seq: 1,
  clientId,
  personId: ids.anna,
  call: 'reading',
  payload: hotHolding,
  deviceTime: readAt.toISOString(),
  createdAt: readAt.getTime(),
  status: 'waiting',
  attempts: 0,
});

function hotHoldCheck(id: string, opensAt: Date, dueAt: Date): IndividualTask {
  return task({
    _id: id,
    name: `Hot-holding re-check ${id}`,
    dueSlot: null,
    opensAt: opensAt.toISOString(),
    expireOn: dueAt.toISOString(),
    followUp: {
      kind: 'HOT_HOLD',
      readingID: ids.master,
      foodItemID: curry,
      dueAt: dueAt.toISOString(),
      cancelled: null,
    },
  });
}

const records = (list: IndividualTask[]): LocalRecords => ({ day: day(list), views: new Map() });
const checks = (local: LocalRecords) =>
  (local.day?.list ?? []).filter((one) => one.followUp).map((one) => [one._id, one.status, one.expireOn]);

test('a hot-holding reading takes the open re-check and starts the next, 2 hours on; applied again, nothing more', () => {
  const open = hotHoldCheck(
    '0190a000-0000-7000-8000-000000000c01',
    new Date(readAt.getTime() - 100 * minute),
    new Date(readAt.getTime() + 20 * minute),
  );
  const local = records([open]);
  const reading = action('0190a000-0000-7000-8000-000000000c99');
  applyFollowUps(local, hotHolding, reading);
  applyFollowUps(local, hotHolding, reading);

  const due = new Date(readAt.getTime() + 120 * minute).toISOString();
  expect(checks(local)).toEqual([
    [open._id, 'COMPLETED', open.expireOn],
    [reading.clientId, 'PENDING', due],
  ]);
});

test('where the server already has the reading (its answer was lost), its own check stands alone', () => {
  const due = new Date(readAt.getTime() + 120 * minute);
  // The server took the device's time a minute earlier (a clock a little ahead).
  const serversOwn = hotHoldCheck(
    '0190a000-0000-7000-8000-000000000c02',
    readAt,
    new Date(due.getTime() - minute),
  );
  const local = records([serversOwn]);
  applyFollowUps(local, hotHolding, action('0190a000-0000-7000-8000-000000000c98'));
  expect(checks(local)).toEqual([[serversOwn._id, 'PENDING', serversOwn.expireOn]]);
});

test('food leaving hot holding starts no check; a fridge’s reading touches no check', () => {
  const local = records([]);
  applyFollowUps(
    local,
    { ...hotHolding, hotHoldEnded: true },
    action('0190a000-0000-7000-8000-000000000c97'),
  );
  applyFollowUps(
    local,
    {
      ...hotHolding,
      item: { ...hotHolding.item, kind: 'TEMPERATURE_ITEM' },
      logType: 'FRIDGE',
      checkKind: 'FRIDGE',
    },
    action('0190a000-0000-7000-8000-000000000c96'),
  );
  expect(checks(local)).toEqual([]);
});

test('an American cooked core starts two cooling checks, due 2 and 6 hours on, in °F and on a 12-hour clock', () => {
  const local = records([]);
  const cooked: ReadingFacts = {
    ...hotHolding,
    logType: 'COOKING_COOLING',
    checkKind: 'COOKED',
    site: { jurisdiction: 'US-NYC', unit: 'F', dateLocale: 'en-US' },
  };
  const reading = action('0190a000-0000-7000-8000-000000000c95');
  applyFollowUps(local, cooked, reading);
  applyFollowUps(local, cooked, reading);

  const due = (minutes: number) => new Date(readAt.getTime() + minutes * minute).toISOString();
  expect(checks(local)).toEqual([
    [reading.clientId, 'PENDING', due(120)],
    [`${reading.clientId}.2`, 'PENDING', due(360)],
  ]);
  const [first, second] = local.day?.list ?? [];
  expect(first?.name).toMatch(/^Cooling check 1 of 2: Chicken curry \(cooling began \d{1,2}:\d\d [AP]M\)$/);
  expect(first?.itemCheckList[0]?.text).toBe('Probe the core: 70 °F or below');
  expect(second?.itemCheckList[0]?.text).toBe('Probe the core: 41 °F or below');
  expect(second?.followUp).toMatchObject({ checkKind: 'COOLED_TO_41F', stage: 2, stages: 2 });
});

test('which limit a failing reading broke, as the contract judges it', () => {
  const fridge = { lowerLimit: null, upperLimit: 5, warnUpTo: 8 };
  expect(breachOf(6, fridge)).toBeNull();
  expect(breachOf(8.5, fridge)).toEqual({ kind: 'aboveLegal', limit: 8 });
  expect(breachOf(70, { lowerLimit: 75, upperLimit: null, warnUpTo: null })).toEqual({
    kind: 'below',
    limit: 75,
  });
  expect(breachOf(20, { lowerLimit: null, upperLimit: 20, warnUpTo: null, upperExclusive: true })).toEqual({
    kind: 'notBelow',
    limit: 20,
  });
  expect(breachOf(-10, { lowerLimit: null, upperLimit: -18, warnUpTo: null })).toEqual({
    kind: 'above',
    limit: -18,
  });
});
