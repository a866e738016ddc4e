import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { registerCompression } from '../http/compression.js';
import { registerErrorHandling } from '../http/error-handler.js';
import sdkManifest from '@console/shared-sdk/package.json' with { type: 'json' };
import { registerWeb } from './web.js';

let webRoot: string;

async function write(file: string, content: string | Buffer) {
  await fs.mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
  await fs.writeFile(path.join(webRoot, file), content);
}

/** A file with the copies a production build writes beside it (shared-sdk/webpack/config.cjs). */
async function writeWithCopies(file: string, content: string) {
  await write(file, content);
  const brotli11 = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
  await write(`${file}.br`, zlib.brotliCompressSync(content, brotli11));
  await write(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

/** Enough script that brotli's densest level and the server's own level give different bytes. */
const shellScript = Array.from(
  { length: 400 },
  (_, n) => `export function f${n}(a){return a*${(n * 7) % 13}+"${n.toString(36)}";}`,
).join('\n');

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'console-web-'));
  await write('shell/dist/index.html', '<!doctype html><title>Compliance Console</title>');
  await write('shell/dist/main.0123abcd.js', 'console.log("shell")');
  await writeWithCopies('shell/dist/index.0123abcd.js', shellScript);
  await writeWithCopies('shell/dist/login.html', '<!doctype html><title>Sign in</title>');
  await write('mfe-equipment/dist/mf-manifest.json', '{"name":"mfe_equipment"}');
  await writeWithCopies('mfe-equipment/dist/remote.json', '{"title":"Equipment"}');
  await write('mfe-equipment/dist/remoteEntry.js', 'var mfe_equipment;');
  // A remote that was never built is not offered.
  await write('mfe-reports/package.json', '{}');
  await writeWithCopies(
    'kitchen/dist/index.html',
    '<!doctype html><title>Kitchen · Compliance Console</title>',
  );
  await writeWithCopies('kitchen/dist/main.89abcdef.js', shellScript);
  await writeWithCopies('kitchen/dist/sw.js', 'self.addEventListener("push", () => {});');
  await write(
    'kitchen/dist/manifest.webmanifest',
    '{"name":"Kitchen — Compliance Console","scope":"/kitchen/"}',
  );
  await write('kitchen/dist/icons/icon-192.png', 'png');
});
afterAll(() => fs.rm(webRoot, { recursive: true, force: true }));

async function appWith(remotes?: string, overrideOrigins?: string[]) {
  const app = Fastify();
  registerErrorHandling(app);
  // As the app registers it: before the console's files, which are then sent as their copies are.
  await registerCompression(app);
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

const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

test('a script goes as its build-time brotli copy to a browser, gzip to a gzip-only client, as it is otherwise', async () => {
  const app = await appWith();
  const copy = (suffix: string) => fs.readFile(path.join(webRoot, `shell/dist/index.0123abcd.js${suffix}`));

  const br = await app.inject({ url: '/index.0123abcd.js', headers: browser });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(br.headers.vary).toContain('accept-encoding');
  // The build's copy, byte for byte: not compressed again by the server.
  expect(br.rawPayload).toEqual(await copy('.br'));
  // Still the hashed file, cached for good, though the file sent is named .br.
  expect(br.headers['cache-control']).toContain('immutable');

  const gzip = await app.inject({ url: '/index.0123abcd.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(shellScript);

  const plain = await app.inject({ url: '/index.0123abcd.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toContain('accept-encoding');
  expect(plain.body).toBe(shellScript);
});

test('a remote’s files keep their CORS and revalidation when sent compressed', async () => {
  const app = await appWith();
  const reply = await app.inject({ url: '/remotes/mfe-equipment/remote.json', headers: browser });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-encoding']).toBe('br');
  expect(reply.headers['access-control-allow-origin']).toBe('*');
  expect(reply.headers['cache-control']).toBe('no-cache');
  expect(JSON.parse(zlib.brotliDecompressSync(reply.rawPayload).toString())).toEqual({ title: 'Equipment' });
});

test('pages still revalidate when compressed, and deep links still get the shell page', async () => {
  const app = await appWith();
  const page = await app.inject({ url: '/login.html', headers: browser });
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers['cache-control']).toBe('no-cache');
  // The shell page for a deep link is small and has no copy of its own: compressed as it is sent.
  const deepLink = await app.inject({ url: '/dashboard/sites', headers: browser });
  expect(deepLink.statusCode).toBe(200);
  expect(deepLink.headers['cache-control']).toBe('no-cache');
  expect(deepLink.headers.vary).toContain('accept-encoding');
  const html =
    deepLink.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(deepLink.rawPayload).toString()
      : deepLink.body;
  expect(html).toContain('Compliance Console');
  expect((await app.inject({ url: '/remotes.json', headers: browser })).statusCode).toBe(200);
});

describe('the kitchen app at /kitchen/', () => {
  const kitchenPage = (html: string) => expect(html).toContain('Kitchen · Compliance Console');

  test('/kitchen, /kitchen/ and any screen’s address answer the kitchen’s page, not the console’s', async () => {
    const app = await appWith();
    for (const url of [
      '/kitchen',
      '/kitchen/',
      '/kitchen/today',
      '/kitchen/task/a1/b2',
      '/kitchen/?enrol=48219375',
    ]) {
      const reply = await app.inject(url);
      expect({ url, status: reply.statusCode }).toEqual({ url, status: 200 });
      kitchenPage(reply.body);
      expect(reply.headers['content-type']).toMatch(/text\/html/);
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
    // The console's own deep links still open the console.
    expect((await app.inject('/dashboard/sites')).body).toContain('<title>Compliance Console</title>');
  });

  test('its hashed scripts are kept for good and sent as the build’s brotli copy', async () => {
    const app = await appWith();
    const reply = await app.inject({ url: '/kitchen/main.89abcdef.js', headers: browser });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(reply.rawPayload).toString()).toBe(shellScript);
  });

  test('the service worker and the manifest are revalidated, so a new version reaches every device', async () => {
    const app = await appWith();
    const worker = await app.inject({ url: '/kitchen/sw.js', headers: browser });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    // A worker runs under the policy it came with: it must be allowed to fetch the app's files.
    expect(worker.headers['content-security-policy']).toBe("default-src 'self'");
    const manifest = await app.inject('/kitchen/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body)).toMatchObject({ scope: '/kitchen/' });
    expect((await app.inject('/kitchen/icons/icon-192.png')).statusCode).toBe(200);
  });

  test('a file it does not have is a 404, not its page', async () => {
    const app = await appWith();
    const missing = await app.inject('/kitchen/missing.0123abcd.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, error: 'NOT_FOUND' });
    expect((await app.inject('/kitchen/icons/nope.png')).statusCode).toBe(404);
  });

  test('without a kitchen build, /kitchen is the console’s page as before', async () => {
    const bare = await fs.mkdtemp(path.join(os.tmpdir(), 'console-web-'));
    await fs.mkdir(path.join(bare, 'shell', 'dist'), { recursive: true });
    await fs.writeFile(path.join(bare, 'shell', 'dist', 'index.html'), '<title>Compliance Console</title>');
    const app = Fastify();
    registerErrorHandling(app);
    await registerWeb(app, { webRoot: bare });
    expect((await app.inject('/kitchen')).body).toContain('<title>Compliance Console</title>');
    await fs.rm(bare, { recursive: true, force: true });
  });
});
