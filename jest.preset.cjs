// One jest set-up for every package: TypeScript through @swc/jest, NodeNext-style `./x.js` imports mapped
// back to their `.ts` sources, and every ESM-only dependency transformed to CommonJS. Which dependencies
// are ESM-only (type module, or a main that is an .mjs file) is read from node_modules, so a new one needs
// no change here.
const fs = require('node:fs');
const path = require('node:path');

function esmOnlyPackages(nodeModules) {
  const names = [];
  const consider = (name) => {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(nodeModules, name, 'package.json'), 'utf8'));
      if (pkg.type === 'module' || /\.mjs$/.test(pkg.main ?? '')) names.push(name);
    } catch {
      // not a package
    }
  };
  for (const entry of fs.readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      for (const scoped of fs.readdirSync(path.join(nodeModules, entry))) consider(`${entry}/${scoped}`);
    } else {
      consider(entry);
    }
  }
  return names;
}

const escapeRegExp = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const esmOnly = esmOnlyPackages(path.join(__dirname, 'node_modules')).map(escapeRegExp);

module.exports = {
  testEnvironment: 'node',
  reporters: ['default', path.join(__dirname, 'scripts', 'jest-summary-reporter.cjs')],
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@console/shared-sdk$': '<rootDir>/../shared-sdk/src/index.ts',
    '^@console/shared-sdk/(.*)$': '<rootDir>/../shared-sdk/src/$1/index.ts',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
};
