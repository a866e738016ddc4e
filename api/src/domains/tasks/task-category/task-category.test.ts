import { and, count, eq, isNull } from 'drizzle-orm';
import type {
  ListData,
  TaskCategory,
  TaskCategoryInput,
  TaskCategoryOption,
} from '@console/shared-sdk/contract';
import { masterTasks, taskCategories } from '../schema.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/task-category';
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let platform: string;
let owner: string;
let manager: string;
let otherOwner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

/** A master task written straight into the table (the master task routes are tested on their own). */
async function masterTask(
  name: string,
  siteId: string,
  options: { orgId?: string; deleted?: boolean } = {},
): Promise<string> {
  const id = newId();
  const now = ctx.clock.now();
  await ctx.db.insert(masterTasks).values({
    id,
    orgId: options.orgId ?? ctx.demo.organization.id,
    siteId,
    name,
    items: [],
    repeat: 'DAILY',
    startDate: '2026-01-05',
    dueTime: '10:00',
    createdAt: now,
    updatedAt: now,
    deletedAt: options.deleted ? now : null,
  });
  return id;
}

async function categoryOf(masterTaskId: string): Promise<string | null | undefined> {
  const [row] = await ctx.db
    .select({ categoryId: masterTasks.categoryId })
    .from(masterTasks)
    .where(eq(masterTasks.id, masterTaskId));
  return row?.categoryId;
}

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: TaskCategory }>('POST', `${base}/create-new-one`, { token, body });

async function created(
  name: string,
  siteID: string[] = [brighton()],
  masterTaskID: string[] = [],
  token = owner,
): Promise<TaskCategory> {
  const reply = await create({ name, description: `${name} tasks`, siteID, masterTaskID }, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const update = (body: unknown, token = owner) =>
  ctx.inject<{ data: TaskCategory }>('PUT', `${base}/update-one`, { token, body });

const find = (id: string, token = owner) =>
  ctx.inject<{ data: TaskCategory }>('GET', `${base}/find-one/${id}`, { token });

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<TaskCategory> }>('GET', `${base}/web-app-list`, { token, query });

const options = (siteID: string, token = owner) =>
  ctx.inject<{ data: TaskCategoryOption[] }>('GET', `${base}/simple-list`, { token, query: { siteID } });

const options2 = (list: unknown, token = owner) =>
  ctx.inject<{ data: TaskCategoryOption[] }>('POST', `${base}/simple-list2`, { token, body: { list } });

/** The form of a loaded category, to send back with changes. */
const formOf = (category: TaskCategory, changes: Partial<TaskCategoryInput> = {}) => ({
  _id: category._id,
  name: category.name,
  description: category.description,
  siteID: category.siteID,
  masterTaskID: category.masterTaskID,
  ...changes,
});

async function liveCategories(): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(taskCategories)
    .where(and(eq(taskCategories.orgId, ctx.demo.organization.id), isNull(taskCategories.deletedAt)));
  return row?.n ?? 0;
}

let theirs: TaskCategory;

beforeAll(async () => {
  ctx = await createTestContext();
  platform = await ctx.login(demoLogins.platformAdmin);
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
  theirs = await created('Their category', [ctx.other.site.id], [], otherOwner);
});
afterAll(() => ctx.close());

describe('create-new-one', () => {
  test('adds a category on its sites, and its master tasks now name it', async () => {
    const fridges = await masterTask('Fridge temperatures', brighton());
    const cellar = await masterTask('Cellar temperatures', manchester());
    const reply = await create({
      name: 'Temperature checks',
      description: 'Fridges, freezers and the cellar',
      siteID: [manchester(), brighton(), brighton()],
      masterTaskID: [fridges, cellar],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Task category created');
    const category = reply.json.data;
    expect(category).toMatchObject({
      orgId: ctx.demo.organization.id,
      name: 'Temperature checks',
      description: 'Fridges, freezers and the cellar',
    });
    expect(category.sites.map((site) => site._id).sort()).toEqual([brighton(), manchester()].sort());
    expect(category.siteID).toEqual(category.sites.map((site) => site._id));
    expect(category.sites.map((site) => site.name)).toContain('The Harbour Kitchen, Brighton');
    expect(category.masterTasks).toEqual([
      { _id: cellar, name: 'Cellar temperatures', siteID: manchester() },
      { _id: fridges, name: 'Fridge temperatures', siteID: brighton() },
    ]);
    expect(category.masterTaskID).toEqual([cellar, fridges]);
    expect(await categoryOf(fridges)).toBe(category._id);
    expect(await categoryOf(cellar)).toBe(category._id);
    expect((await find(category._id)).json.data).toEqual(category);
  });

  test('bad input answers 400 naming each field, and writes nothing', async () => {
    const before = await liveCategories();
    const blank = await create({ name: ' ', siteID: [brighton()] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json.details?.fieldErrors.name).toEqual(['Category name is required']);

    const noSites = await create({ name: 'Nowhere', siteID: [] });
    expect(noSites.statusCode).toBe(400);
    expect(noSites.json.details?.fieldErrors.siteID).toEqual(['Choose at least one site']);

    const badSite = await create({ name: 'Bad site', siteID: ['not-an-id'] });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json.details?.fieldErrors['siteID.0']).toBeDefined();

    const onOtherSite = await masterTask('Bar top-up', manchester());
    const elsewhere = await create({ name: 'Elsewhere', siteID: [brighton()], masterTaskID: [onOtherSite] });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json.details?.fieldErrors.masterTaskID).toEqual([
      '"Bar top-up" is not on one of the category\'s sites',
    ]);

    const foreignTask = await masterTask('Their task', ctx.other.site.id, {
      orgId: ctx.other.organization.id,
    });
    const deletedTask = await masterTask('Gone task', brighton(), { deleted: true });
    for (const id of [foreignTask, deletedTask, missingId]) {
      const reply = await create({ name: 'Foreign', siteID: [brighton()], masterTaskID: [id] });
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors.masterTaskID).toEqual([
        "Choose master tasks from this organisation's sites",
      ]);
    }
    expect(await categoryOf(foreignTask)).toBeNull();
    expect(await liveCategories()).toBe(before);
  });

  test('a site of another organisation, or none at all, is 404 Site not found', async () => {
    for (const siteID of [ctx.other.site.id, missingId]) {
      const reply = await create({ name: 'Abroad', siteID: [brighton(), siteID] });
      expect(reply.statusCode).toBe(404);
      expect(reply.json.message).toBe('Site not found');
    }
  });

  test('a name the organisation already uses, in any case, answers 409 on name', async () => {
    await created('Cleaning');
    const reply = await create({ name: 'CLEANING', siteID: [manchester()] });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.message).toBe('A task category called "CLEANING" already exists');
    expect(reply.json.details?.fieldErrors.name).toEqual(['A task category with this name already exists']);
    expect((await create({ name: 'Cleaning', siteID: [ctx.other.site.id] }, otherOwner)).statusCode).toBe(
      200,
    );
  });

  test('a site admin adds categories on its own sites only (403 elsewhere)', async () => {
    const mine = await created('Bar checks', [brighton()], [], manager);
    expect(mine.siteID).toEqual([brighton()]);
    const before = await liveCategories();
    const reply = await create({ name: 'Manchester checks', siteID: [brighton(), manchester()] }, manager);
    expect(reply.statusCode).toBe(403);
    expect(await liveCategories()).toBe(before);
  });

  test('a platform admin works in the organisation it names', async () => {
    const without = await create({ name: 'Platform', siteID: [brighton()] }, platform);
    expect(without.statusCode).toBe(400);
    expect(without.json.details?.fieldErrors.orgId).toBeDefined();
    const reply = await ctx.inject<{ data: TaskCategory }>('POST', `${base}/create-new-one`, {
      token: platform,
      query: { orgId: ctx.other.organization.id },
      body: { name: 'Platform', siteID: [ctx.other.site.id] },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.orgId).toBe(ctx.other.organization.id);
  });

  test('without a token the call is refused with 401', async () => {
    const reply = await ctx.inject('POST', `${base}/create-new-one`, {
      body: { name: 'Nope', siteID: [brighton()] },
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('update-one', () => {
  test('replaces sites and master tasks: tasks left out or on a removed site lose the category', async () => {
    const open = await masterTask('Open the bar', brighton());
    const close = await masterTask('Close the bar', brighton());
    const cellar = await masterTask('Cellar lines', manchester());
    const category = await created('Bar routine', [brighton(), manchester()], [open, close, cellar]);
    const elsewhere = await created('Other routine', [brighton()]);
    const moved = await masterTask('Glass wash', brighton());
    await update(formOf(elsewhere, { masterTaskID: [moved] }));
    expect(await categoryOf(moved)).toBe(elsewhere._id);

    const reply = await update(
      formOf(category, { name: 'Bar routines', siteID: [brighton()], masterTaskID: [open, moved] }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Task category updated');
    expect(reply.json.data).toMatchObject({ name: 'Bar routines', siteID: [brighton()] });
    expect(reply.json.data.masterTaskID.sort()).toEqual([open, moved].sort());
    expect(await categoryOf(open)).toBe(category._id);
    expect(await categoryOf(moved)).toBe(category._id);
    expect(await categoryOf(close)).toBeNull();
    expect(await categoryOf(cellar)).toBeNull();
    expect((await find(elsewhere._id)).json.data.masterTaskID).toEqual([]);
  });

  test('a master task on a site the category leaves is a 400, and nothing changes', async () => {
    const cellar = await masterTask('Cellar clean', manchester());
    const category = await created('Cellar routine', [brighton(), manchester()], [cellar]);
    const reply = await update(formOf(category, { siteID: [brighton()] }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.masterTaskID).toBeDefined();
    expect((await find(category._id)).json.data).toEqual(category);
    expect(await categoryOf(cellar)).toBe(category._id);
  });

  test('renaming onto another category’s name is 409; another organisation’s category is 404', async () => {
    const category = await created('Renamed routine');
    const clash = await update(formOf(category, { name: 'cleaning' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json.details?.fieldErrors.name).toBeDefined();
    const foreign = await update({ ...formOf(theirs), siteID: [brighton()] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json.message).toBe('Task category not found');
    expect((await find(theirs._id, otherOwner)).json.data.name).toBe('Their category');
  });

  test('a site admin may not change a category that is also on another site (403), nor one of another site', async () => {
    const bar = await masterTask('Bar stock', brighton());
    const kitchen = await masterTask('Kitchen stock', brighton());
    const cellar = await masterTask('Cellar stock', manchester());
    const shared = await created('Stock', [brighton(), manchester()], [bar, cellar]);
    const manchesters = await created(
      'Cellar',
      [manchester()],
      [await masterTask('Cask check', manchester())],
    );

    // One also on another site is refused (403); one on another site alone is that site's, as if missing.
    for (const [category, refused] of [
      [shared, 403],
      [manchesters, 404],
    ] as const) {
      const rename = await update(formOf(category, { name: 'Renamed by Brighton' }), manager);
      expect(rename.statusCode).toBe(refused);
      const remove = await ctx.inject('DELETE', `${base}/delete-one/${category._id}`, { token: manager });
      expect(remove.statusCode).toBe(refused);
      expect((await find(category._id)).json.data.name).toBe(category.name);
    }
    const narrowed = await update(formOf(shared, { siteID: [brighton()], masterTaskID: [kitchen] }), manager);
    expect(narrowed.statusCode).toBe(403);
    expect((await find(shared._id)).json.data.masterTaskID.sort()).toEqual([bar, cellar].sort());
    expect(await categoryOf(kitchen)).toBeNull();

    // Read by the site admin, the shared category names every site but lists only Brighton's tasks and
    // Brighton's name: the edit dialog has nothing to look up on a site it does not administer.
    const read = await find(shared._id, manager);
    expect(read.statusCode).toBe(200);
    expect(read.json.data.siteID.sort()).toEqual([brighton(), manchester()].sort());
    expect(read.json.data.sites).toEqual([{ _id: brighton(), name: ctx.demo.sites.brighton.name }]);
    expect(read.json.data.masterTaskID).toEqual([bar]);
    expect(read.json.data.masterTasks.map((task) => task.siteID)).toEqual([brighton()]);
    const listed = await list({ search: 'Stock' }, manager);
    expect(listed.json.data.list.find((row) => row._id === shared._id)?.masterTaskID).toEqual([bar]);
    // The organisation admin sees them all, and may change the category.
    expect((await find(shared._id)).json.data.masterTaskID.sort()).toEqual([bar, cellar].sort());
    expect((await update(formOf(shared, { name: 'Stock takes' }))).statusCode).toBe(200);
  });

  test('a site admin edits and deletes a category all of whose sites it administers', async () => {
    const kitchen = await masterTask('Kitchen close', brighton());
    const category = await created('Closing', [brighton()], [], owner);
    const reply = await update(formOf(category, { name: 'Close down', masterTaskID: [kitchen] }), manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ name: 'Close down', masterTaskID: [kitchen] });
    expect(await categoryOf(kitchen)).toBe(category._id);
  });

  test('a site admin may not add a site, or a task of a site, it does not administer (403)', async () => {
    const category = await created('Brighton only', [brighton()], [], manager);
    const addSite = await update(formOf(category, { siteID: [brighton(), manchester()] }), manager);
    expect(addSite.statusCode).toBe(403);

    const shared = await created('Shared', [brighton(), manchester()]);
    const cellar = await masterTask('Cellar check', manchester());
    const addTask = await update(formOf(shared, { masterTaskID: [cellar] }), manager);
    expect(addTask.statusCode).toBe(403);
    expect(await categoryOf(cellar)).toBeNull();
    expect((await find(category._id)).json.data.siteID).toEqual([brighton()]);
  });

  test('a bad id is a 400 naming the field', async () => {
    const reply = await update({ _id: 'x', name: 'A', siteID: [brighton()] });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors._id).toBeDefined();
  });
});

describe('web-app-list, simple-list and simple-list2', () => {
  let brightonOnly: TaskCategory;
  let manchesterOnly: TaskCategory;
  let both: TaskCategory;

  beforeAll(async () => {
    brightonOnly = await created('Listing B', [brighton()]);
    manchesterOnly = await created('Listing M', [manchester()]);
    both = await created('Listing BM', [brighton(), manchester()]);
  });

  test('siteID lists the categories that apply on that site; search and sort apply', async () => {
    const reply = await list({ siteID: manchester(), search: 'listing', sort: '-name' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.records).toBe(2);
    expect(reply.json.data.list.map((category) => category.name)).toEqual(['Listing M', 'Listing BM']);
    const all = await list({ search: 'listing', sort: 'name', limit: 2 });
    expect(all.json.data.records).toBe(3);
    expect(all.json.data.list.map((category) => category._id)).toEqual([brightonOnly._id, both._id]);
  });

  test('a site admin’s list shows the categories of its sites; another site is 403, its own category 404', async () => {
    const reply = await list({ search: 'listing' }, manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.list.map((category) => category.name).sort()).toEqual(['Listing B', 'Listing BM']);
    expect((await list({ siteID: manchester() }, manager)).statusCode).toBe(403);
    expect((await find(manchesterOnly._id, manager)).statusCode).toBe(404);
  });

  test('another organisation’s site is 404, and its categories never show', async () => {
    const reply = await list({ siteID: ctx.other.site.id });
    expect(reply.statusCode).toBe(404);
    expect(reply.json.message).toBe('Site not found');
    expect((await list({ search: 'Their category' })).json.data.records).toBe(0);
  });

  test('simple-list gives the categories of one site as options, by name', async () => {
    const reply = await options(brighton(), manager);
    expect(reply.statusCode).toBe(200);
    const listing = reply.json.data.filter((option) => option.name.startsWith('Listing'));
    expect(listing.map((option) => option.name)).toEqual(['Listing B', 'Listing BM']);
    expect(listing[1]).toEqual({
      _id: both._id,
      value: both._id,
      label: 'Listing BM',
      name: 'Listing BM',
      siteID: both.siteID,
    });
    expect((await options(manchester(), manager)).statusCode).toBe(403);
    expect((await options(ctx.other.site.id)).statusCode).toBe(404);
    const bad = await ctx.inject('GET', `${base}/simple-list`, { token: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.details?.fieldErrors.siteID).toBeDefined();
  });

  test('simple-list2 gives the categories of any of several sites', async () => {
    const reply = await options2([manchester(), brooklyn()]);
    expect(reply.statusCode).toBe(200);
    const names = reply.json.data.map((option) => option.name);
    expect(names).toEqual(expect.arrayContaining(['Listing M', 'Listing BM']));
    expect(names).not.toContain('Listing B');
    expect((await options2([])).json.data).toEqual([]);
    expect((await options2([brighton(), manchester()], manager)).statusCode).toBe(403);
    expect((await options2([ctx.other.site.id])).statusCode).toBe(404);
    const bad = await options2(['nope']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json.details?.fieldErrors['list.0']).toBeDefined();
  });

  test('without a token the lists are refused with 401', async () => {
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
    expect(
      (await ctx.inject('GET', `${base}/simple-list`, { query: { siteID: brighton() } })).statusCode,
    ).toBe(401);
    expect((await ctx.inject('POST', `${base}/simple-list2`, { body: { list: [] } })).statusCode).toBe(401);
  });
});

describe('find-one and delete-one', () => {
  test('another organisation’s category is not found for reading and deleting', async () => {
    expect((await find(theirs._id)).statusCode).toBe(404);
    expect((await find(missingId)).json.message).toBe('Task category not found');
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`, { token: owner })).statusCode,
    ).toBe(404);
    expect((await find(theirs._id, otherOwner)).statusCode).toBe(200);
    expect((await ctx.inject('GET', `${base}/find-one/not-an-id`, { token: owner })).statusCode).toBe(400);
  });

  test('a site admin deletes a category only when every one of its sites is its own (403 otherwise)', async () => {
    const shared = await created('Kept category', [brighton(), manchester()], [], owner);
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one/${shared._id}`, { token: manager })).statusCode,
    ).toBe(403);
    expect((await find(shared._id)).statusCode).toBe(200);
    const own = await created('Own category', [brighton()], [], manager);
    expect((await ctx.inject('DELETE', `${base}/delete-one/${own._id}`, { token: manager })).statusCode).toBe(
      200,
    );
    expect((await find(own._id)).statusCode).toBe(404);
  });

  test('deleting keeps its master tasks, without the category, and frees the name', async () => {
    const task = await masterTask('Descale the kettle', brighton());
    const category = await created('Descaling', [brighton()], [task]);
    const reply = await ctx.inject('DELETE', `${base}/delete-one/${category._id}`, { token: owner });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Task category deleted');
    expect((await find(category._id)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(masterTasks).where(eq(masterTasks.id, task));
    expect(row).toMatchObject({ name: 'Descale the kettle', categoryId: null, deletedAt: null });
    expect((await options(brighton())).json.data.map((option) => option._id)).not.toContain(category._id);
    expect((await created('descaling')).name).toBe('descaling');
  });

  test('without a token, reading, editing and deleting are refused with 401', async () => {
    expect((await ctx.inject('GET', `${base}/find-one/${theirs._id}`)).statusCode).toBe(401);
    expect((await ctx.inject('PUT', `${base}/update-one`, { body: formOf(theirs) })).statusCode).toBe(401);
    expect((await ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`)).statusCode).toBe(401);
  });
});
