// One jest set-up for every package: the SDK's (shared-sdk/jest/preset.cjs, which remotes outside this
// repository use too), with this repository's node_modules and the summary `npm test` adds up.
const os = require('node:os');
const path = require('node:path');
const { baseJestConfig } = require('./shared-sdk/jest/preset.cjs');

module.exports = {
  ...baseJestConfig([path.join(__dirname, 'node_modules')]),
  // A worker per core, not jest's default of one fewer: the tests are bound by CPU (jsdom and MUI, or each
  // API file's in-process PGlite), and on a two-core CI machine the default runs one file at a time.
  maxWorkers: Math.max(2, os.availableParallelism()),
  reporters: ['default', path.join(__dirname, 'scripts', 'jest-summary-reporter.cjs')],
};
