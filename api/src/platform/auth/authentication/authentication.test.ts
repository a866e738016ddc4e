import { count, eq } from 'drizzle-orm';
import { authSessions } from '../../db/schema.js';
import { loginLimits } from '../login-limit.js';
import { refreshGraceMs } from '../sessions.js';
import { createTestContext, demoPassword, type TestContext, fromNewAddress } from '../../../test/helper.js';

const base = '/api/v1/authentication';
const owner = 'owner@harbourvine.example';
const siteAdmin = 'brighton.manager@harbourvine.example';
const platform = 'platform@console.example';
const staff = 'aisha.khan@harbourvine.example';

interface LoginData {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  userData: {
    userID: string;
    role: string;
    orgId: string | null;
    siteIds: string[];
    ability: { action: string | string[]; subject: string | string[] }[];
    accessToken: string;
  };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function webLogin(email: string, password = demoPassword, headers = fromNewAddress()) {
  return ctx.inject<{ data: LoginData }>('POST', `${base}/web-app-login`, {
    body: { email, password },
    headers,
  });
}

async function sessionCount() {
  const [row] = await ctx.db.select({ n: count() }).from(authSessions);
  return row?.n ?? 0;
}

/** A call that needs a valid session: the platform admin reading a user. */
const probe = (token: string) =>
  ctx.inject('GET', `${base}/getAdminUserById`, { token, query: { id: ctx.demo.organizationAdmin.id } });

describe('web-app-login', () => {
  test('an organisation admin receives tokens and userData with its abilities', async () => {
    const reply = await webLogin(owner);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Signed in');
    const data = reply.json.data;
    expect(data.accessToken).toBe(data.userData.accessToken);
    expect(data.refreshToken).toEqual(expect.any(String));
    expect(data.userData).toMatchObject({
      userID: ctx.demo.organizationAdmin.id,
      firstName: 'Olivia',
      lastName: 'Bennett',
      email: owner,
      role: 'ORGANIZATION_ADMIN',
      orgId: ctx.demo.organization.id,
    });
    expect(data.userData.ability).toContainEqual(
      expect.objectContaining({ action: 'manage', subject: expect.arrayContaining(['Site']) }),
    );
  });

  test('a site admin gets the sites it administers', async () => {
    const reply = await webLogin(siteAdmin);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.userData.siteIds).toEqual([ctx.demo.sites.brighton.id]);
  });

  test('e-mail is matched case-insensitively', async () => {
    expect((await webLogin(owner.toUpperCase())).statusCode).toBe(200);
  });

  test('a staff account is refused on the web with a clear message and no session is created', async () => {
    const before = await sessionCount();
    const reply = await webLogin(staff);
    expect(reply.statusCode).toBe(403);
    expect(reply.json.message).toMatch(/kitchen app \(\/kitchen\)/);
    expect(await sessionCount()).toBe(before);
  });

  test('a wrong password and an unknown address get the same 401', async () => {
    const wrong = await webLogin(owner, 'not-the-password');
    const unknown = await webLogin('nobody@harbourvine.example', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json.message).toBe(unknown.json.message);
  });

  test('malformed input answers 400 with field errors', async () => {
    const reply = await ctx.inject('POST', `${base}/web-app-login`, { body: { email: 'not-an-email' } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('email');
    expect(reply.json.details?.fieldErrors).toHaveProperty('password');
  });

  test('a non-JSON body answers 400, not 500', async () => {
    const reply = await ctx.inject('POST', `${base}/web-app-login`, {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.status).toBe(false);
  });
});

describe('mobile-app-login', () => {
  test('staff sign in on the mobile door', async () => {
    const reply = await ctx.inject<{ data: LoginData }>('POST', `${base}/mobile-app-login`, {
      body: { email: staff, password: demoPassword },
      headers: fromNewAddress(),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.userData.role).toBe('STAFF');
  });

  test('admins are sent to the web console', async () => {
    const reply = await ctx.inject('POST', `${base}/mobile-app-login`, {
      body: { email: owner, password: demoPassword },
      headers: fromNewAddress(),
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json.message).toMatch(/web console/i);
  });
});

describe('access tokens', () => {
  test('are accepted raw and as Bearer, and refused when missing or forged', async () => {
    const { accessToken } = (await webLogin(platform)).json.data;
    expect((await probe(accessToken)).statusCode).toBe(200);
    expect((await probe(`Bearer ${accessToken}`)).statusCode).toBe(200);
    expect(
      (await ctx.inject('GET', `${base}/getAdminUserById`, { query: { id: ctx.demo.organizationAdmin.id } }))
        .statusCode,
    ).toBe(401);
    const forged = `${accessToken.slice(0, -4)}AAAA`;
    expect((await probe(forged)).statusCode).toBe(401);
  });

  test('expire after their lifetime with TOKEN_EXPIRED, also once they were accepted', async () => {
    const { accessToken } = (await webLogin(platform)).json.data;
    expect((await probe(accessToken)).statusCode).toBe(200);
    ctx.clock.advance((ctx.config.accessTokenTtlSeconds + 1) * 1000);
    try {
      const reply = await probe(accessToken);
      expect(reply.statusCode).toBe(401);
      expect(reply.json.error).toBe('TOKEN_EXPIRED');
    } finally {
      ctx.clock.set(new Date());
    }
  });
});

describe('refresh-token', () => {
  const refresh = (refreshToken: string) =>
    ctx.inject<{ data: LoginData }>('POST', `${base}/refresh-token`, { body: { refreshToken } });

  test('rotates: a new pair each time, and the new access token works', async () => {
    const first = (await webLogin(platform)).json.data;
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json.data.refreshToken).not.toBe(first.refreshToken);
    expect(second.json.data.userData.role).toBe('ADMIN');
    expect((await probe(second.json.data.accessToken)).statusCode).toBe(200);
    const third = await refresh(second.json.data.refreshToken);
    expect(third.statusCode).toBe(200);
  });

  test('POST /jwt/refresh-token, where the spec’s client sends it, is the same rotation', async () => {
    const first = (await webLogin(platform)).json.data;
    const viaJwt = await ctx.inject<{ data: LoginData }>('POST', '/api/v1/jwt/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(viaJwt.statusCode).toBe(200);
    expect((await probe(viaJwt.json.data.accessToken)).statusCode).toBe(200);
    // One family: the token spent at /jwt cannot be spent again at /authentication past the grace period.
    ctx.clock.advance(refreshGraceMs + 1000);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await probe(viaJwt.json.data.accessToken)).statusCode).toBe(401);
  });

  test('reusing a spent refresh token revokes the whole family', async () => {
    const first = (await webLogin(platform)).json.data;
    const second = (await refresh(first.refreshToken)).json.data;
    // Past the grace period that lets two tabs refresh at once, a second use of a token is a copy.
    ctx.clock.advance(refreshGraceMs + 1000);
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    // The thief's copy and the rightful holder's newer tokens are all dead now.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await probe(second.accessToken)).statusCode).toBe(401);
  });

  test('an expired refresh token is refused', async () => {
    const first = (await webLogin(platform)).json.data;
    ctx.clock.advance((ctx.config.refreshTokenTtlDays * 86_400 + 60) * 1000);
    try {
      const reply = await refresh(first.refreshToken);
      expect(reply.statusCode).toBe(401);
      expect(reply.json.error).toBe('TOKEN_EXPIRED');
    } finally {
      ctx.clock.set(new Date());
    }
  });

  test('an unknown or missing refresh token is refused', async () => {
    expect((await refresh('made-up')).statusCode).toBe(401);
    const missing = await ctx.inject('POST', `${base}/refresh-token`, { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors).toHaveProperty('refreshToken');
  });
});

describe('logout', () => {
  test('ends the session: its access and refresh tokens stop working', async () => {
    const session = (await webLogin(platform)).json.data;
    const reply = await ctx.inject('POST', `${base}/logout`, { token: session.accessToken });
    expect(reply.statusCode).toBe(200);
    expect((await probe(session.accessToken)).statusCode).toBe(401);
    expect(
      (await ctx.inject('POST', `${base}/refresh-token`, { body: { refreshToken: session.refreshToken } }))
        .statusCode,
    ).toBe(401);
  });

  test('with only a refresh token (access token expired) still ends the session', async () => {
    const session = (await webLogin(platform)).json.data;
    const reply = await ctx.inject('POST', `${base}/logout`, {
      body: { refreshToken: session.refreshToken },
    });
    expect(reply.statusCode).toBe(200);
    expect((await probe(session.accessToken)).statusCode).toBe(401);
  });

  test('without any token answers 401', async () => {
    expect((await ctx.inject('POST', `${base}/logout`)).statusCode).toBe(401);
  });

  test('other sessions of the same user stay signed in', async () => {
    const a = (await webLogin(platform)).json.data;
    const b = (await webLogin(platform)).json.data;
    await ctx.inject('POST', `${base}/logout`, { token: a.accessToken });
    expect((await probe(b.accessToken)).statusCode).toBe(200);
  });
});

describe('forget-password and reset-password', () => {
  const resetLink = (email: string) => {
    const text = ctx.mailer.lastTo(email)?.text ?? '';
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
    return match?.[1];
  };

  test('answers the same whether or not the address exists, and e-mails only a real account', async () => {
    const sentBefore = ctx.mailer.sent.length;
    const known = await ctx.inject('POST', `${base}/forget-password`, {
      body: { email: 'tom.fletcher@harbourvine.example' },
      headers: fromNewAddress(),
    });
    const unknown = await ctx.inject('POST', `${base}/forget-password`, {
      body: { email: 'ghost@harbourvine.example' },
      headers: fromNewAddress(),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json.message).toBe(unknown.json.message);
    await ctx.settled();
    expect(ctx.mailer.sent.length).toBe(sentBefore + 1);
    expect(ctx.mailer.sent.at(-1)?.to).toBe('tom.fletcher@harbourvine.example');
  });

  test('a staff member’s link opens the kitchen app, on the device they work on', async () => {
    const email = 'tom.fletcher@harbourvine.example';
    await ctx.inject('POST', `${base}/forget-password`, { body: { email }, headers: fromNewAddress() });
    await ctx.settled();
    const text = ctx.mailer.lastTo(email)?.text ?? '';
    expect(text).toContain(`http://console.test/kitchen/reset-password?token=${resetLink(email)}\n`);
    expect(text).toContain(
      'on the phone or tablet you use in the kitchen to choose a new password, then a PIN',
    );
    expect(text).not.toContain('http://console.test/reset-password');
  });

  test('an admin’s link and its words are the console’s, as they always were', async () => {
    await ctx.inject('POST', `${base}/forget-password`, {
      body: { email: owner },
      headers: fromNewAddress(),
    });
    await ctx.settled();
    const mail = ctx.mailer.lastTo(owner);
    expect(mail?.subject).toBe('Reset your Compliance Console password');
    expect(mail?.text).toBe(
      'Hello Olivia,\n\nSomeone asked to reset the password of your Compliance Console account. ' +
        'Open this link within one hour to choose a new password:\n\n' +
        `http://console.test/reset-password?token=${resetLink(owner)}\n\n` +
        'The link works once. If you did not ask for this, ignore this e-mail: your password stays the same.\n',
    );
  });

  test('the link sets a new password once, ends old sessions, and cannot be reused', async () => {
    const email = 'chloe.evans@harbourvine.example';
    const mobile = await ctx.inject<{ data: LoginData }>('POST', `${base}/mobile-app-login`, {
      body: { email, password: demoPassword },
      headers: fromNewAddress(),
    });
    await ctx.inject('POST', `${base}/forget-password`, { body: { email }, headers: fromNewAddress() });
    await ctx.settled();
    const token = resetLink(email);
    expect(token).toBeDefined();

    const reset = await ctx.inject('PUT', `${base}/reset-password`, {
      body: { token, password: 'a-brand-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await ctx.inject('PUT', `${base}/reset-password`, {
      body: { token, password: 'another-new-secret' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json.details?.fieldErrors).toHaveProperty('token');

    const old = await ctx.inject('POST', `${base}/mobile-app-login`, {
      body: { email, password: demoPassword },
      headers: fromNewAddress(),
    });
    expect(old.statusCode).toBe(401);
    const fresh = await ctx.inject('POST', `${base}/mobile-app-login`, {
      body: { email, password: 'a-brand-new-secret' },
      headers: fromNewAddress(),
    });
    expect(fresh.statusCode).toBe(200);
    const refreshOld = await ctx.inject('POST', `${base}/refresh-token`, {
      body: { refreshToken: mobile.json.data.refreshToken },
    });
    expect(refreshOld.statusCode).toBe(401);
  });

  test('an expired link is refused and the password is unchanged', async () => {
    const email = 'diego.ramirez@harbourvine.example';
    await ctx.inject('POST', `${base}/forget-password`, { body: { email }, headers: fromNewAddress() });
    await ctx.settled();
    const token = resetLink(email);
    ctx.clock.advance(61 * 60_000);
    try {
      const reply = await ctx.inject('PUT', `${base}/reset-password`, {
        body: { token, password: 'too-late-password' },
      });
      expect(reply.statusCode).toBe(400);
    } finally {
      ctx.clock.set(new Date());
    }
    const login = await ctx.inject('POST', `${base}/mobile-app-login`, {
      body: { email, password: demoPassword },
      headers: fromNewAddress(),
    });
    expect(login.statusCode).toBe(200);
  });

  test('a too-short new password is a field error and spends nothing', async () => {
    const email = 'tom.fletcher@harbourvine.example';
    await ctx.inject('POST', `${base}/forget-password`, { body: { email }, headers: fromNewAddress() });
    await ctx.settled();
    const token = resetLink(email);
    const short = await ctx.inject('PUT', `${base}/reset-password`, { body: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json.details?.fieldErrors).toHaveProperty('password');
    const good = await ctx.inject('PUT', `${base}/reset-password`, {
      body: { token, password: 'long-enough-now' },
    });
    expect(good.statusCode).toBe(200);
  });
});

describe('login rate limit', () => {
  test('locks an account after repeated failures, even for the right password, until the window passes', async () => {
    const email = 'manager@other.example';
    for (let i = 0; i < loginLimits.perAccount; i += 1) {
      expect((await webLogin(email, 'wrong-password')).statusCode).toBe(401);
    }
    const locked = await webLogin(email, demoPassword);
    expect(locked.statusCode).toBe(429);
    expect(locked.json.error).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    ctx.clock.advance(loginLimits.windowMs + 1000);
    try {
      expect((await webLogin(email, demoPassword)).statusCode).toBe(200);
    } finally {
      ctx.clock.set(new Date());
    }
  });

  test('limits one address trying many accounts', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < loginLimits.perAddress; i += 1) {
      await webLogin(`nobody${i}@spray.example`, 'guess', headers);
    }
    const blocked = await webLogin(owner, demoPassword, headers);
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    expect((await webLogin(owner)).statusCode).toBe(200);
  });
});

describe('getAdminUserById', () => {
  test('the platform admin reads a user with its organisation', async () => {
    const token = await ctx.login(platform);
    const reply = await probe(token);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      role: 'ORGANIZATION_ADMIN',
      organizationName: 'Harbour & Vine Hospitality',
    });
  });

  test('an organisation admin may not (403)', async () => {
    expect((await probe(await ctx.login(owner))).statusCode).toBe(403);
  });

  test('a malformed id is 400 and an unknown one 404', async () => {
    const token = await ctx.login(platform);
    const malformed = await ctx.inject('GET', `${base}/getAdminUserById`, { token, query: { id: 'nope' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json.details?.fieldErrors).toHaveProperty('id');
    const unknown = await ctx.inject('GET', `${base}/getAdminUserById`, {
      token,
      query: { id: '01900000-0000-7000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  test("a platform admin's orgId must name a live organisation", async () => {
    const token = await ctx.login(platform);
    const unknown = await ctx.inject('GET', `${base}/getAdminUserById`, {
      token,
      query: { id: ctx.demo.organizationAdmin.id, orgId: '01900000-0000-7000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.inject('GET', `${base}/getAdminUserById`, {
      token,
      query: { id: ctx.demo.organizationAdmin.id, orgId: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

test('a deleted session row is what makes a token invalid, not its signature alone', async () => {
  const session = (await webLogin(platform)).json.data;
  await ctx.db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(eq(authSessions.userId, ctx.demo.platformAdmin.id));
  expect((await probe(session.accessToken)).statusCode).toBe(401);
});
