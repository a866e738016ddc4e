import { and, eq } from 'drizzle-orm';
import type {
  IndividualTask,
  MasterTask,
  MasterTaskOption,
  RecordCheck,
  SiteScoreReport,
  TaskListData,
  TemperatureLog,
  TemperatureLogHistoryEntry,
} from '@console/shared-sdk/contract';
import { alertEvents } from '../../../platform/events/schema.js';
import { dispatchJobName } from '../../../platform/events/raise.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { mobileLogin } from '../../../test/logs.js';
import { followUpJobs, individualTasks, masterTasks, raiseDueFollowUps } from '../index.js';
import { scanOverdueTasks } from '../../alerts/index.js';

// Follow-up checks (issue 24, DOMAIN.md "Time rules for records"): a reading that starts cooling or holds
// food hot makes a check with its own due time, which the next reading of that food takes. They are tasks
// like any other: the day's list shows them, the scores count them, and a missed one is an alert. Every
// test here works on a day of its own, so the days' lists and scores hold only its follow-ups.

const minute = 60_000;
const log = { debug: () => undefined, error: () => undefined };

let ctx: TestContext;
let owner: string;
let otherOwner: string;
/** Brighton staff. */
let aisha: string;
let theirStaff: string;

const brighton = () => ctx.demo.sites.brighton.id;
const food = { curry: '', chilli: '', soup: '', stew: '', rice: '', theirs: '' };

async function created(url: string, body: unknown, token = owner): Promise<string> {
  const reply = await ctx.inject<{ data: { _id: string } }>('POST', `/api/v1/${url}/create-new-one`, {
    token,
    body,
  });
  if (reply.statusCode !== 200) throw new Error(`creating ${url}: ${reply.raw}`);
  return reply.json.data._id;
}

const at = (iso: string) => ctx.clock.set(iso);
const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * minute).toISOString();

const record = (body: Record<string, unknown>, token = aisha) =>
  ctx.inject<{ data: TemperatureLog }>('POST', '/api/v1/temperature-logs/create-new-one', {
    token,
    body: { siteID: brighton(), ...body },
  });

async function recorded(body: Record<string, unknown>, token = aisha): Promise<TemperatureLog> {
  const reply = await record(body, token);
  if (reply.statusCode !== 200) throw new Error(`recording: ${reply.raw}`);
  return reply.json.data;
}

/** A cooked-core reading of `foodItemID`, read now (the clock's), that starts cooling. */
const cooked = (foodItemID: string, extra: Record<string, unknown> = {}) =>
  recorded({
    foodItemID,
    logType: 'COOKING_COOLING',
    checkKind: 'COOKED',
    celsius: 78,
    readAt: ctx.clock.now().toISOString(),
    ...extra,
  });

/** A cooled reading, read now; a failing one comes with its corrective action, as the call requires. */
const cooled = (foodItemID: string, celsius: number) =>
  recorded({
    foodItemID,
    logType: 'COOKING_COOLING',
    checkKind: 'COOLED',
    celsius,
    readAt: ctx.clock.now().toISOString(),
    ...(celsius > 8 ? { correctiveAction: 'Portioned into shallow trays and chilled' } : {}),
  });

const hotHold = (foodItemID: string, celsius: number, extra: Record<string, unknown> = {}) =>
  recorded({
    foodItemID,
    logType: 'HOT_HOLD_DISPLAY',
    celsius,
    readAt: ctx.clock.now().toISOString(),
    ...(celsius < 63 ? { correctiveAction: 'Reheated to 75 °C' } : {}),
    ...extra,
  });

async function dayList(taskListDate: string, siteID = brighton(), token = owner): Promise<TaskListData> {
  const reply = await ctx.inject<{ data: TaskListData }>('GET', '/api/v1/master-task/web-app-list', {
    token,
    query: { siteID, taskListDate, limit: 100 },
  });
  if (reply.statusCode !== 200) throw new Error(`the day's list: ${reply.raw}`);
  return reply.json.data;
}

const byName = (data: TaskListData) =>
  Object.fromEntries(data.list.map((task) => [task.name, task])) as Record<string, IndividualTask>;

const summary = (task: IndividualTask | undefined) =>
  task && {
    status: task.status,
    bucket: task.bucket,
    line: task.itemCheckList.map((line) => [line.text, line.status, line.comment]),
  };

/** The FOLLOW_UP_DUE events of one occurrence. */
const eventsOf = (occurrenceId: string) =>
  ctx.db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.recordId, occurrenceId), eq(alertEvents.kind, 'FOLLOW_UP_DUE')));

beforeAll(async () => {
  ctx = await createTestContext();
  // Signed in after the last moment the tests move the clock to: a token signed later still serves then.
  at('2025-06-24T00:00:00.000Z');
  [owner, otherOwner, aisha, theirStaff] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
    mobileLogin(ctx, ctx.other.staff.email),
  ]);
  at('2025-06-09T08:00:00.000Z');
  const foodItem = (name: string) => created('foodItem', { siteID: brighton(), type: 'FOODITEM', name });
  food.curry = await foodItem('Chicken curry');
  food.chilli = await foodItem('Chilli');
  food.soup = await foodItem('Tomato soup');
  food.stew = await foodItem('Beef stew');
  food.rice = await foodItem('Rice');
  food.theirs = await created(
    'foodItem',
    { siteID: ctx.other.site.id, type: 'FOODITEM', name: 'Their curry' },
    otherOwner,
  );
});
afterAll(() => ctx.close());

describe('cooling', () => {
  test('a cooked-core reading starts a cooling check due 90 minutes after cooling began; 8 °C in time passes', async () => {
    // Tuesday 10 June 2025: 14:10 in Brighton (BST).
    at('2025-06-10T13:10:00.000Z');
    const start = await cooked(food.curry, { coolingStartedAt: '2025-06-10T13:05:00.000Z' });
    expect(start).toMatchObject({ coolingStartedAt: '2025-06-10T13:05:00.000Z', hotHoldEnded: false });

    const due = byName(await dayList('2025-06-10'))['Cooling check: Chicken curry (cooling began 14:05)'];
    expect(due).toMatchObject({
      status: 'PENDING',
      bucket: 'UPCOMING',
      opensAt: '2025-06-10T13:05:00.000Z',
      expireOn: '2025-06-10T14:35:00.000Z',
      dueTime: '15:35',
      itemCheckList: [{ text: 'Probe the core: 8 °C or below', required: true, status: 'PENDING' }],
    });
    expect(due?.description).toContain('by 15:35');

    at('2025-06-10T14:30:00.000Z');
    await cooled(food.curry, 6.5);
    const done = byName(await dayList('2025-06-10'))['Cooling check: Chicken curry (cooling began 14:05)'];
    expect(summary(done)).toEqual({
      status: 'COMPLETED',
      bucket: 'ON_TIME',
      line: [['Probe the core: 8 °C or below', 'COMPLETED', null]],
    });
    expect(done).toMatchObject({
      completedAt: '2025-06-10T14:30:00.000Z',
      completedBy: { firstName: 'Aisha', lastName: 'Khan' },
    });

    // The completion is the task's own change, kept in its history with the reader as its actor.
    const view = await ctx.inject<{ data: { history: { actorName: string; summary: string }[] } }>(
      'GET',
      '/api/v1/master-task/view-task',
      { token: owner, query: { masterTaskID: done?.masterTaskID, individualTaskID: done?._id } },
    );
    expect(view.statusCode).toBe(200);
    expect(view.json.data.history).toEqual([
      expect.objectContaining({
        actorName: 'Aisha Khan',
        summary: '"Probe the core: 8 °C or below" changed from pending to done, completing the task',
      }),
    ]);
  });

  test('without coolingStartedAt cooling begins at the reading; a failing core starts nothing', async () => {
    at('2025-06-10T16:00:00.000Z');
    const reading = await cooked(food.rice);
    expect(reading.coolingStartedAt).toBeNull();
    await recorded({
      foodItemID: food.soup,
      logType: 'COOKING_COOLING',
      checkKind: 'COOKED',
      celsius: 70,
      readAt: ctx.clock.now().toISOString(),
      correctiveAction: 'Cooked for longer',
    });
    const names = (await dayList('2025-06-10')).list.map((task) => [task.name, task.expireOn]);
    expect(names).toContainEqual(['Cooling check: Rice (cooling began 17:00)', '2025-06-10T17:30:00.000Z']);
    expect(names.filter(([name]) => name?.includes('Tomato soup'))).toEqual([]);
  });

  test('fails when the core is still above 8 °C, with the reading in words', async () => {
    at('2025-06-11T12:00:00.000Z');
    await cooked(food.soup, { coolingStartedAt: '2025-06-11T11:50:00.000Z' });
    at('2025-06-11T13:10:00.000Z');
    await cooled(food.soup, 11.2);
    const check = byName(await dayList('2025-06-11'))['Cooling check: Tomato soup (cooling began 12:50)'];
    expect(summary(check)).toEqual({
      status: 'COMPLETED',
      bucket: 'ON_TIME',
      line: [['Probe the core: 8 °C or below', 'FAILED', 'Read 11.2 °C, above 8 °C']],
    });
  });

  test('fails when read after its due time, counts late, and acknowledges its alert', async () => {
    at('2025-06-12T13:10:00.000Z');
    await cooked(food.stew, { coolingStartedAt: '2025-06-12T13:05:00.000Z' });
    const [open] = (await dayList('2025-06-12')).list;
    if (!open) throw new Error('no cooling check');

    at('2025-06-12T14:36:00.000Z');
    expect(await raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now())).toBeGreaterThanOrEqual(1);
    const [event] = await eventsOf(open._id);
    expect(event).toMatchObject({ acknowledgedAt: null });

    at('2025-06-12T15:02:00.000Z');
    await cooled(food.stew, 7);
    const check = byName(await dayList('2025-06-12'))['Cooling check: Beef stew (cooling began 14:05)'];
    expect(summary(check)).toEqual({
      status: 'COMPLETED',
      bucket: 'LATE',
      line: [['Probe the core: 8 °C or below', 'FAILED', 'Read at 16:02, after its due time 15:35']],
    });
    const [acknowledged] = await eventsOf(open._id);
    expect(acknowledged?.acknowledgedAt?.toISOString()).toBe('2025-06-12T15:02:00.000Z');
  });

  test("an offline phone's readings synced later take the check by their own times", async () => {
    // Both read at the pass before 11:00 and synced at 11:00 and 11:01, in order.
    at('2025-06-17T10:00:00.000Z');
    await cooked(food.curry, { readAt: '2025-06-17T09:00:00.000Z' });
    at('2025-06-17T10:01:00.000Z');
    await recorded({
      foodItemID: food.curry,
      logType: 'COOKING_COOLING',
      checkKind: 'COOLED',
      celsius: 7.5,
      readAt: '2025-06-17T09:50:00.000Z',
    });
    const [check] = (await dayList('2025-06-17')).list;
    expect(check).toMatchObject({
      name: 'Cooling check: Chicken curry (cooling began 10:00)',
      status: 'COMPLETED',
      bucket: 'ON_TIME',
      completedAt: '2025-06-17T09:50:00.000Z',
    });
  });

  test('one not taken in time raises FOLLOW_UP_DUE once, after its due time, naming the food and the time', async () => {
    at('2025-06-14T09:00:00.000Z');
    await cooked(food.curry);
    const [open] = (await dayList('2025-06-14')).list;
    if (!open) throw new Error('no cooling check');
    const jobs = followUpJobs({ db: ctx.db, clock: ctx.clock, log, jobs: ctx.jobs });
    const run = () => Promise.all(jobs.map((job) => job.run({})));

    at('2025-06-14T10:29:59.000Z');
    await run();
    expect(await eventsOf(open._id)).toEqual([]);

    at('2025-06-14T10:31:00.000Z');
    const sentBefore = ctx.jobs.sent.length;
    await run();
    await run();
    const events = await eventsOf(open._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      orgId: ctx.demo.organization.id,
      siteId: brighton(),
      subject: 'Task',
      title:
        'Cooling check of Chicken curry was due by 11:30 at The Harbour Kitchen, Brighton and has not been taken',
      details: { taskDate: '2025-06-14', masterTaskId: open.masterTaskID },
      occurredAt: new Date('2025-06-14T10:30:00.000Z'),
    });
    // The alerts' dispatch is nudged once, for the run that raised it.
    expect(ctx.jobs.sent.slice(sentBefore)).toEqual([{ name: dispatchJobName, data: {} }]);
    // Its own alert only: the scan for overdue tasks leaves follow-ups alone.
    await scanOverdueTasks({ db: ctx.db, log }, ctx.clock.now());
    expect(await ctx.db.select().from(alertEvents).where(eq(alertEvents.recordId, open._id))).toHaveLength(1);
    expect(summary(byName(await dayList('2025-06-14'))[open.name])).toMatchObject({
      status: 'PENDING',
      bucket: 'INCOMPLETE',
    });
  });
});

describe('hot holding', () => {
  test('each reading takes the open re-check and starts the next 2 hours on, until the hold ends', async () => {
    at('2025-06-13T11:00:00.000Z');
    await hotHold(food.chilli, 70);
    expect(
      summary(byName(await dayList('2025-06-13'))['Hot-holding re-check: Chilli (last checked 12:00)']),
    ).toEqual({
      status: 'PENDING',
      bucket: 'UPCOMING',
      line: [['Probe it: 63 °C or above', 'PENDING', null]],
    });

    at('2025-06-13T12:50:00.000Z');
    await hotHold(food.chilli, 68);
    at('2025-06-13T14:40:00.000Z');
    await hotHold(food.chilli, 60);
    at('2025-06-13T16:30:00.000Z');
    const last = await hotHold(food.chilli, 66, { hotHoldEnded: true });
    expect(last.hotHoldEnded).toBe(true);

    const day = byName(await dayList('2025-06-13'));
    expect(Object.keys(day).sort()).toEqual([
      'Hot-holding re-check: Chilli (last checked 12:00)',
      'Hot-holding re-check: Chilli (last checked 13:50)',
      'Hot-holding re-check: Chilli (last checked 15:40)',
    ]);
    expect(day['Hot-holding re-check: Chilli (last checked 12:00)']).toMatchObject({
      expireOn: '2025-06-13T13:00:00.000Z',
      dueTime: '14:00',
      status: 'COMPLETED',
      bucket: 'ON_TIME',
    });
    expect(summary(day['Hot-holding re-check: Chilli (last checked 13:50)'])).toEqual({
      status: 'COMPLETED',
      bucket: 'ON_TIME',
      line: [['Probe it: 63 °C or above', 'FAILED', 'Read 60 °C, below 63 °C']],
    });
    expect(summary(day['Hot-holding re-check: Chilli (last checked 15:40)'])).toEqual({
      status: 'COMPLETED',
      bucket: 'ON_TIME',
      line: [['Probe it: 63 °C or above', 'COMPLETED', null]],
    });
    // The hold ended: nothing is due after the last reading, so nothing is alerted either.
    at('2025-06-13T20:00:00.000Z');
    expect(await raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now())).toBe(0);
  });

  test('a missed re-check is alerted', async () => {
    at('2025-06-16T11:00:00.000Z');
    await hotHold(food.rice, 72);
    at('2025-06-16T13:00:01.000Z');
    expect(await raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now())).toBe(1);
    const [open] = (await dayList('2025-06-16')).list;
    expect(await eventsOf(open?._id ?? '')).toEqual([
      expect.objectContaining({
        title:
          'Hot-holding re-check of Rice was due by 14:00 at The Harbour Kitchen, Brighton and has not been taken',
      }),
    ]);
  });
});

describe('follow-ups are tasks', () => {
  test("count in the site's scores like any other check", async () => {
    // Wednesday 18 June: one cooling check taken in time, one hot-holding re-check missed.
    at('2025-06-18T09:00:00.000Z');
    await cooked(food.soup);
    await hotHold(food.chilli, 75);
    at('2025-06-18T10:00:00.000Z');
    await cooled(food.soup, 5);
    at('2025-06-18T11:30:00.000Z');
    // The hold ends after the re-check was due: it is taken late, and no further one follows.
    await hotHold(food.chilli, 70, { hotHoldEnded: true });
    at('2025-06-19T09:00:00.000Z');
    const reply = await ctx.inject<{ data: SiteScoreReport }>(
      'GET',
      '/api/v1/site-panel/site-report-scoreList',
      {
        token: owner,
        query: { siteID: brighton(), startDate: '2025-06-18', endDate: '2025-06-18' },
      },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.totals).toMatchObject({ due: 2, onTime: 1, late: 1, missed: 0, score: 75 });
  });

  test('stay out of the scheduled tasks and refuse the master-task calls, in words', async () => {
    at('2025-06-20T09:00:00.000Z');
    await cooked(food.curry);
    const [task] = (await dayList('2025-06-20')).list;
    if (!task) throw new Error('no cooling check');

    const options = await ctx.inject<{ data: MasterTaskOption[] }>('GET', '/api/v1/master-task/simple-list', {
      token: owner,
      query: { siteID: brighton() },
    });
    expect(options.statusCode).toBe(200);
    expect(options.json.data.map((one) => one._id)).not.toContain(task.masterTaskID);

    const assignable = await ctx.inject<{ data: { _id: string }[] }>(
      'POST',
      '/api/v1/staff-people/get-tasks-for-assign',
      {
        token: owner,
        query: { siteID: brighton() },
        body: { siteID: brighton(), userID: ctx.demo.organizationAdmin.id },
      },
    );
    expect(assignable.statusCode).toBe(200);
    expect(assignable.json.data.map((one) => one._id)).not.toContain(task.masterTaskID);

    const found = await ctx.inject<{ data: MasterTask }>(
      'GET',
      `/api/v1/master-task/find-one/${task.masterTaskID}`,
      {
        token: owner,
      },
    );
    expect(found.statusCode).toBe(200);
    const { _id: _ignored, ...form } = found.json.data;
    const edited = await ctx.inject('PUT', '/api/v1/master-task/update-one', {
      token: owner,
      body: {
        _id: task.masterTaskID,
        siteID: brighton(),
        name: 'Renamed',
        checkListItems: [{ text: 'Anything' }],
        schedule: { repeat: 'ONCE', startDate: '2025-06-20', dueTime: '12:00' },
      },
    });
    expect(form.name).toBe(task.name);
    expect(edited.statusCode).toBe(409);
    expect(edited.json).toMatchObject({
      message: expect.stringContaining('follow-up check made by a temperature reading'),
    });

    for (const scope of ['ONE', 'FUTURE']) {
      const reply = await ctx.inject('DELETE', '/api/v1/master-task/delete-one', {
        token: owner,
        query: { masterTaskID: task.masterTaskID, date: '2025-06-20', scope },
      });
      expect(reply.statusCode).toBe(409);
      expect(reply.json).toMatchObject({ message: expect.stringContaining('cannot be edited or deleted') });
    }
    expect((await dayList('2025-06-20')).list.map((one) => [one.name, one.status])).toEqual([
      [task.name, 'PENDING'],
    ]);
  });

  test('say what they follow, and are done only by a reading, not by ticking or completing by hand', async () => {
    at('2025-06-20T10:00:00.000Z');
    const reading = await cooked(food.soup);
    const task = byName(await dayList('2025-06-20'))['Cooling check: Tomato soup (cooling began 11:00)'];
    if (!task) throw new Error('no cooling check');
    expect(task.followUp).toEqual({
      kind: 'COOLING',
      readingID: reading._id,
      foodItemID: food.soup,
      dueAt: '2025-06-20T11:30:00.000Z',
      // England's one stage of cooling, taken by a "Cooled within 90 minutes" reading.
      checkKind: 'COOLED',
      stage: 1,
      stages: 1,
      cancelled: null,
    });
    const ref = { masterTaskID: task.masterTaskID, individualTaskID: task._id };
    const line = task.itemCheckList[0]?._id;
    const refusals = [
      await ctx.inject('PUT', '/api/v1/task-new-version/check-list-item-status-change', {
        token: aisha,
        query: { siteID: brighton() },
        body: { ...ref, checkListID: line, status: 'COMPLETED', changedAt: ctx.clock.now().toISOString() },
      }),
      await ctx.inject('PUT', '/api/v1/individual-task/check-list-item-status-change', {
        token: owner,
        query: { siteID: brighton() },
        body: { ...ref, checkListID: line, status: 'COMPLETED' },
      }),
      await ctx.inject('PUT', '/api/v1/individual-task/task-status-complete', {
        token: owner,
        query: { siteID: brighton() },
        body: { ...ref, status: 'COMPLETED' },
      }),
    ];
    for (const reply of refusals) {
      expect([reply.statusCode, reply.json]).toEqual([
        409,
        expect.objectContaining({
          message:
            'This follow-up check is done by recording a temperature reading of Tomato soup in the temperature ' +
            'log: the reading completes it',
        }),
      ]);
    }
    // A scheduled task says it follows nothing.
    expect((await dayList('2025-06-20')).list.filter((one) => one.followUp === null)).toEqual([]);
  });

  test("another organisation's readings make and take only their own follow-ups", async () => {
    at('2025-06-21T09:00:00.000Z');
    await cooked(food.curry);
    await recorded(
      {
        siteID: ctx.other.site.id,
        foodItemID: food.theirs,
        logType: 'COOKING_COOLING',
        checkKind: 'COOKED',
        celsius: 80,
        readAt: ctx.clock.now().toISOString(),
      },
      theirStaff,
    );
    at('2025-06-21T09:30:00.000Z');
    await recorded(
      {
        siteID: ctx.other.site.id,
        foodItemID: food.theirs,
        logType: 'COOKING_COOLING',
        checkKind: 'COOLED',
        celsius: 4,
        readAt: ctx.clock.now().toISOString(),
      },
      theirStaff,
    );
    // Ours is untouched by theirs, and theirs is only theirs.
    expect((await dayList('2025-06-21')).list.map((one) => [one.name, one.status])).toEqual([
      ['Cooling check: Chicken curry (cooling began 10:00)', 'PENDING'],
    ]);
    const theirs = await dayList('2025-06-21', ctx.other.site.id, otherOwner);
    expect(theirs.list.map((one) => [one.name, one.status])).toEqual([
      ['Cooling check: Their curry (cooling began 10:00)', 'COMPLETED'],
    ]);
    const rows = await ctx.db
      .select({ orgId: masterTasks.orgId })
      .from(masterTasks)
      .innerJoin(individualTasks, eq(individualTasks.masterTaskId, masterTasks.id))
      .where(eq(individualTasks.id, theirs.list[0]?._id ?? ''));
    expect(rows).toEqual([{ orgId: ctx.other.organization.id }]);
    // Our staff cannot take theirs: their food is not found.
    expect(
      (
        await record({
          foodItemID: food.theirs,
          logType: 'COOKING_COOLING',
          checkKind: 'COOLED',
          celsius: 4,
          readAt: ctx.clock.now().toISOString(),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the reading call', () => {
  test('refuses follow-up fields that do not fit, naming the field', async () => {
    at('2025-06-22T12:00:00.000Z');
    const readAt = ctx.clock.now().toISOString();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ coolingStartedAt: later(readAt, 1) }, 'coolingStartedAt', /after the reading/],
      [{ coolingStartedAt: later(readAt, -121) }, 'coolingStartedAt', /more than 2 hours before/],
      [{ coolingStartedAt: 'at two' }, 'coolingStartedAt', /./],
      [{ checkKind: 'COOLED', celsius: 5, coolingStartedAt: readAt }, 'coolingStartedAt', /cooked-core/],
      [{ hotHoldEnded: true }, 'hotHoldEnded', /hot-holding reading/],
      [{ hotHoldEnded: 'yes' }, 'hotHoldEnded', /./],
    ];
    for (const [extra, field, words] of cases) {
      const reply = await record({
        foodItemID: food.curry,
        logType: 'COOKING_COOLING',
        checkKind: 'COOKED',
        celsius: 78,
        readAt,
        ...extra,
      });
      expect(reply.statusCode).toBe(400);
      const { details } = reply.json as unknown as { details?: { fieldErrors?: Record<string, string[]> } };
      const fieldErrors = details?.fieldErrors;
      expect(fieldErrors?.[field]?.join(' ')).toMatch(words);
    }
    expect((await dayList('2025-06-22')).list).toEqual([]);
  });

  test("keeps the follow-up fields in the reading's history only where they are set", async () => {
    at('2025-06-23T12:00:00.000Z');
    const started = await cooked(food.rice, { coolingStartedAt: later(ctx.clock.now().toISOString(), -15) });
    const ended = await hotHold(food.chilli, 70, { hotHoldEnded: true });
    const plain = await hotHold(food.chilli, 71);
    const afterOf = async (id: string) => {
      const reply = await ctx.inject<{ data: TemperatureLogHistoryEntry[] }>(
        'GET',
        `/api/v1/temperature-logs/log-history-list/${id}`,
        { token: owner },
      );
      expect(reply.statusCode).toBe(200);
      return reply.json.data[0]?.changes.after;
    };
    expect(await afterOf(started._id)).toMatchObject({ coolingStartedAt: '2025-06-23T11:45:00.000Z' });
    expect(await afterOf(ended._id)).toMatchObject({ hotHoldEnded: true });
    const after = await afterOf(plain._id);
    expect(after).not.toHaveProperty('coolingStartedAt');
    expect(after).not.toHaveProperty('hotHoldEnded');
  });
});

describe('a follow-up stands on its reading', () => {
  const readingCall = (method: 'PUT' | 'DELETE', url: string, body: unknown) =>
    ctx.inject<{ data: TemperatureLog }>(method, `/api/v1/temperature-logs/${url}`, { token: owner, body });

  /** The day's task that a reading started, by the reading's id, deleted ones too (the list's own tab). */
  async function startedBy(readingID: string, date: string): Promise<IndividualTask> {
    const deleted = await ctx.inject<{ data: TaskListData }>('GET', '/api/v1/master-task/web-app-list', {
      token: owner,
      query: { siteID: brighton(), taskListDate: date, limit: 100, status: 'DELETED' },
    });
    const task = [...(await dayList(date)).list, ...deleted.json.data.list].find(
      (one) => one.followUp?.readingID === readingID,
    );
    if (!task) throw new Error(`no follow-up of reading ${readingID} on ${date}`);
    return task;
  }

  async function historyOf(task: IndividualTask) {
    const reply = await ctx.inject<{ data: { history: { summary: string; reason: string | null }[] } }>(
      'GET',
      '/api/v1/master-task/view-task',
      { token: owner, query: { masterTaskID: task.masterTaskID, individualTaskID: task._id } },
    );
    expect(reply.statusCode).toBe(200);
    return reply.json.data.history.map(({ summary: words, reason }) => ({ summary: words, reason }));
  }

  const cancelCall = (task: IndividualTask, reason: unknown, token = owner) =>
    ctx.inject<{ data: IndividualTask; message?: string }>(
      'PUT',
      '/api/v1/individual-task/cancel-follow-up',
      {
        token,
        body: { masterTaskID: task.masterTaskID, individualTaskID: task._id, reason },
      },
    );

  test('deleting the reading that started a check cancels it with the reason, and it raises nothing', async () => {
    // Sunday 15 June 2025, 10:00 in Brighton.
    at('2025-06-15T09:00:00.000Z');
    const reading = await cooked(food.stew);
    const open = await startedBy(reading._id, '2025-06-15');
    expect(open).toMatchObject({ status: 'PENDING', followUp: { cancelled: null } });

    const removed = await readingCall('DELETE', `delete-one/${reading._id}`, {
      reason: 'Recorded against the wrong food',
    });
    expect(removed.statusCode).toBe(200);

    const cancelled = await startedBy(reading._id, '2025-06-15');
    expect(cancelled).toMatchObject({
      status: 'DELETED',
      bucket: 'DELETED',
      followUp: {
        cancelled: {
          cause: 'READING_DELETED',
          reason: 'Recorded against the wrong food',
          at: '2025-06-15T09:00:00.000Z',
        },
      },
    });
    expect(await historyOf(cancelled)).toContainEqual({
      summary: 'Follow-up check cancelled: the reading that started it was deleted',
      reason: 'Recorded against the wrong food',
    });
    // Past its due time nothing is raised for food that is not on record.
    at('2025-06-15T11:00:00.000Z');
    await raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now());
    expect(await eventsOf(cancelled._id)).toEqual([]);
  });

  test('correcting it re-times the check, or cancels it when the reading no longer starts one', async () => {
    at('2025-06-15T12:00:00.000Z');
    const reading = await cooked(food.rice);
    const open = await startedBy(reading._id, '2025-06-15');
    expect(open).toMatchObject({ expireOn: '2025-06-15T13:30:00.000Z' });

    // Cooling had begun 20 minutes before the reading: the check falls due 20 minutes earlier.
    const retimed = await readingCall('PUT', 'update-one', {
      _id: reading._id,
      coolingStartedAt: '2025-06-15T11:40:00.000Z',
      reason: 'Cooling began when it came off the hob',
    });
    expect(retimed.statusCode).toBe(200);
    expect(retimed.json.data.coolingStartedAt).toBe('2025-06-15T11:40:00.000Z');
    const moved = await startedBy(reading._id, '2025-06-15');
    expect(moved).toMatchObject({
      _id: open._id,
      status: 'PENDING',
      name: 'Cooling check: Rice (cooling began 12:40)',
      opensAt: '2025-06-15T11:40:00.000Z',
      expireOn: '2025-06-15T13:10:00.000Z',
      dueTime: '14:10',
      followUp: { dueAt: '2025-06-15T13:10:00.000Z', cancelled: null },
    });
    expect(await historyOf(moved)).toContainEqual({
      summary: 'Re-timed by a correction of its reading: due by 14:10, was 14:30',
      reason: 'Cooling began when it came off the hob',
    });

    // The core had not reached its temperature: cooling never began, so there is nothing to check.
    const failed = await readingCall('PUT', 'update-one', {
      _id: reading._id,
      celsius: 60,
      correctiveAction: 'Cooked on for ten minutes',
      reason: 'Misread the probe',
    });
    expect(failed.statusCode).toBe(200);
    expect(await startedBy(reading._id, '2025-06-15')).toMatchObject({
      status: 'DELETED',
      followUp: { cancelled: { cause: 'READING_CORRECTED', reason: 'Misread the probe' } },
    });

    // A hot hold corrected to have ended cancels the re-check it started.
    const held = await hotHold(food.soup, 70);
    expect(await startedBy(held._id, '2025-06-15')).toMatchObject({ status: 'PENDING' });
    const ended = await readingCall('PUT', 'update-one', {
      _id: held._id,
      hotHoldEnded: true,
      reason: 'The soup was taken off the counter',
    });
    expect(ended.statusCode).toBe(200);
    expect(await startedBy(held._id, '2025-06-15')).toMatchObject({
      status: 'DELETED',
      followUp: { cancelled: { cause: 'READING_CORRECTED' } },
    });
  });

  test('an admin cancels an open check with a reason; it then counts nowhere', async () => {
    at('2025-06-15T15:00:00.000Z');
    const reading = await cooked(food.chilli);
    const open = await startedBy(reading._id, '2025-06-15');

    // The reason is required, as for any change to what staff recorded.
    const bare = await cancelCall(open, '');
    expect(bare.statusCode).toBe(400);
    expect(bare.raw).toContain('reason');
    // Staff do not cancel: the staff's token makes only the staff calls.
    expect((await cancelCall(open, 'Thrown away', aisha)).statusCode).toBe(403);
    // Another organisation's admin finds nothing.
    expect((await cancelCall(open, 'Thrown away', otherOwner)).statusCode).toBe(404);

    const reply = await cancelCall(open, 'The chilli was thrown away');
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Follow-up check cancelled');
    expect(reply.json.data).toMatchObject({
      status: 'DELETED',
      bucket: 'DELETED',
      followUp: { cancelled: { cause: 'ADMIN', reason: 'The chilli was thrown away' } },
    });
    expect(await historyOf(reply.json.data)).toContainEqual({
      summary: 'Follow-up check cancelled',
      reason: 'The chilli was thrown away',
    });
    // Once cancelled it stays so; a reading of the food afterwards starts anew but takes nothing.
    expect((await cancelCall(open, 'Again')).statusCode).toBe(409);

    // Every check of the day was cancelled: the day's counts and the scores hold none of them.
    at('2025-06-16T09:00:00.000Z');
    await raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now());
    expect(await eventsOf(open._id)).toEqual([]);
    const day = await dayList('2025-06-15');
    expect(day.counts).toMatchObject({ ALL: 0, INCOMPLETE: 0, UPCOMING: 0 });
    const scores = await ctx.inject<{ data: SiteScoreReport }>(
      'GET',
      '/api/v1/site-panel/site-report-scoreList',
      { token: owner, query: { siteID: brighton(), startDate: '2025-06-15', endDate: '2025-06-15' } },
    );
    expect(scores.statusCode).toBe(200);
    expect(scores.json.data.totals).toMatchObject({ due: 0, missed: 0 });
    // The cancellations, re-timing and corrections of the day went through the records' own history.
    const check = await ctx.inject<{ data: RecordCheck }>('GET', '/api/v1/record-history/check', {
      token: owner,
      query: { siteID: brighton(), startDate: '2025-06-15', endDate: '2025-06-15' },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json.data).toMatchObject({ intact: true, mismatches: [] });
    expect(check.json.data.subjects).toContainEqual(
      expect.objectContaining({ subject: 'Task', mismatched: 0 }),
    );
  });

  test('a scheduled task, a completed check and another site are refused', async () => {
    at('2025-06-16T08:00:00.000Z');
    const lamb = await created('foodItem', { siteID: brighton(), type: 'FOODITEM', name: 'Lamb stew' });
    const reading = await cooked(lamb);
    const open = await startedBy(reading._id, '2025-06-16');
    // The Brighton site admin may cancel Brighton's checks; a check of Manchester is not its to cancel.
    const siteAdmin = await ctx.login(demoLogins.siteAdmin);
    const manchesterFood = await created('foodItem', {
      siteID: ctx.demo.sites.manchester.id,
      type: 'FOODITEM',
      name: 'Manchester stew',
    });
    const theirs = await recorded(
      {
        siteID: ctx.demo.sites.manchester.id,
        foodItemID: manchesterFood,
        logType: 'COOKING_COOLING',
        checkKind: 'COOKED',
        celsius: 80,
        readAt: ctx.clock.now().toISOString(),
      },
      owner,
    );
    const manchesterDay = await dayList('2025-06-16', ctx.demo.sites.manchester.id);
    const manchesterCheck = manchesterDay.list.find((one) => one.followUp?.readingID === theirs._id);
    if (!manchesterCheck) throw new Error('no Manchester check');
    expect((await cancelCall(manchesterCheck, 'Not mine', siteAdmin)).statusCode).toBe(403);

    at('2025-06-16T08:30:00.000Z');
    await cooled(lamb, 5);
    const completed = await cancelCall(open, 'Too late');
    expect(completed.statusCode).toBe(409);
    expect(completed.raw).toContain('completed');
    // A completed check stays as it was when its reading is deleted.
    const removed = await readingCall('DELETE', `delete-one/${reading._id}`, { reason: 'Duplicate' });
    expect(removed.statusCode).toBe(200);
    expect(await startedBy(reading._id, '2025-06-16')).toMatchObject({ status: 'COMPLETED' });

    const scheduled = await created('master-task', {
      siteID: brighton(),
      name: 'Wipe the counters',
      checkListItems: [{ text: 'Wipe', required: true }],
      schedule: { repeat: 'ONCE', startDate: '2025-06-16', dueTime: '20:00' },
    });
    const task = (await dayList('2025-06-16')).list.find((one) => one.masterTaskID === scheduled);
    if (!task) throw new Error('no scheduled task');
    const refused = await cancelCall(task, 'Not needed');
    expect(refused.statusCode).toBe(409);
    expect(refused.raw).toContain('Only a follow-up check is cancelled');
  });
});
