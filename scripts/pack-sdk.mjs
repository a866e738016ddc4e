// `npm run pack:sdk [-- <destination folder>]`: the SDK as a domain team installs it, a tarball
// (`console-shared-sdk-<version>.tgz`, in the current folder unless told) to publish to an organisation's
// registry (`npm publish <tarball> --registry …`) or depend on as a file. Built here first, then packed from
// a copy whose package.json has no scripts and no devDependencies: this repository's `build` and `prepack`
// mean nothing outside it, and a team that re-packs or publishes the tarball again must not run them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runOrExit } from './lib.mjs';

const destination = path.resolve(process.argv[2] ?? process.cwd());
const sdkDir = path.join(root, 'shared-sdk');

runOrExit('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: sdkDir });

// The files npm would pack (the package's `files`), as npm itself lists them.
const listing = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
  cwd: sdkDir,
  encoding: 'utf8',
});
if (listing.status !== 0) {
  console.error(listing.stderr);
  process.exit(listing.status ?? 1);
}
const [{ files }] = JSON.parse(listing.stdout);

const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'console-sdk-pack-'));
try {
  for (const { path: file } of files) {
    fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    fs.copyFileSync(path.join(sdkDir, file), path.join(staging, file));
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(sdkDir, 'package.json'), 'utf8'));
  delete manifest.scripts;
  delete manifest.devDependencies;
  fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.mkdirSync(destination, { recursive: true });
  runOrExit('npm', ['pack', '--ignore-scripts', '--pack-destination', destination], { cwd: staging });
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
