import { and, eq } from 'drizzle-orm';
import type {
  IndividualTask,
  LoginResponse,
  MasterTask,
  StaffDay,
  TaskComment,
  TaskView,
} from '@console/shared-sdk/contract';
import { departments } from '../../people/index.js';
import { siteMembers, users } from '../../../platform/db/schema.js';
import { individualTasks } from '../schema.js';
import { countingLogger } from '../../../platform/db/statement-count.js';
import { demoLogins, demoPassword } from '../../../demo.js';
import { seedPeople } from '../../people/index.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';
import { tinyPng as png, tinyPdf as pdf } from '../../../test/files.js';

// The staff's own calls, as the mobile app makes them: signed in with mobile-app-login, on the demo
// organisation's people and departments, with master tasks made by the organisation admin.

const base = '/api/v1/task-new-version';
const missingId = '01890000-0000-7000-8000-000000000000';
/** A Tuesday: 11:00 in Brighton and Manchester (BST), 06:00 in Brooklyn (EDT). */
const now = '2025-06-10T10:00:00Z';
const today = '2025-06-10';
/** When the organisation admin made the tasks: the first of their schedule's days, in every site's zone. */
const tasksCreatedAt = '2025-06-01T03:00:00Z';

let ctx: TestContext;
let owner: string;
let otherOwner: string;
/** Brighton: Aisha sits in the kitchen, Tom in front of house and the bar. */
let aisha: string;
let tom: string;
/** Manchester. */
let chloe: string;
/** Another organisation's staff member. */
let outsider: string;

const people = { aisha: '', tom: '' };
const tasks = {
  aisha: {} as MasterTask,
  kitchen: {} as MasterTask,
  anyone: {} as MasterTask,
  tom: {} as MasterTask,
  bar: {} as MasterTask,
  manchester: {} as MasterTask,
  brooklyn: {} as MasterTask,
  theirs: {} as MasterTask,
};

const brighton = () => ctx.demo.sites.brighton.id;

async function mobileLogin(email: string): Promise<string> {
  const reply = await ctx.inject<{ data: LoginResponse }>('POST', '/api/v1/authentication/mobile-app-login', {
    body: { email, password: demoPassword },
    headers: fromNewAddress(),
  });
  if (reply.statusCode !== 200) throw new Error(`mobile login ${email}: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data.accessToken;
}

async function userId(email: string): Promise<string> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} not found`);
  return row.id;
}

async function departmentId(siteId: string, name: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.siteId, siteId), eq(departments.name, name)));
  if (!row) throw new Error(`department ${name} not found`);
  return row.id;
}

async function masterTask(body: Record<string, unknown>, token = owner): Promise<MasterTask> {
  const reply = await ctx.inject<{ data: MasterTask }>('POST', '/api/v1/master-task/create-new-one', {
    token,
    body: {
      siteID: brighton(),
      checkListItems: [{ text: 'Done as the card says' }],
      ...body,
      schedule: { repeat: 'DAILY', startDate: '2025-06-01', ...(body.schedule as object) },
    },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const day = (token: string | undefined, query: Record<string, string> = {}) =>
  ctx.inject<{ data: StaffDay }>('GET', `${base}/my-tasks`, { token, query });

const names = (answer: StaffDay) => answer.list.map((task) => task.name);

/** The occurrence of `master` on `date` in the caller's day. */
async function occurrenceOf(token: string, master: MasterTask, date = today): Promise<IndividualTask> {
  const reply = await day(token, { date });
  expect(reply.statusCode).toBe(200);
  const found = reply.json.data.list.find((task) => task.masterTaskID === master._id);
  if (!found) throw new Error(`${master.name} is not in the day of ${date}`);
  return found;
}

const ref = (task: IndividualTask) => ({ masterTaskID: task.masterTaskID, individualTaskID: task._id });

const changeItem = (token: string | undefined, body: Record<string, unknown>) =>
  ctx.inject<{ data: IndividualTask }>('PUT', `${base}/check-list-item-status-change`, { token, body });

const complete = (token: string | undefined, body: Record<string, unknown>) =>
  ctx.inject<{ data: IndividualTask }>('PUT', `${base}/complete`, { token, body });

const view = (token: string | undefined, task: { masterTaskID: string; individualTaskID: string }) =>
  ctx.inject<{ data: TaskView }>('GET', `${base}/view-task`, { token, query: task });

/** A multipart form as the app sends it: text fields, and perhaps one file. */
async function comment(
  token: string | undefined,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
  url = `${base}/comment`,
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('photo', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(data);
  return ctx.inject<{ data: TaskComment }>('POST', url, {
    token,
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  // The tasks exist from the day their schedule starts: a task made today makes no day before today.
  ctx.clock.set(tasksCreatedAt);
  const { organization, sites } = ctx.demo;
  await ctx.db.transaction((tx) => seedPeople(tx, { orgId: organization.id, sites, now: ctx.clock.now() }));
  [owner, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
  people.aisha = await userId('aisha.khan@harbourvine.example');
  people.tom = await userId('tom.fletcher@harbourvine.example');
  const kitchen = await departmentId(brighton(), 'Kitchen');
  const bar = await departmentId(brighton(), 'Bar');

  // Due times are Brighton's wall clock: 12:00 BST is 11:00Z.
  tasks.kitchen = await masterTask({
    name: 'Prep list',
    departmentID: [kitchen],
    checkListItems: [{ text: 'Label the containers', photoRequired: true }],
    schedule: { dueTime: '12:00' },
  });
  tasks.aisha = await masterTask({
    name: 'Check the walk-in fridge',
    assigneeIDs: [people.aisha],
    checkListItems: [{ text: 'Read the display' }, { text: 'Door seal clean', required: false }],
    schedule: { dueTime: '13:00' },
  });
  tasks.anyone = await masterTask({
    name: 'Sweep the terrace',
    checkListItems: [{ text: 'Under the benches', required: false }],
    schedule: { dueTime: '18:00' },
  });
  tasks.tom = await masterTask({
    name: 'Polish the glasses',
    assigneeIDs: [people.tom],
    checkListItems: [{ text: 'Every shelf', required: false }],
    schedule: { dueTime: '15:00' },
  });
  tasks.bar = await masterTask({
    name: 'Restock the bar',
    departmentID: [bar],
    schedule: { dueTime: '16:00' },
  });
  tasks.manchester = await masterTask({
    siteID: ctx.demo.sites.manchester.id,
    name: 'Bake the scones',
    schedule: { dueTime: '09:00' },
  });
  tasks.brooklyn = await masterTask({
    siteID: ctx.demo.sites.brooklyn.id,
    name: 'Wipe the menus',
    schedule: { dueTime: '23:00' },
  });
  tasks.theirs = await masterTask(
    { siteID: ctx.other.site.id, name: 'Their own task', schedule: { dueTime: '12:00' } },
    otherOwner,
  );
  ctx.clock.set(now);
  [owner, otherOwner, aisha, tom, chloe, outsider] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
    mobileLogin('aisha.khan@harbourvine.example'),
    mobileLogin('tom.fletcher@harbourvine.example'),
    mobileLogin('chloe.evans@harbourvine.example'),
    mobileLogin(ctx.other.staff.email),
  ]);
});
afterAll(() => ctx.close());

describe('my-tasks and today', () => {
  test('show the caller’s own, their department’s and everyone’s tasks of today, soonest due first', async () => {
    const reply = await day(aisha);
    expect(reply.statusCode).toBe(200);
    const answer = reply.json.data;
    expect(names(answer)).toEqual(['Prep list', 'Check the walk-in fridge', 'Sweep the terrace']);
    expect(answer.records).toBe(3);
    expect(answer.list.map((task) => task.expireOn)).toEqual([
      '2025-06-10T11:00:00.000Z',
      '2025-06-10T12:00:00.000Z',
      '2025-06-10T17:00:00.000Z',
    ]);
    expect(answer.list.every((task) => task.taskDate === today && task.siteID === brighton())).toBe(true);
    expect(answer.list[0]).toMatchObject({
      status: 'PENDING',
      bucket: 'UPCOMING',
      timeZoneId: 'Europe/London',
      itemCheckList: [{ text: 'Label the containers', status: 'PENDING', photoRequired: true }],
    });
    expect(answer.sites).toEqual([
      {
        siteID: brighton(),
        name: 'The Harbour Kitchen, Brighton',
        timeZoneId: 'Europe/London',
        date: today,
      },
    ]);

    const home = await ctx.inject<{ data: StaffDay }>('GET', `${base}/today`, { token: aisha });
    expect(home.statusCode).toBe(200);
    expect(home.json.data).toEqual(answer);
  });

  test('leave out other people’s and other departments’ tasks, and other sites’', async () => {
    const tomsDay = (await day(tom)).json.data;
    expect(names(tomsDay)).toEqual(['Polish the glasses', 'Restock the bar', 'Sweep the terrace']);
    const chloesDay = (await day(chloe)).json.data;
    expect(names(chloesDay)).toEqual(['Bake the scones']);
    expect(chloesDay.sites.map((site) => site.siteID)).toEqual([ctx.demo.sites.manchester.id]);
    const theirDay = (await day(outsider)).json.data;
    expect(names(theirDay)).toEqual(['Their own task']);
  });

  test('people polling one after another each get their own day, with a date and without', async () => {
    // The day's two statements are prepared once per shape and run with each poll's values: Aisha and Tom
    // share a site and a shape, Chloe has another site, the outsider another organisation, and a poll with
    // a date has a shape of its own. Each answer must be its caller's, however the polls follow each other.
    const expected: [string, string, string[]][] = [
      ['Aisha', aisha, ['Prep list', 'Check the walk-in fridge', 'Sweep the terrace']],
      ['Tom', tom, ['Polish the glasses', 'Restock the bar', 'Sweep the terrace']],
      ['Chloe', chloe, ['Bake the scones']],
      ['the outsider', outsider, ['Their own task']],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [who, token, tasksOfDay] of expected) {
        const home = await day(token);
        expect(home.statusCode).toBe(200);
        expect([who, names(home.json.data)]).toEqual([who, tasksOfDay]);
        const dated = await day(token, { date: today });
        expect(dated.statusCode).toBe(200);
        expect([who, dated.json.data]).toEqual([who, home.json.data]);
        const tomorrow = await day(token, { date: '2025-06-11' });
        expect(tomorrow.statusCode).toBe(200);
        const answer = tomorrow.json.data;
        expect([who, names(answer)]).toEqual([who, tasksOfDay]);
        expect(answer.list.every((task) => task.taskDate === '2025-06-11')).toBe(true);
        expect(answer.sites.map((site) => site.siteID)).toEqual(
          home.json.data.sites.map((site) => site.siteID),
        );
      }
    }
  });

  test('a chosen date is made on first read; before the schedule starts the day is empty', async () => {
    const yesterday = await day(aisha, { date: '2025-06-09' });
    expect(yesterday.statusCode).toBe(200);
    expect(names(yesterday.json.data)).toEqual([
      'Prep list',
      'Check the walk-in fridge',
      'Sweep the terrace',
    ]);
    expect(yesterday.json.data.list.map((task) => task.taskDate)).toEqual([
      '2025-06-09',
      '2025-06-09',
      '2025-06-09',
    ]);
    expect(yesterday.json.data.list.map((task) => task.bucket)).toEqual([
      'INCOMPLETE',
      'INCOMPLETE',
      'INCOMPLETE',
    ]);
    expect(yesterday.json.data.sites[0]?.date).toBe('2025-06-09');

    const before = await day(aisha, { date: '2025-05-20' });
    expect(before.statusCode).toBe(200);
    expect(before.json.data.list).toEqual([]);
  });

  test('siteID narrows to one of the caller’s sites: 403 for another site, 404 for another organisation’s', async () => {
    const own = await day(aisha, { siteID: brighton() });
    expect(own.statusCode).toBe(200);
    expect(own.json.data.list).toHaveLength(3);
    const notTheirs = await day(aisha, { siteID: ctx.demo.sites.manchester.id });
    expect(notTheirs.statusCode).toBe(403);
    expect((await day(aisha, { siteID: ctx.other.site.id })).statusCode).toBe(404);
    expect((await day(aisha, { siteID: missingId })).statusCode).toBe(404);
    expect((await day(outsider, { siteID: brighton() })).statusCode).toBe(404);
    const badDate = await day(aisha, { date: '10/06/2025' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json.details?.fieldErrors).toHaveProperty('date');
  });

  test('a task deleted for the day is no longer listed', async () => {
    const deleted = await ctx.inject('DELETE', '/api/v1/master-task/delete-one', {
      token: owner,
      query: { masterTaskID: tasks.bar._id, date: today, scope: 'ONE' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(names((await day(tom)).json.data)).toEqual(['Polish the glasses', 'Sweep the terrace']);
    expect(names((await day(tom, { date: '2025-06-11' })).json.data)).toContain('Restock the bar');
  });

  test('each site’s today is its own local date; the console’s token is refused', async () => {
    // The staff's own day is the mobile app's: a web admin's token gets 403 (docs/decisions.md).
    const web = await ctx.login(demoLogins.organizationAdmin);
    expect((await ctx.inject('GET', `${base}/today`, { token: web })).statusCode).toBe(403);
    // Diego works at Brooklyn, and for this test at Brighton too. 03:00 on Wednesday in Britain is still
    // 22:00 on Tuesday in Brooklyn.
    const diego = await userId('diego.ramirez@harbourvine.example');
    const seat = and(eq(siteMembers.userId, diego), eq(siteMembers.siteId, brighton()));
    await ctx.db
      .insert(siteMembers)
      .values({ userId: diego, siteId: brighton(), createdAt: ctx.clock.now() });
    ctx.clock.set('2025-06-11T02:00:00Z');
    try {
      const token = await mobileLogin('diego.ramirez@harbourvine.example');
      const reply = await ctx.inject<{ data: StaffDay }>('GET', `${base}/today`, { token });
      expect(reply.statusCode).toBe(200);
      const answer = reply.json.data;
      expect(answer.sites.map((site) => [site.name, site.date, site.timeZoneId])).toEqual([
        ['Harbour Kitchen Brooklyn', '2025-06-10', 'America/New_York'],
        ['The Harbour Kitchen, Brighton', '2025-06-11', 'Europe/London'],
      ]);
      expect(answer.list.map((task) => [task.name, task.taskDate, task.timeZoneId])).toEqual([
        ['Wipe the menus', '2025-06-10', 'America/New_York'],
        ['Sweep the terrace', '2025-06-11', 'Europe/London'],
      ]);
    } finally {
      ctx.clock.set(now);
      await ctx.db.delete(siteMembers).where(seat);
    }
  });
});

describe('check-list-item-status-change', () => {
  test('keeps the device’s time of the change, and completes the task at the last required line', async () => {
    const task = await occurrenceOf(aisha, tasks.aisha);
    const seal = task.itemCheckList.find((item) => item.text === 'Door seal clean');
    const display = task.itemCheckList.find((item) => item.text === 'Read the display');
    if (!seal || !display) throw new Error('checklist lines missing');

    const first = await changeItem(aisha, {
      ...ref(task),
      checkListID: seal._id,
      status: 'COMPLETED',
      changedAt: '2025-06-10T10:45:00+01:00',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json.data.status).toBe('PENDING');
    expect(first.json.data.itemCheckList.find((item) => item._id === seal._id)).toMatchObject({
      status: 'COMPLETED',
      statusChangeOn: '2025-06-10T09:45:00.000Z',
      changedBy: { _id: people.aisha, firstName: 'Aisha' },
    });

    const last = await changeItem(aisha, {
      ...ref(task),
      checkListID: display._id,
      status: 'COMPLETED',
      changedAt: '2025-06-10T09:50:00Z',
    });
    expect(last.statusCode).toBe(200);
    expect(last.json.data).toMatchObject({
      status: 'COMPLETED',
      completedAt: '2025-06-10T09:50:00.000Z',
      syncedAt: now.replace('Z', '.000Z'),
      syncedLate: false,
      bucket: 'ON_TIME',
      completedBy: { _id: people.aisha },
    });
  });

  test('a device clock up to 2 minutes ahead is taken as the server’s time; further ahead is a 400', async () => {
    const task = await occurrenceOf(aisha, tasks.aisha, '2025-06-09');
    const seal = task.itemCheckList.find((item) => item.text === 'Door seal clean');
    const tick = (changedAt: string) =>
      changeItem(aisha, { ...ref(task), checkListID: seal?._id, status: 'COMPLETED', changedAt });
    // Before, a time hours ahead was silently taken as the server's; now it is refused, naming the field.
    const farAhead = await tick('2025-06-10T15:00:00Z');
    expect(farAhead.statusCode).toBe(400);
    expect(farAhead.json.details?.fieldErrors.changedAt?.[0]).toMatch(/more than 2 minutes after the server/);
    const justAhead = await tick('2025-06-10T10:02:01Z');
    expect(justAhead.statusCode).toBe(400);
    const reply = await tick('2025-06-10T10:02:00Z');
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.itemCheckList.find((item) => item._id === seal?._id)?.statusChangeOn).toBe(
      '2025-06-10T10:00:00.000Z',
    );
  });

  test('a time older than the sync window is refused; within it, it is kept', async () => {
    const task = await occurrenceOf(aisha, tasks.aisha, '2025-06-07');
    const seal = task.itemCheckList.find((item) => item.text === 'Door seal clean');
    const tick = (changedAt: string) =>
      changeItem(aisha, { ...ref(task), checkListID: seal?._id, status: 'COMPLETED', changedAt });
    const ancient = await tick('2000-01-01T00:00:00Z');
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json.details?.fieldErrors.changedAt?.[0]).toMatch(/more than 72 hours ago/);
    // 72 hours before the server's 2025-06-10T10:00Z is 2025-06-07T10:00Z.
    expect((await tick('2025-06-07T09:59:59Z')).statusCode).toBe(400);
    const inWindow = await tick('2025-06-07T10:00:00Z');
    expect(inWindow.statusCode).toBe(200);
    expect(inWindow.json.data.itemCheckList.find((item) => item._id === seal?._id)?.statusChangeOn).toBe(
      '2025-06-07T10:00:00.000Z',
    );
  });

  test('a line that needs a photo is refused until its photo is sent, then completes the task', async () => {
    // Ticked without its photo, the app's list read "1/1 · Upcoming" while completion was refused.
    const task = await occurrenceOf(aisha, tasks.kitchen, '2025-06-09');
    const line = task.itemCheckList[0]?._id ?? '';
    const tick = () =>
      changeItem(aisha, { ...ref(task), checkListID: line, status: 'COMPLETED', changedAt: now });
    const refused = await tick();
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors.checkListID).toEqual([
      '"Label the containers" needs a photo: add it before marking the line done',
    ]);
    expect(await occurrenceOf(aisha, tasks.kitchen, '2025-06-09')).toMatchObject({
      status: 'PENDING',
      itemCheckList: [{ status: 'PENDING' }],
    });

    const photo = await comment(
      aisha,
      { ...ref(task), checkListID: line },
      { bytes: png, name: 'labels.png', type: 'image/png' },
    );
    expect(photo.statusCode).toBe(200);
    const ticked = await tick();
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json.data).toMatchObject({
      status: 'COMPLETED',
      imageCount: 1,
      itemCheckList: [{ status: 'COMPLETED' }],
    });
  });

  test('400 without changedAt, with a bad one, or FAILED without a comment', async () => {
    const task = await occurrenceOf(aisha, tasks.kitchen);
    const line = task.itemCheckList[0]?._id;
    const missing = await changeItem(aisha, { ...ref(task), checkListID: line, status: 'COMPLETED' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors.changedAt).toEqual([
      'Send changedAt, the time of the change on the device',
    ]);
    const bad = await changeItem(aisha, {
      ...ref(task),
      checkListID: line,
      status: 'COMPLETED',
      changedAt: '2025-06-10 09:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.details?.fieldErrors).toHaveProperty('changedAt');
    const failed = await changeItem(aisha, {
      ...ref(task),
      checkListID: line,
      status: 'FAILED',
      changedAt: '2025-06-10T09:00:00Z',
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json.details?.fieldErrors.comment).toEqual(['Say what failed']);
    // Nothing was written by the refused calls.
    expect((await occurrenceOf(aisha, tasks.kitchen)).itemCheckList[0]?.status).toBe('PENDING');
  });
});

describe('complete', () => {
  test('an hour late: kept with its real time, on time, and flagged as synced late', async () => {
    const task = await occurrenceOf(tom, tasks.anyone);
    const reply = await complete(tom, { ...ref(task), completedAt: '2025-06-10T09:00:00Z' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      status: 'COMPLETED',
      completedAt: '2025-06-10T09:00:00.000Z',
      completedBy: { _id: people.tom },
      syncedAt: '2025-06-10T10:00:00.000Z',
      syncedLate: true,
      bucket: 'ON_TIME',
    });
    // Everyone's day shows it done, by Tom.
    expect(await occurrenceOf(aisha, tasks.anyone)).toMatchObject({
      status: 'COMPLETED',
      syncedLate: true,
      completedBy: { firstName: 'Tom' },
    });
    const again = await complete(tom, { ...ref(task), completedAt: '2025-06-10T09:05:00Z' });
    expect(again.statusCode).toBe(409);
  });

  test('a sync after expiry counts with its real time; a completion after expiry is late', async () => {
    const doneInTime = await occurrenceOf(tom, tasks.anyone, '2025-06-09');
    const inTime = await complete(tom, { ...ref(doneInTime), completedAt: '2025-06-09T17:30:00+01:00' });
    expect(inTime.statusCode).toBe(200);
    expect(inTime.json.data).toMatchObject({ bucket: 'ON_TIME', syncedLate: true });

    const doneLate = await occurrenceOf(tom, tasks.anyone, '2025-06-08');
    const late = await complete(tom, { ...ref(doneLate), completedAt: '2025-06-08T19:15:00+01:00' });
    expect(late.statusCode).toBe(200);
    expect(late.json.data).toMatchObject({
      bucket: 'LATE',
      completedAt: '2025-06-08T18:15:00.000Z',
      syncedLate: true,
    });
  });

  test('twenty minutes after is not synced late', async () => {
    const task = await occurrenceOf(tom, tasks.tom);
    const reply = await complete(tom, { ...ref(task), completedAt: '2025-06-10T09:40:00Z' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ syncedLate: false, completedAt: '2025-06-10T09:40:00.000Z' });
  });

  test('is refused, naming what is missing, while a required line is pending; completedAt is required', async () => {
    const task = await occurrenceOf(aisha, tasks.kitchen);
    const refused = await complete(aisha, { ...ref(task), completedAt: '2025-06-10T09:30:00Z' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.message).toMatch(/"Label the containers" is not done yet/);
    const missing = await complete(aisha, ref(task));
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors.completedAt).toEqual([
      'Send completedAt, the time of completion on the device',
    ]);
  });

  test('a task of a later day cannot be completed before it opens', async () => {
    // The day after tomorrow's task opens at the start of its date in Brighton: completing it now was ON_TIME.
    const later = await occurrenceOf(tom, tasks.tom, '2025-06-12');
    const reply = await complete(tom, { ...ref(later), completedAt: '2025-06-10T09:59:00Z' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.completedAt?.[0]).toMatch(/before this task opens/);
    expect((await occurrenceOf(tom, tasks.tom, '2025-06-12')).status).toBe('PENDING');
  });

  test('a time before the task was created is refused', async () => {
    // Made at 11:00 in Brighton today, due at 18:00: its day opened at midnight, before it existed.
    const fresh = await masterTask({
      name: 'Check the first-aid box',
      assigneeIDs: [people.tom],
      checkListItems: [{ text: 'Plasters restocked', required: false }],
      schedule: { startDate: today, dueTime: '18:00' },
    });
    const task = await occurrenceOf(tom, fresh);
    expect(Date.parse(task.opensAt)).toBeLessThan(Date.parse(now));
    const before = await complete(tom, { ...ref(task), completedAt: '2025-06-10T09:30:00Z' });
    expect(before.statusCode).toBe(400);
    expect(before.json.details?.fieldErrors.completedAt?.[0]).toMatch(/before this task was created/);
    const after = await complete(tom, { ...ref(task), completedAt: '2025-06-10T10:00:00Z' });
    expect(after.statusCode).toBe(200);
    expect(after.json.data).toMatchObject({ bucket: 'ON_TIME', enteredAfterTheFact: false });
  });
});

describe('the making horizon', () => {
  test('a day past the horizon makes nothing and answers what exists', async () => {
    const madeOn = async (date: string) =>
      (
        await ctx.db
          .select({ id: individualTasks.id })
          .from(individualTasks)
          .where(and(eq(individualTasks.siteId, brighton()), eq(individualTasks.taskDate, date)))
      ).length;
    // Today + 7 (the background job's reach) is made on read; today + 8 and a far year are not.
    expect((await day(aisha, { date: '2025-06-17' })).json.data.list.length).toBeGreaterThan(0);
    for (const date of ['2025-06-18', '2099-12-30']) {
      const reply = await day(aisha, { date });
      expect(reply.statusCode).toBe(200);
      expect(reply.json.data.list).toEqual([]);
      expect(await madeOn(date)).toBe(0);
    }
    // The dashboard's and the console's day lists read the same way.
    const console = await ctx.inject('GET', '/api/v1/master-task/web-app-list', {
      token: owner,
      query: { siteID: brighton(), taskListDate: '2099-12-30' },
    });
    expect(console.statusCode).toBe(200);
    expect(await madeOn('2099-12-30')).toBe(0);
  });
});

describe('comment', () => {
  test('a text comment and a photo on a line, both in the task’s view', async () => {
    const task = await occurrenceOf(aisha, tasks.kitchen);
    const line = task.itemCheckList[0];
    if (!line) throw new Error('no checklist line');
    const text = await comment(aisha, { ...ref(task), comment: 'Ran out of labels, used tape' });
    expect(text.statusCode).toBe(200);
    expect(text.json.message).toBe('Comment added');
    expect(text.json.data).toMatchObject({
      type: 'TEXT',
      text: 'Ran out of labels, used tape',
      checkListID: null,
      image: null,
      author: { _id: people.aisha },
    });

    const photo = await comment(
      aisha,
      { ...ref(task), checkListID: line._id },
      { bytes: png, name: 'labels.png', type: 'image/png' },
    );
    expect(photo.statusCode).toBe(200);
    expect(photo.json.message).toBe('Photo added');
    expect(photo.json.data).toMatchObject({ type: 'IMAGE', text: null, checkListID: line._id });
    const location = photo.json.data.image?.location ?? '';
    expect(location).toMatch(/^\/api\/v1\/common-uri\/file\//);
    const served = await ctx.app.inject({ method: 'GET', url: location });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);

    const seen = await view(aisha, ref(task));
    expect(seen.statusCode).toBe(200);
    expect(seen.json.data.comments.map((one) => one.type)).toEqual(['TEXT', 'IMAGE']);
    expect(seen.json.data).toMatchObject({ commentCount: 1, imageCount: 1, name: 'Prep list' });

    // The line's photo was the missing piece: ticking it now completes the task.
    const ticked = await changeItem(aisha, {
      ...ref(task),
      checkListID: line._id,
      status: 'COMPLETED',
      changedAt: '2025-06-10T09:58:00Z',
    });
    expect(ticked.json.data).toMatchObject({ status: 'COMPLETED', completedAt: '2025-06-10T09:58:00.000Z' });
  });

  test('refuses a file that is not an image, both a comment and a photo, and neither', async () => {
    const task = await occurrenceOf(tom, tasks.tom, '2025-06-11');
    const notImage = await comment(tom, ref(task), { bytes: pdf, name: 'note.pdf', type: 'application/pdf' });
    expect(notImage.statusCode).toBe(415);
    const both = await comment(
      tom,
      { ...ref(task), comment: 'Look' },
      { bytes: png, name: 'a.png', type: 'image/png' },
    );
    expect(both.statusCode).toBe(400);
    const neither = await comment(tom, ref(task));
    expect(neither.statusCode).toBe(400);
    expect(neither.json.details?.fieldErrors).toHaveProperty('comment');
    const badLine = await comment(tom, { ...ref(task), checkListID: missingId, comment: 'Hm' });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json.details?.fieldErrors).toHaveProperty('checkListID');
  });

  test('the console’s comment call shares the same rules', async () => {
    const task = await occurrenceOf(tom, tasks.tom, '2025-06-11');
    const reply = await comment(
      owner,
      { ...ref(task), comment: 'Use the new cloths' },
      undefined,
      '/api/v1/comment-task/create-new-one',
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ type: 'TEXT', author: { firstName: 'Olivia' } });
    const neither = await comment(owner, ref(task), undefined, '/api/v1/comment-task/create-new-one');
    expect(neither.statusCode).toBe(400);
    expect((await view(tom, ref(task))).json.data.comments.map((one) => one.text)).toEqual([
      'Use the new cloths',
    ]);
  });
});

describe('access', () => {
  test('a staff member of another site gets 403 on every call', async () => {
    const task = await occurrenceOf(aisha, tasks.aisha, '2025-06-12');
    const line = task.itemCheckList[1]?._id;
    expect((await view(chloe, ref(task))).statusCode).toBe(403);
    const changed = await changeItem(chloe, {
      ...ref(task),
      checkListID: line,
      status: 'COMPLETED',
      changedAt: '2025-06-10T09:00:00Z',
    });
    expect(changed.statusCode).toBe(403);
    expect((await complete(chloe, { ...ref(task), completedAt: '2025-06-10T09:00:00Z' })).statusCode).toBe(
      403,
    );
    expect((await comment(chloe, { ...ref(task), comment: 'Not mine' })).statusCode).toBe(403);
    const untouched = await view(aisha, ref(task));
    expect(untouched.json.data).toMatchObject({ status: 'PENDING', commentCount: 0 });
    expect(untouched.json.data.itemCheckList.every((item) => item.status === 'PENDING')).toBe(true);
  });

  test('another organisation’s tasks answer 404 like missing ones, both ways', async () => {
    const theirs = await occurrenceOf(outsider, tasks.theirs);
    const line = theirs.itemCheckList[0]?._id;
    const ours = await occurrenceOf(aisha, tasks.aisha, '2025-06-12');
    const missing = { masterTaskID: tasks.aisha._id, individualTaskID: missingId };
    for (const [token, target] of [
      [aisha, ref(theirs)],
      [outsider, ref(ours)],
      [aisha, missing],
    ] as const) {
      const seen = await view(token, target);
      expect(seen.statusCode).toBe(404);
      expect(seen.json.message).toBe('Task not found');
      const changed = await changeItem(token, {
        ...target,
        checkListID: line,
        status: 'COMPLETED',
        changedAt: '2025-06-10T09:00:00Z',
      });
      expect(changed.statusCode).toBe(404);
      expect((await complete(token, { ...target, completedAt: '2025-06-10T09:00:00Z' })).statusCode).toBe(
        404,
      );
      expect((await comment(token, { ...target, comment: 'Hello' })).statusCode).toBe(404);
    }
    expect((await occurrenceOf(outsider, tasks.theirs)).itemCheckList[0]?.status).toBe('PENDING');
  });

  test('no token is 401 on every call, before the body is read', async () => {
    const task = await occurrenceOf(aisha, tasks.aisha, '2025-06-12');
    expect((await day(undefined)).statusCode).toBe(401);
    expect((await ctx.inject('GET', `${base}/today`)).statusCode).toBe(401);
    expect((await view(undefined, ref(task))).statusCode).toBe(401);
    expect((await changeItem(undefined, {})).statusCode).toBe(401);
    expect((await complete(undefined, {})).statusCode).toBe(401);
    expect((await comment(undefined, { ...ref(task), comment: 'Hi' })).statusCode).toBe(401);
  });
});

describe('sign-in state', () => {
  test('a tick, a photo and a completion change no sign-in state, and answer without waiting on the instances', async () => {
    const cache = ctx.app.sessionCache;
    // Whatever earlier tests changed is heard first.
    await cache.sync();
    const heardBefore = cache.changeCount;
    const sent: string[] = [];
    const logged = jest.spyOn(countingLogger, 'logQuery').mockImplementation((query) => {
      sent.push(query);
    });
    try {
      const task = await occurrenceOf(tom, tasks.tom, '2025-06-09');
      const line = task.itemCheckList[0];
      if (!line) throw new Error('no checklist line');
      const ticked = await changeItem(tom, {
        ...ref(task),
        checkListID: line._id,
        status: 'COMPLETED',
        changedAt: '2025-06-09T13:00:00Z',
      });
      expect(ticked.statusCode).toBe(200);
      const photo = await comment(tom, ref(task), { bytes: png, name: 'shelf.png', type: 'image/png' });
      expect(photo.statusCode).toBe(200);
      // (Ticking the only line completed that task.)
      const sweep = await occurrenceOf(tom, tasks.anyone, '2025-06-07');
      const done = await complete(tom, { ...ref(sweep), completedAt: '2025-06-07T16:00:00Z' });
      expect(done.statusCode).toBe(200);
    } finally {
      logged.mockRestore();
    }
    // No marker was sent for them (a write that may change sign-in state sends one before it answers)...
    expect(sent.filter((query) => query.includes('pg_notify'))).toEqual([]);
    // ...and none was needed: hearing a marker back now, the instance has heard no sign-in change since.
    await cache.sync();
    expect(cache.changeCount).toBe(heardBefore);
  });
});

test('every call is documented for the mobile team', async () => {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(reply.statusCode).toBe(200);
  const paths = (
    reply.json() as { paths: Record<string, Record<string, { summary?: string; description?: string }>> }
  ).paths;
  const calls = Object.entries(paths)
    .filter(([path]) => path.startsWith(base))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, call]) => ({ path, method, call })));
  expect(
    calls.map(({ path, method }) => `${method.toUpperCase()} ${path.slice(base.length)}`).sort(),
  ).toEqual([
    'GET /my-tasks',
    'GET /today',
    'GET /view-task',
    'POST /comment',
    'PUT /check-list-item-status-change',
    'PUT /complete',
  ]);
  for (const { call } of calls) {
    expect(call.summary?.length).toBeGreaterThan(20);
    expect(call.description).toMatch(/mobile-app-login/);
  }
});
