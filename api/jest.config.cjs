const os = require('node:os');
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  // A worker per core, not jest's default of one fewer: each file runs its own in-process PGlite, so the
  // tests are bound by CPU and a two-core CI machine would otherwise run them one file at a time.
  maxWorkers: Math.max(2, os.availableParallelism()),
  testTimeout: 30000,
  moduleNameMapper: {
    '^\\.{1,2}/(.*/)?paths\\.js$': '<rootDir>/src/test/jest-paths.ts',
    ...preset.moduleNameMapper,
  },
};
