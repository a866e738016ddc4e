import type { Browser, Locator, Page } from 'playwright-core';
import { addAxe, seriousViolations } from './support/axe';
import { consoleUrl, demoPassword, launchBrowser, logins } from './support/browser';

/**
 * The smoke walk: each web role signs in, then opens every menu entry, every tab and every create form
 * ("Add …", then Cancel) of the console. The screens come from the menu the page shows, so a domain's new
 * screens are walked as soon as its remote publishes them. A step fails on the error pop-up, on a console
 * error and on any 4xx/5xx answer; on a phone's width also when the page scrolls sideways. Every problem of
 * a walk is collected, so one run lists them all.
 *
 * Each state the walk reaches (a screen, a tab, an open form or dialog) is also checked with axe-core: any
 * serious or critical violation fails the walk, named by rule, impact, element and step. Each is also checked
 * for what axe rates lower but users meet on every screen: headings that skip a level, dates in more than
 * the console's one style, and a menu that highlights more or fewer than one entry.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// A whole walk as one role opens every screen, tab and dialog, and checks each with axe.
jest.setTimeout(20 * 60_000);

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

interface Walk {
  page: Page;
  /** What went wrong, each line naming the step it happened in. */
  problems: string[];
  /** Every step taken, to show the walk did reach the forms and tabs. */
  steps: string[];
  step: string;
  phone: boolean;
  /** axe violations already reported (rule and elements), so a problem of every screen is listed once. */
  reported: Set<string>;
}

async function startWalk(viewport: typeof desktop): Promise<Walk> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(20_000);
  await addAxe(context);
  const page = await context.newPage();
  const walk: Walk = {
    page,
    problems: [],
    steps: [],
    step: 'sign-in',
    phone: viewport.width < 600,
    reported: new Set(),
  };
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
  await checkAccessibility(walk);
  await checkHeadingsAndDates(walk);
}

/**
 * The console's one date style (the contract's date words) in a site's locale: en-GB "28 Nov 2026",
 * "28 Nov 2026, 17:30", "17:30", with or without the weekday ("Sat, 28 Nov 2026"), or without the year where
 * space is short ("28 Nov, 17:30"); en-US, at an American site, "Nov 28, 2026, 5:30 PM", "Sat, Nov 28, 2026",
 * "Nov 28", "5:30 PM".
 */
const consoleDay = '(?:[A-Z][a-z]{2}, )?\\d{1,2} [A-Z][a-z]{2,3}(?: \\d{4})?';
const americanDay = '(?:[A-Z][a-z]{2}, )?[A-Z][a-z]{2,3} \\d{1,2}(?:, \\d{4})?';
const americanTime = '\\d{1,2}:\\d{2}\\s?[AP]M';
const consoleDate = new RegExp(
  `^(?:${consoleDay}(?:, \\d{2}:\\d{2})?|\\d{2}:\\d{2}|${americanDay}(?:, ${americanTime})?|${americanTime})$`,
);

/**
 * What the user can reach (the open dialog's, when one is open, since it hides the page): no heading more
 * than one level under the one before it, and every date written in the console's style.
 */
async function checkHeadingsAndDates(walk: Walk) {
  const { skips, dates } = await walk.page.evaluate(() => {
    const reachable = (element: Element) =>
      element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"], [inert]');
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(
      reachable,
    );
    const found: string[] = [];
    // An open dialog (or the bell's popup) hides the page, its h1 too, and sits one level under it.
    let previous = document.querySelector('[role="dialog"], [role="alertdialog"]') ? 1 : 0;
    for (const heading of headings) {
      const level = Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1)) || 2;
      if (level > previous + 1)
        found.push(`h${previous} → h${level} "${(heading.textContent ?? '').trim()}"`);
      previous = level;
    }
    const written = [...document.querySelectorAll('time')]
      .filter(reachable)
      .map((time) => (time.textContent ?? '').trim());
    return { skips: found, dates: written };
  });
  for (const skip of skips) report(walk, `heading ${skip}`, `${walk.step}: a heading skips a level: ${skip}`);
  for (const date of dates.filter((text) => !consoleDate.test(text)))
    report(walk, `date ${date}`, `${walk.step}: a date not in the console's style: "${date}"`);
}

/** A problem that shows on many screens is listed once, at the first step that shows it. */
function report(walk: Walk, key: string, problem: string) {
  if (walk.reported.has(key)) return;
  walk.reported.add(key);
  walk.problems.push(problem);
}

/**
 * axe-core on the page as the step left it. A violation is reported once per walk, at the first step that
 * shows it: one on every screen (in the menu, say) would otherwise be listed at each.
 */
async function checkAccessibility(walk: Walk) {
  for (const violation of await seriousViolations(walk.page)) {
    const key = `${violation.id} ${violation.targets.join(' ')}`;
    if (walk.reported.has(key)) continue;
    walk.reported.add(key);
    const shown = violation.targets.slice(0, 5).join(', ');
    const more = violation.targets.length > 5 ? ` and ${violation.targets.length - 5} more` : '';
    walk.problems.push(
      `${walk.step}: axe ${violation.id} (${violation.impact}) on ${shown}${more}: ${violation.help}`,
    );
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

/** The forms whose every Tab stop must have a name (the staff form's were found without). */
const namedTabStopForms = ['Add staff member'];

/** Every "Add …" button of the screen as it is now: open the form, then leave it with Cancel. */
async function walkCreateForms(walk: Walk, where: string, opens: RegExp = /^(Add|Enrol) /) {
  const { page } = walk;
  const main = page.getByRole('main');
  const names = await main
    .getByRole('button', { name: opens })
    .filter({ visible: true })
    .evaluateAll((buttons) => [...new Set(buttons.map((button) => (button.textContent ?? '').trim()))]);
  for (const name of names) {
    walk.step = `${where} → ${name}`;
    await openAndCancel(walk, main.getByRole('button', { name, exact: true }).filter({ visible: true }), {
      namedTabStops: namedTabStopForms.includes(name),
    });
  }
}

/** Opens the dialog `button` opens, lets it settle (failing on any error), then Cancels or Closes it. */
async function openAndCancel(walk: Walk, button: Locator, { namedTabStops = false } = {}) {
  const { page } = walk;
  await button.first().click();
  const dialog = page
    .getByRole('dialog')
    .filter({ hasNot: page.locator('#error-popup-title') })
    .last();
  await dialog.waitFor();
  await settle(walk, { inDialog: true });
  if (namedTabStops) await checkTabStopNames(walk, dialog);
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

/**
 * The first record's Edit form, then Cancel: a row's own Edit button, or the one under its "More actions"
 * (a task's). Their checklist editor is what the forms add beyond the Add forms.
 */
async function walkFirstEdit(walk: Walk, where: string) {
  const { page } = walk;
  const main = page.getByRole('main');
  walk.step = `${where} → edit the first record`;
  const edit = main.getByRole('button', { name: /^Edit / }).filter({ visible: true });
  if ((await edit.count()) > 0) return openAndCancel(walk, edit, { namedTabStops: true });
  const more = main.getByRole('button', { name: 'More actions' }).filter({ visible: true });
  // A site admin may edit none of the organisation's templates.
  if ((await more.count()) === 0) return;
  await more.first().click();
  await openAndCancel(walk, page.getByRole('menuitem', { name: /^Edit / }), { namedTabStops: true });
}

/** The screens whose first record's Edit form the walk opens: a task's and a checklist template's. */
const editScreens = ['/dashboard/task', '/dashboard/templates'];
/** The tabs whose first record's Edit form the walk opens too: the organisation's areas (renaming one). */
const editTabs = ['Areas'];

/** The people remote's screens (issue 9). */
const peopleScreens = ['/dashboard/staff', '/dashboard/departmentManagment', '/dashboard/devices'];
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
/**
 * Screens that lead to pages of their own through a card's "Open …" link rather than the menu (the
 * organisation's single sign-on, provisioning and API keys): the walk opens each, with its create forms.
 */
const cardScreens = ['/dashboard/organization'];

async function walkScreen(walk: Walk, entry: { title: string; path: string }) {
  const { page } = walk;
  walk.step = `${entry.title} (${entry.path})`;
  const nav = await openMenu(walk);
  await nav.getByRole('link', { name: entry.title, exact: true }).click();
  await page.waitForURL((url) => url.pathname === entry.path || url.pathname.startsWith(`${entry.path}/`));
  await settle(walk);
  expect(await page.title()).toMatch(/ · Compliance Console$/);
  await checkOneMenuEntryCurrent(walk);
  await walkCreateForms(walk, entry.title);
  if (editScreens.includes(entry.path)) await walkFirstEdit(walk, entry.title);
  if (recordScreens.includes(entry.path)) {
    if (!walk.phone) await checkNothingCut(walk);
    await walkToolbarDialogs(walk, entry.title);
    await walkFirstRecord(walk, entry.title);
  }
  // Before the tabs: the cards are on the first.
  if (cardScreens.includes(entry.path)) await walkCardPages(walk, entry);

  const tabs = page.getByRole('main').getByRole('tab');
  const tabNames = await tabs.allTextContents();
  for (const tab of tabNames.slice(1)) {
    walk.step = `${entry.title} → tab ${tab}`;
    await page.getByRole('main').getByRole('tab', { name: tab, exact: true }).click();
    await settle(walk);
    await walkCreateForms(walk, `${entry.title} → tab ${tab}`);
    if (editTabs.includes(tab)) await walkFirstEdit(walk, `${entry.title} → tab ${tab}`);
  }
}

async function walkCardPages(walk: Walk, entry: { title: string; path: string }) {
  const { page } = walk;
  const cards = page.getByRole('main').getByRole('link', { name: /^Open / });
  const names = await cards.allTextContents();
  for (const name of names) {
    walk.step = `${entry.title} → ${name}`;
    await page.getByRole('main').getByRole('link', { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${entry.path}/`));
    await settle(walk);
    expect(await page.title()).toMatch(/ · Compliance Console$/);
    // These pages name their one create form after what it makes: a token, a key.
    await walkCreateForms(walk, `${entry.title} → ${name}`, /^(Add|Enrol|New|Make) /);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === entry.path);
    await settle(walk);
  }
}

/**
 * At 1440 × 900 a list shows its data whole (issue 25): no header, cell or status chip of the grid ends in
 * an ellipsis. A column sized to its content never cuts it, and a shared one wraps.
 */
async function checkNothingCut(walk: Walk) {
  const cut = await walk.page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '[role="grid"] .MuiDataGrid-columnHeaderTitle, [role="grid"] [role="gridcell"], [role="grid"] .MuiChip-label',
      ),
    ]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => (element.textContent ?? '').trim())
      .filter((text) => text !== ''),
  );
  if (cut.length > 0) walk.problems.push(`${walk.step}: cut off at 1440 px: ${cut.slice(0, 5).join(' | ')}`);
}

/** The menu highlights the entry of the screen shown, and only that one (a parent's entry is not lit too). */
async function checkOneMenuEntryCurrent(walk: Walk) {
  if (walk.phone) return; // The drawer is closed; the desktop walks check the same menu.
  const current = await walk.page
    .getByRole('navigation', { name: 'Main menu' })
    .filter({ visible: true })
    .locator('[aria-current]:not([aria-current="false"])')
    .evaluateAll((entries) => entries.map((entry) => (entry.textContent ?? '').trim()));
  if (current.length !== 1)
    walk.problems.push(
      `${walk.step}: ${current.length} menu entries are highlighted (aria-current)${current.length ? `: ${current.join(', ')}` : ''}`,
    );
}

/**
 * Every Tab stop of the open dialog has a name: Tab from its start until the focus comes back round, asking
 * axe-core (already in the page) for the name of each element focused.
 */
async function checkTabStopNames(walk: Walk, dialog: Locator) {
  const unnamed = await dialog.evaluate(async (root) => {
    const stops = [
      ...root.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]',
      ),
    ].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        element.getClientRects().length > 0 &&
        !element.closest('[aria-hidden="true"], [inert]') &&
        getComputedStyle(element).visibility !== 'hidden',
    );
    window.axe.setup(document);
    try {
      return stops
        .filter((element) => window.axe.commons.text.accessibleText(element).trim() === '')
        .map((element) => element.outerHTML.slice(0, 120));
    } finally {
      window.axe.teardown();
    }
  });
  for (const element of unnamed) walk.problems.push(`${walk.step}: a Tab stop without a name: ${element}`);
}

/**
 * The bell's popup (its list's dates too), then the full list it leads to through "See all notifications".
 */
async function walkNotifications(walk: Walk) {
  const { page } = walk;
  const bell = page.getByRole('button', { name: /^Notifications/ });
  // The platform admin hears of no organisation's events: there is no bell.
  if ((await bell.count()) === 0) return;
  walk.step = 'the bell';
  await bell.click();
  const popup = page.getByRole('dialog', { name: 'Notifications' });
  await popup.waitFor();
  await settle(walk, { inDialog: true });
  await checkTabStopNames(walk, popup);
  await popup
    .getByRole('link', { name: 'See all notifications' })
    .or(popup.getByRole('button', { name: 'See all notifications' }))
    .click();
  walk.step = 'all notifications (/dashboard/notifications)';
  await page.waitForURL((url) => url.pathname === '/dashboard/notifications');
  await settle(walk);
}

/**
 * The first Tab stop of a signed-in page is "Skip to main content", in sight once focused, and Enter moves
 * focus to the screen. (The page is loaded afresh, so Tab starts from its top.)
 */
async function checkSkipLink(walk: Walk) {
  const { page } = walk;
  walk.step = 'skip link';
  await page.reload();
  await settle(walk);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  if (!(await skip.evaluate((link) => link === document.activeElement).catch(() => false))) {
    walk.problems.push(`${walk.step}: the first Tab stop is not "Skip to main content"`);
    return;
  }
  const box = await skip.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport || box.y < 0 || box.x < 0 || box.x + box.width > viewport.width)
    walk.problems.push(`${walk.step}: "Skip to main content" has focus but is out of sight`);
  await page.keyboard.press('Enter');
  if (!(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement))))
    walk.problems.push(`${walk.step}: "Skip to main content" did not move focus to the screen`);
}

/**
 * A screen opened from the menu starts from the top as a loaded page does: the next Tab is the skip link
 * again, not the menu entry after the one chosen (some twenty stops away from the screen).
 */
async function checkSkipLinkAfterMenuChoice(walk: Walk, entry: { title: string; path: string }) {
  const { page } = walk;
  walk.step = `skip link after choosing ${entry.title} in the menu`;
  await (await openMenu(walk)).getByRole('link', { name: entry.title, exact: true }).click();
  await page.waitForURL((url) => url.pathname === entry.path);
  await settle(walk);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  if (!(await skip.evaluate((link) => link === document.activeElement).catch(() => false)))
    walk.problems.push(`${walk.step}: the first Tab stop is not "Skip to main content"`);
}

/**
 * On a desk's 900 px high window the whole menu fits without scrolling (the day's work, Tasks, near its
 * top), and the console's name shows in full.
 */
async function checkMenuLayout(walk: Walk) {
  walk.step = 'the menu';
  const nav = await openMenu(walk);
  const layout = await nav.evaluate((menu) => {
    const scrolls = [menu, ...menu.querySelectorAll('*')].some(
      (element) =>
        element.scrollHeight > element.clientHeight + 1 && getComputedStyle(element).overflowY !== 'visible',
    );
    const links = [...menu.querySelectorAll('a')];
    const below = links.filter((link) => link.getBoundingClientRect().bottom > window.innerHeight);
    const name = [...menu.querySelectorAll('*')].find(
      (element) => element.childElementCount === 0 && element.textContent === 'Compliance Console',
    );
    const cut =
      !name ||
      name.scrollWidth > name.clientWidth ||
      name.getBoundingClientRect().right > menu.getBoundingClientRect().right;
    return { scrolls, below: below.map((link) => link.textContent ?? ''), cut };
  });
  if (layout.scrolls) walk.problems.push(`${walk.step}: the menu scrolls in a 900 px high window`);
  if (layout.below.length > 0)
    walk.problems.push(`${walk.step}: below the fold at 900 px: ${layout.below.join(', ')}`);
  if (layout.cut) walk.problems.push(`${walk.step}: the console's name is cut off`);
}

/**
 * The screens the console's outside checks looked at on a phone too: the overview, notifications, webhooks,
 * sensors and the inspection pack. A desktop walk narrows its window to 390 px and opens those of them its
 * menu has, instead of walking the whole console again.
 */
const phoneScreens = [
  '/dashboard',
  '/dashboard/organization/webhooks',
  '/dashboard/sensors',
  '/dashboard/reports/inspection',
];

async function walkSomeOnAPhone(walk: Walk, entries: { title: string; path: string }[]) {
  await walk.page.setViewportSize(phone);
  walk.phone = true;
  for (const entry of entries.filter((each) => phoneScreens.includes(each.path))) {
    walk.step = `on a phone: ${entry.title} (${entry.path})`;
    const nav = await openMenu(walk);
    await nav.getByRole('link', { name: entry.title, exact: true }).click();
    await walk.page.waitForURL((url) => url.pathname === entry.path);
    await settle(walk);
  }
  await walkNotifications(walk);
}

async function walkConsole(walk: Walk, { thenOnAPhone = false } = {}): Promise<string[]> {
  if (!walk.phone) {
    await checkSkipLink(walk);
    await checkMenuLayout(walk);
  }
  const entries = await menuEntries(walk);
  expect(entries.length).toBeGreaterThan(3);
  const tasks = entries.find((entry) => entry.path === '/dashboard/task');
  if (!walk.phone && tasks) await checkSkipLinkAfterMenuChoice(walk, tasks);
  // A web admin of an organisation sees the people, tasks, logs and reports remotes' screens.
  expect(entries.map((entry) => entry.path)).toEqual(
    expect.arrayContaining([...recordScreens, ...reportScreens]),
  );
  for (const entry of entries) await walkScreen(walk, entry);
  await walkNotifications(walk);
  if (thenOnAPhone) await walkSomeOnAPhone(walk, entries);
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

/**
 * Runs walks two at a time. Much of a step is waiting (for the network to go quiet, for the page to stop
 * changing) while the other walk's page works, so two walks take far less than twice one; more than two
 * would make a two-core machine's pages wait on each other. Each test then waits for its own walk, and
 * fails with what it found.
 */
function twoAtATime() {
  let running = 0;
  const waiting: (() => void)[] = [];
  return <T>(walk: () => Promise<T>) => {
    const result = (async () => {
      if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await walk();
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    })();
    // Held until its test asks for it: a walk that fails before then is not an unhandled rejection.
    const settled = result.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    return async (): Promise<T> => {
      const outcome = await settled;
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    };
  };
}

const screensBeforeChoosing = ['/dashboard', ...recordScreens, ...reportScreens];

describe('the smoke walk: every screen, tab and create form opens without an error', () => {
  interface Walked {
    problems: string[];
    steps: string[];
    /** Before an organisation is chosen: the first page's title, the menu, each screen's title. */
    beforeChoosing?: { title: string; menu: string[]; screenTitles: string[] };
  }
  const walks: Record<string, () => Promise<Walked>> = {};
  /** A walk of the whole console by one person, signed in at that width. */
  const walkSignedIn =
    (viewport: typeof desktop, email: string, options: { thenOnAPhone?: boolean } = {}) =>
    async (): Promise<Walked> => {
      const walk = await startWalk(viewport);
      await signIn(walk, email);
      return { problems: await walkConsole(walk, options), steps: walk.steps };
    };

  beforeAll(() => {
    const start = twoAtATime();
    // The longest first, so the two lanes end near each other.
    walks.organizationAdmin = start(walkSignedIn(desktop, logins.organizationAdmin));
    walks.platformAdmin = start(async () => {
      const walk = await startWalk(desktop);
      await signIn(walk, logins.platformAdmin);
      walk.step = 'choose an organisation';
      await walk.page.goto(`${consoleUrl()}/dashboard/organizations`);
      await walk.page.getByRole('button', { name: 'Work in Harbour & Vine Hospitality' }).click();
      await walk.page.getByText('Acting in Harbour & Vine Hospitality').waitFor();
      await settle(walk);
      return { problems: await walkConsole(walk), steps: walk.steps };
    });
    walks.siteAdmin = start(walkSignedIn(desktop, logins.siteAdmin, { thenOnAPhone: true }));
    walks.organizationAdminOnAPhone = start(walkSignedIn(phone, logins.organizationAdmin));
    walks.beforeChoosing = start(async () => {
      const walk = await startWalk(desktop);
      await signIn(walk, logins.platformAdmin);
      const title = await walk.page.title();
      await checkSkipLink(walk);
      const menu = (await menuEntries(walk)).map((entry) => entry.title);
      const screenTitles: string[] = [];
      for (const path of screensBeforeChoosing) {
        walk.step = `before choosing: ${path}`;
        await walk.page.goto(`${consoleUrl()}${path}`);
        await settle(walk);
        screenTitles.push(await walk.page.title());
      }
      await walk.page.context().close();
      return { problems: walk.problems, steps: walk.steps, beforeChoosing: { title, menu, screenTitles } };
    });
  });

  test('organisation admin', async () => {
    const walk = await walks.organizationAdmin!();
    expect(walk.problems).toEqual([]);
    // The organisation's own pages, reached through its cards, were walked with their forms.
    expect(walk.steps).toEqual(
      expect.arrayContaining([
        'Organisation → Open single sign-on',
        'Organisation → Open provisioning',
        'Organisation → Open API keys → New API key',
        'Organisation → Open roles → New role',
      ]),
    );
  });

  test('site admin, then some screens on a phone (390 px)', async () => {
    expect((await walks.siteAdmin!()).problems).toEqual([]);
  });

  test('platform admin, working in an organisation', async () => {
    expect((await walks.platformAdmin!()).problems).toEqual([]);
  });

  test('platform admin before choosing an organisation: the choice comes first, and every organisation screen asks for it, quietly', async () => {
    const walk = await walks.beforeChoosing!();
    const choice = 'Choose an organisation · Compliance Console';
    expect(walk.beforeChoosing).toEqual({
      title: choice,
      // The menu offers only what works without an organisation: every other entry would ask for the choice.
      menu: ['Organisations'],
      screenTitles: screensBeforeChoosing.map(() => choice),
    });
    expect(walk.problems).toEqual([]);
  });

  test('organisation admin on a phone (390 px)', async () => {
    expect((await walks.organizationAdminOnAPhone!()).problems).toEqual([]);
  });
});

/**
 * The kitchen app's screens, walked the same way: each a page with its heading, no console error, no 4xx or
 * 5xx, axe clean, and no sideways scroll at a phone's 360 px. Signed out (start, sign-in, enrolment), a
 * shared tablet's (names, PIN pad, password), then a person's: every entry of the app's navigation and a
 * task's checklist.
 */
describe('the kitchen app: every screen opens without an error', () => {
  for (const [name, viewport] of [
    ['a phone (360 px)', { width: 360, height: 740 }],
    ['a 10-inch tablet in landscape', { width: 1280, height: 800 }],
  ] as const)
    test(name, async () => {
      const walk = await startWalk(viewport);
      const { page } = walk;
      const kitchen = `${consoleUrl()}/kitchen`;
      // The e-mailed links' pages (an invitation, a reset) show their form until it is sent.
      for (const path of [
        '/',
        '/sign-in',
        '/forgot-password',
        '/enrol',
        '/invite?token=smoke',
        '/invite',
        '/reset-password?token=smoke',
      ]) {
        walk.step = `kitchen, signed out: ${path}`;
        await page.goto(`${kitchen}${path}`);
        await settle(walk);
      }

      // A tablet enrolled for Brighton: its names, a PIN pad, the password screen.
      const manager = await fetch(`${consoleUrl()}/api/v1/authentication/web-app-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: logins.siteAdmin, password: demoPassword }),
      }).then(async (response) => ((await response.json()) as { data: { accessToken: string } }).data);
      const headers = { 'content-type': 'application/json', authorization: manager.accessToken };
      const sites = (await fetch(`${consoleUrl()}/api/v1/site-panel/simple-list`, { headers }).then((r) =>
        r.json(),
      )) as { data: { _id: string; name: string }[] };
      const brighton = sites.data.find((site) => site.name.startsWith('The Harbour Kitchen, Brighton'));
      const device = (await fetch(`${consoleUrl()}/api/v1/kitchen-device/create-new-one`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ siteID: brighton?._id, name: `Smoke tablet ${viewport.width}` }),
      }).then((r) => r.json())) as { data: { enrolmentCode: string } };
      walk.step = 'kitchen: enrol a tablet';
      await page.goto(`${kitchen}/?enrol=${device.data.enrolmentCode.replace(/\D/g, '')}`);
      await settle(walk);
      await page.getByRole('button', { name: 'Enrol this tablet' }).click();
      await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
      walk.step = "kitchen: the tablet's names";
      await settle(walk);
      await page.getByRole('button', { name: /^Aisha/ }).click();
      walk.step = 'kitchen: the PIN pad';
      await settle(walk);
      await page.getByRole('link', { name: 'Sign in with my password instead' }).click();
      walk.step = 'kitchen: signing in with the password on the tablet';
      await settle(walk);
      await page.goBack();
      for (const digit of '2486') await page.getByRole('button', { name: digit, exact: true }).click();
      await page.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();

      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      const entries = await navigation.getByRole('link').evaluateAll((links) =>
        links.map((link) => ({
          title: (link.textContent ?? '').trim(),
          path: new URL((link as HTMLAnchorElement).href).pathname,
        })),
      );
      expect(entries.map((entry) => entry.path)).toEqual(
        expect.arrayContaining(['/kitchen/today', '/kitchen/settings']),
      );
      for (const entry of entries) {
        walk.step = `kitchen: ${entry.title} (${entry.path})`;
        await navigation.locator(`a[href="${entry.path}"]`).click();
        await page.waitForURL((url) => url.pathname === entry.path);
        await settle(walk);
      }
      walk.step = 'kitchen: a task and its checklist';
      await navigation.locator('a[href="/kitchen/today"]').click();
      await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
      await page.waitForURL(/\/kitchen\/task\//);
      await settle(walk);
      walk.step = 'kitchen: choosing a PIN';
      await page.goto(`${kitchen}/set-pin`);
      await settle(walk);

      await page.context().close();
      expect(walk.problems).toEqual([]);
    });
});
