import { and, eq, sql } from 'drizzle-orm';
import type { RecordCheck, RecordMismatch } from '@console/shared-sdk/contract';
import { individualTasks, masterTasks, recordTaskBaselines } from '../../tasks/index.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { createOccurrence, type Occurrence } from '../../../test/tasks.js';

// The record-history check over task occurrences (issue 23): what the console does to an occurrence keeps
// it intact (every change it makes writes the occurrence's history; one nobody has used has none), and a
// completion written, changed or removed in the database directly is named.

/** A Tuesday: 11:00 in Brighton (BST), whose today is 2025-06-10. */
const now = '2025-06-10T10:00:00.000Z';
const today = '2025-06-10';
const minutes = (n: number) => n * 60_000;
const before = (ms: number) => new Date(new Date(now).getTime() - ms).toISOString();
/** Today's local midnight in Brighton: the tasks here existed from then. */
const startOfToday = '2025-06-09T23:00:00.000Z';

let ctx: TestContext;
let owner: string;

const brighton = () => ctx.demo.sites.brighton.id;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  owner = await ctx.login(demoLogins.organizationAdmin);
});
beforeEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

async function checked(): Promise<RecordCheck> {
  const reply = await ctx.inject<{ data: RecordCheck }>('GET', '/api/v1/record-history/check', {
    token: owner,
    query: { siteID: brighton() },
  });
  if (reply.statusCode !== 200) throw new Error(`checking: ${reply.raw}`);
  return reply.json.data;
}

const tasksOf = (result: RecordCheck) => result.subjects.find((subject) => subject.subject === 'Task');

/**
 * Today's occurrence of a new master task, its task dated back to the start of today so that an earlier
 * time of today may be recorded for it.
 */
async function occurrence(name: string, items = [{ text: 'Read the display', required: true }]) {
  const made = await createOccurrence(
    ctx,
    owner,
    {
      siteID: brighton(),
      name,
      checkListItems: items,
      schedule: { repeat: 'ONCE', startDate: today, dueTime: '20:00' },
    },
    today,
  );
  await ctx.db
    .update(masterTasks)
    .set({ createdAt: new Date(startOfToday) })
    .where(eq(masterTasks.id, made.masterTaskID));
  return made;
}

const ref = (task: Occurrence) => ({
  masterTaskID: task.masterTaskID,
  individualTaskID: task.individualTaskID,
});

async function tick(task: Occurrence, text: string, extra: Record<string, unknown> = {}) {
  const line = task.master.checkListItems.find((item) => item.text === text);
  if (!line) throw new Error(`no line "${text}"`);
  const reply = await ctx.inject('PUT', '/api/v1/individual-task/check-list-item-status-change', {
    token: owner,
    body: { ...ref(task), checkListID: line._id, status: 'COMPLETED', ...extra },
  });
  expect(reply.statusCode).toBe(200);
}

async function setStatus(task: Occurrence, body: Record<string, unknown>) {
  const reply = await ctx.inject('PUT', '/api/v1/individual-task/task-status-complete', {
    token: owner,
    body: { ...ref(task), ...body },
  });
  expect(reply.statusCode).toBe(200);
}

async function rowOf(task: Occurrence) {
  const [row] = await ctx.db
    .select()
    .from(individualTasks)
    .where(eq(individualTasks.id, task.individualTaskID));
  if (!row) throw new Error('the occurrence is gone');
  return row;
}

const taskMismatches = (result: RecordCheck): Map<string, RecordMismatch> =>
  new Map(
    result.mismatches
      .filter((mismatch) => mismatch.subject === 'Task')
      .map((mismatch) => [mismatch.recordID, mismatch]),
  );

test('an occurrence nobody has used has no history, and is fine: it is not counted', async () => {
  await occurrence('Untouched check');
  const result = await checked();
  expect(result.intact).toBe(true);
  expect(tasksOf(result)).toEqual({ subject: 'Task', checked: 0, mismatched: 0 });
});

test('completing, ticking, correcting after the fact, reporting, reopening and deleting through the console keep the tasks intact', async () => {
  // Ticked line by line until it completes, then reopened with a reason.
  const ticked = await occurrence('Fridge temperatures AM', [
    { text: 'Read the display', required: true },
    { text: 'Wipe the seals', required: true },
  ]);
  await tick(ticked, 'Read the display');
  ctx.clock.advance(minutes(1));
  await tick(ticked, 'Wipe the seals');
  expect((await rowOf(ticked)).status).toBe('COMPLETED');
  ctx.clock.advance(minutes(1));
  await setStatus(ticked, { status: 'PENDING', reason: 'Seals were not wiped' });

  // Completed at an earlier time with a reason: a correction entered after the fact.
  const corrected = await occurrence('Opening checks', [{ text: 'Lights on', required: false }]);
  await setStatus(corrected, {
    status: 'COMPLETED',
    completedAt: before(minutes(30)),
    reason: 'Done on the paper sheet',
  });
  expect((await rowOf(corrected)).enteredAfterTheFact).toBe(true);

  // Completed, then deleted for this day only: the master task's history keeps the deletion.
  const deleted = await occurrence('Probe calibration', [{ text: 'Boiling water', required: false }]);
  await setStatus(deleted, { status: 'COMPLETED' });
  const removed = await ctx.inject('DELETE', '/api/v1/master-task/delete-one', {
    token: owner,
    query: { masterTaskID: deleted.masterTaskID, date: today, scope: 'ONE' },
  });
  expect(removed.statusCode).toBe(200);
  expect((await rowOf(deleted)).status).toBe('DELETED');

  // Reported and reopened, it reads as made again; a new checklist then removes it to be made again.
  const reported = await occurrence('Delivery intake');
  await setStatus(reported, { status: 'REPORTED' });
  await setStatus(reported, { status: 'PENDING' });
  const saved = await ctx.inject('PUT', '/api/v1/master-task/update-one', {
    token: owner,
    body: {
      _id: reported.masterTaskID,
      name: reported.master.name,
      checkListItems: [...reported.master.checkListItems, { text: 'Check the dates' }],
      schedule: reported.master.schedule,
    },
  });
  expect(saved.statusCode).toBe(200);
  const [gone] = await ctx.db
    .select({ id: individualTasks.id })
    .from(individualTasks)
    .where(eq(individualTasks.id, reported.individualTaskID));
  expect(gone).toBeUndefined();

  const result = await checked();
  expect(result.mismatches).toEqual([]);
  expect(result.intact).toBe(true);
  // The ticked, the corrected and the deleted one; the reported one is gone, and its remake unused.
  expect(tasksOf(result)).toEqual({ subject: 'Task', checked: 3, mismatched: 0 });
});

test('a completion changed, made or removed in the database directly is named, with what differs', async () => {
  const changed = await occurrence('Fridge temperatures PM', [{ text: 'Read the display', required: false }]);
  await setStatus(changed, { status: 'COMPLETED' });
  await ctx.db.execute(
    sql`update individual_tasks set completed_at = completed_at - interval '1 hour' where id = ${changed.individualTaskID}`,
  );

  // Completed in the database, never through the console: no history.
  const madeDone = await occurrence('Closing checks', [{ text: 'Lights off', required: false }]);
  await ctx.db
    .update(individualTasks)
    .set({ status: 'COMPLETED', completedAt: new Date(before(minutes(5))), syncedAt: new Date(now) })
    .where(eq(individualTasks.id, madeDone.individualTaskID));
  // A completion copied in under a new id, for yesterday.
  const model = await rowOf(changed);
  const insertedId = newId();
  await ctx.db.insert(individualTasks).values({ ...model, id: insertedId, taskDate: '2025-06-09' });

  // A completion removed outright: the console only ever removes occurrences nobody has used.
  const removed = await occurrence('Hot holding at lunch', [{ text: 'Probe the dish', required: false }]);
  await setStatus(removed, { status: 'COMPLETED' });
  await ctx.db.delete(individualTasks).where(eq(individualTasks.id, removed.individualTaskID));

  // Marked deleted in the database: the console deletes a completed day's task too (delete-one ONE),
  // without a Task entry, so this is not claimed.
  const markedDeleted = await occurrence('Allergen board', [{ text: 'Check the board', required: false }]);
  await setStatus(markedDeleted, { status: 'COMPLETED' });
  await ctx.db
    .update(individualTasks)
    .set({ status: 'DELETED' })
    .where(eq(individualTasks.id, markedDeleted.individualTaskID));

  const result = await checked();
  expect(result.intact).toBe(false);
  expect(result.chain.valid).toBe(true);
  const byRecord = taskMismatches(result);
  expect(byRecord.get(changed.individualTaskID)).toEqual({
    subject: 'Task',
    recordID: changed.individualTaskID,
    label: 'Fridge temperatures PM on 10 Jun 2025',
    problem: 'CHANGED',
    fields: ['completedAt'],
  });
  expect(byRecord.get(madeDone.individualTaskID)).toMatchObject({
    label: 'Closing checks on 10 Jun 2025',
    problem: 'NO_HISTORY',
    fields: [],
  });
  expect(byRecord.get(insertedId)).toMatchObject({
    label: 'Fridge temperatures PM on 9 Jun 2025',
    problem: 'NO_HISTORY',
  });
  expect(byRecord.get(removed.individualTaskID)).toMatchObject({
    label: 'A task completed at 10 Jun 2025, 11:00',
    problem: 'DELETED',
  });
  expect(byRecord.has(markedDeleted.individualTaskID)).toBe(false);
  expect(byRecord.size).toBe(4);
  expect(tasksOf(result)?.mismatched).toBe(4);
  // The logs are not disturbed by the tasks.
  expect(result.subjects.filter((subject) => subject.subject !== 'Task' && subject.mismatched > 0)).toEqual(
    [],
  );
});

test('an upgrade keeps each task used before every change was kept, as found, once: the check then holds, and later starts skip the scan', async () => {
  const found = taskMismatches(await checked());
  const unrecorded = [...found.values()].filter((mismatch) => mismatch.problem === 'NO_HISTORY');
  expect(unrecorded.length).toBe(2);
  // A server shutting down before a batch leaves the work to its next start.
  expect(await recordTaskBaselines(ctx.db, ctx.clock.now(), { stopping: () => true })).toBe(0);
  expect(taskMismatches(await checked()).size).toBe(found.size);
  const progress: number[] = [];
  const written = await recordTaskBaselines(ctx.db, ctx.clock.now(), {
    onProgress: (count) => progress.push(count),
  });
  expect(written).toBe(2);
  expect(progress).toEqual([2]);
  const result = await checked();
  expect(result.chain.valid).toBe(true);
  const left = taskMismatches(result);
  expect([...left.values()].filter((mismatch) => mismatch.problem === 'NO_HISTORY')).toEqual([]);
  // What was changed or removed behind the console's back stays named.
  expect([...left.values()].map((mismatch) => mismatch.problem).sort()).toEqual(['CHANGED', 'DELETED']);

  // Done once for the database: a completion copied in since is not taken as found, and stays named.
  const [model] = await ctx.db
    .select()
    .from(individualTasks)
    .where(and(eq(individualTasks.siteId, brighton()), eq(individualTasks.status, 'COMPLETED')))
    .limit(1);
  const copiedId = newId();
  await ctx.db.insert(individualTasks).values({ ...model!, id: copiedId, taskDate: '2025-06-08' });
  expect(await recordTaskBaselines(ctx.db, ctx.clock.now())).toBe(0);
  expect(taskMismatches(await checked()).get(copiedId)?.problem).toBe('NO_HISTORY');
});

test('a site with more occurrences than one read takes has every one of them checked', async () => {
  const before = tasksOf(await checked());
  // Completions copied in behind the console's back for every earlier date of the range, of thirteen
  // tasks: more than one read of the check holds.
  const models: (typeof individualTasks.$inferSelect)[] = [];
  for (let index = 0; index < 13; index += 1) {
    const made = await occurrence(`Walk-round ${index + 1}`, [{ text: 'Walk round', required: false }]);
    await setStatus(made, { status: 'COMPLETED' });
    models.push(await rowOf(made));
  }
  const dates = Array.from({ length: 89 }, (_, days) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - (days + 1) * 86_400_000).toISOString().slice(0, 10),
  );
  const copies = models.flatMap((model) => dates.map((taskDate) => ({ ...model, id: newId(), taskDate })));
  await ctx.db.insert(individualTasks).values(copies);
  const after = tasksOf(await checked());
  expect(copies.length).toBeGreaterThan(1000);
  expect(after?.checked).toBe((before?.checked ?? 0) + 13 + copies.length);
  expect(after?.mismatched).toBe((before?.mismatched ?? 0) + copies.length);
});
