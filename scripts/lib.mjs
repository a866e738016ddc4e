// Helpers for the root scripts. Plain Node, no dependencies: these run before `npm ci` has.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

function newestMtime(target) {
  let newest = 0;
  const visit = (p) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  visit(target);
  return newest;
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !fs.existsSync(installed) || fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs + 1000;
  if (stale) runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
}

export function workspaces() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return pkg.workspaces.map((dir) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    return { dir, name: manifest.name, scripts: manifest.scripts ?? {} };
  });
}

const stampName = '.build-stamp';

/** Builds every package whose sources changed since its last build (lerna keeps dependency order). */
export function ensureBuilt() {
  const stale = workspaces().filter(({ dir, scripts }) => {
    if (!scripts.build) return false;
    const stamp = path.join(root, dir, 'dist', stampName);
    if (!fs.existsSync(stamp)) return true;
    const sources = [dir].map((d) => path.join(root, d));
    return Math.max(...sources.map(newestMtime)) > fs.statSync(stamp).mtimeMs;
  });
  if (stale.length === 0) return;
  runOrExit('npx', ['lerna', 'run', 'build', ...stale.flatMap(({ name }) => ['--scope', name])]);
  for (const { dir } of stale) {
    fs.mkdirSync(path.join(root, dir, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, dir, 'dist', stampName), new Date().toISOString());
  }
}
