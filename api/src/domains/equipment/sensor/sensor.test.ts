import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type {
  AlertEventKind,
  Sensor,
  SensorIngestResult,
  SensorWithKey,
  TemperatureLog,
} from '@console/shared-sdk/contract';
import { alertEvents } from '../../../platform/events/schema.js';
import { historyEntries } from '../../../platform/history/schema.js';
import { sites } from '../../../platform/db/schema.js';
import { demoLogins } from '../../../demo.js';
import { buildApp } from '../../../app.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { markSilentSensors, sensors } from '../index.js';
import { storeSensorBatches, temperatureReadings } from '../../logs/index.js';

const v1 = '/api/v1';
const base = `${v1}/sensor`;
const minute = 60_000;

let ctx: TestContext;
let brighton: string;
let manchester: string;
/** Brighton's fridge item (at most 5 °C, warns to 8 °C) and freezer item, and a Brighton probe. */
let fridgeItem: string;
let freezerItem: string;
let probe: string;
let otherFridgeItem: string;

const admin = () => ctx.login(demoLogins.organizationAdmin);

async function fridge(token: string, siteID: string, type: 'FRIDGE' | 'FREEZER', name: string) {
  const reply = await ctx.inject<{ data: { temperatureItems: { _id: string }[] } }>(
    'POST',
    `${v1}/masterType/create-new-one`,
    {
      token,
      body: {
        siteID,
        type,
        name,
        temperatureItems: [{ name: 'Main', upperLimit: type === 'FRIDGE' ? 5 : -18 }],
      },
    },
  );
  expect(reply.statusCode).toBe(200);
  return reply.json.data.temperatureItems[0]?._id ?? '';
}

async function createSensor(body: Record<string, unknown>, token?: string): Promise<SensorWithKey> {
  const reply = await ctx.inject<{ data: SensorWithKey }>('POST', `${base}/create-new-one`, {
    token: token ?? (await admin()),
    body,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

let sequence = 0;
/** Lines at the given minutes before the clock's now, each with the next sequence. */
const lines = (...readings: [minutesAgo: number, celsius: number][]) =>
  readings.map(([minutesAgo, celsius]) => ({
    sequence: ++sequence,
    readAt: new Date(ctx.clock.now().getTime() - minutesAgo * minute).toISOString(),
    celsius,
  }));

const ingest = (key: string, readings: unknown) =>
  ctx.inject<{ data: SensorIngestResult; details?: { fieldErrors: Record<string, string[]> } }>(
    'POST',
    `${base}/ingest`,
    {
      headers: { 'x-sensor-key': key },
      body: { readings },
    },
  );

const eventsOf = (kind: AlertEventKind, siteId: string) =>
  ctx.db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.kind, kind), eq(alertEvents.siteId, siteId)));

beforeAll(async () => {
  ctx = await createTestContext();
  brighton = ctx.demo.sites.brighton.id;
  manchester = ctx.demo.sites.manchester.id;
  const token = await admin();
  fridgeItem = await fridge(token, brighton, 'FRIDGE', 'Walk-in fridge');
  freezerItem = await fridge(token, brighton, 'FREEZER', 'Chest freezer');
  const created = await ctx.inject<{ data: { _id: string } }>('POST', `${v1}/foodItem/create-new-one`, {
    token,
    body: { siteID: brighton, type: 'PROB', name: 'Cellar probe' },
  });
  probe = created.json.data._id;
  otherFridgeItem = await fridge(
    await ctx.login('owner@other.example'),
    ctx.other.site.id,
    'FRIDGE',
    'Theirs',
  );
});
afterAll(() => ctx.close());

describe('registering', () => {
  test('create shows the device key once; the list, find-one and update never show it', async () => {
    const sensor = await createSensor({
      siteID: brighton,
      name: 'Walk-in probe 1',
      temperatureItemID: fridgeItem,
    });
    expect(sensor.deviceKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(sensor.deviceKey.startsWith(sensor.keyPrefix)).toBe(true);
    expect(sensor).toMatchObject({
      name: 'Walk-in probe 1',
      item: { kind: 'TEMPERATURE_ITEM', name: 'Main', equipmentName: 'Walk-in fridge' },
      status: 'NEVER_SEEN',
      lastSeenAt: null,
    });
    const token = await admin();
    const list = await ctx.inject<{ data: { list: Sensor[] } }>('GET', `${base}/web-app-list`, {
      token,
      query: { siteID: brighton },
    });
    expect(list.statusCode).toBe(200);
    expect(list.raw).not.toContain(sensor.deviceKey);
    expect(list.json.data.list.map((one) => one.name)).toContain('Walk-in probe 1');
    const one = await ctx.inject('GET', `${base}/find-one/${sensor._id}`, { token });
    expect(one.statusCode).toBe(200);
    expect(one.raw).not.toContain(sensor.deviceKey);
    expect(one.raw).not.toContain('deviceKey');
  });

  test('a probe can be logged; a food item, another site’s item or none cannot', async () => {
    const onProbe = await createSensor({ siteID: brighton, name: 'Cellar sensor', foodItemID: probe });
    expect(onProbe.item).toMatchObject({ kind: 'PROBE', name: 'Cellar probe' });
    const token = await admin();
    const food = await ctx.inject<{ data: { _id: string } }>('POST', `${v1}/foodItem/create-new-one`, {
      token,
      body: { siteID: brighton, type: 'FOODITEM', name: 'Soup' },
    });
    const refusedFood = await ctx.inject<{ details: { fieldErrors: Record<string, string[]> } }>(
      'POST',
      `${base}/create-new-one`,
      {
        token,
        body: { siteID: brighton, name: 'Soup sensor', foodItemID: food.json.data._id },
      },
    );
    expect(refusedFood.statusCode).toBe(400);
    expect(refusedFood.json.details.fieldErrors.foodItemID).toEqual([
      'A sensor logs a probe, not a food item',
    ]);
    const elsewhere = await ctx.inject<{ details: { fieldErrors: Record<string, string[]> } }>(
      'POST',
      `${base}/create-new-one`,
      {
        token,
        body: { siteID: manchester, name: 'Wrong site', temperatureItemID: fridgeItem },
      },
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json.details.fieldErrors.temperatureItemID).toEqual([
      "Not a temperature item of the sensor's site",
    ]);
  });

  test('validation errors are 400 with field messages', async () => {
    const token = await admin();
    const none = await ctx.inject<{ details: { fieldErrors: Record<string, string[]> } }>(
      'POST',
      `${base}/create-new-one`,
      {
        token,
        body: { siteID: brighton, name: '' },
      },
    );
    expect(none.statusCode).toBe(400);
    expect(none.json.details.fieldErrors).toMatchObject({
      name: ['Sensor name is required'],
      temperatureItemID: ['Choose the temperature item or the probe the sensor logs'],
    });
    const both = await ctx.inject<{ details: { fieldErrors: Record<string, string[]> } }>(
      'POST',
      `${base}/create-new-one`,
      {
        token,
        body: { siteID: brighton, name: 'Both', temperatureItemID: fridgeItem, foodItemID: probe },
      },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json.details.fieldErrors.temperatureItemID).toEqual([
      'A sensor logs one item: a temperature item or a probe',
    ]);
    const sameName = await ctx.inject('POST', `${base}/create-new-one`, {
      token,
      body: { siteID: brighton, name: 'walk-in PROBE 1', temperatureItemID: freezerItem },
    });
    expect(sameName.statusCode).toBe(409);
  });

  test('staff cannot manage sensors, a site admin only on its own sites', async () => {
    const siteAdmin = await ctx.login(demoLogins.siteAdmin);
    const own = await ctx.inject('POST', `${base}/create-new-one`, {
      token: siteAdmin,
      body: { siteID: brighton, name: 'Site admin’s sensor', temperatureItemID: freezerItem },
    });
    expect(own.statusCode).toBe(200);
    const theirs = await ctx.inject('POST', `${base}/create-new-one`, {
      token: siteAdmin,
      body: { siteID: manchester, name: 'Not mine', temperatureItemID: freezerItem },
    });
    expect(theirs.statusCode).toBe(403);
  });

  test("another organisation's sensor ids and items are 404 on every call", async () => {
    const theirs = await createSensor(
      { siteID: ctx.other.site.id, name: 'Their sensor', temperatureItemID: otherFridgeItem },
      await ctx.login('owner@other.example'),
    );
    const token = await admin();
    const calls = [
      ctx.inject('GET', `${base}/find-one/${theirs._id}`, { token }),
      ctx.inject('PUT', `${base}/update-one`, {
        token,
        body: { _id: theirs._id, name: 'Renamed', temperatureItemID: fridgeItem },
      }),
      ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`, { token }),
      ctx.inject('PUT', `${base}/rotate-key/${theirs._id}`, { token }),
      ctx.inject('PUT', `${base}/revoke-key/${theirs._id}`, { token }),
      ctx.inject('GET', `${base}/web-app-list`, { token, query: { siteID: ctx.other.site.id } }),
      ctx.inject('POST', `${base}/create-new-one`, {
        token,
        body: { siteID: brighton, name: 'On their item', temperatureItemID: otherFridgeItem },
      }),
    ];
    for (const reply of await Promise.all(calls)) expect(reply.statusCode).toBe(404);
    // Their key still works: nothing of theirs was changed.
    expect((await ingest(theirs.deviceKey, lines([1, 4]))).statusCode).toBe(200);
  });
});

describe('ingest', () => {
  let sensor: SensorWithKey;
  beforeAll(async () => {
    sensor = await createSensor({ siteID: brighton, name: 'Fridge logger', temperatureItemID: fridgeItem });
  });

  test('stores readings as temperature readings of source SENSOR with the item’s limits copied in', async () => {
    const batch = lines([3, 3.5], [2, 6.5], [1, 9.5]);
    const reply = await ingest(sensor.deviceKey, batch);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual({ stored: 3, duplicates: 0, refused: [] });

    const token = await admin();
    const list = await ctx.inject<{ data: { list: TemperatureLog[] } }>(
      'GET',
      `${v1}/temperature-logs/web-app-list-for-web`,
      { token, query: { siteID: brighton, source: 'SENSOR', itemID: fridgeItem } },
    );
    const readings = list.json.data.list.filter((log) => log.readBy._id === sensor._id);
    expect(readings.map((log) => [log.celsius, log.result, log.source])).toEqual([
      [9.5, 'FAIL', 'SENSOR'],
      [6.5, 'WARN', 'SENSOR'],
      [3.5, 'PASS', 'SENSOR'],
    ]);
    expect(readings[0]).toMatchObject({
      readBy: { _id: sensor._id, name: 'Sensor “Fridge logger”' },
      limits: { upperLimit: 5, warnUpTo: 8 },
      correctiveAction: null,
      backFilled: false,
    });
    // The same history a person's reading gets, the sensor named as its author.
    const history = await ctx.inject<{ data: { action: string; actor: { name: string } }[] }>(
      'GET',
      `${v1}/temperature-logs/log-history-list/${readings[0]?._id}`,
      { token },
    );
    expect(history.json.data).toMatchObject([
      { action: 'create', actor: { name: 'Sensor “Fridge logger”' } },
    ]);
    // A single failing reading raises nothing: only a run as long as the debounce does.
    expect(await eventsOf('TEMPERATURE_FAILED', brighton)).toEqual([]);
    // And the sensor is seen, with its last reading.
    const found = await ctx.inject<{ data: Sensor }>('GET', `${base}/find-one/${sensor._id}`, { token });
    expect(found.json.data).toMatchObject({ status: 'ONLINE', lastCelsius: 9.5 });
  });

  test('a batch sent again stores nothing twice and says so', async () => {
    const batch = lines([1, 3.1], [0, 3.2]);
    expect((await ingest(sensor.deviceKey, batch)).json.data).toEqual({
      stored: 2,
      duplicates: 0,
      refused: [],
    });
    const again = await ingest(sensor.deviceKey, [...batch, ...lines([0, 3.3])]);
    expect(again.json.data).toEqual({ stored: 1, duplicates: 2, refused: [] });
    const receipts = await ctx.db
      .select({ id: historyEntries.id })
      .from(historyEntries)
      .where(eq(historyEntries.actorName, 'Sensor “Fridge logger”'));
    expect(receipts).toHaveLength(3 + 2 + 1);
  });

  test('a held batch is back-filled; a line from the future or beyond the sync window is refused on its own', async () => {
    const [held, future, ancient] = [
      ...lines([45, 3.4]),
      {
        sequence: ++sequence,
        readAt: new Date(ctx.clock.now().getTime() + 10 * minute).toISOString(),
        celsius: 3,
      },
      {
        sequence: ++sequence,
        readAt: new Date(ctx.clock.now().getTime() - 100 * 3_600_000).toISOString(),
        celsius: 3,
      },
    ];
    const reply = await ingest(sensor.deviceKey, [held, future, ancient]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.stored).toBe(1);
    expect(reply.json.data.refused).toEqual([
      {
        index: 1,
        sequence: future?.sequence,
        field: 'readings.1.readAt',
        message:
          "The reading's time is more than 2 minutes after the server's time: check the device's clock",
      },
      {
        index: 2,
        sequence: ancient?.sequence,
        field: 'readings.2.readAt',
        message:
          "The reading's time is more than 72 hours ago: a record that old cannot be synced or back-dated",
      },
    ]);
    const token = await admin();
    const list = await ctx.inject<{ data: { list: TemperatureLog[] } }>(
      'GET',
      `${v1}/temperature-logs/web-app-list-for-web`,
      { token, query: { siteID: brighton, source: 'SENSOR', backFilled: 'true' } },
    );
    expect(list.json.data.list.map((log) => log.celsius)).toContain(3.4);
  });

  test('unknown, missing, revoked and rotated-out keys are refused with 401', async () => {
    const one = await createSensor({ siteID: brighton, name: 'Revoked one', temperatureItemID: freezerItem });
    expect((await ingest('sk_not-a-key', lines([0, -18]))).statusCode).toBe(401);
    const missing = await ctx.inject('POST', `${base}/ingest`, { body: { readings: lines([0, -18]) } });
    expect(missing.statusCode).toBe(401);
    const token = await admin();
    const rotated = await ctx.inject<{ data: SensorWithKey }>('PUT', `${base}/rotate-key/${one._id}`, {
      token,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json.data.deviceKey).not.toBe(one.deviceKey);
    expect((await ingest(one.deviceKey, lines([0, -18]))).statusCode).toBe(401);
    expect((await ingest(rotated.json.data.deviceKey, lines([0, -18]))).statusCode).toBe(200);
    const revoked = await ctx.inject<{ data: Sensor }>('PUT', `${base}/revoke-key/${one._id}`, { token });
    expect(revoked.json.data.status).toBe('REVOKED');
    const refused = await ingest(rotated.json.data.deviceKey, lines([0, -18]));
    expect(refused.statusCode).toBe(401);
    expect(refused.raw).toContain('Unknown or revoked sensor key');
    // A deleted sensor's key is refused too.
    const gone = await createSensor({
      siteID: brighton,
      name: 'Deleted one',
      temperatureItemID: freezerItem,
    });
    expect((await ctx.inject('DELETE', `${base}/delete-one/${gone._id}`, { token })).statusCode).toBe(200);
    expect((await ingest(gone.deviceKey, lines([0, -18]))).statusCode).toBe(401);
  });

  test('a malformed batch is a 400 with field messages; more than 500 lines too', async () => {
    const bad = await ingest(sensor.deviceKey, [{ sequence: -1, readAt: 'yesterday', celsius: 'cold' }]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json.details?.fieldErrors ?? {}).sort()).toEqual([
      'readings.0.celsius',
      'readings.0.readAt',
      'readings.0.sequence',
    ]);
    const tooMany = await ingest(
      sensor.deviceKey,
      Array.from({ length: 501 }, (_, index) => ({
        sequence: index,
        readAt: ctx.clock.now().toISOString(),
        celsius: 3,
      })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json.details?.fieldErrors.readings).toEqual(['At most 500 readings a batch: split it']);
  });

  test('more than 60 calls a minute from one sensor are refused with 429 and Retry-After', async () => {
    const busy = await createSensor({ siteID: brighton, name: 'Chatty', temperatureItemID: freezerItem });
    for (let call = 0; call < 60; call += 1) {
      expect((await ingest(busy.deviceKey, lines([0, -19]))).statusCode).toBe(200);
    }
    const refused = await ingest(busy.deviceKey, lines([0, -19]));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another sensor is not held back by it.
    expect((await ingest(sensor.deviceKey, lines([0, 3]))).statusCode).toBe(200);
    ctx.clock.advance(minute);
    expect((await ingest(busy.deviceKey, lines([0, -19]))).statusCode).toBe(200);
  });

  test('two instances on one database together accept 60 of 70 calls a minute from one sensor', async () => {
    const busy = await createSensor({
      siteID: brighton,
      name: 'Chatty twice',
      temperatureItemID: freezerItem,
    });
    // A second API instance on the same database, as behind a load balancer.
    const second = await buildApp(ctx.app.deps, { serveWeb: false });
    try {
      const call = (n: number) =>
        (n % 2 === 0 ? ctx.app : second).inject({
          method: 'POST',
          url: `${base}/ingest`,
          headers: { 'x-sensor-key': busy.deviceKey },
          // The same batch again and again counts too: nothing is stored twice, but the call was made.
          payload: {
            readings: n < 35 ? lines([0, -19]) : [{ sequence: 1, readAt: ctx.clock.now(), celsius: -19 }],
          },
        });
      const replies = await Promise.all(Array.from({ length: 70 }, (_, n) => call(n)));
      const statuses = replies.map((reply) => reply.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
      const refused = replies.filter((reply) => reply.statusCode === 429);
      expect(refused).toHaveLength(10);
      for (const reply of refused) {
        const seconds = Number(reply.headers['retry-after']);
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(60);
      }
    } finally {
      await second.close();
    }
  });
});

describe('the debounce', () => {
  test('10 minutes outside the limits and back raises nothing; 15 minutes and more raise one event', async () => {
    const sensor = await createSensor({ siteID: brighton, name: 'Debounced', temperatureItemID: fridgeItem });
    const before = (await eventsOf('TEMPERATURE_FAILED', brighton)).length;
    // A delivery: ten minutes with the door open, then back to 3 °C.
    ctx.clock.advance(30 * minute);
    const door = lines(...Array.from({ length: 11 }, (_, i): [number, number] => [30 - i, 10]), [19, 3.5]);
    expect((await ingest(sensor.deviceKey, door)).json.data.stored).toBe(12);
    expect(await eventsOf('TEMPERATURE_FAILED', brighton)).toHaveLength(before);

    // A failing compressor: out for 18 minutes, sent a minute at a time.
    for (let i = 0; i <= 18; i += 1) {
      ctx.clock.advance(minute);
      expect((await ingest(sensor.deviceKey, lines([0, 9 + i / 10]))).statusCode).toBe(200);
    }
    const raised = (await eventsOf('TEMPERATURE_FAILED', brighton)).slice(before);
    expect(raised).toHaveLength(1);
    expect(raised[0]?.title).toBe(
      'Sensor “Debounced” on Walk-in fridge – Main: 10.5 °C is above the legal maximum of 8 °C, outside its ' +
        'limits for 15 minutes. Check it and record a corrective action',
    );
    expect(raised[0]?.subject).toBe('TemperatureLog');
    expect(ctx.jobs.sent.map((job) => job.name)).toContain('alerts.dispatch');

    // Back within limits ends the run; a new run is a new event.
    ctx.clock.advance(minute);
    await ingest(sensor.deviceKey, lines([0, 4]));
    const token = await admin();
    const found = await ctx.inject<{ data: Sensor }>('GET', `${base}/find-one/${sensor._id}`, { token });
    expect(found.json.data.excursionSince).toBeNull();
    ctx.clock.advance(20 * minute);
    await ingest(
      sensor.deviceKey,
      lines(...Array.from({ length: 17 }, (_, i): [number, number] => [16 - i, 12])),
    );
    expect((await eventsOf('TEMPERATURE_FAILED', brighton)).slice(before)).toHaveLength(2);
  });

  test('a held batch whose run outside the limits is long enough but over by its end still alerts once', async () => {
    const sensor = await createSensor({
      siteID: brighton,
      name: 'Held batch',
      temperatureItemID: fridgeItem,
    });
    const before = (await eventsOf('TEMPERATURE_FAILED', brighton)).length;
    ctx.clock.advance(60 * minute);
    const held = lines(...Array.from({ length: 17 }, (_, i): [number, number] => [50 - i, 11]), [30, 4]);
    expect((await ingest(sensor.deviceKey, held)).json.data.stored).toBe(18);
    expect(await eventsOf('TEMPERATURE_FAILED', brighton)).toHaveLength(before + 1);
    // Sent again, it raises nothing more.
    await ingest(sensor.deviceKey, held);
    expect(await eventsOf('TEMPERATURE_FAILED', brighton)).toHaveLength(before + 1);
  });

  test('batches stored in one pass (the demo’s week) answer, receipt and alert as if each were posted in turn', async () => {
    const sensor = await createSensor({ siteID: brighton, name: 'Replayed', temperatureItemID: fridgeItem });
    const before = (await eventsOf('TEMPERATURE_FAILED', brighton)).length;
    const [row] = await ctx.db.select().from(sensors).where(eq(sensors.id, sensor._id));
    if (!row) throw new Error('the sensor was not stored');
    const start = ctx.clock.now().getTime();
    const at = (minutes: number) => new Date(start + minutes * minute);
    const line = (sequence: number, minutes: number, celsius: number) => ({
      sequence,
      readAt: at(minutes).toISOString(),
      celsius,
    });
    const results = await ctx.db.transaction((tx) =>
      storeSensorBatches(
        tx,
        row,
        [
          { lines: [line(1, 0, 3), line(2, 5, 9)], receivedAt: at(6) },
          // Sequence 2 again (a resent line), then the run goes on: 15 minutes out by its last line.
          { lines: [line(2, 5, 9), line(3, 12, 9.5), line(4, 20, 10)], receivedAt: at(21) },
          // From the future of its own receipt: refused on its own.
          { lines: [line(5, 24, 4), line(6, 40, 4)], receivedAt: at(25) },
        ],
        72,
      ),
    );
    expect(results).toEqual([
      { stored: 2, duplicates: 0, refused: [], raised: false },
      { stored: 2, duplicates: 1, refused: [], raised: true },
      {
        stored: 1,
        duplicates: 0,
        refused: [expect.objectContaining({ index: 1, sequence: 6, field: 'readings.1.readAt' })],
        raised: false,
      },
    ]);
    const stored = await ctx.db
      .select()
      .from(temperatureReadings)
      .where(eq(temperatureReadings.sensorId, sensor._id))
      .orderBy(temperatureReadings.readAt);
    expect(stored.map((reading) => [reading.celsius, reading.receivedAt.getTime()])).toEqual([
      [3, at(6).getTime()],
      [9, at(6).getTime()],
      [9.5, at(21).getTime()],
      [10, at(21).getTime()],
      [4, at(25).getTime()],
    ]);
    const raised = (await eventsOf('TEMPERATURE_FAILED', brighton)).slice(before);
    expect(raised).toHaveLength(1);
    expect(raised[0]?.recordId).toBe(stored[3]?.id);
    const [after] = await ctx.db.select().from(sensors).where(eq(sensors.id, sensor._id));
    expect(after).toMatchObject({
      excursionSince: null,
      lastReadAt: at(24),
      lastCelsius: 4,
      lastSeenAt: at(25),
    });
  });

  test('the debounce is the site’s setting', async () => {
    await ctx.db.update(sites).set({ excursionDebounceMinutes: 5 }).where(eq(sites.id, brighton));
    try {
      const sensor = await createSensor({ siteID: brighton, name: 'Quick', temperatureItemID: freezerItem });
      const before = (await eventsOf('TEMPERATURE_FAILED', brighton)).length;
      ctx.clock.advance(10 * minute);
      await ingest(
        sensor.deviceKey,
        lines(...Array.from({ length: 6 }, (_, i): [number, number] => [5 - i, -5])),
      );
      expect(await eventsOf('TEMPERATURE_FAILED', brighton)).toHaveLength(before + 1);
    } finally {
      await ctx.db.update(sites).set({ excursionDebounceMinutes: 15 }).where(eq(sites.id, brighton));
    }
  });
});

describe('offline', () => {
  test('a sensor silent for 30 minutes is noticed once; speaking again clears it', async () => {
    const jobDeps = { db: ctx.db, clock: ctx.clock, log: ctx.app.log };
    // Everything registered so far goes quiet now.
    await markSilentSensors(jobDeps);
    const sensor = await createSensor({
      siteID: manchester,
      name: 'Cold room',
      temperatureItemID: await fridge(await admin(), manchester, 'FRIDGE', 'Cold room'),
    });
    await ingest(sensor.deviceKey, lines([0, 3]));
    const offlineEvents = () => eventsOf('SENSOR_OFFLINE', manchester);
    ctx.clock.advance(29 * minute);
    await markSilentSensors(jobDeps);
    expect(await offlineEvents()).toEqual([]);
    ctx.clock.advance(2 * minute);
    await markSilentSensors(jobDeps);
    await markSilentSensors(jobDeps);
    const offline = await offlineEvents();
    expect(offline.map((event) => event.title)).toEqual([
      'Sensor “Cold room” on Cold room – Main has sent nothing for 30 minutes: check its battery and signal',
    ]);
    const token = await admin();
    const found = await ctx.inject<{ data: Sensor }>('GET', `${base}/find-one/${sensor._id}`, { token });
    expect(found.json.data.status).toBe('OFFLINE');

    await ingest(sensor.deviceKey, lines([0, 3]));
    const back = await ctx.inject<{ data: Sensor }>('GET', `${base}/find-one/${sensor._id}`, { token });
    expect(back.json.data).toMatchObject({ status: 'ONLINE', offlineSince: null });
    // A second silence is a second event.
    ctx.clock.advance(31 * minute);
    await markSilentSensors(jobDeps);
    expect(await offlineEvents()).toHaveLength(2);
  });

  test('a revoked or deleted sensor is not reported offline', async () => {
    const jobDeps = { db: ctx.db, clock: ctx.clock, log: ctx.app.log };
    await markSilentSensors(jobDeps);
    const token = await admin();
    const revoked = await createSensor({
      siteID: brighton,
      name: 'Retired logger',
      temperatureItemID: freezerItem,
    });
    await ctx.inject('PUT', `${base}/revoke-key/${revoked._id}`, { token });
    ctx.clock.advance(40 * minute);
    await markSilentSensors(jobDeps);
    const found = await ctx.inject<{ data: Sensor }>('GET', `${base}/find-one/${revoked._id}`, {
      token: await admin(),
    });
    expect(found.json.data).toMatchObject({ status: 'REVOKED', offlineSince: null });
    const raised = await ctx.db.select().from(alertEvents).where(eq(alertEvents.recordId, revoked._id));
    expect(raised).toEqual([]);
  });
});

describe('where readings show', () => {
  test('the export has a Source column, the pack marks sensor readings, and the record check holds', async () => {
    const sensor = await createSensor({ siteID: brighton, name: 'Shown', temperatureItemID: fridgeItem });
    ctx.clock.advance(minute);
    await ingest(sensor.deviceKey, lines([0, 3.7]));
    const token = await admin();
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `${v1}/temperature-logs/export-web-app-list-for-web`,
      query: { downloadFileType: 'EXCEL', siteID: brighton, source: 'SENSOR' },
      headers: { authorization: token },
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Readings');
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(-2)).toEqual(['Read by', 'Source']);
    const rows = (sheet?.getSheetValues() ?? []).slice(2) as unknown[][];
    const shown = rows.find((row) => row.includes('Sensor “Shown”'));
    expect(shown?.at(-1)).toBe('Sensor');

    const chart = await ctx.inject<{ data: { points: { celsius: number }[] } }>(
      'GET',
      `${v1}/temperature-logs/chart`,
      { token, query: { siteID: brighton, itemID: fridgeItem } },
    );
    expect(chart.json.data.points.map((point) => point.celsius)).toContain(3.7);

    const pack = await ctx.inject<{ data: { recordCheck: { intact: boolean } } }>(
      'GET',
      `${v1}/report/inspection-pack/preview`,
      { token, query: { siteID: brighton } },
    );
    expect(pack.statusCode).toBe(200);
    expect(pack.json.data.recordCheck.intact).toBe(true);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `${v1}/report/inspection-pack/download`,
      query: { siteID: brighton, format: 'EXCEL' },
      headers: { authorization: token },
    });
    expect(download.statusCode).toBe(200);
    const packBook = new ExcelJS.Workbook();
    await packBook.xlsx.load(download.rawPayload as unknown as ExcelJS.Buffer);
    const readings = JSON.stringify(packBook.getWorksheet('Readings')?.getSheetValues());
    expect(readings).toContain('Sensor “Shown”');
    expect(readings).toMatch(/3\.7 \(sensor\)/);
  });
});
