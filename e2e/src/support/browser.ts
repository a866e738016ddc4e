import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

/** Debian's Chromium, started the way the workplace's closed network needs (scripts/chromium.mjs). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

export const consoleUrl = () => {
  const url = process.env.CONSOLE_URL;
  if (!url) throw new Error('CONSOLE_URL is not set: the e2e global set-up did not run');
  return url;
};

export const demoPassword = 'Demo-pass-2026';
export const logins = {
  platformAdmin: 'platform@console.example',
  organizationAdmin: 'owner@harbourvine.example',
  siteAdmin: 'brighton.manager@harbourvine.example',
} as const;

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, email: string, base = consoleUrl()) {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  context.setDefaultTimeout(20_000);
  return context;
}
