import { count, eq } from 'drizzle-orm';
import {
  siteInputSchema,
  type ListData,
  type Supplier,
  type SupplierInput,
  type SupplierType,
} from '@console/shared-sdk/contract';
import { sites } from '../../../platform/db/schema.js';
import { suppliers, supplierSupplierTypes } from '../schema.js';
import { demoLogins, demoSites } from '../../../demo.js';
import { insertSite } from '../../sites/index.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/supplier';
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let platform: string;
let owner: string;
let manager: string;
let otherOwner: string;
let butcher: SupplierType;
let dairy: SupplierType;
let theirType: SupplierType;

async function supplierType(name: string, token: string): Promise<SupplierType> {
  const reply = await ctx.inject<{ data: SupplierType }>('POST', '/api/v1/supplierType/create-new-one', {
    token,
    body: { name },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  platform = await ctx.login(demoLogins.platformAdmin);
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
  butcher = await supplierType('Butcher', owner);
  dairy = await supplierType('Dairy', owner);
  theirType = await supplierType('Their butcher', otherOwner);
});
afterAll(() => ctx.close());

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

function form(supplierName: string, extra: Partial<SupplierInput> = {}): SupplierInput {
  return {
    siteID: brighton(),
    supplierName,
    supplierContactPersonName: 'Jo Price',
    email: 'Orders@Example.com',
    mobileNumber: '+44 7700 900111',
    ...extra,
  };
}

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: Supplier }>('POST', `${base}/create-new-one`, { token, body });

async function created(
  supplierName: string,
  extra: Partial<SupplierInput> = {},
  token = owner,
): Promise<Supplier> {
  const reply = await create(form(supplierName, extra), token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const find = (id: string, token = owner) =>
  ctx.inject<{ data: Supplier }>('GET', `${base}/find-one/${id}`, { token });

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<Supplier> }>('GET', `${base}/web-app-list`, { token, query });

async function supplierRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(suppliers);
  return row?.n ?? 0;
}

describe('create-new-one', () => {
  test('adds a supplier to a site with its types as options', async () => {
    const reply = await create(form('Hove Meats', { supplierTypeIDs: [dairy._id, butcher._id, dairy._id] }));
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Supplier created');
    expect(reply.json.data).toMatchObject({
      supplierName: 'Hove Meats',
      supplierContactPersonName: 'Jo Price',
      email: 'orders@example.com',
      mobileNumber: '+44 7700 900111',
      siteID: brighton(),
      orgId: ctx.demo.organization.id,
      supplierTypes: [
        { value: butcher._id, label: 'Butcher' },
        { value: dairy._id, label: 'Dairy' },
      ],
    });
    expect([...reply.json.data.supplierTypeIDs].sort()).toEqual([butcher._id, dairy._id].sort());
  });

  test('only the name is required; blank contact details are stored as none', async () => {
    const supplier = await created('Minimal Ltd', {
      supplierContactPersonName: '',
      email: '',
      mobileNumber: '  ',
    });
    expect(supplier).toMatchObject({ supplierContactPersonName: null, email: null, mobileNumber: null });
    expect(supplier.supplierTypes).toEqual([]);
  });

  test.each([
    ['supplierName', { supplierName: ' ' }, 'Supplier name is required'],
    ['email', { email: 'not-an-email' }, 'Must be a valid e-mail address'],
    ['mobileNumber', { mobileNumber: 'call me' }, 'Must be a valid phone number'],
    ['siteID', { siteID: 'brighton' }, 'Must be a valid id'],
  ])('bad %s is a 400 naming the field, and writes nothing', async (field, change, message) => {
    const before = await supplierRows();
    const reply = await create({ ...form('Bad Input Ltd'), ...change });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors[field]).toContain(message);
    expect(await supplierRows()).toBe(before);
  });

  test('an unknown or foreign supplier type is a 400 on supplierTypeIDs, and writes nothing', async () => {
    const before = await supplierRows();
    for (const ids of [[butcher._id, missingId], [theirType._id]]) {
      const reply = await create(form('Typeless Ltd', { supplierTypeIDs: ids }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors.supplierTypeIDs).toHaveLength(1);
    }
    expect(await supplierRows()).toBe(before);
  });

  test('a name already on the site, in any case, answers 409; another site may use it', async () => {
    await created('Sussex Dairy');
    const before = await supplierRows();
    const reply = await create(form('SUSSEX DAIRY'));
    expect(reply.statusCode).toBe(409);
    expect(reply.json.message).toBe('A supplier called "SUSSEX DAIRY" already exists on this site');
    expect(reply.json.details?.fieldErrors.supplierName).toHaveLength(1);
    expect(await supplierRows()).toBe(before);
    const elsewhere = await created('Sussex Dairy', { siteID: manchester() });
    expect(elsewhere.siteID).toBe(manchester());
  });

  test('a site admin adds suppliers to its own site but not to Manchester (403)', async () => {
    const own = await created('Brighton Bakery', {}, manager);
    expect(own.siteID).toBe(brighton());
    const before = await supplierRows();
    const reply = await create(form('Manchester Bakery', { siteID: manchester() }), manager);
    expect(reply.statusCode).toBe(403);
    expect(await supplierRows()).toBe(before);
  });

  test('another organisation’s site, or no site at all, is not found (404)', async () => {
    for (const siteID of [ctx.other.site.id, missingId]) {
      const reply = await create(form('Elsewhere Ltd', { siteID }));
      expect(reply.statusCode).toBe(404);
      expect(reply.json.message).toBe('Site not found');
    }
  });

  test('without a token the call is refused with 401', async () => {
    const reply = await ctx.inject('POST', `${base}/create-new-one`, { body: form('Anon Ltd') });
    expect(reply.statusCode).toBe(401);
  });
});

describe('web-app-list', () => {
  let listed: Supplier[];
  beforeAll(async () => {
    listed = [
      await created('Listed Alpha Fish', { supplierTypeIDs: [butcher._id] }),
      await created('Listed beta greens', {
        supplierContactPersonName: 'Sam Stone',
        supplierTypeIDs: [dairy._id],
      }),
      await created('Listed Gamma Wines', { siteID: manchester() }),
    ];
    await created('Listed Other Tenant', { siteID: ctx.other.site.id }, otherOwner);
  });

  test('an organisation admin sees every site’s suppliers, searched, sorted and paged, types included', async () => {
    const reply = await list({ search: 'listed', sort: '-supplierName', limit: 2 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.records).toBe(3);
    expect(reply.json.data.list.map((s) => s.supplierName)).toEqual([
      'Listed Gamma Wines',
      'Listed beta greens',
    ]);
    expect(reply.json.data.list[1]?.supplierTypes).toEqual([{ value: dairy._id, label: 'Dairy' }]);
    const page2 = await list({ search: 'listed', sort: '-supplierName', limit: 2, page: 2 });
    expect(page2.json.data.list.map((s) => s._id)).toEqual([listed[0]?._id]);
    expect(page2.json.data.list[0]?.supplierTypes).toEqual([{ value: butcher._id, label: 'Butcher' }]);
  });

  test('search covers the contact person too', async () => {
    const reply = await list({ search: 'sam stone' });
    expect(reply.json.data.list.map((s) => s.supplierName)).toEqual(['Listed beta greens']);
  });

  test('siteID narrows the list to one site', async () => {
    const reply = await list({ search: 'listed', siteID: manchester() });
    expect(reply.json.data.list.map((s) => s.supplierName)).toEqual(['Listed Gamma Wines']);
  });

  test('a site admin lists only Brighton’s suppliers, and may not ask for Manchester’s (403)', async () => {
    const reply = await list({ search: 'listed' }, manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.records).toBe(2);
    expect(reply.json.data.list.every((s) => s.siteID === brighton())).toBe(true);
    const manchesterList = await list({ siteID: manchester() }, manager);
    expect(manchesterList.statusCode).toBe(403);
  });

  test('another organisation’s site, or a missing one, is not found (404) for either admin', async () => {
    for (const siteID of [ctx.other.site.id, missingId]) {
      for (const token of [owner, manager]) {
        const reply = await list({ siteID }, token);
        expect(reply.statusCode).toBe(404);
        expect(reply.json.message).toBe('Site not found');
      }
    }
  });

  test('a site of the organisation with nothing matching is an empty page, not a 404', async () => {
    const reply = await list({ siteID: manchester(), search: 'no supplier is called this' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ list: [], records: 0 });
  });

  test('a platform admin lists inside the organisation it names', async () => {
    const reply = await list({ search: 'listed', orgId: ctx.other.organization.id }, platform);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.list.map((s) => s.supplierName)).toEqual(['Listed Other Tenant']);
  });

  test('bad paging or sorting is a 400 naming the field; no token is a 401', async () => {
    expect((await list({ limit: 0 })).json.details?.fieldErrors.limit).toBeDefined();
    expect((await list({ sort: 'mobileNumber' })).json.details?.fieldErrors.sort).toBeDefined();
    expect((await list({ siteID: 'x' })).json.details?.fieldErrors.siteID).toBeDefined();
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
  });
});

describe('update-one', () => {
  const update = (body: unknown, token = owner) =>
    ctx.inject<{ data: Supplier }>('PUT', `${base}/update-one`, { token, body });

  test('changes the details and replaces the types', async () => {
    const supplier = await created('Update Me Ltd', { supplierTypeIDs: [butcher._id] });
    const reply = await update({
      _id: supplier._id,
      supplierName: 'Updated Ltd',
      supplierContactPersonName: 'Ray Moss',
      email: 'ray@updated.example',
      mobileNumber: '01273 555 010',
      supplierTypeIDs: [dairy._id],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Supplier updated');
    const found = await find(supplier._id);
    expect(found.json.data).toMatchObject({
      supplierName: 'Updated Ltd',
      supplierContactPersonName: 'Ray Moss',
      email: 'ray@updated.example',
      siteID: brighton(),
      supplierTypeIDs: [dairy._id],
    });
  });

  test('a rejected update changes nothing: neither the details nor the types', async () => {
    const supplier = await created('Steady Ltd', { supplierTypeIDs: [butcher._id] });
    const reply = await update({ ...form('Changed Ltd'), _id: supplier._id, supplierTypeIDs: [missingId] });
    expect(reply.statusCode).toBe(400);
    const found = await find(supplier._id);
    expect(found.json.data.supplierName).toBe('Steady Ltd');
    expect(found.json.data.supplierTypeIDs).toEqual([butcher._id]);
  });

  test('renaming onto another supplier of the site answers 409', async () => {
    await created('Taken Name Ltd');
    const supplier = await created('Free Name Ltd');
    const reply = await update({ ...form('taken name ltd'), _id: supplier._id });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors.supplierName).toBeDefined();
  });

  test('an organisation admin may move a supplier to another site; a site admin may not', async () => {
    const supplier = await created('Moving Ltd');
    const refused = await update(
      { ...form('Moving Ltd', { siteID: manchester() }), _id: supplier._id },
      manager,
    );
    expect(refused.statusCode).toBe(403);
    expect((await find(supplier._id)).json.data.siteID).toBe(brighton());
    const moved = await update({ ...form('Moving Ltd', { siteID: manchester() }), _id: supplier._id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json.data.siteID).toBe(manchester());
  });

  test('a site admin may not edit a Manchester supplier (403)', async () => {
    const supplier = await created('Manchester Only Ltd', { siteID: manchester() });
    const reply = await update({ ...form('Hijacked Ltd'), siteID: undefined, _id: supplier._id }, manager);
    expect(reply.statusCode).toBe(403);
    expect((await find(supplier._id)).json.data.supplierName).toBe('Manchester Only Ltd');
  });

  test('another organisation’s supplier is not found (404)', async () => {
    const theirs = await created('Their Supplier', { siteID: ctx.other.site.id }, otherOwner);
    const reply = await update({ ...form('Mine Now'), siteID: undefined, _id: theirs._id });
    expect(reply.statusCode).toBe(404);
    expect(reply.json.message).toBe('Supplier not found');
  });

  test('a missing _id is a 400 naming it; no token is a 401', async () => {
    const reply = await update(form('No Id Ltd'));
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors._id).toBeDefined();
    expect((await ctx.inject('PUT', `${base}/update-one`, { body: form('x') })).statusCode).toBe(401);
  });
});

describe('find-one and delete-one', () => {
  test('find-one answers one supplier; a site admin may not read Manchester’s (403)', async () => {
    const supplier = await created('Findable Ltd', { siteID: manchester(), supplierTypeIDs: [butcher._id] });
    const reply = await find(supplier._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual(supplier);
    expect((await find(supplier._id, manager)).statusCode).toBe(403);
    expect((await find('nope')).json.details?.fieldErrors.id).toBeDefined();
    expect((await ctx.inject('GET', `${base}/find-one/${supplier._id}`)).statusCode).toBe(401);
  });

  test('another organisation’s supplier is not found (404), and theirs stays', async () => {
    const theirs = await created('Untouchable Ltd', { siteID: ctx.other.site.id }, otherOwner);
    expect((await find(theirs._id)).statusCode).toBe(404);
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`, { token: owner })).statusCode,
    ).toBe(404);
    expect((await find(theirs._id, otherOwner)).statusCode).toBe(200);
  });

  test('deleting hides the supplier, keeps its record and types, and frees its name', async () => {
    const supplier = await created('Gone Ltd', { supplierTypeIDs: [dairy._id] });
    const reply = await ctx.inject('DELETE', `${base}/delete-one/${supplier._id}`, { token: manager });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Supplier deleted');
    expect((await find(supplier._id)).statusCode).toBe(404);
    expect((await list({ search: 'Gone Ltd' })).json.data.records).toBe(0);
    const [row] = await ctx.db.select().from(suppliers).where(eq(suppliers.id, supplier._id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const links = await ctx.db
      .select()
      .from(supplierSupplierTypes)
      .where(eq(supplierSupplierTypes.supplierId, supplier._id));
    expect(links).toHaveLength(1);
    expect((await create(form('Gone Ltd'))).statusCode).toBe(200);
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one/${supplier._id}`, { token: owner })).statusCode,
    ).toBe(404);
  });

  test('a site admin may not delete a Manchester supplier (403), which stays', async () => {
    const supplier = await created('Protected Ltd', { siteID: manchester() });
    const reply = await ctx.inject('DELETE', `${base}/delete-one/${supplier._id}`, { token: manager });
    expect(reply.statusCode).toBe(403);
    expect((await find(supplier._id)).statusCode).toBe(200);
  });

  test('delete without a token is a 401', async () => {
    expect((await ctx.inject('DELETE', `${base}/delete-one/${missingId}`)).statusCode).toBe(401);
  });
});

describe('a deleted site', () => {
  test('its suppliers are no longer found or listed, and nothing new can be added to it', async () => {
    const site = await ctx.db.transaction((tx) =>
      insertSite(
        tx,
        ctx.demo.organization.id,
        siteInputSchema.parse({ ...demoSites.manchester, name: 'Closing Down Café' }),
        new Date(),
      ),
    );
    const supplier = await created('Closing Supplier', { siteID: site.id });
    await ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, site.id));

    expect((await find(supplier._id)).statusCode).toBe(404);
    expect((await list({ search: 'Closing Supplier' })).json.data.records).toBe(0);
    const reply = await create(form('Late Supplier', { siteID: site.id }));
    expect(reply.statusCode).toBe(404);
    expect(reply.json.message).toBe('Site not found');
  });
});
