import { and, count, eq, isNull } from 'drizzle-orm';
import type {
  ListData,
  Template,
  TemplateInput,
  TemplateOption,
  TemplateUpdate,
} from '@console/shared-sdk/contract';
import { checklistTemplates } from '../schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/template-panel';
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let platform: string;
let owner: string;
let manager: string;
let otherOwner: string;
let theirs: Template;

const form = (name: string, extra: Partial<TemplateInput> = {}): TemplateInput => ({
  name,
  description: `${name} for every site`,
  checkListItems: [
    { text: 'Hand-wash basin stocked' },
    { text: 'Surfaces sanitised', photoRequired: true },
    { text: 'Bins emptied', required: false },
  ],
  ...extra,
});

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: Template }>('POST', `${base}/create-new-one`, { token, body });

async function created(name: string, extra: Partial<TemplateInput> = {}, token = owner): Promise<Template> {
  const reply = await create(form(name, extra), token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const update = (body: TemplateUpdate | Record<string, unknown>, token = owner) =>
  ctx.inject<{ data: Template }>('PUT', `${base}/update-one`, { token, body });

const find = (id: string, token = owner) =>
  ctx.inject<{ data: Template }>('GET', `${base}/find-one/${id}`, { token });

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<Template> }>('GET', `${base}/web-app-list`, { token, query });

async function liveTemplates(orgId = ctx.demo.organization.id): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(checklistTemplates)
    .where(and(eq(checklistTemplates.orgId, orgId), isNull(checklistTemplates.deletedAt)));
  return row?.n ?? 0;
}

beforeAll(async () => {
  ctx = await createTestContext();
  platform = await ctx.login(demoLogins.platformAdmin);
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
  theirs = await created('Their checks', {}, otherOwner);
});
afterAll(() => ctx.close());

describe('create-new-one', () => {
  test('adds a template whose lines get ids, in the order sent, with the defaults filled in', async () => {
    const reply = await create(form('Opening checks', { type: 'FRIDGE' }));
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Template created');
    const template = reply.json.data;
    expect(template).toMatchObject({
      orgId: ctx.demo.organization.id,
      name: 'Opening checks',
      description: 'Opening checks for every site',
      type: 'FRIDGE',
      libraryTemplateID: null,
    });
    expect(template.checkListItems).toEqual([
      { _id: expect.any(String), text: 'Hand-wash basin stocked', required: true, photoRequired: false },
      { _id: expect.any(String), text: 'Surfaces sanitised', required: true, photoRequired: true },
      { _id: expect.any(String), text: 'Bins emptied', required: false, photoRequired: false },
    ]);
    expect(new Set(template.checkListItems.map((item) => item._id)).size).toBe(3);
    expect((await find(template._id)).json.data).toEqual(template);
  });

  test('a site admin may add a template; without a type it has none; it belongs to the admin’s site', async () => {
    const template = await created('Bar close', {}, manager);
    expect(template.type).toBeNull();
    expect(template.ownerSiteID).toBe(ctx.demo.sites.brighton.id);
    // Named explicitly, the same; an organisation admin’s belongs to the organisation whatever it names.
    expect((await created('Bar open', { siteID: ctx.demo.sites.brighton.id }, manager)).ownerSiteID).toBe(
      ctx.demo.sites.brighton.id,
    );
    expect((await created('Org close', { siteID: ctx.demo.sites.brighton.id })).ownerSiteID).toBeNull();
  });

  test('a site admin may not make a template for a site it does not administer', async () => {
    const before = await liveTemplates();
    const manchester = await create(form('Not mine', { siteID: ctx.demo.sites.manchester.id }), manager);
    expect(manchester.statusCode).toBe(403);
    const elsewhere = await create(form('Not ours', { siteID: ctx.other.site.id }), manager);
    expect(elsewhere.statusCode).toBe(404);
    expect(await liveTemplates()).toBe(before);
  });

  test('bad input answers 400 naming each field, and writes nothing', async () => {
    const before = await liveTemplates();
    const blank = await create({ ...form('x'), name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json.details?.fieldErrors.name).toEqual(['Template name is required']);

    const empty = await create({ ...form('Empty'), checkListItems: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json.details?.fieldErrors.checkListItems).toEqual(['Add at least one checklist item']);

    const blankLine = await create({
      ...form('Blank line'),
      checkListItems: [{ text: 'ok' }, { text: ' ' }],
    });
    expect(blankLine.statusCode).toBe(400);
    expect(blankLine.json.details?.fieldErrors['checkListItems.1.text']).toEqual([
      'Checklist item is required',
    ]);

    const badType = await create({ ...form('Bad type'), type: 'SAUNA' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json.details?.fieldErrors.type).toBeDefined();

    const foreignLine = await create({
      ...form('Foreign line'),
      checkListItems: [{ _id: theirs.checkListItems[0]?._id, text: 'Taken' }],
    });
    expect(foreignLine.statusCode).toBe(400);
    expect(foreignLine.json.details?.fieldErrors['checkListItems.0._id']).toEqual([
      'This line is not part of this checklist',
    ]);
    expect(await liveTemplates()).toBe(before);
  });

  test('a name the organisation already uses, in any case, answers 409 on name', async () => {
    await created('Weekly deep clean');
    const before = await liveTemplates();
    const reply = await create(form('WEEKLY DEEP CLEAN'));
    expect(reply.statusCode).toBe(409);
    expect(reply.json.message).toBe('A template called "WEEKLY DEEP CLEAN" already exists');
    expect(reply.json.details?.fieldErrors.name).toEqual(['A template with this name already exists']);
    expect(await liveTemplates()).toBe(before);
  });

  test('another organisation may use the same name', async () => {
    const reply = await create(form('Opening checks'), otherOwner);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.orgId).toBe(ctx.other.organization.id);
  });

  test('a platform admin adds to the organisation it names, and must name one', async () => {
    const without = await create(form('Platform checks'), platform);
    expect(without.statusCode).toBe(400);
    expect(without.json.details?.fieldErrors.orgId).toBeDefined();
    const reply = await ctx.inject<{ data: Template }>('POST', `${base}/create-new-one`, {
      token: platform,
      query: { orgId: ctx.other.organization.id },
      body: form('Platform checks'),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.orgId).toBe(ctx.other.organization.id);
  });

  test('without a token the call is refused with 401', async () => {
    expect((await ctx.inject('POST', `${base}/create-new-one`, { body: form('Nope') })).statusCode).toBe(401);
  });
});

describe('web-app-list and simple-list', () => {
  test('searches name and description, filters by type and sorts, with the total in records', async () => {
    await created('Zone A fridge', { type: 'FRIDGE', description: 'walk-in' });
    await created('Zone B fridge', { type: 'FRIDGE', description: 'under-counter' });
    await created('Zone C freezer', { type: 'FREEZER', description: 'chest' });

    const zones = await list({ search: 'zone ', sort: '-name' });
    expect(zones.statusCode).toBe(200);
    expect(zones.json.data.records).toBe(3);
    expect(zones.json.data.list.map((t) => t.name)).toEqual([
      'Zone C freezer',
      'Zone B fridge',
      'Zone A fridge',
    ]);

    const fridges = await list({ search: 'zone', type: 'FRIDGE', sort: 'name', limit: 1, page: 2 });
    expect(fridges.json.data.records).toBe(2);
    expect(fridges.json.data.list.map((t) => t.name)).toEqual(['Zone B fridge']);

    const byDescription = await list({ search: 'under-counter' });
    expect(byDescription.json.data.list.map((t) => t.name)).toEqual(['Zone B fridge']);
  });

  test('lists only the caller’s organisation', async () => {
    const reply = await list({ search: 'Their checks' });
    expect(reply.json.data.records).toBe(0);
  });

  test('an unknown sort column or type is a 400 naming it', async () => {
    const sort = await list({ sort: 'orgId' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json.details?.fieldErrors.sort).toBeDefined();
    const type = await list({ type: 'SAUNA' });
    expect(type.statusCode).toBe(400);
    expect(type.json.details?.fieldErrors.type).toBeDefined();
  });

  test('simple-list gives every template of the organisation by name with its type and line count', async () => {
    const reply = await ctx.inject<{ data: TemplateOption[] }>('GET', `${base}/simple-list`, {
      token: manager,
    });
    expect(reply.statusCode).toBe(200);
    const names = reply.json.data.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).not.toContain('Their checks');
    const opening = reply.json.data.find((option) => option.name === 'Opening checks');
    expect(opening).toEqual({
      _id: expect.any(String),
      value: opening?._id,
      label: 'Opening checks',
      name: 'Opening checks',
      type: 'FRIDGE',
      itemCount: 3,
    });
  });

  test('without a token the lists are refused with 401', async () => {
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
    expect((await ctx.inject('GET', `${base}/simple-list`)).statusCode).toBe(401);
  });
});

describe('update-one', () => {
  test('lines sent with their _id keep it, new lines get one, lines left out are gone', async () => {
    const template = await created('Close down', {}, manager);
    const [basin, surfaces] = template.checkListItems;
    const reply = await update(
      {
        _id: template._id,
        name: 'Close-down checks',
        description: 'Last thing at night',
        type: 'HOT_WATER',
        checkListItems: [
          { text: 'Gas off' },
          { _id: surfaces?._id, text: 'Surfaces sanitised and dry', required: false, photoRequired: true },
          { _id: basin?._id, text: 'Hand-wash basin stocked' },
        ],
      },
      manager,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Template updated');
    const items = reply.json.data.checkListItems;
    expect(items.map((item) => item.text)).toEqual([
      'Gas off',
      'Surfaces sanitised and dry',
      'Hand-wash basin stocked',
    ]);
    expect(items[1]).toEqual({
      _id: surfaces?._id,
      text: 'Surfaces sanitised and dry',
      required: false,
      photoRequired: true,
    });
    expect(items[2]?._id).toBe(basin?._id);
    expect(template.checkListItems.map((item) => item._id)).not.toContain(items[0]?._id);
    expect(reply.json.data).toMatchObject({ name: 'Close-down checks', type: 'HOT_WATER' });
    expect((await find(template._id)).json.data.checkListItems).toEqual(items);
  });

  test('a line id of another template, or a line twice, is a 400 on that line and changes nothing', async () => {
    const template = await created('Cellar checks');
    const other = await created('Terrace checks');
    const [first] = template.checkListItems;
    const foreign = await update({
      _id: template._id,
      name: 'Cellar checks',
      checkListItems: [
        { _id: first?._id, text: 'Kept' },
        { _id: other.checkListItems[0]?._id, text: 'Stolen' },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json.details?.fieldErrors).toEqual({
      'checkListItems.1._id': ['This line is not part of this checklist'],
    });

    const twice = await update({
      _id: template._id,
      name: 'Cellar checks',
      checkListItems: [
        { _id: first?._id, text: 'Once' },
        { _id: first?._id, text: 'Twice' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json.details?.fieldErrors['checkListItems.1._id']).toEqual([
      'This line is in the list twice',
    ]);
    expect((await find(template._id)).json.data.checkListItems).toEqual(template.checkListItems);
  });

  test('renaming onto another template’s name answers 409 on name and keeps the old one', async () => {
    const template = await created('Delivery checks');
    const reply = await update({ ...form('opening CHECKS'), _id: template._id });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors.name).toBeDefined();
    expect((await find(template._id)).json.data.name).toBe('Delivery checks');
  });

  test('a bad id is a 400 naming the field', async () => {
    const reply = await update({ ...form('A'), _id: 'x' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors._id).toBeDefined();
    const findBad = await ctx.inject('GET', `${base}/find-one/not-an-id`, { token: owner });
    expect(findBad.statusCode).toBe(400);
    expect(findBad.json.details?.fieldErrors.id).toBeDefined();
  });
});

describe('another organisation, missing records and delete-one', () => {
  test('another organisation’s template is not found for reading, editing and deleting', async () => {
    const read = await find(theirs._id);
    expect(read.statusCode).toBe(404);
    expect(read.json.message).toBe('Template not found');
    expect((await find(missingId)).json.message).toBe('Template not found');
    expect((await update({ ...form('Taken over'), _id: theirs._id })).statusCode).toBe(404);
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`, { token: owner })).statusCode,
    ).toBe(404);
    const still = await find(theirs._id, otherOwner);
    expect(still.statusCode).toBe(200);
    expect(still.json.data.name).toBe('Their checks');
  });

  test('a site admin may not delete the organisation’s template (403) and it stays', async () => {
    const template = await created('Kept checks');
    const reply = await ctx.inject('DELETE', `${base}/delete-one/${template._id}`, { token: manager });
    expect(reply.statusCode).toBe(403);
    expect((await find(template._id, manager)).statusCode).toBe(200);
  });

  test('a site admin changes only its own site’s templates: the organisation’s is 403, another site’s own 404', async () => {
    const orgs = await created('Fridge round', { type: 'FRIDGE' });
    const manchesters = await created('Manchester round', { type: 'FRIDGE' });
    await ctx.db
      .update(checklistTemplates)
      .set({ ownerSiteId: ctx.demo.sites.manchester.id })
      .where(eq(checklistTemplates.id, manchesters._id));
    // Another site's own is that site's alone: as if missing, to read as to change.
    for (const [template, refused] of [
      [orgs, 403],
      [manchesters, 404],
    ] as const) {
      // Renaming it, or stripping its log type, is refused and changes nothing.
      const rename = await update({ ...form('Renamed by Brighton'), type: null, _id: template._id }, manager);
      expect(rename.statusCode).toBe(refused);
      const remove = await ctx.inject('DELETE', `${base}/delete-one/${template._id}`, { token: manager });
      expect(remove.statusCode).toBe(refused);
      expect((await find(template._id)).json.data).toMatchObject({ name: template.name, type: 'FRIDGE' });
    }
    expect((await find(manchesters._id, manager)).statusCode).toBe(404);
    expect((await find(manchesters._id)).json.data.ownerSiteID).toBe(ctx.demo.sites.manchester.id);

    // Its own it edits and deletes; the organisation admin edits any.
    const own = await created('Brighton round', { type: 'FRIDGE' }, manager);
    const renamed = await update({ ...form('Brighton fridge round'), _id: own._id }, manager);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json.data).toMatchObject({ name: 'Brighton fridge round', type: null });
    expect(renamed.json.data.ownerSiteID).toBe(ctx.demo.sites.brighton.id);
    expect((await update({ ...form('Fridge round (org)'), _id: orgs._id })).statusCode).toBe(200);
    expect((await ctx.inject('DELETE', `${base}/delete-one/${own._id}`, { token: manager })).statusCode).toBe(
      200,
    );
  });

  test('deleting takes the template out of the lists and frees its name', async () => {
    const template = await created('Retired checks');
    const reply = await ctx.inject('DELETE', `${base}/delete-one/${template._id}`, { token: owner });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Template deleted');
    expect((await find(template._id)).statusCode).toBe(404);
    expect((await list({ search: 'Retired' })).json.data.records).toBe(0);
    const options = await ctx.inject<{ data: TemplateOption[] }>('GET', `${base}/simple-list`, {
      token: owner,
    });
    expect(options.json.data.map((option) => option._id)).not.toContain(template._id);
    expect((await create(form('retired checks'))).statusCode).toBe(200);
    // Kept for the master tasks that were made from it.
    const [row] = await ctx.db
      .select()
      .from(checklistTemplates)
      .where(eq(checklistTemplates.id, template._id));
    expect(row?.deletedAt).not.toBeNull();
  });

  test('without a token, reading, editing and deleting are refused with 401', async () => {
    expect((await ctx.inject('GET', `${base}/find-one/${theirs._id}`)).statusCode).toBe(401);
    expect((await ctx.inject('PUT', `${base}/update-one`, { body: form('x') })).statusCode).toBe(401);
    expect((await ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`)).statusCode).toBe(401);
  });
});
