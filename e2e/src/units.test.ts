import type { Browser, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext, signIn } from './support/browser';
import { api } from './support/api';

// Each site in its own units, in one session: Brooklyn, judged by New York City's Health Code, shows its
// temperature log, its correction form and its chart in °F with month-first dates on a 12-hour clock;
// Brighton, by England's rules, in °C with day-first dates. A value typed in °F is stored as the °C it is
// (41 °F is 5 °C exactly), and reads back as typed.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

jest.setTimeout(180_000);

const brooklyn = /^Harbour Kitchen Brooklyn/;
const brighton = /^The Harbour Kitchen, Brighton/;
const run = Date.now().toString(36);
/** "Nov 28, 2026, 5:30 PM" and "28 Nov 2026, 17:30". */
const monthFirst = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/;
const dayFirst = /\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}/;

async function chooseSite(p: Page, site: RegExp) {
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: site }).click();
}

/** A fridge reading at `site` from its staff member's app, 2 minutes ago; its id and its item's. */
async function fridgeReading(site: RegExp, email: string, celsius: number, note: string) {
  const staff = (
    await api<{ accessToken: string }>('POST', 'authentication/mobile-app-login', null, {
      email,
      password: demoPassword,
    })
  ).accessToken;
  const sites = await api<{ _id: string; name: string }[]>('GET', 'site-panel/simple-list', staff);
  const siteID = sites.find((one) => site.test(one.name))?._id;
  if (!siteID) throw new Error(`no site ${site} for ${email}`);
  const items = await api<{ _id: string; kind: string; logTypes: { logType: string }[] }[]>(
    'GET',
    `temperature-logs/item-list?siteID=${siteID}`,
    staff,
  );
  const fridge = items.find(
    (item) => item.kind === 'TEMPERATURE_ITEM' && item.logTypes.some((type) => type.logType === 'FRIDGE'),
  );
  if (!fridge) throw new Error(`no fridge item at ${site}`);
  const reading = await api<{ _id: string }>('POST', 'temperature-logs/create-new-one', staff, {
    siteID,
    temperatureItemID: fridge._id,
    celsius,
    readAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    note,
  });
  return { readingID: reading._id, itemID: fridge._id };
}

test('Brooklyn’s temperature log, correction form and chart in °F, and Brighton’s in °C, in one session', async () => {
  // 38 °F as the kitchen app sends it: (38 - 32) × 5 / 9 °C.
  const york = await fridgeReading(
    brooklyn,
    'diego.ramirez@harbourvine.example',
    ((38 - 32) * 5) / 9,
    `Walk-in after the delivery (e2e ${run})`,
  );
  const england = await fridgeReading(
    brighton,
    'aisha.khan@harbourvine.example',
    3.5,
    `Pass fridge at opening (e2e ${run})`,
  );

  const { accessToken: owner } = await api<{ accessToken: string }>(
    'POST',
    'authentication/web-app-login',
    null,
    {
      email: logins.organizationAdmin,
      password: demoPassword,
    },
  );
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);

  // Brooklyn: the row in °F, with its time month first on a 12-hour clock.
  await chooseSite(p, brooklyn);
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog`);
  const yorkRows = p.getByRole('row').filter({ hasText: '°F' });
  await yorkRows.first().waitFor();
  expect(await yorkRows.first().textContent()).toMatch(monthFirst);
  expect(await p.getByRole('row').filter({ hasText: '°C' }).count()).toBe(0);
  // The reading's own view, in °F.
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog?view=${york.readingID}`);
  const view = p.getByRole('dialog');
  await view.getByText('38 °F').first().waitFor();
  expect(await view.textContent()).toMatch(monthFirst);
  await view.getByRole('button', { name: 'Close' }).first().click();

  // Its correction form takes °F: 41 °F typed is stored as 5 °C exactly.
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog?edit=${york.readingID}`);
  const dialog = p.getByRole('dialog');
  const value = dialog.getByRole('textbox', { name: /^Reading/ });
  await value.waitFor();
  expect(await value.inputValue()).toBe('38');
  await dialog.getByText('°F', { exact: true }).first().waitFor();
  await value.fill('41');
  await dialog.getByLabel(/^Reason/).fill('Misread the display');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const corrected = await api<{ celsius: number; temperatureUnit: string }>(
    'GET',
    `temperature-logs/find-one/${york.readingID}`,
    owner,
  );
  expect(corrected).toMatchObject({ celsius: 5, temperatureUnit: 'F' });
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog?view=${york.readingID}`);
  await p.getByRole('dialog').getByText('41 °F').first().waitFor();

  // Its chart is drawn in °F.
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog?itemID=${york.itemID}`);
  await p.getByRole('button', { name: 'Chart this item' }).first().click();
  const chart = p.getByRole('dialog');
  await chart.getByLabel(/readings in °F/).waitFor();
  expect(await chart.getByLabel('Limits in force').textContent()).toMatch(/\d °F/);
  await chart.getByRole('button', { name: 'Close' }).click();

  // Brighton, in the same session: °C, day first on a 24-hour clock.
  await chooseSite(p, brighton);
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog`);
  const englandRows = p.getByRole('row').filter({ hasText: '°C' });
  await englandRows.first().waitFor();
  expect(await englandRows.first().textContent()).toMatch(dayFirst);
  expect(await p.getByRole('row').filter({ hasText: '°F' }).count()).toBe(0);
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog?view=${england.readingID}`);
  await p.getByRole('dialog').getByText('3.5 °C').first().waitFor();
  await p.goto(`${consoleUrl()}/dashboard/temperatureLog?itemID=${england.itemID}`);
  await p.getByRole('button', { name: 'Chart this item' }).first().click();
  await p
    .getByRole('dialog')
    .getByLabel(/readings in °C/)
    .waitFor();
  await p.context().close();
});
