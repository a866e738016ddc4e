import { count, eq } from 'drizzle-orm';
import type { FoodItem, FoodItemInput, ListData } from '@console/shared-sdk/contract';
import { foodItems } from '../schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/foodItem';
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
});
afterAll(() => ctx.close());

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

const form = (name: string, extra: Partial<FoodItemInput> = {}): FoodItemInput => ({
  siteID: brighton(),
  name,
  type: 'FOODITEM',
  description: 'Kept chilled',
  ...extra,
});

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: FoodItem }>('POST', `${base}/create-new-one`, { token, body });

async function created(name: string, extra: Partial<FoodItemInput> = {}, token = owner): Promise<FoodItem> {
  const reply = await create(form(name, extra), token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const update = (body: unknown, token = owner) =>
  ctx.inject<{ data: FoodItem }>('PUT', `${base}/update-one`, { token, body });
const find = (id: string, token = owner) =>
  ctx.inject<{ data: FoodItem }>('GET', `${base}/find-one/${id}`, { token });
const remove = (id: string, token = owner) => ctx.inject('DELETE', `${base}/delete-one/${id}`, { token });
const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<FoodItem> }>('GET', `${base}/web-app-list`, { token, query });

async function rowCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(foodItems);
  return row?.n ?? 0;
}

describe('create-new-one', () => {
  test('adds a food item and a probe, each answered in its own words', async () => {
    const food = await create(form('Chicken breast'));
    expect(food.statusCode).toBe(200);
    expect(food.json.message).toBe('Food item created');
    expect(food.json.data).toMatchObject({
      name: 'Chicken breast',
      type: 'FOODITEM',
      description: 'Kept chilled',
      siteID: brighton(),
      orgId: ctx.demo.organization.id,
    });
    const probe = await create(form('Probe 1', { type: 'PROB', description: undefined }));
    expect(probe.statusCode).toBe(200);
    expect(probe.json.message).toBe('Probe created');
    expect(probe.json.data).toMatchObject({ name: 'Probe 1', type: 'PROB', description: '' });
  });

  test.each([
    ['a blank name', 'name', { name: '' }],
    ['an unknown type', 'type', { type: 'THERMOMETER' }],
    ['no type', 'type', { type: undefined }],
    ['no site', 'siteID', { siteID: undefined }],
  ])('%s is a 400 naming the field, and writes nothing', async (_case, field, change) => {
    const before = await rowCount();
    const reply = await create({ ...form('Bad Input'), ...change });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors[field]).toBeDefined();
    expect(await rowCount()).toBe(before);
  });

  test('a name is unique per site and type: a second probe of that name is a 409, a food item is not', async () => {
    await created('Blue probe', { type: 'PROB' });
    const before = await rowCount();
    const clash = await create(form('BLUE PROBE', { type: 'PROB' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json.message).toBe('A probe called "BLUE PROBE" already exists on this site');
    expect(clash.json.details?.fieldErrors.name).toHaveLength(1);
    expect(await rowCount()).toBe(before);
    expect((await create(form('Blue probe'))).statusCode).toBe(200);
    expect((await create(form('Blue probe', { type: 'PROB', siteID: manchester() }))).statusCode).toBe(200);
  });

  test('a site admin adds to Brighton, not to Manchester (403)', async () => {
    expect((await created('Brighton crab', {}, manager)).siteID).toBe(brighton());
    const before = await rowCount();
    const reply = await create(form('Manchester tart', { siteID: manchester() }), manager);
    expect(reply.statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
  });

  test('another organisation’s site is not found (404); no token is a 401', async () => {
    const reply = await create(form('Foreign', { siteID: ctx.other.site.id }));
    expect(reply.statusCode).toBe(404);
    expect(reply.json.message).toBe('Site not found');
    expect((await ctx.inject('POST', `${base}/create-new-one`, { body: form('Anon') })).statusCode).toBe(401);
  });
});

describe('web-app-list', () => {
  beforeAll(async () => {
    await created('Listed salmon');
    await created('Listed probe', { type: 'PROB' });
    await created('Listed scones', { siteID: manchester(), description: 'Bakery counter' });
    await created('Listed foreign', { siteID: ctx.other.site.id }, otherOwner);
  });

  test('type separates food items from probes', async () => {
    const probes = await list({ search: 'listed', type: 'PROB' });
    expect(probes.json.data.list.map((item) => item.name)).toEqual(['Listed probe']);
    const food = await list({ search: 'listed', type: 'FOODITEM', sort: 'name' });
    expect(food.json.data.list.map((item) => item.name)).toEqual(['Listed salmon', 'Listed scones']);
    expect(food.json.data.records).toBe(2);
  });

  test('search covers the description; siteID narrows to one site', async () => {
    expect((await list({ search: 'bakery' })).json.data.list.map((item) => item.name)).toEqual([
      'Listed scones',
    ]);
    const brightonOnly = await list({ search: 'listed', siteID: brighton(), sort: '-name' });
    expect(brightonOnly.json.data.list.map((item) => item.name)).toEqual(['Listed salmon', 'Listed probe']);
  });

  test('a site admin lists only Brighton’s items, and may not ask for Manchester’s (403)', async () => {
    const reply = await list({ search: 'listed' }, manager);
    expect(reply.json.data.list.map((item) => item.name).sort()).toEqual(['Listed probe', 'Listed salmon']);
    expect((await list({ siteID: manchester() }, manager)).statusCode).toBe(403);
  });

  test('another organisation’s site is a 404; a bad type is a 400; no token is a 401', async () => {
    expect((await list({ siteID: ctx.other.site.id })).statusCode).toBe(404);
    expect((await list({ type: 'FRIDGE' })).json.details?.fieldErrors.type).toBeDefined();
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
  });
});

describe('update-one, find-one and delete-one', () => {
  test('edits an item, which can become a probe', async () => {
    const item = await created('Thermo X');
    const reply = await update({ _id: item._id, name: 'Thermo X2', type: 'PROB', description: 'Red handle' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Probe updated');
    const found = await find(item._id);
    expect(found.json.data).toMatchObject({ name: 'Thermo X2', type: 'PROB', description: 'Red handle' });
    expect(found.json.data.siteID).toBe(brighton());
  });

  test('renaming onto another item of the same site and type is a 409 and changes nothing', async () => {
    await created('Taken item');
    const item = await created('Free item');
    const reply = await update({ ...form('taken item'), _id: item._id });
    expect(reply.statusCode).toBe(409);
    expect((await find(item._id)).json.data.name).toBe('Free item');
  });

  test('a site admin may not read, edit or delete a Manchester item (403)', async () => {
    const item = await created('Manchester pie', { siteID: manchester() });
    expect((await find(item._id, manager)).statusCode).toBe(403);
    expect((await update({ ...form('Mine'), siteID: undefined, _id: item._id }, manager)).statusCode).toBe(
      403,
    );
    expect((await remove(item._id, manager)).statusCode).toBe(403);
    expect((await find(item._id)).json.data.name).toBe('Manchester pie');
  });

  test('another organisation’s item is not found (404) for every call', async () => {
    const theirs = await created('Their pie', { siteID: ctx.other.site.id }, otherOwner);
    expect((await find(theirs._id)).statusCode).toBe(404);
    expect((await update({ ...form('Ours'), siteID: undefined, _id: theirs._id })).statusCode).toBe(404);
    expect((await remove(theirs._id)).statusCode).toBe(404);
    expect((await find(theirs._id, otherOwner)).json.data.name).toBe('Their pie');
  });

  test('deleting hides the item, keeps its row, and frees its name', async () => {
    const probe = await created('Old probe', { type: 'PROB' });
    const reply = await remove(probe._id, manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Probe deleted');
    expect((await find(probe._id)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(foodItems).where(eq(foodItems.id, probe._id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await create(form('Old probe', { type: 'PROB' }))).statusCode).toBe(200);
  });

  test('bad ids are 400s naming the field; no token is a 401', async () => {
    expect((await find('x')).json.details?.fieldErrors.id).toBeDefined();
    expect((await update({ ...form('No id') })).json.details?.fieldErrors._id).toBeDefined();
    expect((await remove(missingId)).statusCode).toBe(404);
    expect((await ctx.inject('GET', `${base}/find-one/${missingId}`)).statusCode).toBe(401);
    expect((await ctx.inject('PUT', `${base}/update-one`, { body: form('x') })).statusCode).toBe(401);
    expect((await ctx.inject('DELETE', `${base}/delete-one/${missingId}`)).statusCode).toBe(401);
  });
});
