import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { apiRoot } from '../platform/config/paths.js';

// Real API processes for the tests that are about processes: several instances on one PostgreSQL, and what
// a kill -9 leaves behind. Each runs the source server through tsx, as `npm start` runs the built one.

/** A server process on `databaseUrl`, its port once it is ready, and how to stop (or kill) it. */
export function startServer(databaseUrl: string, dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('console API ready')) {
        clearInterval(check);
        resolve(Number(port));
      }
    }, 10);
    void exited.then((code) => {
      clearInterval(check);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { ready, stop, output: () => output };
}

/** A new empty database on the PostgreSQL of DATABASE_URL, and how to drop it. */
export async function emptyDatabase(prefix: string) {
  const url = process.env.DATABASE_URL;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(url ?? '');
  databaseUrl.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return { url: databaseUrl.toString(), drop };
}

/** Waits for the work to be done (not for a time); the limit only ends a test that would hang. */
export async function until(done: () => Promise<boolean>, what: string, waitMs = 150_000) {
  for (let waited = 0; waited < waitMs; waited += 200) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * Near misses reported at Brighton, raised but not yet fanned out: what an instance that starts owes (its
 * dispatch runs at its start). Their dedupe keys start with `prefix`.
 */
export async function insertWaitingNearMisses(db: pg.Client, prefix: string, count: number) {
  await db.query(
    `insert into alert_events (id, org_id, site_id, kind, subject, record_id, dedupe_key, title, occurred_at, created_at)
     select gen_random_uuid(), s.org_id, s.id, 'NEAR_MISS_REPORTED', 'NearMiss', gen_random_uuid(),
            $1 || n, 'Near miss ' || n || ' reported at Brighton', now(), now()
       from sites s, generate_series(1, $2::int) as n
      where s.name like '%Brighton%'`,
    [prefix, count],
  );
}
