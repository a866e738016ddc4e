import type { Browser, Page } from 'playwright-core';
import { api } from './support/api';
import { consoleUrl, demoPassword, launchBrowser, logins, signIn } from './support/browser';
import { linkMailedTo } from './support/outbox';

// The operator of many sites: the overview is one dense line per site, every column visible at 1440 × 900
// with no sideways scroll, for the demo's three sites and for an organisation of forty made here; the
// organisation admin lands on it after signing in, and a site admin of one site lands on that site.

const run = Date.now().toString(36);
const owner = `owner.${run}@forty-kitchens.example`;

/** Every column of the overview, by its header's words. */
const columns = [
  'Site',
  'Tasks done',
  'Overdue',
  'Failed readings',
  'Sensors offline',
  'Actions open',
  'Near misses',
  'Documents',
  'This week',
];

const webToken = async (email: string) =>
  (
    await api<{ accessToken: string }>('POST', 'authentication/web-app-login', null, {
      email,
      password: demoPassword,
    })
  ).accessToken;

const everyDay = JSON.stringify(
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, isOpen: true, openTime: '07:00', closeTime: '23:00' })),
);

/** An organisation of forty sites in two areas, with long names, made by the platform admin's calls. */
async function fortySites(): Promise<void> {
  const platform = await webToken(logins.platformAdmin);
  const since = Date.now();
  await api('POST', 'organization/create-new-one', platform, {
    name: `Forty Kitchens ${run}`,
    country: 'GB',
    admin: { firstName: 'Fran', lastName: 'Forty', email: owner },
  });
  const link = await linkMailedTo(owner, since);
  const token = new URL(link, consoleUrl()).searchParams.get('token');
  await api('PUT', 'authentication/reset-password', null, { token, password: demoPassword });
  const ownerToken = await webToken(owner);
  const areas = [];
  for (const name of ['North and Scotland', 'London and the South East']) {
    areas.push(await api<{ _id: string }>('POST', 'area/create-new-one', ownerToken, { name }));
  }
  for (let n = 1; n <= 40; n += 1) {
    await api('POST', 'site-panel/create-new-one', ownerToken, {
      name: `The Old Harbour Kitchen and Oyster Bar number ${n}, Marina Parade`,
      timing: everyDay,
      timeZoneId: 'Europe/London',
      country: 'GB',
      city: 'Brighton',
      areaID: areas[n % 2]?._id,
    });
  }
}

/** Fails unless every column's header is on the screen and nothing scrolls sideways. */
async function expectEveryColumnVisible(page: Page): Promise<void> {
  const grid = page.getByRole('grid');
  await grid.waitFor();
  for (const name of columns) {
    const header = grid.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const box = await header.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1440);
  }
  const overflow = await page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller');
    const cells = [...document.querySelectorAll<HTMLElement>('[role="gridcell"]')];
    const right = scroller ? scroller.getBoundingClientRect().right : 0;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      // The grid draws its own scrollbar when its columns are wider than it.
      gridScrollbar: document.querySelectorAll('.MuiDataGrid-scrollbar--horizontal').length,
      // What could still be scrolled sideways in it: no more than the last column's resize handle.
      gridSlack: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
      cellsPastEdge: cells.filter((cell) => cell.getBoundingClientRect().right > right + 0.5).length,
      cells: cells.length,
    };
  });
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.gridScrollbar).toBe(0);
  expect(overflow.gridSlack).toBeLessThanOrEqual(8);
  expect(overflow.cells).toBeGreaterThan(0);
  expect(overflow.cellsPastEdge).toBe(0);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await fortySites();
}, 120_000);
afterAll(() => browser.close());

async function desk(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

test('forty sites: the owner lands on the overview, every column on the screen, the rest a page away', async () => {
  const page = await desk();
  await signIn(page, owner);
  await page.getByRole('heading', { name: 'Your sites today' }).waitFor();
  await expectEveryColumnVisible(page);
  const rows = page.getByRole('row').filter({ has: page.getByRole('gridcell') });
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  await page.getByText(/of 40/).first().waitFor();
  // Searched by name, server-side: one site.
  await page.getByRole('searchbox', { name: /Search sites/ }).fill('number 37,');
  await page.waitForURL((url) => url.searchParams.get('search') === 'number 37,');
  await page
    .getByText(/of 1\b/)
    .first()
    .waitFor();
  await page.context().close();
});

test('the demo: the owner lands on the overview of its three sites; the Brighton manager on Brighton', async () => {
  const page = await desk();
  await signIn(page, logins.organizationAdmin);
  await page.getByRole('heading', { name: 'Your sites today' }).waitFor();
  await expectEveryColumnVisible(page);
  for (const site of [/Brighton/, /Manchester/, /Brooklyn/]) {
    await page.getByRole('gridcell', { name: site }).first().waitFor();
  }
  await page.context().close();

  const manager = await desk();
  await signIn(manager, logins.siteAdmin);
  await manager
    .getByRole('heading', { name: /Brighton/ })
    .first()
    .waitFor();
  await manager.getByRole('combobox', { name: 'Site' }).click();
  expect(await manager.getByRole('option', { name: /All sites/ }).count()).toBe(0);
  await manager.context().close();
});
