// `npm run bench:bundle`: builds the console for production, opens it in Chromium and prints every JS file
// the browser downloads on the login page, on the real path (sign in, the dashboard, then the first list),
// on the first list screen after login (the shell's and each remote's in /remotes.json), and on opening a
// remote's screen after another list, with the bytes it took on the wire (Chromium asks for brotli and gzip,
// and the server sends the build's brotli copies), its gzip size beside them, and the packages it holds, then
// names every package shipped by more than one container; then the kitchen app's first screen, and what a
// phone adds signing in and opening Today. It prints; it asserts nothing (the budgets are printed beside the figures, and its last line says whether all are met).
// `--no-build` measures the current dist/ folders.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { ensureInstalled, root, runOrExit } from '../scripts/lib.mjs';
import { startConsole } from './console-server.mjs';

ensureInstalled();
if (!process.argv.includes('--no-build')) {
  runOrExit('npx', ['lerna', 'run', 'build'], { env: { ...process.env, BUNDLE_STATS: '1' } });
}
const { chromium } = await import('playwright-core');

/**
 * KB transferred (the encoded bodies, as the browser received them): the sign-in page; sign-in then a first
 * list; what opening another remote adds to its own code.
 */
const budgets = { login: 300, firstList: 450, secondRemoteExtra: 10, kitchenFirstScreen: 200 };
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files) => files.reduce((total, f) => total + f.transferred, 0);

/** URL folder → container name: the shell at the console's root, each remote where /remotes.json says. */
let containers = [];

/** Which container a URL belongs to, and that container's bundle-stats.json. */
const statsCache = new Map();
function describe(url) {
  const owner = containers.find((c) => url.startsWith(c.base)) ?? {
    name: 'shell',
    base: `${new URL(url).origin}/`,
  };
  const container = owner.name;
  const file = url.slice(owner.base.length).split('?')[0];
  if (!statsCache.has(container)) {
    const statsFile = path.join(root, container, 'dist', 'bundle-stats.json');
    statsCache.set(
      container,
      fs.existsSync(statsFile) ? JSON.parse(fs.readFileSync(statsFile, 'utf8')).files : {},
    );
  }
  const packages = statsCache.get(container)[file] ?? {};
  return { container, file, packages };
}

/** Records JS downloads into `downloads` until the returned function is called (awaiting pending ones). */
function record(page, downloads) {
  const pending = [];
  const listener = (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || response.status() !== 200) return;
    pending.push(
      Promise.all([
        response.body().catch(() => Buffer.alloc(0)),
        response.request().sizes(),
        response.headerValue('content-encoding'),
      ]).then(([body, sizes, encoding]) =>
        downloads.set(url, {
          ...describe(url),
          bytes: body.length,
          gzip: zlib.gzipSync(body).length,
          transferred: sizes.responseBodySize,
          encoding: encoding ?? 'identity',
        }),
      ),
    );
  };
  page.on('response', listener);
  return async () => {
    page.off('response', listener);
    await Promise.all(pending);
  };
}

/** Each package's share of the bytes transferred, splitting a file's by its packages' raw bytes. */
function byPackage(files) {
  const totals = new Map();
  for (const f of files) {
    const raw = Object.values(f.packages).reduce((all, bytes) => all + bytes, 0) || 1;
    for (const [name, bytes] of Object.entries(f.packages)) {
      totals.set(name, (totals.get(name) ?? 0) + (f.transferred * bytes) / raw);
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

function report(title, downloads, budget) {
  const files = [...downloads.values()].sort((a, b) => b.transferred - a.transferred);
  const total = sum(files);
  const gzip = files.reduce((all, f) => all + f.gzip, 0);
  const encodings = [...new Set(files.map((f) => f.encoding))].join(', ');
  console.log(
    `\n## ${title}: ${files.length} JS files, ${kb(total)} transferred (${encodings}; gzip ${kb(gzip)})` +
      `${budget ? ` (budget ${budget} KB)` : ''}`,
  );
  console.log(`  ${'sent'.padStart(9)}  ${'gzip'.padStart(9)}`);
  for (const f of files) {
    const owners = Object.entries(f.packages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name]) => name)
      .join(', ');
    console.log(
      `  ${kb(f.transferred).padStart(9)}  ${kb(f.gzip).padStart(9)}  ${`${f.container}/${f.file}`.padEnd(52)} ${owners || '(no stats)'}`,
    );
  }
  console.log('  By package (transferred, estimated):');
  for (const [name, bytes] of byPackage(files).slice(0, 15))
    console.log(`  ${kb(bytes).padStart(9)}  ${name}`);
  return { files, total, gzip };
}

/**
 * Module Federation's container runtime, which its plugin bundles into each container's entry: one per
 * container by design, as webpack's own runtime is (a container's webpack runtime binds to it, and it holds
 * that container's instance; Module Federation's maintainers on sharing it: "it cannot share instances",
 * module-federation/module-federation-examples#3821). Its core is shared (`externalRuntime`). Reported
 * apart from the packages shipped twice.
 */
const perContainerRuntime = new Set([
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
  '@module-federation/runtime-tools',
  '@module-federation/enhanced',
  '@module-federation/sdk',
  '@module-federation/error-codes',
]);

/** Packages whose code arrives from more than one container (or twice from one) in the same session. */
function duplicates(downloads) {
  const where = new Map();
  const files = [...new Map(downloads.map((f) => [`${f.container}/${f.file}`, f])).values()];
  for (const f of files) {
    for (const [name, bytes] of Object.entries(f.packages)) {
      if (bytes < 512 || name.startsWith('(')) continue;
      const list = where.get(name) ?? [];
      list.push({ container: f.container, file: f.file, bytes });
      where.set(name, list);
    }
  }
  const inSeveral = [...where.entries()].filter(([, list]) => new Set(list.map((e) => e.container)).size > 1);
  const twice = inSeveral.filter(([name]) => !perContainerRuntime.has(name));
  console.log(`\n## Packages shipped by more than one container: ${twice.length === 0 ? 'none' : ''}`);
  for (const [name, list] of twice.sort()) {
    console.log(`  ${name}: ${list.map((e) => `${e.container}/${e.file} (${kb(e.bytes)} raw)`).join('; ')}`);
  }
  const runtime = new Map();
  for (const [, list] of inSeveral.filter(([name]) => perContainerRuntime.has(name)))
    for (const { container, bytes } of list) runtime.set(container, (runtime.get(container) ?? 0) + bytes);
  if (runtime.size > 0)
    console.log(
      `  (Module Federation's runtime, one per container by design: ${[...runtime]
        .map(([container, bytes]) => `${container} ${kb(bytes)} raw`)
        .join(', ')})`,
    );
  return twice.map(([name]) => name);
}

const running = await startConsole();
const browser = await chromium.launch(chromiumLaunchOptions());
const within = (figure, budget) =>
  `${kb(figure)} (budget ${budget} KB${figure > budget * 1024 ? ', OVER' : ''})`;
try {
  // Every remote the console lists, with the first screen of its menu (from its published remote.json).
  const listing = await (await fetch(`${running.url}/remotes.json`)).json();
  const remotes = [];
  for (const [name, entry] of Object.entries(listing.remotes)) {
    const manifest = new URL(entry, running.url);
    const base = new URL('.', manifest).href;
    const metadata = await fetch(new URL('remote.json', manifest)).then((r) => (r.ok ? r.json() : null));
    const first = metadata?.menu?.[0];
    if (!first) {
      console.log(`(${name}: no readable remote.json at ${base}, not measured)`);
      continue;
    }
    remotes.push({ name, base, path: first.path, title: first.title });
  }
  containers = [
    ...remotes.map(({ name, base }) => ({ name, base })),
    { name: 'kitchen', base: `${running.url}/kitchen/` },
    { name: 'shell', base: `${running.url}/` },
  ];

  const context = await browser.newContext();
  const login = new Map();
  {
    const page = await context.newPage();
    const stop = record(page, login);
    await page.goto(`${running.url}/login`, { waitUntil: 'networkidle' });
    await stop();
    await page.getByLabel('E-mail').fill('owner@harbourvine.example');
    await page.getByLabel(/^Password/).fill('Demo-pass-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.close();
  }
  const loginReport = report('Sign-in page', login, budgets.login);

  /** A fresh page of the signed-in session opening `screens` one after the other; downloads per screen. */
  async function visit(screens) {
    const page = await context.newPage();
    // The browser's cache would hide what the sign-in page already downloaded: count it as a first visit.
    await page.route('**/*', (route) => route.continue());
    const steps = [];
    for (const [index, screen] of screens.entries()) {
      const downloads = new Map(index === 0 ? login : []);
      const stop = record(page, downloads);
      if (index === 0) await page.goto(`${running.url}${screen.path}`, { waitUntil: 'networkidle' });
      else {
        await page
          .getByRole('navigation', { name: 'Main menu' })
          .last()
          .getByRole('link', { name: screen.title, exact: true })
          .click();
        await page.waitForURL(`**${screen.path}`);
      }
      await page.getByRole('heading', { name: screen.title }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await stop();
      steps.push(downloads);
    }
    await page.close();
    return steps;
  }

  // The real path: a site admin's morning. Sign in on the sign-in page, land on the site's dashboard, then
  // open the day's first list (Tasks) from the menu: everything downloaded on the way, in a fresh browser.
  const realPath = new Map();
  {
    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    const stop = record(page, realPath);
    await page.goto(`${running.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail').fill('brighton.manager@harbourvine.example');
    await page.getByLabel(/^Password/).fill('Demo-pass-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .last()
      .getByRole('link', { name: 'Tasks', exact: true })
      .click();
    await page.waitForURL('**/dashboard/task');
    // The list's own title: the dashboard, still on screen while Tasks loads, has a "Tasks" section (h2).
    await page.getByRole('heading', { name: 'Tasks', level: 1, exact: true }).waitFor();
    await page.getByRole('grid').first().waitFor();
    await page.waitForLoadState('networkidle');
    await stop();
    await fresh.close();
  }
  const realPathReport = report(
    'The real path: sign in (site admin), the dashboard, then Tasks',
    realPath,
    budgets.firstList,
  );

  const sitesList = { name: 'shell', path: '/dashboard/sites', title: 'Sites' };
  const firstLists = [];
  const everything = [...login.values(), ...realPath.values()];
  for (const screen of [sitesList, ...remotes]) {
    const [first] = await visit([screen]);
    const result = report(`Sign-in, then ${screen.path} first (${screen.name})`, first, budgets.firstList);
    firstLists.push({ screen, total: result.total, gzip: result.gzip });
    everything.push(...result.files);
  }

  // Opening a remote's screen after another list: that remote's own code plus at most a little of anything
  // else. With a single remote, the list before it is the shell's.
  const seconds = [];
  for (const second of remotes) {
    for (const before of [sitesList, ...remotes.filter((r) => r !== second)]) {
      const [, opened] = await visit([before, second]);
      const files = [...opened.values()];
      const own = sum(files.filter((f) => f.container === second.name));
      const other = sum(files.filter((f) => f.container !== second.name));
      report(`${before.path} (${before.name}), then ${second.path} (${second.name})`, opened);
      seconds.push({ before, second, own, other });
      everything.push(...files);
    }
  }
  const twice = duplicates(everything);

  // The kitchen app (not a remote: a page of its own). Its first screen is the start screen on a new
  // device, and Today on a phone someone signed in on: each is held to the budget. Beside them, what a
  // phone's first morning downloads from the start screen through signing in to the day's tasks.
  const kitchenStart = new Map();
  const kitchenSignIn = new Map();
  const kitchenToday = new Map();
  {
    // Without its service worker, which would fetch every chunk for later in the background and then
    // answer the page's own requests itself: what the screens need is what the page downloads.
    const phone = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      serviceWorkers: 'block',
    });
    const page = await phone.newPage();
    let stop = record(page, kitchenStart);
    await page.goto(`${running.url}/kitchen/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: /Sign in on my phone/ }).waitFor();
    await stop();
    stop = record(page, kitchenSignIn);
    await page.getByRole('link', { name: /Sign in on my phone/ }).click();
    await page.getByLabel('E-mail').fill('grace.liu@harbourvine.example');
    await page.getByLabel(/^Password/).fill('Demo-pass-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Go to today' }).click();
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await stop();
    // The next start, signed in: a fresh page, past the browser's cache, opening on Today.
    const next = await phone.newPage();
    await next.route('**/*', (route) => route.continue());
    stop = record(next, kitchenToday);
    await next.goto(`${running.url}/kitchen/today`, { waitUntil: 'networkidle' });
    await next.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    await next.waitForLoadState('networkidle');
    await stop();
    await phone.close();
  }
  const kitchenStartReport = report(
    'Kitchen: the first screen, first visit',
    kitchenStart,
    budgets.kitchenFirstScreen,
  );
  const kitchenSignInReport = report(
    'Kitchen: then signing in on a phone and opening Today (what it adds)',
    kitchenSignIn,
  );
  const kitchenMorning = kitchenStartReport.total + kitchenSignInReport.total;
  const kitchenTodayReport = report(
    'Kitchen: the first screen of a phone signed in (Today)',
    kitchenToday,
    budgets.kitchenFirstScreen,
  );

  console.log('\nSummary (bytes transferred):');
  const gzipBeside = ({ gzip }) => `, gzip ${kb(gzip)}`;
  console.log(`  sign-in page: ${within(loginReport.total, budgets.login)}${gzipBeside(loginReport)}`);
  console.log(
    `  the real path (sign in, the dashboard, then Tasks): ${within(realPathReport.total, budgets.firstList)}${gzipBeside(realPathReport)}`,
  );
  for (const list of firstLists)
    console.log(
      `  sign-in, then ${list.screen.path} (${list.screen.name}): ${within(list.total, budgets.firstList)}${gzipBeside(list)}`,
    );
  for (const { before, second, own, other } of seconds)
    console.log(
      `  ${second.name} opened after ${before.path}: its own code ${kb(own)}, anything else ${within(other, budgets.secondRemoteExtra)}`,
    );
  console.log(`  packages shipped twice: ${twice.length === 0 ? 'none' : `${twice.join(', ')}, OVER`}`);
  console.log(
    `  kitchen, first screen: ${within(kitchenStartReport.total, budgets.kitchenFirstScreen)}${gzipBeside(kitchenStartReport)}`,
  );
  console.log(
    `  kitchen, first screen of a phone signed in (Today): ${within(kitchenTodayReport.total, budgets.kitchenFirstScreen)}${gzipBeside(kitchenTodayReport)}`,
  );
  console.log(`  kitchen, a phone's first morning (start, sign-in, welcome, Today): ${kb(kitchenMorning)}`);
  const over = [
    loginReport.total > budgets.login * 1024,
    realPathReport.total > budgets.firstList * 1024,
    ...firstLists.map(({ total }) => total > budgets.firstList * 1024),
    ...seconds.map(({ other }) => other > budgets.secondRemoteExtra * 1024),
    twice.length > 0,
    kitchenStartReport.total > budgets.kitchenFirstScreen * 1024,
    kitchenTodayReport.total > budgets.kitchenFirstScreen * 1024,
  ].filter(Boolean).length;
  console.log(over === 0 ? '\nEvery budget met.' : `\n${over} budget(s) not met.`);
} finally {
  await browser.close();
  await running.stop();
}
