const { consoleWebpackConfig } = require('@console/shared-sdk/webpack');

module.exports = consoleWebpackConfig({
  name: 'mfe_logs',
  packageDir: __dirname,
  title: 'Logs · Compliance Console',
  port: 3007,
  exposes: { './routes': './src/routes.tsx', './mount': './src/mount.tsx' },
});
