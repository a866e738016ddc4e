import path from 'node:path';
import webpush from 'web-push';
import { newStoredKey } from '../auth/signing-keys.js';
import { loadConfig } from './config.js';

describe('demo data', () => {
  test('is seeded by default on the embedded database only', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: '' }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/console' }).seedDemo).toBe(false);
  });

  test('SEED_DEMO decides when it is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/console', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

test('password hashes use the production argon2id cost unless told otherwise', () => {
  expect(loadConfig({}).passwordHashCost).toEqual({ memoryCost: 65_536, timeCost: 3 });
  expect(
    loadConfig({ PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_TIME_COST: '1' }).passwordHashCost,
  ).toEqual({ memoryCost: 1024, timeCost: 1 });
});

test('remote overrides are off unless origins are named, and only origins are accepted', () => {
  expect(loadConfig({}).remoteOverrideOrigins).toEqual([]);
  expect(
    loadConfig({ REMOTE_OVERRIDE_ORIGINS: 'http://localhost:* https://*.dev.example.com' })
      .remoteOverrideOrigins,
  ).toEqual(['http://localhost:*', 'https://*.dev.example.com']);
  // It goes into the Content-Security-Policy: nothing else may ride along.
  expect(() =>
    loadConfig({ REMOTE_OVERRIDE_ORIGINS: "http://localhost:*; script-src 'unsafe-eval'" }),
  ).toThrow(/REMOTE_OVERRIDE_ORIGINS: space- or comma-separated origins such as http:\/\/localhost:\*/);
});

test('the sync window for device times is 72 hours unless set, and a whole number of hours from 1 to 744', () => {
  expect(loadConfig({}).syncWindowHours).toBe(72);
  expect(loadConfig({ SYNC_WINDOW_HOURS: '24' }).syncWindowHours).toBe(24);
  expect(() => loadConfig({ SYNC_WINDOW_HOURS: '0' })).toThrow(
    /SYNC_WINDOW_HOURS: SYNC_WINDOW_HOURS must be at least 1/,
  );
  expect(() => loadConfig({ SYNC_WINDOW_HOURS: '1.5' })).toThrow(/SYNC_WINDOW_HOURS/);
  expect(() => loadConfig({ SYNC_WINDOW_HOURS: 'weeks' })).toThrow(/SYNC_WINDOW_HOURS/);
  expect(() => loadConfig({ SYNC_WINDOW_HOURS: '1000' })).toThrow(/at most 744/);
});

test('an instance opens at most 10 PostgreSQL connections unless DATABASE_POOL_SIZE says otherwise', () => {
  expect(loadConfig({}).databasePoolSize).toBe(10);
  expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
  expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
});

test('metrics are off unless a token of 16 characters or more is set', () => {
  expect(loadConfig({}).metricsToken).toBeUndefined();
  expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).metricsToken).toBe(
    'a-long-enough-metrics-token',
  );
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
    /METRICS_TOKEN must be at least 16 characters/,
  );
});

test('pack checks run two at a time unless set, and at least one', () => {
  expect(loadConfig({}).verifyPackConcurrency).toBe(2);
  expect(loadConfig({ VERIFY_PACK_CONCURRENCY: '6' }).verifyPackConcurrency).toBe(6);
  expect(() => loadConfig({ VERIFY_PACK_CONCURRENCY: '0' })).toThrow(
    /VERIFY_PACK_CONCURRENCY must be at least 1/,
  );
});

test('Web Push signs with the configured VAPID pair (both or neither), as whoever MAIL_FROM names', () => {
  const pair = webpush.generateVAPIDKeys();
  const configured = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
  expect(configured.push.vapidKeys).toEqual(pair);
  expect(configured.push.subject).toBe('mailto:no-reply@console.local');
  expect(loadConfig({}).push).toEqual({
    vapidKeys: undefined,
    subject: 'mailto:no-reply@console.local',
    allowPrivateEndpoints: false,
  });
  expect(loadConfig({ MAIL_FROM: 'kitchen@harbourvine.example' }).push.subject).toBe(
    'mailto:kitchen@harbourvine.example',
  );
  expect(loadConfig({ MAIL_FROM: 'Console', PUBLIC_URL: 'https://console.example' }).push.subject).toBe(
    'https://console.example',
  );
  expect(loadConfig({ VAPID_SUBJECT: 'https://harbourvine.example/contact' }).push.subject).toBe(
    'https://harbourvine.example/contact',
  );
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/both VAPID_PUBLIC_KEY and/);
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
    /VAPID_PUBLIC_KEY must be 65 bytes in base64url/,
  );
  expect(() => loadConfig({ VAPID_SUBJECT: 'http://console.example' })).toThrow(
    /VAPID_SUBJECT must be a mailto: or https: URL/,
  );
});

describe('the access tokens’ signing keys', () => {
  const keySet = async () => ({ keys: [await newStoredKey(new Date())] });
  const problemOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return String(error);
    }
    return 'accepted';
  };

  test('JWT_SIGNING_KEYS is a JWK set of private Ed25519 keys, the first not retired', async () => {
    const set = await keySet();
    expect(loadConfig({ JWT_SIGNING_KEYS: JSON.stringify(set) }).jwtSigningKeys).toEqual(set);
    const [key] = set.keys;
    if (!key) throw new Error('no key');
    const other = (await keySet()).keys[0];
    expect(problemOf({ JWT_SIGNING_KEYS: JSON.stringify({ keys: [{ ...key, x: other?.x }] }) })).toMatch(
      /JWT_SIGNING_KEYS\.keys\.0\.x: x is not the public key of d/,
    );
    expect(problemOf({ JWT_SIGNING_KEYS: JSON.stringify({ keys: [{ ...key, crv: 'P-256' }] }) })).toMatch(
      /JWT_SIGNING_KEYS\.keys\.0\.crv: crv must be "Ed25519"/,
    );
    expect(
      problemOf({
        JWT_SIGNING_KEYS: JSON.stringify({ keys: [{ ...key, retiredAt: new Date().toISOString() }] }),
      }),
    ).toMatch(/the first key signs: it cannot have retiredAt/);
    expect(problemOf({ JWT_SIGNING_KEYS: JSON.stringify({ keys: [] }) })).toMatch(/at least one key/);
  });

  test('a set that is not JSON is refused without quoting it (it holds private keys)', async () => {
    const [key] = (await keySet()).keys;
    const broken = JSON.stringify({ keys: [key] }).slice(0, -3);
    const problem = problemOf({ JWT_SIGNING_KEYS: broken });
    expect(problem).toMatch(/JWT_SIGNING_KEYS: not JSON; expected a JWK set/);
    expect(problem).not.toContain(key?.d);
  });

  test('JWT_SIGNING_KEYS_FILE instead, never both; neither: DATA_DIR’s file', async () => {
    const set = JSON.stringify(await keySet());
    expect(loadConfig({ JWT_SIGNING_KEYS_FILE: 'keys/jwks.json' }).jwtSigningKeysFile).toBe(
      path.resolve('keys/jwks.json'),
    );
    expect(problemOf({ JWT_SIGNING_KEYS: set, JWT_SIGNING_KEYS_FILE: 'keys/jwks.json' })).toMatch(
      /set JWT_SIGNING_KEYS or JWT_SIGNING_KEYS_FILE, not both/,
    );
    const unset = loadConfig({});
    expect([unset.jwtSigningKeys, unset.jwtSigningKeysFile]).toEqual([undefined, undefined]);
  });
});
