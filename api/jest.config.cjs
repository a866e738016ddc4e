const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  testTimeout: 30000,
  // Each test file leaves tens of megabytes behind in its worker (its own copy of every module, PGlite's
  // WebAssembly among them); past a few dozen files a worker spends its time collecting garbage, and on a
  // two-core CI machine set-up hooks of 2 s took over 30. A worker past this much heap is replaced after
  // its file.
  workerIdleMemoryLimit: '512MB',
  globalSetup: '<rootDir>/src/test/database-template.ts',
  moduleNameMapper: {
    '^\\.{1,2}/(.*/)?paths\\.js$': '<rootDir>/src/test/jest-paths.ts',
    ...preset.moduleNameMapper,
  },
};
