import net from 'node:net';
import type { Browser } from 'playwright-core';
import { demoPassword, launchBrowser, logins, newContext, signIn } from './support/browser';
import { startConsole, type RunningConsole } from './support/server';

// Issue 25: photos did not show when the console was opened at an address other than PUBLIC_URL (the API
// answered file locations as absolute URLs on PUBLIC_URL, and the page's CSP loads images from its own
// origin only). Here PUBLIC_URL names the console "localhost" and the browser opens it at 127.0.0.1: a demo
// photo on a task must still be drawn.

interface Site {
  _id: string;
  name: string;
  timeZoneId: string;
}
interface DayTask {
  _id: string;
  masterTaskID: string;
  name: string;
  imageCount: number;
}
/** A demo task with a photo, and the local day of its site it belongs to. */
interface TaskWithPhoto {
  site: Site;
  date: string;
  task: DayTask;
}

/** The demo's history: photos are on the past sixty days' failed checks. */
const historyDays = 60;

/** A port free on 127.0.0.1 now, so PUBLIC_URL can name the same port under another host name. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The local date `daysBack` days before today in `zone` (YYYY-MM-DD). */
function localDate(zone: string, daysBack: number): string {
  const instant = new Date(Date.now() - daysBack * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(instant);
}

let browser: Browser;
let running: RunningConsole;
let base: string;

// startConsole waits up to five minutes for the demo to be seeded (a busy two-core machine takes minutes).
const startLimit = 6 * 60_000;
beforeAll(async () => {
  const port = await freePort();
  running = await startConsole({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });
  base = running.url;
  browser = await launchBrowser();
}, startLimit);
afterAll(async () => {
  await browser?.close();
  await running?.stop();
});

jest.setTimeout(240_000);

/** One call to this test's console as a script makes it: the envelope's `data`, or an error. */
async function call<T>(route: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}/api/v1/${route}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${route}: ${response.status} ${json.message ?? ''}`);
  return json.data;
}
/** The latest past day of any demo site with a task that has a photo (the demo's are random). */
async function demoTaskWithPhoto(): Promise<TaskWithPhoto> {
  const { accessToken } = await call<{ accessToken: string }>('authentication/web-app-login', null, {
    method: 'POST',
    body: { email: logins.organizationAdmin, password: demoPassword },
  });
  const sites = await call<{ list: Site[] }>('site-panel/web-app-list?limit=100', accessToken);
  for (let daysBack = 1; daysBack <= historyDays; daysBack += 1) {
    for (const site of sites.list) {
      const date = localDate(site.timeZoneId, daysBack);
      const day = await call<{ list: DayTask[] }>(
        `master-task/web-app-list?siteID=${site._id}&taskListDate=${date}&limit=100`,
        accessToken,
      );
      const task = day.list.find((one) => one.imageCount > 0);
      if (task) return { site, date, task };
    }
  }
  throw new Error(`the demo has no task photo in its last ${historyDays} days`);
}

test('opened at 127.0.0.1 while PUBLIC_URL says localhost, a task’s demo photo is drawn', async () => {
  expect(new URL(base).hostname).toBe('127.0.0.1');
  const { site, date, task } = await demoTaskWithPhoto();

  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin, base);
  await p.goto(`${base}/dashboard/task`);
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: new RegExp(`^${escapeRegExp(site.name)}`) }).click();

  // The task's view, opened by its link (the list keeps the day and the open task in the URL).
  const view = new URLSearchParams({ taskListDate: date, view: `${task.masterTaskID}.${task._id}` });
  await p.goto(`${base}/dashboard/task?${view.toString()}`);
  const dialog = p.getByRole('dialog', { name: new RegExp(escapeRegExp(task.name)) });
  const thumbnail = dialog
    .getByRole('button', { name: /^Show the photo by .* larger$/ })
    .first()
    .locator('img');
  await thumbnail.waitFor();

  // Loaded or refused, an image is complete; a refused one (blocked by the CSP, or not found) has no width.
  await thumbnail.evaluate(
    (img: HTMLImageElement) =>
      img.complete ||
      new Promise((settled) => {
        img.addEventListener('load', settled, { once: true });
        img.addEventListener('error', settled, { once: true });
      }),
  );
  const drawn = await thumbnail.evaluate((img: HTMLImageElement) => ({
    origin: new URL(img.currentSrc).origin,
    naturalWidth: img.naturalWidth,
  }));
  expect(drawn.origin).toBe(base);
  expect(drawn.naturalWidth).toBeGreaterThan(0);
  await p.context().close();
});
