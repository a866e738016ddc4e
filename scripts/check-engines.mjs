// Every installed package must accept the Node.js the project says it runs on (package.json `engines`, the
// README's "Node.js 20.19 or newer", what CI has): a dependency that declares a later Node may work today
// and break on its next patch, so a new one is caught when it is installed, not when it fails. Exits 1 and
// names each package, with who needs it, when one does not.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const semver = require('semver');

const wanted = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const lowest = semver.minVersion(wanted);
const refused = new Map();

function visit(nodeModules) {
  if (!fs.existsSync(nodeModules)) return;
  for (const entry of fs.readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const dir = path.join(nodeModules, entry);
    if (entry.startsWith('@')) {
      visit(dir);
      continue;
    }
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version, engines } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      const node = engines?.node;
      if (typeof node === 'string' && semver.validRange(node) && !semver.satisfies(lowest, node)) {
        refused.set(`${name}@${version}`, { node, where: path.relative(root, dir) });
      }
    }
    visit(path.join(dir, 'node_modules'));
  }
}

visit(path.join(root, 'node_modules'));
for (const workspace of fs.readdirSync(root)) visit(path.join(root, workspace, 'node_modules'));

if (refused.size > 0) {
  console.error(`Installed packages that do not accept Node ${lowest} (package.json engines: ${wanted}):`);
  for (const [pkg, { node, where }] of refused)
    console.error(`- ${pkg} needs Node ${node} (${where}; npm ls ${pkg.replace(/@[^@]+$/, '')})`);
  process.exit(1);
}
console.log(`Every installed package accepts Node ${lowest} (${wanted}).`);
