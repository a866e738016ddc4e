// The built API on a PostgreSQL database of its own, for the benchmarks that measure it there
// (bench/api.mjs, bench/api-portfolio.mjs): psql for loading and reading, the API started at a free port
// on 127.0.0.1, and one call of its.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';

/** The server where scratch databases are made and dropped (BENCH_DATABASE_URL). */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of database `name` on the admin URL's server. */
export function databaseUrl(name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `sql` through psql on `url` and answers its output, unaligned, tuples only. */
export function psql(url, sql) {
  // The statements go in on stdin: a thousand rows' insert is longer than one command-line argument may be.
  // (Twelve thousand tasks' ids come back: more than spawnSync's 1 MB of output by default.)
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAt'], {
    input: sql,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`psql failed: ${result.stderr || result.error?.message || `signal ${result.signal}`}`);
  return result.stdout.trim();
}

/** A port nothing listens on now, so the API can be started quiet (no request logging) at a known address. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built API (api/dist) on the database at `url`, seeding the demo if it is empty. `env` adds to
 * its settings. Answers its address, its process and its data folder; `stopApi` ends it.
 */
export async function startApi(url, env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-api-'));
  const port = await freePort();
  // BENCH_CPU_PROFILE=<folder>: the API runs under V8's profiler, which writes its profile there when the
  // bench stops it (bench/profile-summary.mjs reads it).
  const profiling = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE)}`]
    : [];
  const child = spawn(process.execPath, [...profiling, path.join(root, 'api', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_DEMO: 'true',
      // Request logging would be measured along with the API.
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  // Seeding the demo takes seconds on a quiet machine and a minute or more on a busy one.
  for (let tries = 0; tries < 3000 && !exited; tries += 1) {
    const up = await fetch(`${base}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url: base, child, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the API did not start');
}

/** Ends an API `startApi` started, and removes its data folder. */
export async function stopApi(api) {
  if (api.child.exitCode === null) {
    api.child.kill('SIGTERM');
    await new Promise((resolve) => api.child.once('exit', resolve));
  }
  fs.rmSync(api.dataDir, { recursive: true, force: true });
}

/** One call of the API; its `data`, or an error with its answer. */
export async function call(base, method, route, { token, body } = {}) {
  const response = await fetch(`${base}/api/v1/${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}
