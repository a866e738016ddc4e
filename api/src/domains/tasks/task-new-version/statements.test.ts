import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { IndividualTask, LoginResponse, MasterTask, StaffDay } from '@console/shared-sdk/contract';
import { users } from '../../../platform/db/schema.js';
import { historyOf, verifyChain } from '../../../platform/history/history.js';
import { demoLogins, demoPassword } from '../../../demo.js';
import { seedPeople } from '../../people/index.js';
import { makeOccurrencesAhead } from '../occurrence-job.js';
import { createTestContext, fromNewAddress, type Reply, type TestContext } from '../../../test/helper.js';
import { countStatementsWithTransactions } from '../../../test/statements.js';

// What the staff's sync costs the database, counted as the bench counts it (every statement drizzle sends,
// begin and commit included): a phone polls its day in at most two statements, and ticks a line, unticks
// it or completes a task in at most four. That is the ordinary path of a session the instance already
// knows (the session check is then served from memory) and of a day already made (by the background job,
// ahead of time, run here as it runs in production). What happens now and then costs more only when it
// happens: a failed line opens its corrective action, a first read of a day no job made makes it.

const base = '/api/v1/task-new-version';
/** A Tuesday, 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00Z';
const today = '2025-06-10';
/** When the organisation admin made the tasks, earlier that morning. */
const tasksCreatedAt = '2025-06-10T07:00:00Z';

let ctx: TestContext;
/** Aisha's phone (mobile-app-login). */
let aisha: string;
let aishaId: string;
const tasks = {
  closing: {} as MasterTask,
  terrace: {} as MasterTask,
  lockUp: {} as MasterTask,
  otherCellar: {} as MasterTask,
};
/** Sam's phone, in the other organisation. */
let sam: string;

async function mobileLogin(email: string): Promise<string> {
  const reply = await ctx.inject<{ data: LoginResponse }>('POST', '/api/v1/authentication/mobile-app-login', {
    body: { email, password: demoPassword },
    headers: fromNewAddress(),
  });
  if (reply.statusCode !== 200) throw new Error(`mobile login ${email}: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data.accessToken;
}

async function masterTask(
  owner: string,
  body: Record<string, unknown>,
  siteID = ctx.demo.sites.brighton.id,
): Promise<MasterTask> {
  const reply = await ctx.inject<{ data: MasterTask }>('POST', '/api/v1/master-task/create-new-one', {
    token: owner,
    body: {
      siteID,
      schedule: { repeat: 'DAILY', startDate: '2025-06-01' },
      ...body,
    },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const poll = (token = aisha) => ctx.inject<{ data: StaffDay }>('GET', `${base}/today`, { token });
const pollDate = (date: string) =>
  ctx.inject<{ data: StaffDay }>('GET', `${base}/my-tasks`, { token: aisha, query: { date } });

const change = (body: Record<string, unknown>, token = aisha) =>
  ctx.inject<{ data: IndividualTask }>('PUT', `${base}/check-list-item-status-change`, { token, body });
const complete = (body: Record<string, unknown>) =>
  ctx.inject<{ data: IndividualTask }>('PUT', `${base}/complete`, { token: aisha, body });

/** The statements `call` sent, in order, with its reply. */
async function counted<T>(call: () => Promise<Reply<T>>): Promise<{ reply: Reply<T>; statements: string[] }> {
  const counter = countStatementsWithTransactions(ctx.db, ctx.databaseKind);
  try {
    const reply = await call();
    // The instance's heartbeat to the others on the database (session-cache.ts), every few seconds, is no
    // call's; the staff's calls send no notification of their own (task-new-version.test.ts).
    const statements = counter.statements.filter((text) => !text.startsWith('select pg_notify('));
    return { reply, statements };
  } finally {
    counter.stop();
  }
}

async function taskOf(master: MasterTask, token = aisha): Promise<IndividualTask> {
  const reply = await poll(token);
  expect(reply.statusCode).toBe(200);
  const found = reply.json.data.list.find((task) => task.masterTaskID === master._id);
  if (!found) throw new Error(`${master.name} is not in today's list`);
  return found;
}

const ref = (task: IndividualTask) => ({ masterTaskID: task.masterTaskID, individualTaskID: task._id });

function lineOf(task: IndividualTask, index: number): string {
  const line = task.itemCheckList[index];
  if (!line) throw new Error(`${task.name} has no line ${index}`);
  return line._id;
}

const taskHistory = (task: IndividualTask) => historyOf(ctx.db, ctx.demo.organization.id, 'Task', task._id);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(tasksCreatedAt);
  const { organization, sites } = ctx.demo;
  await ctx.db.transaction((tx) => seedPeople(tx, { orgId: organization.id, sites, now: ctx.clock.now() }));
  const [aishaRow] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'aisha.khan@harbourvine.example'));
  if (!aishaRow) throw new Error('Aisha is not in the demo');
  aishaId = aishaRow.id;
  const owner = await ctx.login(demoLogins.organizationAdmin);
  tasks.closing = await masterTask(owner, {
    name: 'Close the kitchen',
    assigneeIDs: [aishaId],
    checkListItems: [{ text: 'Fryer off' }, { text: 'Floor mopped' }, { text: 'Bins out' }],
    schedule: { repeat: 'DAILY', startDate: '2025-06-01', dueTime: '23:00' },
  });
  tasks.terrace = await masterTask(owner, {
    name: 'Sweep the terrace',
    assigneeIDs: [aishaId],
    checkListItems: [{ text: 'Under the benches', required: false }],
    schedule: { repeat: 'DAILY', startDate: '2025-06-01', dueTime: '18:00' },
  });
  tasks.lockUp = await masterTask(owner, {
    name: 'Lock up',
    assigneeIDs: [aishaId],
    checkListItems: [{ text: 'Back door locked' }, { text: 'Alarm set' }],
    schedule: { repeat: 'DAILY', startDate: '2025-06-01', dueTime: '22:00' },
  });
  tasks.otherCellar = await masterTask(
    await ctx.login('owner@other.example'),
    {
      name: 'Check the cellar',
      assigneeIDs: [ctx.other.staff.id],
      checkListItems: [{ text: 'Door shut' }, { text: 'Kegs cold' }],
      schedule: { repeat: 'DAILY', startDate: '2025-06-01', dueTime: '23:00' },
    },
    ctx.other.site.id,
  );
  await makeOccurrencesAhead({ db: ctx.db, clock: ctx.clock, log: { debug: () => {}, error: () => {} } });
  ctx.clock.set(now);
  aisha = await mobileLogin('aisha.khan@harbourvine.example');
  sam = await mobileLogin('staff@other.example');
  // The first call puts the session in the instance's memory, as a phone's first call of the day does:
  // what follows is counted.
  expect((await poll()).statusCode).toBe(200);
});
afterAll(() => ctx.close());

test('a phone polls its day in at most two statements', async () => {
  const { reply, statements } = await counted(poll);
  expect(reply.statusCode).toBe(200);
  expect(reply.json.data.list.map((task) => task.name)).toEqual([
    'Sweep the terrace',
    'Lock up',
    'Close the kitchen',
  ]);
  expect(statements.length).toBeLessThanOrEqual(2);

  // A date asked for by name is the same.
  const named = await counted(() => pollDate(today));
  expect(named.reply.statusCode).toBe(200);
  expect(named.reply.json.data.list).toEqual(reply.json.data.list);
  expect(named.statements.length).toBeLessThanOrEqual(2);
});

test('a tick and an untick are at most four statements each, begin and commit included', async () => {
  const task = await taskOf(tasks.closing);
  const tick = await counted(() =>
    change({
      ...ref(task),
      checkListID: lineOf(task, 0),
      status: 'COMPLETED',
      changedAt: '2025-06-10T09:58:00Z',
      clientId: randomUUID(),
    }),
  );
  expect(tick.reply.statusCode).toBe(200);
  expect(tick.reply.json.data.itemCheckList[0]).toMatchObject({
    status: 'COMPLETED',
    statusChangeOn: '2025-06-10T09:58:00.000Z',
    changedBy: { _id: aishaId, firstName: 'Aisha' },
  });
  expect(tick.statements.length).toBeLessThanOrEqual(4);
  expect(tick.statements[0]).toBe('begin');
  expect(tick.statements.at(-1)).toBe('commit');

  const untick = await counted(() =>
    change({
      ...ref(task),
      checkListID: lineOf(task, 0),
      status: 'PENDING',
      changedAt: '2025-06-10T09:59:00Z',
      clientId: randomUUID(),
    }),
  );
  expect(untick.reply.statusCode).toBe(200);
  expect(untick.reply.json.data.itemCheckList[0]).toMatchObject({ status: 'PENDING' });
  expect(untick.statements.length).toBeLessThanOrEqual(4);

  // Each change is in the task's history, newest first, and the organisation's chain holds.
  expect(
    (await taskHistory(task)).map((entry) => (entry.changes.after as { summary: string }).summary),
  ).toEqual(['"Fryer off" changed from done to pending', '"Fryer off" changed from pending to done']);
  expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
});

test('a completion is at most four statements, and so is the tick that completes a task', async () => {
  const terrace = await taskOf(tasks.terrace);
  const done = await counted(() =>
    complete({ ...ref(terrace), completedAt: '2025-06-10T09:59:00Z', clientId: randomUUID() }),
  );
  expect(done.reply.statusCode).toBe(200);
  expect(done.reply.json.data).toMatchObject({
    status: 'COMPLETED',
    bucket: 'ON_TIME',
    completedAt: '2025-06-10T09:59:00.000Z',
    completedBy: { _id: aishaId },
  });
  expect(done.statements.length).toBeLessThanOrEqual(4);

  const closing = await taskOf(tasks.closing);
  for (const index of [0, 1]) {
    const body = { ...ref(closing), checkListID: lineOf(closing, index), status: 'COMPLETED' };
    expect((await change({ ...body, changedAt: '2025-06-10T09:59:30Z' })).statusCode).toBe(200);
  }
  const last = await counted(() =>
    change({
      ...ref(closing),
      checkListID: lineOf(closing, 2),
      status: 'COMPLETED',
      changedAt: '2025-06-10T09:59:40Z',
      clientId: randomUUID(),
    }),
  );
  expect(last.reply.statusCode).toBe(200);
  expect(last.reply.json.data).toMatchObject({ status: 'COMPLETED', completedBy: { _id: aishaId } });
  expect(last.statements.length).toBeLessThanOrEqual(4);
  expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
});

test('a copy of a write sent again answers as the first did and writes nothing', async () => {
  ctx.clock.set('2025-06-10T10:03:00Z');
  const closing = await taskOf(tasks.closing);
  const body = {
    ...ref(closing),
    checkListID: lineOf(closing, 0),
    status: 'PENDING',
    changedAt: '2025-06-10T10:02:00Z',
    reason: 'The fryer was still warm',
    clientId: randomUUID(),
  };
  const first = await change(body);
  expect(first.statusCode).toBe(200);
  const entries = (await taskHistory(closing)).length;
  const again = await change(body);
  expect(again.statusCode).toBe(200);
  expect(again.json.data).toEqual(first.json.data);
  expect(await taskHistory(closing)).toHaveLength(entries);
});

test('a failed line costs what its corrective action needs, and its words are kept exactly', async () => {
  ctx.clock.set('2025-06-10T10:06:00Z');
  const closing = await taskOf(tasks.closing);
  const failed = await counted(() =>
    change({
      ...ref(closing),
      checkListID: lineOf(closing, 0),
      status: 'FAILED',
      comment: 'Huile à 190 °C — trop chaude',
      changedAt: '2025-06-10T10:05:00Z',
      reason: 'Checked again',
      clientId: randomUUID(),
    }),
  );
  expect(failed.reply.statusCode).toBe(200);
  // More than an ordinary tick: the action and its own history entry are written only when a line fails.
  expect(failed.statements.length).toBeGreaterThan(4);
  const [latest] = await taskHistory(closing);
  expect(latest?.changes.after).toMatchObject({
    items: expect.arrayContaining([
      expect.objectContaining({ status: 'FAILED', comment: 'Huile à 190 °C — trop chaude' }),
    ]),
  });
  expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
});

test('two ticks of one task at once are both kept, each in the history', async () => {
  ctx.clock.set('2025-06-10T10:09:00Z');
  const closing = await taskOf(tasks.closing);
  const entries = (await taskHistory(closing)).length;
  const replies = await Promise.all(
    [1, 2].map((index) =>
      change({
        ...ref(closing),
        checkListID: lineOf(closing, index),
        status: 'PENDING',
        changedAt: '2025-06-10T10:08:00Z',
        reason: 'Done again at close',
        clientId: randomUUID(),
      }),
    ),
  );
  expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
  const after = await taskOf(tasks.closing);
  expect(after.itemCheckList.map((line) => line.status)).toEqual(['FAILED', 'PENDING', 'PENDING']);
  expect(await taskHistory(closing)).toHaveLength(entries + 2);
  expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
});

describe('statements prepared once', () => {
  // On PostgreSQL a change's two statements (its read and its write, one per shape of write) are prepared
  // once per connection and then run with each change's values: a statement kept from one change must
  // write and answer the next with its own task, line, person, time and organisation.
  const lastEntry = async (task: IndividualTask, orgId: string) => {
    const [entry] = await historyOf(ctx.db, orgId, 'Task', task._id);
    return entry && { actorName: entry.actorName, at: entry.at.toISOString(), changes: entry.changes.after };
  };

  test('each change of one shape writes and answers its own task, line, person, time and organisation', async () => {
    ctx.clock.set('2025-06-10T10:12:00Z');
    const lockUp = await taskOf(tasks.lockUp);
    const cellar = await taskOf(tasks.otherCellar, sam);
    const tick = (task: IndividualTask, line: number, changedAt: string, token: string) =>
      change(
        {
          ...ref(task),
          checkListID: lineOf(task, line),
          status: 'COMPLETED',
          changedAt,
          clientId: randomUUID(),
        },
        token,
      );

    const aishaTicks = await tick(lockUp, 0, '2025-06-10T10:10:00Z', aisha);
    const samTicks = await tick(cellar, 0, '2025-06-10T10:11:00Z', sam);
    expect(aishaTicks.statusCode).toBe(200);
    expect(samTicks.statusCode).toBe(200);
    expect(aishaTicks.json.data).toMatchObject({ _id: lockUp._id, status: 'PENDING' });
    expect(aishaTicks.json.data.itemCheckList.map((line) => line.status)).toEqual(['COMPLETED', 'PENDING']);
    expect(aishaTicks.json.data.itemCheckList[0]).toMatchObject({
      statusChangeOn: '2025-06-10T10:10:00.000Z',
      changedBy: { _id: aishaId, firstName: 'Aisha' },
    });
    expect(samTicks.json.data).toMatchObject({ _id: cellar._id, status: 'PENDING' });
    expect(samTicks.json.data.itemCheckList.map((line) => line.status)).toEqual(['COMPLETED', 'PENDING']);
    expect(samTicks.json.data.itemCheckList[0]).toMatchObject({
      statusChangeOn: '2025-06-10T10:11:00.000Z',
      changedBy: { _id: ctx.other.staff.id, firstName: 'Sam' },
    });
    expect(await lastEntry(lockUp, ctx.demo.organization.id)).toMatchObject({
      actorName: 'Aisha Khan',
      at: '2025-06-10T10:12:00.000Z',
      changes: { summary: '"Back door locked" changed from pending to done' },
    });
    expect(await lastEntry(cellar, ctx.other.organization.id)).toMatchObject({
      actorName: 'Sam Other',
      changes: { summary: '"Door shut" changed from pending to done' },
    });

    // The last lines complete both tasks: the completing shape, with the tasks' alerts acknowledged.
    ctx.clock.set('2025-06-10T10:14:00Z');
    const aishaCompletes = await tick(lockUp, 1, '2025-06-10T10:13:00Z', aisha);
    const samCompletes = await tick(cellar, 1, '2025-06-10T10:13:30Z', sam);
    expect(aishaCompletes.json.data).toMatchObject({
      status: 'COMPLETED',
      completedAt: '2025-06-10T10:13:00.000Z',
      completedBy: { _id: aishaId },
    });
    expect(samCompletes.json.data).toMatchObject({
      status: 'COMPLETED',
      completedAt: '2025-06-10T10:13:30.000Z',
      completedBy: { _id: ctx.other.staff.id },
    });
    expect(await lastEntry(cellar, ctx.other.organization.id)).toMatchObject({
      actorName: 'Sam Other',
      at: '2025-06-10T10:14:00.000Z',
      changes: {
        summary: '"Kegs cold" changed from pending to done, completing the task',
        status: 'COMPLETED',
      },
    });
    // Each organisation's chain holds: each entry was linked to its own organisation's end.
    expect(await verifyChain(ctx.db, ctx.demo.organization.id)).toMatchObject({ valid: true });
    expect(await verifyChain(ctx.db, ctx.other.organization.id)).toMatchObject({ valid: true });
    // The other organisation's phone cannot reach this organisation's task through a kept statement.
    const foreign = await tick(await taskOf(tasks.closing), 0, '2025-06-10T10:13:45Z', sam);
    expect(foreign.statusCode).toBe(404);

    if (ctx.databaseKind === 'postgres') {
      // The statements were prepared: the pool's connections hold them by name.
      const pool: unknown = Reflect.get(ctx.db, '$client');
      const clients = (Reflect.get(pool as object, '_clients') ?? []) as {
        connection: { parsedStatements: Record<string, string> };
      }[];
      const names = clients.flatMap((client) => Object.keys(client.connection.parsedStatements));
      expect(names.some((name) => name.startsWith('task_load_for_change_'))).toBe(true);
      expect(names.some((name) => name.startsWith('task_change_'))).toBe(true);
    }
  });
});
