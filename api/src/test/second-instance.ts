import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.js';
import { LocalStorage } from '../platform/files/storage.js';
import { noJobs } from '../platform/jobs/queue.js';
import { MemoryMailer } from '../platform/mail/mailer.js';
import { authChangesChannel } from '../platform/auth/session-cache.js';
import { TokenService } from '../platform/auth/tokens.js';
import { openSigningKeys } from '../platform/auth/signing-keys.js';
import type { TestContext } from './helper.js';

export interface SecondInstance {
  app: App;
  database: DatabaseHandle;
  /** The test database's own address, as the second instance reached it. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * A second API instance on the test's PostgreSQL database: its own pool, listener, session cache and
 * uploads, the same database, secret and signing keys (as two servers of one deployment). Answers once each
 * instance has heard the other's hello on the sign-in channel, so a change on one reaches the other.
 */
export async function startSecondInstance(ctx: TestContext, url: string): Promise<SecondInstance> {
  // The query result's type depends on the driver (PgQueryResultHKT): say what this select answers.
  const current = (await ctx.db.execute(sql`select current_database() as name`)) as {
    rows: [{ name: string }];
  };
  const target = new URL(url);
  target.pathname = `/${current.rows[0].name}`;
  const databaseUrl = target.toString();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'console-second-'));
  const app = await buildApp(
    {
      db: database.db,
      config: ctx.config,
      mailer: new MemoryMailer(),
      storage: new LocalStorage(uploads),
      clock: ctx.clock,
      tokens: new TokenService(
        ctx.tokenSecret,
        ctx.clock,
        ctx.config.accessTokenTtlSeconds,
        await openSigningKeys(ctx.config, ctx.clock),
      ),
      authChanges: database.listen(authChangesChannel),
      jobs: noJobs,
    },
    { serveWeb: false },
  );
  const until = Date.now() + 5_000;
  while (ctx.app.sessionCache.livePeers.length === 0 || app.sessionCache.livePeers.length === 0) {
    if (Date.now() > until) throw new Error('the instances never heard each other');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    app,
    database,
    databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(uploads, { recursive: true, force: true });
    },
  };
}
