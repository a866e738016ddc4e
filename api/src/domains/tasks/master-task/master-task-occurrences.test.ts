import { and, asc, eq } from 'drizzle-orm';
import type { MasterTask } from '@console/shared-sdk/contract';
import { individualTasks, taskComments, type OccurrenceItemRecord } from '../schema.js';
import { users } from '../../../platform/db/schema.js';
import { historyOf } from '../../../platform/history/history.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { ensureOccurrences } from '../occurrences.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

// What deleting and editing a master task does to its occurrences. Occurrences are inserted directly, as
// staff would have left them, so each case says exactly which ones were used.

const base = '/api/v1/master-task';
const missingId = '01890000-0000-7000-8000-000000000000';
/** A Tuesday: 11:00 in Brighton (BST), 06:00 in Brooklyn. */
const now = '2025-06-10T10:00:00Z';
const today = '2025-06-10';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let aisha: string;

const brighton = () => ctx.demo.sites.brighton.id;

async function created(change: Record<string, unknown> = {}, token = owner): Promise<MasterTask> {
  const reply = await ctx.inject<{ data: MasterTask }>('POST', `${base}/create-new-one`, {
    token,
    body: {
      siteID: brighton(),
      name: 'Check the walk-in fridge',
      checkListItems: [{ text: 'Read the display' }, { text: 'Door seal clean' }],
      schedule: { repeat: 'DAILY', startDate: '2025-06-01', dueTime: '09:00' },
      ...change,
    },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

/**
 * A master task created before its start date (1 June), the clock put back to `now` after. Created today
 * it would make nothing before today: those days are settled (DOMAIN.md "Tasks").
 */
async function createdBeforeItStarts(change: Record<string, unknown> = {}): Promise<MasterTask> {
  ctx.clock.set('2025-05-31T12:00:00Z');
  try {
    return await created(change);
  } finally {
    ctx.clock.set(now);
  }
}

type Occurrence = Partial<typeof individualTasks.$inferInsert>;

/** An occurrence as the occurrence maker leaves it (PENDING, nothing ticked), with `change` applied. */
async function occurrence(task: MasterTask, taskDate: string, change: Occurrence = {}): Promise<string> {
  const id = newId();
  const at = ctx.clock.now();
  await ctx.db.insert(individualTasks).values({
    id,
    orgId: task.orgId,
    siteId: task.siteID,
    masterTaskId: task._id,
    taskDate,
    opensAt: new Date(`${taskDate}T00:00:00+01:00`),
    expireOn: new Date(`${taskDate}T09:00:00+01:00`),
    items: task.checkListItems.map((item): OccurrenceItemRecord => ({
      id: item._id,
      text: item.text,
      required: item.required,
      photoRequired: item.photoRequired,
      status: 'PENDING',
      statusChangeOn: null,
      changedBy: null,
      comment: null,
    })),
    createdAt: at,
    updatedAt: at,
    ...change,
  });
  return id;
}

/** Items of `task` with the first one ticked by Aisha. */
const ticked = (task: MasterTask): OccurrenceItemRecord[] =>
  task.checkListItems.map((item, index) => ({
    id: item._id,
    text: item.text,
    required: item.required,
    photoRequired: item.photoRequired,
    status: index === 0 ? 'COMPLETED' : 'PENDING',
    statusChangeOn: index === 0 ? '2025-06-10T08:12:00.000Z' : null,
    changedBy: index === 0 ? aisha : null,
    comment: null,
  }));

async function commentOn(task: MasterTask, individualTaskId: string) {
  await ctx.db.insert(taskComments).values({
    id: newId(),
    orgId: task.orgId,
    siteId: task.siteID,
    individualTaskId,
    type: 'TEXT',
    text: 'Seal is torn at the bottom',
    authorId: aisha,
    createdAt: ctx.clock.now(),
  });
}

/** The task's occurrences as date → status. */
async function statuses(task: MasterTask): Promise<Record<string, string>> {
  const rows = await ctx.db
    .select({ taskDate: individualTasks.taskDate, status: individualTasks.status })
    .from(individualTasks)
    .where(eq(individualTasks.masterTaskId, task._id))
    .orderBy(asc(individualTasks.taskDate));
  return Object.fromEntries(rows.map((row) => [row.taskDate, row.status]));
}

const remove = (query: Record<string, string>, token = owner) =>
  ctx.inject('DELETE', `${base}/delete-one`, { token, query });

const find = (id: string, token = owner) =>
  ctx.inject<{ data: MasterTask }>('GET', `${base}/find-one/${id}`, { token });

const history = (task: MasterTask) => historyOf(ctx.db, task.orgId, 'MasterTask', task._id);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
  const [person] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'aisha.khan@harbourvine.example'));
  aisha = person?.id ?? '';
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

describe('delete-one, this and future days (FUTURE, the default)', () => {
  test('stops the task from the date: untouched ones become DELETED, used and past ones stay', async () => {
    const task = await createdBeforeItStarts();
    await occurrence(task, '2025-06-09');
    await occurrence(task, '2025-06-10');
    await occurrence(task, '2025-06-11', {
      status: 'COMPLETED',
      completedAt: new Date('2025-06-11T07:55:00Z'),
      completedBy: aisha,
      items: ticked(task),
    });
    await occurrence(task, '2025-06-12', { items: ticked(task) });
    await commentOn(task, await occurrence(task, '2025-06-13'));
    await occurrence(task, '2025-06-14');
    await occurrence(task, '2025-06-15', { status: 'REPORTED' });

    const reply = await remove({ masterTaskID: task._id, date: today });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Master task deleted from 2025-06-10 on');
    expect(await statuses(task)).toEqual({
      '2025-06-09': 'PENDING',
      '2025-06-10': 'DELETED',
      '2025-06-11': 'COMPLETED',
      '2025-06-12': 'PENDING',
      '2025-06-13': 'PENDING',
      '2025-06-14': 'DELETED',
      '2025-06-15': 'REPORTED',
    });
    const found = await find(task._id);
    expect(found.statusCode).toBe(200);
    expect(found.json.data.stoppedFrom).toBe(today);

    // Nothing is made on or after the date any more; earlier missing days (of a task that existed then)
    // still are.
    await ensureOccurrences(
      ctx.db,
      { masterTaskIds: [task._id] },
      '2025-06-01',
      '2025-06-30',
      ctx.clock.now(),
    );
    const after = await statuses(task);
    expect(Object.keys(after).filter((date) => date >= '2025-06-16')).toEqual([]);
    expect(after['2025-06-01']).toBe('PENDING');

    const [entry] = await history(task);
    expect(entry).toMatchObject({
      action: 'update',
      reason: 'Deleted from 2025-06-10 on',
      actorName: 'Olivia Bennett',
    });
    expect(entry?.changes.before).toMatchObject({ stoppedFrom: null });
    expect(entry?.changes.after).toMatchObject({ stoppedFrom: today });
  });

  test('a later stop keeps the earlier one', async () => {
    const task = await created();
    expect((await remove({ masterTaskID: task._id, date: '2025-06-12', scope: 'FUTURE' })).statusCode).toBe(
      200,
    );
    expect((await remove({ masterTaskID: task._id, date: '2025-06-20' })).statusCode).toBe(200);
    expect((await find(task._id)).json.data.stoppedFrom).toBe('2025-06-12');
  });

  test('from the start date or earlier, the master task itself is deleted too', async () => {
    const starting = await created({ schedule: { repeat: 'DAILY', startDate: today, dueTime: '09:00' } });
    await occurrence(starting, today);
    await occurrence(starting, '2025-06-11', { items: ticked(starting) });
    const reply = await remove({ masterTaskID: starting._id, date: today });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Master task deleted');
    expect((await find(starting._id)).statusCode).toBe(404);
    expect(await statuses(starting)).toEqual({ [today]: 'DELETED', '2025-06-11': 'PENDING' });
    const [entry] = await history(starting);
    expect(entry).toMatchObject({ action: 'delete', reason: 'Deleted from 2025-06-10 on' });
    expect(entry?.changes.after).toBeNull();

    const later = await created({ schedule: { repeat: 'ONCE', startDate: '2025-06-20', dueTime: '09:00' } });
    expect((await remove({ masterTaskID: later._id, date: '2025-06-15' })).statusCode).toBe(200);
    expect((await find(later._id)).statusCode).toBe(404);
    // A deleted task cannot be deleted again: it is gone.
    expect((await remove({ masterTaskID: later._id, date: '2025-06-15' })).statusCode).toBe(404);
  });
});

describe('delete-one, this day only (ONE)', () => {
  test('only that day’s occurrence becomes DELETED, whatever state it was in; the task goes on', async () => {
    const task = await created();
    await occurrence(task, '2025-06-11', { items: ticked(task) });
    await occurrence(task, '2025-06-12');
    const reply = await remove({ masterTaskID: task._id, date: '2025-06-11', scope: 'ONE' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('The task of 2025-06-11 was deleted');
    expect(await statuses(task)).toEqual({ '2025-06-11': 'DELETED', '2025-06-12': 'PENDING' });
    expect((await find(task._id)).json.data.stoppedFrom).toBeNull();
    const [entry] = await history(task);
    expect(entry).toMatchObject({ action: 'update', reason: 'The task of 2025-06-11 deleted' });
  });

  test('a day not made yet is made first, so it stays deleted when the days are made', async () => {
    const task = await created();
    expect((await remove({ masterTaskID: task._id, date: '2025-06-18', scope: 'ONE' })).statusCode).toBe(200);
    expect(await statuses(task)).toEqual({ '2025-06-18': 'DELETED' });
    // Two days later the making horizon (the site's today + 7 days) reaches the 19th.
    await ensureOccurrences(
      ctx.db,
      { masterTaskIds: [task._id] },
      '2025-06-17',
      '2025-06-19',
      new Date('2025-06-12T10:00:00Z'),
    );
    expect(await statuses(task)).toEqual({
      '2025-06-17': 'PENDING',
      '2025-06-18': 'DELETED',
      '2025-06-19': 'PENDING',
    });
  });

  test('a day the task does not happen on is a 400 on date', async () => {
    const mondays = await created({
      schedule: { repeat: 'WEEKLY', startDate: '2025-06-01', weekdays: [1], dueTime: '09:00' },
    });
    const reply = await remove({ masterTaskID: mondays._id, date: '2025-06-11', scope: 'ONE' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.date).toEqual(['The task does not happen on this date']);
    expect(await statuses(mondays)).toEqual({});
    expect(await history(mondays)).toHaveLength(1);
  });
});

describe('delete-one: dates, ids and who may', () => {
  test('a past day of the site is a 400 on date and changes nothing', async () => {
    const task = await created();
    await occurrence(task, '2025-06-09');
    for (const scope of ['ONE', 'FUTURE']) {
      const reply = await remove({ masterTaskID: task._id, date: '2025-06-09', scope });
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors.date).toEqual([
        'A past day’s tasks are kept; choose today or a later date',
      ]);
    }
    expect(await statuses(task)).toEqual({ '2025-06-09': 'PENDING' });
    expect((await find(task._id)).json.data.stoppedFrom).toBeNull();
  });

  test('“today” is the site’s own local date', async () => {
    // 02:00 UTC on the 11th: already the 11th in Brighton, still the 10th in Brooklyn.
    ctx.clock.set('2025-06-11T02:00:00Z');
    const token = await ctx.login(demoLogins.organizationAdmin);
    const brooklyn = await created({ siteID: ctx.demo.sites.brooklyn.id }, token);
    const inBrighton = await created({}, token);
    expect(brooklyn.timeZoneId).toBe('America/New_York');
    expect((await remove({ masterTaskID: inBrighton._id, date: today }, token)).statusCode).toBe(400);
    expect((await remove({ masterTaskID: brooklyn._id, date: today }, token)).statusCode).toBe(200);
  });

  test.each([
    ['masterTaskID', { masterTaskID: 'fridge', date: today }],
    ['date', { masterTaskID: missingId, date: '10/06/2025' }],
    ['scope', { masterTaskID: missingId, date: today, scope: 'ALL' }],
  ])('a malformed %s is a 400 naming it', async (field, query) => {
    const reply = await remove(query);
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty(field);
  });

  test('another organisation’s task is 404 like a missing one, and is left alone', async () => {
    const theirs = await created({ siteID: ctx.other.site.id }, otherOwner);
    await occurrence(theirs, today);
    for (const masterTaskID of [theirs._id, missingId]) {
      const reply = await remove({ masterTaskID, date: today });
      expect(reply.statusCode).toBe(404);
      expect(reply.json.message).toBe('Master task not found');
    }
    expect(await statuses(theirs)).toEqual({ [today]: 'PENDING' });
    expect((await find(theirs._id, otherOwner)).json.data.stoppedFrom).toBeNull();
  });

  test('a site admin deletes on its own site only (403 elsewhere); no token is a 401', async () => {
    const manchester = await created({ siteID: ctx.demo.sites.manchester.id });
    await occurrence(manchester, today);
    expect((await remove({ masterTaskID: manchester._id, date: today }, manager)).statusCode).toBe(403);
    expect(await statuses(manchester)).toEqual({ [today]: 'PENDING' });

    const own = await created({}, manager);
    expect((await remove({ masterTaskID: own._id, date: '2025-06-12' }, manager)).statusCode).toBe(200);

    const anonymous = await ctx.inject('DELETE', `${base}/delete-one`, {
      query: { masterTaskID: own._id, date: today },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('update-one and the occurrences already made', () => {
  async function withDays() {
    const task = await created();
    await occurrence(task, '2025-06-09');
    await occurrence(task, today);
    await occurrence(task, '2025-06-11', { items: ticked(task) });
    await occurrence(task, '2025-06-12');
    await commentOn(task, await occurrence(task, '2025-06-13'));
    await occurrence(task, '2025-06-14', {
      status: 'COMPLETED',
      completedAt: new Date('2025-06-14T07:00:00Z'),
      completedBy: aisha,
    });
    return task;
  }
  const used = {
    '2025-06-09': 'PENDING',
    '2025-06-11': 'PENDING',
    '2025-06-13': 'PENDING',
    '2025-06-14': 'COMPLETED',
  };
  const save = (task: MasterTask, change: Record<string, unknown>) =>
    ctx.inject<{ data: MasterTask }>('PUT', `${base}/update-one`, {
      token: owner,
      body: {
        _id: task._id,
        name: task.name,
        checkListItems: task.checkListItems,
        schedule: task.schedule,
        ...change,
      },
    });

  test('a new schedule removes the untouched ones from the site’s today on, and only those', async () => {
    const task = await withDays();
    const reply = await save(task, { schedule: { ...task.schedule, dueTime: '10:30' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.schedule.dueTime).toBe('10:30');
    expect(await statuses(task)).toEqual(used);
  });

  test('a day already made is made again to a new schedule when it is next read', async () => {
    const task = await createdBeforeItStarts();
    // Made from the start date, as the background job makes them: those dates are not looked at again…
    const made = await ensureOccurrences(
      ctx.db,
      { masterTaskIds: [task._id] },
      '2025-06-01',
      '2025-06-14',
      new Date(now),
    );
    expect(made).toBe(14);
    const dueAt = async (date: string) => {
      const [row] = await ctx.db
        .select({ expireOn: individualTasks.expireOn })
        .from(individualTasks)
        .where(and(eq(individualTasks.masterTaskId, task._id), eq(individualTasks.taskDate, date)));
      return row?.expireOn.toISOString();
    };
    expect(await dueAt('2025-06-12')).toBe('2025-06-12T08:00:00.000Z');
    expect((await save(task, { schedule: { ...task.schedule, dueTime: '10:30' } })).statusCode).toBe(200);
    // …but a new schedule takes that back from the site's today: the next read makes them at 10:30.
    expect(
      await ensureOccurrences(
        ctx.db,
        { masterTaskIds: [task._id] },
        '2025-06-01',
        '2025-06-14',
        new Date(now),
      ),
    ).toBe(5);
    expect(await dueAt('2025-06-12')).toBe('2025-06-12T09:30:00.000Z');
    expect(await dueAt('2025-06-09')).toBe('2025-06-09T08:00:00.000Z');
  });

  test('a changed checklist does too', async () => {
    const task = await withDays();
    const reply = await save(task, { checkListItems: [...task.checkListItems, { text: 'Log the reading' }] });
    expect(reply.statusCode).toBe(200);
    expect(await statuses(task)).toEqual(used);
    const [item] = await ctx.db
      .select({ items: individualTasks.items })
      .from(individualTasks)
      .where(and(eq(individualTasks.masterTaskId, task._id), eq(individualTasks.taskDate, '2025-06-11')));
    // What staff ticked stays what they saw.
    expect(item?.items).toHaveLength(2);
  });

  test('a new name, description or assignees leaves every occurrence', async () => {
    const task = await withDays();
    const before = await statuses(task);
    const reply = await save(task, { name: 'Check the walk-in fridges', description: 'Both doors' });
    expect(reply.statusCode).toBe(200);
    expect(await statuses(task)).toEqual(before);
    expect(Object.keys(before)).toHaveLength(6);
  });
});
