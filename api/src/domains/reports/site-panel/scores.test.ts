import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AllSitesScoreList, MasterTask, SiteScoreReport } from '@console/shared-sdk/contract';
import { individualTasks, siteDayTallies } from '../../tasks/index.js';
import { sites } from '../../../platform/db/schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { mobileLogin } from '../../../test/logs.js';
import { plannedBefore } from '../../../test/tasks.js';
import { foldSiteDayTallies } from '../../tasks/index.js';
import { countedFromOccurrences, emptyTally, scoreFromTally, tallies, trendSpans } from './repository.js';

// Site scores (DOMAIN.md "Scores") over real occurrences, made by the score calls themselves from master
// tasks created through the API, then left in the states staff would have left them. Each test's tasks
// live in dates of their own, so the tests do not count each other's.

/** Wednesday 11 June 2025, 09:00 in Brighton (BST). */
const now = '2025-06-11T08:00:00Z';
const minute = 60_000;
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

const allSites = (query: Record<string, string>, token = owner) =>
  ctx.inject<{ data: AllSitesScoreList }>('GET', '/api/v1/site-panel/all-sites-score-list', { token, query });
const siteDays = (query: Record<string, string>, token = owner) =>
  ctx.inject<{ data: SiteScoreReport }>('GET', '/api/v1/site-panel/site-report-scoreList', { token, query });

async function ranked(query: Record<string, string>, token = owner) {
  const reply = await allSites(query, token);
  if (reply.statusCode !== 200) throw new Error(`all-sites-score-list: ${reply.raw}`);
  return reply.json.data;
}

async function daysOf(query: Record<string, string>) {
  const reply = await siteDays(query);
  if (reply.statusCode !== 200) throw new Error(`site-report-scoreList: ${reply.raw}`);
  return reply.json.data;
}

/**
 * A master task due every day from `startDate` to `endDate` at 09:00 local time, created the day before it
 * starts (a task created today makes nothing for the days already ended: they are settled).
 */
async function daily(siteID: string, startDate: string, endDate: string): Promise<MasterTask> {
  const reply = await plannedBefore(ctx, startDate, () =>
    ctx.inject<{ data: MasterTask }>('POST', '/api/v1/master-task/create-new-one', {
      token: owner,
      body: {
        siteID,
        name: `Opening checks ${startDate}`,
        checkListItems: [{ text: 'Probe the walk-in' }],
        schedule: { repeat: 'DAILY', startDate, endDate, dueTime: '09:00' },
      },
    }),
  );
  if (reply.statusCode !== 200) throw new Error(`creating a task: ${reply.raw}`);
  return reply.json.data;
}

/** Leaves the occurrence of `taskDate` as staff would have: a status, and when it was really done. */
async function leave(
  task: MasterTask,
  taskDate: string,
  change: (expireOn: Date) => Partial<typeof individualTasks.$inferInsert>,
) {
  const [row] = await ctx.db
    .select()
    .from(individualTasks)
    .where(and(eq(individualTasks.masterTaskId, task._id), eq(individualTasks.taskDate, taskDate)));
  if (!row) throw new Error(`no occurrence of ${task.name} on ${taskDate}`);
  await ctx.db.update(individualTasks).set(change(row.expireOn)).where(eq(individualTasks.id, row.id));
}

const onTime = (expireOn: Date) => ({
  status: 'COMPLETED' as const,
  completedAt: new Date(expireOn.getTime() - 5 * minute),
  syncedAt: new Date(expireOn.getTime() - 5 * minute),
});

const dayScores = (report: SiteScoreReport) =>
  Object.fromEntries(report.list.map((day) => [day.date, [day.due, day.score, day.band]]));

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
});
afterAll(() => ctx.close());

describe('the score', () => {
  test('is 100 × (on time + ½ late) ÷ due, banded by its unrounded value at 96 and 75', () => {
    expect(scoreFromTally({ onTime: 96, late: 0, missed: 4 })).toMatchObject({
      due: 100,
      score: 96,
      band: 'GREEN',
    });
    // 95.96 shows as 96.0 but is not 96: amber.
    expect(scoreFromTally({ onTime: 2399, late: 0, missed: 101 })).toMatchObject({
      score: 96,
      band: 'AMBER',
    });
    expect(scoreFromTally({ onTime: 151, late: 0, missed: 49 })).toMatchObject({
      score: 75.5,
      band: 'AMBER',
    });
    // A late task earns half: one on time and one late is 75, red.
    expect(scoreFromTally({ onTime: 1, late: 1, missed: 0 })).toMatchObject({
      score: 75,
      band: 'RED',
    });
    // Not due yet, one of them done already: nothing in the score.
    const notDue = { ...emptyTally(), upcoming: 3, doneAhead: 1 };
    expect(scoreFromTally(notDue)).toEqual({
      due: 0,
      onTime: 0,
      late: 0,
      missed: 0,
      score: null,
      band: null,
    });
  });

  test('a trend cuts the range into at most 12 spans of whole days, the last ending the range', () => {
    expect(trendSpans('2025-06-01', '2025-06-03')).toEqual([
      { startDate: '2025-06-01', endDate: '2025-06-01' },
      { startDate: '2025-06-02', endDate: '2025-06-02' },
      { startDate: '2025-06-03', endDate: '2025-06-03' },
    ]);
    const ninety = trendSpans('2025-03-14', '2025-06-11');
    expect(ninety).toHaveLength(12);
    expect(ninety[0]?.startDate).toBe('2025-03-14');
    expect(ninety.at(-1)?.endDate).toBe('2025-06-11');
    ninety.slice(1).forEach((span, index) => {
      const previous = ninety[index];
      expect(Date.parse(span.startDate) - Date.parse(previous?.endDate ?? '')).toBe(86_400_000);
    });
  });
});

describe("one site's days", () => {
  test('days nobody opened count as missed; late, deleted and late-synced tasks count as the rules say', async () => {
    const task = await daily(brighton(), '2025-06-02', '2025-06-06');
    const range = { siteID: brighton(), startDate: '2025-06-02', endDate: '2025-06-08' };

    // No list of those days was ever read: the call makes the occurrences, and they were missed.
    const untouched = await daysOf(range);
    expect(untouched.totals).toMatchObject({ due: 5, onTime: 0, late: 0, missed: 5, score: 0, band: 'RED' });
    expect(untouched.list.map((day) => day.date)).toEqual([
      '2025-06-02',
      '2025-06-03',
      '2025-06-04',
      '2025-06-05',
      '2025-06-06',
      '2025-06-07',
      '2025-06-08',
    ]);

    await leave(task, '2025-06-02', onTime);
    await leave(task, '2025-06-03', (expireOn) => ({
      status: 'COMPLETED',
      completedAt: new Date(expireOn.getTime() + 40 * minute),
      syncedAt: new Date(expireOn.getTime() + 41 * minute),
    }));
    await leave(task, '2025-06-04', () => ({ status: 'DELETED' }));
    const worked = await daysOf(range);
    expect(dayScores(worked)).toMatchObject({
      '2025-06-02': [1, 100, 'GREEN'],
      '2025-06-03': [1, 50, 'RED'],
      // A deleted occurrence leaves the due count.
      '2025-06-04': [0, null, null],
      '2025-06-05': [1, 0, 'RED'],
      '2025-06-07': [0, null, null],
    });
    expect(worked.totals).toMatchObject({ due: 4, onTime: 1, late: 1, missed: 2, score: 37.5 });

    // Done in time on a phone that was offline all morning: it reaches the server hours later and raises
    // a past day's score at once, by its real completion time.
    await leave(task, '2025-06-05', (expireOn) => ({
      status: 'COMPLETED',
      completedAt: new Date(expireOn.getTime() - 10 * minute),
      syncedAt: new Date(expireOn.getTime() + 180 * minute),
    }));
    const synced = await daysOf(range);
    expect(dayScores(synced)['2025-06-05']).toEqual([1, 100, 'GREEN']);
    expect(synced.totals).toMatchObject({ due: 4, onTime: 2, late: 1, missed: 1, score: 62.5, band: 'RED' });
  });

  test("today's tasks not yet expired are upcoming, not due", async () => {
    await daily(manchester(), '2025-06-11', '2025-06-12');
    // 08:59 in Manchester: the 09:00 task has a minute to go.
    ctx.clock.set('2025-06-11T07:59:00Z');
    try {
      const report = await daysOf({ siteID: manchester(), startDate: '2025-06-11', endDate: '2025-06-12' });
      expect(report.list.map((day) => [day.date, day.due, day.upcoming])).toEqual([
        ['2025-06-11', 0, 1],
        ['2025-06-12', 0, 1],
      ]);
      expect(report.totals.score).toBeNull();
    } finally {
      ctx.clock.set(now);
    }
  });
});

describe('the day counts the database keeps', () => {
  const byDate = (taskDate: SQL) => sql<string>`to_char(${taskDate}, 'YYYY-MM-DD')`;
  /** Every site's days as the scores read them, and as a count of the occurrences themselves. */
  async function bothWays(from: string, to: string) {
    const siteIds = [brighton(), manchester(), brooklyn()];
    const at = ctx.clock.now();
    const sorted = (rows: Awaited<ReturnType<typeof tallies>>) =>
      rows
        .filter(({ tally }) => tally.onTime + tally.late + tally.missed + tally.upcoming > 0)
        .map(({ siteId, group, tally }) => ({ siteId, group: String(group), ...tally }))
        .sort((a, b) => `${a.siteId}${a.group}`.localeCompare(`${b.siteId}${b.group}`));
    return {
      kept: sorted(await tallies(ctx.db, siteIds, from, to, at, byDate)),
      counted: sorted(await countedFromOccurrences(ctx.db, siteIds, from, to, at, byDate)),
    };
  }

  test('agree with a count of the occurrences through completions, edits, deletions and folding', async () => {
    const task = await daily(brooklyn(), '2025-03-01', '2025-03-20');
    const range = { from: '2025-03-01', to: '2025-03-31' };
    await daysOf({ siteID: brooklyn(), startDate: range.from, endDate: range.to });
    const agreed = async () => {
      const { kept, counted } = await bothWays(range.from, range.to);
      expect(counted.length).toBeGreaterThan(0);
      expect(kept).toEqual(counted);
      return counted;
    };
    const untouched = await agreed();
    await leave(task, '2025-03-02', onTime);
    // Brooklyn is closed on Mondays (3 March): a Friday instead.
    await leave(task, '2025-03-07', (expireOn) => ({
      status: 'COMPLETED',
      completedAt: new Date(expireOn.getTime() + 30 * minute),
    }));
    // Corrected after completion: from late to on time, then deleted.
    await leave(task, '2025-03-07', onTime);
    await leave(task, '2025-03-04', () => ({ status: 'DELETED' }));
    // A checklist line ticked changes nothing counted.
    await leave(task, '2025-03-05', () => ({ updatedAt: ctx.clock.now() }));
    // Rows removed outright (an edited schedule removes untouched future ones).
    await ctx.db
      .delete(individualTasks)
      .where(and(eq(individualTasks.masterTaskId, task._id), eq(individualTasks.taskDate, '2025-03-06')));
    const changed = await agreed();
    expect(changed).not.toEqual(untouched);
    // Folded into one row a day, the counts are the same.
    await foldSiteDayTallies(ctx.db);
    const rowsPerDay = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(siteDayTallies)
      .groupBy(siteDayTallies.siteId, siteDayTallies.taskDate)
      .having(sql`count(*) > 1`);
    expect(rowsPerDay).toEqual([]);
    expect(await agreed()).toEqual(changed);
  });

  test('a day still running is counted from its occurrences: one due later today is upcoming', async () => {
    await daily(brooklyn(), '2025-06-11', '2025-06-11');
    // 09:00 in Brighton is 04:00 in Brooklyn: its 09:00 task has not expired.
    await daysOf({ siteID: brooklyn(), startDate: '2025-06-11', endDate: '2025-06-11' });
    const { kept, counted } = await bothWays('2025-06-11', '2025-06-11');
    expect(kept).toEqual(counted);
    expect(kept.find((row) => row.siteId === brooklyn())).toMatchObject({ upcoming: 1, missed: 0 });
  });
});

describe('every site ranked', () => {
  test('best first, equal scores share a rank in name order, with the change on the period before', async () => {
    const range = { startDate: '2025-05-01', endDate: '2025-05-04' };
    const brightonTask = await daily(brighton(), '2025-05-01', '2025-05-04');
    // Manchester's also ran in the four days before, and missed them all.
    const manchesterTask = await daily(manchester(), '2025-04-27', '2025-05-04');
    await daily(brooklyn(), '2025-05-01', '2025-05-04');
    await ranked(range);
    for (const date of ['2025-05-01', '2025-05-02', '2025-05-03', '2025-05-04']) {
      await leave(brightonTask, date, onTime);
      // Manchester is closed on Sundays (27 April, 4 May): no task is made then.
      if (date !== '2025-05-04') await leave(manchesterTask, date, onTime);
    }

    const data = await ranked(range);
    expect(data).toMatchObject({ ...range, previousStartDate: '2025-04-27', previousEndDate: '2025-04-30' });
    expect(data.list.map((site) => [site.siteID, site.rank, site.score, site.band])).toEqual([
      [brighton(), 1, 100, 'GREEN'],
      [manchester(), 1, 100, 'GREEN'],
      [brooklyn(), 3, 0, 'RED'],
    ]);
    const [first, second] = data.list;
    expect(first).toMatchObject({ due: 4, onTime: 4, previousScore: null, change: null });
    expect(second).toMatchObject({ previousScore: 0, change: 100 });
    expect(first?.trend.map((point) => point.score)).toEqual([100, 100, 100, 100]);
    expect(data.totals).toMatchObject({ due: 11, onTime: 7, missed: 4, score: 63.6, band: 'RED' });
    expect(data.records).toBe(3);
  });

  test('sites with nothing due come last, unranked', async () => {
    const data = await ranked({ startDate: '2025-01-01', endDate: '2025-01-07' });
    expect(data.list.every((site) => site.rank === null && site.score === null)).toBe(true);
    expect(data.list.map((site) => site.name)).toEqual([...data.list.map((site) => site.name)].sort());
  });
});

describe('areas compared', () => {
  const range = { startDate: '2025-05-01', endDate: '2025-05-04' };
  let north: string;
  let south: string;
  const placeIn = (areaId: string | null, ...siteIds: string[]) =>
    Promise.all(siteIds.map((id) => ctx.db.update(sites).set({ areaId }).where(eq(sites.id, id))));
  const areaNamed = async (name: string) => {
    const reply = await ctx.inject<{ data: { _id: string } }>('POST', '/api/v1/area/create-new-one', {
      token: owner,
      body: { name },
    });
    if (reply.statusCode !== 200) throw new Error(`creating ${name}: ${reply.raw}`);
    return reply.json.data._id;
  };

  beforeAll(async () => {
    // The days of "every site ranked": Brighton and Manchester all on time, Brooklyn all missed.
    [north, south] = [await areaNamed('North'), await areaNamed('South')];
    await placeIn(north, manchester());
    await placeIn(south, brighton());
    await placeIn(null, brooklyn());
  });

  test("each area scored from its sites' counts together and ranked; the sites in no area last, unranked", async () => {
    const data = await ranked(range);
    expect(
      data.areas.map((one) => [one.area?.name ?? null, one.sites, one.rank, one.score, one.due, one.change]),
    ).toEqual([
      ['North', 1, 1, 100, 3, 100],
      ['South', 1, 1, 100, 4, null],
      [null, 1, null, 0, 4, null],
    ]);
    expect(data.areas[0]?.trend.map((point) => point.score)).toEqual([100, 100, 100, null]);

    // Brooklyn joins the north: its misses weigh by their number, not as a third of an average.
    await placeIn(north, brooklyn());
    const joined = await ranked(range);
    expect(joined.areas.map((one) => [one.area?.name ?? null, one.sites, one.rank, one.score])).toEqual([
      ['South', 1, 1, 100],
      ['North', 2, 2, 42.9],
    ]);
    expect(joined.areas[1]).toMatchObject({ due: 7, onTime: 3, missed: 4, band: 'RED', previousScore: 0 });
    await placeIn(null, brooklyn());
  });

  test('an area filter narrows the ranking and its totals, not the areas compared', async () => {
    const northOnly = await ranked({ ...range, areaID: north });
    expect(northOnly.list.map((site) => [site.siteID, site.rank])).toEqual([[manchester(), 1]]);
    expect(northOnly.totals).toMatchObject({ due: 3, onTime: 3, score: 100 });
    expect(northOnly.records).toBe(1);
    expect(northOnly.areas).toHaveLength(3);
    const inNone = await ranked({ ...range, areaID: 'NONE' });
    expect(inNone.list.map((site) => site.siteID)).toEqual([brooklyn()]);
    expect((await allSites({ ...range, areaID: 'north' })).statusCode).toBe(400);
  });

  test("a site admin compares the areas of its own sites; another organisation's admin has none", async () => {
    expect((await ranked(range, manager)).areas.map((one) => [one.area?._id, one.sites])).toEqual([
      [south, 1],
    ]);
    expect((await ranked(range, otherOwner)).areas).toEqual([]);
    expect((await ranked({ ...range, areaID: north }, otherOwner)).list).toEqual([]);
  });
});

describe('who sees which sites', () => {
  test("another organisation's sites are never in the ranking, and its admin never sees ours", async () => {
    const ours = await ranked({ startDate: '2025-05-01', endDate: '2025-05-04' });
    expect(new Set(ours.list.map((site) => site.siteID))).toEqual(
      new Set([brighton(), manchester(), brooklyn()]),
    );
    const theirs = await ranked({ startDate: '2025-05-01', endDate: '2025-05-04' }, otherOwner);
    expect(theirs.list.some((site) => [brighton(), manchester(), brooklyn()].includes(site.siteID))).toBe(
      false,
    );
    expect((await siteDays({ siteID: brighton() }, otherOwner)).statusCode).toBe(404);
    expect((await siteDays({ siteID: missingId })).statusCode).toBe(404);
  });

  test('a site admin sees only its sites, and is refused the days of another', async () => {
    const data = await ranked({ startDate: '2025-05-01', endDate: '2025-05-04' }, manager);
    expect(data.list.map((site) => site.siteID)).toEqual([brighton()]);
    expect((await siteDays({ siteID: brighton() }, manager)).statusCode).toBe(200);
    expect((await siteDays({ siteID: manchester() }, manager)).statusCode).toBe(403);
  });

  test('staff are refused, and no token is 401', async () => {
    const staff = await mobileLogin(ctx, 'aisha.khan@harbourvine.example');
    expect((await allSites({}, staff)).statusCode).toBe(403);
    expect((await siteDays({ siteID: brighton() }, staff)).statusCode).toBe(403);
    expect((await allSites({}, '')).statusCode).toBe(401);
  });
});

describe('the range', () => {
  test('defaults to the last 30 days up to today', async () => {
    const data = await ranked({});
    expect(data).toMatchObject({ startDate: '2025-05-13', endDate: '2025-06-11' });
    const site = await daysOf({ siteID: brooklyn() });
    // 04:00 in Brooklyn: still 11 June there too.
    expect(site).toMatchObject({
      startDate: '2025-05-13',
      endDate: '2025-06-11',
      timeZoneId: 'America/New_York',
    });
    expect(site.list).toHaveLength(30);
  });

  test('must be two dates in order, at most 366 days apart', async () => {
    const oneDate = await allSites({ startDate: '2025-05-01' });
    expect(oneDate.statusCode).toBe(400);
    const backwards = await siteDays({ siteID: brighton(), startDate: '2025-05-04', endDate: '2025-05-01' });
    expect(backwards.statusCode).toBe(400);
    const tooLong = await allSites({ startDate: '2024-01-01', endDate: '2025-06-01' });
    expect(tooLong.statusCode).toBe(400);
    // The longest range, with the year before it to compare: two years of days made and counted.
    const year = await allSites({ startDate: '2024-06-11', endDate: '2025-06-11' });
    expect(year.statusCode).toBe(200);
    expect(year.json.data.previousStartDate).toBe('2023-06-11');
    expect((await siteDays({ siteID: 'brighton' })).statusCode).toBe(400);
    expect((await allSites({ startDate: '2025-02-30', endDate: '2025-03-01' })).statusCode).toBe(400);
  });
});
