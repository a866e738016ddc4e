import { count, eq } from 'drizzle-orm';
import type { MasterTask, MasterTaskOption } from '@console/shared-sdk/contract';
import { checklistTemplates, masterTasks, taskCategories, taskCategorySites } from '../schema.js';
import { users } from '../../../platform/db/schema.js';
import { historyOf } from '../../../platform/history/history.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/master-task';
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;

const ids = {
  /** A category applying on Brighton, one on Manchester only, one deleted, and the other tenant's. */
  category: '',
  manchesterCategory: '',
  deletedCategory: '',
  otherCategory: '',
  template: '',
  otherTemplate: '',
  kitchen: '',
  bakery: '',
  aisha: '',
  tom: '',
  chloe: '',
  owner: '',
  theirs: '',
};

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

const schedule = { repeat: 'DAILY', startDate: '2025-06-01', dueTime: '09:00' };

const form = (change: Record<string, unknown> = {}) => ({
  siteID: brighton(),
  name: 'Close down the grill',
  checkListItems: [{ text: 'Scrape the plate' }],
  schedule,
  ...change,
});

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: MasterTask }>('POST', `${base}/create-new-one`, { token, body });

async function created(change: Record<string, unknown> = {}, token = owner): Promise<MasterTask> {
  const reply = await create(form(change), token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const update = (body: unknown, token = owner) =>
  ctx.inject<{ data: MasterTask }>('PUT', `${base}/update-one`, { token, body });

/** The form of a task as the console sends it back, with changes. */
const edited = (task: MasterTask, change: Record<string, unknown> = {}) => ({
  _id: task._id,
  siteID: task.siteID,
  name: task.name,
  description: task.description,
  categoryID: task.categoryID,
  departmentID: task.departmentID,
  assigneeIDs: task.assigneeIDs,
  templateID: task.templateID,
  checkListItems: task.checkListItems,
  photoRequired: task.photoRequired,
  schedule: task.schedule,
  ...change,
});

const find = (id: string, token = owner) =>
  ctx.inject<{ data: MasterTask }>('GET', `${base}/find-one/${id}`, { token });

async function taskRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(masterTasks);
  return row?.n ?? 0;
}

async function userId(email: string): Promise<string> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} not found`);
  return row.id;
}

async function category(orgId: string, name: string, siteIds: string[], deleted = false) {
  const id = newId();
  const now = ctx.clock.now();
  await ctx.db
    .insert(taskCategories)
    .values({ id, orgId, name, createdAt: now, updatedAt: now, deletedAt: deleted ? now : null });
  await ctx.db.insert(taskCategorySites).values(siteIds.map((siteId) => ({ categoryId: id, siteId })));
  return id;
}

async function template(orgId: string, name: string) {
  const id = newId();
  const now = ctx.clock.now();
  await ctx.db.insert(checklistTemplates).values({
    id,
    orgId,
    name,
    items: [
      { id: newId(), text: 'Fridge at or below 5 °C', required: true, photoRequired: false },
      { id: newId(), text: 'Probe wiped', required: false, photoRequired: true },
    ],
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

async function department(siteID: string, name: string) {
  const reply = await ctx.inject<{ data: { _id: string } }>(
    'POST',
    '/api/v1/department-panel/create-new-one',
    {
      token: owner,
      body: { siteID, name },
    },
  );
  expect(reply.statusCode).toBe(200);
  return reply.json.data._id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2025-06-10T10:00:00Z');
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
  const orgId = ctx.demo.organization.id;
  Object.assign(ids, {
    category: await category(orgId, 'Cleaning', [brighton(), manchester()]),
    manchesterCategory: await category(orgId, 'Bakery', [manchester()]),
    deletedCategory: await category(orgId, 'Retired', [brighton()], true),
    otherCategory: await category(ctx.other.organization.id, 'Theirs', [ctx.other.site.id]),
    template: await template(orgId, 'Opening checks'),
    otherTemplate: await template(ctx.other.organization.id, 'Their checks'),
    kitchen: await department(brighton(), 'Kitchen'),
    bakery: await department(manchester(), 'Bakery'),
    aisha: await userId('aisha.khan@harbourvine.example'),
    tom: await userId('tom.fletcher@harbourvine.example'),
    chloe: await userId('chloe.evans@harbourvine.example'),
    owner: await userId(demoLogins.organizationAdmin),
  });
  const theirs = await create({ ...form(), siteID: ctx.other.site.id, name: 'Their task' }, otherOwner);
  expect(theirs.statusCode).toBe(200);
  ids.theirs = theirs.json.data._id;
});
afterAll(() => ctx.close());

describe('create-new-one', () => {
  test('copies a template’s items with new ids when no items are sent, and answers the whole task', async () => {
    const reply = await create(
      form({
        name: ' Open the kitchen ',
        description: 'Before the first covers',
        categoryID: ids.category,
        departmentID: [ids.kitchen],
        assigneeIDs: [ids.tom, ids.aisha, ids.owner],
        templateID: ids.template,
        checkListItems: [],
        photoRequired: true,
        schedule: { repeat: 'WEEKLY', startDate: '2025-06-02', weekdays: [5, 1, 1], dueSlot: 'MORNING' },
      }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Master task created');
    const task = reply.json.data;
    expect(task).toMatchObject({
      orgId: ctx.demo.organization.id,
      siteID: brighton(),
      name: 'Open the kitchen',
      description: 'Before the first covers',
      categoryID: ids.category,
      category: { _id: ids.category, name: 'Cleaning' },
      departmentID: [ids.kitchen],
      departments: [{ _id: ids.kitchen, name: 'Kitchen' }],
      templateID: ids.template,
      photoRequired: true,
      schedule: {
        repeat: 'WEEKLY',
        startDate: '2025-06-02',
        endDate: null,
        weekdays: [1, 5],
        dayOfMonth: null,
        dueSlot: 'MORNING',
        dueTime: null,
      },
      stoppedFrom: null,
      timeZoneId: 'Europe/London',
    });
    // Assignees by full name: Aisha Khan, Olivia Bennett (organisation admin), Tom Fletcher.
    expect(task.assignees.map((person) => person.email)).toEqual([
      'aisha.khan@harbourvine.example',
      demoLogins.organizationAdmin,
      'tom.fletcher@harbourvine.example',
    ]);
    expect(task.assigneeIDs).toEqual([ids.aisha, ids.owner, ids.tom]);

    const [source] = await ctx.db
      .select({ items: checklistTemplates.items })
      .from(checklistTemplates)
      .where(eq(checklistTemplates.id, ids.template));
    expect(
      task.checkListItems.map(({ text, required, photoRequired }) => ({ text, required, photoRequired })),
    ).toEqual([
      { text: 'Fridge at or below 5 °C', required: true, photoRequired: false },
      { text: 'Probe wiped', required: false, photoRequired: true },
    ]);
    const templateItemIds = source?.items.map((item) => item.id) ?? [];
    expect(templateItemIds).toHaveLength(2);
    for (const item of task.checkListItems) expect(templateItemIds).not.toContain(item._id);

    expect((await find(task._id)).json.data).toEqual(task);
  });

  test('uses the typed items when sent, even with a template', async () => {
    const task = await created({
      templateID: ids.template,
      checkListItems: [
        { text: 'Degrease the hood', required: false, photoRequired: true },
        { text: 'Empty the fat trap' },
      ],
    });
    expect(task.templateID).toBe(ids.template);
    expect(task.checkListItems).toEqual([
      { _id: expect.any(String), text: 'Degrease the hood', required: false, photoRequired: true },
      { _id: expect.any(String), text: 'Empty the fat trap', required: true, photoRequired: false },
    ]);
    expect(task.checkListItems[0]?._id).not.toBe(task.checkListItems[1]?._id);
  });

  test('a name already used on the site is fine (names need not be unique)', async () => {
    await created({ name: 'Mop the floor' });
    expect((await create(form({ name: 'MOP THE FLOOR' }))).statusCode).toBe(200);
  });

  test.each([
    [
      'categoryID',
      () => ({ categoryID: ids.manchesterCategory }),
      'Choose a category that applies on this site',
    ],
    [
      'categoryID',
      () => ({ categoryID: ids.deletedCategory }),
      'Choose a category that applies on this site',
    ],
    ['categoryID', () => ({ categoryID: ids.otherCategory }), 'Choose a category that applies on this site'],
    ['categoryID', () => ({ categoryID: missingId }), 'Choose a category that applies on this site'],
    [
      'departmentID',
      () => ({ departmentID: [ids.kitchen, ids.bakery] }),
      'A chosen department is not one of this site',
    ],
    ['templateID', () => ({ templateID: ids.otherTemplate }), 'Choose a template of this organisation'],
    ['templateID', () => ({ templateID: missingId }), 'Choose a template of this organisation'],
    ['assigneeIDs', () => ({ assigneeIDs: [ids.chloe] }), 'Chloe Evans does not work at this site'],
    ['assigneeIDs', () => ({ assigneeIDs: [ctx.other.staff.id] }), 'A chosen person was not found'],
    [
      'checkListItems.0._id',
      () => ({ checkListItems: [{ _id: missingId, text: 'Sneaked in' }] }),
      'This line is not part of this checklist',
    ],
    ['schedule.weekdays', () => ({ schedule: { ...schedule, repeat: 'WEEKLY' } }), 'Choose at least one day'],
    [
      'schedule.dueSlot',
      () => ({ schedule: { repeat: 'ONCE', startDate: '2025-06-12' } }),
      'Choose when it is due',
    ],
    ['name', () => ({ name: '   ' }), 'Task name is required'],
  ])('a bad %s is a 400 naming the field, and writes nothing', async (field, change, message) => {
    const before = await taskRows();
    const reply = await create(form(change()));
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors[field]).toContain(message);
    expect(await taskRows()).toBe(before);
  });

  test('an inactive assignee is named, with every other problem of the list', async () => {
    const jo = await ctx.inject<{ data: { _id: string } }>('POST', '/api/v1/staff-people/create-new-one', {
      token: owner,
      body: {
        firstName: 'Jo',
        lastName: 'Marsh',
        email: 'jo.marsh@harbourvine.example',
        userRole: 'STAFF',
        siteIDs: [brighton()],
      },
    });
    expect(jo.statusCode).toBe(200);
    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, jo.json.data._id));
    const reply = await create(form({ assigneeIDs: [ids.aisha, jo.json.data._id, ids.chloe] }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.assigneeIDs).toEqual([
      'Jo Marsh is inactive',
      'Chloe Evans does not work at this site',
    ]);
  });

  test('a site admin creates on its own site only; another organisation’s site is 404', async () => {
    expect((await create(form(), manager)).statusCode).toBe(200);
    const before = await taskRows();
    expect((await create(form({ siteID: manchester() }), manager)).statusCode).toBe(403);
    expect((await create(form({ siteID: ctx.other.site.id }))).statusCode).toBe(404);
    expect(await taskRows()).toBe(before);
  });

  test('no token is a 401', async () => {
    expect((await ctx.inject('POST', `${base}/create-new-one`, { body: form() })).statusCode).toBe(401);
  });
});

describe('update-one', () => {
  test('items sent with their _id keep it, new ones get an id, and links are replaced', async () => {
    const task = await created({
      checkListItems: [{ text: 'Wipe the hatch' }, { text: 'Bin the scraps' }],
      assigneeIDs: [ids.aisha],
    });
    const [first, second] = task.checkListItems;
    const reply = await update(
      edited(task, {
        name: 'Close the pass',
        categoryID: ids.category,
        departmentID: [ids.kitchen],
        assigneeIDs: [ids.tom],
        checkListItems: [
          { ...second, text: 'Bin the scraps and the peelings' },
          { text: 'Switch off the lamps' },
          first,
        ],
      }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Master task updated');
    const after = reply.json.data;
    expect(after).toMatchObject({
      name: 'Close the pass',
      category: { _id: ids.category, name: 'Cleaning' },
      departmentID: [ids.kitchen],
      assigneeIDs: [ids.tom],
    });
    expect(after.checkListItems.map((item) => item.text)).toEqual([
      'Bin the scraps and the peelings',
      'Switch off the lamps',
      'Wipe the hatch',
    ]);
    expect(after.checkListItems[0]?._id).toBe(second?._id);
    expect(after.checkListItems[2]?._id).toBe(first?._id);
    expect([first?._id, second?._id]).not.toContain(after.checkListItems[1]?._id);
  });

  test('an item id of another task, or one item id sent twice, is a 400 on that item', async () => {
    const mine = await created();
    const another = await created();
    const foreign = await update(edited(mine, { checkListItems: another.checkListItems }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json.details?.fieldErrors['checkListItems.0._id']).toEqual([
      'This line is not part of this checklist',
    ]);
    const [item] = mine.checkListItems;
    const twice = await update(edited(mine, { checkListItems: [item, item] }));
    expect(twice.json.details?.fieldErrors['checkListItems.1._id']).toEqual([
      'This line is in the list twice',
    ]);
    expect((await find(mine._id)).json.data).toEqual(mine);
  });

  test('references are checked against the site the task moves to', async () => {
    const task = await created({ departmentID: [ids.kitchen], assigneeIDs: [ids.aisha] });
    const moved = await update(edited(task, { siteID: manchester() }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json.details?.fieldErrors).toMatchObject({
      departmentID: ['A chosen department is not one of this site'],
    });
    const clean = await update(
      edited(task, { siteID: manchester(), departmentID: [ids.bakery], assigneeIDs: [ids.chloe] }),
    );
    expect(clean.statusCode).toBe(200);
    expect(clean.json.data).toMatchObject({ siteID: manchester(), departmentID: [ids.bakery] });
  });

  test('a template the task was made from stays accepted after it is deleted; a new deleted one is not', async () => {
    const retired = await template(ctx.demo.organization.id, 'Retired checks');
    const task = await created({ templateID: retired, checkListItems: [] });
    await ctx.db
      .update(checklistTemplates)
      .set({ deletedAt: ctx.clock.now() })
      .where(eq(checklistTemplates.id, retired));
    expect((await update(edited(task, { name: 'Still fine' }))).statusCode).toBe(200);
    const other = await created();
    const reply = await update(edited(other, { templateID: retired }));
    expect(reply.json.details?.fieldErrors.templateID).toEqual(['Choose a template of this organisation']);
  });

  test('a site admin edits its own site’s tasks but cannot move one to another site, nor touch others', async () => {
    const own = await created({}, manager);
    expect((await update(edited(own, { name: 'Renamed by the manager' }), manager)).statusCode).toBe(200);
    const moved = await update(edited(own, { siteID: manchester() }), manager);
    expect(moved.statusCode).toBe(403);
    const elsewhere = await created({ siteID: manchester() });
    expect((await update(edited(elsewhere, { name: 'Nope' }), manager)).statusCode).toBe(403);
    expect((await find(elsewhere._id, manager)).statusCode).toBe(403);
    expect((await find(own._id)).json.data.siteID).toBe(brighton());
  });

  test('another organisation’s task is 404 like a missing one, and stays as it was', async () => {
    const mine = await created();
    for (const id of [ids.theirs, missingId]) {
      const reply = await update(edited(mine, { _id: id, name: 'Taken over' }));
      expect(reply.statusCode).toBe(404);
      expect(reply.json.message).toBe('Master task not found');
      expect((await find(id)).statusCode).toBe(404);
    }
    expect((await find(ids.theirs, otherOwner)).json.data.name).toBe('Their task');
  });

  test('no token is a 401', async () => {
    expect((await ctx.inject('PUT', `${base}/update-one`, { body: { _id: missingId } })).statusCode).toBe(
      401,
    );
    expect((await ctx.inject('GET', `${base}/find-one/${missingId}`)).statusCode).toBe(401);
  });
});

describe('history', () => {
  test('create, update and a no-op update are kept as entries with who and what changed', async () => {
    const task = await created({ name: 'Descale the kettle' });
    await update(edited(task, { name: 'Descale the kettles', assigneeIDs: [ids.tom] }));
    await update(edited(task, { name: 'Descale the kettles', assigneeIDs: [ids.tom] }));
    const entries = await historyOf(ctx.db, ctx.demo.organization.id, 'MasterTask', task._id);
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create']);
    const [changed, made] = entries;
    expect(made?.changes.before).toBeNull();
    expect(made?.changes.after).toMatchObject({ name: 'Descale the kettle', siteID: brighton() });
    expect(changed?.changes.before).toMatchObject({ name: 'Descale the kettle', assigneeIDs: [] });
    expect(changed?.changes.after).toMatchObject({ name: 'Descale the kettles', assigneeIDs: [ids.tom] });
    expect(changed?.actorName).toBe('Olivia Bennett');
  });
});

describe('simple-list', () => {
  test('a site’s live master tasks by name; another site is 403 for its site admin, 404 across tenants', async () => {
    await created({ siteID: manchester(), name: 'zz Bake the bread' });
    await created({ siteID: manchester(), name: 'Aa Light the oven' });
    const reply = await ctx.inject<{ data: MasterTaskOption[] }>('GET', `${base}/simple-list`, {
      token: owner,
      query: { siteID: manchester() },
    });
    expect(reply.statusCode).toBe(200);
    const names = reply.json.data.map((option) => option.name);
    expect(names[0]).toBe('Aa Light the oven');
    expect(names.at(-1)).toBe('zz Bake the bread');
    expect(reply.json.data.every((option) => option.siteID === manchester())).toBe(true);
    expect(reply.json.data[0]).toMatchObject({ label: 'Aa Light the oven', value: reply.json.data[0]?._id });

    const refused = await ctx.inject('GET', `${base}/simple-list`, {
      token: manager,
      query: { siteID: manchester() },
    });
    expect(refused.statusCode).toBe(403);
    const foreign = await ctx.inject('GET', `${base}/simple-list`, {
      token: owner,
      query: { siteID: ctx.other.site.id },
    });
    expect(foreign.statusCode).toBe(404);
    const own = await ctx.inject<{ data: MasterTaskOption[] }>('GET', `${base}/simple-list`, {
      token: manager,
    });
    expect(own.json.data.length).toBeGreaterThan(0);
    expect(own.json.data.every((option) => option.siteID === brighton())).toBe(true);
    expect((await ctx.inject('GET', `${base}/simple-list`)).statusCode).toBe(401);
  });
});
