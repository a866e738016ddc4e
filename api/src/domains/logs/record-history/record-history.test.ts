import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatInstant, fromCelsius, type RecordCheck } from '@console/shared-sdk/contract';
import { nearMisses, temperatureReadings } from '../schema.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { seedEquipment } from '../../equipment/index.js';
import { seedLogs } from '../seed.js';
import { seedPeople } from '../../people/index.js';
import { seedTasks } from '../../tasks/index.js';
import { createTestContext, type TestContext, demoSeedTimeoutMs } from '../../../test/helper.js';

// The record-history check: the demo's logs and tasks start intact, a change through the console keeps
// them intact, and whatever is done to the records or their history in the database directly is found.

const url = '/api/v1/record-history/check';
let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

const check = (query: Record<string, string>, token = owner) =>
  ctx.inject<{ data: RecordCheck }>('GET', url, { token, query });

async function checked(query: Record<string, string> = { siteID: brighton() }): Promise<RecordCheck> {
  const reply = await check(query);
  if (reply.statusCode !== 200) throw new Error(`checking: ${reply.raw}`);
  return reply.json.data;
}

/** A live reading of Brighton's, the newest: inside the default range. */
async function aReading(offset = 0) {
  const [row] = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(and(eq(temperatureReadings.siteId, brighton()), isNull(temperatureReadings.deletedAt)))
    .orderBy(sql`${temperatureReadings.readAt} desc`)
    .limit(1)
    .offset(offset);
  if (!row) throw new Error('the demo has no Brighton reading');
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { organization, sites } = ctx.demo;
  const base = { orgId: organization.id, sites, now: ctx.clock.now(), storage: ctx.app.deps.storage };
  await ctx.db.transaction(async (tx) => {
    for (const seed of [seedEquipment, seedPeople, seedTasks, seedLogs]) await seed(tx, base);
  });
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
}, demoSeedTimeoutMs);
afterAll(() => ctx.close());

test('the demo’s records are intact: each has the history it was made with, and the chain holds', async () => {
  const result = await checked();
  expect(result.intact).toBe(true);
  expect(result.chain).toMatchObject({ valid: true, brokenAt: null, problem: null });
  expect(result.chain.entries).toBeGreaterThan(100);
  const counts = Object.fromEntries(result.subjects.map((subject) => [subject.subject, subject]));
  expect(counts.TemperatureLog?.checked).toBeGreaterThan(100);
  expect(counts.ComplianceLog?.checked).toBeGreaterThan(5);
  expect(counts.NearMiss?.checked).toBeGreaterThan(0);
  expect(counts.Document?.checked).toBeGreaterThan(0);
  // Every completion of the demo's routine has the history entry the console writes for one.
  expect(counts.Task?.checked).toBeGreaterThan(300);
  expect(result.subjects.every((subject) => subject.mismatched === 0)).toBe(true);
  expect(result.mismatches).toEqual([]);
  // The default range: the last 90 days up to Brighton's today.
  expect(Date.parse(result.endDate) - Date.parse(result.startDate)).toBe(89 * 86_400_000);
});

test('a correction through the console keeps the records intact', async () => {
  const reading = await aReading();
  const reply = await ctx.inject('PUT', '/api/v1/temperature-logs/update-one', {
    token: owner,
    body: { _id: reading.id, celsius: reading.celsius + 0.1, reason: 'Misread the display' },
  });
  expect(reply.statusCode).toBe(200);
  expect((await checked()).intact).toBe(true);
});

test('who may check which site: 403 for a site admin’s other site, 404 for another organisation’s', async () => {
  expect((await check({ siteID: brighton() }, manager)).statusCode).toBe(200);
  expect((await check({ siteID: manchester() }, manager)).statusCode).toBe(403);
  expect((await check({ siteID: brighton() }, otherOwner)).statusCode).toBe(404);
  expect((await check({ siteID: brighton() }, '')).statusCode).toBe(401);
});

test('a range must be two dates in order, at most 366 days apart', async () => {
  const oneDate = await check({ siteID: brighton(), startDate: '2026-01-01' });
  expect(oneDate.statusCode).toBe(400);
  const backwards = await check({ siteID: brighton(), startDate: '2026-02-01', endDate: '2026-01-01' });
  expect(backwards.statusCode).toBe(400);
  const tooLong = await check({ siteID: brighton(), startDate: '2024-01-01', endDate: '2026-01-01' });
  expect(tooLong.statusCode).toBe(400);
  expect((await check({ siteID: 'not-an-id' })).statusCode).toBe(400);
});

test('records changed, made or deleted in the database directly are named, with what differs', async () => {
  const changed = await aReading(1);
  await ctx.db
    .update(temperatureReadings)
    .set({ celsius: changed.celsius - 3 })
    .where(eq(temperatureReadings.id, changed.id));
  // A reading copied in under a new id: it never went through the console.
  const copied = await aReading(2);
  const madeId = '00000000-0000-4000-8000-00000000c0de';
  await ctx.db.insert(temperatureReadings).values({ ...copied, id: madeId });
  const [report] = await ctx.db
    .select()
    .from(nearMisses)
    .where(and(eq(nearMisses.siteId, brighton()), isNull(nearMisses.deletedAt)))
    .limit(1);
  if (!report) throw new Error('the demo has no Brighton near miss');
  await ctx.db.update(nearMisses).set({ deletedAt: new Date() }).where(eq(nearMisses.id, report.id));

  const result = await checked();
  expect(result.intact).toBe(false);
  expect(result.chain.valid).toBe(true);
  const byRecord = new Map(result.mismatches.map((mismatch) => [mismatch.recordID, mismatch]));
  expect(byRecord.get(changed.id)).toMatchObject({ problem: 'CHANGED', fields: ['celsius'] });
  expect(byRecord.get(changed.id)?.label).toMatch(/°C at/);
  expect(byRecord.get(madeId)).toMatchObject({ subject: 'TemperatureLog', problem: 'NO_HISTORY' });
  expect(byRecord.get(report.id)).toMatchObject({ subject: 'NearMiss', problem: 'DELETED' });
  expect(byRecord.get(report.id)?.label).toContain(report.title);
  const counts = Object.fromEntries(result.subjects.map((subject) => [subject.subject, subject.mismatched]));
  expect(counts).toEqual({
    TemperatureLog: 2,
    ComplianceLog: 0,
    NearMiss: 1,
    Document: 0,
    Task: 0,
    CorrectiveAction: 0,
  });
  // Another site's check is not disturbed by Brighton's.
  expect(
    (await checked({ siteID: manchester() })).subjects.every((subject) => subject.mismatched === 0),
  ).toBe(true);
});

test('a history entry edited behind the append-only guard breaks the chain where it was edited', async () => {
  await ctx.db.execute(sql`alter table record_history disable trigger user`);
  try {
    await ctx.db.execute(
      sql`update record_history set reason = 'nothing to see' where org_id = ${ctx.demo.organization.id} and position = 7`,
    );
  } finally {
    await ctx.db.execute(sql`alter table record_history enable trigger user`);
  }
  const result = await checked({ siteID: manchester() });
  expect(result.intact).toBe(false);
  expect(result.chain).toMatchObject({ valid: false, brokenAt: 7, problem: 'changed' });
});

test('a site with more records than one read takes has every one of them checked', async () => {
  const readingsOf = (result: RecordCheck) =>
    result.subjects.find((subject) => subject.subject === 'TemperatureLog');
  const before = readingsOf(await checked());
  // 1,200 readings copied in behind the console's back: more than one read of the check holds.
  const model = await aReading(3);
  await ctx.db
    .insert(temperatureReadings)
    .values(Array.from({ length: 1200 }, () => ({ ...model, id: newId() })));
  const after = readingsOf(await checked());
  expect(after?.checked).toBe((before?.checked ?? 0) + 1200);
  expect(after?.mismatched).toBe((before?.mismatched ?? 0) + 1200);
});

test('an American site’s records are named in its unit and locale: °F, the month first on a 12-hour clock', async () => {
  const brooklyn = ctx.demo.sites.brooklyn;
  const [changed, removed] = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(and(eq(temperatureReadings.siteId, brooklyn.id), isNull(temperatureReadings.deletedAt)))
    .orderBy(sql`${temperatureReadings.readAt} desc`)
    .limit(2);
  if (!changed || !removed) throw new Error('the demo has no Brooklyn readings');
  // 5 °C is 41 °F.
  await ctx.db.update(temperatureReadings).set({ celsius: 5 }).where(eq(temperatureReadings.id, changed.id));
  await ctx.db
    .update(temperatureReadings)
    .set({ deletedAt: new Date() })
    .where(eq(temperatureReadings.id, removed.id));

  const result = await checked({ siteID: brooklyn.id });
  const byRecord = new Map(result.mismatches.map((mismatch) => [mismatch.recordID, mismatch.label]));
  const newYorkTime = (at: Date) => formatInstant(at, 'America/New_York', 'dateTime', 'en-US');
  const monthFirst = / at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;
  const changedLabel = byRecord.get(changed.id) ?? '';
  expect(changedLabel).toContain(` 41 °F at ${newYorkTime(changed.readAt)}`);
  expect(changedLabel).toMatch(monthFirst);
  // A reading deleted behind the console's back is named by its last history entry, in °F too.
  const removedLabel = byRecord.get(removed.id) ?? '';
  expect(removedLabel).toBe(
    `A reading of ${fromCelsius(removed.celsius, 'F')} °F at ${newYorkTime(removed.readAt)}`,
  );
  expect(removedLabel).toMatch(monthFirst);
});
