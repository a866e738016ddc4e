import type { Browser } from 'playwright-core';
import { consoleUrl, launchBrowser, logins, newContext, signIn } from './support/browser';

// Issue 7 section 4: a list's query and its open modal live in the URL, so a reload (or a shared link)
// shows the same list and modal, and Back closes the modal.

/** Waits until `read` gives `expected` (the grid fills in after the request answers). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 15_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await read();
    try {
      expect(value).toEqual(expected);
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('search, sort and a view modal survive a reload, and Back closes the modal', async () => {
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await p.goto(`${consoleUrl()}/dashboard/supplier`);
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: /^Harbour Kitchen Brooklyn/ }).click();
  await p.getByRole('gridcell', { name: 'Empire Meats', exact: true }).waitFor();

  await p.getByRole('searchbox', { name: /Search suppliers/ }).fill('e');
  await p.waitForURL((url) => url.searchParams.get('search') === 'e');
  // The list starts sorted by name; one click on the header sorts it the other way.
  await p.getByRole('columnheader', { name: 'Supplier' }).getByText('Supplier').click();
  await p.waitForURL((url) => url.searchParams.get('sort') === '-supplierName');
  const names = () =>
    p.locator('[role="row"] [data-field="supplierName"][role="gridcell"]').allTextContents();
  await eventually(names, [
    'Red Hook Seafood',
    'Kings County Produce',
    'Hudson Valley Creamery',
    'Empire Meats',
  ]);

  await p.getByRole('button', { name: 'View Red Hook Seafood' }).click();
  await p.getByRole('dialog', { name: 'Red Hook Seafood' }).waitFor();
  await p.waitForURL((url) => url.searchParams.has('view'));
  const shared = new URL(p.url());

  await p.reload();
  const dialog = p.getByRole('dialog', { name: 'Red Hook Seafood' });
  await dialog.getByText('Contact person').waitFor();
  expect(Object.fromEntries(new URL(p.url()).searchParams)).toEqual(Object.fromEntries(shared.searchParams));

  await p.goBack();
  await dialog.waitFor({ state: 'detached' });
  const after = new URL(p.url()).searchParams;
  expect(after.has('view')).toBe(false);
  expect(after.get('search')).toBe('e');
  expect(after.get('sort')).toBe('-supplierName');
  await eventually(names, [
    'Red Hook Seafood',
    'Kings County Produce',
    'Hudson Valley Creamery',
    'Empire Meats',
  ]);
  expect(await p.getByRole('searchbox', { name: /Search suppliers/ }).inputValue()).toBe('e');
  await p.context().close();
});
