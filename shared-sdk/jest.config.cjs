// The shared preset, in a browser-like environment: the SDK's stores, HTTP client and forms run in the page.
module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: '<rootDir>/test/environment.cjs',
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
};
