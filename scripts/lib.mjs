// Helpers for the root scripts. Plain Node, no dependencies: these run before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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

function manifestsHash() {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(root, 'package-lock.json')));
  for (const { dir } of workspaceDirs()) hash.update(fs.readFileSync(path.join(root, dir, 'package.json')));
  hash.update(fs.readFileSync(path.join(root, 'package.json')));
  return hash.digest('hex');
}

/**
 * Installs from the lockfile when node_modules is missing or the manifests changed since the last install.
 * `npm install` rather than `npm ci`: the registry these machines use lacks other platforms' optional
 * binaries (e.g. @swc/core-darwin-arm64), which npm leaves out of the lockfile and `npm ci` then calls
 * out of sync; `npm install` follows the same lockfile.
 */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.console-install-hash');
  const current = manifestsHash();
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === current) return;
  runOrExit('npm', ['install', '--no-audit', '--no-fund']);
  fs.writeFileSync(marker, manifestsHash());
}

function workspaceDirs() {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.map((dir) => ({
    dir,
  }));
}

export function workspaces() {
  return workspaceDirs().map(({ dir }) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const internal = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
      name.startsWith('@console/'),
    );
    return { dir, name: manifest.name, scripts: manifest.scripts ?? {}, internal };
  });
}

const stampName = '.build-stamp';

/**
 * Builds every package whose sources, or the sources of a workspace package it bundles, changed since its
 * last build (lerna keeps dependency order).
 */
export function ensureBuilt() {
  const all = workspaces();
  const dirOf = new Map(all.map((w) => [w.name, w.dir]));
  const stale = all.filter(({ dir, scripts, internal }) => {
    if (!scripts.build) return false;
    const stamp = path.join(root, dir, 'dist', stampName);
    if (!fs.existsSync(stamp)) return true;
    const inputs = [dir, ...internal.map((name) => dirOf.get(name)).filter(Boolean)];
    return Math.max(...inputs.map((d) => newestMtime(path.join(root, d)))) > fs.statSync(stamp).mtimeMs;
  });
  if (stale.length === 0) return;
  runOrExit('npx', ['lerna', 'run', 'build', ...stale.flatMap(({ name }) => ['--scope', name])]);
  for (const { dir } of stale) {
    fs.mkdirSync(path.join(root, dir, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, dir, 'dist', stampName), new Date().toISOString());
  }
}
