import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleUrl, launchBrowser, logins, newContext, signIn } from './support/browser';

// The reports remote in the browser, on the demo's sixty days of tasks and logs: the sites ranked, a site
// drilled into its days, a day opening that day's task list in the tasks remote (by its route), and the
// inspection pack of a site previewed and downloaded as a PDF with pages.

let browser: Browser;
let tmp: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-reports-'));
});
afterAll(async () => {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

jest.setTimeout(240_000);

const brighton = /^The Harbour Kitchen, Brighton/;

async function chooseSite(p: Page, site: RegExp) {
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: site }).click();
}

test('the sites ranked, a site’s days, and a day opening its task list', async () => {
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await p.goto(`${consoleUrl()}/dashboard/reports`);
  const ranking = p.getByRole('table', { name: 'Sites ranked by score' });
  await ranking.waitFor();
  // The demo's three sites (and any site another test added), each scored over the last 30 days with a
  // band in words.
  await p.waitForLoadState('networkidle');
  for (const site of [brighton, /Manchester/, /Brooklyn/]) {
    await ranking.getByRole('button', { name: site }).waitFor();
  }
  expect(await ranking.textContent()).toMatch(/· (Good|Needs attention|Poor)/);
  // Each trend is drawn (the charts entry comes from the shell, which must provide it).
  await ranking
    .getByRole('img', { name: /^Trend of / })
    .first()
    .locator('svg')
    .first()
    .waitFor();

  await ranking.getByRole('button', { name: brighton }).click();
  const days = p.getByRole('table', { name: /^Scores per day of The Harbour Kitchen, Brighton/ });
  await days.waitFor();
  expect(p.url()).toContain('site=');
  // Yesterday: a whole day of the demo's history, with tasks due.
  const dayButtons = days.getByRole('button', { name: /^Tasks of / });
  const yesterday = dayButtons.nth(1);
  const label = (await yesterday.getAttribute('aria-label')) ?? '';
  await yesterday.click();
  await p.waitForURL(/\/dashboard\/task\?taskListDate=\d{4}-\d{2}-\d{2}/);
  const date = new URL(p.url()).searchParams.get('taskListDate') ?? '';
  expect(label).toContain(String(Number(date.slice(8, 10))));
  // The tasks remote shows that day at Brighton.
  await p.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await p.getByRole('combobox', { name: 'Site' }).textContent()).toMatch(brighton);
  await p.context().close();
});

test('the inspection pack: preview with an intact record check, then the PDF with its pages', async () => {
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await chooseSite(p, brighton);
  await p.goto(`${consoleUrl()}/dashboard/reports/inspection`);
  await p.getByText('Records intact').waitFor({ timeout: 60_000 });
  const digest = (await p.getByLabel('Digest of the pack').textContent()) ?? '';
  expect(digest).toMatch(/^[0-9a-f]{64}$/);

  const [download] = await Promise.all([
    p.waitForEvent('download', { timeout: 120_000 }),
    p.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Inspection pack - The Harbour Kitchen, Brighton - .*\.pdf$/);
  const file = path.join(tmp, download.suggestedFilename());
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
  expect(pages.length).toBeGreaterThan(5);
  await p.getByText(/^Inspection pack downloaded/).waitFor();
  await p.context().close();
});
