// `npm run bench:bundle`: builds the console for production, opens it in Chromium and prints every JS file
// the browser downloads on the login page and on the first list screens after login, with its gzip size
// and the packages it holds, then names every package shipped by more than one container. It prints; it
// asserts nothing (the budgets are printed beside the figures).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { ensureInstalled, root, runOrExit } from '../scripts/lib.mjs';

ensureInstalled();
if (!process.argv.includes('--no-build')) {
  runOrExit('npx', ['lerna', 'run', 'build'], { env: { ...process.env, BUNDLE_STATS: '1' } });
}
const { chromium } = await import('playwright-core');

const budgets = { login: 330, equipment: 520, remoteOwn: 40 };
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function startConsole() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'api', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('console API ready'))
        resolve({ url: `http://127.0.0.1:${port}`, child, dataDir });
    });
    child.on('exit', (code) => reject(new Error(`console exited with ${code}: ${output}`)));
  });
}

/** Which container a URL belongs to, and that container's bundle-stats.json. */
const statsCache = new Map();
function describe(url) {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
  const container = remote ? remote[1] : 'shell';
  const file = remote ? remote[2] : pathname.slice(1);
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
      response
        .body()
        .catch(() => Buffer.alloc(0))
        .then((body) =>
          downloads.set(url, { ...describe(url), bytes: body.length, gzip: zlib.gzipSync(body).length }),
        ),
    );
  };
  page.on('response', listener);
  return async () => {
    page.off('response', listener);
    await Promise.all(pending);
  };
}

/** Each package's share of the gzip bytes, splitting a file's gzip size by its packages' raw bytes. */
function byPackage(files) {
  const totals = new Map();
  for (const f of files) {
    const raw = Object.values(f.packages).reduce((sum, bytes) => sum + bytes, 0) || 1;
    for (const [name, bytes] of Object.entries(f.packages)) {
      totals.set(name, (totals.get(name) ?? 0) + (f.gzip * bytes) / raw);
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

function report(title, downloads, budget) {
  const files = [...downloads.values()].sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  console.log(
    `\n## ${title}: ${files.length} JS files, ${kb(total)} gzip${budget ? ` (budget ${budget} KB)` : ''}`,
  );
  for (const f of files) {
    const owners = Object.entries(f.packages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name]) => name)
      .join(', ');
    console.log(
      `  ${kb(f.gzip).padStart(9)}  ${`${f.container}/${f.file}`.padEnd(52)} ${owners || '(no stats)'}`,
    );
  }
  console.log('  By package (gzip, estimated):');
  for (const [name, gzip] of byPackage(files).slice(0, 15)) console.log(`  ${kb(gzip).padStart(9)}  ${name}`);
  return { files, total };
}

/** Packages whose code arrives from more than one container (or twice from one) in the same session. */
function duplicates(files) {
  const where = new Map();
  for (const f of files) {
    for (const [name, bytes] of Object.entries(f.packages)) {
      if (bytes < 512 || name.startsWith('(')) continue;
      const list = where.get(name) ?? [];
      list.push({ container: f.container, file: f.file, bytes });
      where.set(name, list);
    }
  }
  const twice = [...where.entries()].filter(([, list]) => new Set(list.map((e) => e.container)).size > 1);
  console.log(`\n## Packages shipped by more than one container: ${twice.length === 0 ? 'none' : ''}`);
  for (const [name, list] of twice.sort()) {
    console.log(`  ${name}: ${list.map((e) => `${e.container}/${e.file} (${kb(e.bytes)} raw)`).join('; ')}`);
  }
}

const running = await startConsole();
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = new Map();
  let stop = record(page, login);
  await page.goto(`${running.url}/login`, { waitUntil: 'networkidle' });
  await stop();
  const loginReport = report('Login page', login, budgets.login);

  const session = new Map(login);
  stop = record(page, session);
  await page.getByLabel('E-mail').fill('owner@harbourvine.example');
  await page.getByLabel(/^Password/).fill('Demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
  await page.goto(`${running.url}/dashboard/sites`, { waitUntil: 'networkidle' });
  await page.getByRole('grid').waitFor();
  await stop();
  const sites = report('Login, then the sites list (the shell’s first list screen)', session);

  // A fresh visit: sign in and open the suppliers list first, as a user of the equipment screens would.
  const equipmentSession = new Map(login);
  const fresh = await context.newPage();
  stop = record(fresh, equipmentSession);
  await fresh.goto(`${running.url}/dashboard/supplier`, { waitUntil: 'networkidle' });
  await fresh.getByRole('heading', { name: 'Suppliers' }).waitFor();
  await fresh.waitForLoadState('networkidle');
  await stop();
  const equipment = report(
    'Login, then the suppliers list (the first equipment list screen)',
    equipmentSession,
    budgets.equipment,
  );
  const remoteOwn = equipment.files
    .filter((f) => f.container === 'mfe-equipment')
    .reduce((sum, f) => sum + f.gzip, 0);
  console.log(`\nmfe-equipment's own files: ${kb(remoteOwn)} gzip (budget ${budgets.remoteOwn} KB)`);
  duplicates(equipment.files);
  console.log(
    `\nSummary: login ${kb(loginReport.total)} (≤ ${budgets.login} KB), ` +
      `sites list ${kb(sites.total)}, equipment list ${kb(equipment.total)} (≤ ${budgets.equipment} KB), ` +
      `remote own ${kb(remoteOwn)} (≤ ${budgets.remoteOwn} KB)`,
  );
} finally {
  await browser.close();
  running.child.kill('SIGTERM');
  await new Promise((resolve) => running.child.on('exit', resolve));
  fs.rmSync(running.dataDir, { recursive: true, force: true });
}
