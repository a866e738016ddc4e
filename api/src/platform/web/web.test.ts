import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { registerErrorHandling } from '../http/error-handler.js';
import sdkManifest from '@console/shared-sdk/package.json' with { type: 'json' };
import { registerWeb } from './web.js';

let webRoot: string;

async function write(file: string, content: string) {
  await fs.mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
  await fs.writeFile(path.join(webRoot, file), content);
}

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'console-web-'));
  await write('shell/dist/index.html', '<!doctype html><title>Compliance Console</title>');
  await write('shell/dist/main.0123abcd.js', 'console.log("shell")');
  await write('mfe-equipment/dist/mf-manifest.json', '{"name":"mfe_equipment"}');
  await write('mfe-equipment/dist/remoteEntry.js', 'var mfe_equipment;');
  // A remote that was never built is not offered.
  await write('mfe-reports/package.json', '{}');
});
afterAll(() => fs.rm(webRoot, { recursive: true, force: true }));

async function appWith(remotes?: string, overrideOrigins?: string[]) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/api/v1/health', async () => ({ status: 'ok' }));
  await registerWeb(app, { webRoot, remotes, overrideOrigins });
  return app;
}

test('remotes.json lists every built remote, served from this origin, and the console’s SDK version', async () => {
  const app = await appWith();
  const reply = await app.inject('/remotes.json');
  expect(reply.statusCode).toBe(200);
  expect(reply.json()).toEqual({
    console: { sdkVersion: sdkManifest.version, remoteOverrideOrigins: [] },
    remotes: { 'mfe-equipment': '/remotes/mfe-equipment/mf-manifest.json' },
  });
  expect(reply.headers['cache-control']).toBe('no-cache');
});

test('remotes.json says where a developer’s browser may override a remote from', async () => {
  const app = await appWith(undefined, ['http://localhost:*']);
  const { console } = (await app.inject('/remotes.json')).json<{ console: Record<string, unknown> }>();
  expect(console.remoteOverrideOrigins).toEqual(['http://localhost:*']);
});

test('REMOTES repoints a remote and adds others without a rebuild', async () => {
  const app = await appWith(
    '{"mfe-equipment":"https://cdn.example.com/equipment/2.0.0/mf-manifest.json","mfe-logs":"https://cdn.example.com/logs/mf-manifest.json"}',
  );
  expect((await app.inject('/remotes.json')).json().remotes).toEqual({
    'mfe-equipment': 'https://cdn.example.com/equipment/2.0.0/mf-manifest.json',
    'mfe-logs': 'https://cdn.example.com/logs/mf-manifest.json',
  });
});

test('a malformed REMOTES setting stops start-up with a clear message', async () => {
  await expect(appWith('{"Bad Name": 3}')).rejects.toThrow(/REMOTES must be a JSON object/);
});

test('remote files are served with CORS for integrators on other origins', async () => {
  const app = await appWith();
  const reply = await app.inject('/remotes/mfe-equipment/remoteEntry.js');
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['access-control-allow-origin']).toBe('*');
  expect(reply.headers['cache-control']).toBe('no-cache');
});

test('hashed shell files are cached for good; deep links get the shell page', async () => {
  const app = await appWith();
  const script = await app.inject('/main.0123abcd.js');
  expect(script.headers['cache-control']).toContain('immutable');
  const deepLink = await app.inject('/dashboard/sites');
  expect(deepLink.statusCode).toBe(200);
  expect(deepLink.body).toContain('Compliance Console');
  expect(deepLink.headers['cache-control']).toBe('no-cache');
});

test('unknown API paths and missing remote files still answer 404, not the page', async () => {
  const app = await appWith();
  const api = await app.inject('/api/v1/nope');
  expect(api.statusCode).toBe(404);
  expect(api.json()).toMatchObject({ status: false, error: 'NOT_FOUND' });
  expect((await app.inject('/remotes/mfe-equipment/missing.js')).statusCode).toBe(404);
});
