import { count, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { loginLimits } from '../login-limit.js';
import { refreshGraceMs } from '../sessions.js';
import { loginFailures } from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import { createTestContext, demoPassword, type TestContext, fromNewAddress } from '../../../test/helper.js';

const base = '/api/v1/authentication';

interface Pair {
  accessToken: string;
  refreshToken: string;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (email: string, password: string, headers = fromNewAddress()) =>
  ctx.inject<{ data: Pair }>('POST', `${base}/web-app-login`, { body: { email, password }, headers });
const refresh = (refreshToken: string) =>
  ctx.inject<{ data: Pair }>('POST', `${base}/refresh-token`, { body: { refreshToken } });
const viewMe = (token: string) => ctx.inject('GET', '/api/v1/user-profile/view-me', { token });

describe('login limits under concurrency', () => {
  test('of many wrong passwords sent at once on one account, only the allowed number are checked', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 25 }, () => login('manager@other.example', 'wrong-password')),
    );
    const statuses = attempts.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(loginLimits.perAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - loginLimits.perAccount);
    // The right password is refused too while the account is locked.
    expect((await login('manager@other.example', demoPassword)).statusCode).toBe(429);
  });

  test('one address sending at once to many accounts is held to the per-address limit', async () => {
    const headers = fromNewAddress();
    const attempts = await Promise.all(
      Array.from({ length: loginLimits.perAddress + 10 }, (_, i) =>
        login(`nobody-${i}@nowhere.example`, 'wrong-password', headers),
      ),
    );
    const statuses = attempts.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(loginLimits.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  test('successful sign-ins do not use up the address', async () => {
    const headers = fromNewAddress();
    for (let i = 0; i < 3; i += 1) {
      expect((await login('owner@harbourvine.example', demoPassword, headers)).statusCode).toBe(200);
    }
    const [row] = await ctx.db
      .select({ n: count() })
      .from(loginFailures)
      .where(eq(loginFailures.key, `address:${headers['x-forwarded-for']}`));
    expect(row?.n).toBe(0);
  });
});

describe('passwords', () => {
  async function resetToken(email: string) {
    await ctx.inject('POST', `${base}/forget-password`, { body: { email }, headers: fromNewAddress() });
    await ctx.settled();
    return /token=([A-Za-z0-9_-]+)/.exec(ctx.mailer.lastTo(email)?.text ?? '')?.[1];
  }

  test.each(['12345678', 'password', 'qwertyuiop', 'Password1'])(
    'the common password %s is refused with the reason',
    async (weak) => {
      const token = await resetToken('tom.fletcher@harbourvine.example');
      const reply = await ctx.inject('PUT', `${base}/reset-password`, { body: { token, password: weak } });
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors?.password?.[0]).toMatch(
        /commonly used|heavily used|frequently used/,
      );
    },
  );

  test('the demo password and a passphrase are accepted', async () => {
    const token = await resetToken('tom.fletcher@harbourvine.example');
    const reply = await ctx.inject('PUT', `${base}/reset-password`, {
      body: { token, password: demoPassword },
    });
    expect(reply.statusCode).toBe(200);
  });

  test('change-password refuses a guessable new password', async () => {
    const token = await ctx.login('brighton.manager@harbourvine.example');
    const reply = await ctx.inject('PATCH', '/api/v1/user-profile/change-password', {
      token,
      body: { currentPassword: demoPassword, newPassword: 'password123' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('newPassword');
  });
});

describe('forgot-password', () => {
  test('answers before the e-mail is written, so its timing does not depend on the address', async () => {
    const mailer = ctx.mailer as { send(message: MailMessage): Promise<void> };
    const realSend = mailer.send.bind(ctx.mailer);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mailer.send = async (message) => {
      await held;
      await realSend(message);
    };
    try {
      const reply = await Promise.race([
        ctx.inject('POST', `${base}/forget-password`, {
          body: { email: 'owner@harbourvine.example' },
          headers: fromNewAddress(),
        }),
        new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 3000)),
      ]);
      expect(reply).not.toBe('timed out');
      expect(ctx.mailer.lastTo('owner@harbourvine.example')).toBeUndefined();
    } finally {
      release();
      mailer.send = realSend;
    }
    await ctx.settled();
    expect(ctx.mailer.lastTo('owner@harbourvine.example')?.text).toContain('reset-password?token=');
  });
});

describe('access tokens and sessions', () => {
  test('an access token without an expiry is refused', async () => {
    const session = (await login('owner@harbourvine.example', demoPassword)).json.data;
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString());
    const signer = await ctx.signingKeys.signer();
    const forever = await new SignJWT({ sid: claims.sid, role: claims.role, org: claims.org })
      .setProtectedHeader({ alg: 'EdDSA', kid: signer.kid })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setIssuedAt()
      .sign(signer.key);
    expect((await viewMe(session.accessToken)).statusCode).toBe(200);
    expect((await viewMe(forever)).statusCode).toBe(401);
  });

  test('a session ends SESSION_MAX_DAYS after sign-in, however often it is refreshed', async () => {
    let pair = (await login('owner@harbourvine.example', demoPassword)).json.data;
    const step = Math.floor(ctx.config.sessionMaxDays / 2) + 1;
    try {
      ctx.clock.advance(step * 86_400_000);
      const first = await refresh(pair.refreshToken);
      expect(first.statusCode).toBe(200);
      pair = first.json.data;
      ctx.clock.advance(step * 86_400_000);
      const second = await refresh(pair.refreshToken);
      expect(second.statusCode).toBe(401);
      expect(second.json.error).toBe('TOKEN_EXPIRED');
    } finally {
      ctx.clock.set(new Date());
    }
  });

  test('two tabs refreshing the same token at once both get the same new pair and stay signed in', async () => {
    const pair = (await login('owner@harbourvine.example', demoPassword)).json.data;
    const [a, b] = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json.data.refreshToken).toBe(b.json.data.refreshToken);
    expect((await viewMe(b.json.data.accessToken)).statusCode).toBe(200);
    const next = await refresh(a.json.data.refreshToken);
    expect(next.statusCode).toBe(200);
  });

  test('the previous token presented after the grace period is reuse and ends the sign-in', async () => {
    const pair = (await login('owner@harbourvine.example', demoPassword)).json.data;
    const renewed = (await refresh(pair.refreshToken)).json.data;
    ctx.clock.advance(refreshGraceMs + 1000);
    try {
      expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
      expect((await refresh(renewed.refreshToken)).statusCode).toBe(401);
    } finally {
      ctx.clock.set(new Date());
    }
  });

  test('within the grace period, a token whose successor was already used is reuse', async () => {
    const pair = (await login('owner@harbourvine.example', demoPassword)).json.data;
    const second = (await refresh(pair.refreshToken)).json.data;
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });
});
