import { and, eq } from 'drizzle-orm';
import {
  siteInputSchema,
  type Area,
  type MasterTask,
  type Portfolio,
  type PortfolioSite,
  type PortfolioTotals,
} from '@console/shared-sdk/contract';
import { documents, nearMisses, temperatureReadings } from '../../logs/index.js';
import { foodItems, sensors } from '../../equipment/index.js';
import { ensureOccurrences, individualTasks } from '../../tasks/index.js';
import { demoSites, insertSite } from '../../sites/index.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { openCorrectiveAction } from '../../../platform/corrective-actions/open.js';
import { sites } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { countStatements } from '../../../test/statements.js';
import { hotHoldReadingRow, nearMissRow } from '../../../test/logs.js';
import { plannedBefore } from '../../../test/tasks.js';

// GET /site-panel/portfolio: a page of the sites with their day, each by its own clock, sorted, filtered and
// searched by the server, with the totals of all and of each area. The instant is Wednesday 04:30 in the UK
// and still Tuesday 23:30 in New York, so Brighton's today is the 11th and Brooklyn's the 10th.
//
// The five sites and what sets them apart:
//
// | site                     | area  | attention | expiring | tasks done | overdue | failed | offline | actions | near misses | documents | score |
// | Vine Street (Manchester) | North | 4         | 2        | –          | 0       | 0      | 1       | 0       | 2           | 3         | –     |
// | Harbour Kitchen Brooklyn | –     | 3         | 2        | 1 of 2     | 1       | 1      | 1       | 1       | 0           | 2         | 25    |
// | The Harbour (Brighton)   | South | 3         | 1        | 2 of 2     | 0       | 1      | 0       | 2       | 0           | 3         | 100   |
// | Annex One (London)       | North | 1         | 1        | –          | 0       | 0      | 0       | 0       | 0           | 2         | –     |
// | Annex Two (New York)     | South | 0         | 2        | –          | 0       | 0      | 0       | 0       | 0           | 2         | –     |

const url = '/api/v1/site-panel/portfolio';
/** Wednesday 11 June 2025: 04:30 in Brighton and Manchester (BST), Tuesday 23:30 in Brooklyn (EDT). */
const now = '2025-06-11T03:30:00Z';
const minute = 60_000;

let ctx: TestContext;
let owner: string;
let north: Area;
let south: Area;
let annexOne: string;
let annexTwo: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

const names = {
  brighton: demoSites.brighton.name,
  manchester: demoSites.manchester.name,
  brooklyn: demoSites.brooklyn.name,
  annexOne: 'Annex One',
  annexTwo: 'Annex Two',
};

const portfolioOf = (token: string, query: Record<string, string> = {}) =>
  ctx.inject<{ data: Portfolio }>('GET', url, { token, query });

async function read(token = owner, query: Record<string, string> = {}): Promise<Portfolio> {
  const reply = await portfolioOf(token, query);
  if (reply.statusCode !== 200) throw new Error(`portfolio: ${reply.raw}`);
  return reply.json.data;
}

/** The names of a page, in its order. */
const namesOf = async (query: Record<string, string>, token = owner) =>
  (await read(token, { limit: '100', ...query })).list.map((site) => site.name);

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

async function area(name: string): Promise<Area> {
  const reply = await ctx.inject<{ data: Area }>('POST', '/api/v1/area/create-new-one', {
    token: owner,
    body: { name },
  });
  if (reply.statusCode !== 200) throw new Error(`creating ${name}: ${reply.raw}`);
  return reply.json.data;
}

const placeIn = (areaId: string | null, ...siteIds: string[]) =>
  Promise.all(siteIds.map((id) => ctx.db.update(sites).set({ areaId }).where(eq(sites.id, id))));

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  owner = await ctx.login(demoLogins.organizationAdmin);
  const orgId = ctx.demo.organization.id;
  const at = new Date(now);

  // Two sites with nothing of their own: one in London, one in New York open around the clock.
  annexOne = (
    await insertSite(
      ctx.db,
      orgId,
      siteInputSchema.parse({ ...demoSites.manchester, name: names.annexOne, siteAdminList: [] }),
      at,
    )
  ).id;
  const aroundTheClock = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    isOpen: true,
    openTime: '00:00',
    closeTime: '00:00',
  }));
  annexTwo = (
    await insertSite(
      ctx.db,
      orgId,
      siteInputSchema.parse({
        ...demoSites.brooklyn,
        name: names.annexTwo,
        timing: aroundTheClock,
        siteAdminList: [],
      }),
      at,
    )
  ).id;
  [north, south] = [await area('North'), await area('South')];
  await placeIn(north._id, manchester(), annexOne);
  await placeIn(south._id, brighton(), annexTwo);
  await placeIn(null, brooklyn());

  // Brighton: checked at 09:00 Monday to Wednesday, and once at 12:00 on Wednesday.
  const opening = await task(brighton(), 'Opening checks', '2025-06-09', '2025-06-11', '09:00');
  const lunch = await task(brighton(), 'Lunch probe', '2025-06-11', '2025-06-11', '12:00');
  // Brooklyn (closed on Mondays): a 12:00 check Tuesday and Wednesday, a 14:00 one on Tuesday.
  await task(brooklyn(), 'Walk-in check', '2025-06-09', '2025-06-11', '12:00');
  const delivery = await task(brooklyn(), 'Delivery check', '2025-06-10', '2025-06-10', '14:00');
  // The week's tasks, made as the background job makes them (a week ahead); then left as staff would
  // have left them.
  await ensureOccurrences(ctx.db, { orgId }, '2025-06-09', '2025-06-15', at);
  await complete(opening, '2025-06-09', -5);
  await complete(opening, '2025-06-10', -5);
  await complete(opening, '2025-06-11', -300); // done early this morning: done, not yet due
  await complete(lunch, '2025-06-11', -600); // likewise
  await complete(delivery, '2025-06-10', 40); // late

  const by = ctx.demo.siteAdmin.id;
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
    // The organisation's, due on the 10th: expired where it is the 11th, still expiring in New York.
    document(null, '2025-06-10'),
  ]);
  const probes = await ctx.db
    .insert(foodItems)
    .values(
      [brighton(), manchester(), brooklyn()].map((siteId) => ({
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
  const probeOf = (siteId: string) => probes.find((probe) => probe.siteId === siteId)!.id;
  const reading = (siteId: string, readAt: string, result: 'PASS' | 'FAIL') =>
    hotHoldReadingRow(
      { orgId, siteId, by, at },
      { foodItemId: probeOf(siteId), readAt, celsius: result === 'FAIL' ? 55 : 70, result },
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

  // Sensors: offline are the one the check marked and the one silent for longer than the offline time;
  // one that reported five minutes ago, a revoked one and a deleted one are not.
  const ago = (minutes: number) => new Date(at.getTime() - minutes * minute);
  const sensor = (siteId: string, name: string, state: Partial<typeof sensors.$inferInsert>) => ({
    id: newId(),
    orgId,
    siteId,
    name,
    foodItemId: probeOf(siteId),
    keyHash: newId(),
    keyPrefix: 'sk_test',
    keyCreatedAt: ago(600),
    createdAt: ago(600),
    updatedAt: ago(600),
    ...state,
  });
  await ctx.db
    .insert(sensors)
    .values([
      sensor(manchester(), 'Cellar', { lastSeenAt: ago(120), offlineSince: ago(90) }),
      sensor(manchester(), 'Bar', { lastSeenAt: ago(5) }),
      sensor(manchester(), 'Retired', { lastSeenAt: ago(300), offlineSince: ago(270), revokedAt: ago(200) }),
      sensor(manchester(), 'Removed', { lastSeenAt: ago(300), offlineSince: ago(270), deletedAt: ago(200) }),
      sensor(brooklyn(), 'Walk-in', { lastSeenAt: ago(45) }),
      sensor(brighton(), 'Pass', { lastSeenAt: ago(1) }),
    ]);

  // Corrective actions still open (none overdue): two at Brighton, one of them recorded and awaiting
  // verification; one at Brooklyn; and a verified one at Manchester, which is not open.
  const action = (siteId: string, key: string) =>
    ctx.db.transaction((tx) =>
      openCorrectiveAction(
        tx,
        {
          orgId,
          siteId,
          kind: 'NEAR_MISS',
          checkType: 'NEAR_MISS',
          source: { subject: 'NearMiss', recordId: newId() },
          dedupeKey: `PORTFOLIO:${key}`,
          deviation: 'Something went wrong',
          occurredAt: ago(60),
          actor: { id: null, name: 'Console' },
        },
        ago(60),
      ),
    );
  await action(brighton(), 'one');
  const recorded = await action(brighton(), 'two');
  await action(brooklyn(), 'three');
  const verified = await action(manchester(), 'four');
  const done = { actionTaken: 'Moved the stock', recordedAt: ago(30), foodDiscarded: false };
  await ctx.db
    .update(correctiveActions)
    .set({ state: 'ACTION_RECORDED', ...done })
    .where(eq(correctiveActions.id, recorded!.id));
  await ctx.db
    .update(correctiveActions)
    .set({ state: 'VERIFIED', ...done, verifiedBy: ctx.demo.organizationAdmin.id, verifiedAt: ago(10) })
    .where(eq(correctiveActions.id, verified!.id));
});
afterAll(() => ctx.close());

test("each site's day by its own clock, most attention first, then most documents expiring", async () => {
  const { list, records, page, limit } = await read();
  expect({ records, page, limit }).toEqual({ records: 5, page: 1, limit: 10 });
  expect(list.map((site) => [site.name, site.attention])).toEqual([
    [names.manchester, 4],
    [names.brooklyn, 3],
    [names.brighton, 3],
    [names.annexOne, 1],
    [names.annexTwo, 0],
  ]);
  const byId = new Map(list.map((site) => [site.siteID, site]));

  expect(byId.get(brighton())).toMatchObject({
    timeZoneId: 'Europe/London',
    date: '2025-06-11',
    location: { city: 'Brighton', country: 'GB' },
    area: { _id: south._id, name: 'South' },
    openNow: false,
    // Tuesday's tasks are not today's; both of today's were done early.
    tasks: { due: 2, done: 2, late: 0, overdue: 0, upcoming: 0 },
    temperatureFailures: 1,
    sensorsOffline: 0,
    openNearMisses: 0,
    documentsExpiring: 1,
    documentsExpired: 2,
    actionsAwaitingAction: 1,
    actionsAwaitingVerification: 1,
    actionsOpen: 2,
    actionsOverdue: 0,
    // Monday and Tuesday on time; today's count once they are due.
    week: { startDate: '2025-06-09', endDate: '2025-06-15', due: 2, onTime: 2, score: 100, band: 'GREEN' },
  });
  expect(byId.get(brighton())?.timing).toEqual(ctx.demo.sites.brighton.timing);

  expect(byId.get(brooklyn())).toMatchObject({
    date: '2025-06-10',
    area: null,
    openNow: false,
    tasks: { due: 2, done: 1, late: 1, overdue: 1, upcoming: 0 },
    temperatureFailures: 1,
    // Silent for 45 minutes: offline, though the minute's check has not marked it yet.
    sensorsOffline: 1,
    documentsExpiring: 2,
    documentsExpired: 0,
    actionsOpen: 1,
    week: { due: 2, onTime: 0, late: 1, missed: 1, score: 25, band: 'RED' },
    // Overdue 1 + failed 1 + offline 1.
    attention: 3,
  });

  expect(byId.get(manchester())).toMatchObject({
    date: '2025-06-11',
    area: { _id: north._id, name: 'North' },
    tasks: { due: 0, done: 0, overdue: 0, upcoming: 0 },
    temperatureFailures: 0,
    // The marked one; not the one reporting, the revoked one or the deleted one.
    sensorsOffline: 1,
    openNearMisses: 2,
    documentsExpiring: 2,
    documentsExpired: 1,
    // The verified action is no longer open.
    actionsOpen: 0,
    week: { due: 0, score: null, band: null },
  });

  // Open around the clock, at any hour of any day.
  expect(byId.get(annexTwo)).toMatchObject({ openNow: true, date: '2025-06-10', attention: 0 });
});

describe('every column sorts both ways, ties by name', () => {
  const { manchester: vine, brooklyn: kent, brighton: pier, annexOne: one, annexTwo: two } = names;
  test.each([
    ['attention', [two, one, pier, kent, vine], [vine, kent, pier, one, two]],
    ['name', [one, two, kent, pier, vine], [vine, pier, kent, two, one]],
    // The sites in no area come last either way.
    ['area', [one, vine, two, pier, kent], [two, pier, one, vine, kent]],
    // The share of today's tasks done; sites with none due last either way.
    ['tasks', [kent, pier, one, two, vine], [pier, kent, one, two, vine]],
    ['overdue', [one, two, pier, vine, kent], [kent, one, two, pier, vine]],
    ['temperatureFailures', [one, two, vine, kent, pier], [kent, pier, one, two, vine]],
    ['sensorsOffline', [one, two, pier, kent, vine], [kent, vine, one, two, pier]],
    ['actionsOpen', [one, two, vine, kent, pier], [pier, kent, one, two, vine]],
    ['openNearMisses', [one, two, kent, pier, vine], [vine, one, two, kent, pier]],
    // Expired and expiring together.
    ['documents', [one, two, kent, pier, vine], [pier, vine, one, two, kent]],
    // Sites without a score last either way.
    ['score', [kent, pier, one, two, vine], [pier, kent, one, two, vine]],
  ])('%s', async (column, ascending, descending) => {
    expect(await namesOf({ sort: column })).toEqual(ascending);
    expect(await namesOf({ sort: `-${column}` })).toEqual(descending);
  });

  test('an unknown column is a 400 on sort', async () => {
    const reply = await portfolioOf(owner, { sort: 'orgId' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.sort).toHaveLength(1);
  });
});

describe('filters and search', () => {
  test('by area, or the sites in no area', async () => {
    expect(await namesOf({ areaID: north._id })).toEqual([names.manchester, names.annexOne]);
    expect(await namesOf({ areaID: 'NONE' })).toEqual([names.brooklyn]);
    const malformed = await portfolioOf(owner, { areaID: 'north' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json.details?.fieldErrors.areaID).toHaveLength(1);
  });

  test("another organisation's area holds none of the caller's sites", async () => {
    const otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
    const theirs = await ctx.inject<{ data: Area }>('POST', '/api/v1/area/create-new-one', {
      token: otherOwner,
      body: { name: 'Theirs' },
    });
    await placeIn(theirs.json.data._id, ctx.other.site.id);
    try {
      const answer = await read(owner, { areaID: theirs.json.data._id });
      expect(answer.list).toEqual([]);
      expect(answer.totals.sites).toBe(0);
      expect(answer.areas.map((one) => one.area?.name ?? null)).toEqual(['North', 'South', null]);
    } finally {
      await placeIn(null, ctx.other.site.id);
    }
  });

  test("by the week's band, and by needing attention now", async () => {
    expect(await namesOf({ band: 'GREEN' })).toEqual([names.brighton]);
    expect(await namesOf({ band: 'RED' })).toEqual([names.brooklyn]);
    expect(await namesOf({ needsAttention: 'true' })).toEqual([
      names.manchester,
      names.brooklyn,
      names.brighton,
      names.annexOne,
    ]);
    expect(await namesOf({ needsAttention: 'false' })).toHaveLength(5);
    expect((await portfolioOf(owner, { band: 'BLUE' })).statusCode).toBe(400);
  });

  test("search finds a site by its name or its area's, ignoring case", async () => {
    expect(await namesOf({ search: 'ANNEX' })).toEqual([names.annexOne, names.annexTwo]);
    expect(await namesOf({ search: 'north' })).toEqual([names.manchester, names.annexOne]);
    expect(await namesOf({ search: '100%' })).toEqual([]);
  });

  test('filters combine', async () => {
    expect(await namesOf({ areaID: south._id, needsAttention: 'true' })).toEqual([names.brighton]);
    expect(await namesOf({ areaID: north._id, search: 'annex' })).toEqual([names.annexOne]);
  });
});

describe('paging', () => {
  test('pages cut one order, every page with the total, ties kept in their places', async () => {
    for (const sort of ['-attention', 'overdue', 'score']) {
      const whole = await namesOf({ sort });
      const pages = await Promise.all(
        [1, 2, 3].map((page) => read(owner, { sort, limit: '2', page: String(page) })),
      );
      expect(pages.map((one) => one.records)).toEqual([5, 5, 5]);
      expect(pages.map((one) => one.list.length)).toEqual([2, 2, 1]);
      expect(pages.flatMap((one) => one.list.map((site) => site.name))).toEqual(whole);
    }
    const past = await read(owner, { page: '4', limit: '2' });
    expect(past).toMatchObject({ list: [], records: 5, page: 4, limit: 2 });
    expect(past.totals.sites).toBe(5);
  });

  test('an old client that sends nothing gets the first ten, most attention first', async () => {
    const answer = await read();
    expect(answer.limit).toBe(10);
    expect(answer.list[0]?.name).toBe(names.manchester);
    expect((await portfolioOf(owner, { limit: '101' })).statusCode).toBe(400);
  });
});

/** The figures `totals` adds up, read from a list of sites. */
function summed(list: readonly PortfolioSite[]) {
  const sum = (value: (site: PortfolioSite) => number) =>
    list.reduce((total, site) => total + value(site), 0);
  return {
    sites: list.length,
    sitesNeedingAttention: list.filter((site) => site.attention > 0).length,
    openNow: list.filter((site) => site.openNow).length,
    tasks: {
      due: sum((site) => site.tasks.due),
      done: sum((site) => site.tasks.done),
      late: sum((site) => site.tasks.late),
      overdue: sum((site) => site.tasks.overdue),
      upcoming: sum((site) => site.tasks.upcoming),
    },
    temperatureFailures: sum((site) => site.temperatureFailures),
    sensorsOffline: sum((site) => site.sensorsOffline),
    actionsOpen: sum((site) => site.actionsOpen),
    actionsOverdue: sum((site) => site.actionsOverdue),
    openNearMisses: sum((site) => site.openNearMisses),
    documentsExpiring: sum((site) => site.documentsExpiring),
    documentsExpired: sum((site) => site.documentsExpired),
    attention: sum((site) => site.attention),
    week: {
      due: sum((site) => site.week.due),
      onTime: sum((site) => site.week.onTime),
      late: sum((site) => site.week.late),
      missed: sum((site) => site.week.missed),
    },
  };
}

describe('totals', () => {
  test("every matching site's figures added up, the score of their weeks together", async () => {
    const { list, totals } = await read(owner, { limit: '100' });
    expect(totals).toMatchObject(summed(list));
    expect(totals).toMatchObject({
      sites: 5,
      sitesNeedingAttention: 4,
      openNow: 1,
      sensorsOffline: 2,
      actionsOpen: 3,
      attention: 11,
      // (2 on time + ½ × 1 late) of 4 due: not the average of 100 and 25.
      week: { due: 4, onTime: 2, late: 1, missed: 1, score: 62.5, band: 'RED' },
    });
  });

  test('the area filter narrows the totals; each area adds up its sites, the sites in no area last', async () => {
    const answer = await read(owner, { limit: '100', areaID: north._id });
    expect(answer.totals).toMatchObject(summed(answer.list));
    expect(answer.totals.sites).toBe(2);
    expect(answer.areas.map((one) => [one.area?.name ?? null, one.sites])).toEqual([
      ['North', 2],
      ['South', 2],
      [null, 1],
    ]);
    const everySite = (await read(owner, { limit: '100' })).list;
    for (const one of answer.areas) {
      const inIt = everySite.filter((site) => (site.area?._id ?? null) === (one.area?._id ?? null));
      const { area: _area, ...figures } = one;
      expect(figures).toMatchObject(summed(inIt) as Partial<PortfolioTotals>);
    }
  });

  test("each area's totals take every other filter", async () => {
    const answer = await read(owner, { needsAttention: 'true', areaID: south._id });
    expect(answer.totals.sites).toBe(1);
    expect(answer.areas.map((one) => [one.area?.name ?? null, one.sites, one.sitesNeedingAttention])).toEqual(
      [
        ['North', 2, 2],
        ['South', 1, 1],
        [null, 1, 1],
      ],
    );
    // A search leaves an area with nothing found in it listed, with nothing in it.
    const searched = await read(owner, { search: 'annex' });
    expect(searched.areas.map((one) => [one.area?.name ?? null, one.sites])).toEqual([
      ['North', 1],
      ['South', 1],
      [null, 0],
    ]);
  });
});

describe('who sees what', () => {
  test('a site admin sees its own sites, and the areas they are in', async () => {
    const manager = await ctx.login(demoLogins.siteAdmin);
    const answer = await read(manager);
    expect(answer.list.map((site) => site.siteID)).toEqual([brighton()]);
    expect(answer.totals.sites).toBe(1);
    expect(answer.areas.map((one) => [one.area?.name ?? null, one.sites])).toEqual([['South', 1]]);
    expect(await namesOf({ areaID: north._id }, manager)).toEqual([]);
  });

  test('a platform admin sees the organisation it names, and must name one', async () => {
    const platform = await ctx.login(demoLogins.platformAdmin);
    const chosen = await read(platform, { orgId: ctx.demo.organization.id });
    expect(chosen.records).toBe(5);
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
      sensorsOffline: 0,
      openNearMisses: 0,
      // This organisation's documents (the ones for all its sites included) are not theirs.
      documentsExpiring: 0,
      documentsExpired: 0,
    });
    // No site of theirs is in an area: nothing to group by.
    expect(theirs.areas).toEqual([]);
    // Naming this organisation does not help: orgId is only a platform admin's to send.
    const named = await portfolioOf(otherOwner, { orgId: ctx.demo.organization.id });
    expect(named.statusCode === 200 ? named.json.data.list.map((site) => site.siteID) : []).not.toContain(
      brighton(),
    );
    expect((await ctx.inject('GET', url)).statusCode).toBe(401);
  });
});

test('reads the days as they were made, and makes none itself', async () => {
  const madeCount = async () =>
    (await ctx.db.select({ id: individualTasks.id }).from(individualTasks)).length;
  await task(annexOne, 'Unmade check', '2025-06-12', '2025-06-12', '09:00');
  const before = await madeCount();
  await read();
  expect(await madeCount()).toBe(before);
});

test('costs the same statements for forty sites as for five, sorted, filtered or searched', async () => {
  const counted = async (query: Record<string, string>) => {
    const counter = countStatements(ctx.db);
    try {
      const answer = await read(owner, query);
      return { sites: answer.totals.sites, statements: counter.statements.length };
    } finally {
      counter.stop();
    }
  };
  const queries: Record<string, string>[] = [
    {},
    { sort: '-score', areaID: north._id },
    { search: 'a', needsAttention: 'true' },
  ];
  /** One after another: the counter sees every statement the database is sent. */
  const countEach = async () => {
    const counts = [];
    for (const query of queries) counts.push(await counted(query));
    return counts;
  };
  await read();
  const few = await countEach();
  const orgId = ctx.demo.organization.id;
  for (let n = 1; n <= 35; n += 1) {
    const branch = await insertSite(
      ctx.db,
      orgId,
      siteInputSchema.parse({ ...demoSites.manchester, name: `Branch ${n}`, siteAdminList: [] }),
      ctx.clock.now(),
    );
    if (n % 2 === 0) await placeIn(north._id, branch.id);
  }
  await read();
  const many = await countEach();
  expect(few.map((one) => one.sites)).toEqual([5, 2, 4]);
  expect(many.map((one) => one.sites)).toEqual([40, 19, 39]);
  expect(many.map((one) => one.statements)).toEqual(few.map((one) => one.statements));
  expect(Math.max(...many.map((one) => one.statements))).toBeLessThanOrEqual(4);
});

test('is documented in the OpenAPI', async () => {
  const reply = await ctx.inject<{ paths: Record<string, { get?: { summary?: string } }> }>(
    'GET',
    '/api/docs/json',
  );
  expect(reply.json.paths[url]?.get?.summary).toMatch(/each by its own local today/);
});
