import { eq } from 'drizzle-orm';
import type { IndividualTask, MasterTask, TaskRef, TaskView } from '@console/shared-sdk/contract';
import { individualTasks, masterTasks } from '../schema.js';
import { sites, users } from '../../../platform/db/schema.js';
import { historyOf } from '../../../platform/history/history.js';
import { refusedOnMobile } from '../../../platform/auth/guard.js';
import { demoLogins, demoPassword } from '../../../demo.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';
import { tinyPng as png } from '../../../test/files.js';
import { createOccurrence, type Occurrence } from '../../../test/tasks.js';

// The console's admins moving an occurrence: its checklist lines
// (PUT /individual-task/check-list-item-status-change) and the task itself (PUT task-status-complete).
// Staff move theirs with the same rules through the mobile app's /task-new-version; here they get 403.
// DOMAIN.md "Tasks" and issue 10's "Editing after completion".

const base = '/api/v1/individual-task';
const missingId = '01890000-0000-7000-8000-000000000000';
/** A Tuesday: 11:00 in Brighton (BST). Tasks here are due at 20:00 there (19:00Z) unless a test says. */
const now = '2025-06-10T10:00:00.000Z';
const today = '2025-06-10';
const minutes = (n: number) => n * 60_000;
const before = (ms: number) => new Date(new Date(now).getTime() - ms).toISOString();

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let aisha: string;
let chloe: string;
let ownerId: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

const lines = [
  { text: 'Wash the probe', required: true },
  { text: 'Fridge at or below 5 °C', required: true },
  { text: 'Wipe the seals', required: false },
];

/** Today's local midnight in Brighton: the tasks here existed from then (a time before it is refused). */
const startOfToday = '2025-06-09T23:00:00.000Z';

/**
 * One occurrence of a new master task happening once (today unless `date`), made by reading its day. The
 * task is made at `now` and dated back to the start of today, as if made then, so times earlier today
 * pass the rule that nothing happens before its task existed.
 */
async function occurrence(
  change: Record<string, unknown> = {},
  options: { date?: string; token?: string } = {},
): Promise<Occurrence> {
  const made = await madeOccurrence(change, options);
  await ctx.db
    .update(masterTasks)
    .set({ createdAt: new Date(startOfToday) })
    .where(eq(masterTasks.id, made.masterTaskID));
  return made;
}

function madeOccurrence(
  change: Record<string, unknown>,
  options: { date?: string; token?: string },
): Promise<Occurrence> {
  const date = options.date ?? today;
  return createOccurrence(
    ctx,
    options.token ?? owner,
    {
      siteID: brighton(),
      name: 'Check the walk-in fridge',
      checkListItems: lines,
      schedule: { repeat: 'ONCE', startDate: date, dueTime: '20:00' },
      ...change,
    },
    date,
  );
}

const ref = (task: TaskRef) => ({ masterTaskID: task.masterTaskID, individualTaskID: task.individualTaskID });

/** A task's history as it reads, without the entries' ids (new on every run). */
const historyWithoutIds = (task: TaskView) => task.history.map(({ _id: _entryId, ...entry }) => entry);

async function view(task: TaskRef): Promise<TaskView> {
  const reply = await ctx.inject<{ data: TaskView }>('GET', '/api/v1/master-task/view-task', {
    token: owner,
    query: ref(task),
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

/** The id of the checklist line with this text. */
function lineId(task: { master: MasterTask }, text: string): string {
  const found = task.master.checkListItems.find((item) => item.text === text);
  if (!found) throw new Error(`no line "${text}"`);
  return found._id;
}

/** Staff move their tasks through the mobile app's own calls (with the device's time); these are the admins'. */
const staff = '/api/v1/task-new-version';

const changeLine = (
  task: TaskRef,
  body: Record<string, unknown>,
  token = owner,
  url = `${base}/check-list-item-status-change`,
) =>
  ctx.inject<{ data: IndividualTask }>('PUT', url, {
    token,
    body: { ...ref(task), ...body },
  });

/** A line moved, which must be accepted. */
async function lineChanged(
  task: TaskRef & { master: MasterTask },
  text: string,
  status: string,
  extra: Record<string, unknown> = {},
  token = owner,
  url?: string,
): Promise<IndividualTask> {
  const reply = await changeLine(task, { checkListID: lineId(task, text), status, ...extra }, token, url);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const changeStatus = (task: TaskRef, body: Record<string, unknown> = {}, token = owner) =>
  ctx.inject<{ data: IndividualTask }>('PUT', `${base}/task-status-complete`, {
    token,
    body: { ...ref(task), ...body },
  });

async function statusChanged(task: TaskRef, body: Record<string, unknown> = {}, token = owner) {
  const reply = await changeStatus(task, body, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

/** A photo on the task, or on one of its lines, through the comment form. */
async function addPhoto(task: TaskRef, checkListID?: string) {
  const form = new FormData();
  form.append('masterTaskID', task.masterTaskID);
  form.append('individualTaskID', task.individualTaskID);
  if (checkListID) form.append('checkListID', checkListID);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tray.png');
  const encoded = new Response(form);
  const reply = await ctx.inject('POST', '/api/v1/comment-task/create-new-one', {
    token: owner,
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(reply.statusCode).toBe(200);
}

async function mobileLogin(email: string): Promise<string> {
  const reply = await ctx.inject<{ data: { accessToken: string } }>(
    'POST',
    '/api/v1/authentication/mobile-app-login',
    { body: { email, password: demoPassword }, headers: fromNewAddress() },
  );
  expect(reply.statusCode).toBe(200);
  return reply.json.data.accessToken;
}

async function storedRow(task: TaskRef) {
  const [row] = await ctx.db
    .select()
    .from(individualTasks)
    .where(eq(individualTasks.id, task.individualTaskID));
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner, aisha, chloe] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
    mobileLogin('aisha.khan@harbourvine.example'),
    mobileLogin('chloe.evans@harbourvine.example'),
  ]);
  const [person] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoLogins.organizationAdmin));
  ownerId = person?.id ?? '';
});
afterEach(() => ctx.clock.set(now));
afterAll(() => ctx.close());

describe('check-list-item-status-change', () => {
  test('a line done, another failed with its comment, and one back to pending, each with when and who', async () => {
    const task = await occurrence();
    const reply = await changeLine(task, {
      checkListID: lineId(task, 'Wash the probe'),
      status: 'COMPLETED',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Checklist updated');
    expect(reply.json.data.itemCheckList[0]).toMatchObject({
      text: 'Wash the probe',
      status: 'COMPLETED',
      statusChangeOn: now,
      changedBy: { email: demoLogins.organizationAdmin, firstName: 'Olivia' },
      comment: null,
    });
    expect(reply.json.data).toMatchObject({ status: 'PENDING', bucket: 'UPCOMING', completedAt: null });

    ctx.clock.advance(minutes(2));
    const failed = await lineChanged(
      task,
      'Wipe the seals',
      'FAILED',
      { comment: '  Seal is torn  ' },
      manager,
    );
    expect(failed.itemCheckList[2]).toMatchObject({
      status: 'FAILED',
      comment: 'Seal is torn',
      statusChangeOn: '2025-06-10T10:02:00.000Z',
      changedBy: { firstName: 'Marcus', lastName: 'Reid' },
    });

    ctx.clock.advance(minutes(1));
    const undone = await lineChanged(task, 'Wash the probe', 'PENDING');
    expect(undone.itemCheckList[0]).toMatchObject({
      status: 'PENDING',
      statusChangeOn: '2025-06-10T10:03:00.000Z',
      comment: null,
    });
    const stored = await view(task);
    expect(stored.itemCheckList.map((item) => [item.text, item.status, item.comment])).toEqual([
      ['Wash the probe', 'PENDING', null],
      ['Fridge at or below 5 °C', 'PENDING', null],
      ['Wipe the seals', 'FAILED', 'Seal is torn'],
    ]);
    expect(stored.status).toBe('PENDING');
    // Each change is kept in the history; nothing was completed, so none needed a reason.
    expect(stored.history.map((one) => [one.at, one.actorName, one.summary, one.reason])).toEqual([
      ['2025-06-10T10:03:00.000Z', 'Olivia Bennett', '"Wash the probe" changed from done to pending', null],
      ['2025-06-10T10:02:00.000Z', 'Marcus Reid', '"Wipe the seals" changed from pending to failed', null],
      [now, 'Olivia Bennett', '"Wash the probe" changed from pending to done', null],
    ]);
  });

  test.each([undefined, '   '])(
    'FAILED without a comment (%j) is a 400 on comment and changes nothing',
    async (comment) => {
      const task = await occurrence();
      const reply = await changeLine(task, {
        checkListID: lineId(task, 'Wash the probe'),
        status: 'FAILED',
        comment,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors.comment).toEqual(['Say what failed']);
      expect((await view(task)).itemCheckList[0]?.status).toBe('PENDING');
    },
  );

  test('a checklist id the task does not have is a 400 on checkListID', async () => {
    const task = await occurrence();
    const another = await occurrence();
    for (const checkListID of [lineId(another, 'Wash the probe'), missingId]) {
      const reply = await changeLine(task, { checkListID, status: 'COMPLETED' });
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors.checkListID).toEqual(['This task has no such checklist item']);
    }
    expect((await view(task)).itemCheckList.every((item) => item.status === 'PENDING')).toBe(true);
  });

  test('a status that is not a checklist status is a 400 on status', async () => {
    const task = await occurrence();
    const reply = await changeLine(task, { checkListID: lineId(task, 'Wash the probe'), status: 'REPORTED' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('status');
  });

  test('a deleted task is a 409 and stays as it was', async () => {
    const task = await occurrence({}, { date: '2025-06-12' });
    const removed = await ctx.inject('DELETE', '/api/v1/master-task/delete-one', {
      token: owner,
      query: { masterTaskID: task.masterTaskID, date: '2025-06-12', scope: 'ONE' },
    });
    expect(removed.statusCode).toBe(200);
    const reply = await changeLine(task, {
      checkListID: lineId(task, 'Wash the probe'),
      status: 'COMPLETED',
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.message).toBe('This task was deleted; it can no longer be changed');
    expect((await changeStatus(task)).statusCode).toBe(409);
    const stored = await view(task);
    expect(stored.status).toBe('DELETED');
    expect(stored.itemCheckList[0]?.status).toBe('PENDING');
  });

  test('the last required line done completes the task at the time of that change', async () => {
    const task = await occurrence();
    await lineChanged(task, 'Wash the probe', 'COMPLETED');
    ctx.clock.advance(minutes(5));
    // The device says it happened two minutes ago; the optional line may stay open.
    const done = await lineChanged(task, 'Fridge at or below 5 °C', 'COMPLETED', {
      changedAt: '2025-06-10T10:03:00.000Z',
    });
    expect(done).toMatchObject({
      status: 'COMPLETED',
      bucket: 'ON_TIME',
      completedAt: '2025-06-10T10:03:00.000Z',
      completedBy: { email: demoLogins.organizationAdmin },
      syncedAt: '2025-06-10T10:05:00.000Z',
      syncedLate: false,
    });
    expect(done.itemCheckList.map((item) => item.status)).toEqual(['COMPLETED', 'COMPLETED', 'PENDING']);
    expect(done.itemCheckList[1]?.statusChangeOn).toBe('2025-06-10T10:03:00.000Z');
  });

  test('a time up to 2 minutes ahead of the server is the server’s time; further ahead is a 400', async () => {
    const task = await occurrence({ checkListItems: [{ text: 'Sign the sheet' }] });
    const farAhead = await changeLine(task, {
      checkListID: lineId(task, 'Sign the sheet'),
      status: 'COMPLETED',
      changedAt: '2025-06-10T11:00:00.000Z',
    });
    expect(farAhead.statusCode).toBe(400);
    expect(farAhead.json.details?.fieldErrors.changedAt?.[0]).toMatch(/more than 2 minutes after/);
    const done = await lineChanged(task, 'Sign the sheet', 'COMPLETED', {
      changedAt: '2025-06-10T10:01:30.000Z',
    });
    expect(done.itemCheckList[0]?.statusChangeOn).toBe(now);
    expect(done).toMatchObject({ completedAt: now, enteredAfterTheFact: false, bucket: 'ON_TIME' });
  });

  test('a line that needs a photo is not marked done or failed without it; with it, it completes the task', async () => {
    // Ticked without its photo, the line read done while completion was refused for the missing photo.
    const task = await occurrence({
      checkListItems: [{ text: 'Label the tray', required: true, photoRequired: true }],
    });
    const tray = lineId(task, 'Label the tray');
    for (const change of [{ status: 'COMPLETED' }, { status: 'FAILED', comment: 'No labels left' }]) {
      const refused = await changeLine(task, { checkListID: tray, ...change });
      expect(refused.statusCode).toBe(400);
      const word = change.status === 'COMPLETED' ? 'done' : 'failed';
      expect(refused.json.details?.fieldErrors.checkListID).toEqual([
        `"Label the tray" needs a photo: add it before marking the line ${word}`,
      ]);
    }
    expect(await storedRow(task)).toMatchObject({ status: 'PENDING', items: [{ status: 'PENDING' }] });
    // A photo of the whole task, or of another line, is not this line's.
    await addPhoto(task);
    expect((await changeLine(task, { checkListID: tray, status: 'COMPLETED' })).statusCode).toBe(400);

    await addPhoto(task, tray);
    const done = await lineChanged(task, 'Label the tray', 'COMPLETED');
    expect(done).toMatchObject({ status: 'COMPLETED', completedAt: now, imageCount: 2 });

    const wholeTask = await occurrence({ photoRequired: true, checkListItems: [{ text: 'Mop the floor' }] });
    expect((await lineChanged(wholeTask, 'Mop the floor', 'COMPLETED')).status).toBe('PENDING');
    await addPhoto(wholeTask);
    expect((await statusChanged(wholeTask)).status).toBe('COMPLETED');
  });

  test('a change to a completed task needs a reason, and its history keeps who, when, why and what', async () => {
    const task = await occurrence();
    await lineChanged(task, 'Wash the probe', 'COMPLETED');
    const completed = await lineChanged(task, 'Fridge at or below 5 °C', 'COMPLETED');
    expect(completed.status).toBe('COMPLETED');

    ctx.clock.advance(minutes(10));
    const change = {
      checkListID: lineId(task, 'Wash the probe'),
      status: 'FAILED',
      comment: 'Probe not calibrated',
    };
    for (const reason of [undefined, '   ']) {
      const refused = await changeLine(task, { ...change, reason }, manager);
      expect(refused.statusCode).toBe(400);
      expect(refused.json.details?.fieldErrors.reason).toEqual([
        'Say why you are changing a task that was already completed',
      ]);
    }
    expect((await view(task)).itemCheckList[0]?.status).toBe('COMPLETED');

    const edited = await lineChanged(
      task,
      'Wash the probe',
      'FAILED',
      { comment: 'Probe not calibrated', reason: ' Found out at the audit ' },
      manager,
    );
    // The completion itself is the record of who did it and when: it stays.
    expect(edited).toMatchObject({
      status: 'COMPLETED',
      completedAt: now,
      completedBy: { email: demoLogins.organizationAdmin },
    });
    expect(edited.itemCheckList[0]).toMatchObject({
      status: 'FAILED',
      comment: 'Probe not calibrated',
      changedBy: { firstName: 'Marcus' },
      statusChangeOn: '2025-06-10T10:10:00.000Z',
    });
    expect(historyWithoutIds(await view(task))).toEqual([
      {
        at: '2025-06-10T10:10:00.000Z',
        actorName: 'Marcus Reid',
        action: 'update',
        summary: '"Wash the probe" changed from done to failed',
        reason: 'Found out at the audit',
      },
      {
        at: now,
        actorName: 'Olivia Bennett',
        action: 'update',
        summary: '"Fridge at or below 5 °C" changed from pending to done, completing the task',
        reason: null,
      },
      {
        at: now,
        actorName: 'Olivia Bennett',
        action: 'update',
        summary: '"Wash the probe" changed from pending to done',
        reason: null,
      },
    ]);
    const [entry] = await historyOf(ctx.db, ctx.demo.organization.id, 'Task', task.individualTaskID);
    expect(entry?.actorId).toBe(ctx.demo.siteAdmin.id);
    expect(entry?.changes.before).toMatchObject({
      status: 'COMPLETED',
      completedBy: ownerId,
      items: [{ status: 'COMPLETED', changedBy: ownerId }, { status: 'COMPLETED' }, { status: 'PENDING' }],
    });
    expect(entry?.changes.after).toMatchObject({
      status: 'COMPLETED',
      items: [
        { status: 'FAILED', comment: 'Probe not calibrated' },
        { status: 'COMPLETED' },
        { status: 'PENDING' },
      ],
    });

    ctx.clock.advance(minutes(1));
    await lineChanged(task, 'Wash the probe', 'COMPLETED', { reason: 'Recalibrated and checked again' });
    // Newest first: the two corrections, then the ticks that completed the task.
    expect(
      (await view(task)).history.slice(0, 2).map((one) => [one.at, one.actorName, one.summary, one.reason]),
    ).toEqual([
      [
        '2025-06-10T10:11:00.000Z',
        'Olivia Bennett',
        '"Wash the probe" changed from failed to done',
        'Recalibrated and checked again',
      ],
      [
        '2025-06-10T10:10:00.000Z',
        'Marcus Reid',
        '"Wash the probe" changed from done to failed',
        'Found out at the audit',
      ],
    ]);
  });
});

describe('task-status-complete', () => {
  test('refused while a required line or photo is missing, naming each; nothing changes', async () => {
    const task = await occurrence({
      photoRequired: true,
      checkListItems: [
        { text: 'Wash the probe', required: true },
        { text: 'Label the tray', required: false, photoRequired: true },
      ],
    });
    const reply = await changeStatus(task);
    expect(reply.statusCode).toBe(400);
    expect(reply.json.message).toBe(
      'This task cannot be completed yet: "Wash the probe" is not done yet; "Label the tray" needs a photo; ' +
        'This task needs a photo',
    );
    const stored = await view(task);
    expect(stored).toMatchObject({ status: 'PENDING', completedAt: null, syncedAt: null });
  });

  test('completes at the server’s time; a time a little ahead is the server’s; further ahead is a 400', async () => {
    const optional = { checkListItems: [{ text: 'Wipe the seals', required: false }] };
    const task = await occurrence(optional);
    const reply = await changeStatus(task);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Task completed');
    expect(reply.json.data).toMatchObject({
      status: 'COMPLETED',
      bucket: 'ON_TIME',
      completedAt: now,
      completedBy: { email: demoLogins.organizationAdmin },
      syncedAt: now,
      syncedLate: false,
      enteredAfterTheFact: false,
    });
    const row = await storedRow(task);
    expect(row?.completedAt?.toISOString()).toBe(now);
    expect(row?.enteredAfterTheFact).toBe(false);

    const ahead = await statusChanged(await occurrence(optional), {
      completedAt: '2025-06-10T10:01:00.000Z',
    });
    expect(ahead).toMatchObject({ completedAt: now, enteredAfterTheFact: false });
    const farAhead = await changeStatus(await occurrence(optional), {
      completedAt: '2025-06-10T10:30:00.000Z',
    });
    expect(farAhead.statusCode).toBe(400);
    expect(farAhead.json.details?.fieldErrors.completedAt?.[0]).toMatch(/more than 2 minutes after/);

    const again = await changeStatus(task);
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe('This task is already completed');
    expect((await storedRow(task))?.completedAt?.toISOString()).toBe(now);
  });

  test('an earlier completedAt is a correction: it needs a reason, is kept in the history and counts LATE', async () => {
    // Due at 20:00 in Brighton: a completion "at 09:50" sent at 10:00 used to count ON_TIME on the admin's word.
    const optional = { checkListItems: [{ text: 'Wipe the seals', required: false }] };
    const task = await occurrence(optional);
    const noReason = await changeStatus(task, { completedAt: before(minutes(10)) });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json.details?.fieldErrors.reason?.[0]).toMatch(/after the fact/);
    expect(await storedRow(task)).toMatchObject({ status: 'PENDING', completedAt: null });

    const corrected = await changeStatus(task, {
      completedAt: before(minutes(10)),
      reason: 'Done on the paper sheet while the tablet was charging',
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json.data).toMatchObject({
      status: 'COMPLETED',
      completedAt: before(minutes(10)),
      syncedAt: now,
      enteredAfterTheFact: true,
      // Said to be done before it was due, and still never on time on its own say-so.
      bucket: 'LATE',
      syncedLate: false,
    });
    expect((await storedRow(task))?.enteredAfterTheFact).toBe(true);
    const seen = await view(task);
    expect(seen.history[0]).toMatchObject({
      summary: `Completed, entered after the fact for ${before(minutes(10))}`,
      reason: 'Done on the paper sheet while the tablet was charging',
    });
    // Reopened (with a reason), it is no longer entered after the fact; done now, it is on time.
    const reopened = await statusChanged(task, { status: 'PENDING', reason: 'Wrong task ticked' });
    expect(reopened.enteredAfterTheFact).toBe(false);
    expect(await statusChanged(task)).toMatchObject({ bucket: 'ON_TIME', enteredAfterTheFact: false });
  });

  test('a checklist line ticked for an earlier time is a correction too, and the task it completes counts LATE', async () => {
    const task = await occurrence({ checkListItems: [{ text: 'Sign the sheet' }] });
    const noReason = await changeLine(task, {
      checkListID: lineId(task, 'Sign the sheet'),
      status: 'COMPLETED',
      changedAt: before(minutes(45)),
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json.details?.fieldErrors).toHaveProperty('reason');
    const done = await lineChanged(task, 'Sign the sheet', 'COMPLETED', {
      changedAt: before(minutes(45)),
      reason: 'Signed on paper at the morning briefing',
    });
    expect(done).toMatchObject({
      status: 'COMPLETED',
      completedAt: before(minutes(45)),
      enteredAfterTheFact: true,
      bucket: 'LATE',
    });
    expect((await view(task)).history[0]?.reason).toBe('Signed on paper at the morning briefing');
  });

  test('a time before the task opens, before it existed, or older than the sync window is a 400', async () => {
    const optional = { checkListItems: [{ text: 'Wipe the seals', required: false }] };
    const later = await occurrence(optional, { date: '2025-06-12' });
    const early = await changeStatus(later);
    expect(early.statusCode).toBe(400);
    expect(early.json.details?.fieldErrors.completedAt?.[0]).toMatch(/before this task opens/);

    // Made now, not dated back: its day opened at midnight, before it existed.
    const fresh = await madeOccurrence(optional, {});
    const beforeMade = await changeStatus(fresh, { completedAt: before(minutes(5)), reason: 'Paper sheet' });
    expect(beforeMade.statusCode).toBe(400);
    expect(beforeMade.json.details?.fieldErrors.completedAt?.[0]).toMatch(/before this task was created/);

    const old = await changeStatus(await occurrence(optional), {
      completedAt: '2000-01-01T00:00:00Z',
      reason: 'Back-dating',
    });
    expect(old.statusCode).toBe(400);
    expect(old.json.details?.fieldErrors.completedAt?.[0]).toMatch(/more than 72 hours ago/);
  });

  test('a problem is reported only on a task still to do', async () => {
    const task = await occurrence();
    const reply = await changeStatus(task, { status: 'REPORTED' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Problem reported');
    expect(reply.json.data).toMatchObject({ status: 'REPORTED', bucket: 'UPCOMING', completedAt: null });
    const twice = await changeStatus(task, { status: 'REPORTED' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json.message).toBe('This task is already reported');

    // Once the problem is sorted, the task can still be finished.
    await lineChanged(task, 'Wash the probe', 'COMPLETED');
    await lineChanged(task, 'Fridge at or below 5 °C', 'COMPLETED');
    expect((await view(task)).status).toBe('REPORTED');
    const finished = await statusChanged(task);
    expect(finished.status).toBe('COMPLETED');
    const refused = await changeStatus(task, { status: 'REPORTED' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.message).toBe('Only a task still to do can be reported');

    const reopened = await occurrence();
    await statusChanged(reopened, { status: 'REPORTED' });
    expect((await statusChanged(reopened, { status: 'PENDING' })).status).toBe('PENDING');
  });

  test('reopening a completed task needs a reason; its history keeps the completion it undid', async () => {
    const task = await occurrence({ checkListItems: [{ text: 'Wipe the seals', required: false }] });
    await statusChanged(task);
    ctx.clock.advance(minutes(4));
    const refused = await changeStatus(task, { status: 'PENDING' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors.reason).toEqual([
      'Say why you are changing a task that was already completed',
    ]);
    expect((await view(task)).status).toBe('COMPLETED');

    const reply = await changeStatus(task, { status: 'PENDING', reason: 'Seals were not wiped' }, manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Task reopened');
    expect(reply.json.data).toMatchObject({
      status: 'PENDING',
      completedAt: null,
      completedBy: null,
      syncedAt: null,
      syncedLate: false,
    });
    expect(historyWithoutIds(await view(task))).toEqual([
      {
        at: '2025-06-10T10:04:00.000Z',
        actorName: 'Marcus Reid',
        action: 'update',
        summary: 'Reopened after completion',
        reason: 'Seals were not wiped',
      },
      {
        at: now,
        actorName: 'Olivia Bennett',
        action: 'update',
        summary: 'Completed',
        reason: null,
      },
    ]);
    const [entry] = await historyOf(ctx.db, ctx.demo.organization.id, 'Task', task.individualTaskID);
    expect(entry?.changes.before).toMatchObject({
      status: 'COMPLETED',
      completedAt: now,
      completedBy: ownerId,
      enteredAfterTheFact: false,
    });
    expect(entry?.changes.after).toMatchObject({ status: 'PENDING', completedAt: null });

    const notDone = await changeStatus(task, { status: 'PENDING' });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json.message).toBe('This task is not completed');
    expect((await statusChanged(task)).completedAt).toBe('2025-06-10T10:04:00.000Z');
  });
});

describe('who may move which task', () => {
  test('a task of a closed site is not found, and stays as it was', async () => {
    const task = await occurrence({ siteID: manchester() });
    await ctx.db
      .update(sites)
      .set({ deletedAt: new Date(now) })
      .where(eq(sites.id, manchester()));
    try {
      expect((await changeStatus(task, { status: 'REPORTED' })).statusCode).toBe(404);
      const viewed = await ctx.inject('GET', '/api/v1/master-task/view-task', {
        token: owner,
        query: ref(task),
      });
      expect(viewed.statusCode).toBe(404);
    } finally {
      await ctx.db.update(sites).set({ deletedAt: null }).where(eq(sites.id, manchester()));
    }
    expect((await view(task)).status).toBe('PENDING');
  });

  test('staff of the site may, through their own calls, and are named; staff and admins of another site are refused', async () => {
    const task = await occurrence();
    // These calls are the console's, an admin's: a staff token is refused before anything is read.
    const onConsole = await changeLine(
      task,
      { checkListID: lineId(task, 'Wash the probe'), status: 'COMPLETED' },
      aisha,
    );
    expect(onConsole.statusCode).toBe(403);
    expect(onConsole.json.message).toBe(refusedOnMobile);
    expect((await changeStatus(task, {}, aisha)).statusCode).toBe(403);
    expect((await view(task)).itemCheckList[0]?.status).toBe('PENDING');

    const onDevice = { changedAt: now };
    const lineChange = `${staff}/check-list-item-status-change`;
    const byAisha = await lineChanged(task, 'Wash the probe', 'COMPLETED', onDevice, aisha, lineChange);
    expect(byAisha.itemCheckList[0]?.changedBy).toMatchObject({ firstName: 'Aisha', lastName: 'Khan' });
    const byChloe = await changeLine(
      task,
      { checkListID: lineId(task, 'Fridge at or below 5 °C'), status: 'COMPLETED', ...onDevice },
      chloe,
      lineChange,
    );
    expect(byChloe.statusCode).toBe(403);
    const completedByChloe = await ctx.inject('PUT', `${staff}/complete`, {
      token: chloe,
      body: { ...ref(task), completedAt: now },
    });
    expect(completedByChloe.statusCode).toBe(403);
    const done = await lineChanged(task, 'Fridge at or below 5 °C', 'COMPLETED', onDevice, aisha, lineChange);
    expect(done.completedBy).toMatchObject({ firstName: 'Aisha' });

    const elsewhere = await occurrence({ siteID: manchester() });
    const refused = await changeStatus(elsewhere, {}, manager);
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await changeLine(
          elsewhere,
          { checkListID: lineId(elsewhere, 'Wash the probe'), status: 'COMPLETED' },
          manager,
        )
      ).statusCode,
    ).toBe(403);
    expect((await view(elsewhere)).itemCheckList[0]?.status).toBe('PENDING');
  });

  test('another organisation’s task, a missing one, or ids that do not belong together are 404', async () => {
    const mine = await occurrence();
    const another = await occurrence();
    const theirs = await occurrence({ siteID: ctx.other.site.id }, { token: otherOwner });
    const refs: TaskRef[] = [
      ref(theirs),
      { masterTaskID: mine.masterTaskID, individualTaskID: missingId },
      { masterTaskID: another.masterTaskID, individualTaskID: mine.individualTaskID },
    ];
    for (const target of refs) {
      const line = await changeLine(target, {
        checkListID: lineId(theirs, 'Wash the probe'),
        status: 'COMPLETED',
      });
      expect(line.statusCode).toBe(404);
      expect(line.json.message).toBe('Task not found');
      const status = await changeStatus(target);
      expect(status.statusCode).toBe(404);
      expect(status.json.message).toBe('Task not found');
    }
    expect((await storedRow(theirs))?.items[0]?.status).toBe('PENDING');
    expect((await storedRow(mine))?.status).toBe('PENDING');
  });

  test('no token is a 401; a body that is not one is a 400', async () => {
    const task = await occurrence();
    const body = { ...ref(task), checkListID: lineId(task, 'Wash the probe'), status: 'COMPLETED' };
    expect((await ctx.inject('PUT', `${base}/check-list-item-status-change`, { body })).statusCode).toBe(401);
    expect((await ctx.inject('PUT', `${base}/task-status-complete`, { body: ref(task) })).statusCode).toBe(
      401,
    );
    const bad = await changeStatus(task, { status: 'DONE', completedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json.details?.fieldErrors ?? {}).sort()).toEqual(['completedAt', 'status']);
    const noIds = await ctx.inject('PUT', `${base}/task-status-complete`, { token: owner, body: {} });
    expect(noIds.statusCode).toBe(400);
    expect(noIds.json.details?.fieldErrors).toHaveProperty('individualTaskID');
  });
});
