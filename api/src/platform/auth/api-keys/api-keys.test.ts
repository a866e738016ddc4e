import { eq } from 'drizzle-orm';
import {
  apiKeyRefusal,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyInput,
  type ListData,
  type TemperatureLogHistoryEntry,
} from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { mobileLogin } from '../../../test/logs.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';
import { hashToken } from '../tokens.js';
import { organizations } from '../../db/schema.js';
import { apiKeys } from './schema.js';

// API keys for integrators: an organisation admin makes one with scopes, perhaps sites and an expiry; it is
// shown once, and the system holding it calls with `Authorization: Bearer ck_…` within its scopes and its
// organisation, refused once revoked or expired, limited per minute, and named in the history of its writes.

const v1 = '/api/v1';
const minuteMs = 60_000;

let ctx: TestContext;
let owner: string;
let siteAdmin: string;
let otherOwner: string;
let brighton: string;
let manchester: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, siteAdmin, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login('owner@other.example'),
  ]);
  brighton = ctx.demo.sites.brighton.id;
  manchester = ctx.demo.sites.manchester.id;
});
afterAll(() => ctx.close());

async function makeKey(input: ApiKeyInput, token = owner): Promise<ApiKeyCreated> {
  const reply = await ctx.inject<{ data: ApiKeyCreated }>('POST', `${v1}/api-key/create-new-one`, {
    token,
    body: input,
  });
  if (reply.statusCode !== 200) throw new Error(`making a key: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data;
}

const withKey = (key: string) => `Bearer ${key}`;

async function created<T = { _id: string }>(token: string, root: string, body: unknown): Promise<T> {
  const reply = await ctx.inject<{ data: T }>('POST', `${v1}/${root}/create-new-one`, { token, body });
  if (reply.statusCode !== 200) throw new Error(`creating ${root}: ${reply.statusCode} ${reply.raw}`);
  return reply.json.data;
}

let probes = 0;
/** A probe on the site and a sensor reading it. */
async function sensorOn(siteID: string, token = owner) {
  probes += 1;
  const probe = await created(token, 'foodItem', { siteID, type: 'PROB', name: `Probe ${probes}` });
  return created(token, 'sensor', { siteID, name: `Cellar sensor ${probes}`, foodItemID: probe._id });
}

const readingsList = (token: string, siteID?: string) =>
  ctx.inject<{ data: ListData<{ _id: string; site: { _id: string } }> }>(
    'GET',
    `${v1}/temperature-logs/web-app-list-for-web`,
    { token, query: { siteID } },
  );

describe('making and listing keys', () => {
  test('an organisation admin makes a key, shown once: the list and find-one never hold it or its hash', async () => {
    const { apiKey, key } = await makeKey({
      name: 'Sensor bridge',
      scopes: ['sensor-readings:write', 'temperature-logs:read'],
      siteIDs: [brighton],
    });
    expect(key).toMatch(/^ck_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Sensor bridge',
      prefix: key.slice(0, 11),
      scopes: ['sensor-readings:write', 'temperature-logs:read'],
      siteIDs: [brighton],
      sites: [{ _id: brighton, name: ctx.demo.sites.brighton.name }],
      status: 'ACTIVE',
      expiresAt: null,
      lastUsedAt: null,
      createdBy: { _id: ctx.demo.organizationAdmin.id },
    });
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey._id));
    expect(row?.secretHash).toBe(hashToken(key));

    const list = await ctx.inject<{ data: ListData<ApiKey> }>('GET', `${v1}/api-key/web-app-list`, {
      token: owner,
    });
    const found = await ctx.inject('GET', `${v1}/api-key/find-one/${apiKey._id}`, { token: owner });
    expect(list.statusCode).toBe(200);
    expect(list.json.data.list.map((one) => one._id)).toContain(apiKey._id);
    expect(found.statusCode).toBe(200);
    for (const raw of [list.raw, found.raw]) {
      expect(raw).not.toContain(key);
      expect(raw).not.toContain(key.slice(11));
      expect(raw).not.toContain(hashToken(key));
    }
  });

  test('a key needs a name and a scope of the catalogue; its sites must be the organisation’s, its expiry ahead', async () => {
    const refused = async (body: unknown) => {
      const reply = await ctx.inject('POST', `${v1}/api-key/create-new-one`, { token: owner, body });
      expect(reply.statusCode).toBe(400);
      return Object.keys(reply.json.details?.fieldErrors ?? {});
    };
    expect(await refused({ name: '', scopes: ['tasks:read'] })).toEqual(['name']);
    expect(await refused({ name: 'BI', scopes: [] })).toEqual(['scopes']);
    expect(await refused({ name: 'BI', scopes: ['people:write'] })).toEqual(['scopes.0']);
    expect(await refused({ name: 'BI', scopes: ['tasks:read'], siteIDs: [] })).toEqual(['siteIDs']);
    expect(await refused({ name: 'BI', scopes: ['tasks:read'], siteIDs: [ctx.other.site.id] })).toEqual([
      'siteIDs',
    ]);
    const past = new Date(ctx.clock.now().getTime() - minuteMs).toISOString();
    expect(await refused({ name: 'BI', scopes: ['tasks:read'], expiresAt: past })).toEqual(['expiresAt']);
  });

  test('keys are the organisation admins’: a site admin is refused, another organisation’s admin finds none', async () => {
    const { apiKey } = await makeKey({ name: 'Reports feed', scopes: ['reports:read'] });
    const bySiteAdmin = await ctx.inject('GET', `${v1}/api-key/web-app-list`, { token: siteAdmin });
    expect(bySiteAdmin.statusCode).toBe(403);
    const made = await ctx.inject('POST', `${v1}/api-key/create-new-one`, {
      token: siteAdmin,
      body: { name: 'Mine', scopes: ['tasks:read'] },
    });
    expect(made.statusCode).toBe(403);
    const foreign = await ctx.inject('GET', `${v1}/api-key/find-one/${apiKey._id}`, { token: otherOwner });
    expect(foreign.statusCode).toBe(404);
    const revoke = await ctx.inject('PUT', `${v1}/api-key/revoke`, {
      token: otherOwner,
      body: { _id: apiKey._id },
    });
    expect(revoke.statusCode).toBe(404);
    const theirs = await ctx.inject<{ data: ListData<ApiKey> }>('GET', `${v1}/api-key/web-app-list`, {
      token: otherOwner,
    });
    expect(theirs.json.data.list.map((one) => one._id)).not.toContain(apiKey._id);
  });

  test('the list filters by status and searches names', async () => {
    const soon = new Date(ctx.clock.now().getTime() + 10 * minuteMs).toISOString();
    const expiring = await makeKey({ name: 'Short-lived export', scopes: ['logs:read'], expiresAt: soon });
    const revoked = await makeKey({ name: 'Old dashboard', scopes: ['tasks:read'] });
    await ctx.inject('PUT', `${v1}/api-key/revoke`, { token: owner, body: { _id: revoked.apiKey._id } });
    const ids = async (query: Record<string, string>) =>
      (
        await ctx.inject<{ data: ListData<ApiKey> }>('GET', `${v1}/api-key/web-app-list`, {
          token: owner,
          query: { limit: 100, ...query },
        })
      ).json.data.list.map((one) => one._id);
    expect(await ids({ status: 'REVOKED' })).toContain(revoked.apiKey._id);
    expect(await ids({ status: 'ACTIVE' })).not.toContain(revoked.apiKey._id);
    expect(await ids({ status: 'ACTIVE' })).toContain(expiring.apiKey._id);
    expect(await ids({ search: 'short-lived' })).toEqual([expiring.apiKey._id]);
    ctx.clock.advance(11 * minuteMs);
    try {
      expect(await ids({ status: 'EXPIRED' })).toEqual([expiring.apiKey._id]);
      expect(await ids({ status: 'ACTIVE' })).not.toContain(expiring.apiKey._id);
    } finally {
      ctx.clock.advance(-11 * minuteMs);
    }
  });
});

describe('calling with a key', () => {
  test('a key reads within its scope, and nothing outside it', async () => {
    const { key } = await makeKey({ name: 'Temperature feed', scopes: ['temperature-logs:read'] });
    const readings = await readingsList(withKey(key), brighton);
    expect(readings.statusCode).toBe(200);
    const suppliers = await ctx.inject('GET', `${v1}/supplier/web-app-list`, {
      token: withKey(key),
      query: { siteID: brighton },
    });
    expect(suppliers.statusCode).toBe(403);
    const keys = await ctx.inject('GET', `${v1}/api-key/web-app-list`, { token: withKey(key) });
    expect(keys.statusCode).toBe(403);
  });

  test('a key acts in its own organisation only: another’s site is 404, and orgId changes nothing', async () => {
    const { key } = await makeKey({ name: 'Temperature feed', scopes: ['temperature-logs:read'] });
    const foreign = await readingsList(withKey(key), ctx.other.site.id);
    expect(foreign.statusCode).toBe(404);
    const asOther = await ctx.inject('GET', `${v1}/temperature-logs/web-app-list-for-web`, {
      token: withKey(key),
      query: { siteID: ctx.other.site.id, orgId: ctx.other.organization.id },
    });
    expect(asOther.statusCode).toBe(404);
  });

  test('a key with a site limit is refused another site of its organisation (403), and lists its own alone', async () => {
    await sensorOn(manchester);
    await sensorOn(brighton);
    const { key } = await makeKey({
      name: 'Brighton feed',
      scopes: ['temperature-logs:read', 'equipment:read'],
      siteIDs: [brighton],
    });
    expect((await readingsList(withKey(key), brighton)).statusCode).toBe(200);
    expect((await readingsList(withKey(key), manchester)).statusCode).toBe(403);
    const sensors = await ctx.inject<{ data: ListData<{ siteID: string }> }>(
      'GET',
      `${v1}/sensor/web-app-list`,
      {
        token: withKey(key),
      },
    );
    expect(sensors.statusCode).toBe(200);
    expect(new Set(sensors.json.data.list.map((one) => one.siteID))).toEqual(new Set([brighton]));
    const everySite = await ctx.inject<{ data: ListData<{ siteID: string }> }>(
      'GET',
      `${v1}/sensor/web-app-list`,
      { token: owner },
    );
    expect(everySite.json.data.list.map((one) => one.siteID)).toContain(manchester);
  });

  test('a call about the caller itself, or the staff’s mobile app’s own, refuses a key with 403', async () => {
    const { key } = await makeKey({ name: 'Everything', scopes: ['sites:read', 'tasks:read'] });
    for (const [method, url] of [
      ['GET', `${v1}/user-profile/view-me`],
      ['GET', `${v1}/notification/web-app-list`],
      ['GET', `${v1}/task-new-version/my-tasks`],
      ['GET', `${v1}/common-uri/know-my-access`],
    ] as const) {
      const reply = await ctx.inject(method, url, { token: withKey(key) });
      expect([url, reply.statusCode, reply.json.message]).toEqual([url, 403, apiKeyRefusal]);
    }
  });

  test('a revoked key is refused (401) on its very next call', async () => {
    const { apiKey, key } = await makeKey({ name: 'Temperature feed', scopes: ['temperature-logs:read'] });
    expect((await readingsList(withKey(key), brighton)).statusCode).toBe(200);
    const revoked = await ctx.inject<{ data: ApiKey }>('PUT', `${v1}/api-key/revoke`, {
      token: owner,
      body: { _id: apiKey._id },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json.data).toMatchObject({
      status: 'REVOKED',
      revokedBy: { _id: ctx.demo.organizationAdmin.id },
    });
    expect((await readingsList(withKey(key), brighton)).statusCode).toBe(401);
  });

  test('an expired key, an unknown one and one of a closed organisation are refused with 401', async () => {
    const soon = new Date(ctx.clock.now().getTime() + 5 * minuteMs).toISOString();
    const { key } = await makeKey({ name: 'Trial', scopes: ['temperature-logs:read'], expiresAt: soon });
    expect((await readingsList(withKey(key), brighton)).statusCode).toBe(200);
    ctx.clock.advance(5 * minuteMs);
    try {
      expect((await readingsList(withKey(key), brighton)).statusCode).toBe(401);
    } finally {
      ctx.clock.advance(-5 * minuteMs);
    }
    expect((await readingsList(withKey(`${key.slice(0, -2)}xx`), brighton)).statusCode).toBe(401);

    const open = await makeKey({ name: 'Feed', scopes: ['temperature-logs:read'] });
    expect((await readingsList(withKey(open.key), brighton)).statusCode).toBe(200);
    const organisation = eq(organizations.id, ctx.demo.organization.id);
    // Written behind the API's back: wait, as the API does after its own writes, until the sign-in channel's
    // news of it has reached this instance (on PostgreSQL it comes a moment after the commit).
    await ctx.db.update(organizations).set({ deletedAt: ctx.clock.now() }).where(organisation);
    await ctx.app.sessionCache.sync();
    try {
      const closed = await readingsList(withKey(open.key), brighton);
      expect([closed.statusCode, closed.json.message]).toEqual([401, 'Your organisation has been closed']);
    } finally {
      await ctx.db.update(organizations).set({ deletedAt: null }).where(organisation);
      await ctx.app.sessionCache.sync();
    }
    expect((await readingsList(withKey(open.key), brighton)).statusCode).toBe(200);
  });

  test('when a key was last used, from where and with what, is listed after its calls', async () => {
    const { apiKey, key } = await makeKey({ name: 'Dashboard', scopes: ['temperature-logs:read'] });
    const address = fromNewAddress();
    await ctx.inject('GET', `${v1}/temperature-logs/web-app-list-for-web`, {
      token: withKey(key),
      query: { siteID: brighton },
      headers: { ...address, 'user-agent': 'bridge/2.1' },
    });
    await ctx.settled();
    const found = await ctx.inject<{ data: ApiKey }>('GET', `${v1}/api-key/find-one/${apiKey._id}`, {
      token: owner,
    });
    expect(found.json.data).toMatchObject({
      lastUsedAt: ctx.clock.now().toISOString(),
      lastUsedFrom: address['x-forwarded-for'],
      lastUsedUserAgent: 'bridge/2.1',
    });
  });
});

describe('writing with a key', () => {
  test('a key posts a sensor’s readings, and the readings’ history names the key', async () => {
    const sensor = await sensorOn(brighton);
    const { apiKey, key } = await makeKey({
      name: 'Sensor bridge',
      scopes: ['sensor-readings:write'],
      siteIDs: [brighton],
    });
    const posted = await ctx.inject<{ data: { stored: number } }>('POST', `${v1}/sensor/api-key-ingest`, {
      token: withKey(key),
      body: {
        sensorID: sensor._id,
        readings: [{ sequence: 1, readAt: ctx.clock.now().toISOString(), celsius: 12.5 }],
      },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json.data.stored).toBe(1);
    const readings = await readingsList(owner, brighton);
    const reading = readings.json.data.list[0];
    if (!reading) throw new Error('no reading listed');
    const history = await ctx.inject<{ data: TemperatureLogHistoryEntry[] }>(
      'GET',
      `${v1}/temperature-logs/log-history-list/${reading._id}`,
      { token: owner },
    );
    expect(history.json.data.map((entry) => entry.actor)).toEqual([
      { _id: apiKey._id, name: 'API key “Sensor bridge”' },
    ]);
  });

  test('a sensor of a site outside the key’s limit is 403, another organisation’s 404; a person may not post', async () => {
    const ours = await sensorOn(manchester);
    const theirs = await sensorOn(ctx.other.site.id, otherOwner);
    const { key } = await makeKey({
      name: 'Sensor bridge',
      scopes: ['sensor-readings:write'],
      siteIDs: [brighton],
    });
    const post = (sensorID: string, token: string) =>
      ctx.inject('POST', `${v1}/sensor/api-key-ingest`, {
        token,
        body: { sensorID, readings: [{ sequence: 1, readAt: ctx.clock.now().toISOString(), celsius: 4 }] },
      });
    expect((await post(ours._id, withKey(key))).statusCode).toBe(403);
    expect((await post(theirs._id, withKey(key))).statusCode).toBe(404);
    expect((await post(ours._id, owner)).statusCode).toBe(403);
    const narrow = await makeKey({ name: 'Reader', scopes: ['temperature-logs:read', 'equipment:read'] });
    expect((await post(ours._id, withKey(narrow.key))).statusCode).toBe(403);
  });

  test('a key that writes sensor readings cannot record a person’s reading', async () => {
    const probe = await created(owner, 'foodItem', { siteID: brighton, type: 'PROB', name: 'Hand probe' });
    const { key } = await makeKey({ name: 'Sensor bridge', scopes: ['sensor-readings:write'] });
    const reply = await ctx.inject('POST', `${v1}/temperature-logs/create-new-one`, {
      token: withKey(key),
      body: {
        siteID: brighton,
        foodItemID: probe._id,
        logType: 'HOT_WATER',
        celsius: 55,
        readAt: ctx.clock.now().toISOString(),
      },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json.message).toMatch(/sensor/);
  });

  test('making and revoking a key is in the organisation’s history, named by who did it', async () => {
    const { apiKey } = await makeKey({ name: 'Audit me', scopes: ['tasks:read'] });
    await ctx.inject('PUT', `${v1}/api-key/revoke`, { token: owner, body: { _id: apiKey._id } });
    const { historyOf } = await import('../../history/history.js');
    const entries = await historyOf(ctx.db, ctx.demo.organization.id, 'ApiKey', apiKey._id);
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['update', ctx.demo.organizationAdmin.id],
      ['create', ctx.demo.organizationAdmin.id],
    ]);
    expect(JSON.stringify(entries)).not.toContain('secret');
  });
});

describe('a staff member’s mobile token', () => {
  test('cannot manage keys', async () => {
    const staff = await mobileLogin(ctx, 'aisha.khan@harbourvine.example');
    const reply = await ctx.inject('GET', `${v1}/api-key/web-app-list`, { token: staff });
    expect(reply.statusCode).toBe(403);
  });
});
