import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  UnsecuredJWT,
  type JSONWebKeySet,
} from 'jose';
import { buildApp, type App } from '../../app.js';
import { demoLogins } from '../../demo.js';
import { mobileLogin } from '../../test/logs.js';
import {
  createTestContext,
  demoPassword,
  demoSeedTimeoutMs,
  fromNewAddress,
  type TestContext,
} from '../../test/helper.js';
import { loadConfig } from '../config/config.js';
import { LocalStorage } from '../files/storage.js';
import { noJobs } from '../jobs/queue.js';
import { MemoryMailer } from '../mail/mailer.js';
import { authChangesChannel } from './session-cache.js';
import {
  keySetFileName,
  newStoredKey,
  openSigningKeys,
  retiredKeyMarginSeconds,
  rotateSigningKeys,
  type KeySet,
  type PublicJwk,
} from './signing-keys.js';
import { TokenService } from './tokens.js';

// Access tokens are signed with an Ed25519 key of the server's key set, whose public part is published at
// /.well-known/jwks.json: another service verifies a console token from that alone. Keys rotate with
// overlap: a new key signs, the old one verifies until every token it signed has expired.

const issuer = 'compliance-console';
const jwksUrl = '/.well-known/jwks.json';
const viewMe = '/api/v1/user-profile/view-me';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, demoSeedTimeoutMs);
afterAll(() => ctx?.close());

async function jwks(on: TestContext = ctx) {
  const reply = await on.inject<JSONWebKeySet & { keys: PublicJwk[] }>('GET', jwksUrl);
  expect(reply.statusCode).toBe(200);
  return { keys: reply.json.keys, headers: reply.headers };
}

const statusOf = async (token: string) => (await ctx.inject('GET', viewMe, { token })).statusCode;

/** A token with a console token's claims, signed as `sign` says. */
async function forge(
  claimsFrom: string,
  header: { alg: string; kid?: string },
  key: Parameters<SignJWT['sign']>[0],
) {
  const claims = decodeClaims(claimsFrom);
  return new SignJWT({ sid: claims.sid, role: claims.role, org: claims.org })
    .setProtectedHeader(header)
    .setSubject(claims.sub)
    .setIssuer(issuer)
    .setAudience(claims.aud)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(key);
}

function decodeClaims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
    role: string;
    org: string | null;
    aud: string;
    iat: number;
    exp: number;
  };
}

describe('the JWKS', () => {
  test('publishes the signing key’s public part alone, to anyone, for a short time', async () => {
    const token = await ctx.login(demoLogins.organizationAdmin);
    const { keys, headers } = await jwks();
    expect(keys).toHaveLength(1);
    const [key] = keys;
    expect(key).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      kid: decodeProtectedHeader(token).kid,
      alg: 'EdDSA',
      use: 'sig',
    });
    expect(JSON.stringify(keys)).not.toContain('"d"');
    expect(headers['cache-control']).toBe('public, max-age=300');
    expect(headers['access-control-allow-origin']).toBe('*');
  });

  test('is in the API document, needing no sign-in', () => {
    const document = ctx.app.swagger() as {
      paths: Record<string, { get?: { security?: unknown[] } }>;
    };
    expect(document.paths[jwksUrl]?.get?.security).toEqual([]);
  });
});

describe('another service verifying a console token', () => {
  test('needs only the published keys, and checks issuer, audience and expiry', async () => {
    const token = await ctx.login(demoLogins.organizationAdmin);
    expect(decodeProtectedHeader(token).alg).toBe('EdDSA');
    const keys = createLocalJWKSet({ keys: (await jwks()).keys });
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience: 'web',
      currentDate: ctx.clock.now(),
    });
    expect(payload).toMatchObject({
      sub: ctx.demo.organizationAdmin.id,
      org: ctx.demo.organization.id,
      role: 'ORGANIZATION_ADMIN',
      sid: expect.any(String),
    });
    await expect(
      jwtVerify(token, keys, { issuer, audience: 'mobile', currentDate: ctx.clock.now() }),
    ).rejects.toBeInstanceOf(joseErrors.JWTClaimValidationFailed);
    await expect(
      jwtVerify(token, keys, { issuer: 'someone-else', audience: 'web', currentDate: ctx.clock.now() }),
    ).rejects.toBeInstanceOf(joseErrors.JWTClaimValidationFailed);
    const later = new Date(ctx.clock.now().getTime() + (ctx.config.accessTokenTtlSeconds + 1) * 1000);
    await expect(
      jwtVerify(token, keys, { issuer, audience: 'web', currentDate: later }),
    ).rejects.toBeInstanceOf(joseErrors.JWTExpired);
  });

  test('fetching the keys over HTTP with createRemoteJWKSet, a staff member’s mobile token included', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const keys = createRemoteJWKSet(new URL(jwksUrl, address));
    const token = await mobileLogin(ctx, ctx.other.staff.email);
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience: ['web', 'mobile'],
      currentDate: ctx.clock.now(),
    });
    expect(payload).toMatchObject({ aud: 'mobile', sub: ctx.other.staff.id, role: 'STAFF' });
  });
});

describe('tokens the console refuses', () => {
  test('one signed by a key not in the set, with its own kid or the set’s', async () => {
    const genuine = await ctx.login(demoLogins.organizationAdmin);
    const { privateKey } = await generateKeyPair('EdDSA');
    const theirs = await forge(genuine, { alg: 'EdDSA', kid: 'not-ours' }, privateKey);
    const posing = await forge(
      genuine,
      { alg: 'EdDSA', kid: decodeProtectedHeader(genuine).kid },
      privateKey,
    );
    expect(await statusOf(genuine)).toBe(200);
    expect(await statusOf(theirs)).toBe(401);
    expect(await statusOf(posing)).toBe(401);
  });

  test('one saying alg "none", or HS256 keyed with the public key', async () => {
    const genuine = await ctx.login(demoLogins.organizationAdmin);
    const claims = decodeClaims(genuine);
    const unsecured = new UnsecuredJWT({ ...claims }).encode();
    const [publicKey] = (await jwks()).keys;
    const kid = publicKey?.kid;
    const confused = [
      await forge(genuine, { alg: 'HS256', kid }, Buffer.from(publicKey?.x ?? '', 'base64url')),
      await forge(genuine, { alg: 'HS256', kid }, new TextEncoder().encode(JSON.stringify(publicKey))),
    ];
    const noneReply = await ctx.inject('GET', viewMe, { token: unsecured });
    expect(noneReply.statusCode).toBe(401);
    expect(noneReply.json.error).toBe('UNAUTHORIZED');
    for (const token of confused) {
      const reply = await ctx.inject('GET', viewMe, { token });
      expect(reply.statusCode).toBe(401);
      expect(reply.json.error).toBe('UNAUTHORIZED');
    }
  });

  test('one signed with the server’s secret before the upgrade: expired, so the client refreshes', async () => {
    const genuine = await ctx.login(demoLogins.organizationAdmin);
    const before = await forge(genuine, { alg: 'HS256' }, ctx.tokenSecret);
    const reply = await ctx.inject('GET', viewMe, { token: before });
    expect(reply.statusCode).toBe(401);
    expect(reply.json.error).toBe('TOKEN_EXPIRED');
    // The same with another secret was never the console's.
    const forged = await forge(genuine, { alg: 'HS256' }, randomBytes(32));
    expect((await ctx.inject('GET', viewMe, { token: forged })).json.error).toBe('UNAUTHORIZED');
  });
});

describe('rotation', () => {
  afterEach(() => ctx.clock.set(new Date()));

  test('a new key signs; the old one verifies its tokens until they have expired, then is gone', async () => {
    const before = await ctx.login(demoLogins.organizationAdmin);
    const oldKid = decodeProtectedHeader(before).kid;
    const file = path.join(ctx.config.dataDir, keySetFileName);
    const oldSet = JSON.parse(await fs.readFile(file, 'utf8')) as KeySet;

    const rotation = await rotateSigningKeys(ctx.config, ctx.clock.now());
    expect(rotation.file).toBe(file);
    // The running server reads the changed file within a second.
    ctx.clock.advance(1500);

    const after = await ctx.login(demoLogins.organizationAdmin);
    expect(decodeProtectedHeader(after).kid).toBe(rotation.kid);
    expect(rotation.kid).not.toBe(oldKid);
    const { keys } = await jwks();
    expect(keys.map((key) => key.kid)).toEqual([rotation.kid, oldKid]);
    expect(await statusOf(before)).toBe(200);
    expect(await statusOf(after)).toBe(200);
    for (const token of [before, after]) {
      await expect(
        jwtVerify(token, createLocalJWKSet({ keys }), {
          issuer,
          audience: 'web',
          currentDate: ctx.clock.now(),
        }),
      ).resolves.toBeDefined();
    }

    // Past the overlap: every token the old key signed has expired, and the key is gone.
    ctx.clock.advance((ctx.config.accessTokenTtlSeconds + retiredKeyMarginSeconds) * 1000);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([rotation.kid]);
    // A token it signed now (its private key copied, say) is not accepted.
    const oldKey = oldSet.keys[0];
    if (!oldKey) throw new Error('no key in the set');
    const { importJWK } = await import('jose');
    const stillSigning = await forge(
      await ctx.login(demoLogins.organizationAdmin),
      { alg: 'EdDSA', kid: oldKid },
      await importJWK(oldKey, 'EdDSA'),
    );
    expect(await statusOf(stillSigning)).toBe(401);
    // A further rotation leaves it out of the file too.
    const next = await rotateSigningKeys(ctx.config, ctx.clock.now());
    expect(next.dropped).toEqual([oldKid]);
  });

  test('a staged key is published before it signs, and the next rotation makes it the signer', async () => {
    const signing = decodeProtectedHeader(await ctx.login(demoLogins.organizationAdmin)).kid;
    const staged = await rotateSigningKeys(ctx.config, ctx.clock.now(), { stage: true });
    ctx.clock.advance(1500);
    expect((await jwks()).keys.map((key) => key.kid).slice(0, 2)).toEqual([signing, staged.kid]);
    expect(decodeProtectedHeader(await ctx.login(demoLogins.organizationAdmin)).kid).toBe(signing);

    const promoted = await rotateSigningKeys(ctx.config, ctx.clock.now());
    expect(promoted.kid).toBe(staged.kid);
    ctx.clock.advance(1500);
    expect(decodeProtectedHeader(await ctx.login(demoLogins.organizationAdmin)).kid).toBe(staged.kid);
    expect((await jwks()).keys.map((key) => key.kid).slice(0, 2)).toEqual([staged.kid, signing]);
  });

  test('a file that cannot be read leaves the keys in use, and says so once', async () => {
    const file = path.join(ctx.config.dataDir, keySetFileName);
    const kept = await fs.readFile(file, 'utf8');
    const said: unknown[] = [];
    ctx.signingKeys.onReloadError = (error) => said.push(error);
    try {
      const token = await ctx.login(demoLogins.organizationAdmin);
      await fs.writeFile(file, '{"keys": [{"kty": "OKP", "d": "half-writ');
      ctx.clock.advance(1500);
      expect(await statusOf(token)).toBe(200);
      ctx.clock.advance(1500);
      expect(decodeProtectedHeader(await ctx.login(demoLogins.organizationAdmin)).kid).toBe(
        decodeProtectedHeader(token).kid,
      );
      expect(said).toHaveLength(1);
      expect(String(said[0])).toContain('not JSON');
      expect(String(said[0])).not.toContain('half-writ');
    } finally {
      ctx.signingKeys.onReloadError = undefined;
      await fs.writeFile(file, kept);
    }
  });
});

describe('where the keys are kept', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));
  const settingsIn = async (env: Record<string, string> = {}) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-keys-'));
    dirs.push(dir);
    return loadConfig({ DATA_DIR: dir, ...env });
  };
  const kidOf = async (settings: ReturnType<typeof loadConfig>) =>
    (await (await openSigningKeys(settings, ctx.clock)).signer()).kid;

  test('unconfigured: made once in DATA_DIR, readable by the server alone, and the same after a restart', async () => {
    const settings = await settingsIn();
    const first = await kidOf(settings);
    const file = path.join(settings.dataDir, keySetFileName);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await kidOf(settings)).toBe(first);
    expect(await kidOf(await settingsIn())).not.toBe(first);
  });

  test('instances that share JWT_SECRET and nothing else start with the same key', async () => {
    const secret = randomBytes(32).toString('hex');
    const one = await kidOf(await settingsIn({ JWT_SECRET: secret }));
    expect(await kidOf(await settingsIn({ JWT_SECRET: secret }))).toBe(one);
    expect(await kidOf(await settingsIn({ JWT_SECRET: randomBytes(32).toString('hex') }))).not.toBe(one);
  });

  test('JWT_SIGNING_KEYS_FILE names a file that must exist; JWT_SIGNING_KEYS writes nothing', async () => {
    const missing = await settingsIn({ JWT_SIGNING_KEYS_FILE: path.join(os.tmpdir(), 'no-such-keys.json') });
    await expect(openSigningKeys(missing, ctx.clock)).rejects.toThrow(/no-such-keys\.json/);
    const key = await newStoredKey(ctx.clock.now());
    const inline = await settingsIn({ JWT_SIGNING_KEYS: JSON.stringify({ keys: [key] }) });
    expect(await kidOf(inline)).toBe(key.kid);
    await expect(fs.readdir(inline.dataDir)).resolves.toEqual([]);
  });
});

describe('two instances sharing one configured key set', () => {
  let shared: TestContext;
  let second: App;
  let alone: App;
  const uploads: string[] = [];

  /** Another app on the same database, with a secret and DATA_DIR of its own, and keys as `env` says. */
  async function instance(env: Record<string, string>) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-instance-'));
    uploads.push(dir);
    const settings = loadConfig({ DATA_DIR: dir, ...env });
    return buildApp(
      {
        db: shared.db,
        config: shared.config,
        mailer: new MemoryMailer(),
        storage: new LocalStorage(dir),
        clock: shared.clock,
        tokens: new TokenService(
          randomBytes(32),
          shared.clock,
          settings.accessTokenTtlSeconds,
          await openSigningKeys(settings, shared.clock),
        ),
        authChanges: shared.listen(authChangesChannel),
        jobs: noJobs,
      },
      { serveWeb: false },
    );
  }

  beforeAll(async () => {
    const set = { keys: [await newStoredKey(new Date())] };
    shared = await createTestContext({ env: { JWT_SIGNING_KEYS: JSON.stringify(set) } });
    second = await instance({ JWT_SIGNING_KEYS: JSON.stringify(set) });
    alone = await instance({});
  }, demoSeedTimeoutMs);
  afterAll(async () => {
    await second?.close();
    await alone?.close();
    await shared?.close();
    await Promise.all(uploads.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  const viewMeOn = async (app: App, token: string) =>
    (await app.inject({ method: 'GET', url: viewMe, headers: { authorization: token } })).statusCode;

  test('accept each other’s tokens; an instance with a key of its own does not', async () => {
    const fromFirst = await shared.login(demoLogins.organizationAdmin);
    const login = await second.inject({
      method: 'POST',
      url: '/api/v1/authentication/web-app-login',
      headers: fromNewAddress(),
      payload: { email: demoLogins.siteAdmin, password: demoPassword },
    });
    expect(login.statusCode).toBe(200);
    const fromSecond = (login.json() as { data: { accessToken: string } }).data.accessToken;
    expect(await viewMeOn(second, fromFirst)).toBe(200);
    expect(await viewMeOn(shared.app, fromSecond)).toBe(200);
    expect(await viewMeOn(alone, fromFirst)).toBe(401);
  });
});
