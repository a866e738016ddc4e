// A domain team outside this repository: a remote and a backend of its own, written by the starter into a
// folder of its own, on the SDK's published package, type-checked, tested and built there; the backend serves
// the build and the domain's API from one address with its own database, and is registered in /remotes.json
// (REMOTES) of the console's unchanged build. The remote declares its subject ("Allergen", one the SDK was
// built without): the console learns it, and the rules it gives each person decide in the shell and in the
// backend alike.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext, signIn } from './support/browser';
import { linkMailedTo } from './support/outbox';
import {
  buildOutsideRemote,
  freePort,
  startDomainBackend,
  type DomainBackend,
  type OutsideRemote,
} from './support/outside-remote';
import {
  buildCanaryRemote,
  copyWithMetadata,
  filesUnder,
  hostRemotes,
  type StaticHost,
} from './support/remote-fixture';
import { repoRoot, startConsole, type RunningConsole } from './support/server';

const sdkVersion = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared-sdk', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** What the console under test runs: the repository's own build of the API and the shell. */
const consoleBuild = () => {
  const hash = crypto.createHash('sha256');
  for (const file of ['shell', 'api'].flatMap((part) => filesUnder(path.join(repoRoot, part, 'dist'))))
    hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex');
};

let consoleBuildBefore: string;
let browser: Browser;
let outside: OutsideRemote;
let backend: DomainBackend;
let cdn: StaticHost;
let running: RunningConsole;
beforeAll(async () => {
  consoleBuildBefore = consoleBuild();
  browser = await launchBrowser();
  // Packing the SDK, then the remote's own typecheck, tests and build (cached between runs).
  outside = buildOutsideRemote();
  // The domain is deployed first, trusting the console's address; the console learns its subject at start.
  const consolePort = await freePort();
  backend = await startDomainBackend(outside, `http://127.0.0.1:${consolePort}`);
  cdn = await hostRemotes({ 'allergens-dev': outside.dist });
  running = await startConsole({
    PORT: String(consolePort),
    REMOTES: JSON.stringify({ 'mfe-allergens': `${backend.url}/mf-manifest.json` }),
    REMOTE_OVERRIDE_ORIGINS: 'http://127.0.0.1:*',
  });
}, 600_000);
afterAll(async () => {
  await running?.stop();
  await backend?.stop();
  await cdn?.close();
  await browser?.close();
});

/** Signs in to the console's API as `email`; its access token. */
async function accessTokenOf(email: string): Promise<string> {
  const answer = await fetch(`${running.url}/api/v1/authentication/web-app-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A call to the domain's backend with a console token; its status and body. */
async function callBackend(token: string, route: string, body?: unknown) {
  const answer = await fetch(`${backend.url}/api/allergens${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as { data?: unknown } };
}

/** Brighton, as the demo's site admin runs it. */
async function brightonId(token: string): Promise<string> {
  const sites = (await (
    await fetch(`${running.url}/api/v1/site-panel/simple-list`, { headers: { authorization: token } })
  ).json()) as { data: { _id: string; name: string }[] };
  const brighton = sites.data.find((site) => site.name.startsWith('The Harbour Kitchen, Brighton'));
  if (!brighton) throw new Error('the demo has no Brighton site');
  return brighton._id;
}

async function page(): Promise<Page> {
  return (await newContext(browser)).newPage();
}

const menu = (p: Page) => p.getByRole('navigation', { name: 'Main menu' }).last();

/** Signs in as the platform admin and works in the demo organisation. */
async function signInAsPlatformAdmin(p: Page, base = running.url) {
  await signIn(p, logins.platformAdmin, base);
  await p.goto(`${base}/dashboard/organizations`);
  await p.getByRole('button', { name: 'Work in Harbour & Vine Hospitality' }).click();
  await p.getByText('Acting in Harbour & Vine Hospitality').waitFor();
}

test('the starter wrote the standalone entry, its tests, its description and its backend, and the build published it', () => {
  expect(outside.dir.startsWith(`${repoRoot}${path.sep}`)).toBe(false);
  for (const file of [
    'src/index.ts',
    'src/bootstrap.tsx',
    'src/screens/allergens.test.tsx',
    'src/routes.test.ts',
    'server/index.mjs',
  ])
    expect(fs.existsSync(path.join(outside.dir, file))).toBe(true);
  // The standalone page (built from src/index.ts) and the console's build, beside the published description.
  for (const file of ['index.html', 'remoteEntry.js', 'remoteEntry.shared-runtime.js', 'mf-manifest.json'])
    expect(fs.existsSync(path.join(outside.dist, file))).toBe(true);
  const published = JSON.parse(fs.readFileSync(path.join(outside.dist, 'remote.json'), 'utf8')) as {
    requires: string;
    routes: { subject: string }[];
    subjects: { name: string; defaults: Record<string, string[]> }[];
  };
  expect(published.requires).toBe(`^${sdkVersion}`);
  expect(published.routes[0]?.subject).toBe('Allergen');
  expect(published.subjects).toEqual([
    expect.objectContaining({
      name: 'Allergen',
      defaults: { ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: ['read'] },
    }),
  ]);
});

test('/remotes.json says which SDK the console runs and lists the outside remote', async () => {
  const listing = (await (await fetch(`${running.url}/remotes.json`)).json()) as {
    console: { sdkVersion: string };
    remotes: Record<string, string>;
  };
  expect(listing.console.sdkVersion).toBe(sdkVersion);
  expect(listing.remotes['mfe-allergens']).toBe(`${backend.url}/mf-manifest.json`);
});

test('an organisation admin sees the declared subject, adds an allergen for a site and reads it back after a reload', async () => {
  const p = await page();
  const errors: string[] = [];
  p.on('pageerror', (error) => errors.push(error.message));
  await signIn(p, logins.organizationAdmin, running.url);
  await menu(p).getByRole('link', { name: 'Allergens' }).click();
  await p.getByRole('heading', { name: 'Allergens', level: 1 }).waitFor();
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: /^The Harbour Kitchen, Brighton/ }).click();
  await p.getByText('No allergens on this site yet.').waitFor();
  await p.getByLabel('Name').fill('Sesame');
  await p.getByRole('button', { name: 'Add allergen' }).click();
  const list = p.getByRole('list', { name: 'Allergens' });
  await list.getByText('Sesame').waitFor();
  await p.reload();
  await list.getByText('Sesame').waitFor();
  expect(errors).toEqual([]);
  await p.context().close();
});

test('a site admin reads the allergens without a way to add one, and the backend refuses their POST', async () => {
  const p = await page();
  await signIn(p, logins.siteAdmin, running.url);
  await menu(p).getByRole('link', { name: 'Allergens' }).click();
  await p.getByRole('list', { name: 'Allergens' }).getByText('Sesame').waitFor();
  expect(await p.getByRole('button', { name: 'Add allergen' }).count()).toBe(0);
  await p.context().close();

  const token = await accessTokenOf(logins.siteAdmin);
  const brighton = await brightonId(token);
  const listed = await callBackend(token, `?siteID=${brighton}`);
  expect(listed.body.data).toEqual([expect.objectContaining({ name: 'Sesame', siteID: brighton })]);
  expect((await callBackend(token, '', { siteID: brighton, name: 'Mustard' })).status).toBe(403);
});

test("another organisation's admin gets nothing of the first organisation's from the backend, and a made-up token none", async () => {
  const siteAdmin = await accessTokenOf(logins.siteAdmin);
  const brighton = await brightonId(siteAdmin);
  const [sesame] = (await callBackend(siteAdmin, `?siteID=${brighton}`)).body.data as { id: string }[];

  // A second organisation, made by the platform admin; its admin sets a password from the invitation.
  const email = 'owner@quayside-bakery.example';
  const since = Date.now();
  const created = await fetch(`${running.url}/api/v1/organization/create-new-one`, {
    method: 'POST',
    headers: {
      authorization: await accessTokenOf(logins.platformAdmin),
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name: 'Quayside Bakery',
      admin: { firstName: 'Tom', lastName: 'Baker', email },
    }),
  });
  expect(created.status).toBe(200);
  const link = await linkMailedTo(email, since, path.join(running.dataDir, 'outbox'));
  const passwordSet = await fetch(`${running.url}/api/v1/authentication/reset-password`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: new URL(link, running.url).searchParams.get('token'),
      password: demoPassword,
    }),
  });
  expect(passwordSet.status).toBe(200);
  const other = await accessTokenOf(email);

  expect((await callBackend(other, `?siteID=${brighton}`)).body.data).toEqual([]);
  expect((await callBackend(other, '')).body.data).toEqual([]);
  expect((await callBackend(other, `/${sesame?.id}`)).status).toBe(404);
  expect((await callBackend(siteAdmin, `/${sesame?.id}`)).status).toBe(200);
  // A record names a site of its author's organisation, which the console lists; nothing is kept otherwise.
  const foreign = await callBackend(other, '', { siteID: brighton, name: 'Gluten', orgId: 'someone-else' });
  expect(foreign.status).toBe(400);
  expect(foreign.body).toMatchObject({ fields: { siteID: 'This is not a site of your organisation' } });
  expect((await callBackend(siteAdmin, `?siteID=${brighton}`)).body.data).toEqual([
    expect.objectContaining({ name: 'Sesame' }),
  ]);

  const [header, payload] = siteAdmin.split('.');
  const forged = `${header}.${payload}.${Buffer.from('not the console signature').toString('base64url')}`;
  expect((await callBackend(forged, '')).status).toBe(401);
  expect((await callBackend('made-up', '')).status).toBe(401);
});

test('a developer points the remote at their own server in their browser only, with a banner and a way back', async () => {
  const dev = `${cdn.url}/allergens-dev/mf-manifest.json`;
  const p = await page();
  const urls: string[] = [];
  p.on('request', (request) => urls.push(request.url()));
  await p.goto(`${running.url}/login?remote-override=mfe-allergens=${dev}`);
  // The address no longer carries it; the browser keeps it.
  expect(p.url()).not.toContain('remote-override');
  await signInAsPlatformAdmin(p);
  const banner = p.getByRole('region', { name: 'Remote overrides' });
  await banner.getByText(`mfe-allergens is loaded from ${dev}`).waitFor();
  await menu(p).getByRole('link', { name: 'Allergens' }).click();
  await p.getByRole('heading', { name: 'Allergens', level: 1 }).waitFor();
  expect(urls.filter((url) => url.startsWith(`${cdn.url}/allergens-dev/`)).length).toBeGreaterThan(1);
  expect(urls.filter((url) => url.startsWith(`${backend.url}/`))).toEqual([]);

  // Another browser (context) is not affected.
  const other = await page();
  await signInAsPlatformAdmin(other);
  await menu(other).getByRole('link', { name: 'Allergens' }).waitFor();
  expect(await other.getByRole('region', { name: 'Remote overrides' }).count()).toBe(0);
  await other.context().close();

  await banner.getByRole('button', { name: 'Stop overriding' }).click();
  await p.getByRole('heading', { name: 'Allergens', level: 1 }).waitFor();
  expect(await p.getByRole('region', { name: 'Remote overrides' }).count()).toBe(0);
  expect(urls.some((url) => url.startsWith(`${backend.url}/`))).toBe(true);
  await p.context().close();
});

test('a console that accepts no overrides (the default) ignores one and says so', async () => {
  const p = await page();
  await p.goto(`${consoleUrl()}/login?remote-override=mfe-equipment=http://127.0.0.1:9/mf-manifest.json`);
  await signIn(p, logins.organizationAdmin);
  await p
    .getByRole('region', { name: 'Remote overrides' })
    .getByText(
      'mfe-equipment is not overridden: this console accepts no overrides (its REMOTE_OVERRIDE_ORIGINS setting is empty)',
    )
    .waitFor();
  await menu(p).getByRole('link', { name: 'Suppliers' }).click();
  await p.getByRole('heading', { name: 'Suppliers' }).waitFor();
  await p.context().close();
});

describe('a second console: a remote whose shared SDK entries Module Federation refuses, and one that declares no subject', () => {
  let skewedDist: string;
  let undeclaredDist: string;
  let skewedCdn: StaticHost;
  let skewed: RunningConsole;
  const [major, minor] = sdkVersion.split('.').map(Number) as [number, number];
  beforeAll(async () => {
    // Its remote.json says it fits this console; the shared SDK entries of its build need the next minor, as
    // a build whose description was published apart from its code would.
    skewedDist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-skewed-'));
    fs.cpSync(buildCanaryRemote(), skewedDist, { recursive: true });
    for (const file of ['remoteEntry.shared-runtime.js', 'mf-manifest.json']) {
      const target = path.join(skewedDist, file);
      const text = fs.readFileSync(target, 'utf8');
      fs.writeFileSync(target, text.replaceAll(`"^${sdkVersion}"`, `"^${major}.${minor + 1}.0"`));
    }
    // The outside remote as it would be without its declaration: this console never learns "Allergen".
    undeclaredDist = copyWithMetadata(outside.dist, (metadata) => delete metadata.subjects);
    skewedCdn = await hostRemotes({ canary: skewedDist, allergens: undeclaredDist });
    skewed = await startConsole({
      REMOTES: JSON.stringify({
        'mfe-canary': `${skewedCdn.url}/canary/mf-manifest.json`,
        'mfe-allergens': `${skewedCdn.url}/allergens/mf-manifest.json`,
      }),
    });
  }, 300_000);
  afterAll(async () => {
    await skewed.stop();
    await skewedCdn.close();
    for (const dist of [skewedDist, undeclaredDist]) fs.rmSync(dist, { recursive: true, force: true });
  });

  test("a subject no remote declared is in nobody's rules but the platform admin's: no entry, and its address is guarded", async () => {
    const p = await page();
    await signIn(p, logins.organizationAdmin, skewed.url);
    await menu(p).getByRole('link', { name: 'Suppliers' }).waitFor();
    expect(await menu(p).getByRole('link', { name: 'Allergens' }).count()).toBe(0);
    expect(await p.getByText('Allergens unavailable').count()).toBe(0);
    await p.goto(`${skewed.url}/dashboard/allergens`);
    await p.getByRole('alert').getByText('You do not have access to Allergens').waitFor();
    await p.context().close();
  });

  test('shows the version panel, not a connection problem', async () => {
    const p = await page();
    await signIn(p, logins.organizationAdmin, skewed.url);
    await menu(p).getByRole('link', { name: 'Canary', exact: true }).click();
    const panel = p.getByRole('alert').filter({ hasText: 'Canary cannot run in this console' });
    await panel
      .getByText(
        `Canary needs SDK ${major}.${minor + 1} or newer; this console has SDK ${sdkVersion}. Ask your administrator to update the console.`,
      )
      .waitFor();
    const text = await panel.innerText();
    expect(text).not.toContain('Check your connection');
    expect(text).not.toContain('undefined');
    // The rest of the console keeps working.
    await menu(p).getByRole('link', { name: 'Suppliers' }).click();
    await p.getByRole('heading', { name: 'Suppliers' }).waitFor();
    await p.context().close();
  });
});

test("the console under test is the repository's own build: no file of the shell or the API changed for the domain", () => {
  expect(consoleBuild()).toBe(consoleBuildBefore);
});
