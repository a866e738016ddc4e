import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import type { ErrorCode } from '@console/shared-sdk/contract';
import { demoSites } from './demo.js';
import type { paths } from './test/openapi-client/console-api.js';
import { createTestContext, demoPassword, fromNewAddress, type TestContext } from './test/helper.js';

// The client an integrator generates from the served document, kept as a test: its types are committed
// (test/openapi-client/console-api.d.ts, which the API's typecheck compiles with the calls below), a fresh
// generation must write the same file, and calls go through openapi-fetch with them. A change of the
// document rewrites the file on purpose, as it does the snapshot (openapi.test.ts):
// UPDATE_OPENAPI_CLIENT=1 npm test --workspace @console/api -- openapi.client

const clientFile = path.join(__dirname, 'test', 'openapi-client', 'console-api.d.ts');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/**
 * What an integrator's `npx openapi-typescript <document URL> -o console-api.d.ts` writes: the package's
 * own command, on the served document, run away from this package's Redocly settings as theirs would be.
 */
async function generated(): Promise<string> {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(reply.statusCode).toBe(200);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-client-'));
  try {
    await fs.writeFile(path.join(dir, 'openapi.json'), reply.body);
    const manifest = require.resolve('openapi-typescript/package.json');
    const { bin } = JSON.parse(await fs.readFile(manifest, 'utf8')) as { bin: Record<string, string> };
    const cli = path.join(path.dirname(manifest), bin['openapi-typescript'] ?? 'bin/cli.js');
    await promisify(execFile)(process.execPath, [cli, 'openapi.json', '-o', 'console-api.d.ts'], {
      cwd: dir,
    });
    return await fs.readFile(path.join(dir, 'console-api.d.ts'), 'utf8');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

test('the committed client types are what openapi-typescript generates from the served document', async () => {
  const fresh = await generated();
  if (process.env.UPDATE_OPENAPI_CLIENT === '1') await fs.writeFile(clientFile, fresh);
  // Told by the first line that differs, not by a diff of 20,000 lines.
  const committed = (await fs.readFile(clientFile, 'utf8')).split('\n');
  const lines = fresh.split('\n');
  const first = lines.findIndex((line, index) => line !== committed[index]);
  expect(
    first === -1 && lines.length === committed.length
      ? 'the same'
      : `line ${first + 1} is now ${lines[first] ?? '(the end)'}; UPDATE_OPENAPI_CLIENT=1 rewrites the file`,
  ).toBe('the same');
});

/** fetch for openapi-fetch that goes through the app in this process instead of a socket. */
async function injected(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const reply = await ctx.app.inject({
    method: request.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(request.headers),
    ...(body ? { payload: body } : {}),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value !== undefined) headers.set(name, String(value));
  }
  return new Response(reply.rawPayload, { status: reply.statusCode, headers });
}

test('a generated client signs in, lists and reads a record, and reads an error as the error body', async () => {
  const client = createClient<paths>({ baseUrl: 'http://console.test', fetch: injected });

  const signIn = await client.POST('/api/v1/authentication/web-app-login', {
    body: { email: 'owner@harbourvine.example', password: demoPassword },
    headers: fromNewAddress(),
  });
  expect(signIn.response.status).toBe(200);
  const accessToken = signIn.data?.data.accessToken;
  if (!accessToken) throw new Error(`sign-in failed: ${JSON.stringify(signIn.error)}`);
  const signedIn = { authorization: accessToken };

  const list = await client.GET('/api/v1/site-panel/web-app-list', {
    params: { query: { sort: 'name', limit: 2 } },
    headers: signedIn,
  });
  expect(list.response.status).toBe(200);
  const page = list.data?.data;
  expect(page).toMatchObject({ page: 1, limit: 2, records: 3 });
  expect(page?.list.map((site) => site.name)).toEqual([demoSites.brooklyn.name, demoSites.brighton.name]);

  const siteId = page?.list[0]?._id ?? '';
  const record = await client.GET('/api/v1/site-panel/find-one/{id}', {
    params: { path: { id: siteId } },
    headers: signedIn,
  });
  expect(record.response.status).toBe(200);
  expect(record.data?.data._id).toBe(siteId);
  expect(record.data?.data.name).toBe(demoSites.brooklyn.name);

  const missing = await client.GET('/api/v1/site-panel/find-one/{id}', {
    params: { path: { id: '01890000-0000-7000-8000-000000000000' } },
    headers: signedIn,
  });
  expect(missing.response.status).toBe(404);
  // The error is typed as the document's ErrorBody: its code is one of the API's (the typecheck says so).
  const code: ErrorCode | undefined = missing.error?.error;
  expect(code).toBe('NOT_FOUND');

  const invalid = await client.GET('/api/v1/site-panel/web-app-list', {
    params: { query: { limit: 1000 } },
    headers: signedIn,
  });
  expect(invalid.response.status).toBe(400);
  expect(Object.keys(invalid.error?.details?.fieldErrors ?? {})).toEqual(['limit']);
});

test('the generated types refuse a call the API does not take', () => {
  const client = createClient<paths>({ baseUrl: 'http://console.test', fetch: injected });
  // Checked by the API's typecheck, which compiles this file: each line below must stay an error.
  const refused = () => [
    // @ts-expect-error no such path
    client.GET('/api/v1/site-panel/no-such-call'),
    // @ts-expect-error sign-in needs a password
    client.POST('/api/v1/authentication/web-app-login', { body: { email: 'owner@harbourvine.example' } }),
    // @ts-expect-error a record's id is a path parameter
    client.GET('/api/v1/site-panel/find-one/{id}', { params: { query: { id: 'x' } } }),
  ];
  expect(typeof refused).toBe('function');
});
