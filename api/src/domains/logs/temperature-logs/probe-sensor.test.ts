import { and, eq } from 'drizzle-orm';
import type {
  MasterType,
  SensorWithKey,
  TaskListData,
  TemperatureLog,
  Template,
} from '@console/shared-sdk/contract';
import { alertEvents } from '../../../platform/events/schema.js';
import { sites } from '../../../platform/db/schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { mobileLogin } from '../../../test/logs.js';
import { individualTasks, masterTasks } from '../../tasks/index.js';

// A person's probe and a wireless sensor on the same item that disagree by more than the site's tolerance
// (2 °C by default) within 10 minutes of each other: one of them is wrong. The site's admins hear of it once
// per reading and sensor, and the site has a probe calibration check due by the end of its day, once a
// day. Either may come first: a reading looks back at the sensor's, a sensor's batch at the people's.

/** A Tuesday: 11:00 in Brighton and Manchester (BST). */
const now = '2025-06-10T10:00:00.000Z';
const today = '2025-06-10';
const minute = 60_000;
/** `n` minutes before the clock's now. */
const minutesBefore = (n: number) => new Date(ctx.clock.now().getTime() - n * minute).toISOString();

let ctx: TestContext;
let owner: string;
let aisha: string;
let sequence = 0;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

async function created<T extends { _id: string }>(url: string, body: unknown): Promise<T> {
  const reply = await ctx.inject<{ data: T }>('POST', `/api/v1/${url}/create-new-one`, {
    token: owner,
    body,
  });
  if (reply.statusCode !== 200) throw new Error(`creating ${url}: ${reply.raw}`);
  return reply.json.data;
}

/** A fridge's top shelf (at most 5 °C, warns to 8 °C) on `siteID`, and a sensor on it. */
async function shelfWithSensor(name: string, siteID = brighton()) {
  const fridge = await created<MasterType>('masterType', {
    siteID,
    type: 'FRIDGE',
    name,
    temperatureItems: [{ name: 'Top shelf', upperLimit: 5 }],
  });
  const shelf = fridge.temperatureItems[0]?._id ?? '';
  const sensor = await created<SensorWithKey>('sensor', {
    siteID,
    name: `${name} sensor`,
    temperatureItemID: shelf,
  });
  /** The sensor's readings, `[minutes before now, °C]`. */
  const ingest = async (...readings: [number, number][]) => {
    const reply = await ctx.inject('POST', '/api/v1/sensor/ingest', {
      headers: { 'x-sensor-key': sensor.deviceKey },
      body: {
        readings: readings.map(([ago, celsius]) => ({
          sequence: ++sequence,
          readAt: minutesBefore(ago),
          celsius,
        })),
      },
    });
    if (reply.statusCode !== 200) throw new Error(`ingesting: ${reply.raw}`);
  };
  /** A person's probe reading of the shelf. */
  const probe = async (ago: number, celsius: number, siteID_ = siteID, token = aisha) => {
    const reply = await ctx.inject<{ data: TemperatureLog }>(
      'POST',
      '/api/v1/temperature-logs/create-new-one',
      {
        token,
        body: { siteID: siteID_, temperatureItemID: shelf, celsius, readAt: minutesBefore(ago) },
      },
    );
    if (reply.statusCode !== 200) throw new Error(`recording: ${reply.raw}`);
    return reply.json.data;
  };
  return { shelf, sensor, ingest, probe };
}

const disagreements = (readingId: string) =>
  ctx.db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.kind, 'PROBE_SENSOR_DISAGREE'), eq(alertEvents.recordId, readingId)));

/** The site's occurrences of `date` whose master task is named `name`. */
const occurrencesNamed = (siteId: string, name: string, date = today) =>
  ctx.db
    .select({ occurrence: individualTasks, master: masterTasks })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .where(
      and(eq(individualTasks.siteId, siteId), eq(individualTasks.taskDate, date), eq(masterTasks.name, name)),
    );

beforeAll(async () => {
  ctx = await createTestContext();
  // Signed in at the latest time the tests move the clock to: a token signed later still serves before.
  ctx.clock.set('2025-06-16T08:00:00.000Z');
  [owner, aisha] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
  ]);
  ctx.clock.set(now);
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

test('a probe reading more than 2 °C from the sensor’s within 10 minutes is told once, and the probe is to be calibrated today', async () => {
  const walkIn = await shelfWithSensor('Walk-in fridge');
  await walkIn.ingest([6, 3.1]);
  const reading = await walkIn.probe(1, 7.9);

  const [event, ...more] = await disagreements(reading._id);
  expect(more).toEqual([]);
  expect(event).toMatchObject({
    siteId: brighton(),
    subject: 'TemperatureLog',
    title:
      'The sensor and the probe disagree on Walk-in fridge, Top shelf at The Harbour Kitchen, Brighton: probe 7.9 °C, sensor 3.1 °C',
  });
  expect(event?.details).toMatchObject({
    probe: { readingId: reading._id, celsius: 7.9, readAt: minutesBefore(1), readBy: 'Aisha Khan' },
    sensor: {
      sensorId: walkIn.sensor._id,
      sensorName: 'Walk-in fridge sensor',
      celsius: 3.1,
      readAt: minutesBefore(6),
    },
    toleranceCelsius: 2,
    temperatureUnit: 'C',
  });

  // The site's day now has a calibration check, due by the end of it, on its list of the day.
  const [check, ...others] = await occurrencesNamed(brighton(), 'Calibrate the probe');
  expect(others).toEqual([]);
  expect(check?.occurrence).toMatchObject({ status: 'PENDING', taskDate: today });
  expect(check?.occurrence.expireOn.toISOString()).toBe('2025-06-10T23:00:00.000Z');
  expect(check?.occurrence.items.map((line) => line.text)).toEqual([
    'Probe reads -1 to 1 °C in ice water',
    'Probe reads 99 to 101 °C in boiling water',
  ]);
  expect(check?.master.description).toContain(
    'Sensor “Walk-in fridge sensor” read 3.1 °C on Walk-in fridge, Top shelf',
  );
  const day = await ctx.inject<{ data: TaskListData }>('GET', '/api/v1/master-task/web-app-list', {
    token: owner,
    query: { siteID: brighton(), taskListDate: today, limit: 100 },
  });
  expect(day.statusCode).toBe(200);
  expect(day.json.data.list.map((task) => task.name)).toContain('Calibrate the probe');

  // Another disagreement the same day is told, but the day keeps its one check.
  const again = await walkIn.probe(0, 8);
  expect(await disagreements(again._id)).toHaveLength(1);
  expect(await occurrencesNamed(brighton(), 'Calibrate the probe')).toHaveLength(1);
});

test('within the tolerance, or more than 10 minutes apart, they agree', async () => {
  const dairy = await shelfWithSensor('Dairy fridge');
  await dairy.ingest([30, 3.1], [5, 3.1]);
  const close = await dairy.probe(4, 5.1);
  expect(await disagreements(close._id)).toEqual([]);
  const apart = await dairy.probe(41, 7.9);
  expect(await disagreements(apart._id)).toEqual([]);
});

test('the sensor’s reading nearest the probe’s is the one compared', async () => {
  const salad = await shelfWithSensor('Salad fridge');
  // The door was open: the sensor read 3 °C nine minutes before, 7.5 °C a minute before.
  await salad.ingest([10, 3], [2, 7.5]);
  const reading = await salad.probe(1, 7.9);
  expect(await disagreements(reading._id)).toEqual([]);
});

test('a sensor’s batch arriving after the probe reading finds it, and its later batches tell it no more', async () => {
  const drinks = await shelfWithSensor('Drinks fridge');
  const reading = await drinks.probe(8, 7.9);
  expect(await disagreements(reading._id)).toEqual([]);
  await drinks.ingest([4, 3.1]);
  await drinks.ingest([3, 3.2]);
  const [event, ...more] = await disagreements(reading._id);
  expect(more).toEqual([]);
  expect(event?.title).toBe(
    'The sensor and the probe disagree on Drinks fridge, Top shelf at The Harbour Kitchen, Brighton: probe 7.9 °C, sensor 3.1 °C',
  );
});

test('the site’s own tolerance decides', async () => {
  await ctx.db.update(sites).set({ probeSensorToleranceCelsius: 5 }).where(eq(sites.id, brighton()));
  try {
    const pastry = await shelfWithSensor('Pastry fridge');
    await pastry.ingest([3, 3.1]);
    const reading = await pastry.probe(1, 7.9);
    expect(await disagreements(reading._id)).toEqual([]);
  } finally {
    await ctx.db.update(sites).set({ probeSensorToleranceCelsius: 2 }).where(eq(sites.id, brighton()));
  }
});

test('a site’s own probe calibration task is the day’s check where it is due, else a one-off copy of it', async () => {
  const calibration = await created<Template>('template-panel', {
    name: 'Probe calibration',
    type: 'PROBE_CALIBRATION',
    checkListItems: [{ text: 'Ice water' }, { text: 'Boiling water' }],
  });
  // Its weekly calibration is on Mondays: today, a Tuesday, it has none of its own.
  const weekly = await created<{ _id: string }>('master-task', {
    siteID: manchester(),
    name: 'Weekly probe calibration',
    templateID: calibration._id,
    schedule: { repeat: 'WEEKLY', startDate: '2025-06-01', weekdays: [1], dueTime: '09:00' },
  });
  const bar = await shelfWithSensor('Bar fridge', manchester());
  await bar.ingest([2, 3.1]);
  await bar.probe(1, 7.9, manchester(), owner);
  const [copy, ...more] = await occurrencesNamed(manchester(), 'Weekly probe calibration');
  expect(more).toEqual([]);
  expect(copy?.master.id).not.toBe(weekly._id);
  expect(copy?.master.templateId).toBe(calibration._id);
  expect(copy?.occurrence.items.map((line) => line.text)).toEqual(['Ice water', 'Boiling water']);
  expect(await occurrencesNamed(manchester(), 'Calibrate the probe')).toEqual([]);

  // Next Monday its own occurrence is the day's check.
  ctx.clock.set('2025-06-16T07:00:00.000Z');
  await bar.ingest([0, 3.1]);
  await bar.probe(0, 7.9, manchester(), owner);
  const monday = await occurrencesNamed(manchester(), 'Weekly probe calibration', '2025-06-16');
  expect(monday.map((row) => row.master.id)).toEqual([weekly._id]);
});

test('two disagreements at once at an American site: told in °F, one check for the day', async () => {
  const brooklyn = ctx.demo.sites.brooklyn.id;
  const [walkIn, reachIn] = await Promise.all([
    shelfWithSensor('Walk-in cooler', brooklyn),
    shelfWithSensor('Reach-in cooler', brooklyn),
  ]);
  await Promise.all([walkIn.ingest([3, 1]), reachIn.ingest([3, 1])]);
  const readings = await Promise.all([
    walkIn.probe(1, 4.4, brooklyn, owner),
    reachIn.probe(1, 4.4, brooklyn, owner),
  ]);
  const [first] = await disagreements(readings[0]?._id ?? '');
  expect(first?.title).toBe(
    'The sensor and the probe disagree on Walk-in cooler, Top shelf at Harbour Kitchen Brooklyn: probe 39.9 °F, sensor 33.8 °F',
  );
  expect(await disagreements(readings[1]?._id ?? '')).toHaveLength(1);
  const [check, ...more] = await occurrencesNamed(brooklyn, 'Calibrate the probe');
  expect(more).toEqual([]);
  // The end of the day in New York.
  expect(check?.occurrence.expireOn.toISOString()).toBe('2025-06-11T04:00:00.000Z');
  expect(check?.occurrence.items.every((line) => line.text.includes('°F'))).toBe(true);
});
