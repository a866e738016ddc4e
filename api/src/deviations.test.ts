import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  ComplianceLog,
  MasterType,
  NearMiss,
  SensorWithKey,
  TemperatureLog,
  Template,
} from '@console/shared-sdk/contract';
import { demoLogins } from './demo.js';
import { createTestContext, type TestContext } from './test/helper.js';
import { mobileLogin, multipartBody } from './test/logs.js';
import { createOccurrence, plannedBefore } from './test/tasks.js';
import { scanOverdueTasks } from './domains/alerts/index.js';
import { individualTasks, masterTasks, raiseDueFollowUps } from './domains/tasks/index.js';
import { temperatureReadings } from './domains/logs/index.js';
import { users } from './platform/db/schema.js';
import { alertEvents } from './platform/events/schema.js';
import { historyEntries } from './platform/history/schema.js';
import { correctiveActions } from './platform/corrective-actions/schema.js';

// Every deviation opens one corrective action, in the transaction of the record that caused it (DOMAIN.md
// "Corrective actions and review"): a failed reading (already recorded with what its reader did), a sensor's
// excursion, a failed checklist line of a task or a compliance log, a missed task or follow-up check, a
// follow-up failed by its reading, and a near miss. Sent twice (the kitchen app's queue after a lost
// answer), scanned twice at once (two instances), failed twice: still one.

/** A Tuesday: 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00.000Z';
const minute = 60_000;
const minutesBefore = (n: number) => new Date(Date.parse(now) - n * minute).toISOString();
const log = { debug: () => undefined, error: () => undefined };

let ctx: TestContext;
let owner: string;
let aisha: string;
let aishaId: string;
let ownerId: string;
const items = { shelf: '', sensorShelf: '', curry: '', stew: '', soup: '' };
let fridgeChecks: Template;

const brighton = () => ctx.demo.sites.brighton.id;

async function created<T extends { _id: string }>(url: string, body: unknown, token = owner): Promise<T> {
  const reply = await ctx.inject<{ data: T }>('POST', `/api/v1/${url}/create-new-one`, { token, body });
  if (reply.statusCode !== 200) throw new Error(`creating ${url}: ${reply.raw}`);
  return reply.json.data;
}

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

async function corrected(body: Record<string, unknown>): Promise<TemperatureLog> {
  const reply = await ctx.inject<{ data: TemperatureLog }>('PUT', '/api/v1/temperature-logs/update-one', {
    token: owner,
    body,
  });
  if (reply.statusCode !== 200) throw new Error(`correcting: ${reply.raw}`);
  return reply.json.data;
}

/** The actions a record is the source of, oldest first. */
const actionsOf = (recordId: string) =>
  ctx.db
    .select()
    .from(correctiveActions)
    .where(eq(correctiveActions.sourceId, recordId))
    .orderBy(correctiveActions.createdAt, correctiveActions.id);

const eventsOf = (recordId: string, kind: string) =>
  ctx.db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.recordId, recordId), eq(alertEvents.kind, kind as 'TASK_OVERDUE')));

const historyOfAction = (actionId: string) =>
  ctx.db
    .select()
    .from(historyEntries)
    .where(and(eq(historyEntries.subject, 'CorrectiveAction'), eq(historyEntries.recordId, actionId)))
    .orderBy(historyEntries.position);

async function userId(email: string) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  // Signed in at the latest time the tests move the clock to: a token signed later still serves before.
  ctx.clock.set('2025-06-10T16:00:00.000Z');
  [owner, aisha] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
  ]);
  ctx.clock.set(now);
  [aishaId, ownerId] = await Promise.all([
    userId('aisha.khan@harbourvine.example'),
    userId(demoLogins.organizationAdmin),
  ]);
  const fridge = async (name: string) =>
    (
      await created<MasterType>('masterType', {
        siteID: brighton(),
        type: 'FRIDGE',
        name,
        temperatureItems: [{ name: 'Top shelf', upperLimit: 5 }],
      })
    ).temperatureItems[0]?._id ?? '';
  items.shelf = await fridge('Walk-in fridge');
  items.sensorShelf = await fridge('Dairy fridge');
  const food = (name: string) =>
    created<{ _id: string }>('foodItem', { siteID: brighton(), type: 'FOODITEM', name });
  items.curry = (await food('Chicken curry'))._id;
  items.stew = (await food('Beef stew'))._id;
  items.soup = (await food('Tomato soup'))._id;
  fridgeChecks = await created<Template>('template-panel', {
    name: 'Opening fridge checks',
    type: 'FRIDGE',
    checkListItems: [{ text: 'Fridge temperature' }, { text: 'Door seals clean and intact' }],
  });
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

describe('a failed reading', () => {
  test('opens its action already recorded by its reader, once however often the app sends it', async () => {
    const body = {
      temperatureItemID: items.shelf,
      celsius: 9.4,
      readAt: minutesBefore(2),
      correctiveAction: 'Moved the stock to the dairy fridge',
      clientId: randomUUID(),
    };
    // The app's queue sends it again while the first is on its way, and once more after.
    const [first, second] = await Promise.all([record(body), record(body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const reading = first.json.data;
    expect((await record(body)).json.data._id).toBe(reading._id);

    const actions = await actionsOf(reading._id);
    expect(actions).toHaveLength(1);
    const [event] = await eventsOf(reading._id, 'TEMPERATURE_FAILED');
    expect(actions[0]).toMatchObject({
      kind: 'READING_FAILED',
      checkType: 'FRIDGE',
      sourceSubject: 'TemperatureLog',
      lineId: null,
      state: 'ACTION_RECORDED',
      actionTaken: 'Moved the stock to the dairy fridge',
      foodDiscarded: false,
      recordedBy: aishaId,
      // The words the alert said it in.
      deviation: event?.title,
    });
    expect(actions[0]?.deviation).toContain('Walk-in fridge, Top shelf read 9.4 °C');
    expect(actions[0]?.occurredAt.toISOString()).toBe(minutesBefore(2));
    // Due by the site's action time (24 hours by default) from when it opened.
    expect(actions[0]?.dueAt.toISOString()).toBe('2025-06-11T10:00:00.000Z');
    const history = await historyOfAction(actions[0]?.id ?? '');
    expect(history.map((entry) => [entry.action, entry.actorName])).toEqual([['create', 'Aisha Khan']]);
  });

  test('a passing reading opens nothing', async () => {
    const reading = await recorded({
      temperatureItemID: items.shelf,
      celsius: 3.5,
      readAt: minutesBefore(1),
    });
    expect(await actionsOf(reading._id)).toEqual([]);
  });

  test('a correction that records what was done fills its open action; one that does not leaves it open', async () => {
    const reading = await recorded({
      temperatureItemID: items.shelf,
      celsius: 10.2,
      readAt: minutesBefore(3),
      correctiveAction: 'Told the manager',
    });
    const [opened] = await actionsOf(reading._id);
    // Sent back to be done again (the action's reopen), as the verifier does.
    await ctx.db
      .update(correctiveActions)
      .set({ state: 'OPEN', actionTaken: null, foodDiscarded: null, recordedBy: null, recordedAt: null })
      .where(eq(correctiveActions.id, opened?.id ?? ''));

    await corrected({ _id: reading._id, note: 'Probe wiped first', reason: 'Added a note' });
    expect((await actionsOf(reading._id))[0]).toMatchObject({ state: 'OPEN', actionTaken: null });

    ctx.clock.set(new Date(Date.parse(now) + 5 * minute));
    await corrected({
      _id: reading._id,
      correctiveAction: 'Discarded the chicken and called the engineer',
      reason: 'The real action',
    });
    const [filled] = await actionsOf(reading._id);
    expect(filled).toMatchObject({
      id: opened?.id,
      state: 'ACTION_RECORDED',
      actionTaken: 'Discarded the chicken and called the engineer',
      recordedBy: ownerId,
    });
    expect(filled?.recordedAt?.toISOString()).toBe(new Date(Date.parse(now) + 5 * minute).toISOString());
    expect((await historyOfAction(filled?.id ?? '')).map((entry) => entry.action)).toEqual([
      'create',
      'update',
    ]);
  });

  test('a passing reading corrected to a failing one opens its action, recorded by who corrected it', async () => {
    const reading = await recorded({ temperatureItemID: items.shelf, celsius: 4, readAt: minutesBefore(4) });
    await corrected({
      _id: reading._id,
      celsius: 9,
      correctiveAction: 'Moved the stock',
      reason: 'Misread the display',
    });
    const actions = await actionsOf(reading._id);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      kind: 'READING_FAILED',
      state: 'ACTION_RECORDED',
      recordedBy: ownerId,
    });
  });
});

describe('a sensor’s excursion', () => {
  test('opens one action, open, about the reading that raised it; a correction of that reading records it', async () => {
    const sensor = await created<SensorWithKey>('sensor', {
      siteID: brighton(),
      name: 'Dairy probe',
      temperatureItemID: items.sensorShelf,
    });
    let sequence = 0;
    const lines = (...minutesAgo: number[]) =>
      minutesAgo.map((ago) => ({ sequence: ++sequence, readAt: minutesBefore(ago), celsius: 11 }));
    const ingest = (readings: unknown) =>
      ctx.inject('POST', '/api/v1/sensor/ingest', {
        headers: { 'x-sensor-key': sensor.deviceKey },
        body: { readings },
      });
    // Out of its limits for 20 minutes: past the site's 15-minute debounce.
    const batch = lines(20, 15, 10, 5);
    expect((await ingest(batch)).statusCode).toBe(200);
    // The gateway sends the batch again, then the run goes on.
    expect((await ingest(batch)).statusCode).toBe(200);
    expect((await ingest(lines(0))).statusCode).toBe(200);

    const all = await ctx.db
      .select()
      .from(correctiveActions)
      .where(eq(correctiveActions.kind, 'SENSOR_EXCURSION'));
    expect(all).toHaveLength(1);
    const [action] = all;
    const [event] = await ctx.db
      .select()
      .from(alertEvents)
      .where(
        and(eq(alertEvents.kind, 'TEMPERATURE_FAILED'), eq(alertEvents.recordId, action?.sourceId ?? '')),
      );
    expect(action).toMatchObject({
      checkType: 'FRIDGE',
      sourceSubject: 'TemperatureLog',
      state: 'OPEN',
      actionTaken: null,
      deviation: event?.title,
    });
    expect(action?.deviation).toContain('Sensor “Dairy probe” on Dairy fridge – Top shelf');
    const [raisedBy] = await ctx.db
      .select()
      .from(temperatureReadings)
      .where(eq(temperatureReadings.id, action?.sourceId ?? ''));
    expect(raisedBy?.readAt.toISOString()).toBe(minutesBefore(5));

    await corrected({
      _id: action?.sourceId,
      correctiveAction: 'Door left open: closed it and probed the milk (4 °C)',
      reason: 'Corrective action for the sensor’s alert',
    });
    expect((await actionsOf(action?.sourceId ?? ''))[0]).toMatchObject({
      id: action?.id,
      state: 'ACTION_RECORDED',
      actionTaken: 'Door left open: closed it and probed the milk (4 °C)',
      recordedBy: ownerId,
    });
  });
});

describe('a task', () => {
  test('a failed checklist line opens one action, however often the line fails', async () => {
    const task = await createOccurrence(
      ctx,
      owner,
      {
        siteID: brighton(),
        name: 'Check the walk-in fridge',
        checkListItems: [{ text: 'Door seals clean' }, { text: 'Floor clear' }],
        schedule: { repeat: 'ONCE', startDate: '2025-06-10', dueTime: '23:00' },
      },
      '2025-06-10',
    );
    const line = task.master.checkListItems[0]?._id ?? '';
    const change = (status: string, comment?: string) =>
      ctx.inject('PUT', '/api/v1/individual-task/check-list-item-status-change', {
        token: owner,
        body: {
          masterTaskID: task.masterTaskID,
          individualTaskID: task.individualTaskID,
          checkListID: line,
          status,
          ...(comment ? { comment } : {}),
        },
      });
    expect((await change('FAILED', 'Seal torn at the hinge')).statusCode).toBe(200);
    expect((await change('PENDING')).statusCode).toBe(200);
    expect((await change('FAILED', 'Still torn')).statusCode).toBe(200);

    const actions = await actionsOf(task.individualTaskID);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      kind: 'CHECKLIST_LINE_FAILED',
      checkType: 'TASK',
      sourceSubject: 'Task',
      lineId: line,
      state: 'OPEN',
      deviation:
        '“Door seals clean” failed on “Check the walk-in fridge” at The Harbour Kitchen, Brighton: Seal torn at the hinge',
    });
  });

  test('a task missed opens one action, over two scan runs at once and a third', async () => {
    const task = await plannedBefore(ctx, '2025-06-10', () =>
      createOccurrence(
        ctx,
        owner,
        {
          siteID: brighton(),
          name: 'Probe the hot counter',
          checkListItems: [{ text: 'Every dish at 63 °C or above' }],
          schedule: { repeat: 'ONCE', startDate: '2025-06-10', dueTime: '10:30' },
        },
        '2025-06-10',
      ),
    );
    await Promise.all([
      scanOverdueTasks({ db: ctx.db, log }, ctx.clock.now()),
      scanOverdueTasks({ db: ctx.db, log }, ctx.clock.now()),
    ]);
    await scanOverdueTasks({ db: ctx.db, log }, ctx.clock.now());

    const actions = await actionsOf(task.individualTaskID);
    expect(actions).toHaveLength(1);
    const [event] = await eventsOf(task.individualTaskID, 'TASK_OVERDUE');
    expect(actions[0]).toMatchObject({
      kind: 'TASK_MISSED',
      checkType: 'TASK',
      sourceSubject: 'Task',
      state: 'OPEN',
      deviation: '“Probe the hot counter” was due by 10:30 at The Harbour Kitchen, Brighton and is not done',
    });
    expect(event?.title).toBe(actions[0]?.deviation);
    expect(actions[0]?.occurredAt.toISOString()).toBe('2025-06-10T09:30:00.000Z');
    const history = await historyOfAction(actions[0]?.id ?? '');
    expect(history.map((entry) => [entry.action, entry.actorId, entry.actorName])).toEqual([
      ['create', null, 'Console'],
    ]);
  });

  test('an action missing beside its raised event is opened by the next scan', async () => {
    const task = await plannedBefore(ctx, '2025-06-10', () =>
      createOccurrence(
        ctx,
        owner,
        {
          siteID: brighton(),
          name: 'Sanitise the slicer',
          checkListItems: [{ text: 'Sanitised' }],
          schedule: { repeat: 'ONCE', startDate: '2025-06-10', dueTime: '10:45' },
        },
        '2025-06-10',
      ),
    );
    await scanOverdueTasks({ db: ctx.db, log }, ctx.clock.now());
    // As if the instance stopped between raising the event and opening the action.
    await ctx.db.delete(correctiveActions).where(eq(correctiveActions.sourceId, task.individualTaskID));
    expect(await scanOverdueTasks({ db: ctx.db, log }, ctx.clock.now())).toBe(0);
    expect(await actionsOf(task.individualTaskID)).toHaveLength(1);
    expect(await eventsOf(task.individualTaskID, 'TASK_OVERDUE')).toHaveLength(1);
  });
});

describe('a follow-up check', () => {
  /** The follow-up occurrence a cooked-core reading started. */
  async function startedBy(readingId: string) {
    const rows = await ctx.db
      .select({ id: individualTasks.id, followUp: masterTasks.followUp })
      .from(individualTasks)
      .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId));
    const found = rows.find((row) => row.followUp?.readingId === readingId);
    if (!found) throw new Error(`reading ${readingId} started no follow-up`);
    return found.id;
  }

  const cook = (foodItemID: string, readAt: string) =>
    recorded({ foodItemID, logType: 'COOKING_COOLING', checkKind: 'COOKED', celsius: 78, readAt });
  const cool = (foodItemID: string, celsius: number, readAt: string) =>
    recorded({
      foodItemID,
      logType: 'COOKING_COOLING',
      checkKind: 'COOLED',
      celsius,
      readAt,
      ...(celsius > 8 ? { correctiveAction: 'Portioned into shallow trays and blast-chilled' } : {}),
    });

  test('missed: one action over two job runs at once, of the cooling check, in its alert’s words', async () => {
    ctx.clock.set('2025-06-10T11:00:00.000Z');
    const started = await cook(items.curry, '2025-06-10T11:00:00.000Z');
    const check = await startedBy(started._id);
    // 90 minutes on, nobody has read it.
    ctx.clock.set('2025-06-10T12:31:00.000Z');
    await Promise.all([
      raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now()),
      raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now()),
    ]);
    await raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now());
    const actions = await actionsOf(check);
    expect(actions).toHaveLength(1);
    const [event] = await eventsOf(check, 'FOLLOW_UP_DUE');
    expect(actions[0]).toMatchObject({
      kind: 'FOLLOW_UP_MISSED',
      checkType: 'COOKING_COOLING',
      sourceSubject: 'Task',
      state: 'OPEN',
      deviation: event?.title,
    });
    expect(actions[0]?.deviation).toContain('Chicken curry');
  });

  test('failed by a warm reading: its action recorded with what the reader did; late: open', async () => {
    ctx.clock.set('2025-06-10T13:00:00.000Z');
    const warm = await cook(items.stew, '2025-06-10T13:00:00.000Z');
    const warmCheck = await startedBy(warm._id);
    ctx.clock.set('2025-06-10T14:00:00.000Z');
    const cooled = await cool(items.stew, 12, '2025-06-10T14:00:00.000Z');
    const [failed] = await actionsOf(warmCheck);
    expect(failed).toMatchObject({
      kind: 'FOLLOW_UP_FAILED',
      checkType: 'COOKING_COOLING',
      state: 'ACTION_RECORDED',
      actionTaken: 'Portioned into shallow trays and blast-chilled',
      recordedBy: aishaId,
    });
    expect(failed?.deviation).toMatch(
      /^Cooling check: Beef stew .* at The Harbour Kitchen, Brighton failed: Read 12 °C/,
    );
    // The reading failed too: its own action, beside the check's.
    expect((await actionsOf(cooled._id)).map((action) => action.kind)).toEqual(['READING_FAILED']);

    const late = await cook(items.soup, '2025-06-10T14:00:00.000Z');
    const lateCheck = await startedBy(late._id);
    ctx.clock.set('2025-06-10T15:45:00.000Z');
    await cool(items.soup, 6, '2025-06-10T15:45:00.000Z');
    const [lateAction] = await actionsOf(lateCheck);
    expect(lateAction).toMatchObject({ kind: 'FOLLOW_UP_FAILED', state: 'OPEN', actionTaken: null });
    expect(lateAction?.deviation).toContain('after its due time');
  });
});

describe('a near miss', () => {
  test('opens one action, open, however often the app sends it', async () => {
    const clientId = randomUUID();
    const send = async () => {
      const { body, contentType } = await multipartBody(
        Object.entries({
          siteID: brighton(),
          category: 'ACCIDENT',
          title: 'Slip by the dish wash',
          whatHappened: 'Tom slipped on water under the dishwasher outlet.',
          location: 'Kitchen, dish-wash area',
          occurredAt: minutesBefore(40),
          peopleInvolved: 'Tom Fletcher',
          injuries: '',
          immediateAction: 'Floor dried, sign put out',
          reportedAt: minutesBefore(20),
          clientId,
        }).map(([field, text]) => ({ field, text })),
      );
      return ctx.inject<{ data: NearMiss }>('POST', '/api/v1/nearMiss/create-new-one', {
        token: aisha,
        headers: { 'content-type': contentType },
        body,
      });
    };
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect((await send()).json.data._id).toBe(first.json.data._id);
    const report = first.json.data;
    const actions = await actionsOf(report._id);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      kind: 'NEAR_MISS',
      checkType: 'NEAR_MISS',
      sourceSubject: 'NearMiss',
      state: 'OPEN',
      deviation: `Accident at The Harbour Kitchen, Brighton: Slip by the dish wash (${report.logID})`,
    });
    expect(actions[0]?.occurredAt.toISOString()).toBe(minutesBefore(40));
  });
});

describe('a compliance log', () => {
  test('each failing line opens one action, also when sent twice and corrected', async () => {
    const [temperature, seals] = fridgeChecks.checkListItems.map((line) => line._id);
    const body = {
      siteID: brighton(),
      templateID: fridgeChecks._id,
      answers: [
        { _id: temperature, answer: 'YES', celsius: 9.4, comment: 'Moved the milk to the walk-in' },
        { _id: seals, answer: 'NO', comment: 'Seal torn' },
      ],
      submittedAt: minutesBefore(2),
      clientId: randomUUID(),
    };
    const send = () =>
      ctx.inject<{ data: ComplianceLog }>('POST', '/api/v1/comlianceLog/create-new-one', {
        token: aisha,
        body,
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect((await send()).json.data._id).toBe(first.json.data._id);
    const submitted = first.json.data;
    const correction = await ctx.inject('PUT', '/api/v1/comlianceLog/update-one', {
      token: owner,
      body: {
        _id: submitted._id,
        answers: [{ _id: temperature, answer: 'YES', celsius: 9.8, comment: 'Moved the milk' }],
        reason: 'Misread the probe',
      },
    });
    expect(correction.statusCode).toBe(200);

    const actions = await actionsOf(submitted._id);
    expect(
      actions.map((action) => [action.kind, action.checkType, action.sourceSubject, action.lineId]),
    ).toEqual(
      expect.arrayContaining([
        ['CHECKLIST_LINE_FAILED', 'FRIDGE', 'ComplianceLog', temperature],
        ['CHECKLIST_LINE_FAILED', 'FRIDGE', 'ComplianceLog', seals],
      ]),
    );
    expect(actions).toHaveLength(2);
    const seal = actions.find((action) => action.lineId === seals);
    expect(seal).toMatchObject({
      state: 'OPEN',
      recordedBy: null,
      deviation: `“Door seals clean and intact” failed on Opening fridge checks (${submitted.logID}) at The Harbour Kitchen, Brighton: answered No (“Seal torn”)`,
    });
    expect(actions.find((action) => action.lineId === temperature)?.deviation).toContain(
      '9.4 °C is above the legal maximum of 8 °C',
    );
  });

  test('a log that passes opens nothing', async () => {
    const [temperature, seals] = fridgeChecks.checkListItems.map((line) => line._id);
    const reply = await ctx.inject<{ data: ComplianceLog }>('POST', '/api/v1/comlianceLog/create-new-one', {
      token: aisha,
      body: {
        siteID: brighton(),
        templateID: fridgeChecks._id,
        answers: [
          { _id: temperature, answer: 'YES', celsius: 3.5 },
          { _id: seals, answer: 'YES' },
        ],
        submittedAt: minutesBefore(1),
      },
    });
    expect(reply.statusCode).toBe(200);
    expect(await actionsOf(reply.json.data._id)).toEqual([]);
  });
});
