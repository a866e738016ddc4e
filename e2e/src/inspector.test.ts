import type { Browser } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext } from './support/browser';
import { api } from './support/api';

// The inspector's own view: the organisation admin makes a link for Brighton and a range of its dates (as
// the console's Inspector links screen does, through the API), and a browser that never signed in opens it:
// Brighton's records of that range and nothing of the organisation's other sites, read-only, a page that
// sends no referrer and asks not to be indexed. Revoked, the same address is not valid any more.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

jest.setTimeout(240_000);

const brighton = /^The Harbour Kitchen, Brighton/;

test('a link opened signed out shows Brighton’s range and nothing else; revoked, it is not valid', async () => {
  const { accessToken } = await api<{ accessToken: string }>('POST', 'authentication/web-app-login', null, {
    email: logins.organizationAdmin,
    password: demoPassword,
  });
  const sites = await api<{ _id: string; name: string; timeZoneId: string }[]>(
    'GET',
    'site-panel/simple-list',
    accessToken,
  );
  const site = sites.find((one) => brighton.test(one.name));
  if (!site) throw new Error('no Brighton site');
  const others = sites.filter((one) => one._id !== site._id).map((one) => one.name);
  expect(others.length).toBeGreaterThan(0);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: site.timeZoneId }).format(new Date());
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 29);
  const created = await api<{ link: { _id: string }; url: string }>(
    'POST',
    'inspectorLink/create-new-one',
    accessToken,
    {
      label: 'Brighton & Hove City Council EHO, browser test',
      siteIDs: [site._id],
      startDate: start.toISOString().slice(0, 10),
      endDate: today,
      expiresInDays: 7,
    },
  );
  // The address the admin copies, on this console's origin.
  const address = `${consoleUrl()}${new URL(created.url).pathname}`;

  const p = await (await newContext(browser)).newPage();
  const page = await p.goto(address);
  expect(page?.status()).toBe(200);
  expect(page?.headers()['referrer-policy']).toBe('no-referrer');
  expect(page?.headers()['x-robots-tag']).toMatch(/noindex/);

  await p.getByRole('heading', { level: 2, name: 'Records' }).waitFor();
  const facts = p.getByLabel('What this link opens');
  await expect(facts.textContent()).resolves.toMatch(/Brighton/);
  expect(await p.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
  expect(await p.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');

  // Each section of the pack, and in the readings only Brighton's.
  const tabs = await p.getByRole('tablist', { name: 'Sections' }).getByRole('tab').allTextContents();
  expect(tabs.map((tab) => tab.replace(/ \(\d+\)$/, ''))).toEqual([
    'Temperature readings',
    'Tasks and checklists',
    'Compliance logs',
    'Near misses',
    'Corrective actions',
    'Four-weekly reviews',
    'Documents',
  ]);
  const readings = p.getByRole('table', { name: 'Temperature readings' });
  await readings.getByRole('row').nth(1).waitFor();
  await p.getByRole('tab', { name: /^Corrective actions/ }).click();
  await p.getByRole('table', { name: 'Corrective actions' }).getByRole('row').nth(1).waitFor();
  const shown = (await p.locator('body').textContent()) ?? '';
  for (const other of others) expect(shown).not.toContain(other);

  // Revoked by the admin, the same address is a link that is not valid.
  await api('PUT', 'inspectorLink/revoke', accessToken, { _id: created.link._id });
  await p.reload();
  await p.getByText(/This link is not valid/).waitFor();
});
