import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { siteInputSchema, type ErrorBody } from '@console/shared-sdk/contract';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../platform/config/config.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.js';
import { siteMembers } from '../platform/db/schema.js';
import type { Clock } from '../platform/clock.js';
import { TokenService } from '../platform/auth/tokens.js';
import { openSigningKeys } from '../platform/auth/signing-keys.js';
import { MemoryMailer } from '../platform/mail/mailer.js';
import type { JobSender } from '../platform/jobs/queue.js';
import { insertOrganization } from '../domains/sites/index.js';
import { insertSite } from '../domains/sites/index.js';
import { authChangesChannel } from '../platform/auth/session-cache.js';
import { demoPassword, demoSites, seedDemo } from '../demo.js';
import { LocalStorage } from '../platform/files/storage.js';
import { pgliteTemplate, postgresTemplate } from './database-template.js';
import { insertUser } from '../platform/auth/users/repository.js';

export { demoPassword };

/**
 * How long a test may take to seed the whole demo, or to start a server that seeds it: seconds on an idle
 * machine, minutes on a busy two-core CI machine. Only a hang should reach it.
 */
export const demoSeedTimeoutMs = 600_000;

/** A job sender that keeps what was sent. */
export class RecordingJobs implements JobSender {
  readonly sent: { name: string; data: object }[] = [];
  async send(name: string, data: object = {}) {
    this.sent.push({ name, data });
  }
}

let clientAddress = 0;
/**
 * Headers of a request from an address no other request of this file used (the app trusts
 * X-Forwarded-For in tests), so the per-address login limit of one test never blocks another.
 */
export function fromNewAddress() {
  clientAddress += 1;
  return { 'x-forwarded-for': `198.51.${Math.floor(clientAddress / 250)}.${(clientAddress % 250) + 1}` };
}

/** A clock tests move by hand. */
export class TestClock implements Clock {
  private current: Date;
  constructor(start = new Date()) {
    this.current = start;
  }
  now() {
    return new Date(this.current);
  }
  set(instant: string | Date) {
    this.current = new Date(instant);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * A fresh database per test file: in-memory PGlite, or, when DATABASE_URL is set, a new database on that
 * PostgreSQL server, dropped afterwards; each a copy of the migrated one jest's global set-up made.
 */
async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ kind: 'pglite-memory', from: await pgliteTemplate() });
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = postgresTemplate();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: testUrl.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface InjectOptions {
  token?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Reply<T = unknown> {
  statusCode: number;
  headers: Record<string, unknown>;
  /** The parsed JSON body (error bodies included). */
  json: T & Partial<ErrorBody> & { data?: unknown };
  raw: string;
}

export interface TestContextOptions {
  /** Settings over the tests' own (e.g. `{ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }` for a receiver on 127.0.0.1). */
  env?: Record<string, string>;
  /** Serve the console's page and remotes from `env.WEB_ROOT`, as production does (off by default). */
  serveWeb?: boolean;
}

export async function createTestContext(options: TestContextOptions = {}) {
  const database = await freshDatabase();
  const clock = new TestClock();
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-uploads-'));
  const config = loadConfig({
    DATA_DIR: uploadsDir,
    PUBLIC_URL: 'http://console.test',
    LOG_LEVEL: 'silent',
    // Tests tell clients apart by X-Forwarded-For.
    TRUST_PROXY: 'true',
    // Cheap hashes: each file seeds a dozen accounts; production keeps argon2id's 64 MiB × 3 passes.
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_TIME_COST: '1',
    ...options.env,
  });
  const mailer = new MemoryMailer();
  // What routes queue: recorded, not run (a test runs the work it means to test, or starts a queue on
  // `jobStore`).
  const jobs = new RecordingJobs();
  const tokenSecret = randomBytes(32);
  // As the server opens them: JWT_SIGNING_KEYS(_FILE) when a test sets one, else DATA_DIR's file, made now.
  const signingKeys = await openSigningKeys(config, clock);
  const tokens = new TokenService(tokenSecret, clock, config.accessTokenTtlSeconds, signingKeys);
  const app: App = await buildApp(
    {
      db: database.db,
      config,
      mailer,
      storage: new LocalStorage(path.join(uploadsDir, 'uploads')),
      clock,
      tokens,
      authChanges: database.listen(authChangesChannel),
      jobs,
    },
    // The web console's files are tested on their own (web.test.ts), not through whatever is built.
    { serveWeb: options.serveWeb ?? false, logger: process.env.TEST_LOG ? { level: 'error' } : false },
  );

  const demo = await seedDemo(database.db, { domains: [], now: clock.now() });
  // A second organisation whose ids every test can try to reach from the first.
  const other = await database.db.transaction(async (tx) => {
    const organization = await insertOrganization(
      tx,
      { name: 'Other Tenant Ltd', country: 'GB' },
      clock.now(),
    );
    const organizationAdmin = await insertUser(
      tx,
      {
        orgId: organization.id,
        email: 'owner@other.example',
        firstName: 'Otto',
        lastName: 'Other',
        role: 'ORGANIZATION_ADMIN',
        password: demoPassword,
      },
      clock.now(),
    );
    const siteAdmin = await insertUser(
      tx,
      {
        orgId: organization.id,
        email: 'manager@other.example',
        firstName: 'Mia',
        lastName: 'Other',
        role: 'SITE_ADMIN',
        password: demoPassword,
      },
      clock.now(),
    );
    const staff = await insertUser(
      tx,
      {
        orgId: organization.id,
        email: 'staff@other.example',
        firstName: 'Sam',
        lastName: 'Other',
        role: 'STAFF',
        password: demoPassword,
      },
      clock.now(),
    );
    const site = await insertSite(
      tx,
      organization.id,
      siteInputSchema.parse({
        ...demoSites.manchester,
        name: 'Other Tenant Site',
        siteAdminList: [siteAdmin.id],
      }),
      clock.now(),
    );
    await tx.insert(siteMembers).values({ siteId: site.id, userId: staff.id, createdAt: clock.now() });
    return { organization, organizationAdmin, siteAdmin, staff, site };
  });

  async function inject<T = unknown>(
    method: string,
    url: string,
    options: InjectOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) query[key] = String(value);
    }
    const response = await app.inject({
      method: method as 'GET',
      url,
      query,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as string }),
    });
    let json: Reply<T>['json'];
    try {
      json = response.json();
    } catch {
      json = {} as Reply<T>['json'];
    }
    return { statusCode: response.statusCode, headers: response.headers, json, raw: response.body };
  }

  /** Signs in on the web and returns the access token. */
  async function login(email: string, password = demoPassword): Promise<string> {
    const reply = await inject<{ data: { accessToken: string } }>(
      'POST',
      '/api/v1/authentication/web-app-login',
      {
        body: { email, password },
      },
    );
    if (reply.statusCode !== 200) throw new Error(`login ${email} failed: ${reply.statusCode} ${reply.raw}`);
    return reply.json.data.accessToken;
  }

  return {
    app,
    db: database.db,
    databaseKind: database.kind,
    /** The job queue's way into this database (platform/jobs/queue.ts startJobQueue). */
    jobStore: database.jobStore,
    /** The jobs routes sent. */
    jobs,
    clock,
    mailer,
    config,
    /** The server's secret (refresh tokens, sealed secrets, upload links, access tokens signed before keys). */
    tokenSecret: new Uint8Array(tokenSecret),
    /** The key set access tokens are signed with, for tests that forge tokens or open it a second time. */
    signingKeys,
    /** The database's notifications, for a second app on the same database. */
    listen: (channel: string) => database.listen(channel),
    demo,
    other,
    inject,
    login,
    /** Waits for the work requests started after replying (e-mails such as the reset link). */
    settled: () => app.afterReply.idle(),
    async close() {
      await app.close();
      await database.close();
      await fs.rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
