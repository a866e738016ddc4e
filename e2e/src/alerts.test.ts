import type { Browser } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext, signIn } from './support/browser';
import { api } from './support/api';

// Issue 24: nothing goes unnoticed. A fridge reading fails on a staff member's phone; the job queue fans
// the event out, and the site admin's bell counts it, lists it in words (on its own, or in the group of the
// site's failures of the last minutes) and opens the reading itself.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

jest.setTimeout(240_000);

const brighton = /^The Harbour Kitchen, Brighton/;
const run = Date.now().toString(36);

interface NotificationList {
  unreadCount: number;
  list: { _id: string; title: string; link: string; readAt: string | null }[];
}

const webToken = async (email: string) =>
  (
    await api<{ accessToken: string }>('POST', 'authentication/web-app-login', null, {
      email,
      password: demoPassword,
    })
  ).accessToken;

/** Reads the bell's list through the API until `found` holds (the queue fans events out within seconds). */
async function notificationsUntil(token: string, found: (list: NotificationList) => boolean) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await api<NotificationList>('GET', 'notification/web-app-list?limit=50', token);
    if (found(list)) return list;
    if (Date.now() > deadline) throw new Error('the notification never arrived');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test('the bell counts a failed reading from the staff’s app and opens the reading', async () => {
  const manager = await webToken(logins.siteAdmin);
  const sites = await api<{ _id: string; name: string }[]>('GET', 'site-panel/simple-list', manager);
  const site = sites.find((one) => brighton.test(one.name));
  if (!site) throw new Error('no Brighton site');
  const aisha = (
    await api<{ accessToken: string }>('POST', 'authentication/mobile-app-login', null, {
      email: 'aisha.khan@harbourvine.example',
      password: demoPassword,
    })
  ).accessToken;
  const items = await api<{ _id: string; kind: string; equipmentName: string | null }[]>(
    'GET',
    `temperature-logs/item-list?siteID=${site._id}`,
    aisha,
  );
  const passFridge = items.find(
    (item) => item.kind === 'TEMPERATURE_ITEM' && item.equipmentName === 'Pass fridge',
  );
  if (!passFridge) throw new Error('no Pass fridge item at Brighton');
  const celsius = 9.7;
  const correctiveAction = `Stock moved to the walk-in (alerts e2e ${run})`;
  const reading = await api<{ _id: string; result: string }>(
    'POST',
    'temperature-logs/create-new-one',
    aisha,
    {
      siteID: site._id,
      temperatureItemID: passFridge._id,
      celsius,
      readAt: new Date(Date.now() - 60_000).toISOString(),
      correctiveAction,
    },
  );
  expect(reading.result).toBe('FAIL');
  const link = `/dashboard/temperatureLog?view=${reading._id}`;
  // The reading's failure; the pass fridge's sensor may also disagree with the probe, about the same reading.
  const failure = (one: { link: string; title: string }) =>
    one.link === link && one.title.startsWith('Pass fridge');
  const before = await notificationsUntil(manager, (list) =>
    list.list.some((one) => failure(one) && one.readAt === null),
  );
  const mine = before.list.find(failure);
  expect(mine?.title).toMatch(
    /^Pass fridge, .+ read 9\.7 °C \(limit 5 °C\) at The Harbour Kitchen, Brighton$/,
  );

  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.siteAdmin);
  // Other events (overdue tasks, say) may arrive meanwhile: the count is at least this one.
  const bell = p.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  const counted = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  expect(counted).toBeGreaterThanOrEqual(1);
  await bell.click();
  const popup = p.getByRole('dialog', { name: 'Notifications' });
  await popup.getByRole('list', { name: 'Latest notifications' }).waitFor();
  // By where it leads: the kitchen app's test may have recorded the same reading on the same fridge, under the
  // same words, moments ago.
  const entry = popup.getByRole('link').and(popup.locator(`[href="${link}"]`));
  // Alone, the failure is a line of its own; with other failures at the site within minutes (other tests'
  // readings), it is one of their group, which opens onto them.
  if (!(await entry.isVisible())) {
    await popup
      .getByRole('button', { name: /Temperature failure · \d+ alerts/ })
      .filter({ hasText: 'The Harbour Kitchen, Brighton' })
      .first()
      .click();
  }
  await entry.waitFor();
  await entry.click();

  await p.waitForURL(`${consoleUrl()}/dashboard/temperatureLog?view=${reading._id}`);
  // The reading's corrective action, and the action it recorded in its section of corrective actions.
  const view = p.getByRole('dialog');
  await view.getByRole('list', { name: 'Corrective actions' }).getByText(correctiveAction).waitFor();
  await view.getByText(correctiveAction).first().waitFor();
  // Opened is read.
  await notificationsUntil(manager, (list) =>
    list.list.some((one) => one._id === mine?._id && one.readAt !== null),
  );
});
