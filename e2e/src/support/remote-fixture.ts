import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './server';

const fixtureDir = path.join(repoRoot, 'e2e', 'fixtures', 'mfe-canary');

/** Every file under `dir`, sorted (for a content hash). */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Builds the fixture remote (e2e/fixtures/mfe-canary) once and returns its dist folder. The build is cached
 * in the system's temp folder under a hash of everything it is made of (the fixture and the SDK), so
 * re-runs and CI jobs without changes reuse it. Called from inside the browser tests, which run under the
 * build lock already.
 */
export function buildCanaryRemote(): string {
  const hash = crypto.createHash('sha256');
  for (const file of [
    ...filesUnder(fixtureDir).filter((file) => !file.includes(`${path.sep}dist${path.sep}`)),
    ...filesUnder(path.join(repoRoot, 'shared-sdk', 'src')),
    ...filesUnder(path.join(repoRoot, 'shared-sdk', 'webpack')),
    path.join(repoRoot, 'shared-sdk', 'package.json'),
  ]) {
    hash.update(file).update(fs.readFileSync(file));
  }
  const out = path.join(os.tmpdir(), `console-e2e-mfe-canary-${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(path.join(out, 'remote.json'))) return out;
  const built = spawnSync(
    path.join(repoRoot, 'node_modules', '.bin', 'webpack'),
    ['--mode', 'production', '--config', path.join(fixtureDir, 'webpack.config.cjs'), '--output-path', out],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (built.status !== 0) {
    fs.rmSync(out, { recursive: true, force: true });
    throw new Error(`building the fixture remote failed:\n${built.stdout}\n${built.stderr}`);
  }
  return out;
}

/** A copy of a built remote whose remote.json is changed by `edit` (a deployment published differently). */
export function copyWithMetadata(dist: string, edit: (metadata: Record<string, unknown>) => void): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-remote-'));
  fs.cpSync(dist, copy, { recursive: true });
  const file = path.join(copy, 'remote.json');
  const metadata = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(metadata);
  fs.writeFileSync(file, JSON.stringify(metadata));
  return copy;
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
};

export interface StaticHost {
  url: string;
  close(): Promise<void>;
}

/**
 * A static file host on its own origin, as a CDN a remote team publishes to: `folders` maps a URL prefix
 * (e.g. "canary") to a folder, served with CORS open. `intercept` may answer a request instead (an outage)
 * or delay it.
 */
export async function hostRemotes(
  folders: Record<string, string>,
  intercept?: (pathname: string) => Promise<number | undefined>,
): Promise<StaticHost> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('cache-control', 'no-cache');
      const status = await intercept?.(pathname);
      if (status) return response.writeHead(status).end();
      const [, prefix, ...rest] = pathname.split('/');
      const folder = prefix ? folders[prefix] : undefined;
      const file = folder ? path.join(folder, ...rest) : undefined;
      if (!file || !file.startsWith(folder!) || !fs.existsSync(file) || !fs.statSync(file).isFile())
        return response.writeHead(404).end();
      response.writeHead(200, {
        'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      });
      fs.createReadStream(file).pipe(response);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
