import path from 'node:path';
import { z } from 'zod';
import {
  apiKeyDefaultRateLimit,
  defaultAlertGroupMinutes,
  defaultSyncWindowHours,
} from '@console/shared-sdk/contract';
import { keySetSchema } from '../auth/signing-keys.js';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const originList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** A key of `bytes` bytes in base64url without padding, as web-push writes and checks VAPID keys. */
const base64urlKey = (bytes: number, name: string) =>
  z
    .string()
    .trim()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`),
      `${name} must be ${bytes} bytes in base64url without padding (npx web-push generate-vapid-keys)`,
    );

/** The address of a From header ("Name <address>", or the bare address), or undefined. */
const addressOf = (from: string) =>
  /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? /^\S+@\S+$/.exec(from.trim())?.[0];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: embedded PGlite in DATA_DIR. */
  DATABASE_URL: optionalUrl,
  /**
   * The most PostgreSQL connections one instance opens for its queries. Instances × (this + 5: the job
   * queue's 4 and the sign-in change feed's 1) must stay under the server's max_connections (100 by default).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATA_DIR: z.string().default('./.data'),
  /** Where links in e-mails point; defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  /**
   * The server's secret (refresh tokens, sealed secrets, upload links); unset: generated once and kept in
   * DATA_DIR. Access tokens are signed with the key set below.
   */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * The Ed25519 keys signing access tokens, a JSON JWK set of private keys, newest first: the first signs,
   * the others verify until their retiredAt plus an access token's lifetime. For several instances. Unset:
   * JWT_SIGNING_KEYS_FILE, or DATA_DIR/jwt-signing-keys.json made on first start.
   */
  JWT_SIGNING_KEYS: z
    .string()
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        // JSON.parse's message quotes the text around the error: a private key, here.
        context.addIssue({ code: 'custom', message: 'not JSON; expected a JWK set {"keys": [...]}' });
        return z.NEVER;
      }
    })
    .pipe(keySetSchema)
    .optional(),
  /** A file holding that set (a mounted secret, a shared volume), read again when it changes. */
  JWT_SIGNING_KEYS_FILE: z.string().trim().min(1, 'JWT_SIGNING_KEYS_FILE must name a file').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** A sign-in session ends this many days after the password was entered, however often it is refreshed. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(30),
  /** argon2id cost of new password hashes; the defaults are production settings (the tests lower them). */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(64).default(65_536),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).default(3),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Compliance Console <no-reply@console.local>'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(true),
  /**
   * Seed the demo organisation on an empty database. Unset: yes on the embedded PGlite, no on DATABASE_URL,
   * so a production database never gets accounts whose password is in the README.
   */
  SEED_DEMO: z.stringbool().optional(),
  /**
   * While the demo organisation exists on the embedded PGlite, its sensors keep posting readings (else each
   * is reported offline half an hour after a start). `off` stops them; on DATABASE_URL they never run.
   */
  DEMO_SENSORS: z.stringbool().default(true),
  /**
   * Who may frame the console (CSP frame-ancestors): unset, nobody; or space-separated origins of integrators
   * that embed it.
   */
  FRAME_ANCESTORS: z.string().default(''),
  /** Folder holding shell/dist and mfe-*\/dist to serve; unset: the repository, when built. */
  WEB_ROOT: z.string().optional(),
  /** JSON object of remote name → manifest URL, merged over the remotes served here (see /remotes.json). */
  REMOTES: z.string().optional(),
  /**
   * Origins (CSP sources such as http://localhost:*) a developer's browser may load a remote from instead of
   * the deployed one (the shell's ?remote-override=); empty: none. For development and staging consoles.
   */
  REMOTE_OVERRIDE_ORIGINS: z
    .string()
    .default('')
    .refine(
      (text) =>
        originList(text).every((origin) => /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d+|\*))?$/.test(origin)),
      'space- or comma-separated origins such as http://localhost:*',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Whether to believe X-Forwarded-For (for the client address the login limit counts): unset/false when
   * clients connect directly; true, or the proxies' addresses/subnets (comma-separated) behind a load balancer.
   */
  TRUST_PROXY: z.string().default('false'),
  /**
   * How many hours before the server receives it a device's time may be (an offline phone's sync window):
   * an older completion, checklist tick, reading or log time is refused as back-dating.
   */
  SYNC_WINDOW_HOURS: z.coerce
    .number()
    .int('SYNC_WINDOW_HOURS must be a whole number of hours')
    .min(1, 'SYNC_WINDOW_HOURS must be at least 1')
    .max(24 * 31, 'SYNC_WINDOW_HOURS must be at most 744 (31 days)')
    .default(defaultSyncWindowHours),
  /**
   * The alerts' grouping window in minutes: events of one kind at one site within it are one group, told
   * once by e-mail at first and then together when it ends, and one line in the bell. 0 groups nothing.
   */
  ALERT_GROUP_MINUTES: z.coerce
    .number()
    .int('ALERT_GROUP_MINUTES must be a whole number of minutes')
    .min(0, 'ALERT_GROUP_MINUTES must be at least 0')
    .max(24 * 60, 'ALERT_GROUP_MINUTES must be at most 1440 (a day)')
    .default(defaultAlertGroupMinutes),
  /** Calls an integrator's API key may make a minute (per key, per instance); more are refused with 429. */
  API_KEY_RATE_LIMIT: z.coerce
    .number()
    .int('API_KEY_RATE_LIMIT must be a whole number of calls a minute')
    .min(1, 'API_KEY_RATE_LIMIT must be at least 1')
    .default(apiKeyDefaultRateLimit),
  /** Allowed CORS origins, comma-separated, for remotes or integrators on other origins; * for any. */
  CORS_ORIGINS: z.string().default(''),
  /**
   * Whether webhooks may point at private, loopback or link-local addresses (10.x, 127.0.0.1, ::1,
   * localhost...). Default false, so that a webhook cannot probe the server's own network; true only for a
   * receiver on the same private network, and in tests.
   */
  WEBHOOKS_ALLOW_PRIVATE_URLS: z.stringbool().default(false),
  /**
   * Whether an organisation's single sign-on provider (its issuer, and the endpoints its discovery document
   * names) may be on a private, loopback or link-local address, or on plain http. Default false: https to
   * public addresses only, so that an organisation admin cannot make the server call into its own network;
   * true for a provider on the same private network, and in tests.
   */
  SSO_ALLOW_PRIVATE_ISSUERS: z.stringbool().default(false),
  /**
   * The Web Push (VAPID) key pair the staff's system notifications are signed with, base64url as
   * `npx web-push generate-vapid-keys` prints them: both or neither. Unset, the server makes a pair once
   * and keeps it in the database, so every instance and restart signs with the same one.
   */
  VAPID_PUBLIC_KEY: base64urlKey(65, 'VAPID_PUBLIC_KEY').optional(),
  VAPID_PRIVATE_KEY: base64urlKey(32, 'VAPID_PRIVATE_KEY').optional(),
  /**
   * How push services may reach whoever runs this server: a mailto: or https: URL. Unset: mailto: with
   * MAIL_FROM's address (or PUBLIC_URL where MAIL_FROM has none).
   */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .optional(),
  /**
   * Whether a push subscription may name a plain http or private address (a fake push service on
   * 127.0.0.1 in tests). Default false: a subscription cannot make the server call into its own network.
   */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.stringbool().default(false),
  /**
   * Unset: no /metrics. Set: GET /metrics answers, in Prometheus' text format, to `Authorization: Bearer
   * <this>` only (requests served, SQL statements sent, CPU time, memory).
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * How many pack checks (POST /report/verify-pack, which needs no sign-in) one instance runs at once; one
   * more is answered 503 with Retry-After, so that uploads from many addresses cannot crowd out the rest.
   */
  VERIFY_PACK_CONCURRENCY: z.coerce
    .number()
    .int('VERIFY_PACK_CONCURRENCY must be a whole number')
    .min(1, 'VERIFY_PACK_CONCURRENCY must be at least 1')
    .max(64, 'VERIFY_PACK_CONCURRENCY must be at most 64')
    .default(2),
});

function parseTrustProxy(value: string): boolean | string {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return value.trim();
}

export type AppConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  if (e.JWT_SIGNING_KEYS !== undefined && e.JWT_SIGNING_KEYS_FILE !== undefined) {
    throw new Error('Invalid configuration: set JWT_SIGNING_KEYS or JWT_SIGNING_KEYS_FILE, not both');
  }
  const s3 =
    e.S3_BUCKET !== undefined
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const mailAddress = addressOf(e.MAIL_FROM);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl,
    /** Whether PUBLIC_URL was set: unset, an address given to a browser follows the request's own origin. */
    publicUrlSet: e.PUBLIC_URL !== undefined,
    jwtSecret: e.JWT_SECRET,
    /** The configured key set signing access tokens (platform/auth/signing-keys.ts), if given inline. */
    jwtSigningKeys: e.JWT_SIGNING_KEYS,
    jwtSigningKeysFile:
      e.JWT_SIGNING_KEYS_FILE === undefined ? undefined : path.resolve(e.JWT_SIGNING_KEYS_FILE),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    passwordHashCost: { memoryCost: e.PASSWORD_HASH_MEMORY_KIB, timeCost: e.PASSWORD_HASH_TIME_COST },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    demoSensors: e.DEMO_SENSORS && e.DATABASE_URL === undefined,
    frameAncestors: e.FRAME_ANCESTORS.split(/[\s,]+/).filter(Boolean),
    webRoot: e.WEB_ROOT === undefined ? undefined : path.resolve(e.WEB_ROOT),
    remotes: e.REMOTES,
    remoteOverrideOrigins: originList(e.REMOTE_OVERRIDE_ORIGINS),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    syncWindowHours: e.SYNC_WINDOW_HOURS,
    alertGroupMinutes: e.ALERT_GROUP_MINUTES,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhooksAllowPrivateUrls: e.WEBHOOKS_ALLOW_PRIVATE_URLS,
    ssoAllowPrivateIssuers: e.SSO_ALLOW_PRIVATE_ISSUERS,
    push: {
      /** The configured key pair; undefined: the one kept in the database (domains/alerts/push/keys.ts). */
      vapidKeys:
        e.VAPID_PUBLIC_KEY !== undefined && e.VAPID_PRIVATE_KEY !== undefined
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? (mailAddress ? `mailto:${mailAddress}` : publicUrl),
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    },
    metricsToken: e.METRICS_TOKEN,
    verifyPackConcurrency: e.VERIFY_PACK_CONCURRENCY,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}
