const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  testTimeout: 30000,
  moduleNameMapper: {
    '^\\.{1,2}/(.*/)?paths\\.js$': '<rootDir>/src/test/jest-paths.ts',
    ...preset.moduleNameMapper,
  },
};
