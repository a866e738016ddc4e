import { and, eq } from 'drizzle-orm';
import type { LoginResponse } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import {
  createTestContext,
  demoSeedTimeoutMs,
  demoPassword,
  fromNewAddress,
  type TestContext,
} from '../../../test/helper.js';
import {
  entraUser,
  makeScimToken,
  oktaUser,
  patchOp,
  scimClient,
  type ScimBody,
  type ScimClient,
} from '../../../test/scim.js';
import { siteMembers, users } from '../../db/schema.js';
import { historyEntries } from '../../history/schema.js';
import { hashPassword } from '../../auth/passwords.js';

// The flows Entra ID and Okta send to /scim/v2/Users, with their own body shapes: making, reading,
// finding, changing, deactivating (sessions end at once), replacing and deleting people; adopting someone
// invited by hand; and refusing what is malformed with SCIM's errors, never a 500.

let ctx: TestContext;
let owner: string;
let scim: ScimClient;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login(demoLogins.organizationAdmin);
  scim = scimClient(ctx, (await makeScimToken(ctx, owner)).token);
}, demoSeedTimeoutMs);
afterAll(() => ctx.close());

const errorUrn = 'urn:ietf:params:scim:api:messages:2.0:Error';

async function personRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no person ${id}`);
  return row;
}

/** Makes `id` a site admin of Brighton with the demo password, as if they had accepted an invitation. */
async function letSignIn(id: string) {
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(demoPassword), role: 'SITE_ADMIN' })
    .where(eq(users.id, id));
  await ctx.db
    .insert(siteMembers)
    .values({ siteId: ctx.demo.sites.brighton.id, userId: id, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
}

async function signIn(email: string) {
  const reply = await ctx.inject<{ data: LoginResponse }>('POST', '/api/v1/authentication/web-app-login', {
    body: { email, password: demoPassword },
    headers: fromNewAddress(),
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const viewMe = (accessToken: string) =>
  ctx.inject('GET', '/api/v1/user-profile/view-me', { token: accessToken });
const refresh = (refreshToken: string) =>
  ctx.inject('POST', '/api/v1/authentication/refresh-token', { body: { refreshToken } });

function expectScimError(
  reply: { statusCode: number; headers: Record<string, unknown>; json: ScimBody },
  status: number,
  scimType?: string,
) {
  expect({ status: reply.statusCode, scimType: reply.json.scimType }).toEqual({ status, scimType });
  expect(reply.json.schemas).toEqual([errorUrn]);
  expect(reply.json.status).toBe(String(status));
  expect(typeof reply.json.detail).toBe('string');
  expect(String(reply.headers['content-type'])).toMatch(/^application\/scim\+json/);
}

describe('Entra ID', () => {
  const email = 'dana.lee@harbourvine.example';
  let id = '';

  test('looks the person up first and finds nobody', async () => {
    const reply = await scim('GET', '/Users', { query: { filter: `userName eq "${email}"` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      Resources: [],
    });
  });

  test('makes them: staff of no site, without a password, provisioned by the directory', async () => {
    const reply = await scim('POST', '/Users', { body: entraUser(email, 'entra-0a21f0f2') });
    expect(reply.statusCode).toBe(201);
    expect(String(reply.headers['content-type'])).toMatch(/^application\/scim\+json/);
    id = reply.json.id ?? '';
    expect(reply.headers.location).toBe(`http://console.test/scim/v2/Users/${id}`);
    expect(reply.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: 'entra-0a21f0f2',
      userName: email,
      name: { givenName: 'Dana', familyName: 'Lee' },
      emails: [{ value: email, type: 'work', primary: true }],
      active: true,
      groups: [],
      meta: { resourceType: 'User', location: `http://console.test/scim/v2/Users/${id}` },
    });
    const row = await personRow(id);
    expect(row).toMatchObject({
      orgId: ctx.demo.organization.id,
      role: 'STAFF',
      status: 'ACTIVE',
      passwordHash: null,
      externalId: 'entra-0a21f0f2',
      provisionedBy: 'SCIM',
    });
    expect(await ctx.db.select().from(siteMembers).where(eq(siteMembers.userId, id))).toEqual([]);
    // Nobody was e-mailed: the person signs in by single sign-on, or by an invitation the console sends.
    expect(ctx.mailer.sent.filter((mail) => mail.to === email)).toEqual([]);
  });

  test('the console’s people screens say the directory manages them; someone made by hand is not', async () => {
    const findOne = (personId: string) =>
      ctx.inject<{ data: { provisionedBy: string | null } }>(
        'GET',
        `/api/v1/staff-people/find-one/${personId}`,
        {
          token: owner,
        },
      );
    expect((await findOne(id)).json.data.provisionedBy).toBe('SCIM');
    expect((await findOne(ctx.demo.siteAdmin.id)).json.data.provisionedBy).toBeNull();
  });

  test('reads them, and finds them by userName in any case, by externalId and by work e-mail', async () => {
    const one = await scim('GET', `/Users/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json.userName).toBe(email);
    for (const filter of [
      `userName eq "${email.toUpperCase()}"`,
      'externalId eq "entra-0a21f0f2"',
      `emails[type eq "work"].value eq "${email}"`,
      `urn:ietf:params:scim:schemas:core:2.0:User:userName eq "${email}"`,
    ]) {
      const found = await scim('GET', '/Users', { query: { filter } });
      expect([filter, found.statusCode, found.json.totalResults]).toEqual([filter, 200, 1]);
      expect(found.json.Resources?.[0]?.id).toBe(id);
    }
    const none = await scim('GET', '/Users', { query: { filter: 'externalId eq "entra-unknown"' } });
    expect(none.json.totalResults).toBe(0);
  });

  test('changes their names with its capitalised operations; an attribute the console has no place for is ignored', async () => {
    const reply = await scim('PATCH', `/Users/${id}`, {
      body: patchOp(
        { op: 'Replace', path: 'name.givenName', value: 'Danielle' },
        { op: 'Replace', path: 'displayName', value: 'Danielle Lee' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Pastry',
        },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: email },
      ),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json).toMatchObject({ name: { givenName: 'Danielle', familyName: 'Lee' }, active: true });
    expect((await personRow(id)).firstName).toBe('Danielle');
  });

  test('deactivates them with "False": their access and refresh tokens stop working at once', async () => {
    await letSignIn(id);
    const session = await signIn(email);
    expect((await viewMe(session.accessToken)).statusCode).toBe(200);

    const reply = await scim('PATCH', `/Users/${id}`, {
      body: patchOp({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.active).toBe(false);
    expect((await personRow(id)).status).toBe('INACTIVE');
    expect((await viewMe(session.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    const again = await ctx.inject('POST', '/api/v1/authentication/web-app-login', {
      body: { email, password: demoPassword },
      headers: fromNewAddress(),
    });
    expect(again.statusCode).not.toBe(200);
  });

  test('activates them again with "True": they sign in anew, the ended sessions stay ended', async () => {
    const reply = await scim('PATCH', `/Users/${id}`, {
      body: patchOp({ op: 'Replace', path: 'active', value: 'True' }),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.active).toBe(true);
    expect((await personRow(id)).status).toBe('ACTIVE');
    const session = await signIn(email);
    expect((await viewMe(session.accessToken)).statusCode).toBe(200);
  });

  test('keeps each change in the organisation’s history, by the directory', async () => {
    const entries = await ctx.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.subject, 'Staff'), eq(historyEntries.recordId, id)));
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'update']));
    expect(
      entries.every((entry) => entry.actorId === null && entry.actorName === 'Directory (Entra ID)'),
    ).toBe(true);
  });

  test('deletes them as the console does: gone, sessions ended, the address free again', async () => {
    const session = await signIn(email);
    const reply = await scim('DELETE', `/Users/${id}`);
    expect(reply.statusCode).toBe(204);
    expect(reply.raw).toBe('');
    expect((await scim('GET', `/Users/${id}`)).statusCode).toBe(404);
    expect((await viewMe(session.accessToken)).statusCode).toBe(401);
    const row = await personRow(id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.email).not.toBe(email);
    expect(await ctx.db.select().from(siteMembers).where(eq(siteMembers.userId, id))).toEqual([]);
    const found = await scim('GET', '/Users', { query: { filter: `userName eq "${email}"` } });
    expect(found.json.totalResults).toBe(0);
  });
});

describe('Okta', () => {
  const email = 'sam.okafor@harbourvine.example';
  let id = '';

  test('makes a person and keeps no password of the one it sends', async () => {
    const reply = await scim('POST', '/Users', { body: oktaUser(email, '00u1okta') });
    expect(reply.statusCode).toBe(201);
    id = reply.json.id ?? '';
    expect(reply.json).toMatchObject({ userName: email, name: { givenName: 'Sam', familyName: 'Okafor' } });
    expect(reply.raw).not.toContain('Sup3r-secret-from-okta');
    expect((await personRow(id)).passwordHash).toBeNull();
  });

  test('finds them with its paging, and pages the list by startIndex and count', async () => {
    const found = await scim('GET', '/Users', {
      query: { filter: `userName eq "${email}"`, startIndex: 1, count: 100 },
    });
    expect(found.json).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    const all = await scim('GET', '/Users', { query: { count: 2 } });
    expect(all.json.itemsPerPage).toBe(2);
    const total = all.json.totalResults ?? 0;
    expect(total).toBeGreaterThan(2);
    const last = await scim('GET', '/Users', { query: { startIndex: total, count: 5 } });
    expect(last.json).toMatchObject({ totalResults: total, startIndex: total, itemsPerPage: 1 });
    const counted = await scim('GET', '/Users', { query: { count: 0 } });
    expect(counted.json).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    const fewer = await scim('GET', '/Users', { query: { attributes: 'userName', count: 1 } });
    expect(Object.keys(fewer.json.Resources?.[0] ?? {}).sort()).toEqual([
      'id',
      'meta',
      'schemas',
      'userName',
    ]);
  });

  test('replaces their profile with PUT: a new address and names', async () => {
    const changed = 'samuel.okafor@harbourvine.example';
    const reply = await scim('PUT', `/Users/${id}`, {
      body: { ...oktaUser(changed, '00u1okta', { given: 'Samuel', family: 'Okafor-Reyes' }), id },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json).toMatchObject({
      userName: changed,
      name: { givenName: 'Samuel', familyName: 'Okafor-Reyes' },
      active: true,
    });
    expect((await personRow(id)).email).toBe(changed);
  });

  test('deactivates them with a value and no path', async () => {
    const reply = await scim('PATCH', `/Users/${id}`, {
      body: patchOp({ op: 'replace', value: { active: false } }),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.active).toBe(false);
    expect((await personRow(id)).status).toBe('INACTIVE');
  });

  test('a PUT that says active false deactivates too; one without active leaves it', async () => {
    const body = oktaUser('samuel.okafor@harbourvine.example', '00u1okta', {
      given: 'Samuel',
      family: 'Okafor',
    });
    const activated = await scim('PUT', `/Users/${id}`, { body });
    expect(activated.json.active).toBe(true);
    const { active: _active, ...withoutActive } = body;
    const kept = await scim('PUT', `/Users/${id}`, { body: withoutActive });
    expect(kept.json.active).toBe(true);
    const deactivated = await scim('PUT', `/Users/${id}`, { body: { ...body, active: false } });
    expect(deactivated.json.active).toBe(false);
  });
});

describe('a person invited by hand', () => {
  test('is adopted by e-mail: the same person, now the directory’s, their role and sites kept', async () => {
    const email = 'nadia.invited@harbourvine.example';
    const invited = await ctx.inject<{ data: { _id: string } }>(
      'POST',
      '/api/v1/staff-people/create-new-one',
      {
        token: owner,
        body: {
          firstName: 'Nadia',
          lastName: 'Invited',
          email,
          userRole: 'SITE_ADMIN',
          siteIDs: [ctx.demo.sites.manchester.id],
        },
      },
    );
    expect(invited.statusCode).toBe(200);
    const personId = invited.json.data._id;
    const reply = await scim('POST', '/Users', {
      body: entraUser(email.toUpperCase(), 'entra-nadia', { given: 'Nadia', family: 'Patel' }),
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json.id).toBe(personId);
    expect(reply.json).toMatchObject({ externalId: 'entra-nadia', name: { familyName: 'Patel' } });
    expect(await personRow(personId)).toMatchObject({
      role: 'SITE_ADMIN',
      externalId: 'entra-nadia',
      provisionedBy: 'SCIM',
      lastName: 'Patel',
    });
    const sites = await ctx.db.select().from(siteMembers).where(eq(siteMembers.userId, personId));
    expect(sites.map((site) => site.siteId)).toEqual([ctx.demo.sites.manchester.id]);
    // Sent again (a retry), it is the same person still.
    const again = await scim('POST', '/Users', { body: entraUser(email, 'entra-nadia') });
    expect([again.statusCode, again.json.id]).toEqual([201, personId]);
    // Linked to another directory identity, the address is taken.
    const other = await scim('POST', '/Users', { body: entraUser(email, 'entra-someone-else') });
    expectScimError(other, 409, 'uniqueness');
  });

  test('of another organisation is 409 uniqueness, which says nothing of them', async () => {
    const reply = await scim('POST', '/Users', { body: entraUser('owner@other.example', 'entra-otto') });
    expectScimError(reply, 409, 'uniqueness');
    expect(reply.raw).not.toMatch(/Other Tenant|Otto/);
    const row = await personRow(ctx.other.organizationAdmin.id);
    expect(row).toMatchObject({ externalId: null, provisionedBy: null, orgId: ctx.other.organization.id });
  });

  test('another organisation’s address is refused as a new userName too', async () => {
    const made = await scim('POST', '/Users', {
      body: entraUser('jo.rename@harbourvine.example', 'entra-jo'),
    });
    const reply = await scim('PATCH', `/Users/${made.json.id}`, {
      body: patchOp({ op: 'replace', path: 'userName', value: 'manager@other.example' }),
    });
    expectScimError(reply, 409, 'uniqueness');
  });
});

describe('what the directory cannot do', () => {
  test('deactivate or delete the organisation’s last active organisation admin (400 mutability)', async () => {
    const ownerId = ctx.demo.organizationAdmin.id;
    const deactivate = await scim('PATCH', `/Users/${ownerId}`, {
      body: patchOp({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expectScimError(deactivate, 400, 'mutability');
    expectScimError(await scim('DELETE', `/Users/${ownerId}`), 400, 'mutability');
    expect((await personRow(ownerId)).status).toBe('ACTIVE');
    expect((await viewMe(owner)).statusCode).toBe(200);
  });

  test('change what is read-only, named by a path (400 mutability)', async () => {
    const made = await scim('POST', '/Users', {
      body: entraUser('ro.person@harbourvine.example', 'entra-ro'),
    });
    const reply = await scim('PATCH', `/Users/${made.json.id}`, {
      body: patchOp({ op: 'replace', path: 'id', value: '0190a000-0000-7000-8000-000000000001' }),
    });
    expectScimError(reply, 400, 'mutability');
  });
});

describe('malformed requests are SCIM errors, never a 500', () => {
  let id = '';
  beforeAll(async () => {
    id =
      (await scim('POST', '/Users', { body: entraUser('malformed.target@harbourvine.example', 'entra-m') }))
        .json.id ?? '';
  });

  test.each([
    ['an operator it does not support', 'userName co "dana"'],
    ['an attribute it cannot filter by', 'title eq "Head chef"'],
    ['or', 'userName eq "a@b.example" or userName eq "c@d.example"'],
    ['an unclosed string', 'userName eq "dana'],
    ['nothing to compare', 'userName eq'],
    ['a bare word', 'dana'],
    ['brackets never closed', 'emails[type eq "work".value eq "x"'],
  ])('a filter with %s: 400 invalidFilter', async (_what, filter) => {
    expectScimError(await scim('GET', '/Users', { query: { filter } }), 400, 'invalidFilter');
  });

  test.each([
    ['not JSON', '{"userName": '],
    ['an empty body', ''],
  ])('a body that is %s: 400 invalidSyntax', async (_what, body) => {
    const reply = await scim('POST', '/Users', {
      body,
      headers: { 'content-type': 'application/scim+json' },
    });
    expectScimError(reply, 400, 'invalidSyntax');
  });

  test.each([
    [
      'no userName',
      'invalidValue',
      { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], name: { givenName: 'A' } },
    ],
    ['a userName that is not an e-mail', 'invalidValue', { userName: 'dana.lee' }],
    [
      'an active that is not a boolean',
      'invalidValue',
      { userName: 'x1@harbourvine.example', active: 'maybe' },
    ],
    ['a name that is not an object', 'invalidSyntax', { userName: 'x2@harbourvine.example', name: 'Dana' }],
    [
      'the schema of a group',
      'invalidSyntax',
      { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], userName: 'x3@harbourvine.example' },
    ],
    ['an array', 'invalidSyntax', []],
  ])('a User with %s: 400 %s', async (_what, scimType, body) => {
    expectScimError(await scim('POST', '/Users', { body }), 400, scimType);
  });

  test.each([
    ['no Operations', 'invalidSyntax', { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'] }],
    ['an op it does not know', 'invalidSyntax', patchOp({ op: 'move', path: 'active', value: false })],
    ['remove without a path', 'noTarget', patchOp({ op: 'remove' })],
    ['a path it cannot read', 'invalidPath', patchOp({ op: 'replace', path: 'name..givenName', value: 'A' })],
    [
      'a value path never closed',
      'invalidPath',
      patchOp({ op: 'replace', path: 'emails[type eq "work"', value: 'A' }),
    ],
    ['replace without a value', 'invalidSyntax', patchOp({ op: 'replace', path: 'active' })],
    ['no path and a value that is not an object', 'invalidSyntax', patchOp({ op: 'replace', value: false })],
    ['a required attribute removed', 'invalidValue', patchOp({ op: 'remove', path: 'userName' })],
    ['an empty given name', 'invalidValue', patchOp({ op: 'replace', path: 'name.givenName', value: '  ' })],
    [
      'the schema of a User',
      'invalidSyntax',
      { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], Operations: [] },
    ],
  ])('a PATCH with %s: 400 %s, the person unchanged', async (_what, scimType, body) => {
    const before = await personRow(id);
    expectScimError(await scim('PATCH', `/Users/${id}`, { body }), 400, scimType);
    expect(await personRow(id)).toEqual(before);
  });

  test('a body over the limit: 413', async () => {
    const body = JSON.stringify({ userName: 'big@harbourvine.example', title: 'x'.repeat(1024 * 1024 + 10) });
    expectScimError(await scim('POST', '/Users', { body }), 413);
  });

  test('a body as plain text: 415', async () => {
    const reply = await scim('POST', '/Users', {
      body: 'userName=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectScimError(reply, 415);
  });

  test('a body sent as application/json is taken too', async () => {
    const reply = await scim('POST', '/Users', {
      body: oktaUser('json.body@harbourvine.example', '00u-json'),
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.statusCode).toBe(201);
  });

  test('an id that is not one, or of nobody: 404', async () => {
    expectScimError(await scim('GET', '/Users/not-an-id'), 404);
    expectScimError(
      await scim('PATCH', '/Users/0190a000-0000-7000-8000-000000000009', {
        body: patchOp({ op: 'replace', value: { active: false } }),
      }),
      404,
    );
    expectScimError(await scim('DELETE', '/Users/not-an-id'), 404);
  });

  test('startIndex or count that is not a number: 400 invalidValue', async () => {
    expectScimError(await scim('GET', '/Users', { query: { startIndex: 'first' } }), 400, 'invalidValue');
    expectScimError(await scim('GET', '/Users', { query: { count: '1.5' } }), 400, 'invalidValue');
  });

  test('an endpoint that is not one: 404 in SCIM’s body', async () => {
    expectScimError(await scim('GET', '/Bulk'), 404);
  });
});
