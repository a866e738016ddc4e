import { count, eq } from 'drizzle-orm';
import type {
  DepartmentDetail,
  ListData,
  StaffInput,
  StaffMember,
  StaffOption,
} from '@console/shared-sdk/contract';
import { users } from '../../../platform/db/schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/staff-people';
const url = `${base}/simple-list`;
const missingId = '01890000-0000-7000-8000-000000000000';

interface Person {
  _id: string;
  fullName: string;
  userRole: string;
}

let ctx: TestContext;
let owner: string;
let siteAdmin: string;
let platform: string;
const departments: Record<'kitchen' | 'bar' | 'cafe' | 'theirs', DepartmentDetail> = {} as never;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

async function department(token: string, siteID: string, name: string): Promise<DepartmentDetail> {
  const reply = await ctx.inject<{ data: DepartmentDetail }>(
    'POST',
    '/api/v1/department-panel/create-new-one',
    {
      token,
      body: { siteID, name },
    },
  );
  if (reply.statusCode !== 200) throw new Error(reply.raw);
  return reply.json.data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login(demoLogins.organizationAdmin);
  siteAdmin = await ctx.login(demoLogins.siteAdmin);
  platform = await ctx.login(demoLogins.platformAdmin);
  const otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
  departments.kitchen = await department(owner, brighton(), 'Kitchen');
  departments.bar = await department(owner, brighton(), 'Bar');
  departments.cafe = await department(owner, manchester(), 'Café');
  departments.theirs = await department(otherOwner, ctx.other.site.id, 'Their kitchen');
});
afterAll(() => ctx.close());

let serial = 0;
/** A valid form for a new STAFF member of Brighton; each call a new address. */
function form(extra: Partial<StaffInput> = {}): StaffInput {
  serial += 1;
  return {
    firstName: 'Sam',
    lastName: `Tester ${serial}`,
    email: `sam.tester.${serial}@harbourvine.example`,
    mobileNumber: '+44 7700 900999',
    gender: 'OTHER',
    userRole: 'STAFF',
    siteIDs: [brighton()],
    departmentID: [],
    ...extra,
  };
}

const create = (body: unknown, token = owner) =>
  ctx.inject<{ data: StaffMember }>('POST', `${base}/create-new-one`, { token, body });

async function created(extra: Partial<StaffInput> = {}, token = owner): Promise<StaffMember> {
  const reply = await create(form(extra), token);
  if (reply.statusCode !== 200) throw new Error(`create: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data;
}

const find = (id: string, token = owner) =>
  ctx.inject<{ data: StaffMember }>('GET', `${base}/find-one/${id}`, { token });

const list = (query: Record<string, string | number> = {}, token = owner) =>
  ctx.inject<{ data: ListData<StaffMember> }>('GET', `${base}/web-app-list`, { token, query });

/** The edit form of a person as find-one shows them, with `change` applied. */
function edit(person: StaffMember, change: Record<string, unknown> = {}) {
  return {
    _id: person._id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    mobileNumber: person.mobileNumber,
    gender: person.gender,
    userRole: person.userRole,
    siteIDs: person.siteIDs,
    departmentID: person.departmentID,
    ...change,
  };
}

const update = (body: unknown, token = owner) =>
  ctx.inject<{ data: StaffMember }>('PUT', `${base}/update-one`, { token, body });

const setStatus = (_id: string, status: 'ACTIVE' | 'INACTIVE', token = owner, headers = {}) =>
  ctx.inject<{ data: StaffMember }>('PATCH', `${base}/update-status`, {
    token,
    body: { _id, status },
    headers,
  });

async function byEmail(email: string): Promise<StaffMember> {
  const reply = await list({ search: email });
  const found = reply.json.data.list.find((one) => one.email === email);
  if (!found) throw new Error(`${email} not listed`);
  return found;
}

async function userRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

describe('simple-list', () => {
  test('an organisation admin lists its site admins, sorted by full name, and nobody else’s', async () => {
    const reply = await ctx.inject<{ data: Person[] }>('GET', url, {
      token: owner,
      query: { role: 'SITE_ADMIN' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.map((p) => p.fullName)).toEqual(['Marcus Reid']);
    const everyone = await ctx.inject<{ data: Person[] }>('GET', url, { token: owner });
    const names = everyone.json.data.map((p) => p.fullName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain('Mia Other');
  });

  test('a site’s people are listed by siteID', async () => {
    const reply = await ctx.inject<{ data: Person[] }>('GET', url, {
      token: siteAdmin,
      query: { siteID: brighton(), role: 'STAFF' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.map((p) => p.fullName)).toEqual(['Aisha Khan', 'Tom Fletcher']);
  });

  test('a site admin must name one of its own sites', async () => {
    expect((await ctx.inject('GET', url, { token: siteAdmin })).statusCode).toBe(403);
    const other = await ctx.inject('GET', url, { token: siteAdmin, query: { siteID: manchester() } });
    expect(other.statusCode).toBe(403);
  });

  test('another organisation’s site is 404, a bad role 400, no token 401', async () => {
    expect(
      (await ctx.inject('GET', url, { token: owner, query: { siteID: ctx.other.site.id } })).statusCode,
    ).toBe(404);
    const bad = await ctx.inject('GET', url, { token: owner, query: { role: 'CHEF' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.details?.fieldErrors).toHaveProperty('role');
    expect((await ctx.inject('GET', url)).statusCode).toBe(401);
  });
});

describe('web-app-list and find-one', () => {
  test('an organisation admin lists everyone, by full name, each with userID, names, sites and role', async () => {
    const reply = await list({ sort: 'fullName', limit: 100 });
    expect(reply.statusCode).toBe(200);
    const names = reply.json.data.list.map((one) => one.fullName);
    expect(names).toEqual(
      expect.arrayContaining(['Olivia Bennett', 'Marcus Reid', 'Aisha Khan', 'Chloe Evans']),
    );
    expect(names).not.toContain('Mia Other');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const aisha = reply.json.data.list.find((one) => one.fullName === 'Aisha Khan');
    expect(aisha).toMatchObject({
      userID: aisha?._id,
      firstName: 'Aisha',
      lastName: 'Khan',
      email: 'aisha.khan@harbourvine.example',
      userRole: 'STAFF',
      status: 'ACTIVE',
      siteIDs: [brighton()],
      sites: [{ _id: brighton(), name: 'The Harbour Kitchen, Brighton' }],
      invitation: 'ACCEPTED',
    });
    const reversed = await list({ sort: '-fullName', limit: 100 });
    expect(reversed.json.data.list.map((one) => one.fullName)).toEqual([...names].reverse());
  });

  test('filters by site, role, status, department and search; pages carry the total', async () => {
    const onBrighton = await list({ siteID: brighton(), limit: 100 });
    expect(onBrighton.json.data.list.map((one) => one.fullName)).toEqual(
      expect.arrayContaining(['Marcus Reid', 'Aisha Khan', 'Tom Fletcher']),
    );
    expect(onBrighton.json.data.list.every((one) => one.siteIDs.includes(brighton()))).toBe(true);
    const admins = await list({ role: 'SITE_ADMIN' });
    expect(admins.json.data.list.map((one) => one.fullName)).toEqual(['Marcus Reid']);
    const barStaff = await created({ firstName: 'Barry', departmentID: [departments.bar._id] });
    const inBar = await list({ departmentID: departments.bar._id });
    expect(inBar.json.data.list.map((one) => one._id)).toEqual([barStaff._id]);
    expect(inBar.json.data.list[0]?.departments).toEqual([
      { _id: departments.bar._id, name: 'Bar', siteID: brighton() },
    ]);
    const searched = await list({ search: 'ha kh' });
    expect(searched.json.data.list.map((one) => one.fullName)).toEqual(['Aisha Khan']);
    const page = await list({ limit: 2, page: 2, sort: 'fullName' });
    expect(page.json.data).toMatchObject({ page: 2, limit: 2 });
    expect(page.json.data.list).toHaveLength(2);
    expect(page.json.data.records).toBe((await list({ limit: 100 })).json.data.records);
    const inactive = await list({ status: 'INACTIVE' });
    expect(inactive.json.data.records).toBe(0);
    // The same filters again with other values: each answers for its own.
    const staffRole = await list({ role: 'STAFF', limit: 100 });
    expect(staffRole.json.data.list.length).toBeGreaterThan(0);
    expect(staffRole.json.data.list.map((one) => one.fullName)).not.toContain('Marcus Reid');
    const kitchenStaff = await created({ firstName: 'Kit', departmentID: [departments.kitchen._id] });
    const inKitchen = await list({ departmentID: departments.kitchen._id });
    expect(inKitchen.json.data.list.map((one) => one._id)).toEqual([kitchenStaff._id]);
    expect((await list({ search: 'reid' })).json.data.list.map((one) => one.fullName)).toEqual([
      'Marcus Reid',
    ]);
    expect((await list({ status: 'ACTIVE' })).json.data.records).toBe((await list()).json.data.records);
  });

  test('a site admin lists the people of its own sites only', async () => {
    const reply = await list({ limit: 100 }, siteAdmin);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.list.every((one) => one.siteIDs.includes(brighton()))).toBe(true);
    expect(reply.json.data.list.map((one) => one.fullName)).not.toContain('Chloe Evans');
    expect((await list({ siteID: manchester() }, siteAdmin)).statusCode).toBe(403);
    expect((await list({ departmentID: departments.cafe._id }, siteAdmin)).statusCode).toBe(403);
  });

  test('bad filters are 400s; another organisation’s site or department is 404', async () => {
    const bad: Record<string, string>[] = [
      { role: 'CHEF' },
      { status: 'ASLEEP' },
      { sort: 'salary' },
      { departmentID: 'x' },
    ];
    for (const query of bad) {
      const reply = await list(query);
      expect(reply.statusCode).toBe(400);
      expect(Object.keys(reply.json.details?.fieldErrors ?? {})).toHaveLength(1);
    }
    expect((await list({ siteID: ctx.other.site.id })).statusCode).toBe(404);
    expect((await list({ departmentID: departments.theirs._id })).statusCode).toBe(404);
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
  });

  test('find-one: a person of the organisation; another organisation’s is 404; a site admin elsewhere 403', async () => {
    const chloe = await byEmail('chloe.evans@harbourvine.example');
    const reply = await find(chloe._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ fullName: 'Chloe Evans', siteIDs: [manchester()] });
    expect((await find(chloe._id, siteAdmin)).statusCode).toBe(403);
    expect((await find(ctx.other.staff.id)).statusCode).toBe(404);
    expect((await find(missingId)).statusCode).toBe(404);
    expect((await find('not-an-id')).statusCode).toBe(400);
    const aisha = await byEmail('aisha.khan@harbourvine.example');
    expect((await find(aisha._id, siteAdmin)).statusCode).toBe(200);
  });
});

describe('create-new-one', () => {
  test('adds a person to sites and departments and e-mails an invitation', async () => {
    const reply = await create(
      form({
        firstName: 'Nora',
        lastName: 'Field',
        email: 'Nora.Field@HarbourVine.example',
        siteIDs: [brighton(), manchester()],
        departmentID: [departments.kitchen._id, departments.cafe._id],
      }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe(
      'Nora Field added; an invitation was e-mailed to nora.field@harbourvine.example',
    );
    expect(reply.json.data).toMatchObject({
      firstName: 'Nora',
      lastName: 'Field',
      email: 'nora.field@harbourvine.example',
      userRole: 'STAFF',
      status: 'ACTIVE',
      invitation: 'PENDING',
      invitedAt: ctx.clock.now().toISOString(),
      lastSignInAt: null,
    });
    expect([...reply.json.data.siteIDs].sort()).toEqual([brighton(), manchester()].sort());
    expect([...reply.json.data.departmentID].sort()).toEqual(
      [departments.kitchen._id, departments.cafe._id].sort(),
    );
    const mail = ctx.mailer.lastTo('nora.field@harbourvine.example');
    expect(mail?.subject).toBe("You're invited to the Compliance Console for Harbour & Vine Hospitality");
    // Staff choose their password where they will use it: the kitchen app, then their PIN.
    expect(mail?.text).toMatch(/^http:\/\/console\.test\/kitchen\/invite\?token=[\w%-]+$/m);
    expect(mail?.text).toContain(
      'Open this link within seven days on the phone or tablet you use in the kitchen to choose your password, then a PIN',
    );
    expect(mail?.text).toContain('nora.field@harbourvine.example');
    expect(mail?.text).not.toContain('console.test/reset-password');
  });

  test('an address that already has an account is a 409 with the same message in any organisation', async () => {
    const before = await userRows();
    const here = await create(form({ email: 'aisha.khan@harbourvine.example' }));
    const elsewhere = await create(form({ email: 'STAFF@other.example' }));
    expect(here.statusCode).toBe(409);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json.message).toBe(here.json.message);
    expect(elsewhere.json.details).toEqual(here.json.details);
    expect(here.json.details?.fieldErrors).toHaveProperty('email');
    expect(await userRows()).toBe(before);
  });

  test.each([
    ['firstName', { firstName: ' ' }, 'First name is required'],
    ['email', { email: 'not-an-email' }, 'Must be a valid e-mail address'],
    ['mobileNumber', { mobileNumber: 'call me' }, 'Must be a valid phone number'],
    ['gender', { gender: 'ROBOT' }, undefined],
    ['userRole', { userRole: 'ADMIN' }, 'Choose a role'],
    ['siteIDs', { siteIDs: [] }, 'Choose at least one site'],
    ['siteIDs.0', { siteIDs: ['brighton'] }, 'Must be a valid id'],
  ])('bad %s is a 400 naming the field, and writes nothing', async (field, change, message) => {
    const before = await userRows();
    const reply = await create({ ...form(), ...change });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty([field]);
    if (message) expect(reply.json.details?.fieldErrors[field]).toContain(message);
    expect(await userRows()).toBe(before);
  });

  test('departments must be of the person’s sites (400), whatever organisation they belong to', async () => {
    const before = await userRows();
    for (const departmentID of [[departments.cafe._id], [departments.theirs._id], [missingId]]) {
      const reply = await create(form({ departmentID }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors.departmentID).toEqual([
        'Choose departments of the sites this person works at',
      ]);
    }
    expect(await userRows()).toBe(before);
  });

  test('an organisation admin may add admins, and an organisation admin needs no site', async () => {
    const admin = await created({ userRole: 'ORGANIZATION_ADMIN', siteIDs: [] });
    expect(admin).toMatchObject({ userRole: 'ORGANIZATION_ADMIN', siteIDs: [] });
    const manager = await created({ userRole: 'SITE_ADMIN', siteIDs: [manchester()] });
    expect(manager.userRole).toBe('SITE_ADMIN');
    expect(ctx.mailer.lastTo(manager.email)?.text).toContain('sign in to the console at http://console.test');
  });

  test('a site admin adds staff to its own sites only, and no admins', async () => {
    const before = await userRows();
    const own = await created({ departmentID: [departments.kitchen._id] }, siteAdmin);
    expect(own.siteIDs).toEqual([brighton()]);
    expect(await userRows()).toBe(before + 1);
    expect((await create(form({ siteIDs: [manchester()] }), siteAdmin)).statusCode).toBe(403);
    expect((await create(form({ siteIDs: [brighton(), manchester()] }), siteAdmin)).statusCode).toBe(403);
    expect((await create(form({ userRole: 'SITE_ADMIN' }), siteAdmin)).statusCode).toBe(403);
    expect((await create(form({ siteIDs: [ctx.other.site.id] }))).statusCode).toBe(404);
    expect(await userRows()).toBe(before + 1);
  });
});

describe('update-one', () => {
  test('edits a person and replaces their sites and departments', async () => {
    const person = await created({ departmentID: [departments.kitchen._id] });
    const reply = await update(
      edit(person, {
        firstName: 'Samantha',
        mobileNumber: '',
        siteIDs: [manchester()],
        departmentID: [departments.cafe._id],
      }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe(`Samantha ${person.lastName} updated`);
    expect(reply.json.data).toMatchObject({
      firstName: 'Samantha',
      mobileNumber: null,
      siteIDs: [manchester()],
      departmentID: [departments.cafe._id],
    });
  });

  test('a site admin edits its staff but moves them only between its own sites', async () => {
    const person = await created({ departmentID: [departments.kitchen._id] });
    const renamed = await update(edit(person, { lastName: 'Renamed' }), siteAdmin);
    expect(renamed.statusCode).toBe(200);
    for (const change of [
      { siteIDs: [brighton(), manchester()] },
      { siteIDs: [manchester()], departmentID: [] },
      { userRole: 'SITE_ADMIN' },
    ]) {
      expect((await update(edit(person, change), siteAdmin)).statusCode).toBe(403);
    }
    // Someone who also works at Manchester: the site admin edits them, leaving Manchester as it is.
    const shared = await created({
      siteIDs: [brighton(), manchester()],
      departmentID: [departments.cafe._id],
    });
    const kept = await update(
      edit(shared, { departmentID: [departments.cafe._id, departments.kitchen._id] }),
      siteAdmin,
    );
    expect(kept.statusCode).toBe(200);
    const dropCafe = await update(edit(shared, { departmentID: [departments.kitchen._id] }), siteAdmin);
    expect(dropCafe.statusCode).toBe(403);
    const dropManchester = await update(edit(shared, { siteIDs: [brighton()], departmentID: [] }), siteAdmin);
    expect(dropManchester.statusCode).toBe(403);
  });

  test('a site admin cannot change an admin, nor anyone off its sites', async () => {
    const marcus = await byEmail(demoLogins.siteAdmin);
    const olivia = await byEmail(demoLogins.organizationAdmin);
    const chloe = await byEmail('chloe.evans@harbourvine.example');
    expect((await update(edit(marcus, { firstName: 'Marc' }), siteAdmin)).statusCode).toBe(403);
    expect((await update(edit(olivia, { firstName: 'Liv' }), siteAdmin)).statusCode).toBe(403);
    expect((await update(edit(chloe, { firstName: 'Clo' }), siteAdmin)).statusCode).toBe(403);
  });

  test('bad input is a 400 on the field; another organisation’s person is 404', async () => {
    const person = await created();
    const noSites = await update(edit(person, { siteIDs: [] }));
    expect(noSites.json.details?.fieldErrors.siteIDs).toEqual(['Choose at least one site']);
    const wrongDepartment = await update(edit(person, { departmentID: [departments.cafe._id] }));
    expect(wrongDepartment.json.details?.fieldErrors).toHaveProperty('departmentID');
    const taken = await update(edit(person, { email: 'staff@other.example' }));
    expect(taken.statusCode).toBe(409);
    const theirs = await update({ ...edit(person), _id: ctx.other.staff.id });
    expect(theirs.statusCode).toBe(404);
    const foreignSite = await update(edit(person, { siteIDs: [ctx.other.site.id] }));
    expect(foreignSite.statusCode).toBe(404);
  });

  test('nobody changes their own role or address here, nor demotes the last organisation admin', async () => {
    const olivia = await byEmail(demoLogins.organizationAdmin);
    const ownRole = await update(edit(olivia, { userRole: 'SITE_ADMIN', siteIDs: [brighton()] }));
    expect(ownRole.statusCode).toBe(409);
    expect(ownRole.json.message).toBe('You cannot change your own role');
    const ownEmail = await update(edit(olivia, { email: 'olivia@harbourvine.example' }));
    expect(ownEmail.statusCode).toBe(409);
    expect((await update(edit(olivia, { mobileNumber: '+44 7700 900124' }))).statusCode).toBe(200);

    const asPlatform = { orgid: ctx.demo.organization.id };
    const admins = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'ORGANIZATION_ADMIN'));
    expect(admins[0]?.n).toBeGreaterThan(0);
    // Active organisation admins other than Olivia are deactivated first, so she is the last one.
    const others = (await list({ role: 'ORGANIZATION_ADMIN', limit: 100 })).json.data.list.filter(
      (one) => one._id !== olivia._id && one.status === 'ACTIVE',
    );
    for (const other of others) expect((await setStatus(other._id, 'INACTIVE')).statusCode).toBe(200);
    const demote = await ctx.inject('PUT', `${base}/update-one`, {
      token: platform,
      headers: asPlatform,
      body: edit(olivia, { userRole: 'SITE_ADMIN', siteIDs: [brighton()] }),
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json.message).toMatch(/last active organisation admin/);
    for (const other of others) expect((await setStatus(other._id, 'ACTIVE')).statusCode).toBe(200);
  });

  test('a new address gets a new invitation if the old one was not accepted; the old link dies', async () => {
    const person = await created();
    const oldLink = /token=([^\s]+)/.exec(ctx.mailer.lastTo(person.email)?.text ?? '')?.[1];
    const moved = await update(edit(person, { email: 'new.address@harbourvine.example' }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json.data.invitation).toBe('PENDING');
    expect(ctx.mailer.lastTo('new.address@harbourvine.example')?.subject).toMatch(/invited/);
    const reset = await ctx.inject('PUT', '/api/v1/authentication/reset-password', {
      body: { token: decodeURIComponent(oldLink ?? ''), password: 'Correct-horse-battery-9' },
    });
    expect(reset.statusCode).toBe(400);

    const tom = await byEmail('tom.fletcher@harbourvine.example');
    const sent = ctx.mailer.sent.length;
    const changed = await update(edit(tom, { email: 'tom.f@harbourvine.example' }));
    expect(changed.statusCode).toBe(200);
    expect(ctx.mailer.sent.length).toBe(sent + 1);
    expect(ctx.mailer.lastTo('tom.fletcher@harbourvine.example')?.text).toContain(
      'tom.f@harbourvine.example',
    );
    expect((await update(edit(changed.json.data, { email: tom.email }))).statusCode).toBe(200);
  });
});

describe('update-status, resendInvite and delete-one', () => {
  test('deactivates and reactivates a person; a site admin only people wholly on its sites', async () => {
    const person = await created();
    const off = await setStatus(person._id, 'INACTIVE', siteAdmin);
    expect(off.statusCode).toBe(200);
    expect(off.json.data.status).toBe('INACTIVE');
    expect(off.json.message).toBe(`${person.fullName} deactivated and signed out everywhere`);
    expect((await list({ status: 'INACTIVE' })).json.data.list.map((one) => one._id)).toContain(person._id);
    const on = await setStatus(person._id, 'ACTIVE', siteAdmin);
    expect(on.json.data.status).toBe('ACTIVE');

    const shared = await created({ siteIDs: [brighton(), manchester()] });
    expect((await setStatus(shared._id, 'INACTIVE', siteAdmin)).statusCode).toBe(403);
    expect((await setStatus(shared._id, 'INACTIVE')).statusCode).toBe(200);
    const marcus = await byEmail(demoLogins.siteAdmin);
    expect((await setStatus(marcus._id, 'INACTIVE', siteAdmin)).statusCode).toBe(403);
    expect((await setStatus(ctx.other.staff.id, 'INACTIVE')).statusCode).toBe(404);
    const bad = await ctx.inject('PATCH', `${base}/update-status`, {
      token: owner,
      body: { _id: person._id, status: 'SLEEPING' },
    });
    expect(bad.json.details?.fieldErrors).toHaveProperty('status');
  });

  test('nobody deactivates or deletes themselves or the last active organisation admin', async () => {
    const olivia = await byEmail(demoLogins.organizationAdmin);
    const self = await setStatus(olivia._id, 'INACTIVE');
    expect(self.statusCode).toBe(409);
    expect(self.json.message).toBe('You cannot deactivate yourself');
    const selfDelete = await ctx.inject('DELETE', `${base}/delete-one/${olivia._id}`, { token: owner });
    expect(selfDelete.statusCode).toBe(409);

    const asPlatform = { orgid: ctx.demo.organization.id };
    const others = (await list({ role: 'ORGANIZATION_ADMIN', limit: 100 })).json.data.list.filter(
      (one) => one._id !== olivia._id,
    );
    for (const other of others) await setStatus(other._id, 'INACTIVE');
    const last = await setStatus(olivia._id, 'INACTIVE', platform, asPlatform);
    expect(last.statusCode).toBe(409);
    expect(last.json.message).toBe(
      "This is the organisation's last active organisation admin: appoint another one before deactivating them",
    );
    const lastDelete = await ctx.inject('DELETE', `${base}/delete-one/${olivia._id}`, {
      token: platform,
      headers: asPlatform,
    });
    expect(lastDelete.statusCode).toBe(409);

    // With a second active organisation admin, the platform admin may deactivate the first.
    const second = await created({ userRole: 'ORGANIZATION_ADMIN', siteIDs: [] });
    expect((await setStatus(olivia._id, 'INACTIVE', platform, asPlatform)).statusCode).toBe(200);
    expect((await setStatus(olivia._id, 'ACTIVE', platform, asPlatform)).statusCode).toBe(200);
    owner = await ctx.login(demoLogins.organizationAdmin);
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one/${second._id}`, { token: owner })).statusCode,
    ).toBe(200);
    for (const other of others) await setStatus(other._id, 'ACTIVE');
  });

  test('resends an invitation until it is accepted; not to an inactive person', async () => {
    const person = await created();
    const first = ctx.mailer.lastTo(person.email)?.text;
    const again = await ctx.inject<{ data: StaffMember }>('POST', `${base}/resendInvite`, {
      token: siteAdmin,
      body: { _id: person._id },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json.message).toBe(`A new invitation was e-mailed to ${person.email}`);
    expect(again.json.data.invitation).toBe('PENDING');
    expect(ctx.mailer.lastTo(person.email)?.text).not.toBe(first);

    const aisha = await byEmail('aisha.khan@harbourvine.example');
    const accepted = await ctx.inject('POST', `${base}/resendInvite`, {
      token: owner,
      body: { _id: aisha._id },
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json.message).toMatch(/already set a password/);
    await setStatus(person._id, 'INACTIVE');
    const inactive = await ctx.inject('POST', `${base}/resendInvite`, {
      token: owner,
      body: { _id: person._id },
    });
    expect(inactive.statusCode).toBe(409);
    const chloe = await byEmail('chloe.evans@harbourvine.example');
    const elsewhere = await ctx.inject('POST', `${base}/resendInvite`, {
      token: siteAdmin,
      body: { _id: chloe._id },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  test('an invitation not accepted within seven days shows as expired', async () => {
    const person = await created();
    ctx.clock.advance(7 * 24 * 3_600_000 + 1);
    try {
      // The access tokens of the test have expired by then too.
      const later = await ctx.login(demoLogins.organizationAdmin);
      expect((await find(person._id, later)).json.data.invitation).toBe('EXPIRED');
    } finally {
      ctx.clock.advance(-(7 * 24 * 3_600_000 + 1));
    }
  });

  test('deletes a person softly: gone from lists, the row keeps their name, the address is free', async () => {
    const person = await created({
      email: 'leaving@harbourvine.example',
      departmentID: [departments.bar._id],
    });
    const reply = await ctx.inject('DELETE', `${base}/delete-one/${person._id}`, { token: siteAdmin });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe(`${person.fullName} deleted`);
    expect((await find(person._id)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, person._id));
    expect(row).toMatchObject({ firstName: 'Sam', lastName: person.lastName });
    expect(row?.deletedAt).not.toBeNull();
    expect((await create(form({ email: 'leaving@harbourvine.example' }))).statusCode).toBe(200);

    const shared = await created({ siteIDs: [brighton(), manchester()] });
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one/${shared._id}`, { token: siteAdmin })).statusCode,
    ).toBe(403);
    const theirs = await ctx.inject('DELETE', `${base}/delete-one/${ctx.other.staff.id}`, { token: owner });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('simple-list2', () => {
  const simpleList2 = (body: unknown, token = owner) =>
    ctx.inject<{ data: StaffOption[] }>('POST', `${base}/simple-list2`, { token, body });

  test('people of several sites, of departments, or both, by full name', async () => {
    const cook = await created({
      firstName: 'Ada',
      siteIDs: [brighton(), brooklyn()],
      departmentID: [departments.kitchen._id],
    });
    const sites = await simpleList2({ list: [manchester(), brooklyn()] });
    expect(sites.statusCode).toBe(200);
    const names = sites.json.data.map((one) => one.fullName);
    expect(names).toEqual(expect.arrayContaining(['Chloe Evans', 'Diego Ramirez', cook.fullName]));
    expect(names).not.toContain('Aisha Khan');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const kitchen = await simpleList2({ departmentArray: [departments.kitchen._id] });
    expect(kitchen.json.data.map((one) => one._id)).toContain(cook._id);
    const both = await simpleList2({ list: [brooklyn()], departmentArray: [departments.kitchen._id] });
    expect(both.json.data.map((one) => one._id)).toEqual([cook._id]);
    await setStatus(cook._id, 'INACTIVE');
    const active = await simpleList2({ list: [brooklyn()], status: 'ACTIVE' });
    expect(active.json.data.map((one) => one._id)).not.toContain(cook._id);
  });

  test('every site and department must be the caller’s to read; one of each at least', async () => {
    expect((await simpleList2({ list: [manchester()] }, siteAdmin)).statusCode).toBe(403);
    expect((await simpleList2({ departmentArray: [departments.cafe._id] }, siteAdmin)).statusCode).toBe(403);
    expect((await simpleList2({ list: [ctx.other.site.id] })).statusCode).toBe(404);
    expect((await simpleList2({ departmentArray: [departments.theirs._id] })).statusCode).toBe(404);
    const empty = await simpleList2({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json.details?.fieldErrors).toHaveProperty('list');
    expect((await simpleList2({ list: [brighton()] }, siteAdmin)).statusCode).toBe(200);
  });
});
