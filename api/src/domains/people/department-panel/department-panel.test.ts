import { count } from 'drizzle-orm';
import type { DepartmentDetail, DepartmentOption, ListData, StaffMember } from '@console/shared-sdk/contract';
import { departments } from '../schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/department-panel';
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let theirs: DepartmentDetail;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: DepartmentDetail }>('POST', `${base}/create-new-one`, { token, body });

async function created(name: string, siteID = brighton(), token = owner): Promise<DepartmentDetail> {
  const reply = await create({ siteID, name, description: `${name} team` }, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const find = (id: string, token = owner) =>
  ctx.inject<{ data: DepartmentDetail }>('GET', `${base}/find-one/${id}`, { token });

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<DepartmentDetail> }>('GET', `${base}/web-app-list`, { token, query });

async function departmentRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(departments);
  return row?.n ?? 0;
}

/** A person of the demo organisation by e-mail, read through the staff list. */
async function person(email: string): Promise<StaffMember> {
  const reply = await ctx.inject<{ data: ListData<StaffMember> }>(
    'GET',
    '/api/v1/staff-people/web-app-list',
    {
      token: owner,
      query: { search: email },
    },
  );
  const found = reply.json.data.list.find((one) => one.email === email);
  if (!found) throw new Error(`${email} not found`);
  return found;
}

/** Puts a person in departments (replacing theirs), keeping everything else. */
async function seat(who: StaffMember, departmentID: string[]) {
  const reply = await ctx.inject('PUT', '/api/v1/staff-people/update-one', {
    token: owner,
    body: {
      _id: who._id,
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      userRole: who.userRole,
      siteIDs: who.siteIDs,
      departmentID,
    },
  });
  expect(reply.statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
  const reply = await create({ siteID: ctx.other.site.id, name: 'Their kitchen' }, otherOwner);
  theirs = reply.json.data;
});
afterAll(() => ctx.close());

describe('create-new-one', () => {
  test('adds a department to a site, with no members yet', async () => {
    const reply = await create({ siteID: brighton(), name: ' Pastry ', description: 'Desserts and bread' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Department created');
    expect(reply.json.data).toMatchObject({
      name: 'Pastry',
      description: 'Desserts and bread',
      siteID: brighton(),
      orgId: ctx.demo.organization.id,
      memberCount: 0,
      members: [],
    });
  });

  test('a name already on the site, in any case, is a 409 on name; another site may use it', async () => {
    await created('Grill');
    const before = await departmentRows();
    const clash = await create({ siteID: brighton(), name: 'GRILL' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json.details?.fieldErrors.name).toEqual([
      'A department with this name already exists on this site',
    ]);
    expect(await departmentRows()).toBe(before);
    expect((await create({ siteID: manchester(), name: 'Grill' })).statusCode).toBe(200);
  });

  test.each([
    ['name', { name: '  ' }, 'Department name is required'],
    ['name', { name: 'x'.repeat(101) }, 'Department name is too long'],
    ['siteID', { siteID: 'brighton' }, 'Must be a valid id'],
  ])('bad %s is a 400 naming the field, and writes nothing', async (field, change, message) => {
    const before = await departmentRows();
    const reply = await create({ siteID: brighton(), name: 'Cellar', ...change });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors[field]).toContain(message);
    expect(await departmentRows()).toBe(before);
  });

  test('a site admin adds departments to its own site only; another organisation’s site is 404', async () => {
    expect((await create({ siteID: brighton(), name: 'Terrace' }, manager)).statusCode).toBe(200);
    expect((await create({ siteID: manchester(), name: 'Terrace' }, manager)).statusCode).toBe(403);
    expect((await create({ siteID: ctx.other.site.id, name: 'Terrace' })).statusCode).toBe(404);
    expect((await ctx.inject('POST', `${base}/create-new-one`, { body: { name: 'x' } })).statusCode).toBe(
      401,
    );
  });
});

describe('web-app-list and find-one', () => {
  test('lists a site’s departments by name; a site admin sees its own sites only', async () => {
    await created('Ab Bar', manchester());
    const brightonOnly = await list({ siteID: brighton(), sort: 'name', limit: 100 });
    expect(brightonOnly.statusCode).toBe(200);
    const names = brightonOnly.json.data.list.map((one) => one.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(brightonOnly.json.data.list.every((one) => one.siteID === brighton())).toBe(true);

    const managers = await list({ limit: 100 }, manager);
    expect(managers.json.data.list.length).toBeGreaterThan(0);
    expect(managers.json.data.list.every((one) => one.siteID === brighton())).toBe(true);
    expect((await list({ siteID: manchester() }, manager)).statusCode).toBe(403);
    expect((await list({ siteID: ctx.other.site.id })).statusCode).toBe(404);
    expect((await list({ sort: 'colour' })).statusCode).toBe(400);
    const searched = await list({ search: 'ab b' });
    expect(searched.json.data.list.map((one) => one.name)).toEqual(['Ab Bar']);
  });

  test('find-one shows the department’s members, by full name, and counts them', async () => {
    const kitchen = await created('Kitchen');
    await seat(await person('tom.fletcher@harbourvine.example'), [kitchen._id]);
    await seat(await person('aisha.khan@harbourvine.example'), [kitchen._id]);
    const reply = await find(kitchen._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.memberCount).toBe(2);
    expect(reply.json.data.members).toEqual([
      expect.objectContaining({
        firstName: 'Aisha',
        lastName: 'Khan',
        fullName: 'Aisha Khan',
        userRole: 'STAFF',
        status: 'ACTIVE',
      }),
      expect.objectContaining({ firstName: 'Tom', lastName: 'Fletcher', fullName: 'Tom Fletcher' }),
    ]);
    expect(reply.json.data.members[0]?.userID).toBe((await person('aisha.khan@harbourvine.example'))._id);
    expect((await find(kitchen._id, manager)).statusCode).toBe(200);
  });

  test('another organisation’s department is 404, a missing one too; a site admin elsewhere is 403', async () => {
    expect((await find(theirs._id)).statusCode).toBe(404);
    expect((await find(missingId)).statusCode).toBe(404);
    expect((await find('not-an-id')).statusCode).toBe(400);
    const elsewhere = await created('Bakery', manchester());
    expect((await find(elsewhere._id, manager)).statusCode).toBe(403);
    expect((await ctx.inject('GET', `${base}/find-one/${elsewhere._id}`)).statusCode).toBe(401);
  });
});

describe('update-one and delete-one', () => {
  test('renames a department; a clash with another on its site is a 409', async () => {
    const prep = await created('Prep');
    const reply = await ctx.inject<{ data: DepartmentDetail }>('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: prep._id, name: 'Prep kitchen', description: 'Mise en place' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      name: 'Prep kitchen',
      description: 'Mise en place',
      siteID: brighton(),
    });
    const clash = await ctx.inject('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: prep._id, name: 'grill' },
    });
    expect(clash.statusCode).toBe(409);
    const foreign = await ctx.inject('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: theirs._id, name: 'Taken over' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  test('a department with members neither moves to another site nor is deleted: 409 says how many', async () => {
    const floor = await created('Floor');
    const tom = await person('tom.fletcher@harbourvine.example');
    await seat(tom, [floor._id]);
    const move = await ctx.inject('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: floor._id, siteID: manchester(), name: 'Floor' },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json.message).toMatch(/"Floor" has 1 member/);
    const remove = await ctx.inject('DELETE', `${base}/delete-one/${floor._id}`, { token: owner });
    expect(remove.statusCode).toBe(409);
    expect(remove.json.message).toBe('"Floor" has 1 member; move them to another department first');
    expect((await find(floor._id)).statusCode).toBe(200);

    await seat(tom, []);
    const moved = await ctx.inject<{ data: DepartmentDetail }>('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: floor._id, siteID: manchester(), name: 'Floor' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json.data.siteID).toBe(manchester());
    const deleted = await ctx.inject('DELETE', `${base}/delete-one/${floor._id}`, { token: owner });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json.message).toBe('Department deleted');
    expect((await find(floor._id)).statusCode).toBe(404);
    // Its name is free again.
    expect((await create({ siteID: manchester(), name: 'Floor' })).statusCode).toBe(200);
  });

  test('people who left, or were deleted, no longer count as members', async () => {
    const wash = await created('Wash-up');
    const created2 = await ctx.inject<{ data: StaffMember }>('POST', '/api/v1/staff-people/create-new-one', {
      token: owner,
      body: {
        firstName: 'Kim',
        lastName: 'Porter',
        email: 'kim.porter@harbourvine.example',
        userRole: 'STAFF',
        siteIDs: [brighton()],
        departmentID: [wash._id],
      },
    });
    expect(created2.statusCode).toBe(200);
    expect((await find(wash._id)).json.data.memberCount).toBe(1);
    const gone = await ctx.inject('DELETE', `/api/v1/staff-people/delete-one/${created2.json.data._id}`, {
      token: owner,
    });
    expect(gone.statusCode).toBe(200);
    expect((await find(wash._id)).json.data.memberCount).toBe(0);
    expect((await ctx.inject('DELETE', `${base}/delete-one/${wash._id}`, { token: owner })).statusCode).toBe(
      200,
    );
  });

  test('a site admin cannot touch another site’s department nor move its own there', async () => {
    const bakery = await created('Bread', manchester());
    const onBrighton = await created('Brunch');
    const cases = [
      ctx.inject('PUT', `${base}/update-one`, {
        token: manager,
        body: { _id: bakery._id, name: 'Mine now' },
      }),
      ctx.inject('DELETE', `${base}/delete-one/${bakery._id}`, { token: manager }),
      ctx.inject('PUT', `${base}/update-one`, {
        token: manager,
        body: { _id: onBrighton._id, siteID: manchester(), name: 'Brunch' },
      }),
    ];
    for (const reply of await Promise.all(cases)) expect(reply.statusCode).toBe(403);
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one/${theirs._id}`, { token: owner })).statusCode,
    ).toBe(404);
  });
});

describe('simple-list and simple-list2', () => {
  test('simple-list gives one site’s departments as options, by name', async () => {
    const reply = await ctx.inject<{ data: DepartmentOption[] }>('GET', `${base}/simple-list`, {
      token: manager,
      query: { siteID: brighton() },
    });
    expect(reply.statusCode).toBe(200);
    const labels = reply.json.data.map((one) => one.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(reply.json.data[0]).toEqual({
      _id: reply.json.data[0]?.value,
      value: reply.json.data[0]?.value,
      label: reply.json.data[0]?.name,
      name: reply.json.data[0]?.label,
      siteID: brighton(),
    });
    const missing = await ctx.inject('GET', `${base}/simple-list`, { token: owner });
    expect(missing.json.details?.fieldErrors).toHaveProperty('siteID');
    const elsewhere = { token: manager, query: { siteID: manchester() } };
    expect((await ctx.inject('GET', `${base}/simple-list`, elsewhere)).statusCode).toBe(403);
    const foreign = { token: owner, query: { siteID: ctx.other.site.id } };
    expect((await ctx.inject('GET', `${base}/simple-list`, foreign)).statusCode).toBe(404);
  });

  test('simple-list2 gives the departments of several sites, each with its site', async () => {
    const reply = await ctx.inject<{ data: DepartmentOption[] }>('POST', `${base}/simple-list2`, {
      token: owner,
      body: { list: [brighton(), manchester()] },
    });
    expect(reply.statusCode).toBe(200);
    const sites = new Set(reply.json.data.map((one) => one.siteID));
    expect(sites).toEqual(new Set([brighton(), manchester()]));
    const none = await ctx.inject<{ data: DepartmentOption[] }>('POST', `${base}/simple-list2`, {
      token: owner,
      body: { list: [] },
    });
    expect(none.json.data).toEqual([]);
    const mixed = { token: manager, body: { list: [brighton(), manchester()] } };
    expect((await ctx.inject('POST', `${base}/simple-list2`, mixed)).statusCode).toBe(403);
    const foreign = { token: owner, body: { list: [ctx.other.site.id] } };
    expect((await ctx.inject('POST', `${base}/simple-list2`, foreign)).statusCode).toBe(404);
    const bad = await ctx.inject('POST', `${base}/simple-list2`, { token: owner, body: { list: ['x'] } });
    expect(bad.statusCode).toBe(400);
  });
});
