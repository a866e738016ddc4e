// Jest as the console's packages run it, for a remote's tests in this repository or outside it: TypeScript
// through @swc/jest, the SDK from its TypeScript sources (what its webpack config builds from too), NodeNext
// `./x.js` imports mapped back to their sources, and every ESM-only dependency transformed to CommonJS.
// Which dependencies are ESM-only (type module, or a main that is an .mjs file) is read from node_modules,
// so a new one needs no change here.
const fs = require('node:fs');
const path = require('node:path');

const sdkDir = path.resolve(__dirname, '..');

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

/** The node_modules folders a package's dependencies resolve from: its own and every one above it. */
function nodeModulesAbove(packageDir) {
  const found = [];
  for (let dir = path.resolve(packageDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules');
    if (fs.existsSync(candidate)) found.push(candidate);
    if (path.dirname(dir) === dir) return found;
  }
}

/** The set-up every package's tests share; `nodeModules` are the folders its dependencies come from. */
function baseJestConfig(nodeModules) {
  const esmOnly = [...new Set(nodeModules.flatMap(esmOnlyPackages))].map(escapeRegExp);
  return {
    testEnvironment: 'node',
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
      '^@console/shared-sdk/package\\.json$': path.join(sdkDir, 'package.json'),
      '^@console/shared-sdk$': path.join(sdkDir, 'src', 'index.ts'),
      '^@console/shared-sdk/(.*)$': path.join(sdkDir, 'src', '$1', 'index.ts'),
    },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  };
}

/**
 * A remote's jest config, in the browser-like environment the SDK's own tests use (jsdom with Node's fetch)
 * and with Testing Library's matchers: `module.exports = require('@console/shared-sdk/jest').remoteJestConfig(__dirname);`
 */
function remoteJestConfig(packageDir) {
  return {
    ...baseJestConfig(nodeModulesAbove(packageDir)),
    rootDir: packageDir,
    testEnvironment: path.join(sdkDir, 'test', 'environment.cjs'),
    setupFilesAfterEnv: [path.join(sdkDir, 'test', 'setup.ts')],
  };
}

module.exports = { baseJestConfig, remoteJestConfig };
