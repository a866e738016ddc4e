// `npm run screenshots`: the README's pictures of the console, taken from a running console with the demo
// data (`npm start` in another terminal, or CONSOLE_URL). Signs in as the organisation admin, selects the
// Brighton site where a screen needs one, and writes docs/screenshots/<name>.png at 1366 × 900.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';
import { root } from './lib.mjs';

const consoleUrl = (process.env.CONSOLE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const outDir = path.join(root, 'docs', 'screenshots');

/** name → the screen's path; `site` selects Brighton first; `click` presses a button before the picture. */
const screens = [
  { name: 'sites', path: '/dashboard', site: false },
  { name: 'site-dashboard', path: '/dashboard', site: true },
  { name: 'tasks', path: '/dashboard/task', site: true },
  { name: 'templates', path: '/dashboard/templates', site: true },
  { name: 'staff', path: '/dashboard/staff', site: true },
  { name: 'fridges', path: '/dashboard/fridge', site: true },
  { name: 'temperature-log', path: '/dashboard/temperatureLog', site: true },
  { name: 'near-misses', path: '/dashboard/nearMiss', site: true },
  { name: 'documents', path: '/dashboard/documentmanagement', site: true },
  { name: 'record-check', path: '/dashboard/recordcheck', site: true, click: 'Run the check' },
  { name: 'reports', path: '/dashboard/reports', site: false },
  { name: 'inspection-pack', path: '/dashboard/reports/inspection', site: true },
];

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(`${consoleUrl}/login`);
  await page.getByLabel('E-mail').fill('owner@harbourvine.example');
  await page.getByLabel(/^Password/).fill('Demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
  for (const screen of screens) {
    await page.goto(`${consoleUrl}${screen.path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const siteBox = page.getByRole('combobox', { name: 'Site' });
    const shown = (await siteBox.count()) > 0 ? ((await siteBox.textContent()) ?? '') : null;
    if (shown !== null && screen.site !== /Brighton/.test(shown)) {
      await siteBox.click();
      await page.getByRole('option', { name: screen.site ? /Brighton/ : /All sites/ }).click();
    }
    if (screen.click) {
      await page.getByRole('button', { name: screen.click }).click();
      await page.getByRole('status', { name: /^Checking/ }).waitFor({ state: 'detached', timeout: 60_000 });
    }
    await page.waitForLoadState('networkidle');
    // Charts and lazy sections draw after their data: give them a moment to settle.
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(outDir, `${screen.name}.png`) });
    console.log(`docs/screenshots/${screen.name}.png`);
  }
} finally {
  await browser.close();
}
