import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiRoot } from './platform/config/paths.js';
import { demoLogins, demoPassword } from './demo.js';

/** Starts the real server (sources through tsx) and resolves once it says it is ready. */
function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const seen = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => (output.includes(text) ? resolve() : setTimeout(check, 2));
      check();
    });
  const ready = new Promise<{ port: number; output: () => string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('console API ready')) resolve({ port: Number(port), output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const listening = seen('listening at').then(() =>
    Number(/listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]),
  );
  return { child, ready, seen, listening };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-server-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

test('on SIGTERM the server finishes the request in flight, exits cleanly and frees its data folder', async () => {
  const first = startServer(dataDir);
  // It listens before it opens the database and seeds the demo: alive at once, saying what it waits for,
  // and asking calls to come back (unless the app is built already, which answers them itself).
  const early = `http://127.0.0.1:${await first.listening}`;
  const health = await fetch(`${early}/health`);
  expect(health.status).toBe(200);
  const starting = await fetch(`${early}/ready`);
  expect(starting.status).toBe(503);
  expect(await starting.json()).toEqual({
    status: 'starting',
    waitingFor: expect.arrayContaining([expect.any(String)]),
  });
  const call = await fetch(`${early}/api/v1/user-profile/view-me`);
  expect([401, 503]).toContain(call.status);
  if (call.status === 503) {
    expect(call.headers.get('retry-after')).toBe('5');
    expect(await call.json()).toMatchObject({ status: false, error: 'SERVER_BUSY' });
  }

  const { port, output } = await first.ready;
  expect(output()).toContain('seeded the demo organisation');
  const ready = await fetch(`http://127.0.0.1:${port}/ready`);
  expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);

  // Sign-in spends a hundred milliseconds hashing, so it is still running when the signal arrives.
  const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/authentication/web-app-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoLogins.organizationAdmin, password: demoPassword }),
  });
  // Its own "incoming request" line (the ready check above logged one too).
  await first.seen('"url":"/api/v1/authentication/web-app-login"');
  first.child.kill('SIGTERM');
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await exited(first.child)).toBe(0);

  // The lock is released and the data kept: a second server starts on the same folder without reseeding.
  const second = startServer(dataDir);
  const again = await second.ready;
  expect(again.output()).not.toContain('seeded the demo organisation');
  const login = await fetch(`http://127.0.0.1:${again.port}/api/v1/authentication/web-app-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoLogins.siteAdmin, password: demoPassword }),
  });
  expect(login.status).toBe(200);
  second.child.kill('SIGTERM');
  expect(await exited(second.child)).toBe(0);
}, 240_000);

test('a second server on a data folder in use refuses to start, with a clear message', async () => {
  const first = startServer(dataDir);
  await first.ready;
  const second = startServer(dataDir);
  await expect(second.ready).rejects.toThrow(/in use by another process/);
  first.child.kill('SIGTERM');
  expect(await exited(first.child)).toBe(0);
}, 240_000);
