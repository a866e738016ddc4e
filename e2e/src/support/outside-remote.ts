import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { filesUnder } from './remote-fixture';
import { repoRoot } from './server';

export interface OutsideRemote {
  /** The remote's package folder, outside the repository. */
  dir: string;
  /** Its build, to publish. */
  dist: string;
}

function run(command: string, args: string[], options: SpawnSyncOptions & { cwd: string }) {
  const done = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (done.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${options.cwd}) failed:\n${done.stdout}\n${done.stderr}`,
    );
  return String(done.stdout);
}

/**
 * A remote made as a team outside this repository makes one: the starter (`npm run new-remote`) writes it
 * into a folder outside the repository, depending on the SDK's packed tarball; then its own scripts
 * type-check it against the types the tarball ships, run its tests with the SDK's jest preset and build it
 * with the SDK's webpack config. Its dependencies are not downloaded: its node_modules links this
 * repository's installed packages (the versions the starter writes into its package.json) and holds the SDK
 * unpacked from the tarball, so what is type-checked and built is what the package ships. The result is kept
 * in the system's temp folder under a hash of what it is made of (the SDK and the starter), so re-runs
 * without changes reuse it. The starter's `--backend` adds the domain's own server (server/index.mjs).
 */
export function buildOutsideRemote(name = 'allergens', subject = 'Allergen'): OutsideRemote {
  const sdkDir = path.join(repoRoot, 'shared-sdk');
  const hash = crypto.createHash('sha256').update(`${name} ${subject} backend`);
  for (const file of [
    ...['src', 'webpack', 'jest', 'test'].flatMap((folder) => filesUnder(path.join(sdkDir, folder))),
    path.join(sdkDir, 'package.json'),
    path.join(repoRoot, 'scripts', 'new-remote.mjs'),
    path.join(repoRoot, 'scripts', 'pack-sdk.mjs'),
  ]) {
    hash.update(file).update(fs.readFileSync(file));
  }
  const work = path.join(os.tmpdir(), `console-e2e-outside-${hash.digest('hex').slice(0, 16)}`);
  const dir = path.join(work, `mfe-${name}`);
  const dist = path.join(dir, 'dist');
  if (fs.existsSync(path.join(dist, 'remote.json'))) return { dir, dist };
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  try {
    // The package as a registry would hold it: built, with the declarations, and no scripts of this repository.
    run(process.execPath, [path.join(repoRoot, 'scripts', 'pack-sdk.mjs'), work], { cwd: repoRoot });
    const tarball = path.join(
      work,
      fs.readdirSync(work).find((file) => file.endsWith('.tgz'))!,
    );
    run(
      process.execPath,
      [
        path.join(repoRoot, 'scripts', 'new-remote.mjs'),
        name,
        dir,
        '--subject',
        subject,
        '--sdk',
        `file:${tarball}`,
        '--backend',
      ],
      { cwd: work },
    );

    // "npm install", from what this repository has installed, and the SDK from its tarball.
    const modules = path.join(dir, 'node_modules');
    const sdkModule = path.join(modules, '@console', 'shared-sdk');
    fs.mkdirSync(sdkModule, { recursive: true });
    run('tar', ['-xzf', tarball, '-C', sdkModule, '--strip-components=1'], { cwd: work });
    // What npm would put at the top of its node_modules: the packages the remote's package.json names, the
    // SDK's own dependencies, and what they depend on in turn (hoisted). A package the remote imports
    // without anything naming it fails here as it would for the team.
    const installed = path.join(repoRoot, 'node_modules');
    const dependenciesOf = (manifestFile: string, withDev: boolean): string[] => {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
        'dependencies' | 'devDependencies' | 'optionalDependencies' | 'peerDependencies',
        Record<string, string> | undefined
      > & { peerDependenciesMeta?: Record<string, { optional?: boolean }> };
      const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
        (peer) => manifest.peerDependenciesMeta?.[peer]?.optional !== true,
      );
      return [
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.optionalDependencies ?? {}),
        ...peers,
        ...(withDev ? Object.keys(manifest.devDependencies ?? {}) : []),
      ];
    };
    const hoisted = new Set<string>();
    const queue = [
      ...dependenciesOf(path.join(dir, 'package.json'), true),
      ...dependenciesOf(path.join(sdkModule, 'package.json'), false),
    ];
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (name === '@console/shared-sdk' || hoisted.has(name)) continue;
      const manifestFile = path.join(installed, name, 'package.json');
      if (!fs.existsSync(manifestFile)) continue;
      hoisted.add(name);
      queue.push(...dependenciesOf(manifestFile, false));
    }
    for (const name of hoisted) {
      fs.mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
      fs.symlinkSync(path.join(installed, name), path.join(modules, name));
    }
    // npm links the installed packages' commands into node_modules/.bin, which the remote's scripts run.
    fs.symlinkSync(path.join(installed, '.bin'), path.join(modules, '.bin'));

    for (const script of ['typecheck', 'test', 'build']) run('npm', ['run', script], { cwd: dir });
  } catch (error) {
    fs.rmSync(path.join(dist, 'remote.json'), { force: true });
    throw error;
  }
  return { dir, dist };
}

/** A port nothing listens on now, for a server that must be known before it starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface DomainBackend {
  url: string;
  stop(): Promise<void>;
}

/**
 * The domain's own server as its team runs it (`npm start`, server/index.mjs): the remote's build and its
 * API from one address, its records in a PGlite database of its own (in memory), trusting the console at
 * `consoleUrl`, which need not be up yet.
 */
export async function startDomainBackend(remote: OutsideRemote, consoleUrl: string): Promise<DomainBackend> {
  const child = spawn(process.execPath, [path.join(remote.dir, 'server', 'index.mjs')], {
    cwd: remote.dir,
    env: {
      ...process.env,
      CONSOLE_URL: consoleUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the domain's backend did not start in time:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /backend listening at (http:\/\/\S+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the domain's backend exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
