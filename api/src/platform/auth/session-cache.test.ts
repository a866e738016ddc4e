import { eq, sql } from 'drizzle-orm';
import { abilityFor, noRoleFacts } from '@console/shared-sdk/ability';
import { siteMembers, users } from '../db/schema.js';
import { rulesFor } from './guard.js';
import { demoLogins } from '../../demo.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { SessionCache, type SessionFacts } from './session-cache.js';

// Most requests check their session without a database round trip, yet anything that ends or narrows a
// session takes effect at once: on this instance, and, through the database's notifications, on others.

const facts = (userId: string): SessionFacts => {
  const user = {
    id: userId,
    orgId: null,
    role: 'ADMIN' as const,
    email: 'a@b.example',
    firstName: 'A',
    lastName: 'B',
  };
  return {
    user,
    siteIds: [],
    organisationClosed: false,
    audience: 'web',
    ability: abilityFor(rulesFor(user, [], noRoleFacts)),
  };
};

describe('the cache', () => {
  test('serves nothing until its change feed is live, and forgets everything when the feed drops', () => {
    const cache = new SessionCache();
    cache.store(cache.begin(), 's1', facts('u1'));
    expect(cache.get('s1', 'u1')).toBeUndefined();
    cache.setLive(true);
    cache.store(cache.begin(), 's1', facts('u1'));
    expect(cache.get('s1', 'u1')?.user.id).toBe('u1');
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  test('a read that started before a change is not kept', () => {
    const cache = new SessionCache();
    cache.setLive(true);
    const generation = cache.begin();
    cache.invalidate('u2');
    cache.store(generation, 's1', facts('u1'));
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  test("forgets one user's sessions, or all of them, and entries past their age", () => {
    let now = 0;
    const cache = new SessionCache(1_000, 10, () => now);
    cache.setLive(true);
    cache.store(cache.begin(), 's1', facts('u1'));
    cache.store(cache.begin(), 's2', facts('u2'));
    cache.invalidate('u1');
    expect(cache.get('s1', 'u1')).toBeUndefined();
    expect(cache.get('s2', 'u2')).toBeDefined();
    expect(cache.get('s2', 'someone else')).toBeUndefined();
    now = 1_001;
    expect(cache.get('s2', 'u2')).toBeUndefined();
    cache.store(cache.begin(), 's3', facts('u3'));
    cache.invalidate('*');
    expect(cache.size).toBe(0);
  });

  test('keeps at most its limit, dropping the oldest', () => {
    const cache = new SessionCache(60_000, 2);
    cache.setLive(true);
    for (const id of ['s1', 's2', 's3']) cache.store(cache.begin(), id, facts(id));
    expect(cache.get('s1', 's1')).toBeUndefined();
    expect(cache.get('s3', 's3')).toBeDefined();
  });
});

describe('sessions through the API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const viewMe = (token: string) => ctx.inject('GET', '/api/v1/user-profile/view-me', { token });

  /** Another instance's change reaches this one through the database a moment after it commits. */
  async function eventually401(token: string) {
    const until = Date.now() + 3_000;
    for (;;) {
      const status = (await viewMe(token)).statusCode;
      if (status === 401 || Date.now() > until) return status;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  test('a checked session is kept in memory', async () => {
    const token = await ctx.login(demoLogins.organizationAdmin);
    const before = ctx.app.sessionCache.size;
    expect((await viewMe(token)).statusCode).toBe(200);
    expect(ctx.app.sessionCache.size).toBe(before + 1);
    expect((await viewMe(token)).statusCode).toBe(200);
    expect(ctx.app.sessionCache.size).toBe(before + 1);
  });

  test('signing out ends the session for the very next request', async () => {
    const token = await ctx.login(demoLogins.siteAdmin);
    expect((await viewMe(token)).statusCode).toBe(200);
    expect((await ctx.inject('POST', '/api/v1/authentication/logout', { token })).statusCode).toBe(200);
    expect((await viewMe(token)).statusCode).toBe(401);
  });

  test('an account removed behind this instance (by another one, or by hand) is refused', async () => {
    const token = await ctx.login('owner@other.example');
    expect((await viewMe(token)).statusCode).toBe(200);
    await ctx.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.email, 'owner@other.example'));
    expect(await eventually401(token)).toBe(401);
  });

  test('a site admin taken off a site behind this instance loses it', async () => {
    const token = await ctx.login('manager@other.example');
    const site = ctx.other.site.id;
    const siteList = () =>
      ctx.inject('GET', '/api/v1/supplier/web-app-list', { token, query: { siteID: site } });
    expect((await siteList()).statusCode).toBe(200);
    await ctx.db.delete(siteMembers).where(eq(siteMembers.userId, ctx.other.siteAdmin.id));
    const until = Date.now() + 3_000;
    let status = (await siteList()).statusCode;
    while (status === 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = (await siteList()).statusCode;
    }
    expect(status).toBe(403);
  });
});
