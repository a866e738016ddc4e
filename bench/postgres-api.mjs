// The built API on a PostgreSQL database of its own, for the benchmarks that measure it there
// (bench/api.mjs, bench/api-portfolio.mjs): psql for loading and reading, the API started at a free port
// on 127.0.0.1, and one call of its.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
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
 * its settings. Answers its address, its process and its data folder, and how long after it was started it
 * answered /health and /ready (milliseconds); with `untilReady: false` it answers once /health does, while
 * the start-up work may still run. `stopApi` ends it.
 */
export async function startApi(url, env = {}, { untilReady = true } = {}) {
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
  const startedAt = performance.now();
  let exited = false;
  child.once('exit', () => (exited = true));
  const answers = (route) =>
    fetch(`${base}${route}`).then(
      (response) => response.ok,
      () => false,
    );
  // The API listens within its first second and answers /health at once; it serves calls once /ready says
  // its start-up work (migrations, the demo, the task history's baseline) is done: seconds on a quiet machine,
  // a minute or more on a busy one or a large database.
  let healthMs;
  for (let tries = 0; tries < 30000 && !exited; tries += 1) {
    if (healthMs === undefined && (await answers('/health'))) {
      healthMs = performance.now() - startedAt;
      if (!untilReady) return { url: base, child, dataDir, healthMs, startedAt };
    }
    if (healthMs !== undefined && (await answers('/ready'))) {
      return { url: base, child, dataDir, healthMs, readyMs: performance.now() - startedAt, startedAt };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
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

/**
 * fetch, sent again once when the connection it went out on turned out closed: psql and pgbench run
 * synchronously and hold the bench's event loop for seconds, meanwhile the server closes the idle kept-alive
 * connections, and the first request after finds one closed before it is answered.
 */
export async function fetchRetried(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** One call of the API; its `data`, or an error with its answer. */
export async function call(base, method, route, { token, body } = {}) {
  const response = await fetchRetried(`${base}/api/v1/${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}
