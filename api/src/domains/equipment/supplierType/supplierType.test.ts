import { and, count, eq, isNull } from 'drizzle-orm';
import type { ListData, Option, Supplier, SupplierType } from '@console/shared-sdk/contract';
import { supplierTypes } from '../schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/supplierType';

let ctx: TestContext;
let platform: string;
let owner: string;
let manager: string;
let otherOwner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  platform = await ctx.login(demoLogins.platformAdmin);
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
});
afterAll(() => ctx.close());

const create = (name: unknown, token = owner) =>
  ctx.inject<{ data: SupplierType }>('POST', `${base}/create-new-one`, { token, body: { name } });

async function created(name: string, token = owner): Promise<SupplierType> {
  const reply = await create(name, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<SupplierType> }>('GET', `${base}/web-app-list`, { token, query });

async function liveTypeCount(orgId = ctx.demo.organization.id): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(supplierTypes)
    .where(and(eq(supplierTypes.orgId, orgId), isNull(supplierTypes.deletedAt)));
  return row?.n ?? 0;
}

describe('create-new-one', () => {
  test('adds a type that is also an option (value is its id, label its name)', async () => {
    const reply = await create('  Butcher ');
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Supplier type created');
    const type = reply.json.data;
    expect(type).toMatchObject({ name: 'Butcher', value: type._id, label: 'Butcher' });
    expect(type.orgId).toBe(ctx.demo.organization.id);
  });

  test('a site admin may add to the catalogue too', async () => {
    const type = await created('Greengrocer', manager);
    expect(type.name).toBe('Greengrocer');
  });

  test('a blank name is refused on the name field and writes nothing', async () => {
    const before = await liveTypeCount();
    const reply = await create('   ');
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.name).toEqual(['Supplier type name is required']);
    expect(await liveTypeCount()).toBe(before);
  });

  test('a name already in the organisation, in any case, answers 409 on the name field', async () => {
    await created('Fishmonger');
    const before = await liveTypeCount();
    const reply = await create('FISHMONGER');
    expect(reply.statusCode).toBe(409);
    expect(reply.json.message).toBe('A supplier type called "FISHMONGER" already exists');
    expect(reply.json.details?.fieldErrors.name).toHaveLength(1);
    expect(await liveTypeCount()).toBe(before);
  });

  test('another organisation may use the same name', async () => {
    await created('Dairy');
    const reply = await create('Dairy', otherOwner);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.orgId).toBe(ctx.other.organization.id);
  });

  test('without a token the call is refused with 401', async () => {
    const reply = await ctx.inject('POST', `${base}/create-new-one`, { body: { name: 'Baker' } });
    expect(reply.statusCode).toBe(401);
  });

  test('a platform admin must name the organisation, and then adds to it', async () => {
    const without = await create('Wine merchant', platform);
    expect(without.statusCode).toBe(400);
    expect(without.json.details?.fieldErrors.orgId).toBeDefined();
    const reply = await ctx.inject<{ data: SupplierType }>('POST', `${base}/create-new-one`, {
      token: platform,
      query: { orgId: ctx.other.organization.id },
      body: { name: 'Wine merchant' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.orgId).toBe(ctx.other.organization.id);
  });
});

describe('web-app-list and simple-list', () => {
  test('pages, searches and sorts the organisation’s types, with the total in records', async () => {
    for (const name of ['List Alpha', 'List beta', 'List Gamma']) await created(name);
    const reply = await list({ search: 'list ', sort: '-name', limit: 2 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.records).toBe(3);
    expect(reply.json.data.list.map((type) => type.label)).toEqual(['List Gamma', 'List beta']);
    const second = await list({ search: 'list ', sort: '-name', limit: 2, page: 2 });
    expect(second.json.data.list.map((type) => type.name)).toEqual(['List Alpha']);
  });

  test('a search for a LIKE wildcard matches it literally', async () => {
    await created('100% organic');
    const reply = await list({ search: '%' });
    expect(reply.json.data.list.map((type) => type.name)).toEqual(['100% organic']);
  });

  test('an unknown sort column is a 400 naming sort', async () => {
    const reply = await list({ sort: 'orgId' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.sort).toBeDefined();
  });

  test('simple-list gives every type of the caller’s organisation as options, by name', async () => {
    await created('Zest supplies', otherOwner);
    const reply = await ctx.inject<{ data: Option[] }>('GET', `${base}/simple-list`, { token: manager });
    expect(reply.statusCode).toBe(200);
    const labels = reply.json.data.map((option) => option.label);
    expect(labels).toContain('Butcher');
    expect(labels).not.toContain('Zest supplies');
    expect(labels).toEqual([...labels].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(reply.json.data.every((option) => Object.keys(option).sort().join() === 'label,value')).toBe(true);
  });

  test('without a token the list is refused with 401', async () => {
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
    expect((await ctx.inject('GET', `${base}/simple-list`)).statusCode).toBe(401);
  });
});

describe('update-one, find-one and delete-one', () => {
  test('renames a type (a site admin may fix a typo in one its site added)', async () => {
    const type = await created('Bakker', manager);
    expect(type.ownerSiteID).toBe(ctx.demo.sites.brighton.id);
    const reply = await ctx.inject<{ data: SupplierType }>('PUT', `${base}/update-one`, {
      token: manager,
      body: { _id: type._id, name: 'Baker' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Supplier type updated');
    expect(reply.json.data).toMatchObject({ _id: type._id, name: 'Baker', label: 'Baker' });
    const found = await ctx.inject<{ data: SupplierType }>('GET', `${base}/find-one/${type._id}`, {
      token: owner,
    });
    expect(found.json.data.name).toBe('Baker');
    expect(found.json.data.ownerSiteID).toBe(ctx.demo.sites.brighton.id);
  });

  test('a site admin may not rename or delete the organisation’s type (403) or another site’s own (404)', async () => {
    const orgs = await created('Oyster farm');
    expect(orgs.ownerSiteID).toBeNull();
    const manchesters = await created('Tea merchant');
    await ctx.db
      .update(supplierTypes)
      .set({ ownerSiteId: ctx.demo.sites.manchester.id })
      .where(eq(supplierTypes.id, manchesters._id));
    // Another site's own is that site's alone: as if missing, to read as to change.
    for (const [type, refused] of [
      [orgs, 403],
      [manchesters, 404],
    ] as const) {
      const rename = await ctx.inject('PUT', `${base}/update-one`, {
        token: manager,
        body: { _id: type._id, name: 'Renamed by Brighton' },
      });
      expect(rename.statusCode).toBe(refused);
      const remove = await ctx.inject('DELETE', `${base}/delete-one/${type._id}`, { token: manager });
      expect(remove.statusCode).toBe(refused);
      const found = await ctx.inject<{ data: SupplierType }>('GET', `${base}/find-one/${type._id}`, {
        token: owner,
      });
      expect(found.json.data.name).toBe(type.name);
    }
    // Its own it deletes.
    const own = await created('Chandler', manager);
    const remove = await ctx.inject('DELETE', `${base}/delete-one/${own._id}`, { token: manager });
    expect(remove.statusCode).toBe(200);
  });

  test('a site admin adds a type only for a site it administers', async () => {
    const manchester = await ctx.inject('POST', `${base}/create-new-one`, {
      token: manager,
      body: { name: 'Not mine', siteID: ctx.demo.sites.manchester.id },
    });
    expect(manchester.statusCode).toBe(403);
    const named = await ctx.inject<{ data: SupplierType }>('POST', `${base}/create-new-one`, {
      token: manager,
      body: { name: 'Spice merchant', siteID: ctx.demo.sites.brighton.id },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json.data.ownerSiteID).toBe(ctx.demo.sites.brighton.id);
  });

  test('renaming onto another type’s name answers 409 and keeps the old name', async () => {
    const type = await created('Brewery');
    const reply = await ctx.inject('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: type._id, name: 'butcher' },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors.name).toBeDefined();
    const found = await ctx.inject<{ data: SupplierType }>('GET', `${base}/find-one/${type._id}`, {
      token: owner,
    });
    expect(found.json.data.name).toBe('Brewery');
  });

  test('a bad id is a 400 naming the field', async () => {
    const update = await ctx.inject('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: 'x', name: 'A' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json.details?.fieldErrors._id).toBeDefined();
    const find = await ctx.inject('GET', `${base}/find-one/not-an-id`, { token: owner });
    expect(find.statusCode).toBe(400);
    expect(find.json.details?.fieldErrors.id).toBeDefined();
  });

  test('another organisation’s type is not found, for reading, renaming and deleting', async () => {
    const theirs = await created('Their type', otherOwner);
    const find = await ctx.inject('GET', `${base}/find-one/${theirs._id}`, { token: owner });
    expect(find.statusCode).toBe(404);
    expect(find.json.message).toBe('Supplier type not found');
    const update = await ctx.inject('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: theirs._id, name: 'Taken over' },
    });
    expect(update.statusCode).toBe(404);
    const remove = await ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`, { token: owner });
    expect(remove.statusCode).toBe(404);
    expect(await liveTypeCount(ctx.other.organization.id)).toBeGreaterThan(0);
    const still = await ctx.inject<{ data: SupplierType }>('GET', `${base}/find-one/${theirs._id}`, {
      token: otherOwner,
    });
    expect(still.json.data.name).toBe('Their type');
  });

  test('a site admin may not delete the organisation’s type (403) and the type stays', async () => {
    const type = await created('Kept type');
    const reply = await ctx.inject('DELETE', `${base}/delete-one/${type._id}`, { token: manager });
    expect(reply.statusCode).toBe(403);
    const found = await ctx.inject('GET', `${base}/find-one/${type._id}`, { token: manager });
    expect(found.statusCode).toBe(200);
  });

  test('deleting a type takes it off its suppliers, keeps them, and frees the name', async () => {
    const cheese = await created('Cheesemonger');
    const deli = await created('Delicatessen');
    const supplier = await ctx.inject<{ data: Supplier }>('POST', '/api/v1/supplier/create-new-one', {
      token: owner,
      body: {
        siteID: ctx.demo.sites.brighton.id,
        supplierName: 'La Fromagerie',
        supplierTypeIDs: [cheese._id, deli._id],
      },
    });
    expect(supplier.statusCode).toBe(200);

    const reply = await ctx.inject('DELETE', `${base}/delete-one/${cheese._id}`, { token: owner });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Supplier type deleted');

    const after = await ctx.inject<{ data: Supplier }>(
      'GET',
      `/api/v1/supplier/find-one/${supplier.json.data._id}`,
      {
        token: owner,
      },
    );
    expect(after.statusCode).toBe(200);
    expect(after.json.data.supplierTypes).toEqual([{ value: deli._id, label: 'Delicatessen' }]);
    expect((await ctx.inject('GET', `${base}/find-one/${cheese._id}`, { token: owner })).statusCode).toBe(
      404,
    );
    const options = await ctx.inject<{ data: Option[] }>('GET', `${base}/simple-list`, { token: owner });
    expect(options.json.data.map((option) => option.value)).not.toContain(cheese._id);
    expect((await create('Cheesemonger')).statusCode).toBe(200);
  });
});
