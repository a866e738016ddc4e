import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { alertEvents } from '../../../platform/events/schema.js';
import { temperatureReadings } from '../../logs/index.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

// `npm run sensors:simulate -- --once` against a listening console: it registers sensors on the sites'
// fridges and freezers and posts an hour of readings with one excursion, which the debounce alerts on.

const run = promisify(execFile);
const script = path.resolve(process.cwd(), '..', 'scripts', 'sensors-simulate.mjs');
let ctx: TestContext;
let dataDir: string;
let url: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // The script's readings are timed by the real clock.
  ctx.clock.set(new Date());
  const token = await ctx.login(demoLogins.organizationAdmin);
  for (const [type, name, upperLimit] of [
    ['FRIDGE', 'Walk-in fridge', 5],
    ['FREEZER', 'Chest freezer', -18],
  ] as const) {
    const reply = await ctx.inject('POST', '/api/v1/masterType/create-new-one', {
      token,
      body: {
        siteID: ctx.demo.sites.brighton.id,
        type,
        name,
        temperatureItems: [{ name: 'Main', upperLimit }],
      },
    });
    expect(reply.statusCode).toBe(200);
  }
  url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = await mkdtemp(path.join(tmpdir(), 'sensors-simulate-'));
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('--once registers a sensor per item, posts the last hour, and the excursion is alerted once', async () => {
  // Both runs post the same hour, whichever minute each starts in.
  const until = new Date().toISOString();
  const simulate = () =>
    run(process.execPath, [script, '--once', '--url', url, '--until', until], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
  const first = await simulate();
  expect(first.stdout).toContain('registered sensor “Sim Walk-in fridge · Main”');
  const sensorReadings = await ctx.db
    .select({ id: temperatureReadings.id })
    .from(temperatureReadings)
    .where(eq(temperatureReadings.source, 'SENSOR'));
  // 61 minutes of the fridge; the freezer, the silent one, stops 35 minutes before the end.
  expect(sensorReadings).toHaveLength(61 + 26);
  const failures = await ctx.db
    .select()
    .from(alertEvents)
    .where(
      and(eq(alertEvents.kind, 'TEMPERATURE_FAILED'), eq(alertEvents.siteId, ctx.demo.sites.brighton.id)),
    );
  expect(failures).toHaveLength(1);
  // Again: the keys kept in DATA_DIR are reused, and nothing is stored twice.
  const again = await simulate();
  expect(again.stdout).not.toContain('registered');
  expect(again.stdout).toContain('0 stored');
  expect(
    await ctx.db
      .select({ id: temperatureReadings.id })
      .from(temperatureReadings)
      .where(eq(temperatureReadings.source, 'SENSOR')),
  ).toHaveLength(61 + 26);
});
