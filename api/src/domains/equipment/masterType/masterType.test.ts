import { and, count, eq, isNotNull } from 'drizzle-orm';
import { toCelsius } from '@console/shared-sdk/contract';
import type {
  ListData,
  MasterType,
  MasterTypeHistoryEntry,
  MasterTypeInput,
  TemperatureItemInput,
} from '@console/shared-sdk/contract';
import { historyEntries } from '../../../platform/history/schema.js';
import { masterTypes, temperatureItems } from '../schema.js';
import { verifyChain } from '../../../platform/history/history.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/masterType';
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

const item = (name: string, extra: Partial<TemperatureItemInput> = {}): TemperatureItemInput => ({
  name,
  ...extra,
});

const form = (name: string, extra: Partial<MasterTypeInput> = {}): MasterTypeInput => ({
  siteID: brighton(),
  name,
  type: 'FRIDGE',
  temperatureItems: [item('Main compartment')],
  ...extra,
});

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: MasterType }>('POST', `${base}/create-new-one`, { token, body });

async function created(
  name: string,
  extra: Partial<MasterTypeInput> = {},
  token = owner,
): Promise<MasterType> {
  const reply = await create(form(name, extra), token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const update = (body: unknown, token = owner) =>
  ctx.inject<{ data: MasterType }>('PUT', `${base}/update-one`, { token, body });
const find = (id: string, token = owner) =>
  ctx.inject<{ data: MasterType }>('GET', `${base}/find-one/${id}`, { token });
const remove = (id: string, token = owner) => ctx.inject('DELETE', `${base}/delete-one/${id}`, { token });
const bySite = (siteID: string, token = owner) =>
  ctx.inject<{ data: MasterType[] }>('GET', `${base}/find-by-siteID/${siteID}`, { token });
const historyOf = (id: string, token = owner) =>
  ctx.inject<{ data: MasterTypeHistoryEntry[] }>('GET', `${base}/history/${id}`, { token });
const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<MasterType> }>('GET', `${base}/web-app-list`, { token, query });

async function rowCounts() {
  const [fridges] = await ctx.db.select({ n: count() }).from(masterTypes);
  const [items] = await ctx.db.select({ n: count() }).from(temperatureItems);
  const [entries] = await ctx.db.select({ n: count() }).from(historyEntries);
  return { fridges: fridges?.n ?? 0, items: items?.n ?? 0, entries: entries?.n ?? 0 };
}

describe('create-new-one', () => {
  test('a fridge with two temperature items round-trips, in order, with its limits', async () => {
    const reply = await create(
      form('Walk-in fridge', {
        temperatureItems: [
          item('Top shelf', { location: 'Dairy', lowerLimit: 0, upperLimit: 4.5 }),
          item('Bottom shelf', { location: 'Raw meat', lowerLimit: 1 }),
        ],
      }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Fridge created');
    const fridge = reply.json.data;
    expect(fridge).toMatchObject({ name: 'Walk-in fridge', type: 'FRIDGE', siteID: brighton() });
    expect(fridge.temperatureItems).toEqual([
      { _id: expect.any(String), name: 'Top shelf', location: 'Dairy', lowerLimit: 0, upperLimit: 4.5 },
      { _id: expect.any(String), name: 'Bottom shelf', location: 'Raw meat', lowerLimit: 1, upperLimit: 5 },
    ]);
    expect((await find(fridge._id)).json.data).toEqual(fridge);
  });

  test('limits left out take the defaults: a fridge at most 5 °C, a freezer at most -18 °C, no lower limit', async () => {
    const fridge = await created('Default fridge', { temperatureItems: [item('Shelf')] });
    expect(fridge.temperatureItems[0]).toMatchObject({ lowerLimit: null, upperLimit: 5, location: '' });
    const freezer = await created('Default freezer', { type: 'FREEZER', temperatureItems: [item('Drawer')] });
    expect(freezer.temperatureItems[0]).toMatchObject({ lowerLimit: null, upperLimit: -18 });
    const reply = await create(form('Chest freezer', { type: 'FREEZER' }));
    expect(reply.json.message).toBe('Freezer created');
  });

  test('a lower limit not below the upper one is a 400 on that item, and writes nothing', async () => {
    const before = await rowCounts();
    const explicit = await create(
      form('Bad limits', {
        temperatureItems: [item('Ok'), item('Upside down', { lowerLimit: 4, upperLimit: 2 })],
      }),
    );
    expect(explicit.statusCode).toBe(400);
    expect(explicit.json.details?.fieldErrors['temperatureItems.1.lowerLimit']).toEqual([
      'Lower limit must be below the upper limit (2 °C)',
    ]);
    const againstDefault = await create(
      form('Bad freezer', { type: 'FREEZER', temperatureItems: [item('Drawer', { lowerLimit: -10 })] }),
    );
    expect(againstDefault.statusCode).toBe(400);
    expect(againstDefault.json.details?.fieldErrors['temperatureItems.0.lowerLimit']).toEqual([
      'Lower limit must be below the upper limit (-18 °C)',
    ]);
    expect(await rowCounts()).toEqual(before);
  });

  test.each([
    ['no items', 'temperatureItems', { temperatureItems: [] }],
    [
      '51 items',
      'temperatureItems',
      { temperatureItems: Array.from({ length: 51 }, (_, i) => item(`Item ${i}`)) },
    ],
    ['an item without a name', 'temperatureItems.0.name', { temperatureItems: [item(' ')] }],
    [
      'two items of one name',
      'temperatureItems.1.name',
      { temperatureItems: [item('Shelf'), item('shelf')] },
    ],
    [
      'a limit that is not a number',
      'temperatureItems.0.upperLimit',
      { temperatureItems: [{ name: 'x', upperLimit: '5' }] },
    ],
    ['an unknown type', 'type', { type: 'CELLAR' }],
    ['a blank name', 'name', { name: '' }],
  ])('%s is a 400 naming the field', async (_case, field, change) => {
    const before = await rowCounts();
    const reply = await create({ ...form('Invalid fridge'), ...change });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors[field]).toBeDefined();
    expect(await rowCounts()).toEqual(before);
  });

  test('a name is unique per site and type: a second fridge of that name is a 409, a freezer is not', async () => {
    await created('Bar fridge');
    const before = await rowCounts();
    const clash = await create(form('BAR FRIDGE'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json.message).toBe('A fridge called "BAR FRIDGE" already exists on this site');
    expect(clash.json.details?.fieldErrors.name).toHaveLength(1);
    expect(await rowCounts()).toEqual(before);
    expect((await create(form('Bar fridge', { type: 'FREEZER' }))).statusCode).toBe(200);
  });

  test('a site admin adds to Brighton but not Manchester (403); another tenant’s site is a 404', async () => {
    expect((await created('Manager fridge', {}, manager)).siteID).toBe(brighton());
    const before = await rowCounts();
    expect((await create(form('Manchester fridge', { siteID: manchester() }), manager)).statusCode).toBe(403);
    const foreign = await create(form('Foreign fridge', { siteID: ctx.other.site.id }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json.message).toBe('Site not found');
    expect(await rowCounts()).toEqual(before);
  });

  test('without a token the call is refused with 401', async () => {
    expect((await ctx.inject('POST', `${base}/create-new-one`, { body: form('Anon') })).statusCode).toBe(401);
  });
});

describe('update-one', () => {
  test('keeps the ids of items sent back, adds new ones and retires the rest', async () => {
    const fridge = await created('Prep fridge', {
      temperatureItems: [item('Shelf A'), item('Shelf B'), item('Shelf C')],
    });
    const [a, b, c] = fridge.temperatureItems;
    const reply = await update({
      _id: fridge._id,
      name: 'Prep fridge 1',
      type: 'FRIDGE',
      temperatureItems: [
        { _id: c?._id, name: 'Shelf C', upperLimit: 3 },
        { name: 'Door' },
        { _id: a?._id, name: 'Shelf A (top)', location: 'Top' },
      ],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Fridge updated');
    const after = (await find(fridge._id)).json.data;
    expect(after.name).toBe('Prep fridge 1');
    expect(after.temperatureItems.map((i) => i.name)).toEqual(['Shelf C', 'Door', 'Shelf A (top)']);
    expect(after.temperatureItems[0]).toMatchObject({ _id: c?._id, upperLimit: 3 });
    expect(after.temperatureItems[2]).toMatchObject({ _id: a?._id, location: 'Top', upperLimit: 5 });
    expect([a?._id, b?._id, c?._id]).not.toContain(after.temperatureItems[1]?._id);
    // The retired shelf stays in the database for the readings logged against it.
    const [retired] = await ctx.db
      .select()
      .from(temperatureItems)
      .where(and(eq(temperatureItems.id, b?._id ?? ''), isNotNull(temperatureItems.deletedAt)));
    expect(retired?.name).toBe('Shelf B');
  });

  test('an item id of another fridge is a 400 on that item, and nothing changes', async () => {
    const other = await created('Other fridge');
    const fridge = await created('Steady fridge', { temperatureItems: [item('Shelf', { upperLimit: 4 })] });
    const reply = await update({
      _id: fridge._id,
      name: 'Renamed fridge',
      type: 'FRIDGE',
      temperatureItems: [{ name: 'New shelf' }, { _id: other.temperatureItems[0]?._id, name: 'Stolen' }],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors['temperatureItems.1._id']).toBeDefined();
    expect((await find(fridge._id)).json.data).toEqual(fridge);
    expect((await find(other._id)).json.data).toEqual(other);
  });

  test('renaming onto another fridge of the site is a 409', async () => {
    await created('Taken fridge');
    const fridge = await created('Free fridge');
    const reply = await update({ ...form('taken fridge'), _id: fridge._id });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors.name).toBeDefined();
  });

  test('a site admin may not edit a Manchester fridge (403); another tenant’s is a 404', async () => {
    const fridge = await created('Manchester fridge', { siteID: manchester() });
    const body = { ...form('Taken over'), siteID: undefined, _id: fridge._id };
    expect((await update(body, manager)).statusCode).toBe(403);
    const theirs = await created('Their fridge', { siteID: ctx.other.site.id }, otherOwner);
    const foreign = await update({ ...body, _id: theirs._id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json.message).toBe('Fridge or freezer not found');
    expect((await find(fridge._id)).json.data.name).toBe('Manchester fridge');
    expect((await find(theirs._id, otherOwner)).json.data.name).toBe('Their fridge');
  });

  test('a missing _id is a 400 naming it; no token is a 401', async () => {
    expect((await update(form('No id'))).json.details?.fieldErrors._id).toBeDefined();
    expect((await ctx.inject('PUT', `${base}/update-one`, { body: form('x') })).statusCode).toBe(401);
  });
});

describe('lists', () => {
  let site: string;
  beforeAll(async () => {
    // Brooklyn holds exactly these, so whole-site answers can be compared in full.
    site = ctx.demo.sites.brooklyn.id;
    await created('Line fridge', { siteID: site, temperatureItems: [item('Rail'), item('Drawer')] });
    await created('Ice cream freezer', { siteID: site, type: 'FREEZER' });
    await created('Back fridge', { siteID: site });
    const gone = await created('Gone fridge', { siteID: site });
    expect((await remove(gone._id)).statusCode).toBe(200);
  });

  test('find-by-siteID gives every live fridge and freezer of the site with its items', async () => {
    const reply = await bySite(site);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.map((m) => [m.type, m.name])).toEqual([
      ['FREEZER', 'Ice cream freezer'],
      ['FRIDGE', 'Back fridge'],
      ['FRIDGE', 'Line fridge'],
    ]);
    expect(reply.json.data[2]?.temperatureItems.map((i) => i.name)).toEqual(['Rail', 'Drawer']);
  });

  test('find-by-siteID: a site admin only for its own site (403), another tenant’s site 404, bad id 400', async () => {
    expect((await bySite(brighton(), manager)).statusCode).toBe(200);
    expect((await bySite(site, manager)).statusCode).toBe(403);
    expect((await bySite(ctx.other.site.id)).statusCode).toBe(404);
    expect((await bySite('brooklyn')).json.details?.fieldErrors.siteID).toBeDefined();
    expect((await ctx.inject('GET', `${base}/find-by-siteID/${site}`)).statusCode).toBe(401);
  });

  test('web-app-list filters by type and site, sorts and pages, items included', async () => {
    const fridges = await list({ siteID: site, type: 'FRIDGE', sort: '-name', limit: 1 });
    expect(fridges.statusCode).toBe(200);
    expect(fridges.json.data.records).toBe(2);
    expect(fridges.json.data.list.map((m) => m.name)).toEqual(['Line fridge']);
    expect(fridges.json.data.list[0]?.temperatureItems).toHaveLength(2);
    const freezers = await list({ siteID: site, type: 'FREEZER' });
    // The site is Brooklyn, under New York City's rules: a freezer's item with no limit of its own takes 0 °F.
    expect(freezers.json.data.list.map((m) => m.temperatureItems[0]?.upperLimit)).toEqual([
      toCelsius(0, 'F'),
    ]);
    expect((await list({ search: 'ice cream' })).json.data.list.map((m) => m.name)).toEqual([
      'Ice cream freezer',
    ]);
  });

  test('a site admin lists only Brighton’s fridges and freezers', async () => {
    const reply = await list({ limit: 100 }, manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.records).toBeGreaterThan(0);
    expect(reply.json.data.list.every((m) => m.siteID === brighton())).toBe(true);
    const everything = await list({ limit: 100 });
    expect(everything.json.data.records).toBeGreaterThan(reply.json.data.records);
    expect((await list({ siteID: site }, manager)).statusCode).toBe(403);
  });

  test('another tenant’s site is a 404; a bad type is a 400; no token is a 401', async () => {
    expect((await list({ siteID: ctx.other.site.id })).statusCode).toBe(404);
    expect((await list({ type: 'PROB' })).json.details?.fieldErrors.type).toBeDefined();
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
  });
});

describe('find-one and delete-one', () => {
  test('deleting by masterTypeID hides the freezer but keeps it and its items', async () => {
    const freezer = await created('Old freezer', { type: 'FREEZER', temperatureItems: [item('Drawer')] });
    const reply = await remove(freezer._id, manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Freezer deleted');
    expect((await find(freezer._id)).statusCode).toBe(404);
    expect((await bySite(brighton())).json.data.map((m) => m._id)).not.toContain(freezer._id);
    const [row] = await ctx.db.select().from(masterTypes).where(eq(masterTypes.id, freezer._id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const items = await ctx.db
      .select()
      .from(temperatureItems)
      .where(eq(temperatureItems.masterTypeId, freezer._id));
    expect(items.map((i) => i.name)).toEqual(['Drawer']);
    expect((await create(form('Old freezer', { type: 'FREEZER' }))).statusCode).toBe(200);
  });

  test('a site admin may not read or delete a Manchester fridge (403), which stays', async () => {
    const fridge = await created('Protected fridge', { siteID: manchester() });
    expect((await find(fridge._id, manager)).statusCode).toBe(403);
    expect((await remove(fridge._id, manager)).statusCode).toBe(403);
    expect((await find(fridge._id)).statusCode).toBe(200);
  });

  test('another tenant’s fridge is not found (404) and stays', async () => {
    const theirs = await created('Their cold room', { siteID: ctx.other.site.id }, otherOwner);
    expect((await find(theirs._id)).statusCode).toBe(404);
    expect((await remove(theirs._id)).statusCode).toBe(404);
    expect((await find(theirs._id, otherOwner)).statusCode).toBe(200);
  });

  test('bad ids are 400s naming the field; no token is a 401', async () => {
    expect((await find('x')).json.details?.fieldErrors.id).toBeDefined();
    expect((await remove('x')).json.details?.fieldErrors.masterTypeID).toBeDefined();
    expect((await remove(missingId)).statusCode).toBe(404);
    expect((await ctx.inject('GET', `${base}/find-one/${missingId}`)).statusCode).toBe(401);
    expect((await ctx.inject('DELETE', `${base}/delete-one/${missingId}`)).statusCode).toBe(401);
  });
});

describe('temperature limits', () => {
  const errorsOf = async (body: unknown, send = create) => {
    const before = await rowCounts();
    const reply = await send(body);
    expect(reply.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
    return reply.json.details?.fieldErrors ?? {};
  };

  test('a cleared (null) upper limit is "Upper limit is required", not the default', async () => {
    const errors = await errorsOf(
      form('Cleared fridge', { temperatureItems: [item('Shelf', { upperLimit: null })] }),
    );
    expect(errors['temperatureItems.0.upperLimit']).toEqual(['Upper limit is required']);
  });

  test.each([
    [
      'a fridge upper limit of 30 °C',
      'FRIDGE',
      { upperLimit: 30 },
      'upperLimit',
      'A fridge limit must lie between -5 and 15 °C',
    ],
    [
      'a fridge lower limit of -20 °C',
      'FRIDGE',
      { lowerLimit: -20 },
      'lowerLimit',
      'A fridge limit must lie between -5 and 15 °C',
    ],
    [
      'a freezer upper limit of +10 °C',
      'FREEZER',
      { upperLimit: 10 },
      'upperLimit',
      'A freezer limit must lie between -40 and 0 °C',
    ],
    [
      'a freezer lower limit of -60 °C',
      'FREEZER',
      { lowerLimit: -60 },
      'lowerLimit',
      'A freezer limit must lie between -40 and 0 °C',
    ],
  ] as const)('%s is refused, even with a reason', async (_case, type, limits, field, message) => {
    const errors = await errorsOf(
      form('Absurd unit', {
        type,
        temperatureItems: [item('Shelf', limits)],
        limitOverride: { reason: 'We really mean it' },
      }),
    );
    expect(errors[`temperatureItems.0.${field}`]).toEqual([message]);
  });

  test('a limit looser than the table without a reason is a 400 on that limit saying why', async () => {
    const fridge = await errorsOf(
      form('Wine fridge', { temperatureItems: [item('Ok'), item('Rack', { upperLimit: 10 })] }),
    );
    expect(fridge).toEqual({
      'temperatureItems.1.upperLimit': [
        'Above 8 °C, the legal maximum for a fridge: confirm it with a reason',
      ],
    });
    const freezer = await errorsOf(
      form('Soft freezer', { type: 'FREEZER', temperatureItems: [item('Drawer', { upperLimit: -12 })] }),
    );
    expect(freezer['temperatureItems.0.upperLimit']).toEqual([
      'Above -18 °C, the safe maximum for a freezer: confirm it with a reason',
    ]);
    const blank = await errorsOf(
      form('Wine fridge', {
        temperatureItems: [item('Rack', { upperLimit: 10 })],
        limitOverride: { reason: '   ' },
      }),
    );
    expect(blank['limitOverride.reason']).toEqual(['Give the reason for the looser limit']);
  });

  // How loose an item may be without a reason is its site's rule set's: the legal maximum where the law has
  // one (a fridge: England's 8 °C, New York's 41 °F), else the set's own limit (a freezer: -18 °C, 0 °F).
  test.each([
    ['England', 'brighton', 'FRIDGE', 8, null],
    [
      'England',
      'brighton',
      'FRIDGE',
      8.1,
      'Above 8 °C, the legal maximum for a fridge: confirm it with a reason',
    ],
    ['England', 'brighton', 'FREEZER', -18, null],
    [
      'England',
      'brighton',
      'FREEZER',
      -17.9,
      'Above -18 °C, the safe maximum for a freezer: confirm it with a reason',
    ],
    ['New York', 'brooklyn', 'FRIDGE', toCelsius(41, 'F'), null],
    [
      'New York',
      'brooklyn',
      'FRIDGE',
      toCelsius(42, 'F'),
      'Above 5 °C, the legal maximum for a fridge: confirm it with a reason',
    ],
    ['New York', 'brooklyn', 'FREEZER', toCelsius(0, 'F'), null],
    [
      'New York',
      'brooklyn',
      'FREEZER',
      toCelsius(1, 'F'),
      'Above -17.8 °C, the safe maximum for a freezer: confirm it with a reason',
    ],
  ] as const)(
    '%s (%s): a %s with an upper limit of %d °C',
    async (_where, siteKey, type, upperLimit, message) => {
      const reply = await create(
        form(`Unit at ${upperLimit}`, {
          siteID: ctx.demo.sites[siteKey].id,
          type,
          temperatureItems: [item('Shelf', { upperLimit })],
        }),
      );
      if (message === null) {
        expect(reply.statusCode).toBe(200);
        expect(reply.json.data.temperatureItems[0]?.upperLimit).toBe(upperLimit);
      } else {
        expect(reply.statusCode).toBe(400);
        expect(reply.json).toMatchObject({
          details: { fieldErrors: { 'temperatureItems.0.upperLimit': [message] } },
        });
      }
    },
  );

  test('with a reason it is saved, and the history keeps the reason, who and the limits', async () => {
    const fridge = await created('Wine fridge', {
      temperatureItems: [item('Rack', { upperLimit: 12 })],
      limitOverride: { reason: 'Holds wine only, no food' },
    });
    expect(fridge.temperatureItems[0]?.upperLimit).toBe(12);
    const reply = await historyOf(fridge._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual([
      {
        _id: expect.any(String),
        recordID: fridge._id,
        action: 'create',
        reason: 'Holds wine only, no food',
        actor: { _id: expect.any(String), name: 'Olivia Bennett' },
        at: expect.any(String),
        changes: {
          before: null,
          after: {
            siteID: brighton(),
            name: 'Wine fridge',
            type: 'FRIDGE',
            temperatureItems: fridge.temperatureItems,
          },
        },
      },
    ]);
  });

  test('a tightened limit, or one up to the legal maximum, needs no reason', async () => {
    const fridge = await created('Tight fridge', {
      temperatureItems: [item('Top', { lowerLimit: 0, upperLimit: 3 }), item('Door', { upperLimit: 8 })],
    });
    expect(fridge.temperatureItems.map((i) => i.upperLimit)).toEqual([3, 8]);
    const freezer = await created('Deep freezer', {
      type: 'FREEZER',
      temperatureItems: [item('Chest', { lowerLimit: -30, upperLimit: -22 })],
    });
    expect(freezer.temperatureItems[0]).toMatchObject({ lowerLimit: -30, upperLimit: -22 });
    expect((await historyOf(fridge._id)).json.data[0]?.reason).toBeNull();
  });

  test('loosening an existing item on update needs the reason too, and the entry shows old and new limits', async () => {
    const fridge = await created('Bar fridge 2', { temperatureItems: [item('Shelf', { upperLimit: 5 })] });
    const shelf = fridge.temperatureItems[0];
    const body = {
      _id: fridge._id,
      name: 'Bar fridge 2',
      type: 'FRIDGE',
      temperatureItems: [{ _id: shelf?._id, name: 'Shelf', upperLimit: 10 }],
    };
    const refused = await errorsOf(body, update);
    expect(refused['temperatureItems.0.upperLimit']).toBeDefined();
    expect((await find(fridge._id)).json.data).toEqual(fridge);

    const reply = await update({ ...body, limitOverride: { reason: 'Soft drinks only' } }, manager);
    expect(reply.statusCode).toBe(200);
    const [latest, first] = (await historyOf(fridge._id)).json.data;
    expect(latest).toMatchObject({
      action: 'update',
      reason: 'Soft drinks only',
      actor: { name: 'Marcus Reid' },
    });
    expect(latest?.changes.before?.temperatureItems[0]?.upperLimit).toBe(5);
    expect(latest?.changes.after?.temperatureItems[0]?.upperLimit).toBe(10);
    expect(first?.action).toBe('create');
  });
});

describe('history', () => {
  test('create, update and delete each append an entry, newest first; a save that changes nothing does not', async () => {
    ctx.clock.advance(1000);
    const fridge = await created('Audited fridge', { temperatureItems: [item('Shelf')] });
    const body = {
      _id: fridge._id,
      name: 'Audited fridge',
      type: 'FRIDGE',
      temperatureItems: fridge.temperatureItems,
    };
    ctx.clock.advance(1000);
    expect((await update(body)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await update({ ...body, name: 'Audited fridge 1' })).statusCode).toBe(200);
    const entries = (await historyOf(fridge._id)).json.data;
    expect(entries.map((e) => [e.action, e.changes.after?.name])).toEqual([
      ['update', 'Audited fridge 1'],
      ['create', 'Audited fridge'],
    ]);
    expect(entries[0]?.changes.before?.name).toBe('Audited fridge');
    expect(Date.parse(entries[0]?.at ?? '')).toBeGreaterThan(Date.parse(entries[1]?.at ?? ''));

    expect((await remove(fridge._id)).statusCode).toBe(200);
    const rows = await ctx.db
      .select()
      .from(historyEntries)
      .where(eq(historyEntries.recordId, fridge._id))
      .orderBy(historyEntries.position);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[2]?.changes).toMatchObject({ before: { name: 'Audited fridge 1' }, after: null });
    // A deleted fridge is not found, nor is its history through this call.
    expect((await historyOf(fridge._id)).statusCode).toBe(404);
  });

  test('the organisation’s entries form one valid hash chain', async () => {
    const check = await verifyChain(ctx.db, ctx.demo.organization.id);
    expect(check).toMatchObject({ valid: true });
    expect(check.entries).toBeGreaterThan(3);
  });

  test('history is gated like find-one: another tenant’s 404, a site admin elsewhere 403, bad id 400, no token 401', async () => {
    const theirs = await created('Their audited fridge', { siteID: ctx.other.site.id }, otherOwner);
    expect((await historyOf(theirs._id, otherOwner)).json.data).toHaveLength(1);
    const foreign = await historyOf(theirs._id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json.message).toBe('Fridge or freezer not found');
    const manchesterFridge = await created('Manchester audited', { siteID: manchester() });
    expect((await historyOf(manchesterFridge._id, manager)).statusCode).toBe(403);
    expect((await historyOf('x')).json.details?.fieldErrors.masterTypeID).toBeDefined();
    expect((await historyOf(missingId)).statusCode).toBe(404);
    expect((await ctx.inject('GET', `${base}/history/${theirs._id}`)).statusCode).toBe(401);
  });
});
