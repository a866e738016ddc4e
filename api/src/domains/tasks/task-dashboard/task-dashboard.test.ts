import { and, asc, eq } from 'drizzle-orm';
import type { MasterTask, SiteDashboard } from '@console/shared-sdk/contract';
import {
  attentionInstants,
  attentionJsonSql,
  documents,
  nearMisses,
  temperatureReadings,
} from '../../logs/index.js';
import { foodItems } from '../../equipment/index.js';
import { individualTasks } from '../schema.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { hotHoldReadingRow, nearMissRow } from '../../../test/logs.js';
import { plannedBefore } from '../../../test/tasks.js';
import { countStatements } from '../../../test/statements.js';
import { dashboardReader, type DateRange } from './repository.js';

// The site dashboard over real occurrences: made by the dashboard call itself from master tasks created
// through the API, then moved to the statuses staff would have left them in. Each test's master tasks end
// within its own dates, so the tests do not count each other's tasks.

const url = '/api/v1/task-dashboard/site';
const missingId = '01890000-0000-7000-8000-000000000000';
/** Wednesday 11 June 2025, 09:00 in Brighton (BST). */
const now = '2025-06-11T08:00:00Z';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

const dashboard = (query: Record<string, string>, token = owner) =>
  ctx.inject<{ data: SiteDashboard }>('GET', url, { token, query });

async function dashboardOf(query: Record<string, string>): Promise<SiteDashboard> {
  const reply = await dashboard(query);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

/**
 * A master task due every day from `startDate` to `endDate`, at `due` (a local time or a slot), created the
 * day before it starts (a task created today makes nothing for the days already ended: they are settled),
 * by the owner of the site's organisation (`token`).
 */
async function daily(
  siteID: string,
  startDate: string,
  endDate: string,
  due: { dueTime: string } | { dueSlot: string } = { dueTime: '09:00' },
  token = owner,
): Promise<MasterTask> {
  const reply = await plannedBefore(ctx, startDate, () =>
    ctx.inject<{ data: MasterTask }>('POST', '/api/v1/master-task/create-new-one', {
      token,
      body: {
        siteID,
        name: `Fridge check ${startDate}`,
        checkListItems: [{ text: 'Read the display' }],
        schedule: { repeat: 'DAILY', startDate, endDate, ...due },
      },
    }),
  );
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

async function occurrenceOn(task: MasterTask, taskDate: string) {
  const [row] = await ctx.db
    .select()
    .from(individualTasks)
    .where(and(eq(individualTasks.masterTaskId, task._id), eq(individualTasks.taskDate, taskDate)));
  if (!row) throw new Error(`no occurrence of ${task.name} on ${taskDate}`);
  return row;
}

/** Leaves the occurrence of `taskDate` as staff would have: a status, and when it was really completed. */
async function leave(
  task: MasterTask,
  taskDate: string,
  change: (expireOn: Date) => Partial<typeof individualTasks.$inferInsert>,
) {
  const row = await occurrenceOn(task, taskDate);
  await ctx.db.update(individualTasks).set(change(row.expireOn)).where(eq(individualTasks.id, row.id));
}

/** Moves the clock, signing the owner in again: a token from hours before would have expired. */
async function setClock(instant: string | Date) {
  ctx.clock.set(instant);
  owner = await ctx.login(demoLogins.organizationAdmin);
}

const plus = (instant: Date, ms: number) => new Date(instant.getTime() + ms);
const minute = 60_000;

/** The days' split as date → [onTime, late, incomplete, upcoming]. */
const splitOf = (data: SiteDashboard) =>
  Object.fromEntries(
    data.days.map((day) => [day.date, [day.onTime, day.late, day.incomplete, day.upcoming]]),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
});
afterEach(() => setClock(now));
afterAll(() => ctx.close());

describe('buckets', () => {
  test('are made on first read and counted at their edges: completed exactly at expireOn is on time', async () => {
    const task = await daily(brighton(), '2025-06-09', '2025-06-11');
    const range = { siteID: brighton(), startDate: '2025-06-09', endDate: '2025-06-11' };

    // Nobody has read these days yet: the call makes the three occurrences before it counts them.
    await setClock('2025-06-09T07:00:00Z');
    expect((await dashboardOf(range)).buckets).toEqual({ UPCOMING: 3, ON_TIME: 0, LATE: 0, INCOMPLETE: 0 });
    const made = await ctx.db
      .select({ taskDate: individualTasks.taskDate, expireOn: individualTasks.expireOn })
      .from(individualTasks)
      .where(eq(individualTasks.masterTaskId, task._id))
      .orderBy(asc(individualTasks.taskDate));
    expect(made.map((row) => [row.taskDate, row.expireOn.toISOString()])).toEqual([
      ['2025-06-09', '2025-06-09T08:00:00.000Z'],
      ['2025-06-10', '2025-06-10T08:00:00.000Z'],
      ['2025-06-11', '2025-06-11T08:00:00.000Z'],
    ]);

    await leave(task, '2025-06-09', (expireOn) => ({ status: 'COMPLETED', completedAt: expireOn }));
    await leave(task, '2025-06-10', (expireOn) => ({ status: 'COMPLETED', completedAt: plus(expireOn, 1) }));

    // A millisecond before Wednesday's task expires it is still to do; at expireOn it is incomplete.
    await setClock(plus(new Date(now), -1));
    const before = await dashboardOf(range);
    expect(before.buckets).toEqual({ UPCOMING: 1, ON_TIME: 1, LATE: 1, INCOMPLETE: 0 });
    expect(splitOf(before)).toEqual({
      '2025-06-09': [1, 0, 0, 0],
      '2025-06-10': [0, 1, 0, 0],
      '2025-06-11': [0, 0, 0, 1],
    });

    await setClock(now);
    const at = await dashboardOf(range);
    expect(at.buckets).toEqual({ UPCOMING: 0, ON_TIME: 1, LATE: 1, INCOMPLETE: 1 });
    expect(at.days.map((day) => day.due)).toEqual([1, 1, 1]);
    expect(splitOf(at)['2025-06-11']).toEqual([0, 0, 1, 0]);
  });

  test('a late completion is LATE, a late sync counts by its real time, deleted tasks never count', async () => {
    const task = await daily(brighton(), '2025-06-16', '2025-06-21');
    const range = { siteID: brighton(), startDate: '2025-06-16', endDate: '2025-06-22' };
    await setClock('2025-06-22T12:00:00Z');
    await dashboardOf(range);

    // Done 40 minutes after it expired.
    await leave(task, '2025-06-16', (expireOn) => ({
      status: 'COMPLETED',
      completedAt: plus(expireOn, 40 * minute),
      syncedAt: plus(expireOn, 41 * minute),
    }));
    // Done in time on a phone that was offline: it reached the server three hours later.
    await leave(task, '2025-06-17', (expireOn) => ({
      status: 'COMPLETED',
      completedAt: plus(expireOn, -10 * minute),
      syncedAt: plus(expireOn, 170 * minute),
    }));
    await leave(task, '2025-06-18', () => ({ status: 'REPORTED' }));
    await leave(task, '2025-06-19', () => ({ status: 'DELETED' }));
    await leave(task, '2025-06-20', () => ({
      status: 'DELETED',
      completedAt: new Date('2025-06-20T07:00:00Z'),
    }));

    const data = await dashboardOf(range);
    expect(data.buckets).toEqual({ UPCOMING: 0, ON_TIME: 1, LATE: 1, INCOMPLETE: 2 });
    expect(splitOf(data)).toEqual({
      '2025-06-16': [0, 1, 0, 0],
      '2025-06-17': [1, 0, 0, 0],
      '2025-06-18': [0, 0, 1, 0],
      '2025-06-19': [0, 0, 0, 0],
      '2025-06-20': [0, 0, 0, 0],
      '2025-06-21': [0, 0, 1, 0],
      '2025-06-22': [0, 0, 0, 0],
    });
    expect(data.days.map((day) => day.due)).toEqual([1, 1, 1, 0, 0, 1, 0]);
  });

  test('count only the chosen site and range', async () => {
    await daily(manchester(), '2025-06-23', '2025-06-24');
    await daily(brighton(), '2025-06-23', '2025-06-25');
    await setClock('2025-06-20T12:00:00Z');
    const days = { startDate: '2025-06-23', endDate: '2025-06-25' };
    expect((await dashboardOf({ siteID: manchester(), ...days })).buckets.UPCOMING).toBe(2);
    expect((await dashboardOf({ siteID: brighton(), ...days })).buckets.UPCOMING).toBe(3);

    const data = await dashboardOf({ siteID: brighton(), startDate: '2025-06-24', endDate: '2025-06-24' });
    expect(data.buckets).toEqual({ UPCOMING: 1, ON_TIME: 0, LATE: 0, INCOMPLETE: 0 });
    expect(data.days).toEqual([expect.objectContaining({ date: '2025-06-24', due: 1, upcoming: 1 })]);
  });
});

describe('the weekly schedule', () => {
  test('keeps local opening times and due times through the spring daylight-saving change', async () => {
    // Clocks go forward in London at 01:00 UTC on Sunday 30 March 2025.
    await daily(brighton(), '2025-03-24', '2025-03-30');
    // Sunday 09:30 BST (08:30 UTC): the 09:00 task has expired; read as 09:00 GMT it would not have.
    await setClock('2025-03-30T08:30:00Z');
    const data = await dashboardOf({ siteID: brighton() });

    expect([data.startDate, data.endDate, data.timeZoneId]).toEqual([
      '2025-03-24',
      '2025-03-30',
      'Europe/London',
    ]);
    expect(data.days.map((day) => [day.date, day.isOpen, day.openTime, day.closeTime])).toEqual([
      ['2025-03-24', true, '08:00', '23:00'],
      ['2025-03-25', true, '08:00', '23:00'],
      ['2025-03-26', true, '08:00', '23:00'],
      ['2025-03-27', true, '08:00', '23:00'],
      ['2025-03-28', true, '08:00', '01:00'],
      // Its 01:00 closing falls in the hour the clocks skip: it closes as they jump to 02:00.
      ['2025-03-29', true, '08:00', '02:00'],
      ['2025-03-30', true, '09:00', '22:00'],
    ]);
    expect(data.buckets).toEqual({ UPCOMING: 0, ON_TIME: 0, LATE: 0, INCOMPLETE: 7 });
    expect(data.days.map((day) => day.incomplete)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  test('keeps them through the autumn change too', async () => {
    // Clocks go back in London at 01:00 UTC on Sunday 26 October 2025.
    await daily(brighton(), '2025-10-20', '2025-10-26');
    // Sunday 08:30 GMT: the 09:00 task is still to do; read as 09:00 BST it would have expired.
    await setClock('2025-10-26T08:30:00Z');
    const data = await dashboardOf({ siteID: brighton() });

    expect(data.days.map((day) => [day.date, day.openTime, day.closeTime])).toEqual([
      ['2025-10-20', '08:00', '23:00'],
      ['2025-10-21', '08:00', '23:00'],
      ['2025-10-22', '08:00', '23:00'],
      ['2025-10-23', '08:00', '23:00'],
      ['2025-10-24', '08:00', '01:00'],
      ['2025-10-25', '08:00', '01:00'],
      ['2025-10-26', '09:00', '22:00'],
    ]);
    expect(data.buckets).toEqual({ UPCOMING: 1, ON_TIME: 0, LATE: 0, INCOMPLETE: 6 });
    expect(splitOf(data)['2025-10-26']).toEqual([0, 0, 0, 1]);
  });

  test('shows a closed day without hours, and a task due at closing has nothing due on it', async () => {
    // Manchester is closed on Sundays.
    await daily(manchester(), '2025-07-07', '2025-07-13', { dueSlot: 'CLOSE' });
    // Monday 06:00, before opening: the whole week is within the making horizon (today + 7 days).
    await setClock('2025-07-07T05:00:00Z');
    const data = await dashboardOf({ siteID: manchester(), startDate: '2025-07-07', endDate: '2025-07-13' });

    const sunday = data.days.at(-1);
    expect(sunday).toEqual({
      date: '2025-07-13',
      isOpen: false,
      openTime: null,
      closeTime: null,
      due: 0,
      onTime: 0,
      late: 0,
      incomplete: 0,
      upcoming: 0,
    });
    expect(data.days.map((day) => [day.openTime, day.closeTime, day.due])).toEqual([
      ['07:00', '17:00', 1],
      ['07:00', '17:00', 1],
      ['07:00', '17:00', 1],
      ['07:00', '17:00', 1],
      ['07:00', '17:00', 1],
      ['08:00', '16:00', 1],
      [null, null, 0],
    ]);
    expect(data.buckets.UPCOMING).toBe(6);
  });
});

describe('the range', () => {
  test("defaults to the site's current week, Monday to Sunday in its own zone", async () => {
    // Monday 02:00 in London is still Sunday evening in Brooklyn.
    await setClock('2025-06-16T02:00:00Z');
    const london = await dashboardOf({ siteID: brighton() });
    expect([london.startDate, london.endDate]).toEqual(['2025-06-16', '2025-06-22']);
    expect(london.days.map((day) => day.date)).toEqual([
      '2025-06-16',
      '2025-06-17',
      '2025-06-18',
      '2025-06-19',
      '2025-06-20',
      '2025-06-21',
      '2025-06-22',
    ]);
    const newYork = await dashboardOf({ siteID: brooklyn() });
    expect([newYork.startDate, newYork.endDate, newYork.timeZoneId]).toEqual([
      '2025-06-09',
      '2025-06-15',
      'America/New_York',
    ]);
    // Brooklyn is closed on Mondays.
    expect(newYork.days[0]).toMatchObject({ date: '2025-06-09', isOpen: false, openTime: null });
  });

  test('covers at most 62 days', async () => {
    const longest = await dashboardOf({ siteID: brighton(), startDate: '2025-01-01', endDate: '2025-03-03' });
    expect(longest.days).toHaveLength(62);

    const reply = await dashboard({ siteID: brighton(), startDate: '2025-01-01', endDate: '2025-03-04' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.endDate).toEqual(['Choose at most 62 days']);
  });

  test('refuses an end date before the start date, one date without the other, and bad dates', async () => {
    const backwards = await dashboard({ siteID: brighton(), startDate: '2025-06-10', endDate: '2025-06-09' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.details?.fieldErrors.endDate).toEqual(['Must be on or after the start date']);

    const onlyStart = await dashboard({ siteID: brighton(), startDate: '2025-06-10' });
    expect(onlyStart.statusCode).toBe(400);
    expect(onlyStart.json.details?.fieldErrors.endDate).toEqual(['Choose an end date too']);

    const onlyEnd = await dashboard({ siteID: brighton(), endDate: '2025-06-10' });
    expect(onlyEnd.statusCode).toBe(400);
    expect(onlyEnd.json.details?.fieldErrors.startDate).toEqual(['Choose a start date too']);

    const notADate = await dashboard({ siteID: brighton(), startDate: '2025-02-30', endDate: '2025-03-01' });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json.details?.fieldErrors.startDate).toBeDefined();

    const badSite = await dashboard({ siteID: 'brighton' });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json.details?.fieldErrors.siteID).toEqual(['Must be a valid id']);
  });
});

describe('who may see it', () => {
  test('without a token, 401', async () => {
    const reply = await ctx.inject('GET', url, { query: { siteID: brighton() } });
    expect(reply.statusCode).toBe(401);
  });

  test("another organisation's site is 404, exactly like a missing one", async () => {
    const foreign = await dashboard({ siteID: ctx.other.site.id });
    const missing = await dashboard({ siteID: missingId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.raw).toBe(missing.raw);

    // And the other organisation's owner cannot read ours.
    const reversed = await dashboard({ siteID: brighton() }, otherOwner);
    expect(reversed.statusCode).toBe(404);
  });

  test('a site admin sees the site it runs and is refused another (403)', async () => {
    expect((await dashboard({ siteID: brighton() }, manager)).statusCode).toBe(200);
    const refused = await dashboard({ siteID: manchester() }, manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json.data).toBeUndefined();
  });
});

test('is documented in the OpenAPI with its query', async () => {
  const reply = await ctx.inject<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>(
    'GET',
    '/api/docs/json',
  );
  expect(reply.statusCode).toBe(200);
  const names = reply.json.paths[url]?.get?.parameters?.map((parameter) => parameter.name);
  expect(names).toEqual(expect.arrayContaining(['siteID', 'startDate', 'endDate']));
});

describe("the logs' counts beside the tasks", () => {
  test('documents of the site and the organisation by expiry, failed readings of the range, open near misses', async () => {
    const orgId = ctx.demo.organization.id;
    const by = ctx.demo.siteAdmin.id;
    const at = new Date(now);
    const document = (siteId: string | null, expiresOn: string | null, deletedAt: Date | null = null) => ({
      id: newId(),
      orgId,
      siteId,
      name: `Certificate ${expiresOn ?? 'without expiry'}`,
      category: 'CERTIFICATE' as const,
      expiresOn,
      createdAt: at,
      updatedAt: at,
      deletedAt,
    });
    await ctx.db.insert(documents).values([
      document(brighton(), '2025-06-11'), // expires today: still expiring
      document(brighton(), '2025-07-11'), // the 30th day ahead
      document(null, '2025-06-20'), // the organisation's, so every site's
      document(brighton(), '2025-07-12'), // 31 days ahead: not yet
      document(brighton(), '2025-06-10'), // expired yesterday
      document(manchester(), '2025-06-15'), // another site's
      document(brighton(), '2025-06-12', at), // deleted
      document(brighton(), null),
    ]);
    const [probe] = await ctx.db
      .insert(foodItems)
      .values({
        id: newId(),
        orgId,
        siteId: brighton(),
        type: 'PROB',
        name: 'Dashboard probe',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const reading = (readAt: string, celsius: number, result: 'PASS' | 'FAIL') =>
      hotHoldReadingRow(
        { orgId, siteId: brighton(), by, at },
        { foodItemId: probe!.id, readAt, celsius, result },
      );
    await ctx.db.insert(temperatureReadings).values([
      reading('2025-06-09T10:00:00Z', 58, 'FAIL'), // Monday of the week
      reading('2025-06-15T22:30:00Z', 55, 'FAIL'), // 23:30 on Sunday in Brighton: still the week
      reading('2025-06-15T23:30:00Z', 52, 'FAIL'), // 00:30 on the next Monday: not
      reading('2025-06-10T10:00:00Z', 70, 'PASS'),
    ]);
    const nearMiss = (status: 'REPORTED' | 'PENDING' | 'COMPLETED') =>
      nearMissRow({ orgId, siteId: brighton(), by, at }, status);
    await ctx.db
      .insert(nearMisses)
      .values([nearMiss('REPORTED'), nearMiss('PENDING'), nearMiss('COMPLETED')]);

    const week = await dashboardOf({ siteID: brighton(), startDate: '2025-06-09', endDate: '2025-06-15' });
    // No corrective action was opened and no four-weekly review is due here: those counts stay at 0.
    expect(week.attention).toEqual({
      documentsExpiring: 3,
      documentsExpired: 1,
      temperatureFailures: 2,
      openNearMisses: 2,
      actionsAwaitingAction: 0,
      actionsAwaitingVerification: 0,
      actionsOverdue: 0,
      reviewsDue: 0,
    });
    // Manchester sees its own document and the organisation's, and none of Brighton's readings.
    const other = await dashboardOf({ siteID: manchester(), startDate: '2025-06-09', endDate: '2025-06-15' });
    expect(other.attention).toEqual({
      documentsExpiring: 2,
      documentsExpired: 0,
      temperatureFailures: 0,
      openNearMisses: 0,
      actionsAwaitingAction: 0,
      actionsAwaitingVerification: 0,
      actionsOverdue: 0,
      reviewsDue: 0,
    });
  });
});

describe('the prepared statement', () => {
  // Outside a transaction the dashboard's statement is prepared once per database and run with each
  // request's values: a site's, an organisation's, a range's or a moment's counts must never answer for
  // another's.
  const week = { startDate: '2025-08-04', endDate: '2025-08-10' };

  /** A failed reading at `readAt` on a probe of its own at `siteId` (of the demo organisation). */
  async function failedReading(siteId: string, readAt: string) {
    const orgId = ctx.demo.organization.id;
    const at = new Date(now);
    const [probe] = await ctx.db
      .insert(foodItems)
      .values({
        id: newId(),
        orgId,
        siteId,
        type: 'PROB',
        name: `Probe ${readAt}`,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await ctx.db
      .insert(temperatureReadings)
      .values(
        hotHoldReadingRow(
          { orgId, siteId, by: ctx.demo.siteAdmin.id, at },
          { foodItemId: probe!.id, readAt, celsius: 55, result: 'FAIL' },
        ),
      );
  }

  test('answers each site, organisation and range with its own counts, one read after another', async () => {
    await daily(brighton(), '2025-08-04', '2025-08-06');
    await daily(manchester(), '2025-08-04', '2025-08-05');
    await daily(ctx.other.site.id, '2025-08-04', '2025-08-04', undefined, otherOwner);
    await failedReading(brighton(), '2025-08-05T10:00:00Z');
    await failedReading(manchester(), '2025-08-08T10:00:00Z');
    await failedReading(manchester(), '2025-08-09T10:00:00Z');
    // The Sunday before: the whole week is within the making horizon, and every task is still to do.
    await setClock('2025-08-03T12:00:00Z');
    const theirs = await ctx.login(ctx.other.organizationAdmin.email);

    /** Tasks still to do, dates shown and failed readings of a site's range. */
    const counts = async (siteID: string, range: DateRange, token = owner) => {
      const reply = await dashboard({ siteID, ...range }, token);
      expect(reply.statusCode).toBe(200);
      const data = reply.json.data;
      return [data.buckets.UPCOMING, data.days.length, data.attention.temperatureFailures];
    };
    for (let round = 0; round < 2; round += 1) {
      expect(await counts(brighton(), week)).toEqual([3, 7, 1]);
      expect(await counts(manchester(), week)).toEqual([2, 7, 2]);
      expect(await counts(ctx.other.site.id, week, theirs)).toEqual([1, 7, 0]);
      expect(await counts(brighton(), { startDate: '2025-08-06', endDate: '2025-08-06' })).toEqual([1, 1, 0]);
      expect(await counts(manchester(), { startDate: '2025-08-04', endDate: '2025-08-08' })).toEqual([
        2, 5, 1,
      ]);
    }

    // In a transaction the statement is built for the call, with the same answer.
    const readDashboard = dashboardReader({ json: attentionJsonSql, instants: attentionInstants });
    const place = { orgId: ctx.demo.organization.id, siteId: brighton(), timeZoneId: 'Europe/London' };
    const at = ctx.clock.now();
    const prepared = await readDashboard(ctx.db, place, week, at);
    expect(prepared).toMatchObject({ made: true, attention: { temperatureFailures: 1 } });
    expect(prepared.counted.reduce((sum, { n }) => sum + n, 0)).toBe(3);
    expect(await ctx.db.transaction((tx) => readDashboard(tx, place, week, at))).toEqual(prepared);
  });

  test("counts at each request's moment, not the first read's", async () => {
    const site = ctx.other.site.id;
    await daily(site, '2025-08-11', '2025-08-13', undefined, otherOwner);
    const at = new Date(now);
    await ctx.db.insert(documents).values({
      id: newId(),
      orgId: ctx.other.organization.id,
      siteId: site,
      name: 'Hygiene certificate',
      category: 'CERTIFICATE',
      expiresOn: '2025-08-12',
      createdAt: at,
      updatedAt: at,
    });
    const days = { siteID: site, startDate: '2025-08-11', endDate: '2025-08-13' };
    /** The site's tasks and documents as its owner sees them at `instant`. */
    const seenAt = async (instant: string) => {
      ctx.clock.set(instant);
      const reply = await dashboard(days, await ctx.login(ctx.other.organizationAdmin.email));
      expect(reply.statusCode).toBe(200);
      const { buckets, attention } = reply.json.data;
      return [buckets, attention.documentsExpiring, attention.documentsExpired];
    };

    // Monday 08:00 in London, before the first 09:00 task; the certificate expires tomorrow.
    expect(await seenAt('2025-08-11T07:00:00Z')).toEqual([
      { UPCOMING: 3, ON_TIME: 0, LATE: 0, INCOMPLETE: 0 },
      1,
      0,
    ]);
    // Wednesday 08:00: two tasks have expired, and so has the certificate.
    expect(await seenAt('2025-08-13T07:00:00Z')).toEqual([
      { UPCOMING: 1, ON_TIME: 0, LATE: 0, INCOMPLETE: 2 },
      0,
      1,
    ]);
  });

  test('a made range is read in two statements: the gate, then the counts', async () => {
    await setClock('2025-08-17T12:00:00Z');
    const range = { siteID: brighton(), startDate: '2025-08-18', endDate: '2025-08-24' };
    await dashboardOf(range);
    const counter = countStatements(ctx.db);
    try {
      await dashboardOf(range);
      expect(counter.statements).toHaveLength(2);
    } finally {
      counter.stop();
    }
  });
});
