const path = require('node:path');
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  // One browser at a time: CI has two cores and the console server needs one.
  maxWorkers: 1,
  testTimeout: 120000,
  globalSetup: path.join(__dirname, 'src/support/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'src/support/global-teardown.ts'),
};
