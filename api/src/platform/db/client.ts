import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { countingLogger } from './statement-count.js';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { migrationsFolder } from '../config/paths.js';

// No relational schema: queries name their tables, so the handle does not depend on every domain's tables.
export type Database = PgDatabase<PgQueryResultHKT>;
/** The handle a transaction callback receives; it offers the same queries as `Database`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** How the cache hears about changes: the database's notification channel (LISTEN/NOTIFY). */
export interface ChangeFeed {
  /**
   * Subscribes to the user ids (or '*') the triggers of migration 0004 announce. `onState(true)` once the
   * subscription is live; `onState(false)` whenever it is lost (until it is live again).
   */
  subscribe(
    onChange: (userId: string) => void,
    onState: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Notifications on `channel` (LISTEN/NOTIFY), for the session cache (src/platform/auth/session-cache.ts). */
  listen(channel: string): ChangeFeed;
  /**
   * Runs `work` while no other instance on this database runs its start-up work (migrations, the library,
   * the demo seed): on PostgreSQL under a session advisory lock held on a connection of its own, released
   * after; on PGlite at once, since the data folder's lock already keeps out every other process.
   */
  exclusiveStartUp<T>(work: () => Promise<T>): Promise<T>;
  /** Where the job queue (platform/jobs/queue.ts) keeps its jobs: this same database. */
  jobStore: JobStore;
  close(): Promise<void>;
}

/**
 * The job queue's way into the database: on PostgreSQL a connection string (the queue keeps a small pool
 * of its own), on PGlite the one in-process connection, statement by statement.
 */
export type JobStore =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'in-process';
      executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
    };

/** Names the advisory lock of start-up: one fixed key for the whole database. */
export const startUpLockName = 'console:start-up';

/**
 * Runs `work` holding the start-up advisory lock, waiting for it while another instance holds it. The lock
 * is a session lock on a connection opened for it, so it is held across every statement and transaction of
 * `work`, whichever pooled connection runs them, and it is gone if this process dies (its connection ends).
 */
async function underStartUpLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [startUpLockName]);
    try {
      return await work();
    } finally {
      await client
        .query('select pg_advisory_unlock(hashtextextended($1, 0))', [startUpLockName])
        .catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Postgres's LISTEN needs a connection of its own, kept open; after a drop it is opened again. */
function postgresFeed(url: string, channel: string): ChangeFeed {
  return {
    async subscribe(onChange, onState) {
      let closed = false;
      let client: pg.Client | undefined;
      let retryMs = 250;
      let timer: NodeJS.Timeout | undefined;
      const connect = async () => {
        const next = new pg.Client({ connectionString: url });
        const lost = () => {
          if (client !== next) return;
          client = undefined;
          onState(false);
          if (!closed) timer = setTimeout(() => void connect(), retryMs);
          retryMs = Math.min(retryMs * 2, 10_000);
        };
        next.on('error', lost);
        next.on('end', lost);
        next.on('notification', (message) => {
          if (message.channel === channel) onChange(message.payload ?? '*');
        });
        client = next;
        try {
          await next.connect();
          await next.query(`LISTEN ${channel}`);
          if (closed) {
            await next.end();
            return;
          }
          retryMs = 250;
          onState(true);
        } catch {
          lost();
          await next.end().catch(() => undefined);
        }
      };
      await connect();
      return async () => {
        closed = true;
        clearTimeout(timer);
        const last = client;
        client = undefined;
        onState(false);
        await last?.end().catch(() => undefined);
      };
    },
  };
}

/** The sessions of connections that run transactions of their own (transactionOnConnection). */
const connectionSessions = new WeakSet<object>();

/** How a database runs a transaction on a connection of its own, where it can (PostgreSQL's pool). */
const connectionTransactions = new WeakMap<Database, <T>(work: (tx: Tx) => Promise<T>) => Promise<T>>();

/**
 * Makes `db`'s transactionOnConnection check out one of `pool`'s connections for each transaction and run
 * it through a drizzle database of that connection alone (made once per connection), whose session, unlike
 * a pooled transaction's, outlives the transaction: what a transaction prepares is kept for the next one on
 * that connection.
 */
function runTransactionsOnConnections(db: Database, pool: pg.Pool): void {
  const databases = new WeakMap<pg.PoolClient, Database>();
  connectionTransactions.set(db, async (work) => {
    const connection = await pool.connect();
    try {
      let own = databases.get(connection);
      if (!own) {
        own = drizzlePg(connection, { logger: countingLogger }) as unknown as Database;
        databases.set(connection, own);
        connectionSessions.add(own._.session);
      }
      // As drizzle's pooled transactions: begin, commit or rollback, then the connection goes back (the
      // pool closes one that broke).
      return await own.transaction(work);
    } finally {
      connection.release();
    }
  });
}

/**
 * Runs `work` in a transaction whose queries may be prepared (preparable): on PostgreSQL on a pooled
 * connection held for it, elsewhere (PGlite's one connection) as `db.transaction` does.
 */
export function transactionOnConnection<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  const run = connectionTransactions.get(db);
  return run ? run(work) : db.transaction(work);
}

/** Whether `tx` runs on a connection of its own (transactionOnConnection), whose statements may be kept. */
export function onConnectionOfItsOwn(tx: Tx): boolean {
  return connectionSessions.has(tx._.session);
}

export type DatabaseTarget =
  /** `poolSize`: the most connections this process opens (DATABASE_POOL_SIZE; 10 unless set). */
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** `from`: a data folder dumped earlier (PGlite's dumpDataDir) to start from instead of an empty one. */
  | { kind: 'pglite-memory'; from?: Blob };

/** Whether a process with this id is running (signal 0 checks without sending anything). */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock on PGlite's folder. The lock's owner writes its process id beside it; when the lock is held
 * but that process is gone (killed with -9, a crash, a container restart where the new server has the old
 * one's pid), the lock is taken over at once instead of waiting for it to go stale.
 */
async function lockDataFolder(dir: string): Promise<() => Promise<void>> {
  const pidFile = `${dir}.pid`;
  const options = { stale: 15_000, update: 5_000, retries: 0, realpath: false } as const;
  const take = async () => {
    const release = await lockfile.lock(dir, options);
    await fs.writeFile(pidFile, String(process.pid), { mode: 0o600 });
    return async () => {
      await fs.rm(pidFile, { force: true });
      await release();
    };
  };
  try {
    return await take();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    const owner = Number.parseInt(await fs.readFile(pidFile, 'utf8').catch(() => ''), 10);
    const ownerGone = Number.isInteger(owner) && (owner === process.pid || !processIsAlive(owner));
    if (!ownerGone) {
      throw new Error(
        `The embedded database in ${dir} is in use by another process${Number.isInteger(owner) ? ` (pid ${owner})` : ''}. Stop it, or set DATA_DIR to another folder.`,
        { cause: error },
      );
    }
    await fs.rm(`${dir}.lock`, { recursive: true, force: true });
    return take();
  }
}

/**
 * Opens the database and applies pending migrations (on PostgreSQL one instance at a time, under the
 * start-up lock). PGlite has no lock between processes, so its data
 * directory is guarded by a lock file: a second server on the same DATA_DIR fails fast with a clear message
 * instead of corrupting the files.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // The server may end an idle connection (restart, failover, a dropped test database); the pool opens
    // a new one on the next query, so this is not fatal, but an unhandled 'error' event would crash.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { logger: countingLogger });
    runTransactionsOnConnections(db as unknown as Database, pool);
    const exclusiveStartUp = <T>(work: () => Promise<T>) => underStartUpLock(target.url, work);
    // Instances starting together on an empty database would each create the same tables; one at a time,
    // the second finds the migrations applied.
    try {
      await exclusiveStartUp(() => migratePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      listen: (channel) => postgresFeed(target.url, channel),
      exclusiveStartUp,
      jobStore: { kind: 'postgres', url: target.url },
      close: () => pool.end(),
    };
  }

  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = path.join(target.dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    release = await lockDataFolder(dir);
    client = new PGlite(dir);
  } else {
    client = new PGlite(target.from ? { loadDataDir: target.from } : {});
  }
  try {
    const db = drizzlePglite(client, { logger: countingLogger });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      // One connection in this process: a notification arrives as soon as the transaction sending it commits.
      listen: (channel) => ({
        async subscribe(onChange, onState) {
          const stop = await client.listen(channel, onChange);
          onState(true);
          return async () => {
            onState(false);
            await stop().catch(() => undefined);
          };
        },
      }),
      exclusiveStartUp: (work) => work(),
      jobStore: {
        kind: 'in-process',
        // The queue's schema changes come as several statements in one text, which only exec() runs (a
        // parameterised query is one statement).
        async executeSql(text, values) {
          if (!values || values.length === 0) {
            const results = await client.exec(text);
            return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
          }
          const result = await client.query<Record<string, unknown>>(text, values);
          return { rows: result.rows };
        },
      },
      close: async () => {
        await client.close();
        await release?.();
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    await release?.();
    throw error;
  }
}
