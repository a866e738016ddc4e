import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext, signIn } from './support/browser';
import { buildCanaryRemote, copyWithMetadata, hostRemotes, type StaticHost } from './support/remote-fixture';
import { repoRoot, startConsole, type RunningConsole } from './support/server';

let browser: Browser;
let canaryDist: string;
beforeAll(async () => {
  browser = await launchBrowser();
  // One build of the fixture remote for the whole file (cached between runs).
  canaryDist = buildCanaryRemote();
});
afterAll(() => browser.close());

/** The SDK version the console's shell was built with. */
const sdkVersion = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared-sdk', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

async function page(): Promise<Page> {
  return (await newContext(browser)).newPage();
}

/** Every URL the page requests from now on. */
function requestsOf(p: Page): string[] {
  const urls: string[] = [];
  p.on('request', (request) => urls.push(request.url()));
  return urls;
}

const menu = (p: Page) => p.getByRole('navigation', { name: 'Main menu' }).last();

describe('remotes load when they are opened', () => {
  test("sign-in loads no remote; a site's dashboard loads mfe-tasks; a supplier list loads mfe-equipment", async () => {
    const p = await page();
    const urls = requestsOf(p);
    await signIn(p, logins.organizationAdmin);
    // The menu already lists the remote's screens: they come from its published remote.json.
    await menu(p).getByRole('link', { name: 'Suppliers' }).waitFor();
    const remoteOf = (url: string) =>
      /\/remotes\/([^/]+)\/(?:.*\.js|mf-manifest\.json)$/.exec(new URL(url).pathname)?.[1];
    const remotesLoaded = () => [...new Set(urls.map(remoteOf).filter((name) => name !== undefined))];
    // The organisation's admin lands on the overview of every site, the shell's own screen: no remote's code.
    await p.getByRole('heading', { name: 'Your sites today' }).waitFor();
    await p.waitForLoadState('networkidle');
    expect(remotesLoaded()).toEqual([]);
    expect(urls.some((url) => url.endsWith('/remotes/mfe-equipment/remote.json'))).toBe(true);

    // One site's dashboard is mfe-tasks' screen: no other remote's code comes with it.
    await p.getByRole('combobox', { name: 'Site' }).click();
    await p.getByRole('option', { name: /Brighton/ }).click();
    await p.getByRole('group', { name: 'Week' }).waitFor();
    await p.waitForLoadState('networkidle');
    expect(remotesLoaded()).toEqual(['mfe-tasks']);

    await menu(p).getByRole('link', { name: 'Suppliers' }).click();
    await p.getByRole('heading', { name: 'Suppliers' }).waitFor();
    expect(urls).toContain(`${consoleUrl()}/remotes/mfe-equipment/remoteEntry.shared-runtime.js`);
    // The console's own copy of the remote: no second Module Federation runtime (the standalone build).
    expect(
      urls.filter((url) => /\/remotes\/mfe-equipment\/(standalone\/|remoteEntry\.js)/.test(url)),
    ).toEqual([]);
    // Screens are lazy inside the remote too: the fridges screen's code comes when it opens.
    const beforeFridges = urls.length;
    await menu(p).getByRole('link', { name: 'Fridges' }).click();
    await p.getByRole('heading', { name: 'Fridges' }).waitFor();
    expect(
      urls.slice(beforeFridges).filter((url) => url.includes('/remotes/mfe-equipment/')).length,
    ).toBeGreaterThan(0);
    expect(await p.title()).toMatch(/^Fridges/);
    await p.context().close();
  });
});

describe('a remote on its own page', () => {
  // Each remote, signed in on its own page, then one of its screens by its tab.
  const remotes = [
    { name: 'mfe-equipment', title: 'Equipment', tab: 'Fridges' },
    { name: 'mfe-people', title: 'People', tab: 'Departments' },
    { name: 'mfe-tasks', title: 'Tasks', tab: 'Task categories' },
    { name: 'mfe-logs', title: 'Logs', tab: 'Documents' },
    { name: 'mfe-reports', title: 'Reports', tab: 'Site scores' },
  ];
  test.each(remotes)(
    '$name runs with its own Module Federation runtime: sign in, then its screens',
    async ({ name, title, tab }) => {
      const p = await page();
      const urls = requestsOf(p);
      await p.goto(`${consoleUrl()}/remotes/${name}/`);
      await p.getByRole('heading', { name: `${title}: sign in` }).waitFor();
      await p.getByLabel('E-mail').fill(logins.organizationAdmin);
      await p.getByLabel(/^Password/).fill(demoPassword);
      await p.getByRole('button', { name: 'Sign in' }).click();
      await p.getByRole('tab', { name: tab }).click();
      await p.getByRole('heading', { name: tab }).waitFor();
      // The standalone build: no federated entry, which would need a host's runtime.
      expect(urls.some((url) => url.includes(`/remotes/${name}/standalone/`))).toBe(true);
      expect(urls.filter((url) => url.endsWith('remoteEntry.shared-runtime.js'))).toEqual([]);
      await p.context().close();
    },
  );
});

describe('a remote rebuilt against a newer SDK domain entry', () => {
  let cdn: StaticHost;
  let running: RunningConsole;
  beforeAll(async () => {
    cdn = await hostRemotes({ canary: canaryDist });
    running = await startConsole({
      REMOTES: JSON.stringify({ 'mfe-canary': `${cdn.url}/canary/mf-manifest.json` }),
    });
  });
  afterAll(async () => {
    await running.stop();
    await cdn.close();
  });

  test('its new endpoint function and contract field work inside the existing, unchanged shell build', async () => {
    const p = await page();
    await signIn(p, logins.organizationAdmin, running.url);
    await menu(p).getByRole('link', { name: 'Canary', exact: true }).click();
    await p.getByRole('heading', { name: 'Canary', exact: true }).waitFor();
    // `headline` exists only in the remote's newer contract, fetched by the function only it has.
    await p.getByText(/^Harbour & Vine Hospitality: \d+ sites, \d+ people$/).waitFor();
    await p.context().close();
  });

  test('a site admin who types the path of a screen they may not read gets the access panel, not the screen', async () => {
    const p = await page();
    await signIn(p, logins.siteAdmin, running.url);
    await menu(p).getByRole('link', { name: 'Canary', exact: true }).waitFor();
    expect(await menu(p).getByRole('link', { name: 'Canary people' }).count()).toBe(0);
    await p.goto(`${running.url}/dashboard/canary-people`);
    await p.getByRole('alert').getByText('You do not have access to Canary people').waitFor();
    expect(await p.getByRole('heading', { name: 'Canary people' }).count()).toBe(0);
    // The layout is still there around the panel.
    await menu(p).getByRole('link', { name: 'Sites' }).waitFor();
    await p.context().close();

    // Whoever may read it sees the screen at the same address.
    const owner = await page();
    await signIn(owner, logins.organizationAdmin, running.url);
    await owner.goto(`${running.url}/dashboard/canary-people`);
    await owner.getByRole('heading', { name: 'Canary people' }).waitFor();
    await owner.context().close();
  });
});

describe('a remote that needs a newer SDK minor than the console has', () => {
  let cdn: StaticHost;
  let running: RunningConsole;
  let newerDist: string;
  const [major, minor] = sdkVersion.split('.').map(Number) as [number, number];
  beforeAll(async () => {
    // The same fixture, published as built against the next SDK minor.
    newerDist = copyWithMetadata(canaryDist, (metadata) => {
      metadata.requires = `^${major}.${minor + 1}.0`;
    });
    cdn = await hostRemotes({ canary: newerDist });
    running = await startConsole({
      REMOTES: JSON.stringify({ 'mfe-canary': `${cdn.url}/canary/mf-manifest.json` }),
    });
  });
  afterAll(async () => {
    await running.stop();
    await cdn.close();
    fs.rmSync(newerDist, { recursive: true, force: true });
  });

  test('shows which SDK version it needs, loads none of its code, and the rest keeps working', async () => {
    const p = await page();
    const urls = requestsOf(p);
    const errors: string[] = [];
    p.on('pageerror', (error) => errors.push(error.message));
    await signIn(p, logins.organizationAdmin, running.url);
    await menu(p).getByRole('link', { name: 'Canary', exact: true }).click();
    await p
      .getByRole('alert')
      .getByText(
        `Canary needs SDK ${major}.${minor + 1} or newer; this console has SDK ${sdkVersion}. Ask your administrator to update the console.`,
      )
      .waitFor();
    expect(urls.filter((url) => url.startsWith(cdn.url) && url.endsWith('.js'))).toEqual([]);

    await menu(p).getByRole('link', { name: 'Sites' }).click();
    await p.getByRole('gridcell', { name: 'Harbour Kitchen Brooklyn', exact: true }).waitFor();
    await menu(p).getByRole('link', { name: 'Suppliers' }).click();
    await p.getByRole('heading', { name: 'Suppliers' }).waitFor();
    expect(errors).toEqual([]);
    await p.context().close();
  });
});

describe('a broken remote', () => {
  let cdn: StaticHost;
  let running: RunningConsole;
  /** While set, the remote's deployment answers its manifest with this status (its remote.json is fine). */
  let outage: number | undefined = 503;
  beforeAll(async () => {
    cdn = await hostRemotes({ canary: canaryDist }, async (pathname) => {
      if (!pathname.endsWith('/mf-manifest.json')) return undefined;
      // Slow enough for a person (and the test) to see that a retry is under way.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return outage;
    });
    running = await startConsole({
      REMOTES: JSON.stringify({
        // Nothing at all published here: not even its description can be read.
        'mfe-equipment': '/remotes/nowhere/mf-manifest.json',
        'mfe-canary': `${cdn.url}/canary/mf-manifest.json`,
      }),
    });
  });
  afterAll(async () => {
    await running.stop();
    await cdn.close();
  });

  test('whose description cannot be read: one entry named in words, and the panel on its paths', async () => {
    const p = await page();
    await signIn(p, logins.organizationAdmin, running.url);
    await menu(p).getByText('Equipment unavailable').waitFor();
    expect(await p.getByText('mfe-equipment unavailable').count()).toBe(0);

    await p.goto(`${running.url}/dashboard/supplier`);
    const panel = p.getByRole('alert').filter({ hasText: 'Equipment could not be loaded' });
    await panel.getByText('Check your connection and try again.', { exact: false }).waitFor();
    // The technical detail is there for whoever investigates, behind a toggle.
    const detail = panel.getByText(/remote\.json answered 404/);
    expect(await detail.isVisible()).toBe(false);
    await panel.getByRole('button', { name: 'Show details' }).click();
    await detail.waitFor();
    await p.context().close();
  });

  test('whose code cannot be loaded: its own title, words, details, and a retry that shows it is trying', async () => {
    outage = 503;
    const p = await page();
    await signIn(p, logins.organizationAdmin, running.url);
    // Its menu comes from its description, which did load.
    await menu(p).getByRole('link', { name: 'Canary', exact: true }).click();
    const panel = p.getByRole('alert').filter({ hasText: 'Canary could not be loaded' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Show details' }).click();
    await panel.getByText(/manifest/i).waitFor();

    outage = undefined;
    await panel.getByRole('button', { name: 'Retry' }).click();
    const retrying = panel.getByRole('button', { name: 'Retrying…' });
    await retrying.waitFor();
    expect(await retrying.isDisabled()).toBe(true);
    await p.getByRole('heading', { name: 'Canary', exact: true }).waitFor();
    await p.getByText(/^Harbour & Vine Hospitality: \d+ sites/).waitFor();
    await p.context().close();
  });
});
