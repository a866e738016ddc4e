import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { ComplianceLog, NearMiss } from '@console/shared-sdk/contract';
import { documentFiles, documents, temperatureReadings } from './schema.js';
import { files } from '../../platform/db/schema.js';
import { createTestContext, type TestContext, demoSeedTimeoutMs } from '../../test/helper.js';
import { demoLogins } from '../../demo.js';
import { seedEquipment, sensors } from '../equipment/index.js';
import { seedLogs } from './seed.js';
import { seedPeople } from '../people/index.js';
import { seedTasks } from '../tasks/index.js';
import { seedAlerts } from '../alerts/index.js';
import { notifications, webhookDeliveries } from '../alerts/schema.js';
import { alertEvents } from '../../platform/events/schema.js';
import { users } from '../../platform/db/schema.js';

// A fresh `npm start` has what an environmental-health officer asks to see: weeks of temperature readings
// with their excursions explained, compliance logs, near misses at each stage, and documents, one about to
// lapse and one lapsed.

let ctx: TestContext;
let token: string;
const now = new Date();

beforeAll(async () => {
  ctx = await createTestContext();
  const { organization, sites } = ctx.demo;
  const base = { orgId: organization.id, sites, now, storage: ctx.app.deps.storage };
  await ctx.db.transaction(async (tx) => {
    for (const seed of [seedEquipment, seedPeople, seedTasks, seedLogs, seedAlerts]) await seed(tx, base);
  });
  token = await ctx.login(demoLogins.organizationAdmin);
}, demoSeedTimeoutMs);
afterAll(() => ctx.close());

const siteIds = () => Object.values(ctx.demo.sites).map((site) => site.id);
type List<T> = { data: { list: T[]; records: number } };

test('sixty days of readings on every site: fridges and freezers twice a day, probes and dishes daily', async () => {
  const rows = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(inArray(temperatureReadings.siteId, siteIds()));
  for (const siteId of siteIds()) {
    const site = rows.filter((row) => row.siteId === siteId);
    const oldest = Math.min(...site.map((row) => row.readAt.getTime()));
    expect(now.getTime() - oldest).toBeGreaterThan(58 * 86_400_000);
    expect(site.filter((row) => row.temperatureItemId !== null).length).toBeGreaterThan(200);
    expect(new Set(site.filter((row) => row.foodItemId).map((row) => row.logType))).toEqual(
      new Set(['COOKING_COOLING', 'HOT_HOLD_DISPLAY', 'PROBE_CALIBRATION']),
    );
    expect(site.every((row) => row.readAt <= now)).toBe(true);
  }
  // A few excursions, each failed one with what was done about it; the rest pass. (A sensor's excursion
  // gets one corrective action, on the reading it alerted on: below.)
  const failed = rows.filter((row) => row.result === 'FAIL' && row.source === 'STAFF');
  expect(failed.length).toBeGreaterThanOrEqual(4);
  expect(failed.length / rows.length).toBeLessThan(0.01);
  expect(failed.every((row) => (row.correctiveAction ?? '').length > 20)).toBe(true);
  expect(rows.filter((row) => row.result === 'WARN').length).toBeGreaterThanOrEqual(1);
  // Exactly one typed in from the paper sheet hours later.
  const backFilled = rows.filter((row) => row.backFilled && row.source === 'STAFF');
  expect(backFilled).toHaveLength(1);
  expect(backFilled[0]?.note).toMatch(/paper sheet/);
});

test('a week of sensor readings on two fridges of every site; one excursion alerted, acted on, delivered', async () => {
  const rows = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(and(inArray(temperatureReadings.siteId, siteIds()), eq(temperatureReadings.source, 'SENSOR')));
  for (const siteId of siteIds()) {
    const site = rows.filter((row) => row.siteId === siteId);
    expect(new Set(site.map((row) => row.sensorId)).size).toBe(2);
    expect(now.getTime() - Math.min(...site.map((row) => row.readAt.getTime()))).toBeGreaterThan(
      6.9 * 86_400_000,
    );
  }
  // Sent as they were taken, but what Brooklyn's gateway kept through its outage: those readings arrived
  // together when it came back, the ones taken more than half an hour before marked back-filled.
  const backFilled = rows.filter((row) => row.backFilled);
  const brooklyn = ctx.demo.sites.brooklyn.id;
  expect(backFilled.length).toBeGreaterThanOrEqual(4);
  expect(new Set(backFilled.map((row) => row.siteId))).toEqual(new Set([brooklyn]));
  expect(new Set(backFilled.map((row) => row.sensorId)).size).toBe(2);
  expect(new Set(backFilled.map((row) => row.receivedAt.getTime())).size).toBe(1);
  const excursion = rows.filter((row) => row.result === 'FAIL');
  expect(excursion).toHaveLength(4);
  expect(new Set(excursion.map((row) => row.sensorId)).size).toBe(1);

  // Both of Brooklyn's sensors reported offline by the same check, before the readings came back.
  const offline = await ctx.db.select().from(alertEvents).where(eq(alertEvents.kind, 'SENSOR_OFFLINE'));
  expect(offline.map((one) => one.siteId)).toEqual([brooklyn, brooklyn]);
  expect(new Set(offline.map((one) => one.occurredAt.getTime())).size).toBe(1);
  expect(offline[0]?.occurredAt.getTime()).toBeLessThan(backFilled[0]?.receivedAt.getTime() ?? 0);
  const sensorsNow = await ctx.db.select().from(sensors).where(eq(sensors.siteId, brooklyn));
  expect(sensorsNow.map((one) => one.offlineSince)).toEqual([null, null]);

  // One event for the excursion, acknowledged by the site's manager with the corrective action.
  const events = await ctx.db.select().from(alertEvents).where(eq(alertEvents.kind, 'TEMPERATURE_FAILED'));
  expect(events).toHaveLength(1);
  const [event] = events;
  const acted = excursion.filter((row) => row.correctiveAction !== null);
  expect(acted.map((row) => row.id)).toEqual([event?.recordId]);
  const [manager] = await ctx.db.select().from(users).where(eq(users.email, demoLogins.siteAdmin));
  expect(event).toMatchObject({ kind: 'TEMPERATURE_FAILED', acknowledgedBy: manager?.id });
  expect(event?.dispatchedAt).toEqual(event?.createdAt);
  // The manager opened it; the owner has not yet.
  const told = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.eventId, event?.id ?? ''));
  expect(told.map((one) => one.readAt === null).sort()).toEqual([false, true]);
  // The operations dashboard's webhook took its test call, the alert, and each sensor's silence.
  const deliveries = await ctx.db.select().from(webhookDeliveries);
  expect(deliveries.map((one) => one.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED', 'DELIVERED']);
  expect(
    deliveries
      .filter((one) => one.eventId !== null)
      .map((one) => one.eventId)
      .sort(),
  ).toEqual([event?.id, ...offline.map((one) => one.id)].sort());
});

test('compliance logs of several types, reviewed, waiting, and one failed delivery being followed up', async () => {
  const reply = await ctx.inject<List<ComplianceLog>>('GET', '/api/v1/comlianceLog/web-app-list-for-web', {
    token,
    query: {
      startDate: DateTime.fromJSDate(now).minus({ days: 60 }).toISODate()!,
      endDate: DateTime.fromJSDate(now).plus({ days: 1 }).toISODate()!,
      limit: 100,
    },
  });
  expect(reply.statusCode).toBe(200);
  const logs = reply.json.data.list;
  expect(reply.json.data.records).toBeGreaterThan(100);
  expect(new Set(logs.map((log) => log.logType)).size).toBeGreaterThanOrEqual(5);
  expect(new Set(logs.map((log) => log.status))).toEqual(new Set(['COMPLETED', 'REPORTED', 'PENDING']));
  const failed = logs.filter((log) => log.result === 'FAIL');
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({ logType: 'FOOD_DELIVERY', status: 'PENDING' });
  expect(failed[0]?.answers.some((line) => line.result === 'FAIL' && line.comment)).toBe(true);
});

test('three near misses, one at each stage, the closed one with its outcome', async () => {
  const reply = await ctx.inject<List<NearMiss>>('GET', '/api/v1/nearMiss/web-app-list', {
    token,
    query: {
      startDate: DateTime.fromJSDate(now).minus({ days: 60 }).toISODate()!,
      endDate: DateTime.fromJSDate(now).plus({ days: 1 }).toISODate()!,
    },
  });
  expect(reply.statusCode).toBe(200);
  const reports = reply.json.data.list;
  expect(reports.map((report) => report.status).sort()).toEqual(['COMPLETED', 'PENDING', 'REPORTED']);
  expect(reports.find((report) => report.status === 'COMPLETED')?.outcome).toBeTruthy();
  expect(reports.find((report) => report.status === 'PENDING')?.followUps.length).toBeGreaterThan(0);
});

test('documents of the sites and the organisation: one expiring within two weeks, one expired, each a PDF', async () => {
  const rows = await ctx.db
    .select({
      name: documents.name,
      siteId: documents.siteId,
      expiresOn: documents.expiresOn,
      key: files.storageKey,
    })
    .from(documents)
    .innerJoin(documentFiles, eq(documentFiles.documentId, documents.id))
    .innerJoin(files, eq(files.id, documentFiles.fileId))
    .where(and(eq(documents.orgId, ctx.demo.organization.id), isNull(documents.deletedAt)));
  expect(rows.some((row) => row.siteId === null)).toBe(true);
  const today = DateTime.fromJSDate(now, { zone: 'Europe/London' }).toISODate()!;
  const inTwoWeeks = DateTime.fromJSDate(now, { zone: 'Europe/London' }).plus({ days: 14 }).toISODate()!;
  expect(rows.some((row) => row.expiresOn && row.expiresOn >= today && row.expiresOn <= inTwoWeeks)).toBe(
    true,
  );
  expect(rows.some((row) => row.expiresOn && row.expiresOn < today)).toBe(true);
  const pdf = await ctx.app.inject({ method: 'GET', url: `/api/v1/common-uri/file/${rows[0]!.key}` });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
});

test('one story: only people who can sign in did the work, they have signed in, and histories name them', async () => {
  const answer = async <Row>(query: ReturnType<typeof sql>) =>
    // The query result's type depends on the driver (PgQueryResultHKT): say what each select answers.
    ((await ctx.db.execute(query)) as unknown as { rows: Row[] }).rows;
  // Everyone named as having done something in the demo, and what.
  const doers = await answer<{
    id: string;
    name: string;
    status: string;
    invited: boolean;
    signedIn: boolean;
  }>(sql`
    with done(user_id) as (
      select read_by from temperature_readings where read_by is not null
      union select submitted_by from compliance_logs
      union select reported_by from near_misses
      union select completed_by from individual_tasks where completed_by is not null
      union select (item ->> 'changedBy')::uuid from individual_tasks, jsonb_array_elements(items) as item
             where item ->> 'changedBy' is not null
      union select author_id from task_comments
    )
    select u.id, u.first_name || ' ' || u.last_name as name, u.status,
           u.password_hash is null as invited, u.last_sign_in_at is not null as "signedIn"
      from done join users u on u.id = done.user_id`);
  expect(doers.length).toBeGreaterThanOrEqual(8);
  const unlikely = doers.filter((person) => person.status !== 'ACTIVE' || person.invited || !person.signedIn);
  expect(unlikely.map((person) => person.name)).toEqual([]);
  expect(doers.map((person) => person.name)).toContain('Aisha Khan');

  // A record that names its maker has its history by them; "Demo data" only where a record names nobody.
  const unnamed = await answer<{ subject: string; n: number }>(sql`
    select subject, count(*)::int as n from record_history
     where actor_name = 'Demo data' group by subject order by subject`);
  expect(unnamed.filter((row) => row.subject !== 'Document')).toEqual([]);
  const completions = await answer<{ completer: string; actor: string | null }>(sql`
    select t.completed_by as completer, h.actor_id as actor from record_history h
      join individual_tasks t on t.id = h.record_id where h.subject = 'Task'`);
  expect(completions.length).toBeGreaterThan(100);
  expect(completions.filter((row) => row.actor !== row.completer)).toEqual([]);
});

test('Brooklyn is judged by New York City’s rules: its readings in °F, and yesterday’s braise cooled in two stages, one late', async () => {
  const brooklyn = ctx.demo.sites.brooklyn.id;
  const rows = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(eq(temperatureReadings.siteId, brooklyn));
  expect(new Set(rows.map((row) => row.jurisdiction))).toEqual(new Set(['US-NYC']));
  const stages = rows
    .filter((row) => row.checkKind === 'COOLED_TO_70F' || row.checkKind === 'COOLED_TO_41F')
    .sort((a, b) => a.readAt.getTime() - b.readAt.getTime());
  expect(stages.map((row) => [row.checkKind, row.result])).toEqual([
    ['COOLED_TO_70F', 'PASS'],
    ['COOLED_TO_41F', 'PASS'],
  ]);
  const day = DateTime.fromJSDate(stages[0]!.readAt, { zone: 'America/New_York' }).toISODate();
  const reply = await ctx.inject<{ data: { list: { name: string; bucket: string }[] } }>(
    'GET',
    '/api/v1/master-task/web-app-list',
    { token, query: { siteID: brooklyn, taskListDate: day ?? '', limit: 100 } },
  );
  const checks = reply.json.data.list.filter((task) => task.name.startsWith('Cooling check'));
  expect(checks.map((task) => [task.name.slice(0, 'Cooling check 1 of 2'.length), task.bucket])).toEqual([
    ['Cooling check 1 of 2', 'ON_TIME'],
    ['Cooling check 2 of 2', 'LATE'],
  ]);
  // The other sites stay England's.
  const brighton = await ctx.db
    .select({ jurisdiction: temperatureReadings.jurisdiction })
    .from(temperatureReadings)
    .where(eq(temperatureReadings.siteId, ctx.demo.sites.brighton.id))
    .limit(1);
  expect(brighton[0]?.jurisdiction).toBe('GB-ENG');
});
