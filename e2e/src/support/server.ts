import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface RunningConsole {
  url: string;
  dataDir: string;
  pid: number;
  /** The PostgreSQL database it runs on (made for it, dropped by `stop`), when E2E_DATABASE_URL is set. */
  database: OwnDatabase | null;
  stop(): Promise<void>;
}

/** A database made on the E2E_DATABASE_URL server for one console, and where to drop it from. */
export interface OwnDatabase {
  serverUrl: string;
  name: string;
}

/**
 * With E2E_DATABASE_URL set, the console runs on a fresh database of that PostgreSQL server, seeded with the
 * demo like the embedded one, so the browser tests can run on PostgreSQL too (`npm test -- --database-only`
 * runs the kitchen's with it). Without, on PGlite in its data folder, as `npm start` does.
 */
async function ownDatabase(): Promise<{ database: OwnDatabase; url: string } | null> {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `console_e2e_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { database: { serverUrl, name }, url: url.toString() };
}

export async function dropDatabase({ serverUrl, name }: OwnDatabase) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the built console (API + shell + remotes, as `npm start` serves them) on a free port with its
 * own data folder and the demo data; `env` adds settings such as REMOTES.
 */
export async function startConsole(env: Record<string, string> = {}): Promise<RunningConsole> {
  const server = path.join(repoRoot, 'api', 'dist', 'server.js');
  for (const built of [server, path.join(repoRoot, 'shell', 'dist', 'index.html')]) {
    if (!fs.existsSync(built))
      throw new Error(`${built} is missing: run the tests with \`npm test\`, which builds first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const own = await ownDatabase();
  const child: ChildProcess = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(own ? { DATABASE_URL: own.url, SEED_DEMO: 'true' } : { DATABASE_URL: '' }),
      LOG_LEVEL: 'info',
      // The demo's sensors would add readings while the tests count them.
      DEMO_SENSORS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A server that did not come up is stopped, or it would keep the test run from ending. Seeding the demo
    // takes seconds on an idle machine but minutes on a busy two-core one: the limit only catches a hang.
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`console did not start in time:\n${output}`));
    }, 5 * 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('console API ready')) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`console exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    database: own?.database ?? null,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (own) await dropDatabase(own.database);
    },
  };
}
