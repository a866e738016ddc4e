import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiRoot } from './platform/config/paths.js';

/** Runs a source entry point through tsx, as `npm start` runs the built one. */
function run(entry: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry, ...args], {
    cwd: apiRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function startServer(dataDir: string, env: Record<string, string> = {}) {
  const server = run('src/server.ts', { DATA_DIR: dataDir, ...env });
  const ready = new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())?.[1];
      if (port && server.output().includes('console API ready')) {
        clearInterval(check);
        resolve(Number(port));
      }
    }, 10);
    void server.exited.then((code) => {
      clearInterval(check);
      reject(new Error(`server exited with ${code}: ${server.output()}`));
    });
  });
  return { ...server, ready };
}

async function stop(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-recovery-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

// The lock is what these two are about, so they start without the demo: seeding it is most of a first start.
const withoutDemo = { SEED_DEMO: 'false' };

test('after kill -9 the server starts again at once on the same embedded database', async () => {
  const first = startServer(dataDir, withoutDemo);
  await first.ready;
  first.child.kill('SIGKILL');
  await first.exited;

  // No timing here (a loaded machine takes longer to boot): the lock is never retried, so a server that
  // did not take the dead owner's lock over would refuse to start with "in use by another process".
  const second = startServer(dataDir, withoutDemo);
  try {
    const port = await second.ready;
    expect(second.output()).not.toContain('in use by another process');
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(health.status).toBe(200);
    // A sign-in reads the database the dead server left: a refusal, not a failure, shows it answers.
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/authentication/web-app-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@harbourvine.example', password: 'Demo-pass-2026' }),
    });
    expect(login.status).toBe(401);
  } finally {
    await stop(second.child, second.exited);
  }
}, 120_000);

test('a running server still keeps a second one off its data folder', async () => {
  const first = startServer(dataDir, withoutDemo);
  try {
    await first.ready;
    const second = startServer(dataDir, withoutDemo);
    await expect(second.ready).rejects.toThrow(/in use by another process/);
  } finally {
    await stop(first.child, first.exited);
  }
}, 120_000);

test('without the demo, create-admin makes the first platform admin, refusing a weak password', async () => {
  const createAdmin = (password: string) =>
    run('src/cli/create-admin.ts', { DATA_DIR: dataDir, CONSOLE_ADMIN_PASSWORD: password }, [
      '--email',
      'root@company.example',
    ]);
  const weak = createAdmin('password1');
  expect(await weak.exited).toBe(1);
  expect(weak.output()).toMatch(/commonly used|heavily used/);

  const strong = createAdmin('Harbour-lights-at-dusk');
  expect(await strong.exited).toBe(0);
  expect(strong.output()).toContain('Created the platform admin root@company.example');
  expect(await createAdmin('Harbour-lights-at-dusk').exited).toBe(1);

  const server = startServer(dataDir, { SEED_DEMO: 'false' });
  try {
    const port = await server.ready;
    expect(server.output()).not.toContain('seeded the demo organisation');
    const signIn = (email: string, password: string) =>
      fetch(`http://127.0.0.1:${port}/api/v1/authentication/web-app-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    expect((await signIn('root@company.example', 'Harbour-lights-at-dusk')).status).toBe(200);
    expect((await signIn('platform@console.example', 'Demo-pass-2026')).status).toBe(401);
  } finally {
    await stop(server.child, server.exited);
  }
}, 90_000);
