import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction callback receives; it offers the same queries as `Database`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' };

/**
 * Opens the database and applies pending migrations. PGlite has no lock between processes, so its data
 * directory is guarded by a lock file: a second server on the same DATA_DIR fails fast with a clear message
 * instead of corrupting the files.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // The server may end an idle connection (restart, failover, a dropped test database); the pool opens
    // a new one on the next query, so this is not fatal, but an unhandled 'error' event would crash.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = path.join(target.dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true });
    try {
      release = await lockfile.lock(dir, { stale: 15_000, update: 5_000, retries: 0, realpath: false });
    } catch (error) {
      if ((error as { code?: string }).code === 'ELOCKED') {
        throw new Error(
          `The embedded database in ${dir} is in use by another process. Stop it, or set DATA_DIR to another folder.`,
          { cause: error },
        );
      }
      throw error;
    }
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
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

export { schema };
