const path = require('node:path');

// The shell's components run in the SDK's browser-like test environment, with the same set-up.
const sdkTest = path.join(__dirname, '..', 'shared-sdk', 'test');
module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: path.join(sdkTest, 'environment.cjs'),
  setupFilesAfterEnv: [path.join(sdkTest, 'setup.ts')],
};
