// A domain team outside this repository: a remote written by the starter into a folder of its own, on the
// SDK's published package, type-checked, tested and built there, registered in /remotes.json (REMOTES) and
// opened in the console's unchanged shell. Its subject ("Allergen") is one the SDK was built without: the
// rules the API sends decide who sees it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleUrl, launchBrowser, logins, newContext, signIn } from './support/browser';
import { buildOutsideRemote, type OutsideRemote } from './support/outside-remote';
import { buildCanaryRemote, hostRemotes, type StaticHost } from './support/remote-fixture';
import { repoRoot, startConsole, type RunningConsole } from './support/server';

const sdkVersion = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared-sdk', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

let browser: Browser;
let outside: OutsideRemote;
let cdn: StaticHost;
let running: RunningConsole;
beforeAll(async () => {
  browser = await launchBrowser();
  // Packing the SDK, then the remote's own typecheck, tests and build (cached between runs).
  outside = buildOutsideRemote();
  cdn = await hostRemotes({ allergens: outside.dist, 'allergens-dev': outside.dist });
  running = await startConsole({
    REMOTES: JSON.stringify({ 'mfe-allergens': `${cdn.url}/allergens/mf-manifest.json` }),
    REMOTE_OVERRIDE_ORIGINS: 'http://127.0.0.1:*',
  });
}, 600_000);
afterAll(async () => {
  await running?.stop();
  await cdn?.close();
  await browser?.close();
});

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

test('the starter wrote the standalone entry, its tests and its description, and the build published it', () => {
  for (const file of [
    'src/index.ts',
    'src/bootstrap.tsx',
    'src/screens/allergens.test.tsx',
    'src/routes.test.ts',
  ])
    expect(fs.existsSync(path.join(outside.dir, file))).toBe(true);
  // The standalone page (built from src/index.ts) and the console's build, beside the published description.
  for (const file of ['index.html', 'remoteEntry.js', 'remoteEntry.shared-runtime.js', 'mf-manifest.json'])
    expect(fs.existsSync(path.join(outside.dist, file))).toBe(true);
  const published = JSON.parse(fs.readFileSync(path.join(outside.dist, 'remote.json'), 'utf8')) as {
    requires: string;
    routes: { subject: string }[];
  };
  expect(published.requires).toBe(`^${sdkVersion}`);
  expect(published.routes[0]?.subject).toBe('Allergen');
});

test('/remotes.json says which SDK the console runs and lists the outside remote', async () => {
  const listing = (await (await fetch(`${running.url}/remotes.json`)).json()) as {
    console: { sdkVersion: string };
    remotes: Record<string, string>;
  };
  expect(listing.console.sdkVersion).toBe(sdkVersion);
  expect(listing.remotes['mfe-allergens']).toBe(`${cdn.url}/allergens/mf-manifest.json`);
});

test('a user whose rules do not name the new subject sees no entry for it, and its address is guarded', async () => {
  const p = await page();
  await signIn(p, logins.organizationAdmin, running.url);
  await menu(p).getByRole('link', { name: 'Sites' }).waitFor();
  await menu(p).getByRole('link', { name: 'Suppliers' }).waitFor();
  expect(await menu(p).getByRole('link', { name: 'Allergens' }).count()).toBe(0);
  expect(await p.getByText('Allergens unavailable').count()).toBe(0);
  await p.goto(`${running.url}/dashboard/allergens`);
  await p.getByRole('alert').getByText('You do not have access to Allergens').waitFor();
  await p.context().close();
});

test('a user whose rules cover it (the platform admin) opens it in the unchanged shell', async () => {
  const p = await page();
  const errors: string[] = [];
  p.on('pageerror', (error) => errors.push(error.message));
  await signInAsPlatformAdmin(p);
  await menu(p).getByRole('link', { name: 'Allergens' }).click();
  await p.getByRole('heading', { name: 'Allergens', level: 1 }).waitFor();
  await p.getByText('Signed in as Priya Shah.').waitFor();
  expect(errors).toEqual([]);
  await p.context().close();
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
  await p.getByText('Signed in as Priya Shah.').waitFor();
  expect(urls.filter((url) => url.startsWith(`${cdn.url}/allergens-dev/`)).length).toBeGreaterThan(1);
  expect(urls.filter((url) => url.startsWith(`${cdn.url}/allergens/`))).toEqual([]);

  // Another browser (context) is not affected.
  const other = await page();
  await signInAsPlatformAdmin(other);
  await menu(other).getByRole('link', { name: 'Allergens' }).waitFor();
  expect(await other.getByRole('region', { name: 'Remote overrides' }).count()).toBe(0);
  await other.context().close();

  await banner.getByRole('button', { name: 'Stop overriding' }).click();
  await p.getByRole('heading', { name: 'Allergens', level: 1 }).waitFor();
  expect(await p.getByRole('region', { name: 'Remote overrides' }).count()).toBe(0);
  expect(urls.some((url) => url.startsWith(`${cdn.url}/allergens/`))).toBe(true);
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

describe('a remote whose shared SDK entries Module Federation refuses at run time', () => {
  let skewedDist: string;
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
    skewedCdn = await hostRemotes({ canary: skewedDist });
    skewed = await startConsole({
      REMOTES: JSON.stringify({ 'mfe-canary': `${skewedCdn.url}/canary/mf-manifest.json` }),
    });
  }, 300_000);
  afterAll(async () => {
    await skewed.stop();
    await skewedCdn.close();
    fs.rmSync(skewedDist, { recursive: true, force: true });
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
