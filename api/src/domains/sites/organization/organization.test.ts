import { eq } from 'drizzle-orm';
import type { ListData, Organization } from '@console/shared-sdk/contract';
import { authSessions, users } from '../../../platform/db/schema.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/organization';
const otherOrgIdPlaceholder = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let platform: string;
let owner: string;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  platform = await ctx.login('platform@console.example');
  owner = await ctx.login('owner@harbourvine.example');
  manager = await ctx.login('brighton.manager@harbourvine.example');
});
afterAll(() => ctx.close());

const demoOrgId = () => ctx.demo.organization.id;
const otherOrgId = () => ctx.other.organization.id;

async function view(id: string): Promise<Organization> {
  const reply = await ctx.inject<{ data: Organization }>('GET', `${base}/view-one`, {
    token: platform,
    query: { id },
  });
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

async function list(query: Record<string, string | number> = {}) {
  return ctx.inject<{ data: ListData<Organization> }>('GET', `${base}/list`, { token: platform, query });
}

function newOrganization(name: string, adminEmail: string) {
  return {
    name,
    email: 'office@new.example',
    city: 'Leeds',
    country: 'gb',
    admin: { firstName: 'Nadia', lastName: 'Novak', email: adminEmail },
  };
}

/** Creates an organisation, follows the invitation e-mail to set a password, and signs its admin in. */
async function createAndJoin(name: string, adminEmail: string) {
  const created = await ctx.inject<{ data: Organization }>('POST', `${base}/create-new-one`, {
    token: platform,
    body: newOrganization(name, adminEmail),
  });
  expect(created.statusCode).toBe(200);
  const mail = ctx.mailer.lastTo(adminEmail);
  expect(mail?.subject).toContain(name);
  const token = decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
  const reset = await ctx.inject('PUT', '/api/v1/authentication/reset-password', {
    body: { token, password: 'Invited-pass-2026' },
  });
  expect(reset.statusCode).toBe(200);
  return { organization: created.json.data, token: await ctx.login(adminEmail, 'Invited-pass-2026') };
}

describe('GET /list', () => {
  test('the platform admin sees every organisation with live site and user counts', async () => {
    const reply = await list({ limit: 100 });
    expect(reply.statusCode).toBe(200);
    const demo = reply.json.data.list.find((o) => o._id === demoOrgId());
    expect(demo).toMatchObject({ name: 'Harbour & Vine Hospitality', siteCount: 3, userCount: 6 });
    const other = reply.json.data.list.find((o) => o._id === otherOrgId());
    expect(other).toMatchObject({ siteCount: 1, userCount: 3 });
    expect(reply.json.data.records).toBe(reply.json.data.list.length);
  });

  test('searches name, e-mail and city; sorts and pages', async () => {
    const byCity = await list({ search: 'brighton' });
    expect(byCity.json.data.list.map((o) => o._id)).toEqual([demoOrgId()]);
    const byEmail = await list({ search: 'office@harbourvine' });
    expect(byEmail.json.data.list.map((o) => o._id)).toEqual([demoOrgId()]);
    const wildcard = await list({ search: '%' });
    expect(wildcard.json.data.records).toBe(0);

    const sorted = await list({ sort: '-name', limit: 1, page: 1 });
    expect(sorted.json.data).toMatchObject({ page: 1, limit: 1 });
    expect(sorted.json.data.list).toHaveLength(1);
    expect(sorted.json.data.list[0]?.name).toBe('Other Tenant Ltd');
    expect(sorted.json.data.records).toBeGreaterThanOrEqual(2);
  });

  test('a sort column that is not offered, or a bad limit, is a 400 naming the field', async () => {
    const reply = await list({ sort: 'passwordHash' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('sort');
    const limit = await list({ limit: 0 });
    expect(limit.statusCode).toBe(400);
    expect(limit.json.details?.fieldErrors).toHaveProperty('limit');
  });

  test('needs a token, and only the platform admin may list', async () => {
    expect((await ctx.inject('GET', `${base}/list`)).statusCode).toBe(401);
    expect((await ctx.inject('GET', `${base}/list`, { token: owner })).statusCode).toBe(403);
    expect((await ctx.inject('GET', `${base}/list`, { token: manager })).statusCode).toBe(403);
  });
});

describe('POST /create-new-one', () => {
  test('creates the organisation and invites its admin, who sets a password and signs in', async () => {
    const { organization, token } = await createAndJoin('Northern Bakes', 'nadia@northernbakes.example');
    expect(organization).toMatchObject({
      name: 'Northern Bakes',
      city: 'Leeds',
      country: 'GB',
      phone: null,
      note: '',
      siteCount: 0,
      userCount: 1,
    });
    const own = await ctx.inject<{ data: Organization }>('GET', `${base}/view-one`, { token });
    expect(own.statusCode).toBe(200);
    expect(own.json.data._id).toBe(organization._id);
    const me = await ctx.inject<{ data: { role: string } }>('GET', '/api/v1/user-profile/view-me', { token });
    expect(me.json.data.role).toBe('ORGANIZATION_ADMIN');
  });

  test('an e-mail already in use is a 409 on admin.email and writes nothing', async () => {
    const mails = ctx.mailer.sent.length;
    const reply = await ctx.inject('POST', `${base}/create-new-one`, {
      token: platform,
      body: newOrganization('Duplicate Admin Ltd', 'OWNER@harbourvine.example'),
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors).toHaveProperty(['admin.email']);
    expect((await list({ search: 'Duplicate Admin' })).json.data.records).toBe(0);
    expect(ctx.mailer.sent.length).toBe(mails);
  });

  test('malformed input is a 400 naming the fields', async () => {
    const reply = await ctx.inject('POST', `${base}/create-new-one`, {
      token: platform,
      body: { ...newOrganization('', 'not-an-email'), country: 'GBR' },
    });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['name', 'country', 'admin.email']),
    );
  });

  test('needs a token, and only the platform admin may create', async () => {
    const body = newOrganization('Sneaky Ltd', 'sneaky@example.com');
    expect((await ctx.inject('POST', `${base}/create-new-one`, { body })).statusCode).toBe(401);
    expect((await ctx.inject('POST', `${base}/create-new-one`, { token: owner, body })).statusCode).toBe(403);
    expect((await list({ search: 'Sneaky' })).json.data.records).toBe(0);
  });
});

describe('PUT /update-one', () => {
  test('an organisation admin edits its own record; cleared fields become null', async () => {
    const reply = await ctx.inject<{ data: Organization }>('PUT', `${base}/update-one`, {
      token: owner,
      body: { name: 'Harbour & Vine Group', phone: '', city: 'Hove' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Organisation updated');
    const saved = await view(demoOrgId());
    expect(saved).toMatchObject({ name: 'Harbour & Vine Group', phone: null, city: 'Hove' });
    // Fields not sent keep their value.
    expect(saved.email).toBe('office@harbourvine.example');
    expect(saved.siteCount).toBe(3);
  });

  test('the platform admin edits the organisation named by _id or by orgId', async () => {
    const byId = await ctx.inject('PUT', `${base}/update-one`, {
      token: platform,
      body: { _id: otherOrgId(), name: 'Other Tenant Group' },
    });
    expect(byId.statusCode).toBe(200);
    expect((await view(otherOrgId())).name).toBe('Other Tenant Group');
    const byOrgId = await ctx.inject('PUT', `${base}/update-one`, {
      token: platform,
      query: { orgId: otherOrgId() },
      body: { name: 'Other Tenant Ltd' },
    });
    expect(byOrgId.statusCode).toBe(200);
    expect((await view(otherOrgId())).name).toBe('Other Tenant Ltd');
  });

  test("another organisation's id answers 404 and changes nothing", async () => {
    const reply = await ctx.inject('PUT', `${base}/update-one`, {
      token: owner,
      body: { _id: otherOrgId(), name: 'Hijacked' },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json.error).toBe('NOT_FOUND');
    expect((await view(otherOrgId())).name).toBe('Other Tenant Ltd');
    const missing = await ctx.inject('PUT', `${base}/update-one`, {
      token: platform,
      body: { _id: otherOrgIdPlaceholder, name: 'Nobody' },
    });
    expect(missing.statusCode).toBe(404);
  });

  test('malformed input is a 400 naming the field and changes nothing', async () => {
    const before = await view(demoOrgId());
    const reply = await ctx.inject('PUT', `${base}/update-one`, {
      token: owner,
      body: { name: '  ', email: 'nope', city: 'Nowhere' },
    });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['name', 'email']),
    );
    expect(await view(demoOrgId())).toEqual(before);
    const noTarget = await ctx.inject('PUT', `${base}/update-one`, { token: platform, body: { name: 'X' } });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json.details?.fieldErrors).toHaveProperty('_id');
  });

  test('needs a token; a site admin may not edit the organisation', async () => {
    const body = { name: 'By the manager' };
    expect((await ctx.inject('PUT', `${base}/update-one`, { body })).statusCode).toBe(401);
    const reply = await ctx.inject('PUT', `${base}/update-one`, { token: manager, body });
    expect(reply.statusCode).toBe(403);
    expect((await view(demoOrgId())).name).not.toBe('By the manager');
  });
});

describe('GET /view-one', () => {
  test('an organisation admin and a site admin read their own organisation', async () => {
    for (const token of [owner, manager]) {
      const reply = await ctx.inject<{ data: Organization }>('GET', `${base}/view-one`, { token });
      expect(reply.statusCode).toBe(200);
      expect(reply.json.data).toMatchObject({ _id: demoOrgId(), siteCount: 3 });
      expect(reply.json.data.note).toContain('Demo organisation');
    }
  });

  test('the platform admin reads any organisation by id or by orgId, and must name one', async () => {
    const byId = await ctx.inject<{ data: Organization }>('GET', `${base}/view-one`, {
      token: platform,
      query: { id: otherOrgId() },
    });
    expect(byId.json.data._id).toBe(otherOrgId());
    const byOrgId = await ctx.inject<{ data: Organization }>('GET', `${base}/view-one`, {
      token: platform,
      query: { orgId: otherOrgId() },
    });
    expect(byOrgId.statusCode).toBe(200);
    expect(byOrgId.json.data._id).toBe(otherOrgId());
    const none = await ctx.inject('GET', `${base}/view-one`, { token: platform });
    expect(none.statusCode).toBe(400);
    expect(none.json.details?.fieldErrors).toHaveProperty('id');
  });

  test("another organisation's id answers 404 like a missing one", async () => {
    const other = await ctx.inject('GET', `${base}/view-one`, {
      token: manager,
      query: { id: otherOrgId() },
    });
    const missing = await ctx.inject('GET', `${base}/view-one`, {
      token: platform,
      query: { id: otherOrgIdPlaceholder },
    });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json.message).toBe(missing.json.message);
  });

  test('a malformed id is a 400 naming it; no token is a 401', async () => {
    const reply = await ctx.inject('GET', `${base}/view-one`, { token: platform, query: { id: '42' } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('id');
    expect((await ctx.inject('GET', `${base}/view-one`)).statusCode).toBe(401);
  });
});

describe('PUT /update-note', () => {
  test("an organisation admin saves its organisation's note", async () => {
    const reply = await ctx.inject<{ data: Organization }>('PUT', `${base}/update-note`, {
      token: owner,
      body: { note: 'EHO visit booked for 12 May.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Note saved');
    expect((await view(demoOrgId())).note).toBe('EHO visit booked for 12 May.');
  });

  test('the platform admin saves the note of the organisation it names', async () => {
    const reply = await ctx.inject('PUT', `${base}/update-note`, {
      token: platform,
      body: { _id: otherOrgId(), note: 'Contract renewed' },
    });
    expect(reply.statusCode).toBe(200);
    expect((await view(otherOrgId())).note).toBe('Contract renewed');
  });

  test('a site admin is refused, another organisation is 404, and neither writes', async () => {
    const forbidden = await ctx.inject('PUT', `${base}/update-note`, { token: manager, body: { note: 'x' } });
    expect(forbidden.statusCode).toBe(403);
    const foreign = await ctx.inject('PUT', `${base}/update-note`, {
      token: owner,
      body: { _id: otherOrgId(), note: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await view(demoOrgId())).note).toBe('EHO visit booked for 12 May.');
    expect((await view(otherOrgId())).note).toBe('Contract renewed');
  });

  test('a missing or oversized note is a 400 naming it; no token is a 401', async () => {
    const missing = await ctx.inject('PUT', `${base}/update-note`, { token: owner, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors).toHaveProperty('note');
    const long = await ctx.inject('PUT', `${base}/update-note`, {
      token: owner,
      body: { note: 'x'.repeat(10001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json.details?.fieldErrors).toHaveProperty('note');
    expect((await view(demoOrgId())).note).toBe('EHO visit booked for 12 May.');
    expect((await ctx.inject('PUT', `${base}/update-note`, { body: { note: 'x' } })).statusCode).toBe(401);
  });
});

describe('DELETE /delete-one', () => {
  test('closes the organisation: its users are signed out at once and can no longer sign in', async () => {
    const { organization, token } = await createAndJoin('Short Lived Ltd', 'sam@shortlived.example');
    expect((await ctx.inject('GET', '/api/v1/user-profile/view-me', { token })).statusCode).toBe(200);

    const reply = await ctx.inject('DELETE', `${base}/delete-one`, {
      token: platform,
      query: { id: organization._id },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toMatch(/deleted/i);

    expect((await ctx.inject('GET', '/api/v1/user-profile/view-me', { token })).statusCode).toBe(401);
    const sessions = await ctx.db
      .select({ revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(users.orgId, organization._id));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((session) => session.revokedAt !== null)).toBe(true);
    const login = await ctx.inject('POST', '/api/v1/authentication/web-app-login', {
      body: { email: 'sam@shortlived.example', password: 'Invited-pass-2026' },
    });
    expect(login.statusCode).toBe(403);
    expect((await list({ search: 'Short Lived' })).json.data.records).toBe(0);
    const viewed = await ctx.inject('GET', `${base}/view-one`, {
      token: platform,
      query: { id: organization._id },
    });
    expect(viewed.statusCode).toBe(404);
    const again = await ctx.inject('DELETE', `${base}/delete-one`, {
      token: platform,
      query: { id: organization._id },
    });
    expect(again.statusCode).toBe(404);
  });

  test('only the platform admin may delete; the organisation stays', async () => {
    for (const token of [owner, manager]) {
      const reply = await ctx.inject('DELETE', `${base}/delete-one`, { token, query: { id: demoOrgId() } });
      expect(reply.statusCode).toBe(403);
    }
    expect((await ctx.inject('GET', `${base}/view-one`, { token: owner })).statusCode).toBe(200);
  });

  test('a missing or malformed id; no token', async () => {
    const missing = await ctx.inject('DELETE', `${base}/delete-one`, { token: platform });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors).toHaveProperty('id');
    const unknown = await ctx.inject('DELETE', `${base}/delete-one`, {
      token: platform,
      query: { id: otherOrgIdPlaceholder },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await ctx.inject('DELETE', `${base}/delete-one`, { query: { id: otherOrgId() } })).statusCode,
    ).toBe(401);
    expect((await view(otherOrgId()))._id).toBe(otherOrgId());
  });
});
