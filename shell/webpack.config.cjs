const { consoleWebpackConfig } = require('@console/shared-sdk/webpack');

module.exports = consoleWebpackConfig({
  name: 'shell',
  packageDir: __dirname,
  title: 'Compliance Console',
  port: 3000,
  pagePublicPath: '/',
});
