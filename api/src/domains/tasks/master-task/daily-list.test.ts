import { and, eq } from 'drizzle-orm';
import type { IndividualTask, MasterTask, TaskListData, TaskView } from '@console/shared-sdk/contract';
import { individualTasks, taskComments } from '../schema.js';
import { users } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { countStatements } from '../../../test/statements.js';
import { mobileLogin } from '../../../test/logs.js';
import { plannedBefore } from '../../../test/tasks.js';

// GET /master-task/web-app-list: one local day of a site's occurrences, made the first time the day is
// read, with the dashboard buckets counted in SQL and answered per task in code (both must agree, at the
// instant a task expires too). Every task here happens once, so each test owns the days it reads.

const base = '/api/v1/master-task';
const missingId = '01890000-0000-7000-8000-000000000000';
/** A Tuesday: 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00.000Z';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

/** A master task happening once, on `date` at `dueTime`, with one optional line so it can be completed. */
async function once(name: string, date: string, dueTime: string, change: Record<string, unknown> = {}) {
  const reply = await plannedBefore(ctx, date, () =>
    ctx.inject<{ data: MasterTask }>('POST', `${base}/create-new-one`, {
      token: owner,
      body: {
        siteID: brighton(),
        name,
        checkListItems: [{ text: 'Initial the sheet', required: false }],
        schedule: { repeat: 'ONCE', startDate: date, dueTime },
        ...change,
      },
    }),
  );
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const list = (query: Record<string, string | number>, token = owner) =>
  ctx.inject<{ data: TaskListData }>('GET', `${base}/web-app-list`, {
    token,
    query: { siteID: brighton(), limit: 100, ...query },
  });

async function day(query: Record<string, string | number>): Promise<TaskListData> {
  const reply = await list(query);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const names = (data: TaskListData) => data.list.map((task) => task.name);
const sortedNames = (data: TaskListData) => names(data).sort();

/** The occurrence of `master` in a day's answer. */
function of(data: TaskListData, master: MasterTask): IndividualTask {
  const found = data.list.find((task) => task.masterTaskID === master._id);
  if (!found) throw new Error(`${master.name} is not in the list`);
  return found;
}

const changeStatus = (task: IndividualTask, body: Record<string, unknown> = {}) =>
  ctx.inject<{ data: IndividualTask }>('PUT', '/api/v1/individual-task/task-status-complete', {
    token: owner,
    body: { masterTaskID: task.masterTaskID, individualTaskID: task._id, ...body },
  });

async function rowsOn(siteId: string, taskDate: string) {
  return ctx.db
    .select()
    .from(individualTasks)
    .where(and(eq(individualTasks.siteId, siteId), eq(individualTasks.taskDate, taskDate)));
}

/** Moves the test clock; the owner signs in again, as an access token lasts minutes. */
async function moveClock(instant: string | Date) {
  ctx.clock.set(instant);
  owner = await ctx.login(demoLogins.organizationAdmin);
}

const noCounts = { ALL: 0, UPCOMING: 0, ON_TIME: 0, LATE: 0, INCOMPLETE: 0, DELETED: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
});
afterEach(async () => {
  if (ctx.clock.now().toISOString() !== now) await moveClock(now);
});
afterAll(() => ctx.close());

describe('a day is made on first read', () => {
  test('the first read makes the day’s occurrences, past days included; a second read makes nothing', async () => {
    const date = '2025-06-03';
    await once('Defrost the chest freezer', date, '09:00');
    await once('Deep clean the fryer', date, '15:00');
    const daily = await plannedBefore(ctx, '2025-06-02', () =>
      ctx.inject('POST', `${base}/create-new-one`, {
        token: owner,
        body: {
          siteID: brighton(),
          name: 'Sweep the yard',
          schedule: { repeat: 'DAILY', startDate: '2025-06-02', endDate: date, dueTime: '18:00' },
        },
      }),
    );
    expect(daily.statusCode).toBe(200);
    await once('Bake the bread', date, '06:00', { siteID: manchester() });
    expect(await rowsOn(brighton(), date)).toHaveLength(0);

    const first = await day({ taskListDate: date, sort: 'expireOn' });
    expect(names(first)).toEqual(['Defrost the chest freezer', 'Deep clean the fryer', 'Sweep the yard']);
    expect(first.records).toBe(3);
    expect(first.list[0]).toMatchObject({
      siteID: brighton(),
      taskDate: date,
      opensAt: '2025-06-02T23:00:00.000Z',
      expireOn: '2025-06-03T08:00:00.000Z',
      dueTime: '09:00',
      status: 'PENDING',
      // Read a week later: it expired long ago without being done.
      bucket: 'INCOMPLETE',
      itemCheckList: [{ text: 'Initial the sheet', status: 'PENDING', changedBy: null }],
    });
    const made = await rowsOn(brighton(), date);
    expect(made).toHaveLength(3);
    // Only the day read: the daily task's first day and Manchester's day were not asked for.
    expect(await rowsOn(brighton(), '2025-06-02')).toHaveLength(0);
    expect(await rowsOn(manchester(), date)).toHaveLength(0);

    await moveClock('2025-06-10T12:00:00.000Z');
    const again = await day({ taskListDate: date, sort: 'expireOn' });
    expect(again.list.map((task) => task._id)).toEqual(first.list.map((task) => task._id));
    const after = await rowsOn(brighton(), date);
    expect(after).toHaveLength(3);
    expect(after.map((row) => row.createdAt.toISOString())).toEqual(made.map(() => now));
  });
});

describe('paging, search and sort', () => {
  const date = '2025-06-04';
  beforeAll(async () => {
    await once('Alpha fridge check', date, '12:00');
    await once('bravo floor mop', date, '08:00');
    await once('Charlie grill clean', date, '10:00', { description: 'Degrease the hood' });
    await once('50% stock count', date, '11:00');
  });

  test('sorts by name without regard to case, and by due time either way', async () => {
    expect(names(await day({ taskListDate: date, sort: 'name' }))).toEqual([
      '50% stock count',
      'Alpha fridge check',
      'bravo floor mop',
      'Charlie grill clean',
    ]);
    expect(names(await day({ taskListDate: date, sort: '-expireOn' }))).toEqual([
      'Alpha fridge check',
      '50% stock count',
      'Charlie grill clean',
      'bravo floor mop',
    ]);
  });

  test('a page holds `limit` tasks and says how many the day has', async () => {
    const second = await day({ taskListDate: date, sort: 'expireOn', limit: 3, page: 2 });
    expect(second).toMatchObject({ records: 4, page: 2, limit: 3 });
    expect(names(second)).toEqual(['Alpha fridge check']);
    const past = await day({ taskListDate: date, limit: 3, page: 3 });
    expect(past.list).toEqual([]);
    expect(past.records).toBe(4);
  });

  test('search finds name or description, takes % literally, and the counts follow it', async () => {
    const greased = await day({ taskListDate: date, search: 'GREASE' });
    expect(names(greased)).toEqual(['Charlie grill clean']);
    expect(greased.records).toBe(1);
    expect(greased.counts).toEqual({ ...noCounts, ALL: 1, INCOMPLETE: 1 });
    expect(names(await day({ taskListDate: date, search: '%' }))).toEqual(['50% stock count']);
    expect(names(await day({ taskListDate: date, search: 'fridge' }))).toEqual(['Alpha fridge check']);
    const none = await day({ taskListDate: date, search: 'nothing like this' });
    expect(none).toMatchObject({ list: [], records: 0, counts: noCounts });
  });

  test('an unknown sort column is a 400 naming it', async () => {
    const reply = await list({ taskListDate: date, sort: 'createdAt' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('sort');
  });
});

describe('status: a record status or a bucket', () => {
  const date = '2025-06-10';
  /** Done at 07:30Z, before its 08:00Z deadline. */
  let early: MasterTask;
  const early07h30 = '2025-06-10T07:30:00.000Z';

  beforeAll(async () => {
    await once('Open the bar', date, '09:00');
    early = await once('Check the cellar', date, '09:00');
    const late = await once('Stock the fridges', date, '09:00');
    await once('Prep the garnish', date, '20:00');
    const reported = await once('Fix the glass washer', date, '20:00');
    const deleted = await once('Polish the brass', date, '20:00');
    // Done at 07:30, as it happened: an admin's completion is recorded at the server's time (an earlier
    // time they send is a correction after the fact, which never counts on time).
    await moveClock(early07h30);
    const made = await day({ taskListDate: date });
    expect((await changeStatus(of(made, early))).statusCode).toBe(200);
    await moveClock(now);
    expect((await changeStatus(of(made, late))).statusCode).toBe(200);
    expect((await changeStatus(of(made, reported), { status: 'REPORTED' })).statusCode).toBe(200);
    const removed = await ctx.inject('DELETE', `${base}/delete-one`, {
      token: owner,
      query: { masterTaskID: deleted._id, date, scope: 'ONE' },
    });
    expect(removed.statusCode).toBe(200);
  });

  test('without status every task but the deleted ones, each with its bucket, and each bucket counted', async () => {
    const data = await day({ taskListDate: date, sort: 'name' });
    expect(data.records).toBe(5);
    expect(data.list.map((task) => [task.name, task.status, task.bucket])).toEqual([
      ['Check the cellar', 'COMPLETED', 'ON_TIME'],
      ['Fix the glass washer', 'REPORTED', 'UPCOMING'],
      ['Open the bar', 'PENDING', 'INCOMPLETE'],
      ['Prep the garnish', 'PENDING', 'UPCOMING'],
      ['Stock the fridges', 'COMPLETED', 'LATE'],
    ]);
    expect(data.counts).toEqual({ ALL: 5, UPCOMING: 2, ON_TIME: 1, LATE: 1, INCOMPLETE: 1, DELETED: 1 });
    expect(of(data, early)).toMatchObject({
      completedAt: early07h30,
      completedBy: { email: demoLogins.organizationAdmin },
      syncedAt: early07h30,
      syncedLate: false,
      enteredAfterTheFact: false,
    });
  });

  test.each([
    ['PENDING', ['Open the bar', 'Prep the garnish']],
    ['COMPLETED', ['Check the cellar', 'Stock the fridges']],
    ['REPORTED', ['Fix the glass washer']],
    ['DELETED', ['Polish the brass']],
    ['UPCOMING', ['Fix the glass washer', 'Prep the garnish']],
    ['ON_TIME', ['Check the cellar']],
    ['LATE', ['Stock the fridges']],
    ['INCOMPLETE', ['Open the bar']],
  ])('status %s lists %j, and the counts stay the whole day’s', async (status, expected) => {
    const data = await day({ taskListDate: date, status });
    expect(sortedNames(data)).toEqual(expected);
    expect(data.records).toBe(expected.length);
    expect(data.counts.ALL).toBe(5);
  });

  test('sorting by status groups them', async () => {
    const data = await day({ taskListDate: date, sort: '-status' });
    expect(data.list.map((task) => task.status)).toEqual([
      'REPORTED',
      'PENDING',
      'PENDING',
      'COMPLETED',
      'COMPLETED',
    ]);
  });

  test('a status that is neither is a 400', async () => {
    const reply = await list({ taskListDate: date, status: 'DONE' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('status');
  });
});

describe('buckets at their edges', () => {
  const date = '2025-06-11';
  /** 09:00 in Brighton on 11 June. */
  const expireOn = '2025-06-11T08:00:00.000Z';
  const at = (offsetMs: number) => new Date(new Date(expireOn).getTime() + offsetMs);

  test('pending is upcoming until expireOn and incomplete at it; completed at it is on time, after it late', async () => {
    const pending = await once('Edge: still to do', date, '09:00');
    const onTime = await once('Edge: done at the deadline', date, '09:00');
    const late = await once('Edge: done a minute late', date, '09:00');
    const syncedLate = await once('Edge: done early, synced late', date, '09:00');

    await moveClock(at(-1));
    const before = await day({ taskListDate: date });
    expect(of(before, pending).expireOn).toBe(expireOn);
    expect(before.counts).toEqual({ ...noCounts, ALL: 4, UPCOMING: 4 });

    await moveClock(expireOn);
    expect((await changeStatus(of(before, onTime), { completedAt: expireOn })).statusCode).toBe(200);
    const atExpiry = await day({ taskListDate: date });
    expect(of(atExpiry, pending).bucket).toBe('INCOMPLETE');
    expect(of(atExpiry, onTime)).toMatchObject({ completedAt: expireOn, bucket: 'ON_TIME' });
    expect(atExpiry.counts).toEqual({ ...noCounts, ALL: 4, ON_TIME: 1, INCOMPLETE: 3 });
    expect(names(await day({ taskListDate: date, status: 'INCOMPLETE', sort: 'name' }))).toEqual([
      'Edge: done a minute late',
      'Edge: done early, synced late',
      'Edge: still to do',
    ]);

    await moveClock(at(60_000));
    expect((await changeStatus(of(before, late))).statusCode).toBe(200);
    // Done on a phone ten minutes before the deadline, reaching the server two hours later: on time,
    // flagged. (Only a device's time counts as it was: an admin's earlier time is a correction.)
    await moveClock(at(2 * 3600_000));
    const aisha = await mobileLogin(ctx, 'aisha.khan@harbourvine.example');
    const synced = await ctx.inject('PUT', '/api/v1/task-new-version/complete', {
      token: aisha,
      body: {
        masterTaskID: syncedLate._id,
        individualTaskID: of(before, syncedLate)._id,
        completedAt: at(-600_000).toISOString(),
      },
    });
    expect(synced.statusCode).toBe(200);
    const after = await day({ taskListDate: date });
    expect(of(after, late)).toMatchObject({ bucket: 'LATE', completedAt: at(60_000).toISOString() });
    expect(of(after, syncedLate)).toMatchObject({
      bucket: 'ON_TIME',
      completedAt: at(-600_000).toISOString(),
      syncedAt: at(2 * 3600_000).toISOString(),
      syncedLate: true,
    });
    expect(of(after, onTime).syncedLate).toBe(false);
    expect(after.counts).toEqual({ ...noCounts, ALL: 4, ON_TIME: 2, LATE: 1, INCOMPLETE: 1 });
    expect(sortedNames(await day({ taskListDate: date, status: 'ON_TIME' }))).toEqual([
      'Edge: done at the deadline',
      'Edge: done early, synced late',
    ]);
    expect(names(await day({ taskListDate: date, status: 'LATE' }))).toEqual(['Edge: done a minute late']);
  });
});

describe('the site’s time zone', () => {
  test('a Brooklyn day is due in New York time and says so; an empty day still names its zone', async () => {
    const date = '2025-06-05';
    const task = await once('Check the walk-in', date, '09:00', { siteID: ctx.demo.sites.brooklyn.id });
    const brooklyn = await day({ siteID: ctx.demo.sites.brooklyn.id, taskListDate: date });
    expect(brooklyn.timeZoneId).toBe('America/New_York');
    expect(of(brooklyn, task)).toMatchObject({
      timeZoneId: 'America/New_York',
      opensAt: '2025-06-05T04:00:00.000Z',
      expireOn: '2025-06-05T13:00:00.000Z',
    });
    const empty = await day({ siteID: manchester(), taskListDate: '2025-07-01' });
    expect(empty).toMatchObject({ list: [], records: 0, timeZoneId: 'Europe/London', counts: noCounts });
  });
});

describe('who may read which day', () => {
  const date = '2025-06-06';

  test('a site admin reads its own site; another site is 403, another organisation’s or a missing one 404', async () => {
    await once('Manchester only', date, '09:00', { siteID: manchester() });
    const own = await list({ taskListDate: date }, manager);
    expect(own.statusCode).toBe(200);
    const refused = await list({ siteID: manchester(), taskListDate: date }, manager);
    expect(refused.statusCode).toBe(403);
    expect(await rowsOn(manchester(), date)).toHaveLength(0);
    for (const siteID of [ctx.other.site.id, missingId]) {
      const reply = await list({ siteID, taskListDate: date });
      expect(reply.statusCode).toBe(404);
      expect(reply.json.message).toBe('Site not found');
    }
    expect((await list({ siteID: ctx.other.site.id, taskListDate: date }, otherOwner)).statusCode).toBe(200);
  });

  test('no token is a 401', async () => {
    const reply = await ctx.inject('GET', `${base}/web-app-list`, {
      query: { siteID: brighton(), taskListDate: date },
    });
    expect(reply.statusCode).toBe(401);
  });

  test.each(['tomorrow', '2025-02-30', '2025-6-6', ''])(
    'taskListDate %j is a 400 on it',
    async (taskListDate) => {
      const reply = await list({ taskListDate });
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors).toHaveProperty('taskListDate');
    },
  );

  test('a day without its site is a 400 on siteID', async () => {
    const reply = await ctx.inject('GET', `${base}/web-app-list`, {
      token: owner,
      query: { taskListDate: date },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('siteID');
  });
});

describe('what a day costs', () => {
  // The statements are counted on the test database's client (test/statements.ts). The first read of each
  // test also fills the session cache, so the counted ones are the list's own.

  /** The statements the server sends while answering `query`'s day, and the answer. */
  async function counted(query: Record<string, string | number>) {
    const counter = countStatements(ctx.db);
    try {
      const reply = await list(query);
      expect(reply.statusCode).toBe(200);
      return { reply, statements: [...counter.statements] };
    } finally {
      counter.stop();
    }
  }

  test('a made day is read in two statements, the page and its counts, whatever the filters', async () => {
    // The earlier tests' one-off tasks have nothing left to make after their dates: this day's own are all
    // it waits for.
    const date = '2025-06-12';
    await once('Count the glasses', date, '09:00');
    await once('Count the plates', date, '21:00');
    const first = await list({ taskListDate: date });
    expect(first.statusCode).toBe(200);

    const again = await counted({ taskListDate: date });
    expect(again.reply.raw).toBe(first.raw);
    expect(again.statements.length).toBeLessThanOrEqual(2);
    const filtered: [Record<string, string | number>, string[], number][] = [
      [{ status: 'UPCOMING', sort: '-name' }, ['Count the plates', 'Count the glasses'], 2],
      [{ status: 'PENDING', search: 'plates' }, ['Count the plates'], 1],
      [{ sort: '-expireOn', limit: 1, page: 2 }, ['Count the glasses'], 2],
      // A page past the end still says how many there are.
      [{ page: 3, limit: 1 }, [], 2],
    ];
    for (const [query, expected, records] of filtered) {
      const { reply, statements } = await counted({ taskListDate: date, ...query });
      expect(names(reply.json.data)).toEqual(expected);
      expect(reply.json.data.records).toBe(records);
      expect(statements.length).toBeLessThanOrEqual(2);
    }
  });

  test('a day not made yet is made by its read, answers with it, and then costs two', async () => {
    const date = '2025-06-13';
    await once('Descale the kettle', date, '10:00');
    expect(await rowsOn(brighton(), date)).toHaveLength(0);
    const first = await counted({ taskListDate: date });
    const inserts = first.statements.filter((text) => text.startsWith('insert into "individual_tasks"'));
    expect(inserts).toHaveLength(1);
    expect(names(first.reply.json.data)).toEqual(['Descale the kettle']);
    expect(first.reply.json.data).toMatchObject({ records: 1, counts: { ...noCounts, ALL: 1, UPCOMING: 1 } });
    expect(await rowsOn(brighton(), date)).toHaveLength(1);
    const second = await counted({ taskListDate: date });
    expect(second.reply.raw).toBe(first.reply.raw);
    expect(second.statements.length).toBeLessThanOrEqual(2);
  });

  test('each task of the list is the task its view shows', async () => {
    const date = '2025-06-14';
    const department = await ctx.inject<{ data: { _id: string } }>(
      'POST',
      '/api/v1/department-panel/create-new-one',
      {
        token: owner,
        body: { siteID: brighton(), name: 'Bar' },
      },
    );
    expect(department.statusCode).toBe(200);
    const personId = async (email: string) => {
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no ${email}`);
      return user.id;
    };
    const aisha = await personId('aisha.khan@harbourvine.example');
    const tom = await personId('tom.fletcher@harbourvine.example');
    const master = await once('Restock the bar', date, '18:00', {
      departmentID: [department.json.data._id],
      assigneeIDs: [tom, aisha],
      photoRequired: true,
      checkListItems: [
        { text: 'Mixers', required: false },
        { text: 'Ice', required: false },
      ],
    });
    const category = await ctx.inject('POST', '/api/v1/task-category/create-new-one', {
      token: owner,
      body: { name: 'Bar work', siteID: [brighton()], masterTaskID: [master._id] },
    });
    expect(category.statusCode).toBe(200);
    // Ticked on the day: nothing is done before its task opens (midnight on the 14th).
    await moveClock('2025-06-14T16:00:00.000Z');
    const made = of(await day({ taskListDate: date }), master);
    const line = master.checkListItems[0]?._id ?? '';
    const ticked = await ctx.inject('PUT', '/api/v1/individual-task/check-list-item-status-change', {
      token: owner,
      body: {
        masterTaskID: master._id,
        individualTaskID: made._id,
        checkListID: line,
        status: 'FAILED',
        comment: 'Out of tonic',
      },
    });
    expect(ticked.statusCode).toBe(200);
    await ctx.db.insert(taskComments).values(
      ['Ordered more', 'Arrives tomorrow'].map((text) => ({
        id: newId(),
        orgId: made.orgId,
        siteId: made.siteID,
        individualTaskId: made._id,
        type: 'TEXT' as const,
        text,
        authorId: aisha,
        createdAt: ctx.clock.now(),
      })),
    );

    const task = of(await day({ taskListDate: date }), master);
    expect(task).toMatchObject({
      category: { name: 'Bar work' },
      departments: [{ name: 'Bar' }],
      assignees: [{ firstName: 'Aisha' }, { firstName: 'Tom' }],
      commentCount: 2,
      imageCount: 0,
      itemCheckList: [
        { status: 'FAILED', comment: 'Out of tonic', changedBy: { email: demoLogins.organizationAdmin } },
        { status: 'PENDING', changedBy: null },
      ],
    });
    const view = await ctx.inject<{ data: TaskView }>('GET', `${base}/view-task`, {
      token: owner,
      query: { masterTaskID: master._id, individualTaskID: made._id },
    });
    expect(view.statusCode).toBe(200);
    const { comments: _comments, history: _history, ...viewed } = view.json.data;
    expect(JSON.stringify(task)).toBe(JSON.stringify(viewed));
  });
});

describe('statements prepared once', () => {
  // The day's statements are prepared once per shape (a search or none, the kind of tab, the sort) and then
  // run with each request's values: a statement kept from one request must answer the next with its own.
  test('each read of one shape answers with its own day, tab, search and organisation', async () => {
    const [first, second] = ['2025-06-16', '2025-06-17'];
    await once('Wipe the menus', first, '09:00');
    await once('Sweep the yard', second, '09:00');
    const read = async (date: string, query: Record<string, string> = {}) =>
      names(await day({ taskListDate: date, status: 'PENDING', sort: 'expireOn', ...query }));
    expect(await read(first)).toEqual(['Wipe the menus']);
    expect(await read(second)).toEqual(['Sweep the yard']);
    expect(await read(first)).toEqual(['Wipe the menus']);
    expect(await read(first, { status: 'COMPLETED' })).toEqual([]);
    expect(await read(second, { status: 'UPCOMING' })).toEqual(['Sweep the yard']);
    expect(await read(second, { status: 'INCOMPLETE' })).toEqual([]);
    expect(await read(first, { search: 'menus' })).toEqual(['Wipe the menus']);
    expect(await read(second, { search: 'menus' })).toEqual([]);
    // The same shape asked by another organisation's admin for this site: not theirs to read.
    const foreign = await list({ taskListDate: first, status: 'PENDING', sort: 'expireOn' }, otherOwner);
    expect(foreign.statusCode).toBe(404);
    // And their own site's day, of the same shape, is theirs alone.
    const theirs = await list(
      { siteID: ctx.other.site.id, taskListDate: first, status: 'PENDING', sort: 'expireOn' },
      otherOwner,
    );
    expect(theirs.statusCode).toBe(200);
    expect(names(theirs.json.data)).not.toContain('Wipe the menus');
  });
});
