import type { Browser, Locator, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins } from './support/browser';

/**
 * The smoke walk: each web role signs in, then opens every menu entry, every tab and every create form
 * ("Add …", then Cancel) of the console. The screens come from the menu the page shows, so a domain's new
 * screens are walked as soon as its remote publishes them. A step fails on the error pop-up, on a console
 * error and on any 4xx/5xx answer; on a phone's width also when the page scrolls sideways. Every problem of
 * a walk is collected, so one run lists them all.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

interface Walk {
  page: Page;
  /** What went wrong, each line naming the step it happened in. */
  problems: string[];
  /** Every step taken, to show the walk did reach the forms and tabs. */
  steps: string[];
  step: string;
  phone: boolean;
}

async function startWalk(viewport: typeof desktop): Promise<Walk> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const walk: Walk = { page, problems: [], steps: [], step: 'sign-in', phone: viewport.width < 600 };
  page.on('console', (message) => {
    if (message.type() === 'error') walk.problems.push(`${walk.step}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => walk.problems.push(`${walk.step}: uncaught ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      walk.problems.push(
        `${walk.step}: ${response.status()} from ${response.request().method()} ${response.url().replace(consoleUrl(), '')}`,
      );
  });
  return walk;
}

const errorPopup = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.locator('#error-popup-title') });

/** Waits for the step's requests to settle, then records the error pop-up (and closes it) and overflow. */
async function settle(walk: Walk, { inDialog = false } = {}) {
  const { page } = walk;
  if (walk.steps.at(-1) !== walk.step) walk.steps.push(walk.step);
  await page.waitForLoadState('networkidle');
  // Screens, remotes and lists load in steps (code, then data, then the rows): the step is over when the
  // page has a heading and has stopped changing for a moment.
  // (A dialog hides the page from assistive technology, its heading included.)
  if (!inDialog)
    await page
      .getByRole('heading', { level: 1 })
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => walk.problems.push(`${walk.step}: no heading after 10 s`));
  const still = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        let timer = setTimeout(() => done(true), 500);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(() => done(true), 500);
        });
        const limit = setTimeout(() => done(false), 10_000);
        function done(settled: boolean) {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(limit);
          resolve(settled);
        }
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      }),
  );
  if (!still) walk.problems.push(`${walk.step}: the page kept changing for 10 s`);
  await page.waitForLoadState('networkidle');
  const popup = errorPopup(page);
  if (await popup.isVisible()) {
    walk.problems.push(`${walk.step}: error pop-up: ${(await popup.innerText()).replace(/\s+/g, ' ')}`);
    await popup.getByRole('button', { name: 'OK' }).click();
    await popup.waitFor({ state: 'detached' });
  }
  if (walk.phone) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) walk.problems.push(`${walk.step}: the page scrolls sideways by ${overflow} px`);
  }
}

async function signIn(walk: Walk, email: string) {
  const { page } = walk;
  await page.goto(`${consoleUrl()}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
  await settle(walk);
}

/** The menu the user sees: on a phone it is the drawer behind the menu button. */
async function openMenu(walk: Walk): Promise<Locator> {
  const { page } = walk;
  if (walk.phone) {
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.locator('.MuiDrawer-modal').getByRole('navigation', { name: 'Main menu' });
    await drawer.waitFor();
    return drawer;
  }
  const nav = page.getByRole('navigation', { name: 'Main menu' }).filter({ visible: true });
  await nav.waitFor();
  return nav;
}

async function menuEntries(walk: Walk): Promise<{ title: string; path: string }[]> {
  const nav = await openMenu(walk);
  const entries = await nav.getByRole('link').evaluateAll((links) =>
    links.map((link) => ({
      title: (link.getAttribute('aria-label') ?? link.textContent ?? '').trim(),
      path: new URL((link as HTMLAnchorElement).href).pathname,
    })),
  );
  if (walk.phone) await walk.page.keyboard.press('Escape');
  return entries;
}

/** Every "Add …" button of the screen as it is now: open the form, then leave it with Cancel. */
async function walkCreateForms(walk: Walk, where: string) {
  const { page } = walk;
  const main = page.getByRole('main');
  const names = await main
    .getByRole('button', { name: /^Add / })
    .filter({ visible: true })
    .evaluateAll((buttons) => [...new Set(buttons.map((button) => (button.textContent ?? '').trim()))]);
  for (const name of names) {
    walk.step = `${where} → ${name}`;
    await openAndCancel(walk, main.getByRole('button', { name, exact: true }).filter({ visible: true }));
  }
}

/** Opens the dialog `button` opens, lets it settle (failing on any error), then Cancels or Closes it. */
async function openAndCancel(walk: Walk, button: Locator) {
  const { page } = walk;
  await button.first().click();
  const dialog = page
    .getByRole('dialog')
    .filter({ hasNot: page.locator('#error-popup-title') })
    .last();
  await dialog.waitFor();
  await settle(walk, { inDialog: true });
  // A form has Cancel; a dialog that only shows (the template library) has Close.
  await dialog
    .getByRole('button', { name: /^(Cancel|Close)$/ })
    .last()
    .click();
  await dialog.waitFor({ state: 'detached' });
  await settle(walk);
}

/**
 * The dialogs a screen's toolbar opens besides Add (the staff list's Import, the templates' library): open
 * each, then Cancel (or Close). A screen without such a button skips it.
 */
async function walkToolbarDialogs(walk: Walk, where: string) {
  const { page } = walk;
  for (const name of ['Import', 'Template library']) {
    const button = page
      .getByRole('main')
      .getByRole('button', { name, exact: true })
      .filter({ visible: true });
    if ((await button.count()) === 0) continue;
    walk.step = `${where} → ${name}`;
    await openAndCancel(walk, button);
  }
}

/**
 * The people screens' first record in its detail view (what find-one returns, with its sections: a
 * department's members, a person's sites and sign-ins), then Close.
 */
async function walkFirstRecord(walk: Walk, where: string) {
  const { page } = walk;
  const view = page
    .getByRole('main')
    .getByRole('button', { name: /^View / })
    .filter({ visible: true });
  if ((await view.count()) === 0) return;
  walk.step = `${where} → view the first record`;
  await view.first().click();
  const dialog = page
    .getByRole('dialog')
    .filter({ hasNot: page.locator('#error-popup-title') })
    .last();
  await dialog.waitFor();
  await settle(walk, { inDialog: true });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await settle(walk);
}

/** The people remote's screens (issue 9). */
const peopleScreens = ['/dashboard/staff', '/dashboard/departmentManagment'];
/** The tasks remote's screens (issue 10). */
const tasksScreens = ['/dashboard/task', '/dashboard/templates', '/dashboard/taskcategory'];
/** The logs remote's screens (issue 11). */
const logsScreens = [
  '/dashboard/temperatureLog',
  '/dashboard/complianceLog',
  '/dashboard/nearMiss',
  '/dashboard/documentmanagement',
];
/** Screens whose first record and toolbar dialogs the walk opens as well. */
const recordScreens = [...peopleScreens, ...tasksScreens, ...logsScreens];
/** Screens without records of their own: the record check (issue 11) and the reports remote's (issue 12). */
const reportScreens = ['/dashboard/recordcheck', '/dashboard/reports', '/dashboard/reports/inspection'];

async function walkScreen(walk: Walk, entry: { title: string; path: string }) {
  const { page } = walk;
  walk.step = `${entry.title} (${entry.path})`;
  const nav = await openMenu(walk);
  await nav.getByRole('link', { name: entry.title, exact: true }).click();
  await page.waitForURL((url) => url.pathname === entry.path || url.pathname.startsWith(`${entry.path}/`));
  await settle(walk);
  expect(await page.title()).toMatch(/ · Compliance Console$/);
  await walkCreateForms(walk, entry.title);
  if (recordScreens.includes(entry.path)) {
    await walkToolbarDialogs(walk, entry.title);
    await walkFirstRecord(walk, entry.title);
  }

  const tabs = page.getByRole('main').getByRole('tab');
  const tabNames = await tabs.allTextContents();
  for (const tab of tabNames.slice(1)) {
    walk.step = `${entry.title} → tab ${tab}`;
    await page.getByRole('main').getByRole('tab', { name: tab, exact: true }).click();
    await settle(walk);
    await walkCreateForms(walk, `${entry.title} → tab ${tab}`);
  }
}

async function walkConsole(walk: Walk): Promise<string[]> {
  const entries = await menuEntries(walk);
  expect(entries.length).toBeGreaterThan(3);
  // A web admin of an organisation sees the people, tasks, logs and reports remotes' screens (a platform admin before
  // choosing an organisation sees no organisation screens at all).
  if (entries.some((entry) => entry.path === '/dashboard/supplier'))
    expect(entries.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([...recordScreens, ...reportScreens]),
    );
  for (const entry of entries) await walkScreen(walk, entry);
  await walk.page.context().close();
  if (process.env.SMOKE_STEPS) console.log(walk.steps.join('\n'));
  return walk.problems;
}

/** The shell's public routes, reached without signing in (issue 23 added the pack check). */
const publicPages = ['/login', '/forgot-password', '/reset-password', '/verify'];

describe('the public pages open signed out, without an error', () => {
  for (const [name, viewport] of [
    ['desktop', desktop],
    ['phone (390 px)', phone],
  ] as const)
    test(name, async () => {
      const walk = await startWalk(viewport);
      for (const path of publicPages) {
        walk.step = `signed out: ${path}`;
        await walk.page.goto(`${consoleUrl()}${path}`);
        await settle(walk);
        // Not sent to sign in: each is a page of its own.
        expect(new URL(walk.page.url()).pathname).toBe(path);
        expect(await walk.page.title()).toMatch(/ · Compliance Console$/);
      }
      await walk.page.context().close();
      expect(walk.problems).toEqual([]);
    });
});

describe('the smoke walk: every screen, tab and create form opens without an error', () => {
  test('organisation admin', async () => {
    const walk = await startWalk(desktop);
    await signIn(walk, logins.organizationAdmin);
    expect(await walkConsole(walk)).toEqual([]);
  });

  test('site admin', async () => {
    const walk = await startWalk(desktop);
    await signIn(walk, logins.siteAdmin);
    expect(await walkConsole(walk)).toEqual([]);
  });

  test('platform admin, working in an organisation', async () => {
    const walk = await startWalk(desktop);
    await signIn(walk, logins.platformAdmin);
    walk.step = 'choose an organisation';
    await walk.page.goto(`${consoleUrl()}/dashboard/organizations`);
    await walk.page.getByRole('button', { name: 'Work in Harbour & Vine Hospitality' }).click();
    await walk.page.getByText('Acting in Harbour & Vine Hospitality').waitFor();
    await settle(walk);
    expect(await walkConsole(walk)).toEqual([]);
  });

  test('platform admin before choosing an organisation: each organisation screen asks for one, quietly', async () => {
    const walk = await startWalk(desktop);
    await signIn(walk, logins.platformAdmin);
    expect(await walk.page.title()).toBe('Choose an organisation · Compliance Console');
    expect(await walkConsole(walk)).toEqual([]);
  });

  test('organisation admin on a phone (390 px)', async () => {
    const walk = await startWalk(phone);
    await signIn(walk, logins.organizationAdmin);
    expect(await walkConsole(walk)).toEqual([]);
  });
});
