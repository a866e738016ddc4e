const path = require('node:path');

// The app's screens run in the SDK's browser-like test environment (jsdom with Node's fetch), with the same
// set-up, and IndexedDB and WebCrypto as a browser has them.
const sdkTest = path.join(__dirname, '..', 'shared-sdk', 'test');
module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: path.join(sdkTest, 'environment.cjs'),
  setupFiles: [path.join(__dirname, 'src', 'test', 'browser.ts')],
  // A screen test waits up to 10 s for what appears (Testing Library's timeout, set in src/test/setup.ts): the
  // test itself may take longer than jest's own 5 s on a busy machine.
  testTimeout: 30_000,
  setupFilesAfterEnv: [path.join(sdkTest, 'setup.ts'), path.join(__dirname, 'src', 'test', 'setup.ts')],
};
