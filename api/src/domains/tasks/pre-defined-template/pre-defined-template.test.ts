import { count, eq } from 'drizzle-orm';
import { idSchema, type LibraryTemplate, type ListData, type Template } from '@console/shared-sdk/contract';
import { libraryTemplates } from '../schema.js';
import { demoLogins } from '../../../demo.js';
import { ensureLibrary, libraryRows, libraryTemplateIds } from '../library.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/pre-defined-template';
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let platform: string;
let owner: string;
let manager: string;
let otherOwner: string;

const library = (token = owner, query: Record<string, string> = {}) =>
  ctx.inject<{ data: LibraryTemplate[] }>('GET', `${base}/simple-list`, { token, query });

const preview = (id: string, token = owner) =>
  ctx.inject<{ data: LibraryTemplate }>('GET', `${base}/find-one/${id}`, { token });

const importOne = (body: unknown, token = owner, query: Record<string, string> = {}) =>
  ctx.inject<{ data: Template }>('POST', `${base}/import-one`, { token, body, query });

async function libraryCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(libraryTemplates);
  return row?.n ?? 0;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureLibrary(ctx.db, ctx.clock.now());
  platform = await ctx.login(demoLogins.platformAdmin);
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
});
afterAll(() => ctx.close());

describe('the library data and ensureLibrary', () => {
  test('at least ten templates, each with 4 to 10 lines and valid fixed ids', () => {
    expect(libraryRows.length).toBeGreaterThanOrEqual(10);
    const ids = libraryRows.flatMap((row) => [row.id, ...row.items.map((item) => item.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => idSchema.safeParse(id).success)).toBe(true);
    for (const row of libraryRows) {
      expect(row.items.length).toBeGreaterThanOrEqual(4);
      expect(row.items.length).toBeLessThanOrEqual(10);
      expect(row.items.some((item) => item.required)).toBe(true);
    }
    expect(new Set(libraryRows.map((row) => row.name.toLowerCase())).size).toBe(libraryRows.length);
    expect(libraryRows.map((row) => row.type)).toEqual(
      expect.arrayContaining([
        'FRIDGE',
        'FREEZER',
        'FOOD_DELIVERY',
        'PROBE_CALIBRATION',
        'HOT_HOLD_DISPLAY',
        'LEGIONELLA_WATER',
        'COOKING_COOLING',
      ]),
    );
  });

  test('running it again adds nothing and leaves an existing row as it is', async () => {
    expect(await libraryCount()).toBe(libraryRows.length);
    const opening = eq(libraryTemplates.id, libraryTemplateIds.openingChecks);
    const [before] = await ctx.db.select().from(libraryTemplates).where(opening);
    ctx.clock.advance(60_000);
    await ensureLibrary(ctx.db, ctx.clock.now());
    await ctx.db.transaction((tx) => ensureLibrary(tx, ctx.clock.now()));
    expect(await libraryCount()).toBe(libraryRows.length);
    const [after] = await ctx.db.select().from(libraryTemplates).where(opening);
    expect(after?.createdAt).toEqual(before?.createdAt);
    expect(after).toEqual(before);
  });
});

describe('simple-list and find-one', () => {
  test('every web admin sees every library template by name, none imported yet', async () => {
    for (const token of [owner, manager]) {
      const reply = await library(token);
      expect(reply.statusCode).toBe(200);
      const names = reply.json.data.map((template) => template.name);
      expect(names).toHaveLength(libraryRows.length);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(reply.json.data.every((template) => !template.imported)).toBe(true);
    }
  });

  test('find-one previews one template with its lines', async () => {
    const reply = await preview(libraryTemplateIds.fridgeCheck);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      _id: libraryTemplateIds.fridgeCheck,
      name: 'Fridge temperature check',
      type: 'FRIDGE',
      imported: false,
    });
    expect(reply.json.data.checkListItems[0]).toEqual({
      _id: expect.any(String),
      text: 'Fridge reading is 5°C or below (never above 8°C)',
      required: true,
      photoRequired: false,
    });
  });

  test('an unknown id is 404, a malformed one 400', async () => {
    const missing = await preview(missingId);
    expect(missing.statusCode).toBe(404);
    expect(missing.json.message).toBe('Library template not found');
    const bad = await preview('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.details?.fieldErrors.id).toBeDefined();
  });

  test('a platform admin browses the library without naming an organisation', async () => {
    const reply = await library(platform);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toHaveLength(libraryRows.length);
  });

  test('without a token the library is refused with 401', async () => {
    expect((await ctx.inject('GET', `${base}/simple-list`)).statusCode).toBe(401);
    expect((await ctx.inject('GET', `${base}/find-one/${libraryTemplateIds.fridgeCheck}`)).statusCode).toBe(
      401,
    );
    const body = { _id: libraryTemplateIds.fridgeCheck };
    expect((await ctx.inject('POST', `${base}/import-one`, { body })).statusCode).toBe(401);
  });
});

describe('import-one', () => {
  test('copies the template into the organisation with new line ids, and marks it imported', async () => {
    const source = (await preview(libraryTemplateIds.deliveryIntake)).json.data;
    const reply = await importOne({ _id: source._id });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Template "Delivery intake" imported');
    const copy = reply.json.data;
    expect(copy).toMatchObject({
      orgId: ctx.demo.organization.id,
      name: source.name,
      description: source.description,
      type: 'FOOD_DELIVERY',
      libraryTemplateID: source._id,
    });
    expect(
      copy.checkListItems.map(({ text, required, photoRequired }) => ({ text, required, photoRequired })),
    ).toEqual(
      source.checkListItems.map(({ text, required, photoRequired }) => ({ text, required, photoRequired })),
    );
    const sourceIds = new Set(source.checkListItems.map((item) => item._id));
    expect(copy.checkListItems.some((item) => sourceIds.has(item._id))).toBe(false);

    const templates = await ctx.inject<{ data: ListData<Template> }>(
      'GET',
      '/api/v1/template-panel/web-app-list',
      {
        token: owner,
        query: { search: 'Delivery intake' },
      },
    );
    expect(templates.json.data.list.map((template) => template._id)).toEqual([copy._id]);

    expect((await preview(source._id)).json.data.imported).toBe(true);
    const mine = (await library()).json.data.find((template) => template._id === source._id);
    expect(mine?.imported).toBe(true);
    const theirs = (await library(otherOwner)).json.data.find((template) => template._id === source._id);
    expect(theirs?.imported).toBe(false);
  });

  test('a name already used answers 409 on name; sending another name imports it', async () => {
    const again = await importOne({ _id: libraryTemplateIds.deliveryIntake });
    expect(again.statusCode).toBe(409);
    expect(again.json.details?.fieldErrors.name).toEqual(['A template with this name already exists']);

    const renamed = await importOne({ _id: libraryTemplateIds.deliveryIntake, name: '  Goods in (bar)  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json.data).toMatchObject({
      name: 'Goods in (bar)',
      libraryTemplateID: libraryTemplateIds.deliveryIntake,
    });

    const blank = await importOne({ _id: libraryTemplateIds.deliveryIntake, name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json.details?.fieldErrors.name).toEqual(['Template name is required']);
  });

  test('a template of the organisation with the name blocks the import too, ignoring case', async () => {
    const own = await ctx.inject('POST', '/api/v1/template-panel/create-new-one', {
      token: owner,
      body: { name: 'ALLERGEN CHECK', checkListItems: [{ text: 'Matrix up to date' }] },
    });
    expect(own.statusCode).toBe(200);
    const reply = await importOne({ _id: libraryTemplateIds.allergenCheck });
    expect(reply.statusCode).toBe(409);
    expect((await preview(libraryTemplateIds.allergenCheck)).json.data.imported).toBe(false);
  });

  test('a site admin may import; deleting the copy makes the template importable again', async () => {
    const reply = await importOne({ _id: libraryTemplateIds.probeCalibration }, manager);
    expect(reply.statusCode).toBe(200);
    expect((await preview(libraryTemplateIds.probeCalibration, manager)).json.data.imported).toBe(true);
    const removed = await ctx.inject('DELETE', `/api/v1/template-panel/delete-one/${reply.json.data._id}`, {
      token: owner,
    });
    expect(removed.statusCode).toBe(200);
    expect((await preview(libraryTemplateIds.probeCalibration)).json.data.imported).toBe(false);
    expect((await importOne({ _id: libraryTemplateIds.probeCalibration })).statusCode).toBe(200);
  });

  test('a platform admin imports into the organisation it names, and must name one', async () => {
    const without = await importOne({ _id: libraryTemplateIds.hotHolding }, platform);
    expect(without.statusCode).toBe(400);
    expect(without.json.details?.fieldErrors.orgId).toBeDefined();
    const reply = await importOne({ _id: libraryTemplateIds.hotHolding }, platform, {
      orgId: ctx.other.organization.id,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.orgId).toBe(ctx.other.organization.id);
    const theirs = (await library(otherOwner)).json.data.find((t) => t._id === libraryTemplateIds.hotHolding);
    expect(theirs?.imported).toBe(true);
    const mine = (await library()).json.data.find((t) => t._id === libraryTemplateIds.hotHolding);
    expect(mine?.imported).toBe(false);
  });

  test('an unknown library template is 404, a malformed id 400', async () => {
    const missing = await importOne({ _id: missingId });
    expect(missing.statusCode).toBe(404);
    expect(missing.json.message).toBe('Library template not found');
    const bad = await importOne({ _id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.details?.fieldErrors._id).toBeDefined();
  });
});
