import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiRoot } from './platform/config/paths.js';
import { demoLogins } from './demo.js';

// Several API instances starting together on one empty PostgreSQL (issue 22, the attack's findings): each
// migrates, adds the library and seeds the demo under the start-up advisory lock, so none of them meets
// another's half-made tables and the demo is seeded once. PostgreSQL only: PGlite is one process's.

const url = process.env.DATABASE_URL;
const onPostgres = url ? test : test.skip;

function startServer(databaseUrl: string, dataDir: string) {
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { ready, stop, output: () => output };
}

onPostgres(
  'two instances starting at once on an empty database both come up, and the demo is seeded once',
  async () => {
    const name = `console_instances_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = new URL(url ?? '');
    databaseUrl.pathname = `/${name}`;
    const dirs = await Promise.all([1, 2].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'console-instance-'))));
    const servers = dirs.map((dir) => startServer(databaseUrl.toString(), dir));
    try {
      const ports = await Promise.all(servers.map((server) => server.ready));
      const seeded = servers.filter((server) => server.output().includes('seeded the demo organisation'));
      expect(seeded).toHaveLength(1);
      for (const port of ports) {
        const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        expect(health.status).toBe(200);
      }
      const client = new pg.Client({ connectionString: databaseUrl.toString() });
      await client.connect();
      try {
        const owners = await client.query('select count(*)::int as n from users where lower(email) = $1', [
          demoLogins.organizationAdmin,
        ]);
        expect(owners.rows[0].n).toBe(1);
        const organisations = await client.query('select count(*)::int as n from organizations');
        expect(organisations.rows[0].n).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
  120_000,
);
