import { eq } from 'drizzle-orm';
import type { AssignableTask, MasterTask } from '@console/shared-sdk/contract';
import { masterTaskAssignees } from '../schema.js';
import { users } from '../../../platform/db/schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

// "Assign tasks" in the staff view: which of a site's master tasks a person has, and giving or taking
// several at once, within what the caller may change and where the person works.

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
const base = '/api/v1/staff-people';
const people = { aisha: '', tom: '', chloe: '' };

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

async function task(name: string, siteID = brighton(), token = owner): Promise<MasterTask> {
  const reply = await ctx.inject<{ data: MasterTask }>('POST', '/api/v1/master-task/create-new-one', {
    token,
    body: {
      siteID,
      name,
      checkListItems: [{ text: 'Done' }],
      schedule: { repeat: 'DAILY', startDate: '2025-06-01', dueTime: '09:00' },
    },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const forAssign = (body: unknown, token = owner) =>
  ctx.inject<{ data: AssignableTask[] }>('POST', `${base}/get-tasks-for-assign`, { token, body });
const assign = (body: unknown, token = owner) =>
  ctx.inject<{ data: { assigned: number; removed: number } }>('POST', `${base}/bulk-assign`, { token, body });
const assigneesOf = async (masterTaskId: string) =>
  (
    await ctx.db.select().from(masterTaskAssignees).where(eq(masterTaskAssignees.masterTaskId, masterTaskId))
  ).map((row) => row.userId);

let fridges: MasterTask;
let opening: MasterTask;
let manchesterTask: MasterTask;
let theirs: MasterTask;

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login('owner@other.example'),
  ]);
  for (const key of Object.keys(people) as (keyof typeof people)[]) {
    const [row] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        eq(
          users.email,
          `${key === 'aisha' ? 'aisha.khan' : key === 'tom' ? 'tom.fletcher' : 'chloe.evans'}@harbourvine.example`,
        ),
      );
    if (!row) throw new Error(`no demo person ${key}`);
    people[key] = row.id;
  }
  fridges = await task('Fridge temperatures');
  opening = await task('Opening checks');
  manchesterTask = await task('Manchester opening', manchester());
  theirs = await task('Their task', ctx.other.site.id, otherOwner);
});
afterAll(() => ctx.close());

test("lists a site's tasks by name, saying which the person has", async () => {
  await assign({ assigneeID: people.aisha, tasks: [fridges._id] });
  const reply = await forAssign({ siteID: brighton(), userID: people.aisha });
  expect(reply.statusCode).toBe(200);
  expect(reply.json.data.map((one) => [one.name, one.assigned])).toEqual([
    ['Fridge temperatures', true],
    ['Opening checks', false],
  ]);
});

test('gives and takes away in one change, and says so', async () => {
  const reply = await assign({ assigneeID: people.tom, tasks: [opening._id, fridges._id] });
  expect(reply.statusCode).toBe(200);
  expect(reply.json.message).toBe('2 tasks assigned to Tom Fletcher');
  const again = await assign({ assigneeID: people.tom, tasks: [], removedTasks: [fridges._id] });
  expect(again.json.message).toBe('0 tasks assigned to Tom Fletcher, 1 task taken away');
  expect(await assigneesOf(opening._id)).toContain(people.tom);
  expect(await assigneesOf(fridges._id)).not.toContain(people.tom);
});

test('a person who does not work at the site is refused on the field that names them; nothing changes', async () => {
  const listed = await forAssign({ siteID: brighton(), userID: people.chloe });
  expect(listed.statusCode).toBe(400);
  expect(listed.json.details?.fieldErrors?.userID).toEqual(['Chloe Evans does not work at this site']);
  const given = await assign({ assigneeID: people.chloe, tasks: [opening._id] });
  expect(given.statusCode).toBe(400);
  expect(given.json.details?.fieldErrors).toHaveProperty('tasks');
  expect(await assigneesOf(opening._id)).not.toContain(people.chloe);
});

test('an inactive person is given nothing, but tasks can still be taken away', async () => {
  await assign({ assigneeID: people.aisha, tasks: [opening._id] });
  await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, people.aisha));
  try {
    const given = await assign({ assigneeID: people.aisha, tasks: [fridges._id] });
    expect(given.statusCode).toBe(400);
    expect(given.json.details?.fieldErrors?.assigneeID).toEqual([
      'Aisha Khan is inactive and cannot be given tasks',
    ]);
    const taken = await assign({ assigneeID: people.aisha, removedTasks: [opening._id] });
    expect(taken.statusCode).toBe(200);
    expect(await assigneesOf(opening._id)).not.toContain(people.aisha);
  } finally {
    await ctx.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, people.aisha));
  }
});

test('the same task given and taken away at once is a 400', async () => {
  const reply = await assign({ assigneeID: people.tom, tasks: [opening._id], removedTasks: [opening._id] });
  expect(reply.statusCode).toBe(400);
  expect(reply.json.details?.fieldErrors).toHaveProperty('removedTasks');
});

test("another organisation's task, site or person is not found; nothing of theirs changes", async () => {
  expect((await assign({ assigneeID: people.tom, tasks: [theirs._id] })).statusCode).toBe(404);
  expect((await forAssign({ siteID: ctx.other.site.id, userID: people.tom })).statusCode).toBe(404);
  expect((await forAssign({ siteID: brighton(), userID: ctx.other.organizationAdmin.id })).statusCode).toBe(
    404,
  );
  expect(
    (await assign({ assigneeID: ctx.other.organizationAdmin.id, tasks: [opening._id] })).statusCode,
  ).toBe(404);
  expect(await assigneesOf(theirs._id)).toEqual([]);
});

test('a site admin assigns on its own site only (403 on Manchester); no token is a 401', async () => {
  const own = await assign({ assigneeID: people.tom, tasks: [fridges._id] }, manager);
  expect(own.statusCode).toBe(200);
  expect((await forAssign({ siteID: manchester(), userID: people.chloe }, manager)).statusCode).toBe(403);
  expect((await assign({ assigneeID: people.chloe, tasks: [manchesterTask._id] }, manager)).statusCode).toBe(
    403,
  );
  expect(await assigneesOf(manchesterTask._id)).toEqual([]);
  expect(
    (await ctx.inject('POST', `${base}/bulk-assign`, { body: { assigneeID: people.tom } })).statusCode,
  ).toBe(401);
});

test('a person of another site is refused as find-one refuses them (403), without their name', async () => {
  const found = await ctx.inject('GET', `${base}/find-one/${people.chloe}`, { token: manager });
  expect(found.statusCode).toBe(403);
  const listed = await forAssign({ siteID: brighton(), userID: people.chloe }, manager);
  expect(listed.statusCode).toBe(403);
  expect(listed.json.message).toBe(found.json.message);
  expect(listed.raw).not.toMatch(/Chloe|Evans/);
  const given = await assign({ assigneeID: people.chloe, tasks: [opening._id] }, manager);
  expect(given.statusCode).toBe(403);
  expect(given.raw).not.toMatch(/Chloe|Evans/);
  expect(await assigneesOf(opening._id)).not.toContain(people.chloe);
});
