import type { Browser, Page } from 'playwright-core';
import { consoleUrl, launchBrowser, logins, newContext, signIn } from './support/browser';
import { startConsole, type RunningConsole } from './support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function page(): Promise<Page> {
  return (await newContext(browser)).newPage();
}

async function menuEntries(p: Page, first = 'Dashboard') {
  const nav = p.getByRole('navigation', { name: 'Main menu' }).last();
  await nav.getByRole('link', { name: first }).waitFor();
  // The remote's entries arrive once its ./routes module has loaded.
  await p.waitForLoadState('networkidle');
  return nav.getByRole('link').allTextContents();
}

describe('each web role sees only its own menu', () => {
  test('organisation admin: its organisation and every equipment screen, not the platform list', async () => {
    const p = await page();
    await signIn(p, logins.organizationAdmin);
    const entries = await menuEntries(p);
    expect(entries).toEqual(
      expect.arrayContaining(['Dashboard', 'Sites', 'Organisation', 'Suppliers', 'Fridges']),
    );
    expect(entries).not.toContain('Organisations');
    await p.context().close();
  });

  test('site admin: no platform list, and the sites screen offers no way to add a site', async () => {
    const p = await page();
    await signIn(p, logins.siteAdmin);
    const entries = await menuEntries(p);
    expect(entries).toEqual(expect.arrayContaining(['Dashboard', 'Sites', 'Suppliers']));
    expect(entries).not.toContain('Organisations');
    await p.getByRole('link', { name: 'Sites' }).last().click();
    await p.getByRole('heading', { name: 'Sites' }).waitFor();
    await p.getByText('The Harbour Kitchen, Brighton').waitFor();
    expect(await p.getByRole('button', { name: 'Add site' }).count()).toBe(0);
    // Only its own site is listed.
    expect(await p.getByText('Vine Street Café, Manchester').count()).toBe(0);
    await p.context().close();
  });

  test('platform admin: the organisations list, and a way into one organisation', async () => {
    const p = await page();
    await signIn(p, logins.platformAdmin);
    // Before choosing an organisation, only the choice: every other entry would ask for it.
    expect(await menuEntries(p, 'Organisations')).toEqual(['Organisations']);
    await p.goto(`${consoleUrl()}/dashboard/organizations`);
    await p.getByRole('button', { name: 'Work in Harbour & Vine Hospitality' }).click();
    await p.getByText('Acting in Harbour & Vine Hospitality').waitFor();
    await p.getByText('Harbour Kitchen Brooklyn').waitFor();
    expect(await menuEntries(p)).toEqual(
      expect.arrayContaining(['Dashboard', 'Organisations', 'Sites', 'Staff']),
    );
    await p.context().close();
  });

  test('a staff account is refused on the web', async () => {
    const p = await page();
    await p.goto(`${consoleUrl()}/login`);
    await p.getByLabel('E-mail').fill('aisha.khan@harbourvine.example');
    await p.getByLabel(/^Password/).fill('Demo-pass-2026');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p
      .getByText(/kitchen app/)
      .last()
      .waitFor();
    expect(p.url()).toContain('/login');
    await p.context().close();
  });
});

test('an organisation admin creates a site and edits it', async () => {
  const p = await page();
  await signIn(p, logins.organizationAdmin);
  await p.goto(`${consoleUrl()}/dashboard/sites`);
  await p.getByRole('button', { name: 'Add site' }).click();
  const dialog = p.getByRole('dialog', { name: 'Add site' });
  await dialog.getByLabel('Site name').fill('Quayside Deli');
  await dialog.getByLabel('Find the town').fill('Bristol');
  await p
    .getByRole('option', { name: /^Bristol/ })
    .first()
    .click();
  // The place fills the country and time zone.
  await p.waitForFunction(() =>
    Array.from(document.querySelectorAll('input')).some((input) => input.value === 'Europe/London'),
  );
  await dialog.getByLabel('Address line 1').fill('1 Harbourside');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await p.getByRole('gridcell', { name: 'Quayside Deli', exact: true }).waitFor();

  await p.getByRole('button', { name: 'Edit Quayside Deli' }).click();
  const edit = p.getByRole('dialog', { name: 'Edit site' });
  await edit.getByLabel('Site name').fill('Quayside Deli & Bakery');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await p.getByRole('gridcell', { name: 'Quayside Deli & Bakery', exact: true }).waitFor();
  await p.getByText('Site updated').waitFor();
  await p.context().close();
});

test('switching site reloads a site-scoped list for the new site', async () => {
  const p = await page();
  await signIn(p, logins.organizationAdmin);
  await p.goto(`${consoleUrl()}/dashboard/supplier`);
  const selector = p.getByRole('combobox', { name: 'Site' });
  await selector.click();
  await p.getByRole('option', { name: /^The Harbour Kitchen, Brighton/ }).click();
  await p.getByRole('button', { name: 'Add supplier' }).first().click();
  const dialog = p.getByRole('dialog', { name: 'Add supplier' });
  await dialog.getByLabel('Supplier name').fill('Brighton Only Fish');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await p.getByRole('gridcell', { name: 'Brighton Only Fish', exact: true }).waitFor();

  await selector.click();
  await p.getByRole('option', { name: /^Vine Street Café, Manchester/ }).click();
  // Manchester's own suppliers (the demo has some), without Brighton's.
  await p.getByRole('gridcell', { name: 'Pennine Dairy', exact: true }).waitFor();
  expect(await p.getByRole('gridcell', { name: 'Brighton Only Fish', exact: true }).count()).toBe(0);
  expect(await p.evaluate(() => localStorage.getItem('selectedSiteTimezone'))).toBe('Europe/London');
  await p.context().close();
});

test('deleting the selected site: the picker falls back to another site quietly', async () => {
  const p = await page();
  const failures: string[] = [];
  p.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  await signIn(p, logins.organizationAdmin);
  const token = await p.evaluate(() => localStorage.getItem('accessToken'));
  const created = await p.request.post(`${consoleUrl()}/api/v1/site-panel/create-new-one`, {
    headers: { Authorization: token ?? '' },
    data: {
      name: 'Pop-up Kitchen',
      country: 'GB',
      timeZoneId: 'Europe/London',
      timing: [{ day: 1, isOpen: true, openTime: '09:00', closeTime: '17:00' }],
    },
  });
  expect(created.status()).toBe(200);

  await p.goto(`${consoleUrl()}/dashboard/supplier`);
  const selector = p.getByRole('combobox', { name: 'Site' });
  await selector.click();
  await p.getByRole('option', { name: /^Pop-up Kitchen/ }).click();
  await expect(p.evaluate(() => localStorage.getItem('selectedSiteLabel'))).resolves.toMatch(
    /^Pop-up Kitchen/,
  );

  await p.getByRole('link', { name: 'Sites' }).last().click();
  await p.getByRole('button', { name: 'Delete Pop-up Kitchen' }).click();
  await p.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await p.getByRole('gridcell', { name: 'Pop-up Kitchen', exact: true }).waitFor({ state: 'detached' });
  // The selection moves as soon as the site list is read again (the grid's own reload may land first).
  await p.waitForFunction(() => !(localStorage.getItem('selectedSiteLabel') ?? '').includes('Pop-up'), null, {
    timeout: 10_000,
  });

  await p.getByRole('link', { name: 'Suppliers' }).last().click();
  await p.getByRole('heading', { name: 'Suppliers' }).waitFor();
  await p.waitForLoadState('networkidle');
  expect(await selector.innerText()).not.toMatch(/Pop-up/);
  expect(await p.locator('#error-popup-title').count()).toBe(0);
  expect(failures).toEqual([]);

  // A site deleted elsewhere (another tab, another admin) gives way just as quietly on the next visit.
  const other = await p.request.post(`${consoleUrl()}/api/v1/site-panel/create-new-one`, {
    headers: { Authorization: token ?? '' },
    data: { name: 'Elsewhere Bar', country: 'GB', timeZoneId: 'Europe/London', timing: [] },
  });
  const otherId = ((await other.json()) as { data: { _id: string } }).data._id;
  await p.evaluate((id) => localStorage.setItem('selectedSiteID', id), otherId);
  await p.request.patch(`${consoleUrl()}/api/v1/site-panel/delete-one`, {
    headers: { Authorization: token ?? '' },
    data: { siteID: otherId },
  });
  await p.goto(`${consoleUrl()}/dashboard/fridge`);
  await p.getByRole('heading', { name: 'Fridges' }).waitFor();
  await p.waitForLoadState('networkidle');
  expect(await p.locator('#error-popup-title').count()).toBe(0);
  expect(failures).toEqual([]);
  await p.context().close();
});

test('theme settings survive a reload', async () => {
  const p = await page();
  await signIn(p, logins.organizationAdmin);
  await p.getByRole('button', { name: 'Theme settings' }).click();
  await p.getByRole('radio', { name: 'Dark' }).check();
  await p.getByRole('radio', { name: 'Right to left' }).check();
  await p.getByRole('button', { name: 'Close theme settings' }).click();
  await p.reload();
  await p.getByRole('link', { name: 'Dashboard' }).last().waitFor();
  expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const background = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(18, 26, 31)');
  await p.context().close();
});

test('logout clears the stored session', async () => {
  const p = await page();
  await signIn(p, logins.organizationAdmin);
  expect(await p.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  await p.getByRole('button', { name: /^Account of/ }).click();
  await p.getByRole('menuitem', { name: 'Sign out' }).click();
  await p.waitForURL(/\/login/);
  const stored = await p.evaluate(() =>
    ['accessToken', 'refreshToken', 'userData', 'orgId', 'isAdminToken', 'selectedSiteID'].map((key) =>
      localStorage.getItem(key),
    ),
  );
  expect(stored).toEqual([null, null, null, null, null, null]);
  // The session is over on the server too: going back in does not work.
  await p.goto(`${consoleUrl()}/dashboard/sites`);
  await p.waitForURL(/\/login\?returnTo=/);
  await p.context().close();
});

describe('with one remote broken in /remotes.json', () => {
  let broken: RunningConsole;
  beforeAll(async () => {
    broken = await startConsole({ REMOTES: '{"mfe-equipment":"/remotes/nowhere/mf-manifest.json"}' });
  });
  afterAll(() => broken.stop());

  test('its area shows the error panel with a retry and the rest of the console works', async () => {
    const p = await page();
    await signIn(p, logins.organizationAdmin, broken.url);
    await p.goto(`${broken.url}/dashboard/supplier`);
    await p.getByText('Equipment could not be loaded').waitFor();
    await p.getByRole('button', { name: 'Retry' }).first().waitFor();
    await p.getByText('Equipment unavailable').filter({ visible: true }).waitFor();
    await p.getByRole('link', { name: 'Sites' }).last().click();
    await p.getByRole('gridcell', { name: 'Harbour Kitchen Brooklyn', exact: true }).waitFor();
    // Opening a screen of the shell directly works too (its code loads without the broken remote).
    await p.goto(`${broken.url}/dashboard/organization`);
    await p.getByRole('heading', { name: 'Harbour & Vine Hospitality' }).waitFor();
    await p.context().close();
  });
});
