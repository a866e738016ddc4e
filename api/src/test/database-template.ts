import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

// Jest loads a global set-up without the tests' module mapping, so this file imports nothing of the API's
// (whose paths module reads import.meta) and finds the migrations from its own folder.
const migrationsFolder = path.resolve(__dirname, '..', '..', 'drizzle');

/** The environment variable naming the migrated PGlite data folder the global set-up dumped. */
const pgliteTemplateVariable = 'CONSOLE_TEST_PGLITE_TEMPLATE';
/** The environment variable naming the migrated PostgreSQL database the global set-up made. */
const postgresTemplateVariable = 'CONSOLE_TEST_POSTGRES_TEMPLATE';
const postgresTemplatePrefix = 'console_test_template_';

/** The migrated data folder to start a test's PGlite from, when the global set-up made one. */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = process.env[pgliteTemplateVariable];
  if (!file) return undefined;
  const bytes = await fs.promises.readFile(file).catch(() => undefined);
  return bytes ? new Blob([bytes]) : undefined;
}

/** The migrated database a test's PostgreSQL database is copied from, when the global set-up made one. */
export function postgresTemplate(): string | undefined {
  const name = process.env[postgresTemplateVariable];
  return name && /^[a-z0-9_]+$/.test(name) ? name : undefined;
}

/** PGlite's version, from the package.json above its entry point (its exports do not include it). */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A digest of every migration, so a changed or added one makes a new template. */
function migrationsDigest(...extra: string[]): string {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(part);
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function makePgliteTemplate() {
  const folder = path.join(os.tmpdir(), 'console-test-pglite');
  const file = path.join(folder, `${migrationsDigest(pgliteVersion())}.tar`);
  if (!fs.existsSync(file)) {
    const client = new PGlite();
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    fs.mkdirSync(folder, { recursive: true });
    // Written aside and renamed, so a run started beside this one never reads half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  process.env[pgliteTemplateVariable] = file;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function makePostgresTemplate(url: string) {
  const name = `${postgresTemplatePrefix}${migrationsDigest()}`;
  const existing = await withClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${postgresTemplatePrefix}%`],
    );
    return rows.map((row) => row.datname);
  });
  if (!existing.includes(name)) {
    // Migrated under a name of its own and renamed when complete, so a set-up killed half-way never leaves a
    // template that looks finished.
    const partial = `${name}_${process.pid}`;
    await withClient(url, (client) => client.query(`create database ${partial}`));
    const partialUrl = new URL(url);
    partialUrl.pathname = `/${partial}`;
    const pool = new pg.Pool({ connectionString: partialUrl.toString(), max: 1 });
    try {
      await migratePostgres(drizzlePostgres(pool), { migrationsFolder });
    } finally {
      await pool.end();
    }
    await withClient(url, (client) => client.query(`alter database ${partial} rename to ${name}`));
  }
  // Templates of earlier migrations (and partial ones of killed set-ups) are not needed again; one in use by
  // a run beside this one stays.
  for (const stale of existing.filter((datname) => datname !== name)) {
    await withClient(url, (client) => client.query(`drop database if exists ${stale}`)).catch(
      () => undefined,
    );
  }
  process.env[postgresTemplateVariable] = name;
}

/**
 * Every test file opens a database of its own. Making one from nothing costs seconds of a busy CI core per
 * file: on PGlite initdb and every migration, on PostgreSQL every migration. The migrated database is made
 * once per run instead (kept between runs under a name drawn from the migrations, and PGlite's version: a
 * changed migration makes a new one) and named to the test files through the environment: a PGlite data
 * folder each file loads, or a PostgreSQL database each file's is created from.
 */
export default async function makeDatabaseTemplate() {
  const url = process.env.DATABASE_URL;
  if (url) await makePostgresTemplate(url);
  else await makePgliteTemplate();
}
