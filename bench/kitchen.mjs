/* global window, navigator, PerformanceObserver -- functions passed to page.evaluate run in the page */
// `npm run bench:kitchen`: the kitchen app on a mid-range phone. Lighthouse's mobile preset (a Moto G Power
// class phone: 4× slower CPU, a slow 4G line, simulated) loads it twice: a first visit to the start screen,
// and a shared tablet's next start, enrolled and with a person signed in, when the app comes from its
// service worker and opens on Today. Then a tick, as staff feel it: a checklist line ticked on Today's
// task with the CPU slowed 4×, from the tap to the next frame (the Event Timing API's duration, which is
// what INP counts). It prints; it asserts nothing. `--no-build` measures the current dist/ folders.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { ensureInstalled, runOrExit } from '../scripts/lib.mjs';
import { startConsole } from './console-server.mjs';

ensureInstalled();
if (!process.argv.includes('--no-build')) runOrExit('npx', ['lerna', 'run', 'build']);
const { chromium } = await import('playwright-core');

const password = 'Demo-pass-2026';

async function api(base, method, route, token, body) {
  const response = await fetch(`${base}/api/v1/${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${json.message ?? ''}`);
  return json.data;
}

const ms = (value) => `${Math.round(value)} ms`;
const audits = [
  ['first-contentful-paint', 'First Contentful Paint'],
  ['largest-contentful-paint', 'Largest Contentful Paint'],
  ['speed-index', 'Speed Index'],
  ['total-blocking-time', 'Total Blocking Time'],
  ['interactive', 'Time to Interactive'],
];

function printRun(title, lhr) {
  console.log(`\n## ${title}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  console.log(
    `  performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}`,
  );
  for (const [id, label] of audits)
    console.log(`  ${label.padEnd(26)} ${ms(lhr.audits[id]?.numericValue ?? 0)}`);
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const transferred = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  console.log(
    `  JavaScript transferred     ${(transferred / 1024).toFixed(1)} KB in ${scripts.length} files`,
  );
  // What keeps accessibility under 100, named, so it can be found.
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1);
  for (const audit of failing) {
    console.log(`  accessibility: ${audit.id}: ${audit.title}`);
    for (const item of (audit.details?.items ?? []).slice(0, 5))
      console.log(`    ${item.node?.snippet ?? ''} (${item.node?.nodeLabel ?? ''})`);
  }
  return { score: score('performance'), transferred };
}

const running = await startConsole();
const { executablePath, args } = chromiumLaunchOptions();
const chrome = await chromeLauncher.launch({
  chromePath: executablePath,
  chromeFlags: [...args.filter((flag) => flag !== '--headless'), '--headless=new'],
});
try {
  const options = { port: chrome.port, output: 'json', logLevel: 'error' };
  const categories = { onlyCategories: ['performance', 'accessibility', 'best-practices'] };

  const cold = await lighthouse(`${running.url}/kitchen/`, { ...options, ...categories });
  const coldRun = printRun('First visit: the start screen (mobile preset, storage cleared)', cold.lhr);

  // Enrol this browser as a Brighton tablet and sign Aisha in, through the app itself.
  const manager = (
    await api(running.url, 'POST', 'authentication/web-app-login', null, {
      email: 'brighton.manager@harbourvine.example',
      password,
    })
  ).accessToken;
  const sites = await api(running.url, 'GET', 'site-panel/simple-list', manager);
  const brighton = sites.find((site) => site.name.startsWith('The Harbour Kitchen, Brighton'));
  // A task of today with lines to tick, open whatever the hour the bench runs at.
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const taskName = `Bench: wipe down the pass (${Date.now().toString(36)})`;
  await api(running.url, 'POST', 'master-task/create-new-one', manager, {
    siteID: brighton._id,
    name: taskName,
    checkListItems: [
      { text: 'Wipe the pass', required: true },
      { text: 'Sanitise the handles', required: true },
    ],
    schedule: { repeat: 'ONCE', startDate: date, dueTime: '23:59' },
  });
  const device = await api(running.url, 'POST', 'kitchen-device/create-new-one', manager, {
    siteID: brighton._id,
    name: 'Bench tablet',
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${running.url}/kitchen/?enrol=${device.enrolmentCode.replace(/\D/g, '')}`);
  await page.getByRole('button', { name: 'Enrol this tablet' }).click();
  await page.getByRole('button', { name: /^Aisha/ }).click();
  for (const digit of '2486') await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);

  const warm = await lighthouse(`${running.url}/kitchen/today`, {
    ...options,
    ...categories,
    disableStorageReset: true,
  });
  const warmRun = printRun(
    'The next start: an enrolled tablet opening on Today (storage and service worker kept)',
    warm.lhr,
  );

  // A tick with the CPU slowed as the mobile preset slows it.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${running.url}/kitchen/today`);
  await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
  await page.evaluate(() => {
    window.__tapDurations = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'click') window.__tapDurations.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 0, buffered: false });
  });
  await page.getByRole('main').getByRole('link').filter({ hasText: taskName }).click();
  const tick = page.getByRole('button', { name: /^Mark “.+” done$/ }).first();
  await tick.waitFor();
  const taps = [];
  for (let round = 0; round < 5; round += 1) {
    await page
      .getByRole('button', { name: /^Mark “.+” done$/ })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^Mark “.+” to do$/ })
      .first()
      .click();
  }
  await page.waitForTimeout(500);
  taps.push(...(await page.evaluate(() => window.__tapDurations)));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await browser.close();
  const sorted = [...taps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(`\n## A tick and its undo on a task, CPU 4× slower: ${taps.length} taps`);
  console.log(
    `  tap to next frame: median ${ms(median)}, worst ${ms(sorted.at(-1) ?? 0)} (INP's "good" is under 200 ms)`,
  );

  console.log('\nSummary:');
  console.log(
    `  first visit: performance ${coldRun.score}, ${(coldRun.transferred / 1024).toFixed(1)} KB of JavaScript`,
  );
  console.log(`  next start on Today: performance ${warmRun.score}`);
  console.log(`  a tick: median ${ms(median)}, worst ${ms(sorted.at(-1) ?? 0)}`);
} finally {
  await chrome.kill();
  await running.stop();
}
