// One jest set-up for every package: the SDK's (shared-sdk/jest/preset.cjs, which remotes outside this
// repository use too), with this repository's node_modules and the summary `npm test` adds up.
const path = require('node:path');
const { baseJestConfig } = require('./shared-sdk/jest/preset.cjs');

module.exports = {
  ...baseJestConfig([path.join(__dirname, 'node_modules')]),
  reporters: ['default', path.join(__dirname, 'scripts', 'jest-summary-reporter.cjs')],
};
