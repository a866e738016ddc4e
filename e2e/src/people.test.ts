import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { consoleUrl, launchBrowser, logins, newContext, signIn } from './support/browser';
import { linkMailedTo } from './support/outbox';

// The people remote in the browser: invitations followed from the outbox, deactivation, import and export.
// Every person made here has an address of its own, so a rerun against the same console never collides.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const brighton = /^The Harbour Kitchen, Brighton/;
const run = Date.now().toString(36);
const address = (name: string) => `e2e.${name}.${run}@harbourvine.example`;
const newPassword = 'Invited-pass-2026';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'people-e2e-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function chooseSite(p: Page, site: RegExp) {
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: site }).click();
}

/** The organisation admin on the staff list of Brighton. */
async function staffList(): Promise<Page> {
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await p.goto(`${consoleUrl()}/dashboard/staff`);
  await chooseSite(p, brighton);
  await p.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
  return p;
}

/** Adds a person at Brighton through the staff form; resolves when the list shows them. */
async function invite(p: Page, person: { first: string; last: string; email: string; role?: string }) {
  await p.getByRole('button', { name: 'Add staff member' }).first().click();
  const dialog = p.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('First name').fill(person.first);
  await dialog.getByLabel('Last name').fill(person.last);
  await dialog.getByLabel('E-mail').fill(person.email);
  if (person.role) {
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await p.getByRole('option', { name: person.role, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await findPerson(p, person.email);
}

/** Narrows the list to one address and waits for its row. */
async function findPerson(p: Page, email: string) {
  await p.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email);
  await p.getByRole('gridcell', { name: email, exact: true }).waitFor();
}

/** Opens the e-mailed link signed out, in a context of its own, and chooses a password. */
async function setPasswordFromLink(link: string): Promise<Page> {
  const p = await (await newContext(browser)).newPage();
  await p.goto(`${consoleUrl()}${link}`);
  await p.getByLabel(/^New password/).fill(newPassword);
  // Staff choose theirs in the kitchen app, in one field they may show; admins on the console's page.
  if (link.startsWith('/kitchen/')) {
    await p.getByRole('button', { name: 'Set my password' }).click();
    return p;
  }
  await p.getByLabel(/^Repeat the new password/).fill(newPassword);
  await p.getByRole('button', { name: 'Set password' }).click();
  return p;
}

const mobileLogin = (email: string) =>
  fetch(`${consoleUrl()}/api/v1/authentication/mobile-app-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: newPassword }),
  });

async function deactivate(p: Page, fullName: string, email: string) {
  await findPerson(p, email);
  // A person's row shows its main actions; Deactivate is under "More actions".
  await p.getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'More actions' }).click();
  await p.getByRole('menuitem', { name: `Deactivate ${fullName}` }).click();
  const confirm = p.getByRole('alertdialog', { name: `Deactivate ${fullName}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await confirm.waitFor({ state: 'detached' });
  await p.getByRole('row').filter({ hasText: email }).getByText('Inactive').waitFor();
}

test('an invited staff member sets a password from the e-mailed link in the kitchen app, is signed in there, and is refused once deactivated', async () => {
  const email = address('staff');
  const admin = await staffList();
  const since = Date.now();
  await invite(admin, { first: 'Ines', last: 'Moreau', email });
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByText('Invited', { exact: true }).waitFor();

  const link = await linkMailedTo(email, since);
  expect(link).toMatch(/^\/kitchen\/invite\?token=/);
  const invited = await setPasswordFromLink(link);
  // Signed in on this phone with the password just chosen: the welcome, with its PIN to choose.
  await invited.getByRole('heading', { name: 'Welcome, Ines' }).waitFor();
  await invited.getByRole('link', { name: 'Set a PIN' }).waitFor();
  // The link works once.
  const again = await setPasswordFromLink(link);
  await again.getByText('This link has expired or has already been used.').waitFor();
  await again.context().close();
  await invited.context().close();

  expect((await mobileLogin(email)).status).toBe(200);

  await admin.reload();
  await deactivate(admin, 'Ines Moreau', email);
  const refused = await mobileLogin(email);
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(((await refused.json()) as { message: string }).message).toMatch(/deactivated/);
  await admin.context().close();
});

test('an invited site admin signs in to the console; once deactivated, their sign-in is refused', async () => {
  const email = address('manager');
  const admin = await staffList();
  const since = Date.now();
  await invite(admin, { first: 'Nadia', last: 'Okafor', email, role: 'Site admin' });

  const manager = await setPasswordFromLink(await linkMailedTo(email, since));
  // Sent to sign in, with the address filled in.
  await manager.waitForURL(/\/login\?/);
  expect(await manager.getByLabel('E-mail').inputValue()).toBe(email);
  await manager.getByLabel(/^Password/).fill(newPassword);
  await manager.getByRole('button', { name: 'Sign in' }).click();
  await manager.waitForURL(/\/dashboard/);

  await deactivate(admin, 'Nadia Okafor', email);
  await admin.context().close();

  // Their session has ended: the next screen they open sends them to sign in, which now refuses them.
  await manager.goto(`${consoleUrl()}/dashboard/staff`);
  await manager.waitForURL(/\/login/);
  await manager.getByLabel('E-mail').fill(email);
  await manager.getByLabel(/^Password/).fill(newPassword);
  await manager.getByRole('button', { name: 'Sign in' }).click();
  await manager.getByText(/This account has been deactivated/).waitFor();
  expect(manager.url()).toContain('/login');
  await manager.context().close();
});

/** Clicks `trigger` and returns the file the page downloads, saved under `tmp`. */
async function downloaded(
  p: Page,
  trigger: () => Promise<void>,
): Promise<{ file: string; download: Download }> {
  const [download] = await Promise.all([p.waitForEvent('download'), trigger()]);
  const file = path.join(tmp, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { file, download };
}

const csvCell = (value: string) => (/[",;\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
/** `firstName`, `First name` and `first_name` are one column. */
const columnKey = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

test('a CSV with two bad rows is refused with both rows reported, and nobody from it is added', async () => {
  const admin = await staffList();
  await admin.getByRole('button', { name: 'Import' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Import staff' });

  // The template says which columns the import reads.
  const { file: template } = await downloaded(admin, () =>
    dialog.getByRole('button', { name: 'CSV template' }).click(),
  );
  const header = fs
    .readFileSync(template, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]!;
  const columns = header.split(',').map((cell) => columnKey(cell.replace(/^"|"$/g, '')));
  const good = address('imported');
  const person = (values: Record<string, string>) =>
    columns.map((column) => csvCell(values[column] ?? '')).join(',');
  const values = (first: string, email: string, sites: string) => ({
    firstname: first,
    lastname: 'Import',
    email,
    userrole: 'STAFF',
    role: 'STAFF',
    sites,
    site: sites,
    sitenames: sites,
  });
  const csv = [
    header,
    person(values('Good', good, 'The Harbour Kitchen, Brighton')),
    person(values('Bad address', 'not-an-address', 'The Harbour Kitchen, Brighton')),
    person(values('Nowhere', address('nowhere'), 'Atlantis')),
  ].join('\n');

  await dialog.getByLabel('Staff file (CSV or XLSX)').setInputFiles({
    name: 'staff-with-mistakes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  const table = dialog.getByRole('table', { name: 'Rows to fix' });
  await table.waitFor();
  const rowNumbers = await table.locator('tbody tr td:first-child').allTextContents();
  // Row 2 is the first under the header: the bad address is row 3, the unknown site row 4.
  expect([...new Set(rowNumbers)].sort()).toEqual(['3', '4']);
  await dialog
    .getByRole('alert')
    .getByText(/2 rows need fixing; nothing was imported/)
    .waitFor();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await admin.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(good);
  await admin.getByText('No staff match your search.').waitFor();
  await admin.context().close();
});

test('the export is the filtered list as XLSX: one row per person, under a header', async () => {
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await p.goto(`${consoleUrl()}/dashboard/staff?limit=100`);
  await p.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
  const listed = p.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/staff-people/web-app-list') &&
      response.url().includes('status=ACTIVE'),
  );
  await chooseSite(p, brighton);
  await p.getByRole('combobox', { name: 'Status' }).click();
  await p.getByRole('option', { name: 'Active', exact: true }).click();
  const page = (await (await listed).json()) as {
    data: { list: { email: string; status: string }[]; records: number };
  };
  expect(page.data.records).toBeGreaterThan(0);
  expect(page.data.records).toBeLessThanOrEqual(100);

  await p.getByRole('button', { name: 'Export' }).click();
  const { file, download } = await downloaded(p, () =>
    p.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
  );
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells = (row.values as unknown[]).slice(1).map((value) => String(value ?? ''));
    rows.push(cells);
  });
  const [headerRow, ...people] = rows;
  const emailColumn = headerRow!.findIndex((cell) => columnKey(cell) === 'email');
  expect(emailColumn).toBeGreaterThanOrEqual(0);
  // Exactly the people the filtered list has: every page of it, nobody inactive, nobody from elsewhere.
  expect(people.map((row) => row[emailColumn]).sort()).toEqual(page.data.list.map((row) => row.email).sort());
  await p.context().close();
});
