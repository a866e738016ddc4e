import { and, eq } from 'drizzle-orm';
import { siteInputSchema, type MasterTask, type Portfolio } from '@console/shared-sdk/contract';
import { documents, nearMisses, temperatureReadings } from '../../logs/index.js';
import { foodItems } from '../../equipment/index.js';
import { individualTasks } from '../../tasks/index.js';
import { demoSites, insertSite } from '../../sites/index.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { countStatements } from '../../../test/statements.js';
import { hotHoldReadingRow, nearMissRow } from '../../../test/logs.js';
import { plannedBefore } from '../../../test/tasks.js';

// GET /site-panel/portfolio: each site's day, by its own clock. The instant is Wednesday 04:30 in the UK
// and still Tuesday 23:30 in New York, so Brighton's today is the 11th and Brooklyn's the 10th.

const url = '/api/v1/site-panel/portfolio';
/** Wednesday 11 June 2025: 04:30 in Brighton and Manchester (BST), Tuesday 23:30 in Brooklyn (EDT). */
const now = '2025-06-11T03:30:00Z';
const minute = 60_000;

let ctx: TestContext;
let owner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

const portfolioOf = (token: string, query: Record<string, string> = {}) =>
  ctx.inject<{ data: Portfolio }>('GET', url, { token, query });

async function read(token = owner, query: Record<string, string> = {}): Promise<Portfolio> {
  const reply = await portfolioOf(token, query);
  if (reply.statusCode !== 200) throw new Error(`portfolio: ${reply.raw}`);
  return reply.json.data;
}

/** A master task due at `dueTime` local time on every open day from `startDate` to `endDate`. */
async function task(siteID: string, name: string, startDate: string, endDate: string, dueTime: string) {
  const reply = await plannedBefore(ctx, startDate, () =>
    ctx.inject<{ data: MasterTask }>('POST', '/api/v1/master-task/create-new-one', {
      token: owner,
      body: {
        siteID,
        name,
        checkListItems: [{ text: 'Initial the sheet', required: false }],
        schedule: { repeat: 'DAILY', startDate, endDate, dueTime },
      },
    }),
  );
  if (reply.statusCode !== 200) throw new Error(`creating ${name}: ${reply.raw}`);
  return reply.json.data;
}

/** Leaves the occurrence of `taskDate` completed `minutes` after it expired (negative: before). */
async function complete(master: MasterTask, taskDate: string, minutes: number) {
  const [row] = await ctx.db
    .select()
    .from(individualTasks)
    .where(and(eq(individualTasks.masterTaskId, master._id), eq(individualTasks.taskDate, taskDate)));
  if (!row) throw new Error(`no occurrence of ${master.name} on ${taskDate}`);
  const at = new Date(row.expireOn.getTime() + minutes * minute);
  await ctx.db
    .update(individualTasks)
    .set({ status: 'COMPLETED', completedAt: at, syncedAt: at })
    .where(eq(individualTasks.id, row.id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  owner = await ctx.login(demoLogins.organizationAdmin);

  // Brighton: checked at 09:00 Monday to Wednesday, and once at 12:00 on Wednesday.
  const opening = await task(brighton(), 'Opening checks', '2025-06-09', '2025-06-11', '09:00');
  await task(brighton(), 'Lunch probe', '2025-06-11', '2025-06-11', '12:00');
  // Brooklyn (closed on Mondays): a 12:00 check Tuesday and Wednesday, a 14:00 one on Tuesday.
  await task(brooklyn(), 'Walk-in check', '2025-06-09', '2025-06-11', '12:00');
  const delivery = await task(brooklyn(), 'Delivery check', '2025-06-10', '2025-06-10', '14:00');
  // The week's tasks are made by the call itself; then left as staff would have left them.
  await read();
  await complete(opening, '2025-06-09', -5);
  await complete(opening, '2025-06-10', -5);
  await complete(opening, '2025-06-11', -300); // done early this morning: done, not yet due
  await complete(delivery, '2025-06-10', 40); // late

  const orgId = ctx.demo.organization.id;
  const by = ctx.demo.siteAdmin.id;
  const at = new Date(now);
  const document = (siteId: string | null, expiresOn: string) => ({
    id: newId(),
    orgId,
    siteId,
    name: `Certificate ${expiresOn}`,
    category: 'CERTIFICATE' as const,
    expiresOn,
    createdAt: at,
    updatedAt: at,
  });
  await ctx.db.insert(documents).values([
    document(brighton(), '2025-06-05'), // expired
    document(manchester(), '2025-06-20'), // expiring
    document(null, '2025-06-30'), // the organisation's: expiring at every site
    // The organisation's, due on the 10th: expired where it is the 11th, still expiring in Brooklyn.
    document(null, '2025-06-10'),
  ]);
  const probes = await ctx.db
    .insert(foodItems)
    .values(
      [brighton(), brooklyn()].map((siteId) => ({
        id: newId(),
        orgId,
        siteId,
        type: 'PROB' as const,
        name: 'Portfolio probe',
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning();
  const reading = (siteId: string, readAt: string, result: 'PASS' | 'FAIL') =>
    hotHoldReadingRow(
      { orgId, siteId, by, at },
      {
        foodItemId: probes.find((probe) => probe.siteId === siteId)!.id,
        readAt,
        celsius: result === 'FAIL' ? 55 : 70,
        result,
      },
    );
  await ctx.db.insert(temperatureReadings).values([
    reading(brighton(), '2025-06-11T03:00:00Z', 'FAIL'), // 04:00 today
    reading(brighton(), '2025-06-10T12:00:00Z', 'FAIL'), // yesterday: not today's
    reading(brighton(), '2025-06-11T03:10:00Z', 'PASS'),
    reading(brooklyn(), '2025-06-11T01:00:00Z', 'FAIL'), // 21:00 on Tuesday, Brooklyn's today
  ]);
  const nearMiss = (status: 'REPORTED' | 'PENDING' | 'COMPLETED') =>
    nearMissRow({ orgId, siteId: manchester(), by, at }, status);
  await ctx.db.insert(nearMisses).values([nearMiss('REPORTED'), nearMiss('PENDING'), nearMiss('COMPLETED')]);
});
afterAll(() => ctx.close());

test("each site's day by its own clock, most attention first", async () => {
  const { list, records } = await read();
  expect(records).toBe(3);
  // Manchester and Brighton need the same attention (3); Manchester has more documents expiring.
  expect(list.map((site) => [site.name, site.attention])).toEqual([
    [demoSites.manchester.name, 3],
    [demoSites.brighton.name, 3],
    [demoSites.brooklyn.name, 2],
  ]);
  const [manchesterDay, brightonDay, brooklynDay] = list;

  expect(brightonDay).toMatchObject({
    siteID: brighton(),
    timeZoneId: 'Europe/London',
    date: '2025-06-11',
    location: { city: 'Brighton', country: 'GB' },
    // Tuesday's tasks are not today's; this morning's early one is done.
    tasks: { due: 2, done: 1, late: 0, overdue: 0, upcoming: 1 },
    temperatureFailures: 1,
    openNearMisses: 0,
    documentsExpiring: 1,
    documentsExpired: 2,
    // Monday and Tuesday on time; today's counts once it is due.
    week: { startDate: '2025-06-09', endDate: '2025-06-15', due: 2, onTime: 2, score: 100, band: 'GREEN' },
  });
  expect(brightonDay?.timing).toEqual(ctx.demo.sites.brighton.timing);

  expect(brooklynDay).toMatchObject({
    siteID: brooklyn(),
    date: '2025-06-10',
    tasks: { due: 2, done: 1, late: 1, overdue: 1, upcoming: 0 },
    temperatureFailures: 1,
    documentsExpiring: 2,
    documentsExpired: 0,
    week: { due: 2, onTime: 0, late: 1, missed: 1, score: 25, band: 'RED' },
    attention: 2,
  });

  expect(manchesterDay).toMatchObject({
    date: '2025-06-11',
    tasks: { due: 0, done: 0, overdue: 0, upcoming: 0 },
    temperatureFailures: 0,
    openNearMisses: 2,
    documentsExpiring: 2,
    documentsExpired: 1,
    week: { due: 0, score: null, band: null },
  });
});

test('a site admin sees its own sites; a platform admin the organisation it names', async () => {
  const manager = await ctx.login(demoLogins.siteAdmin);
  expect((await read(manager)).list.map((site) => site.siteID)).toEqual([brighton()]);

  const platform = await ctx.login(demoLogins.platformAdmin);
  const chosen = await read(platform, { orgId: ctx.demo.organization.id });
  expect(chosen.list.map((site) => site.siteID).sort()).toEqual(
    [brighton(), manchester(), brooklyn()].sort(),
  );
  const unchosen = await portfolioOf(platform);
  expect(unchosen.statusCode).toBe(400);
  expect(unchosen.json.details?.fieldErrors).toHaveProperty('orgId');
});

test("another organisation's admin sees its own site and nothing of this organisation", async () => {
  const otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
  const theirs = await read(otherOwner);
  expect(theirs.list.map((site) => site.siteID)).toEqual([ctx.other.site.id]);
  expect(theirs.list[0]).toMatchObject({
    tasks: { due: 0 },
    temperatureFailures: 0,
    openNearMisses: 0,
    // This organisation's documents (the ones for all its sites included) are not theirs.
    documentsExpiring: 0,
    documentsExpired: 0,
  });
  // Naming this organisation does not help: orgId is only a platform admin's to send.
  const named = await portfolioOf(otherOwner, { orgId: ctx.demo.organization.id });
  expect(named.statusCode === 200 ? named.json.data.list.map((site) => site.siteID) : []).not.toContain(
    brighton(),
  );
  expect((await ctx.inject('GET', url)).statusCode).toBe(401);
});

test('costs the same statements for eight sites as for three', async () => {
  const counted = async () => {
    const counter = countStatements(ctx.db);
    try {
      const answer = await read();
      return { sites: answer.records, statements: counter.statements.length };
    } finally {
      counter.stop();
    }
  };
  await read();
  const three = await counted();
  const orgId = ctx.demo.organization.id;
  for (let n = 1; n <= 5; n += 1) {
    await insertSite(
      ctx.db,
      orgId,
      siteInputSchema.parse({ ...demoSites.manchester, name: `Branch ${n}`, siteAdminList: [] }),
      ctx.clock.now(),
    );
  }
  await read();
  const eight = await counted();
  expect([three.sites, eight.sites]).toEqual([3, 8]);
  expect(eight.statements).toBe(three.statements);
  expect(eight.statements).toBeLessThanOrEqual(8);
});

test('is documented in the OpenAPI', async () => {
  const reply = await ctx.inject<{ paths: Record<string, { get?: { summary?: string } }> }>(
    'GET',
    '/api/docs/json',
  );
  expect(reply.json.paths[url]?.get?.summary).toMatch(/each by its own local today/);
});
