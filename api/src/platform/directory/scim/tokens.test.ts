import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ListData, ScimConnection, ScimToken } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { createTestContext, demoSeedTimeoutMs, type TestContext } from '../../../test/helper.js';
import {
  entraUser,
  makeScimToken,
  patchOp,
  scimBase,
  scimClient,
  type ScimBody,
} from '../../../test/scim.js';
import { loginFailures, users } from '../../db/schema.js';
import { historyEntries } from '../../history/schema.js';
import { scimTokens } from '../schema.js';
import { scimRequestsPerMinute } from './routes.js';

// The directory's tokens: made by an organisation admin in the console and shown once (only the hash is
// kept), listed with when they were last used, revoked at once; and what a token opens at /scim/v2: its own
// organisation alone, never another's people or groups, and nothing once revoked, expired or unknown.

const v1 = '/api/v1';
const dayMs = 86_400_000;
let ctx: TestContext;
let owner: string;
let otherOwner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login(demoLogins.organizationAdmin);
  otherOwner = await ctx.login('owner@other.example');
}, demoSeedTimeoutMs);
afterAll(() => ctx.close());

const tokens = (token = owner) =>
  ctx.inject<{ data: ListData<ScimToken> }>('GET', `${v1}/scim-token/web-app-list`, { token });

describe('the console’s token calls', () => {
  test('a token is shown once with the base URL; only its SHA-256 is kept', async () => {
    const made = await makeScimToken(ctx, owner, { name: 'Entra ID production', expiresInDays: 365 });
    expect(made.token).toMatch(/^scim_[\w-]{43}$/);
    expect(made.baseUrl).toBe('http://console.test/scim/v2');
    expect(made.scimToken).toMatchObject({
      name: 'Entra ID production',
      status: 'ACTIVE',
      createdBy: { _id: ctx.demo.organizationAdmin.id, name: 'Olivia Bennett' },
      lastUsedAt: null,
    });
    const [row] = await ctx.db.select().from(scimTokens).where(eq(scimTokens.id, made.scimToken._id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);
    const listed = await tokens();
    expect(listed.raw).not.toContain(made.token);
    expect(listed.json.data.list).toEqual([expect.objectContaining({ _id: made.scimToken._id })]);
    const history = await ctx.db
      .select()
      .from(historyEntries)
      .where(eq(historyEntries.recordId, made.scimToken._id));
    expect(history.map((entry) => entry.action)).toEqual(['create']);
    expect(JSON.stringify(history)).not.toContain(made.token);
  });

  test('the list says when and from where each token was last used', async () => {
    const made = await makeScimToken(ctx, owner, { name: 'Okta' });
    const reply = await ctx.inject('GET', `${scimBase}/Users`, {
      headers: { authorization: `Bearer ${made.token}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(reply.statusCode).toBe(200);
    const listed = await tokens();
    expect(listed.json.data.list.find((one) => one._id === made.scimToken._id)).toMatchObject({
      lastUsedAt: ctx.clock.now().toISOString(),
      lastUsedFrom: '203.0.113.9',
    });
  });

  test('the connection: the base URL and the tokens that work', async () => {
    const reply = await ctx.inject<{ data: ScimConnection }>('GET', `${v1}/scim-token/connection`, {
      token: owner,
    });
    expect(reply.json.data).toEqual({ baseUrl: 'http://console.test/scim/v2', activeTokens: 2 });
  });

  test('a revoked token is refused at once, stays listed, and revoking it again changes nothing', async () => {
    const made = await makeScimToken(ctx, owner, { name: 'To revoke' });
    const scim = scimClient(ctx, made.token);
    expect((await scim('GET', '/Users')).statusCode).toBe(200);
    const revoked = await ctx.inject<{ data: ScimToken }>('PUT', `${v1}/scim-token/revoke`, {
      token: owner,
      body: { _id: made.scimToken._id },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json.data.status).toBe('REVOKED');
    const refused = await scim('GET', '/Users');
    expect(refused.statusCode).toBe(401);
    expect(refused.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '401',
    });
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="SCIM"');
    const again = await ctx.inject<{ data: ScimToken }>('PUT', `${v1}/scim-token/revoke`, {
      token: owner,
      body: { _id: made.scimToken._id },
    });
    expect(again.json.data.revokedAt).toBe(revoked.json.data.revokedAt);
  });

  test('an expired token is refused', async () => {
    const made = await makeScimToken(ctx, owner, { name: 'Short', expiresInDays: 1 });
    const scim = scimClient(ctx, made.token);
    expect((await scim('GET', '/ServiceProviderConfig')).statusCode).toBe(200);
    ctx.clock.advance(dayMs + 1000);
    expect((await scim('GET', '/ServiceProviderConfig')).statusCode).toBe(401);
    owner = await ctx.login(demoLogins.organizationAdmin);
    otherOwner = await ctx.login('owner@other.example');
    expect((await tokens()).json.data.list.find((one) => one._id === made.scimToken._id)?.status).toBe(
      'EXPIRED',
    );
  });

  test('a token’s name and lifetime are checked', async () => {
    const reply = await ctx.inject('POST', `${v1}/scim-token/create-new-one`, {
      token: owner,
      body: { name: ' ', expiresInDays: 5000 },
    });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {}).sort()).toEqual(['expiresInDays', 'name']);
  });

  test('another organisation’s token cannot be revoked (404) and is not listed', async () => {
    const theirs = await makeScimToken(ctx, otherOwner, { name: 'Theirs' });
    const reply = await ctx.inject('PUT', `${v1}/scim-token/revoke`, {
      token: owner,
      body: { _id: theirs.scimToken._id },
    });
    expect(reply.statusCode).toBe(404);
    expect((await tokens()).raw).not.toContain(theirs.scimToken._id);
    expect((await scimClient(ctx, theirs.token)('GET', '/Users')).statusCode).toBe(200);
  });

  test('site admins and staff cannot make or list tokens (403)', async () => {
    const manager = await ctx.login(demoLogins.siteAdmin);
    expect((await tokens(manager)).statusCode).toBe(403);
    const made = await ctx.inject('POST', `${v1}/scim-token/create-new-one`, {
      token: manager,
      body: { name: 'Mine' },
    });
    expect(made.statusCode).toBe(403);
  });
});

describe('a call without a working token', () => {
  test.each([
    ['no Authorization header', undefined],
    ['a token nobody made', 'Bearer scim_made-up-token-that-nobody-holds'],
    ['the console’s own access token', 'access'],
    ['a token without Bearer', 'raw'],
  ])('%s: 401 in SCIM’s body, before the request is read', async (_what, header) => {
    const made = await makeScimToken(ctx, owner, { name: 'Real' });
    const authorization = header === 'access' ? `Bearer ${owner}` : header === 'raw' ? made.token : header;
    const reply = await ctx.inject<ScimBody>('POST', `${scimBase}/Users`, {
      headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/scim+json' },
      body: '{"not json',
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '401',
    });
  });
});

describe('one organisation’s token in another’s directory', () => {
  test('another organisation’s people and groups are 404, like missing ones, and stay as they were', async () => {
    const ours = scimClient(ctx, (await makeScimToken(ctx, owner)).token);
    const theirs = scimClient(ctx, (await makeScimToken(ctx, otherOwner, { name: 'Other Entra' })).token);
    const person =
      (await ours('POST', '/Users', { body: entraUser('kept.apart@harbourvine.example', 'entra-apart') }))
        .json.id ?? '';
    const group =
      (await ours('POST', '/Groups', { body: { displayName: 'Ours', members: [{ value: person }] } })).json
        .id ?? '';
    const before = await ctx.db.select().from(users).where(eq(users.id, person));

    for (const [method, path, body] of [
      ['GET', `/Users/${person}`, undefined],
      ['PUT', `/Users/${person}`, entraUser('taken.over@other.example', 'x')],
      ['PATCH', `/Users/${person}`, patchOp({ op: 'replace', value: { active: false } })],
      ['DELETE', `/Users/${person}`, undefined],
      ['GET', `/Groups/${group}`, undefined],
      ['PUT', `/Groups/${group}`, { displayName: 'Taken over' }],
      ['PATCH', `/Groups/${group}`, patchOp({ op: 'remove', path: 'members' })],
      ['DELETE', `/Groups/${group}`, undefined],
    ] as const) {
      const reply = await theirs(method, path, { body });
      expect([method, path, reply.statusCode, reply.json.schemas]).toEqual([
        method,
        path,
        404,
        ['urn:ietf:params:scim:api:messages:2.0:Error'],
      ]);
    }
    expect(await ctx.db.select().from(users).where(eq(users.id, person))).toEqual(before);
    expect((await ours('GET', `/Groups/${group}`)).json.members).toEqual([
      expect.objectContaining({ value: person }),
    ]);
    // Their lists and filters hold only their own.
    const listed = await theirs('GET', '/Users', { query: { count: 200 } });
    expect(listed.raw).not.toContain(person);
    expect(listed.raw).not.toContain('harbourvine');
    const filtered = await theirs('GET', '/Users', {
      query: { filter: 'userName eq "kept.apart@harbourvine.example"' },
    });
    expect(filtered.json.totalResults).toBe(0);
    expect(
      (await theirs('GET', '/Groups', { query: { filter: 'displayName eq "Ours"' } })).json.totalResults,
    ).toBe(0);
    // Nor can their groups hold our people.
    const mixed = await theirs('POST', '/Groups', {
      body: { displayName: 'Mixed', members: [{ value: person }] },
    });
    expect([mixed.statusCode, mixed.json.scimType]).toEqual([400, 'invalidValue']);
  });
});

describe('the rate of calls', () => {
  test(`a token past ${scimRequestsPerMinute} calls in a minute is told to wait (429, Retry-After)`, async () => {
    const made = await makeScimToken(ctx, owner, { name: 'Busy' });
    const key = `scim:${made.scimToken._id}`;
    // The minute's calls so far, as the count keeps them.
    await ctx.db.execute(
      sql`insert into ${loginFailures} (key, created_at)
          select ${key}, ${ctx.clock.now().toISOString()}::timestamptz from generate_series(1, ${scimRequestsPerMinute - 1})`,
    );
    const scim = scimClient(ctx, made.token);
    expect((await scim('GET', '/Users')).statusCode).toBe(200);
    const refused = await scim('GET', '/Users');
    expect(refused.statusCode).toBe(429);
    expect(refused.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '429',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another token of the organisation is counted on its own.
    expect((await scimClient(ctx, (await makeScimToken(ctx, owner)).token)('GET', '/Users')).statusCode).toBe(
      200,
    );
    ctx.clock.advance(61_000);
    expect((await scim('GET', '/Users')).statusCode).toBe(200);
    owner = await ctx.login(demoLogins.organizationAdmin);
  });
});

describe('discovery', () => {
  test('ServiceProviderConfig: patch and filter, no bulk, sort, ETags or password changes; a bearer token', async () => {
    const scim = scimClient(ctx, (await makeScimToken(ctx, owner)).token);
    const reply = await scim('GET', '/ServiceProviderConfig');
    expect(reply.statusCode).toBe(200);
    expect(reply.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.json.Resources?.map((type) => [type.id, type.endpoint])).toEqual([
      ['User', '/Users'],
      ['Group', '/Groups'],
    ]);
    expect((await scim('GET', '/ResourceTypes/Group')).json.schema).toBe(
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    );
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.json.Resources?.map((one) => one.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
    const user = await scim('GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
    expect((user.json.attributes as { name: string }[]).map((one) => one.name)).toContain('userName');
    expect((await scim('GET', '/Schemas/urn:nothing')).statusCode).toBe(404);
  });
});
