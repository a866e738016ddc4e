import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext, signIn } from './support/browser';
import { startConsole, type RunningConsole } from './support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openAt(path: string, site: RegExp): Promise<Page> {
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);
  await p.goto(`${consoleUrl()}${path}`);
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: site }).click();
  return p;
}

test('in the shell: create, edit and delete a supplier', async () => {
  const p = await openAt('/dashboard/supplier', /^Harbour Kitchen Brooklyn/);
  await p.getByRole('button', { name: 'Add supplier' }).first().click();
  const add = p.getByRole('dialog', { name: 'Add supplier' });
  // A bad e-mail is refused in the form, before any request.
  await add.getByLabel('Supplier name').fill('Red Hook Produce');
  await add.getByLabel('E-mail').fill('not-an-address');
  await add.getByRole('button', { name: 'Save' }).click();
  await add.getByText('Must be a valid e-mail address').waitFor();
  await add.getByLabel('E-mail').fill('orders@redhook.example');
  await add.getByLabel('Phone').fill('+1 718 555 0100');
  await add.getByRole('button', { name: 'Save' }).click();
  await add.waitFor({ state: 'detached' });
  await p.getByText('Supplier created').waitFor();
  await p.getByRole('gridcell', { name: 'Red Hook Produce', exact: true }).waitFor();

  await p.getByRole('button', { name: 'Edit Red Hook Produce' }).click();
  const edit = p.getByRole('dialog', { name: 'Edit supplier' });
  await edit.getByLabel('Contact person').fill('Maria Lopez');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await p.getByRole('gridcell', { name: 'Maria Lopez', exact: true }).waitFor();

  await p.getByRole('button', { name: 'Delete Red Hook Produce' }).click();
  const confirm = p.getByRole('alertdialog', { name: 'Delete supplier "Red Hook Produce"?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm.waitFor({ state: 'detached' });
  await p.getByRole('gridcell', { name: 'Red Hook Produce', exact: true }).waitFor({ state: 'detached' });
  await p.context().close();
});

test('in the shell: add a fridge with two temperature items', async () => {
  const p = await openAt('/dashboard/fridge', /^The Harbour Kitchen, Brighton/);
  await p.getByRole('button', { name: 'Add fridge' }).first().click();
  const dialog = p.getByRole('dialog', { name: 'Add fridge' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Walk-in fridge');
  const first = dialog.getByRole('group', { name: 'Temperature item 1' });
  await first.getByLabel('Where it is').fill('Back wall');
  // The first item starts at the legal default for a fridge.
  expect(await first.getByLabel('Upper limit').inputValue()).toBe('5');
  await dialog.getByRole('button', { name: 'Add temperature item' }).click();
  const second = dialog.getByRole('group', { name: 'Temperature item 2' });
  await second.getByRole('textbox', { name: /^Item/ }).fill('Dairy shelf');
  await second.getByLabel('Lower limit').fill('1');
  await second.getByLabel('Upper limit').fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await p.getByRole('gridcell', { name: /Air temperature \(≤ 5 °C\), Dairy shelf \(1 to 4 °C\)/ }).waitFor();
  await p.context().close();
});

describe('mounted alone on an integrator’s plain page', () => {
  let running: RunningConsole;
  let page: http.Server;
  let pageUrl: string;

  beforeAll(async () => {
    // The integrator's page lives on another origin, which the console must allow.
    page = http.createServer();
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    running = await startConsole({ CORS_ORIGINS: pageUrl });
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme intranet</title></head>
<body>
  <h1>Acme intranet: kitchen equipment</h1>
  <div id="equipment"></div>
  <script src="${running.url}/remotes/mfe-equipment/remoteEntry.js"></script>
  <script>
    (async () => {
      await window.mfe_equipment.init({});
      const { mount } = (await window.mfe_equipment.get('./mount'))();
      mount(document.getElementById('equipment'), { apiBaseUrl: '${running.url}' });
    })();
  </script>
</body></html>`;
    page.on('request', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    });
  });
  afterAll(async () => {
    await running.stop();
    await new Promise((resolve) => page.close(resolve));
  });

  test('signs in, lists suppliers and edits one', async () => {
    const p = await (await newContext(browser)).newPage();
    await p.goto(pageUrl);
    await p.getByRole('heading', { name: 'Acme intranet: kitchen equipment' }).waitFor();
    await p.getByLabel('E-mail').fill(logins.organizationAdmin);
    await p.getByLabel(/^Password/).fill(demoPassword);
    await p.getByRole('button', { name: 'Sign in' }).click();

    await p.getByRole('combobox', { name: 'Site' }).click();
    await p.getByRole('option', { name: /^Vine Street Café, Manchester/ }).click();
    await p.getByRole('button', { name: 'Add supplier' }).first().click();
    const add = p.getByRole('dialog', { name: 'Add supplier' });
    await add.getByLabel('Supplier name').fill('Northern Dairy');
    await add.getByRole('button', { name: 'Save' }).click();
    await p.getByRole('gridcell', { name: 'Northern Dairy', exact: true }).waitFor();

    await p.getByRole('button', { name: 'Edit Northern Dairy' }).click();
    const edit = p.getByRole('dialog', { name: 'Edit supplier' });
    await edit.getByLabel('Supplier name').fill('Northern Dairy Co-op');
    await edit.getByRole('button', { name: 'Save' }).click();
    await p.getByRole('gridcell', { name: 'Northern Dairy Co-op', exact: true }).waitFor();
    // Other equipment screens are one tab away, still inside the integrator's page.
    await p.getByRole('tab', { name: 'Fridges' }).click();
    await p.getByRole('heading', { name: 'Fridges' }).waitFor();
    expect(new URL(p.url()).origin).toBe(pageUrl);
    await p.context().close();
  });
});
