import { and, eq } from 'drizzle-orm';
import { alertEvents } from '../../../platform/events/schema.js';
import { loadConfig } from '../../../platform/config/config.js';
import { organizations } from '../../../platform/db/schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { insertSensor, markSilentSensors, sensors } from '../../equipment/index.js';
import { temperatureReadings } from '../schema.js';
import { postDemoSensorReadings, type DemoSensorDeps } from './sensor-live.js';

// The demo's sensors keep reporting while the demo runs: with the clock moved on, the sensors the demo came
// with get normal readings through the ingest and none is reported offline; a sensor a person registered is
// left to speak for itself.

const minute = 60_000;
let ctx: TestContext;
let deps: DemoSensorDeps;
let demoSensorId: string;
let personsSensorId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  deps = {
    db: ctx.db,
    clock: ctx.clock,
    jobs: ctx.jobs,
    log: { error: (...args: unknown[]) => console.error(...args) },
    syncWindowHours: ctx.config.syncWindowHours,
  };
  const token = await ctx.login(demoLogins.organizationAdmin);
  const brighton = ctx.demo.sites.brighton.id;
  const unit = await ctx.inject<{ data: { temperatureItems: { _id: string }[] } }>(
    'POST',
    '/api/v1/masterType/create-new-one',
    {
      token,
      body: {
        siteID: brighton,
        type: 'FRIDGE',
        name: 'Pass fridge',
        temperatureItems: [{ name: 'Main', upperLimit: 5 }],
      },
    },
  );
  const itemId = unit.json.data.temperatureItems[0]?._id ?? '';
  // As the demo's seed registers its sensors: a week before the organisation was made, in its story.
  const weekAgo = new Date(ctx.clock.now().getTime() - 7 * 24 * 60 * minute);
  const made = await ctx.db.transaction((tx) =>
    insertSensor(
      tx,
      { orgId: ctx.demo.organization.id, siteID: brighton },
      { name: 'Pass fridge sensor', temperatureItemID: itemId },
      weekAgo,
    ),
  );
  demoSensorId = made.row.id;
  const registered = await ctx.inject<{ data: { _id: string } }>('POST', '/api/v1/sensor/create-new-one', {
    token,
    body: { siteID: brighton, name: 'A real gateway', temperatureItemID: itemId },
  });
  personsSensorId = registered.json.data._id;
});
afterAll(() => ctx.close());

const readingsOf = (sensorId: string) =>
  ctx.db.select().from(temperatureReadings).where(eq(temperatureReadings.sensorId, sensorId));
const offlineEventsOf = (sensorId: string) =>
  ctx.db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.kind, 'SENSOR_OFFLINE'), eq(alertEvents.recordId, sensorId)));

test('with the clock moved on, a demo sensor reads normally through the ingest and is never offline', async () => {
  // Two hours, looked at every quarter of an hour as the silence check would.
  for (let step = 0; step < 8; step += 1) {
    ctx.clock.advance(15 * minute);
    await postDemoSensorReadings(deps);
    await markSilentSensors({
      db: ctx.db,
      clock: ctx.clock,
      log: { debug: () => undefined, error: () => undefined, warn: () => undefined },
    });
  }
  const readings = await readingsOf(demoSensorId);
  // The sync window's quarters before the first look, then one each quarter after.
  expect(readings.length).toBeGreaterThanOrEqual(8);
  expect(readings.every((reading) => reading.source === 'SENSOR' && reading.result === 'PASS')).toBe(true);
  const newest = Math.max(...readings.map((reading) => reading.readAt.getTime()));
  expect(ctx.clock.now().getTime() - newest).toBeLessThan(15 * minute);
  expect(await offlineEventsOf(demoSensorId)).toHaveLength(0);
  // Normal temperatures: the story's one excursion stays the seeded one.
  expect(
    await ctx.db.select().from(alertEvents).where(eq(alertEvents.kind, 'TEMPERATURE_FAILED')),
  ).toHaveLength(0);
  // The sensor a person registered got nothing from the simulator, and was found silent.
  expect(await readingsOf(personsSensorId)).toHaveLength(0);
  expect(await offlineEventsOf(personsSensorId)).toHaveLength(1);
  // A second look in the same quarter stores nothing twice.
  expect(await postDemoSensorReadings(deps)).toBe(0);
});

test('nothing is posted once the demo organisation is gone', async () => {
  const before = (await readingsOf(demoSensorId)).length;
  await ctx.db
    .update(organizations)
    .set({ deletedAt: ctx.clock.now() })
    .where(eq(organizations.id, ctx.demo.organization.id));
  try {
    ctx.clock.advance(60 * minute);
    expect(await postDemoSensorReadings(deps)).toBe(0);
    expect(await readingsOf(demoSensorId)).toHaveLength(before);
  } finally {
    await ctx.db
      .update(organizations)
      .set({ deletedAt: null })
      .where(eq(organizations.id, ctx.demo.organization.id));
  }
  const [sensor] = await ctx.db.select().from(sensors).where(eq(sensors.id, demoSensorId));
  expect(sensor?.deletedAt).toBeNull();
});

test('the simulator is on by default on the embedded database, off with DEMO_SENSORS=off or on PostgreSQL', () => {
  expect(loadConfig({}).demoSensors).toBe(true);
  expect(loadConfig({ DEMO_SENSORS: 'off' }).demoSensors).toBe(false);
  expect(loadConfig({ DATABASE_URL: 'postgres://db.example/console' }).demoSensors).toBe(false);
});
