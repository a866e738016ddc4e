import type { Browser, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins } from './support/browser';
import { api } from './support/api';

// The kitchen app in Chromium, as staff use it: signing in on a phone, and a shared tablet enrolled from the
// console where two people take turns by PIN and record a shift's work with the network cut by the
// browser's offline emulation, reload the app offline, and come back online. The console's own calls then
// show each record exactly once, with the device's times; a record the server refuses is shown to the
// person in words; and a tablet revoked in the console is signed out.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

jest.setTimeout(300_000);

const run = Date.now().toString(36);
const brighton = /^The Harbour Kitchen, Brighton/;

const webToken = async (email: string) =>
  (
    await api<{ accessToken: string }>('POST', 'authentication/web-app-login', null, {
      email,
      password: demoPassword,
    })
  ).accessToken;
const mobileToken = async (email: string) =>
  (
    await api<{ accessToken: string }>('POST', 'authentication/mobile-app-login', null, {
      email,
      password: demoPassword,
    })
  ).accessToken;

/** Errors thrown in the page: the app must never crash, online or off. */
function watchCrashes(page: Page, crashes: string[]) {
  page.on('pageerror', (error) => crashes.push(error.message));
}

async function kitchenContext(viewport: { width: number; height: number }, mobile: boolean) {
  const context = await browser.newContext({
    viewport,
    isMobile: mobile,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(20_000);
  return context;
}

/** Waits until the app's service worker is active, so that the next start needs no network. */
async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

async function enterPin(page: Page, pin: string) {
  await page.getByRole('heading', { name: 'Enter your PIN' }).waitFor();
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
}

async function choosePerson(page: Page, name: string, pin: string) {
  await page.getByRole('heading', { name: 'Who are you?' }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await enterPin(page, pin);
}

async function switchPerson(page: Page, name: string, pin: string) {
  await page.getByRole('button', { name: 'Switch person' }).click();
  await choosePerson(page, name, pin);
}

/** The status bar's count of records waiting to be sent. */
const waiting = (page: Page, count: number) =>
  page.getByRole('region', { name: 'Sync status' }).getByText(`${count} waiting to send`);

interface SiteOption {
  _id: string;
  name: string;
  timeZoneId?: string;
}

interface DayTask {
  _id: string;
  masterTaskID: string;
  name: string;
  status: string;
  completedAt: string | null;
  completedBy?: { firstName: string } | null;
  itemCheckList: { _id: string; status: string; statusChangeOn?: string | null }[];
}

/** A 1×1 PNG, as a phone's camera would send a photo. */
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const londonDate = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

test('a phone: the app is installable, and the staff member signs in with e-mail and password and sees their day', async () => {
  const context = await kitchenContext({ width: 360, height: 740 }, true);
  const page = await context.newPage();
  const crashes: string[] = [];
  watchCrashes(page, crashes);
  await page.goto(`${consoleUrl()}/kitchen/`);
  await page.getByRole('link', { name: /Sign in on my phone/ }).click();
  await page.getByLabel('E-mail').fill('grace.liu@harbourvine.example');
  await page.getByLabel(/^Password/).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('The e-mail address or password is incorrect.').waitFor();
  await page.getByLabel(/^Password/).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Welcome, Grace/ }).waitFor();
  await page.getByRole('link', { name: 'Go to today' }).click();
  await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
  await page
    .getByText(/The Harbour Kitchen, Brighton/)
    .first()
    .waitFor();
  // Installable: Chromium finds nothing missing (manifest, icons, a service worker that serves the page).
  await serviceWorkerReady(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // A test's browser context is an incognito profile, where Chromium installs nothing whatever the app.
  const missing = installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito');
  expect(missing).toEqual([]);
  expect(crashes).toEqual([]);
  await context.close();
});

test('a shared tablet: enrolled, two people by PIN, a shift offline (a task, a failed reading, a near miss), then everything sent once; a refusal shown; revoked', async () => {
  const manager = await webToken(logins.siteAdmin);
  const sites = await api<SiteOption[]>('GET', 'site-panel/simple-list', manager);
  const site = sites.find((one) => brighton.test(one.name));
  if (!site) throw new Error('no Brighton site');

  // Two tasks of today for anyone on the site: one the tablet completes, one somebody else completes first.
  const date = londonDate();
  const makeTask = (name: string, checkListItems: { text: string; required: boolean }[]) =>
    api<{ _id: string }>('POST', 'master-task/create-new-one', manager, {
      siteID: site._id,
      name,
      checkListItems,
      schedule: { repeat: 'ONCE', startDate: date, dueTime: '23:59' },
    });
  const ownTask = `Pass clean-down (kitchen e2e ${run})`;
  const contested = `Bin store check (kitchen e2e ${run})`;
  // Ticking the last required line completes a task by itself.
  await makeTask(ownTask, [
    { text: 'Wipe the pass', required: true },
    { text: 'Sanitise the handles', required: true },
  ]);
  await makeTask(contested, [{ text: 'Lids closed', required: false }]);

  // The console enrols a tablet and shows its one-time code.
  const enrolment = await api<{ _id: string; enrolmentCode: string }>(
    'POST',
    'kitchen-device/create-new-one',
    manager,
    { siteID: site._id, name: `Pass tablet (e2e ${run})` },
  );
  const code = enrolment.enrolmentCode.replace(/\D/g, '');

  const context = await kitchenContext({ width: 1280, height: 800 }, false);
  const page = await context.newPage();
  const crashes: string[] = [];
  watchCrashes(page, crashes);
  await page.goto(`${consoleUrl()}/kitchen/?enrol=${code}`);
  await page.getByRole('button', { name: 'Enrol this tablet' }).click();
  await choosePerson(page, 'Aisha', '2486');
  await serviceWorkerReady(page);
  await page.getByText(ownTask).waitFor();

  // Tom takes over the tablet; his records are his.
  await switchPerson(page, 'Tom', '1357');
  await page.getByText(ownTask).waitFor();

  // The shift goes offline.
  await context.setOffline(true);
  await page
    .getByText(/^Offline/)
    .first()
    .waitFor();
  await page.getByText(ownTask).click();
  const tickedAt = Date.now();
  await page.getByRole('button', { name: 'Mark “Wipe the pass” done' }).click();
  await page.getByRole('button', { name: 'Mark “Sanitise the handles” done' }).click();
  await page
    .getByText(/^Completed/)
    .first()
    .waitFor();
  await waiting(page, 2).waitFor();

  await page.goto(`${consoleUrl()}/kitchen/today`);
  await page.getByText(contested).click();
  await page.getByRole('button', { name: 'Complete task' }).click();
  await waiting(page, 3).waitFor();

  // A failed reading of the pass fridge: its corrective action is asked for before it is kept.
  const correctiveAction = `Stock moved to the walk-in (kitchen e2e ${run})`;
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.locator('a[href="/kitchen/readings"]').click();
  await page
    .getByRole('button', { name: /^Pass fridge/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Temperature' }).fill('9.7');
  await page.getByRole('button', { name: 'Save reading' }).click();
  await page.getByRole('textbox', { name: 'Corrective action' }).fill(correctiveAction);
  await page.getByRole('button', { name: 'Save reading' }).click();
  await waiting(page, 4).waitFor();

  // A near miss with its photo, from the logs.
  const nearMissTitle = `Slipped by the dish pit (kitchen e2e ${run})`;
  await navigation.locator('a[href="/kitchen/logs"]').click();
  await page.getByRole('link', { name: 'Report a near miss or incident' }).click();
  await page.getByRole('button', { name: 'Accident' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(nearMissTitle);
  await page.getByRole('textbox', { name: 'What happened' }).fill('Wet floor after the glass washer leaked');
  await page.getByRole('textbox', { name: 'Where it happened' }).fill('Dish pit');
  const tenMinutesAgo = await page.evaluate(() => {
    const at = new Date(Date.now() - 10 * 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
  });
  await page.getByLabel(/When it happened/).fill(tenMinutesAgo);
  await page
    .getByLabel('Take a photo')
    .setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('img', { name: 'Photo 1' }).waitFor();
  await page.getByRole('button', { name: 'Save report' }).click();
  await waiting(page, 5).waitFor();

  // A reload with no network: the app starts from its service worker, with everything still waiting.
  await page.reload();
  await page.getByRole('heading', { name: 'Report a near miss', level: 1 }).waitFor();
  await waiting(page, 5).waitFor();

  // Meanwhile Grace, on her phone and online, completes the contested task first.
  const grace = await mobileToken('grace.liu@harbourvine.example');
  const graceDay = await api<{ list: DayTask[] }>('GET', `task-new-version/today?siteID=${site._id}`, grace);
  const contestedTask = graceDay.list.find((task) => task.name === contested);
  if (!contestedTask) throw new Error('the contested task is not in Grace’s day');
  await api('PUT', `task-new-version/complete?siteID=${site._id}`, grace, {
    masterTaskID: contestedTask.masterTaskID,
    individualTaskID: contestedTask._id,
    completedAt: new Date().toISOString(),
  });

  // Back online: the outbox empties, and the refused completion is shown in words.
  const backOnline = Date.now();
  await context.setOffline(false);
  await page
    .getByRole('region', { name: 'Sync status' })
    .getByText('Everything is sent')
    .waitFor({ timeout: 60_000 });
  await page
    .getByRole('region', { name: 'Sync status' })
    .getByText('Grace Liu completed this task first. Nothing more to do.')
    .waitFor();

  // The console's day list: the tablet's task completed by Tom at the device's time, once.
  const consoleDay = await api<{ list: DayTask[] }>(
    'GET',
    `master-task/web-app-list?siteID=${site._id}&taskListDate=${date}&limit=100`,
    manager,
  );
  const completed = consoleDay.list.filter((task) => task.name === ownTask);
  expect(completed).toHaveLength(1);
  expect(completed[0]?.status).toBe('COMPLETED');
  expect(completed[0]?.completedBy?.firstName).toBe('Tom');
  const completedAt = Date.parse(completed[0]?.completedAt ?? '');
  // Completed while offline, before the tablet came back online: the device's time, not the sync's.
  expect(completedAt).toBeGreaterThanOrEqual(tickedAt - 1000);
  expect(completedAt).toBeLessThan(Date.now() - 1000);
  const other = consoleDay.list.filter((task) => task.name === contested);
  expect(other).toHaveLength(1);
  expect(other[0]?.completedBy?.firstName).toBe('Grace');

  // The reading in the temperature log and the near miss in its list, each once.
  const readings = await api<{
    list: { correctiveAction: string | null; result: string; celsius: number; readAt: string }[];
  }>('GET', `temperature-logs/web-app-list-for-web?siteID=${site._id}&limit=100`, manager);
  const ours = readings.list.filter((reading) => reading.correctiveAction === correctiveAction);
  expect(ours).toHaveLength(1);
  expect(ours[0]).toMatchObject({ result: 'FAIL', celsius: 9.7 });
  // Read when it was read on the tablet, offline, not when it arrived.
  expect(Date.parse(ours[0]?.readAt ?? '')).toBeLessThan(backOnline);
  const nearMisses = await api<{ list: { title: string; photos: unknown[] }[] }>(
    'GET',
    `nearMiss/web-app-list?siteID=${site._id}&search=${encodeURIComponent(nearMissTitle)}`,
    manager,
  );
  const reports = nearMisses.list.filter((report) => report.title === nearMissTitle);
  expect(reports).toHaveLength(1);
  expect(reports[0]?.photos).toHaveLength(1);

  // Revoked in the console: the tablet is signed out at its next look at the server.
  await api('PUT', `kitchen-device/revoke/${enrolment._id}`, manager, {});
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByText('This tablet was signed out by a manager', { exact: false }).waitFor();

  expect(crashes).toEqual([]);
  await context.close();
});
