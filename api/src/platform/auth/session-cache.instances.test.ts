import pg from 'pg';
import type { App } from '../../app.js';
import { demoLogins } from '../../demo.js';
import { createTestContext, demoPassword, fromNewAddress, type TestContext } from '../../test/helper.js';
import { authChangesChannel } from './session-cache.js';
import { startSecondInstance, type SecondInstance } from '../../test/second-instance.js';

// Two API instances on one PostgreSQL database (issue 22: a logout on one reached the other about 100 ms
// later, 7 of 240 requests in that window). A write that changed a session answers only once every live
// instance has heard of it, so the next request, on either instance, is refused; an instance that has gone
// silent holds a write up for at most the bound, once. PostgreSQL only: PGlite is one process's.

const url = process.env.DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres('two instances on one database', () => {
  let ctx: TestContext;
  let second: SecondInstance;
  /** The test's database, on the server DATABASE_URL names. */
  let databaseUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    second = await startSecondInstance(ctx, url ?? '');
    databaseUrl = second.databaseUrl;
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  const viewMeOn = async (app: App, token: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/user-profile/view-me',
        headers: { authorization: token },
      })
    ).statusCode;

  async function signIn(): Promise<string> {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/web-app-login',
      headers: fromNewAddress(),
      payload: { email: demoLogins.siteAdmin, password: demoPassword },
    });
    if (reply.statusCode !== 200) throw new Error(`sign-in: ${reply.body}`);
    return (reply.json() as { data: { accessToken: string } }).data.accessToken;
  }

  test('each instance knows the other', () => {
    expect(ctx.app.sessionCache.livePeers).toHaveLength(1);
    expect(second.app.sessionCache.livePeers).toHaveLength(1);
  });

  test('a logout on one instance is refused on the other by the very next request, every time', async () => {
    const refusedAfter: number[] = [];
    for (let round = 0; round < 40; round += 1) {
      const token = await signIn();
      // The second instance has checked the session, and keeps it in its cache.
      expect(await viewMeOn(second.app, token)).toBe(200);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/logout',
        headers: { authorization: token },
        payload: {},
      });
      expect(logout.statusCode).toBe(200);
      refusedAfter.push(await viewMeOn(second.app, token));
    }
    expect(refusedAfter.filter((status) => status !== 401)).toEqual([]);
  });

  test('an instance that stops answering holds a logout up for at most the bound, and only once', async () => {
    // A third "instance" that says hello on the channel and then never acknowledges anything, as one
    // whose process hangs would.
    const silent = new pg.Client({ connectionString: databaseUrl });
    await silent.connect();
    try {
      const timedLogout = async (before: () => Promise<void> = async () => undefined) => {
        const token = await signIn();
        expect(await viewMeOn(second.app, token)).toBe(200);
        await before();
        const started = performance.now();
        const logout = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/authentication/logout',
          headers: { authorization: token },
          payload: {},
        });
        const took = performance.now() - started;
        expect(logout.statusCode).toBe(200);
        // The live second instance still heard it before the answer.
        expect(await viewMeOn(second.app, token)).toBe(401);
        return took;
      };
      const first = await timedLogout(async () => {
        await silent.query('select pg_notify($1, $2)', [authChangesChannel, 'hello:silent-instance']);
        const until = Date.now() + 5_000;
        while (!ctx.app.sessionCache.livePeers.includes('silent-instance')) {
          if (Date.now() > until) throw new Error('the silent instance was never heard');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      // It waited out the bound (2 s by default: a floor, which load cannot shorten; how long past it is
      // bench's to measure), then answered; the silent one is no longer waited for.
      expect(first).toBeGreaterThanOrEqual(1_900);
      expect(ctx.app.sessionCache.livePeers).not.toContain('silent-instance');
      await timedLogout();
      expect(ctx.app.sessionCache.livePeers).not.toContain('silent-instance');
    } finally {
      await silent.end();
    }
  });
});
