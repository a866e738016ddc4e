import type { ApiKeyCreated } from '@console/shared-sdk/contract';
import type { App } from '../../../app.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { startSecondInstance, type SecondInstance } from '../../../test/second-instance.js';

// A key's limit per minute (API_KEY_RATE_LIMIT, here 3), and its revocation reaching a second API instance
// on the same database at once (PostgreSQL only: PGlite is one process's).

const v1 = '/api/v1';
const limit = 3;

let ctx: TestContext;
let owner: string;
let brighton: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { API_KEY_RATE_LIMIT: String(limit) } });
  owner = await ctx.login(demoLogins.organizationAdmin);
  brighton = ctx.demo.sites.brighton.id;
});
afterAll(() => ctx.close());

async function makeKey(name: string): Promise<ApiKeyCreated> {
  const reply = await ctx.inject<{ data: ApiKeyCreated }>('POST', `${v1}/api-key/create-new-one`, {
    token: owner,
    body: { name, scopes: ['temperature-logs:read'] },
  });
  if (reply.statusCode !== 200) throw new Error(`making a key: ${reply.raw}`);
  return reply.json.data;
}

const readingsOn = (app: App, token: string) =>
  app.inject({
    method: 'GET',
    url: `${v1}/temperature-logs/web-app-list-for-web?siteID=${brighton}`,
    headers: { authorization: token },
  });

describe('the limit per key', () => {
  test('a key’s calls past the limit in a minute are refused with 429, Retry-After and the API’s error body', async () => {
    const { key } = await makeKey('Busy dashboard');
    const statuses: number[] = [];
    for (let call = 0; call < limit; call += 1)
      statuses.push((await readingsOn(ctx.app, `Bearer ${key}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await readingsOn(ctx.app, `Bearer ${key}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ status: false, error: 'RATE_LIMITED' });
    expect((refused.json() as { message: string }).message).toMatch(/more than 3 calls in a minute/);
  });

  test('each key has its own count, and a person’s calls are not counted', async () => {
    const first = await makeKey('First');
    const second = await makeKey('Second');
    for (let call = 0; call <= limit; call += 1) await readingsOn(ctx.app, `Bearer ${first.key}`);
    expect((await readingsOn(ctx.app, `Bearer ${first.key}`)).statusCode).toBe(429);
    expect((await readingsOn(ctx.app, `Bearer ${second.key}`)).statusCode).toBe(200);
    const byPerson: number[] = [];
    for (let call = 0; call < limit * 2; call += 1)
      byPerson.push((await readingsOn(ctx.app, owner)).statusCode);
    expect(byPerson.filter((status) => status !== 200)).toEqual([]);
  });
});

const url = process.env.DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres('two instances on one database', () => {
  let second: SecondInstance;

  beforeAll(async () => {
    second = await startSecondInstance(ctx, url ?? '');
  });
  afterAll(async () => {
    await second?.close();
  });

  test('a key revoked on one instance is refused on the other by its very next call, every time', async () => {
    const refusedAfter: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      const { apiKey, key } = await makeKey(`Feed ${round}`);
      // The second instance has checked the key, and keeps it in its cache.
      expect((await readingsOn(second.app, `Bearer ${key}`)).statusCode).toBe(200);
      const revoked = await ctx.inject('PUT', `${v1}/api-key/revoke`, {
        token: owner,
        body: { _id: apiKey._id },
      });
      expect(revoked.statusCode).toBe(200);
      refusedAfter.push((await readingsOn(second.app, `Bearer ${key}`)).statusCode);
    }
    expect(refusedAfter.filter((status) => status !== 401)).toEqual([]);
  });
});
