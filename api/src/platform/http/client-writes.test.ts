import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type {
  ComplianceLog,
  IndividualTask,
  ListData,
  MasterTask,
  MasterType,
  NearMiss,
  StaffDay,
  TaskComment,
  Template,
  TemperatureLog,
} from '@console/shared-sdk/contract';
import { files } from '../db/schema.js';
import { historyEntries } from '../history/schema.js';
import { countingLogger } from '../db/statement-count.js';
import { demoLogins } from '../../demo.js';
import { createTestContext, type Reply, type TestContext } from '../../test/helper.js';
import { mobileLogin, multipartBody, type FormPart } from '../../test/logs.js';
import { tinyPng } from '../../test/files.js';

// The staff's writes sent again with their client-made id (client-writes.ts), as the kitchen app's queue
// sends them after a lost answer: each of the six calls makes one record however often, or however many
// at once, it arrives, and answers every copy as it answered the first.

const v1 = '/api/v1';
/** A Tuesday: 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00.000Z';
/** When the organisation admin planned the day's tasks. */
const planned = '2025-06-10T06:00:00.000Z';
const minutes = (n: number) => n * 60_000;
const before = (ms: number) => new Date(Date.parse(now) - ms).toISOString();

let ctx: TestContext;
let owner: string;
let aisha: string;
let tom: string;
/** Another organisation's staff member. */
let outsider: string;
let fridgeShelf: string;
let fridgeChecks: Template;

const brighton = () => ctx.demo.sites.brighton.id;

async function created<T>(url: string, body: unknown, token = owner): Promise<T> {
  const reply = await ctx.inject<{ data: T }>('POST', `${v1}/${url}`, { token, body });
  if (reply.statusCode !== 200) throw new Error(`creating ${url}: ${reply.raw}`);
  return reply.json.data;
}

/**
 * A new task of anyone's at Brighton today with `lines` checklist lines, as Aisha's day lists it: required
 * ones (the task completes when the last is ticked), or optional ones (it may be completed at once).
 */
async function freshTask(name: string, lines = 1, required = true): Promise<IndividualTask> {
  ctx.clock.set(planned);
  let master: MasterTask;
  try {
    master = await created<MasterTask>('master-task/create-new-one', {
      siteID: brighton(),
      name,
      checkListItems: Array.from({ length: lines }, (_, index) => ({
        text: `Line ${index + 1}`,
        required,
      })),
      schedule: { repeat: 'DAILY', startDate: '2025-06-10', dueTime: '18:00' },
    });
  } finally {
    ctx.clock.set(now);
  }
  const day = await ctx.inject<{ data: StaffDay }>('GET', `${v1}/task-new-version/my-tasks`, {
    token: aisha,
  });
  const task = day.json.data.list.find((one) => one.masterTaskID === master._id);
  if (!task) throw new Error(`${name} is not in Aisha's day`);
  return task;
}

const ref = (task: IndividualTask) => ({ masterTaskID: task.masterTaskID, individualTaskID: task._id });
const lineOf = (task: IndividualTask, index: number) => task.itemCheckList[index]?._id ?? '';

const tick = (token: string, body: Record<string, unknown>) =>
  ctx.inject<{ data: IndividualTask }>('PUT', `${v1}/task-new-version/check-list-item-status-change`, {
    token,
    body,
  });
const complete = (token: string, body: Record<string, unknown>) =>
  ctx.inject<{ data: IndividualTask }>('PUT', `${v1}/task-new-version/complete`, { token, body });

async function form<T>(url: string, parts: readonly FormPart[], token: string) {
  const { body, contentType } = await multipartBody(parts);
  return ctx.inject<{ data: T }>('POST', `${v1}/${url}`, {
    token,
    headers: { 'content-type': contentType },
    body,
  });
}
const textParts = (fields: Record<string, string>): FormPart[] =>
  Object.entries(fields).map(([field, text]) => ({ field, text }));

const comment = (token: string, fields: Record<string, string>, photo = false) =>
  form<TaskComment>(
    'task-new-version/comment',
    [
      ...textParts(fields),
      ...(photo ? [{ field: 'photo', file: { bytes: tinyPng, type: 'image/png', name: 'shelf.png' } }] : []),
    ],
    token,
  );

const reading = (token: string, extra: Record<string, unknown> = {}) =>
  ctx.inject<{ data: TemperatureLog }>('POST', `${v1}/temperature-logs/create-new-one`, {
    token,
    body: {
      siteID: brighton(),
      temperatureItemID: fridgeShelf,
      celsius: 3.5,
      readAt: before(minutes(1)),
      ...extra,
    },
  });

const complianceLog = (token: string, extra: Record<string, unknown> = {}) =>
  ctx.inject<{ data: ComplianceLog }>('POST', `${v1}/comlianceLog/create-new-one`, {
    token,
    body: {
      siteID: brighton(),
      templateID: fridgeChecks._id,
      answers: [{ _id: fridgeChecks.checkListItems[0]?._id, answer: 'YES' }],
      submittedAt: before(minutes(2)),
      ...extra,
    },
  });

const nearMiss = (token: string, extra: Record<string, string> = {}) =>
  form<NearMiss>(
    'nearMiss/create-new-one',
    [
      ...textParts({
        siteID: brighton(),
        category: 'ACCIDENT',
        title: 'Slip by the dish wash',
        whatHappened: 'Tom slipped on water under the dishwasher outlet.',
        location: 'Kitchen, dish-wash area',
        occurredAt: before(minutes(40)),
        immediateAction: 'Floor dried, sign put out',
        reportedAt: before(minutes(20)),
        ...extra,
      }),
      { field: 'photos', file: { bytes: tinyPng, type: 'image/png', name: 'floor.png' } },
    ],
    token,
  );

/** How many records the admins' list of `url` holds at Brighton. */
async function listed(url: string): Promise<number> {
  const reply = await ctx.inject<{ data: ListData<unknown> }>('GET', `${v1}/${url}`, {
    token: owner,
    query: { siteID: brighton() },
  });
  if (reply.statusCode !== 200) throw new Error(`listing ${url}: ${reply.raw}`);
  return reply.json.data.records;
}

async function commentsOn(task: IndividualTask): Promise<TaskComment[]> {
  const reply = await ctx.inject<{ data: TaskComment[] }>('GET', `${v1}/comment-task/comments-listing`, {
    token: owner,
    query: ref(task),
  });
  return reply.json.data;
}

async function storedFiles(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

/** The changes the task's history holds: one per tick, completion or other move. */
async function changesOf(task: IndividualTask): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(historyEntries)
    .where(eq(historyEntries.recordId, task._id));
  return row?.n ?? 0;
}

/** What an answer says: its status, message and record. */
const answerOf = (reply: Reply) => ({ status: reply.statusCode, body: reply.json });

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, aisha, tom, outsider] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
    mobileLogin(ctx, 'tom.fletcher@harbourvine.example'),
    mobileLogin(ctx, ctx.other.staff.email),
  ]);
  const fridge = await created<MasterType>('masterType/create-new-one', {
    siteID: brighton(),
    type: 'FRIDGE',
    name: 'Walk-in fridge',
    temperatureItems: [{ name: 'Top shelf' }],
  });
  fridgeShelf = fridge.temperatureItems[0]?._id ?? '';
  fridgeChecks = await created<Template>('template-panel/create-new-one', {
    name: 'Opening fridge checks',
    type: 'FRIDGE',
    checkListItems: [{ text: 'Door seals clean and intact' }],
  });
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

describe('each staff write sent again with its clientId is made once and answered as the first was', () => {
  test('a tick: no second change, the same task and message, also once the tick completed the task', async () => {
    const task = await freshTask('Close the walk-in', 2);
    const clientId = randomUUID();
    const body = {
      ...ref(task),
      checkListID: lineOf(task, 0),
      status: 'COMPLETED',
      changedAt: now,
      clientId,
    };
    const first = await tick(aisha, body);
    expect(first.statusCode).toBe(200);
    expect(first.json.message).toBe('Checklist updated');
    const again = await tick(aisha, body);
    expect(answerOf(again)).toEqual(answerOf(first));
    expect(await changesOf(task)).toBe(1);

    // Ticking the last line completes the task; its copy is not a change to a completed task (which would
    // need a reason), it is the same tick.
    const last = { ...body, checkListID: lineOf(task, 1), clientId: randomUUID() };
    const completing = await tick(aisha, last);
    expect(completing.json.data.status).toBe('COMPLETED');
    const copy = await tick(aisha, last);
    expect(answerOf(copy)).toEqual(answerOf(completing));
    expect(await changesOf(task)).toBe(2);
  });

  test('a completion: the copy answers 200 with the task, even hours later; another completion is still 409', async () => {
    const task = await freshTask('Wipe the pass', 1, false);
    const body = { ...ref(task), completedAt: before(minutes(5)), clientId: randomUUID() };
    const first = await complete(aisha, body);
    expect(first.statusCode).toBe(200);
    expect(first.json.message).toBe('Task completed');
    expect(first.json.data).toMatchObject({ status: 'COMPLETED', completedAt: before(minutes(5)) });
    expect(answerOf(await complete(aisha, body))).toEqual(answerOf(first));

    // Past the sync window the device time would be refused now; the copy is owed the first answer.
    ctx.clock.set(new Date(Date.parse(now) + 73 * 3_600_000));
    const late = await complete(await mobileLogin(ctx, 'aisha.khan@harbourvine.example'), body);
    expect(late.statusCode).toBe(200);
    expect(late.json.data).toMatchObject({
      _id: task._id,
      status: 'COMPLETED',
      completedBy: first.json.data.completedBy,
    });
    ctx.clock.set(now);

    // Someone else's completion, or Aisha's own new one, finds the task done.
    const tomsTry = await complete(tom, { ...ref(task), completedAt: now, clientId: randomUUID() });
    expect([tomsTry.statusCode, tomsTry.json.error, tomsTry.json.message]).toEqual([
      409,
      'CONFLICT',
      'This task is already completed',
    ]);
    expect((await complete(aisha, { ...ref(task), completedAt: now })).statusCode).toBe(409);
    expect(await changesOf(task)).toBe(1);
  });

  test('a comment and a photo: one of each, one stored file, the same answer', async () => {
    const task = await freshTask('Sweep the terrace');
    const text = { ...ref(task), comment: 'Bins emptied too', clientId: randomUUID() };
    const first = await comment(aisha, text);
    expect(first.statusCode).toBe(200);
    expect(first.json.message).toBe('Comment added');
    expect(answerOf(await comment(aisha, text))).toEqual(answerOf(first));

    const filesBefore = await storedFiles();
    const photo = { ...ref(task), clientId: randomUUID() };
    const shot = await comment(aisha, photo, true);
    expect(shot.statusCode).toBe(200);
    expect(shot.json.message).toBe('Photo added');
    expect(answerOf(await comment(aisha, photo, true))).toEqual(answerOf(shot));
    expect(await storedFiles()).toBe(filesBefore + 1);
    expect((await commentsOn(task)).map((one) => one._id)).toEqual([first.json.data._id, shot.json.data._id]);
  });

  test('a reading, a compliance log and a near miss with its photo: one record each', async () => {
    const readings = await listed('temperature-logs/web-app-list-for-web');
    const logs = await listed('comlianceLog/web-app-list-for-web');
    const reports = await listed('nearMiss/web-app-list');
    const filesBefore = await storedFiles();

    const readingId = randomUUID();
    const recorded = await reading(aisha, { clientId: readingId });
    expect([recorded.statusCode, recorded.json.message]).toEqual([200, 'Temperature reading created']);
    expect(answerOf(await reading(aisha, { clientId: readingId }))).toEqual(answerOf(recorded));

    const logId = randomUUID();
    const submitted = await complianceLog(aisha, { clientId: logId });
    expect([submitted.statusCode, submitted.json.message]).toEqual([200, 'Compliance log submitted']);
    expect(answerOf(await complianceLog(aisha, { clientId: logId }))).toEqual(answerOf(submitted));

    const reportId = randomUUID();
    const report = await nearMiss(aisha, { clientId: reportId });
    expect([report.statusCode, report.json.message]).toEqual([200, 'Near miss reported']);
    expect(report.json.data.photos).toHaveLength(1);
    expect(answerOf(await nearMiss(aisha, { clientId: reportId }))).toEqual(answerOf(report));

    expect(await listed('temperature-logs/web-app-list-for-web')).toBe(readings + 1);
    expect(await listed('comlianceLog/web-app-list-for-web')).toBe(logs + 1);
    expect(await listed('nearMiss/web-app-list')).toBe(reports + 1);
    // The copy's photo was stored while it was read, and taken back once it turned out a copy.
    expect(await storedFiles()).toBe(filesBefore + 1);
  });

  test('a copy answers the record as it is now: a reading corrected since answers the correction', async () => {
    const clientId = randomUUID();
    const first = await reading(aisha, { clientId });
    const corrected = await ctx.inject<{ data: TemperatureLog }>('PUT', `${v1}/temperature-logs/update-one`, {
      token: owner,
      body: { _id: first.json.data._id, celsius: 3.8, reason: 'Misread the display' },
    });
    expect(corrected.statusCode).toBe(200);
    const again = await reading(aisha, { clientId });
    expect([again.statusCode, again.json.message]).toEqual([200, 'Temperature reading created']);
    expect(again.json.data).toEqual(corrected.json.data);

    const removed = await ctx.inject('DELETE', `${v1}/temperature-logs/delete-one/${first.json.data._id}`, {
      token: owner,
      body: { reason: 'Recorded on the wrong fridge' },
    });
    expect(removed.statusCode).toBe(200);
    const gone = await reading(aisha, { clientId });
    expect([gone.statusCode, gone.json.error]).toEqual([404, 'NOT_FOUND']);
  });

  test('a write that was refused keeps no id: sent again once right, it is made', async () => {
    const clientId = randomUUID();
    const refused = await reading(aisha, { clientId, celsius: 9.5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors.correctiveAction).toBeDefined();
    const fixed = await reading(aisha, {
      clientId,
      celsius: 9.5,
      correctiveAction: 'Moved stock to the walk-in',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json.data).toMatchObject({ result: 'FAIL', correctiveAction: 'Moved stock to the walk-in' });
  });
});

describe('an id is one action of one person', () => {
  test('another person, another call or another task with the same id is 409 CLIENT_ID_REUSED, and writes nothing', async () => {
    const clientId = randomUUID();
    expect((await reading(aisha, { clientId })).statusCode).toBe(200);
    const readings = await listed('temperature-logs/web-app-list-for-web');

    const byTom = await reading(tom, { clientId });
    expect([byTom.statusCode, byTom.json.error]).toEqual([409, 'CLIENT_ID_REUSED']);
    expect(byTom.json.message).toMatch(/already used/);
    const asLog = await complianceLog(aisha, { clientId });
    expect([asLog.statusCode, asLog.json.error]).toEqual([409, 'CLIENT_ID_REUSED']);
    const asReport = await nearMiss(aisha, { clientId });
    expect([asReport.statusCode, asReport.json.error]).toEqual([409, 'CLIENT_ID_REUSED']);
    expect(await listed('temperature-logs/web-app-list-for-web')).toBe(readings);

    const task = await freshTask('Check the fryer oil');
    const other = await freshTask('Check the dishwasher');
    const tickId = randomUUID();
    const line = (of: IndividualTask) => ({
      ...ref(of),
      checkListID: lineOf(of, 0),
      status: 'COMPLETED',
      changedAt: now,
      clientId: tickId,
    });
    expect((await tick(aisha, line(task))).statusCode).toBe(200);
    const elsewhere = await tick(aisha, line(other));
    expect([elsewhere.statusCode, elsewhere.json.error]).toEqual([409, 'CLIENT_ID_REUSED']);
    const asCompletion = await complete(aisha, { ...ref(task), completedAt: now, clientId: tickId });
    expect([asCompletion.statusCode, asCompletion.json.error]).toEqual([409, 'CLIENT_ID_REUSED']);
    const asComment = await comment(aisha, { ...ref(task), comment: 'Changed', clientId: tickId });
    expect([asComment.statusCode, asComment.json.error]).toEqual([409, 'CLIENT_ID_REUSED']);
    expect(await changesOf(other)).toBe(0);
    expect(await commentsOn(task)).toEqual([]);
  });

  test("another organisation's use of an id is theirs alone", async () => {
    const otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
    const probe = await created<{ _id: string }>(
      'foodItem/create-new-one',
      { siteID: ctx.other.site.id, type: 'PROB', name: 'Their probe' },
      otherOwner,
    );
    const clientId = randomUUID();
    const theirs = await ctx.inject<{ data: TemperatureLog }>(
      'POST',
      `${v1}/temperature-logs/create-new-one`,
      {
        token: outsider,
        body: {
          siteID: ctx.other.site.id,
          foodItemID: probe._id,
          logType: 'HOT_WATER',
          celsius: 55,
          readAt: now,
          clientId,
        },
      },
    );
    expect(theirs.statusCode).toBe(200);
    const ours = await reading(aisha, { clientId });
    expect(ours.statusCode).toBe(200);
    expect(ours.json.data._id).not.toBe(theirs.json.data._id);
    expect(ours.json.data.siteID).toBe(brighton());
  });

  test('a clientId that is not a UUID is a 400 naming it', async () => {
    const bad = await reading(aisha, { clientId: 'queue-item-7' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.details?.fieldErrors.clientId).toEqual(['Must be a UUID the app made for this action']);
    const task = await freshTask('Label the prep');
    const badForm = await comment(aisha, { ...ref(task), comment: 'Labelled', clientId: '7' });
    expect(badForm.statusCode).toBe(400);
    expect(badForm.json.details?.fieldErrors.clientId).toEqual([
      'Must be a UUID the app made for this action',
    ]);
  });
});

describe('copies in flight at once', () => {
  test('three copies of each write at once make one record, and all three answer it', async () => {
    const readings = await listed('temperature-logs/web-app-list-for-web');
    const reports = await listed('nearMiss/web-app-list');
    const task = await freshTask('Restock the pass', 2);
    const toComplete = await freshTask('Close the hatch', 1, false);

    const readingId = randomUUID();
    const reportId = randomUUID();
    const tickBody = {
      ...ref(task),
      checkListID: lineOf(task, 0),
      status: 'COMPLETED',
      changedAt: now,
      clientId: randomUUID(),
    };
    const completion = { ...ref(toComplete), completedAt: now, clientId: randomUUID() };
    const commentBody = { ...ref(task), comment: 'Restocked from the store', clientId: randomUUID() };
    const three = <T>(send: () => Promise<T>) => Promise.all([send(), send(), send()]);
    const [readingReplies, reportReplies, tickReplies, commentReplies, completionReplies] = await Promise.all(
      [
        three(() => reading(aisha, { clientId: readingId })),
        three(() => nearMiss(aisha, { clientId: reportId })),
        three(() => tick(aisha, tickBody)),
        three(() => comment(aisha, commentBody)),
        three(() => complete(aisha, completion)),
      ],
    );

    for (const replies of [readingReplies, reportReplies, tickReplies, commentReplies, completionReplies]) {
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(replies.map((reply) => (reply.json.data as { _id: string })._id)).size).toBe(1);
    }
    // Every copy of the completion answers the completed task, whichever came first.
    expect(completionReplies.map((reply) => reply.json.data.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
    ]);
    expect(await listed('temperature-logs/web-app-list-for-web')).toBe(readings + 1);
    expect(await listed('nearMiss/web-app-list')).toBe(reports + 1);
    expect(await commentsOn(task)).toHaveLength(1);
    expect(await changesOf(task)).toBe(1);
    expect(await changesOf(toComplete)).toBe(1);
  });
});

test('a tick that carries its clientId costs no statement more than one that does not', async () => {
  const task = await freshTask('Clean the slicer', 4);
  const lineTick = (index: number, clientId?: string) =>
    tick(aisha, {
      ...ref(task),
      checkListID: lineOf(task, index),
      status: 'COMPLETED',
      changedAt: now,
      ...(clientId ? { clientId } : {}),
    });
  /** The statements one request sends, transactions' begin and commit included. */
  async function statementsOf(send: () => Promise<Reply>): Promise<number> {
    let sent = 0;
    const logged = jest.spyOn(countingLogger, 'logQuery').mockImplementation((query) => {
      // The instance's heartbeat to the others on the database (session-cache.ts) is no request's.
      if (!query.startsWith('select pg_notify(')) sent += 1;
    });
    try {
      expect((await send()).statusCode).toBe(200);
    } finally {
      logged.mockRestore();
    }
    return sent;
  }
  // The first request of a session reads it; the ones measured find it cached.
  await statementsOf(() => lineTick(0));
  const without = await statementsOf(() => lineTick(1));
  const withId = await statementsOf(() => lineTick(2, randomUUID()));
  // The claim goes in the statement that writes the tick (occurrence-changes.ts).
  expect(withId).toBe(without);
});

test('the API document says what clientId does on each of the six calls', async () => {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = (reply.json() as { paths: Record<string, Record<string, { description?: string }>> }).paths;
  const calls = [
    ['put', '/task-new-version/check-list-item-status-change'],
    ['put', '/task-new-version/complete'],
    ['post', '/task-new-version/comment'],
    ['post', '/temperature-logs/create-new-one'],
    ['post', '/comlianceLog/create-new-one'],
    ['post', '/nearMiss/create-new-one'],
  ] as const;
  for (const [method, path] of calls) {
    expect(paths[`${v1}${path}`]?.[method]?.description).toMatch(/`clientId`.*CLIENT_ID_REUSED/s);
  }
});
