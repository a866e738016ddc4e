import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext, signIn } from './support/browser';
import { api } from './support/api';

// The logs remote in the browser, end to end, with the data coming in as it does in production: through the
// staff's own calls (the mobile app's). A failed fridge reading stands out with its corrective action, and
// the Excel export holds it at the site's local time; a near miss moves from reported to under
// investigation to closed; a document uploaded with an expiry date ten days ahead shows as expiring.
// Texts carry the run's own suffix, so a rerun against the same console never collides.

let browser: Browser;
let tmp: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-logs-'));
});
afterAll(async () => {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

jest.setTimeout(240_000);

const brighton = /^The Harbour Kitchen, Brighton/;
const run = Date.now().toString(36);

/** A staff member's token from the mobile app's sign-in. */
const staffToken = async (email: string) =>
  (
    await api<{ accessToken: string }>('POST', 'authentication/mobile-app-login', null, {
      email,
      password: demoPassword,
    })
  ).accessToken;

async function brightonId(): Promise<string> {
  const { accessToken } = await api<{ accessToken: string }>('POST', 'authentication/web-app-login', null, {
    email: logins.organizationAdmin,
    password: demoPassword,
  });
  const sites = await api<{ _id: string; name: string }[]>('GET', 'site-panel/simple-list', accessToken);
  const site = sites.find((one) => brighton.test(one.name));
  if (!site) throw new Error('no Brighton site');
  return site._id;
}

async function chooseSite(p: Page, site: RegExp) {
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: site }).click();
}

test("a failed reading from the staff's app stands out with its corrective action, and the export holds it at local time", async () => {
  const siteID = await brightonId();
  const aisha = await staffToken('aisha.khan@harbourvine.example');
  const items = await api<{ _id: string; kind: string; name: string; equipmentName: string | null }[]>(
    'GET',
    `temperature-logs/item-list?siteID=${siteID}`,
    aisha,
  );
  const passFridge = items.find(
    (item) => item.kind === 'TEMPERATURE_ITEM' && item.equipmentName === 'Pass fridge',
  );
  if (!passFridge) throw new Error('no Pass fridge item at Brighton');
  const correctiveAction = `Door left ajar; stock moved to the walk-in (e2e ${run})`;
  // Two minutes ago on the device, as the app sends it.
  const readAt = new Date(Date.now() - 2 * 60_000);
  const reading = await api<{ _id: string; result: string }>(
    'POST',
    'temperature-logs/create-new-one',
    aisha,
    {
      siteID,
      temperatureItemID: passFridge._id,
      celsius: 9.6,
      readAt: readAt.toISOString(),
      correctiveAction,
    },
  );
  expect(reading.result).toBe('FAIL');

  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await chooseSite(p, brighton);
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog?result=FAIL`);
  const row = p.getByRole('row').filter({ hasText: correctiveAction });
  await row.waitFor();
  await row.getByText(/^Fail/).first().waitFor();
  expect(await row.textContent()).toContain('9.6');

  const [download] = await Promise.all([
    p.waitForEvent('download'),
    p.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = path.join(tmp, download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const column = (name: string) => header.indexOf(name);
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((one) => {
    if (one.getCell(column('Corrective action')).value === correctiveAction) found = one;
  });
  if (!found) throw new Error('the exported workbook has no row for the reading');
  expect(found.getCell(column('Reading (°C)')).value).toBe(9.6);
  expect(found.getCell(column('Result')).value).toBe('Fail');
  expect(found.getCell(column('Equipment')).value).toBe('Pass fridge');
  // The site's wall-clock time (Brighton), written as the spreadsheet's own date and time.
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(readAt)
    .replace(', ', 'T');
  const written = found.getCell(column('Read (local time)')).value as Date;
  expect(written.toISOString().slice(0, 16)).toBe(local);
  await p.context().close();
});

test('a near miss reported from the app is investigated, then closed with its outcome', async () => {
  const siteID = await brightonId();
  const tom = await staffToken('tom.fletcher@harbourvine.example');
  const title = `Knife left on the prep sink (e2e ${run})`;
  const form = new FormData();
  const fields = {
    siteID,
    category: 'INCIDENT',
    title,
    whatHappened: 'A chef’s knife was left under water in the prep sink; found before anyone reached in.',
    location: 'Kitchen, prep sink',
    occurredAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    reportedAt: new Date(Date.now() - 55 * 60_000).toISOString(),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${consoleUrl()}/api/v1/nearMiss/create-new-one`, {
    method: 'POST',
    headers: { authorization: tom },
    body: form,
  });
  expect(response.status).toBe(200);

  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await chooseSite(p, brighton);
  await p.goto(`${consoleUrl()}/dashboard/nearMiss`);
  const row = p.getByRole('row').filter({ hasText: title });
  await row.getByText('Reported').waitFor();

  // Reported → Under investigation.
  await row.getByRole('button', { name: /^Edit / }).click();
  let dialog = p.getByRole('dialog', { name: /^Edit/ });
  await dialog.getByLabel('Status').click();
  await p.getByRole('option', { name: 'Under investigation' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('Under investigation').waitFor();

  // Under investigation → Closed, which needs the outcome.
  await row.getByRole('button', { name: /^Edit / }).click();
  dialog = p.getByRole('dialog', { name: /^Edit/ });
  await dialog.getByLabel('Status').click();
  await p.getByRole('option', { name: 'Closed' }).click();
  await dialog
    .getByLabel('Outcome')
    .fill('Knives now go straight to the knife rack; sinks are never left full.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('Closed').waitFor();
  await p.context().close();
});

test('a document uploaded with an expiry date ten days ahead is flagged as expiring', async () => {
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await chooseSite(p, brighton);
  await p.goto(`${consoleUrl()}/dashboard/documentmanagement`);
  const name = `Fire safety certificate (e2e ${run})`;
  await p.getByRole('button', { name: 'Add document' }).first().click();
  const dialog = p.getByRole('dialog', { name: 'Add document' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Category').click();
  await p.getByRole('option', { name: 'Certificate' }).click();
  const expiry = new Date(Date.now() + 10 * 86_400_000);
  const dayFirst = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(expiry)
    .replaceAll('/', '');
  await dialog.getByRole('group', { name: 'Expiry date' }).click();
  await p.keyboard.type(dayFirst);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'fire-safety.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = p.getByRole('row').filter({ hasText: name });
  await row.getByText(/^Expires in (9|10) days$/).waitFor();
  await p.context().close();
});
