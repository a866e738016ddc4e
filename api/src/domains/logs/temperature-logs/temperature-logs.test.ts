import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type {
  ListData,
  MasterType,
  TemperatureChart,
  TemperatureLog,
  TemperatureLogHistoryEntry,
  TemperatureReadableItem,
} from '@console/shared-sdk/contract';
import { sites } from '../../../platform/db/schema.js';
import { historyOf, verifyChain } from '../../../platform/history/history.js';
import { refusedOnMobile } from '../../../platform/auth/guard.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { missingId, mobileLogin } from '../../../test/logs.js';
import { ExportAbandoned, readingWorkbook } from './export.js';
import { exportBatches, scopeSites } from './repository.js';

// Temperature readings (/temperature-logs): staff record them from the mobile app with the device's time,
// the console lists, charts, corrects and deletes them with reasons, and exports them for an inspector.

const base = '/api/v1/temperature-logs';
/** A Tuesday: 11:00 in Brighton and Manchester (BST). */
const now = '2025-06-10T10:00:00.000Z';
const seconds = (n: number) => n * 1000;
const minutes = (n: number) => n * 60_000;
const before = (ms: number) => new Date(Date.parse(now) - ms).toISOString();

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
/** Brighton staff. */
let aisha: string;
/** Manchester staff. */
let chloe: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

/** The equipment the tests read: made through the API, as the console makes it. */
const items = {
  fridgeShelf: '',
  fridgeId: '',
  freezerDrawer: '',
  manchesterShelf: '',
  probe: '',
  curry: '',
  theirProbe: '',
};
let theirReading: TemperatureLog;

async function created<T extends { _id: string }>(url: string, body: unknown, token = owner): Promise<T> {
  const reply = await ctx.inject<{ data: T }>('POST', `/api/v1/${url}/create-new-one`, { token, body });
  if (reply.statusCode !== 200) throw new Error(`creating ${url}: ${reply.raw}`);
  return reply.json.data;
}

const firstItem = (equipment: MasterType) => equipment.temperatureItems[0]?._id ?? '';

const record = (body: Record<string, unknown>, token = aisha) =>
  ctx.inject<{ data: TemperatureLog }>('POST', `${base}/create-new-one`, { token, body });

/** A reading recorded, failing the test when it is refused. */
async function recorded(body: Record<string, unknown>, token = aisha): Promise<TemperatureLog> {
  const reply = await record(body, token);
  if (reply.statusCode !== 200) throw new Error(`recording: ${reply.raw}`);
  return reply.json.data;
}

/** A Brighton fridge reading at `readAt`. */
const fridgeReading = (celsius: number, readAt = before(minutes(1)), extra: Record<string, unknown> = {}) =>
  recorded({ siteID: brighton(), temperatureItemID: items.fridgeShelf, celsius, readAt, ...extra });

const list = (query: Record<string, string | number | boolean | undefined>, token = owner) =>
  ctx.inject<{ data: ListData<TemperatureLog> }>('GET', `${base}/web-app-list-for-web`, { token, query });

async function listed(query: Record<string, string | number | boolean | undefined>, token = owner) {
  const reply = await list(query, token);
  if (reply.statusCode !== 200) throw new Error(`listing: ${reply.raw}`);
  return reply.json.data;
}

const ids = (page: ListData<TemperatureLog>) => page.list.map((log) => log._id);

/**
 * Runs `record` with the server's clock at `receivedAt`, then puts it back at `now`: a reading older than
 * the sync window (72 hours) is refused when it arrives, so an older day's readings are recorded as they
 * were, synced within the window of the day they were taken.
 */
async function receivedAt<T>(at: string, record: () => Promise<T>): Promise<T> {
  ctx.clock.set(at);
  try {
    return await record();
  } finally {
    ctx.clock.set(now);
  }
}

const find = (id: string, token = owner) =>
  ctx.inject<{ data: TemperatureLog }>('GET', `${base}/find-one/${id}`, { token });
const update = (body: Record<string, unknown>, token = owner) =>
  ctx.inject<{ data: TemperatureLog }>('PUT', `${base}/update-one`, { token, body });
const remove = (id: string, body: unknown, token = owner) =>
  ctx.inject('DELETE', `${base}/delete-one/${id}`, { token, body });
const history = (id: string, token = owner) =>
  ctx.inject<{ data: TemperatureLogHistoryEntry[] }>('GET', `${base}/log-history-list/${id}`, { token });

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner, aisha, chloe] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
    mobileLogin(ctx, 'chloe.evans@harbourvine.example'),
  ]);
  const fridge = await created<MasterType>('masterType', {
    siteID: brighton(),
    type: 'FRIDGE',
    name: 'Walk-in fridge',
    temperatureItems: [{ name: 'Top shelf' }, { name: 'Spare shelf' }],
  });
  items.fridgeId = fridge._id;
  items.fridgeShelf = firstItem(fridge);
  items.freezerDrawer = firstItem(
    await created<MasterType>('masterType', {
      siteID: brighton(),
      type: 'FREEZER',
      name: 'Chest freezer',
      temperatureItems: [{ name: 'Drawer' }],
    }),
  );
  items.manchesterShelf = firstItem(
    await created<MasterType>('masterType', {
      siteID: manchester(),
      type: 'FRIDGE',
      name: 'Counter fridge',
      temperatureItems: [{ name: 'Dairy', upperLimit: 4 }],
    }),
  );
  items.probe = (await created('foodItem', { siteID: brighton(), type: 'PROB', name: 'Probe 1' }))._id;
  items.curry = (
    await created('foodItem', { siteID: brighton(), type: 'FOODITEM', name: 'Chicken curry' })
  )._id;
  items.theirProbe = (
    await created('foodItem', { siteID: ctx.other.site.id, type: 'PROB', name: 'Their probe' }, otherOwner)
  )._id;
  theirReading = await recorded(
    {
      siteID: ctx.other.site.id,
      foodItemID: items.theirProbe,
      logType: 'HOT_WATER',
      celsius: 55,
      readAt: before(minutes(2)),
    },
    otherOwner,
  );
});
afterAll(() => ctx.close());

describe('create-new-one: staff record a reading with the device time', () => {
  test('a fridge reading keeps the device time, the server time, who read it and the limits it met', async () => {
    const readAt = before(minutes(3));
    const reply = await record({
      siteID: brighton(),
      temperatureItemID: items.fridgeShelf,
      celsius: 3.5,
      readAt,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Temperature reading created');
    expect(reply.json.data).toMatchObject({
      siteID: brighton(),
      siteName: 'The Harbour Kitchen, Brighton',
      timeZoneId: 'Europe/London',
      logType: 'FRIDGE',
      checkKind: 'FRIDGE',
      checkLabel: 'Fridge',
      item: {
        _id: items.fridgeShelf,
        kind: 'TEMPERATURE_ITEM',
        name: 'Top shelf',
        equipmentID: items.fridgeId,
        equipmentName: 'Walk-in fridge',
      },
      celsius: 3.5,
      readAt,
      receivedAt: now,
      backFilled: false,
      readBy: { name: 'Aisha Khan' },
      limits: { lowerLimit: null, upperLimit: 5, warnUpTo: 8 },
      result: 'PASS',
      correctiveAction: null,
    });
    expect((await find(reply.json.data._id)).json.data).toEqual(reply.json.data);
  });

  test('back-filled when it reached the server more than 30 minutes after it was read', async () => {
    expect((await fridgeReading(4, before(minutes(30)))).backFilled).toBe(false);
    expect((await fridgeReading(4, before(minutes(30) + seconds(1)))).backFilled).toBe(true);
  });

  test('a device clock up to 2 minutes ahead is taken as the server time; further ahead is refused', async () => {
    const ahead = new Date(Date.parse(now) + minutes(2)).toISOString();
    expect((await fridgeReading(4, ahead)).readAt).toBe(now);
    const tooFar = await record({
      siteID: brighton(),
      temperatureItemID: items.fridgeShelf,
      celsius: 4,
      readAt: new Date(Date.parse(now) + minutes(2) + seconds(1)).toISOString(),
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json.details?.fieldErrors.readAt?.[0]).toMatch(/more than 2 minutes after the server/);
  });

  test('a reading older than the sync window (72 hours) is refused; inside it, it is back-filled', async () => {
    const refused = await record({
      siteID: brighton(),
      temperatureItemID: items.fridgeShelf,
      celsius: 4,
      readAt: before(minutes(72 * 60) + seconds(1)),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors.readAt?.[0]).toMatch(/more than 72 hours ago/);
    const ancient = await record({
      siteID: brighton(),
      temperatureItemID: items.fridgeShelf,
      celsius: 4,
      readAt: '2000-01-01T00:00:00Z',
    });
    expect(ancient.statusCode).toBe(400);
    const inWindow = await fridgeReading(4, before(minutes(72 * 60)));
    expect(inWindow.backFilled).toBe(true);
  });

  test('a failing reading needs a corrective action, asked for by naming the limit it broke', async () => {
    const refused = await record({
      siteID: brighton(),
      temperatureItemID: items.fridgeShelf,
      celsius: 9,
      readAt: before(minutes(1)),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors.correctiveAction).toEqual([
      '9 °C is above the legal maximum of 8 °C: say what was done about it (corrective action)',
    ]);
    const failed = await fridgeReading(9, before(minutes(1)), {
      correctiveAction: 'Moved stock to fridge 2',
    });
    expect(failed).toMatchObject({ result: 'FAIL', correctiveAction: 'Moved stock to fridge 2' });
    // A warning needs none.
    expect((await fridgeReading(7)).result).toBe('WARN');
  });

  test('a probe or food item is read for a log type, by its check (the first unless named)', async () => {
    const delivery = await recorded({
      siteID: brighton(),
      foodItemID: items.curry,
      logType: 'FOOD_DELIVERY',
      celsius: 7,
      readAt: before(minutes(1)),
    });
    expect(delivery).toMatchObject({
      logType: 'FOOD_DELIVERY',
      checkKind: 'CHILLED',
      checkLabel: 'Chilled delivery',
      item: { _id: items.curry, kind: 'FOOD_ITEM', name: 'Chicken curry', equipmentName: null },
      limits: { lowerLimit: null, upperLimit: 8, warnUpTo: null },
      result: 'PASS',
    });
    const calibration = await recorded({
      siteID: brighton(),
      foodItemID: items.probe,
      logType: 'PROBE_CALIBRATION',
      checkKind: 'BOILING_WATER',
      celsius: 100.4,
      readAt: before(minutes(1)),
    });
    expect(calibration).toMatchObject({
      checkKind: 'BOILING_WATER',
      item: { kind: 'PROBE', name: 'Probe 1' },
      limits: { lowerLimit: 99, upperLimit: 101 },
      result: 'PASS',
    });
  });

  test.each([
    ['a log type the item is not read for', { foodItemID: 'curry', logType: 'PROBE_CALIBRATION' }, 'logType'],
    ['a fridge log type for a probe', { foodItemID: 'probe', logType: 'FRIDGE' }, 'logType'],
    [
      'a check the log type has not',
      { foodItemID: 'probe', logType: 'HOT_WATER', checkKind: 'COLD' },
      'checkKind',
    ],
    ['a fridge item read as a freezer', { temperatureItemID: 'fridgeShelf', logType: 'FREEZER' }, 'logType'],
    ['a probe without a log type', { foodItemID: 'probe' }, 'logType'],
    ['both kinds of item', { foodItemID: 'probe', temperatureItemID: 'fridgeShelf' }, 'temperatureItemID'],
    ['no item', {}, 'temperatureItemID'],
    ['a reading out of range', { temperatureItemID: 'fridgeShelf', celsius: 400 }, 'celsius'],
    ['a reading that is not a number', { temperatureItemID: 'fridgeShelf', celsius: '4' }, 'celsius'],
    ['a time without an offset', { temperatureItemID: 'fridgeShelf', readAt: '2025-06-10 09:00' }, 'readAt'],
    ['a malformed site id', { temperatureItemID: 'fridgeShelf', siteID: 'brighton' }, 'siteID'],
  ])('%s is a 400 on that field', async (_what, body, field) => {
    const named = Object.fromEntries(
      Object.entries(body).map(([key, value]) => [
        key,
        key.endsWith('ItemID') && typeof value === 'string' ? items[value as keyof typeof items] : value,
      ]),
    );
    const reply = await record({ siteID: brighton(), celsius: 4, readAt: before(minutes(1)), ...named });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors[field]?.[0]).toEqual(expect.any(String));
  });

  test("an item of another site is a 400; another organisation's, a retired one or a missing one 404", async () => {
    const elsewhere = await record({
      siteID: brighton(),
      temperatureItemID: items.manchesterShelf,
      celsius: 3,
      readAt: before(minutes(1)),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json.details?.fieldErrors.temperatureItemID).toEqual(['Not an item of this site']);
    for (const foodItemID of [items.theirProbe, missingId]) {
      const reply = await record({
        siteID: brighton(),
        foodItemID,
        logType: 'HOT_WATER',
        celsius: 55,
        readAt: before(minutes(1)),
      });
      expect(reply.statusCode).toBe(404);
    }
    const retiring = await created('foodItem', { siteID: brighton(), type: 'PROB', name: 'Old probe' });
    await ctx.inject('DELETE', `/api/v1/foodItem/delete-one/${retiring._id}`, { token: owner });
    const retired = await record({
      siteID: brighton(),
      foodItemID: retiring._id,
      logType: 'HOT_WATER',
      celsius: 55,
      readAt: before(minutes(1)),
    });
    expect(retired.statusCode).toBe(404);
  });

  test('staff record only on their own sites, see the reading in the answer, and cannot read it back, correct or delete', async () => {
    const reply = await record(
      { siteID: brighton(), temperatureItemID: items.fridgeShelf, celsius: 3, readAt: before(minutes(1)) },
      chloe,
    );
    expect(reply.statusCode).toBe(403);
    // What staff see of their reading is the create's answer; reading it again is the console's.
    const mine = await fridgeReading(3);
    expect(mine).toMatchObject({
      siteID: brighton(),
      celsius: 3,
      result: 'PASS',
      readBy: { name: 'Aisha Khan' },
    });
    for (const refused of [
      () => update({ _id: mine._id, celsius: 2, reason: 'Typo' }, aisha),
      () => remove(mine._id, { reason: 'Typo' }, aisha),
      () => find(mine._id, aisha),
      () => find(mine._id, chloe),
    ]) {
      const answer = await refused();
      expect(answer.statusCode).toBe(403);
      expect(answer.json.message).toBe(refusedOnMobile);
    }
    expect((await find(mine._id)).json.data).toEqual(mine);
  });
});

describe('judging at the edges of the default limits', () => {
  test.each([
    ['fridge', 5, 'PASS'],
    ['fridge', 5.1, 'WARN'],
    ['fridge', 8, 'WARN'],
    ['fridge', 8.1, 'FAIL'],
    ['freezer', -18, 'PASS'],
    ['freezer', -17.9, 'FAIL'],
    ['HOT_HOLD_DISPLAY', 63, 'PASS'],
    ['HOT_HOLD_DISPLAY', 62.9, 'FAIL'],
    ['REHEATING', 75, 'PASS'],
    ['REHEATING', 74.9, 'FAIL'],
    ['COOKING_COOLING', 75, 'PASS'],
    ['HOT_WATER', 49.9, 'FAIL'],
    ['CELLAR', 14, 'PASS'],
    ['CELLAR', 9.9, 'FAIL'],
  ])('%s at %d °C is %s', async (kind, celsius, result) => {
    const item =
      kind === 'fridge'
        ? { temperatureItemID: items.fridgeShelf }
        : kind === 'freezer'
          ? { temperatureItemID: items.freezerDrawer }
          : { foodItemID: items.probe, logType: kind };
    const reading = await recorded({
      siteID: brighton(),
      ...item,
      celsius,
      readAt: before(minutes(1)),
      ...(result === 'FAIL' ? { correctiveAction: 'Dealt with' } : {}),
    });
    expect(reading.result).toBe(result);
  });

  test('cold water must be below 20 °C: 20 °C itself fails', async () => {
    const cold = (celsius: number) =>
      recorded({
        siteID: brighton(),
        foodItemID: items.probe,
        logType: 'LEGIONELLA_WATER',
        checkKind: 'COLD',
        celsius,
        readAt: before(minutes(1)),
        correctiveAction: 'Flushed the outlet',
      });
    expect((await cold(19.9)).result).toBe('PASS');
    const at20 = await cold(20);
    expect(at20).toMatchObject({ result: 'FAIL', limits: { upperLimit: 20, upperExclusive: true } });
  });
});

describe('the legal maximum and the site’s reheating limit', () => {
  test('a fridge loosened to 10 °C with a reason still flags 9 °C above the legal limit (WARN, not PASS)', async () => {
    const fruit = firstItem(
      await created<MasterType>('masterType', {
        siteID: brighton(),
        type: 'FRIDGE',
        name: 'Fruit display',
        temperatureItems: [{ name: 'Whole fruit', upperLimit: 10 }],
        limitOverride: { reason: 'Whole uncut fruit only, no high-risk food' },
      }),
    );
    const reading = (celsius: number, extra: Record<string, unknown> = {}) =>
      recorded({
        siteID: brighton(),
        temperatureItemID: fruit,
        celsius,
        readAt: before(minutes(1)),
        ...extra,
      });
    const nine = await reading(9);
    expect(nine).toMatchObject({
      result: 'WARN',
      aboveLegalLimit: true,
      limits: { upperLimit: 10, warnUpTo: null, legalMaximum: 8 },
    });
    expect((await find(nine._id)).json.data).toMatchObject({ result: 'WARN', aboveLegalLimit: true });
    const seven = await reading(7);
    expect(seven).toMatchObject({ result: 'PASS', aboveLegalLimit: false });
    // Above its own limit it fails, and stays flagged.
    expect(await reading(11, { correctiveAction: 'Moved the fruit' })).toMatchObject({
      result: 'FAIL',
      aboveLegalLimit: true,
    });
    // A correction is judged by the copied limits with the legal maximum: 7 °C to 9 °C warns.
    const corrected = await update({ _id: seven._id, celsius: 9, reason: 'Misread the display' });
    expect(corrected.json.data).toMatchObject({ result: 'WARN', aboveLegalLimit: true });
    // A fridge at its default limits: 8.1 °C fails and is flagged; a freezer has no legal maximum here.
    expect(await fridgeReading(8.1, before(minutes(1)), { correctiveAction: 'Door shut' })).toMatchObject({
      result: 'FAIL',
      aboveLegalLimit: true,
    });
    expect((await fridgeReading(6)).aboveLegalLimit).toBe(false);
  });

  test('reheating is judged by the site’s rule set: 82 °C at a Scottish site, and the readings copy it', async () => {
    await ctx.db.update(sites).set({ jurisdiction: 'GB-SCT' }).where(eq(sites.id, brighton()));
    try {
      const reheated = (celsius: number, extra: Record<string, unknown> = {}) =>
        record({
          siteID: brighton(),
          foodItemID: items.probe,
          logType: 'REHEATING',
          celsius,
          readAt: before(minutes(1)),
          ...extra,
        });
      const short = await reheated(78);
      expect(short.statusCode).toBe(400);
      expect(short.json.details?.fieldErrors.correctiveAction?.[0]).toMatch(/below the lower limit of 82 °C/);
      const failed = await reheated(78, { correctiveAction: 'Reheated again to 85 °C' });
      expect(failed.json.data).toMatchObject({ result: 'FAIL', limits: { lowerLimit: 82 } });
      expect((await reheated(82)).json.data).toMatchObject({ result: 'PASS', limits: { lowerLimit: 82 } });
      // What can be read at the site says so too.
      const readable = await ctx.inject<{ data: TemperatureReadableItem[] }>('GET', `${base}/item-list`, {
        token: owner,
        query: { siteID: brighton() },
      });
      const probe = readable.json.data.find((item) => item._id === items.probe);
      const reheating = probe?.logTypes.find((type) => type.logType === 'REHEATING');
      expect(reheating?.checks[0]?.limits.lowerLimit).toBe(82);
    } finally {
      await ctx.db.update(sites).set({ jurisdiction: 'GB-ENG' }).where(eq(sites.id, brighton()));
    }
  });
});

describe('web-app-list-for-web', () => {
  // Readings of their own, far from the others' dates: 2025-05-01 and 2025-05-02 in Brighton (BST).
  const may = { startDate: '2025-05-01', endDate: '2025-05-02' };
  const listed20 = { ...may, limit: 20 };
  let lateOnFirst: TemperatureLog;
  let earlyOnSecond: TemperatureLog;
  let warm: TemperatureLog;
  let backFilled: TemperatureLog;
  let probeReading: TemperatureLog;
  let manchesterReading: TemperatureLog;

  beforeAll(async () => {
    // Synced on the morning of 3 May, inside the sync window but more than 30 minutes late: back-filled.
    await receivedAt('2025-05-03T09:00:00Z', async () => {
      // 23:59:59 on 1 May and 00:00:00 on 2 May, local time (UTC+1).
      lateOnFirst = await fridgeReading(3, '2025-05-01T22:59:59Z');
      earlyOnSecond = await fridgeReading(4, '2025-05-01T23:00:00Z');
      warm = await fridgeReading(9.5, '2025-05-02T08:00:00Z', { correctiveAction: 'Door left open: closed' });
      backFilled = lateOnFirst;
      probeReading = await recorded({
        siteID: brighton(),
        foodItemID: items.probe,
        logType: 'HOT_HOLD_DISPLAY',
        celsius: 70,
        readAt: '2025-05-02T12:00:00Z',
      });
      manchesterReading = await recorded(
        {
          siteID: manchester(),
          temperatureItemID: items.manchesterShelf,
          celsius: 3,
          readAt: '2025-05-02T09:00:00Z',
        },
        owner,
      );
    });
  });

  test('a date range is of the site’s local dates, at the day’s edge', async () => {
    const first = await listed({ siteID: brighton(), startDate: '2025-05-01', endDate: '2025-05-01' });
    expect(ids(first)).toEqual([lateOnFirst._id]);
    const second = await listed({ siteID: brighton(), startDate: '2025-05-02', endDate: '2025-05-02' });
    expect(ids(second)).toEqual([probeReading._id, warm._id, earlyOnSecond._id]);
    expect(second.records).toBe(3);
  });

  test('without dates, the last 7 days of each site: today and the 6 days before', async () => {
    // Synced the morning after: six days before today, a reading is older than the sync window.
    const [sixDaysAgo, sevenDaysAgo] = await receivedAt('2025-06-04T08:00:00Z', async () => [
      await fridgeReading(4, '2025-06-03T23:00:00Z'), // 00:00 on 4 June, local
      await fridgeReading(4, '2025-06-03T22:59:00Z'), // 23:59 on 3 June, local
    ]);
    const page = await listed({ siteID: brighton(), limit: 100 });
    expect(ids(page)).toContain(sixDaysAgo._id);
    expect(ids(page)).not.toContain(sevenDaysAgo._id);
    expect(ids(page)).not.toContain(lateOnFirst._id);
  });

  test('filters by type, item, result and back-filled, and searches item and equipment names', async () => {
    expect(ids(await listed({ ...listed20, siteID: brighton(), type: 'HOT_HOLD_DISPLAY' }))).toEqual([
      probeReading._id,
    ]);
    expect(ids(await listed({ ...listed20, itemID: items.probe }))).toEqual([probeReading._id]);
    expect(ids(await listed({ ...listed20, result: 'FAIL' }))).toEqual([warm._id]);
    expect(ids(await listed({ ...listed20, search: 'walk-in' }))).toEqual([
      warm._id,
      earlyOnSecond._id,
      lateOnFirst._id,
    ]);
    expect(ids(await listed({ ...listed20, search: 'probe 1' }))).toEqual([probeReading._id]);
    expect(ids(await listed({ ...listed20, backFilled: true }))).toEqual(ids(await listed({ ...listed20 })));
    const justNow = await listed({ siteID: brighton(), backFilled: false, limit: 100 });
    expect(justNow.list.every((log) => !log.backFilled)).toBe(true);
    expect(justNow.records).toBeGreaterThan(0);
    expect(backFilled.backFilled).toBe(true);
  });

  test('sorts on request and pages with the total', async () => {
    const coldest = await listed({ ...may, siteID: brighton(), sort: 'celsius', limit: 2 });
    expect(coldest.list.map((log) => log.celsius)).toEqual([3, 4]);
    expect(coldest.records).toBe(4);
    const next = await listed({ ...may, siteID: brighton(), sort: 'celsius', limit: 2, page: 2 });
    expect(next.list.map((log) => log.celsius)).toEqual([9.5, 70]);
    const past = await listed({ ...may, siteID: brighton(), limit: 2, page: 9 });
    expect(past).toMatchObject({ list: [], records: 4 });
  });

  test("without a site, every site the caller may see: a site admin sees only its own sites' readings", async () => {
    expect(ids(await listed(listed20))).toContain(manchesterReading._id);
    const managers = await listed(listed20, manager);
    expect(ids(managers)).not.toContain(manchesterReading._id);
    expect(ids(managers)).toContain(warm._id);
    expect((await list({ siteID: manchester() }, manager)).statusCode).toBe(403);
    // The site's list of readings is the console's: staff get 403 even on their own site's.
    const byStaff = await list({ siteID: manchester() }, chloe);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json.message).toBe(refusedOnMobile);
  });

  test("another organisation's site is 404; a bad range is a 400 on the end date", async () => {
    expect((await list({ siteID: ctx.other.site.id })).statusCode).toBe(404);
    const backwards = await list({ startDate: '2025-05-02', endDate: '2025-05-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.details?.fieldErrors.endDate).toEqual(['Must be on or after the start date']);
    const tooLong = await list({ startDate: '2024-01-01', endDate: '2025-01-01' });
    expect(tooLong.json.details?.fieldErrors.endDate).toEqual(['Choose at most 366 days']);
    expect((await list({ startDate: '2024-01-01', endDate: '2024-12-31' })).statusCode).toBe(200);
    const half = await list({ startDate: '2025-05-01' });
    expect(half.json.details?.fieldErrors.endDate).toEqual(['Choose an end date too']);
    expect((await list({ sort: 'name' })).statusCode).toBe(400);
    expect((await list({ backFilled: 'maybe' })).statusCode).toBe(400);
  });
});

describe('update-one: a correction with a reason, judged by the limits the reading was taken under', () => {
  test('the limits in force are kept after the item’s limits change', async () => {
    const reading = await fridgeReading(4.5);
    expect(reading.result).toBe('PASS');
    const fridge = (
      await ctx.inject<{ data: MasterType }>('GET', `/api/v1/masterType/find-one/${items.fridgeId}`, {
        token: owner,
      })
    ).json.data;
    const tightened = await ctx.inject('PUT', '/api/v1/masterType/update-one', {
      token: owner,
      body: {
        _id: fridge._id,
        name: fridge.name,
        type: fridge.type,
        temperatureItems: fridge.temperatureItems.map((item) => ({ ...item, upperLimit: 3 })),
      },
    });
    expect(tightened.statusCode).toBe(200);
    const corrected = await update({ _id: reading._id, celsius: 4.8, reason: 'Misread the display' });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json.message).toBe('Temperature reading updated');
    expect(corrected.json.data).toMatchObject({
      celsius: 4.8,
      result: 'PASS',
      limits: { upperLimit: 5, warnUpTo: 8 },
    });
    // A new reading takes the item's new limit.
    expect((await fridgeReading(4.8)).result).toBe('WARN');
  });

  test('a correction to a failing reading needs a corrective action; clearing it is refused', async () => {
    const reading = await fridgeReading(6);
    const failing = await update({ _id: reading._id, celsius: 8.5, reason: 'Second look' });
    expect(failing.statusCode).toBe(400);
    expect(failing.json.details?.fieldErrors.correctiveAction?.[0]).toMatch(
      /^8.5 °C is above the legal maximum/,
    );
    const ok = await update({
      _id: reading._id,
      celsius: 8.5,
      correctiveAction: 'Stock moved',
      reason: 'Second look',
    });
    expect(ok.json.data).toMatchObject({ result: 'FAIL', correctiveAction: 'Stock moved' });
    const cleared = await update({ _id: reading._id, correctiveAction: '', reason: 'Tidying up' });
    expect(cleared.statusCode).toBe(400);
    expect((await find(reading._id)).json.data.correctiveAction).toBe('Stock moved');
  });

  test('a reason is required, and the history keeps it', async () => {
    const reading = await fridgeReading(3);
    const without = await update({ _id: reading._id, celsius: 3.2 });
    expect(without.statusCode).toBe(400);
    expect(without.json.details?.fieldErrors.reason).toEqual(['Give a reason']);
    const short = await update({ _id: reading._id, celsius: 3.2, reason: 'ok' });
    expect(short.json.details?.fieldErrors.reason).toEqual(['Give a reason of at least 3 characters']);
    await update({ _id: reading._id, note: 'Checked twice', reason: 'Added the note from the sheet' });
    const entries = (await history(reading._id)).json.data;
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['update', 'Added the note from the sheet'],
      ['create', null],
    ]);
    expect(entries[0]).toMatchObject({
      actor: { name: 'Olivia Bennett' },
      changes: { before: { note: null, celsius: 3 }, after: { note: 'Checked twice', celsius: 3 } },
    });
    expect(entries[1]?.actor.name).toBe('Aisha Khan');
  });
});

describe('delete-one: soft, with a reason', () => {
  test('a deleted reading is not found, leaves the list, and its history keeps why', async () => {
    const reading = await receivedAt('2025-04-20T10:05:00Z', () =>
      fridgeReading(3.3, '2025-04-20T10:00:00Z'),
    );
    const day = { siteID: brighton(), startDate: '2025-04-20', endDate: '2025-04-20' };
    expect(ids(await listed(day))).toEqual([reading._id]);
    const without = await remove(reading._id, {});
    expect(without.statusCode).toBe(400);
    expect(without.json.details?.fieldErrors.reason).toEqual(['Give a reason']);
    expect((await remove(reading._id, undefined)).statusCode).toBe(400);
    const removed = await remove(reading._id, { reason: 'Recorded against the wrong fridge' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json.message).toBe('Temperature reading deleted');
    expect((await find(reading._id)).statusCode).toBe(404);
    expect((await remove(reading._id, { reason: 'Again' })).statusCode).toBe(404);
    expect(ids(await listed(day))).toEqual([]);
    const entries = await historyOf(ctx.db, ctx.demo.organization.id, 'TemperatureLog', reading._id);
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['delete', 'Recorded against the wrong fridge'],
      ['create', null],
    ]);
    expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
  });
});

describe("another organisation's reading or site", () => {
  test('is 404 on every call', async () => {
    const id = theirReading._id;
    expect((await find(id)).statusCode).toBe(404);
    expect((await history(id)).statusCode).toBe(404);
    expect((await update({ _id: id, celsius: 60, reason: 'Attack' })).statusCode).toBe(404);
    expect((await remove(id, { reason: 'Attack' })).statusCode).toBe(404);
    const site = { siteID: ctx.other.site.id };
    const calls = [
      ctx.inject('GET', `${base}/item-list`, { token: owner, query: site }),
      ctx.inject('GET', `${base}/chart`, { token: owner, query: { ...site, itemID: items.theirProbe } }),
      ctx.inject('GET', `${base}/export-web-app-list-for-web`, {
        token: owner,
        query: { ...site, downloadFileType: 'EXCEL' },
      }),
      record(
        { ...site, foodItemID: items.theirProbe, logType: 'HOT_WATER', celsius: 60, readAt: now },
        owner,
      ),
    ];
    for (const reply of await Promise.all(calls)) expect(reply.statusCode).toBe(404);
    expect((await find(id, otherOwner)).json.data.celsius).toBe(55);
  });
});

describe('item-list and chart', () => {
  test('what a site can read: fridge items by their own limits, probes and food by their log types', async () => {
    const reply = await ctx.inject<{ data: TemperatureReadableItem[] }>('GET', `${base}/item-list`, {
      token: aisha,
      query: { siteID: brighton() },
    });
    expect(reply.statusCode).toBe(200);
    const byName = new Map(reply.json.data.map((item) => [item.name, item]));
    expect(byName.get('Drawer')).toMatchObject({
      kind: 'TEMPERATURE_ITEM',
      equipmentName: 'Chest freezer',
      logTypes: [
        { logType: 'FREEZER', checks: [{ kind: 'FREEZER', limits: { upperLimit: -18, warnUpTo: null } }] },
      ],
    });
    expect(byName.get('Spare shelf')?.logTypes[0]?.checks[0]?.limits).toMatchObject({ upperLimit: 3 });
    const probe = byName.get('Probe 1');
    expect(probe?.logTypes.map((type) => type.logType)).toContain('PROBE_CALIBRATION');
    expect(probe?.logTypes.find((type) => type.logType === 'PROBE_CALIBRATION')?.checks).toEqual([
      { kind: 'ICE_WATER', label: 'Ice water', limits: { lowerLimit: -1, upperLimit: 1, warnUpTo: null } },
      {
        kind: 'BOILING_WATER',
        label: 'Boiling water',
        limits: { lowerLimit: 99, upperLimit: 101, warnUpTo: null },
      },
    ]);
    expect(byName.get('Chicken curry')?.logTypes.map((type) => type.logType)).toEqual([
      'FOOD_DELIVERY',
      'COOKING_COOLING',
      'HOT_HOLD_DISPLAY',
      'REHEATING',
    ]);
    expect(byName.has('Old probe')).toBe(false);
    expect(byName.has('Dairy')).toBe(false);
    const elsewhere = await ctx.inject('GET', `${base}/item-list`, {
      token: aisha,
      query: { siteID: manchester() },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  test("an item's readings oldest first, each with the limits it was judged by", async () => {
    const reply = await ctx.inject<{ data: TemperatureChart }>('GET', `${base}/chart`, {
      token: manager,
      query: {
        siteID: brighton(),
        itemID: items.fridgeShelf,
        startDate: '2025-05-01',
        endDate: '2025-05-02',
      },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      item: { name: 'Top shelf', equipmentName: 'Walk-in fridge' },
      timeZoneId: 'Europe/London',
      truncated: false,
    });
    expect(reply.json.data.points.map((point) => point.celsius)).toEqual([3, 4, 9.5]);
    expect(reply.json.data.points[2]).toMatchObject({ result: 'FAIL', upperLimit: 5, warnUpTo: 8 });
    const recent = await ctx.inject<{ data: TemperatureChart }>('GET', `${base}/chart`, {
      token: manager,
      query: { siteID: brighton(), itemID: items.fridgeShelf },
    });
    expect(recent.json.data).toMatchObject({ startDate: '2025-06-04', endDate: '2025-06-10' });
    expect(recent.json.data.points.length).toBeGreaterThan(5);
    const wrongSite = await ctx.inject('GET', `${base}/chart`, {
      token: owner,
      query: { siteID: manchester(), itemID: items.fridgeShelf },
    });
    expect(wrongSite.statusCode).toBe(404);
  });
});

describe('export-web-app-list-for-web', () => {
  async function exported(query: Record<string, string>) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${base}/export-web-app-list-for-web`,
      query: { downloadFileType: 'EXCEL', ...query },
      headers: { authorization: owner },
    });
    const workbook = new ExcelJS.Workbook();
    if (response.statusCode === 200)
      await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    return { response, workbook };
  }

  test('the filtered readings with local times, limits, results and a summary; failures filled red', async () => {
    const query = { siteID: brighton(), startDate: '2025-05-01', endDate: '2025-05-02' };
    const { response, workbook } = await exported(query);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''Temperature%20log%20-%20The%20Harbour%20Kitchen%2C%20Brighton%20-%202025-05-01%20to%202025-05-02.xlsx",
    );
    const sheet = workbook.getWorksheet('Readings');
    const rows = sheet?.getSheetValues().slice(2) ?? [];
    const page = await listed({ ...query, limit: 100 });
    expect(rows).toHaveLength(page.records);
    const header = sheet?.getRow(1).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['Site', 'Read (local time)', 'Received (local time)']);
    // An English site's in °C, its dates day first on a 24-hour clock.
    expect(header.slice(9, 13)).toEqual(['Reading (°C)', 'Lower limit (°C)', 'Upper limit (°C)', 'Unit']);
    // The warm reading: 08:00 UTC is 09:00 in Brighton.
    const warmRow = sheet?.getRows(2, rows.length)?.find((row) => row.getCell(9).value === 9.5);
    expect(warmRow?.getCell(2).value).toEqual(new Date(Date.UTC(2025, 4, 2, 9, 0, 0)));
    expect(warmRow?.getCell(2).numFmt).toBe('d mmm yyyy", "hh:mm');
    expect(warmRow?.getCell(4).value).toBe('Yes');
    expect(warmRow?.getCell(7).value).toBe('Top shelf');
    expect(warmRow?.getCell(8).value).toBe('Walk-in fridge');
    expect(warmRow?.getCell(11).value).toBe(5);
    expect(warmRow?.getCell(12).value).toBe('°C');
    expect(warmRow?.getCell(13).value).toBe('Fail');
    expect(warmRow?.getCell(14).value).toBe('Door left open: closed');
    expect(warmRow?.getCell(16).value).toBe('Aisha Khan');
    expect(warmRow?.getCell(1).fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } });
    const passRow = sheet?.getRows(2, rows.length)?.find((row) => row.getCell(13).value === 'Pass');
    expect(passRow?.getCell(1).fill).toBeUndefined();
    const summary = workbook.getWorksheet('Summary');
    const lines = new Map(
      (summary?.getSheetValues() ?? []).flatMap((row) =>
        Array.isArray(row) ? [[String(row[1]), row[2]] as const] : [],
      ),
    );
    expect(lines.get('Range')).toBe('2025-05-01 to 2025-05-02');
    expect(lines.get('Site')).toBe('The Harbour Kitchen, Brighton');
    expect(lines.get('Readings')).toBe(4);
    expect(lines.get('Fail')).toBe(1);
    expect(lines.get('Pass')).toBe(3);
    expect(lines.get('Back-filled')).toBe(4);
    expect(lines.get('Temperatures in')).toBe('°C');
    expect(lines.get('Rule set')).toBe('England, Wales and Northern Ireland (FSA guidance)');
  });

  test('a New York site’s export: readings and limits in °F, dates month first, its rule set named with its sources', async () => {
    await ctx.db.update(sites).set({ jurisdiction: 'US-NYC' }).where(eq(sites.id, brighton()));
    try {
      // Judged by New York City's rules, as a reading taken there now is.
      const action = 'Stock moved to the walk-in';
      const reading = await fridgeReading(5, undefined, { correctiveAction: action });
      expect(reading.jurisdiction).toBe('US-NYC');
      const day = now.slice(0, 10);
      const { response, workbook } = await exported({ siteID: brighton(), startDate: day, endDate: day });
      expect(response.statusCode).toBe(200);
      const sheet = workbook.getWorksheet('Readings');
      const header = sheet?.getRow(1).values as unknown[];
      expect(header.slice(9, 13)).toEqual(['Reading (°F)', 'Lower limit (°F)', 'Upper limit (°F)', 'Unit']);
      const rows = sheet?.getRows(2, (sheet?.rowCount ?? 1) - 1) ?? [];
      const row = rows.find((one) => one.getCell(14).value === action);
      expect(row?.getCell(9).value).toBe(41);
      // Its limit as it was judged by (the item's own, 3 °C), in °F.
      expect(reading.limits.upperLimit).toBe(3);
      expect(row?.getCell(11).value).toBe(37.4);
      expect(row?.getCell(12).value).toBe('°F');
      expect(row?.getCell(6).value).toBe('Fridge');
      // 09:59 UTC is 10:59 in Brighton, written as America writes it.
      expect(row?.getCell(2).value).toEqual(new Date(Date.UTC(2025, 5, 10, 10, 59, 0)));
      expect(row?.getCell(2).numFmt).toBe('mmm d", "yyyy", "h:mm AM/PM');
      // Every row of the site in °F, those judged by England's rules before too.
      expect(rows.every((one) => one.getCell(12).value === '°F')).toBe(true);

      const summary = new Map(
        (workbook.getWorksheet('Summary')?.getSheetValues() ?? []).flatMap((values) =>
          Array.isArray(values) ? [[String(values[1]), values[2]] as const] : [],
        ),
      );
      expect(summary.get('Temperatures in')).toBe('°F');
      expect(String(summary.get('Rule sets') ?? summary.get('Rule set'))).toContain(
        'New York City (Health Code Article 81)',
      );
      const rules = (workbook.getWorksheet('Rules')?.getSheetValues() ?? []).flatMap((values) =>
        Array.isArray(values) ? [values.slice(1).map(String)] : [],
      );
      expect(rules[0]).toEqual(['Rule set', 'Check', 'Figure', 'Source']);
      const newYork = 'New York City (Health Code Article 81)';
      expect(rules).toContainEqual([newYork, 'Enforced by', 'NYC Department of Health and Mental Hygiene']);
      expect(rules).toContainEqual([newYork, 'Its unit', '°F']);
      expect(rules).toContainEqual([
        newYork,
        'Fridge: Fridge',
        'at most 41 °F',
        'NYC Health Code, Article 81, §81.09, cold holding',
      ]);
      expect(rules).toContainEqual([
        newYork,
        'Cooking and cooling: Cooled to 70 °F within 2 hours',
        'at most 70 °F',
        'NYC Health Code, Article 81, §81.09, cooling',
      ]);
    } finally {
      await ctx.db.update(sites).set({ jurisdiction: 'GB-ENG' }).where(eq(sites.id, brighton()));
    }
  });

  test("the export's rows match the list's filters", async () => {
    const query = { startDate: '2025-05-01', endDate: '2025-05-02', result: 'PASS' };
    const { workbook } = await exported(query);
    const rows = (workbook.getWorksheet('Readings')?.getSheetValues().slice(2) ?? []).map((row) =>
      Array.isArray(row) ? [row[1], row[9]] : [],
    );
    const page = await listed({ ...query, limit: 100 });
    expect(page.records).toBe(4);
    // A site at a time, by name: Brighton ("The Harbour Kitchen") before Manchester ("Vine Street Café").
    const bySite = [...page.list].sort((a, b) => a.siteName.localeCompare(b.siteName));
    expect(rows).toEqual(bySite.map((log) => [log.siteName, log.celsius]));
    expect(rows.at(-1)).toEqual(['Vine Street Café, Manchester', 3]);
  });

  test('read a few rows at a time, every reading comes once, in order, whichever way', async () => {
    const scope = { orgId: ctx.demo.organization.id };
    const siteList = await scopeSites(ctx.db, scope);
    const filters = { startDate: '2025-05-01', endDate: '2025-05-02', search: '' };
    const read = async (size: number, oldestFirst: boolean) => {
      const ids: string[] = [];
      const when = new Date(now);
      for await (const batch of exportBatches(ctx.db, scope, siteList, filters, when, size, { oldestFirst }))
        ids.push(...batch.map((reading) => reading.id));
      return ids;
    };
    for (const oldestFirst of [false, true]) {
      const whole = await read(1000, oldestFirst);
      expect(whole.length).toBeGreaterThan(4);
      expect(new Set(whole).size).toBe(whole.length);
      expect(await read(2, oldestFirst)).toEqual(whole);
    }
    // A site at a time either way: the same readings, each site's in the other order.
    expect((await read(1, true)).sort()).toEqual((await read(1, false)).sort());
  });

  test('downloadFileType EXCEL is required; a bad range is a 400', async () => {
    for (const downloadFileType of ['', 'CSV']) {
      const reply = await ctx.inject('GET', `${base}/export-web-app-list-for-web`, {
        token: owner,
        query: { downloadFileType },
      });
      expect(reply.statusCode).toBe(400);
    }
    const reply = await ctx.inject('GET', `${base}/export-web-app-list-for-web`, {
      token: owner,
      query: { downloadFileType: 'EXCEL', startDate: '2025-05-03', endDate: '2025-05-01' },
    });
    expect(reply.statusCode).toBe(400);
  });
});

test('every call is documented, the staff calls with how staff sign in', async () => {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(reply.statusCode).toBe(200);
  const paths = (
    reply.json() as { paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> }
  ).paths;
  const calls = Object.entries(paths)
    .filter(([path]) => path.startsWith(base))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, call]) => ({ path, method, call })));
  expect(
    calls.map(({ path, method }) => `${method.toUpperCase()} ${path.slice(base.length)}`).sort(),
  ).toEqual([
    'DELETE /delete-one/{id}',
    'GET /chart',
    'GET /export-web-app-list-for-web',
    'GET /find-one/{id}',
    'GET /item-list',
    'GET /log-history-list/{id}',
    'GET /web-app-list-for-web',
    'POST /create-new-one',
    'PUT /update-one',
  ]);
  for (const { call } of calls) {
    expect(call.tags).toEqual(['temperature-logs']);
    expect(call.summary?.length).toBeGreaterThan(20);
  }
  const staffCalls = calls.filter(
    ({ path }) => path.endsWith('/create-new-one') || path.endsWith('/item-list'),
  );
  for (const { call } of staffCalls) expect(call.summary).toMatch(/mobile-app-login/);
});

test('an export stops reading rows once its download is closed', async () => {
  const workbook = readingWorkbook();
  workbook.stream.destroy();
  await expect(workbook.add([])).rejects.toBeInstanceOf(ExportAbandoned);
});

test("an export's rows read back as written: text a spreadsheet's XML must escape, numbers, dates and colours", async () => {
  const workbook = readingWorkbook();
  const chunks: Buffer[] = [];
  workbook.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => workbook.stream.on('end', resolve));
  const reading = {
    id: '00000000-0000-4000-8000-000000000001',
    key: '2025-05-02 08:00:00+00',
    siteName: 'Fish & Chips <Quay> "Brighton"',
    readLocal: '2025-05-02T09:00:00',
    receivedLocal: '2025-05-02T09:31:00',
    backFilled: true,
    logType: 'FRIDGE',
    checkKind: 'STORAGE',
    // Names are written once and shared by the rows that repeat them: a control character goes there too.
    temperatureItemName: '  Top shelf\u0008  ',
    equipmentName: null,
    foodItemName: null,
    celsius: 9.5,
    lowerLimit: 0,
    upperLimit: 5,
    warnUpTo: 8,
    result: 'FAIL',
    jurisdiction: 'GB-ENG',
    siteJurisdiction: 'GB-ENG',
    // A control character cannot be held by XML at all: it is dropped, the rest kept.
    correctiveAction: 'Moved stock\u0007 to fridge 2 — 😀',
    note: null,
    readerFirstName: 'Zoë',
    readerLastName: "O'Brien",
    source: 'STAFF',
    sensorName: null,
  } as const;
  await workbook.add([reading, { ...reading, result: 'PASS', celsius: 3, correctiveAction: null }]);
  await workbook.finish({
    range: '2025-05-02',
    sites: [reading.siteName],
    filters: [],
    generatedAt: new Date(),
  });
  await ended;
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  const sheet = read.getWorksheet('Readings');
  const failed = sheet?.getRow(2);
  expect(failed?.getCell(1).value).toBe('Fish & Chips <Quay> "Brighton"');
  expect(failed?.getCell(2).value).toEqual(new Date(Date.UTC(2025, 4, 2, 9, 0, 0)));
  expect(failed?.getCell(2).numFmt).toBe('d mmm yyyy", "hh:mm');
  expect(failed?.getCell(3).value).toEqual(new Date(Date.UTC(2025, 4, 2, 9, 31, 0)));
  expect(failed?.getCell(7).value).toBe('  Top shelf  ');
  expect(failed?.getCell(9).value).toBe(9.5);
  expect(failed?.getCell(9).numFmt).toBe('0.0#');
  expect(failed?.getCell(13).value).toBe('Fail');
  expect(failed?.getCell(14).value).toBe('Moved stock to fridge 2 — 😀');
  expect(failed?.getCell(16).value).toBe("Zoë O'Brien");
  // The failed row is red across, its empty cells too.
  for (const column of [1, 8, 15, 17])
    expect(failed?.getCell(column).fill).toMatchObject({ fgColor: { argb: 'FFFFC7CE' } });
  const passed = sheet?.getRow(3);
  expect(passed?.getCell(13).value).toBe('Pass');
  expect(passed?.getCell(1).fill).toBeUndefined();
  expect(passed?.getCell(14).value).toBeNull();
  expect(sheet?.rowCount).toBe(3);
});

test('an export of sites in both units: each row in its own site’s unit, or every row in one the sheet names', async () => {
  const english = {
    id: '00000000-0000-4000-8000-000000000002',
    key: '2025-05-02 08:00:00+00',
    siteName: 'Brighton',
    readLocal: '2025-05-02T09:00:00',
    receivedLocal: '2025-05-02T09:01:00',
    backFilled: false,
    logType: 'FRIDGE',
    checkKind: 'FRIDGE',
    temperatureItemName: 'Top shelf',
    equipmentName: null,
    foodItemName: null,
    celsius: 5,
    lowerLimit: null,
    upperLimit: 8,
    warnUpTo: null,
    result: 'PASS',
    jurisdiction: 'GB-ENG',
    siteJurisdiction: 'GB-ENG',
    correctiveAction: null,
    note: null,
    readerFirstName: null,
    readerLastName: null,
    source: 'STAFF',
    sensorName: null,
  } as const;
  const american = {
    ...english,
    siteName: 'Brooklyn',
    jurisdiction: 'US-NYC',
    siteJurisdiction: 'US-NYC',
  } as const;
  const written = async (workbook: ReturnType<typeof readingWorkbook>) => {
    const chunks: Buffer[] = [];
    workbook.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => workbook.stream.on('end', resolve));
    await workbook.add([american, english]);
    await workbook.finish({ range: '2025-05-02', sites: [], filters: [], generatedAt: new Date() });
    await ended;
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    const sheet = read.getWorksheet('Readings');
    return {
      header: (sheet?.getRow(1).values as unknown[]).slice(9, 13),
      rows: [2, 3].map((n) => [9, 11, 12].map((column) => sheet?.getRow(n).getCell(column).value)),
      dates: [2, 3].map((n) => sheet?.getRow(n).getCell(2).numFmt),
    };
  };
  // Told the sites' units: each row as its site writes it, the headers naming none.
  expect(await written(readingWorkbook({ units: ['F', 'C'] }))).toEqual({
    header: ['Reading', 'Lower limit', 'Upper limit', 'Unit'],
    rows: [
      [41, 46.4, '°F'],
      [5, 8, '°C'],
    ],
    dates: ['mmm d", "yyyy", "h:mm AM/PM', 'd mmm yyyy", "hh:mm'],
  });
  // Not told: the first reading's site's unit for every row, named in the headers.
  expect((await written(readingWorkbook())).rows).toEqual([
    [41, 46.4, '°F'],
    [41, 46.4, '°F'],
  ]);
});
