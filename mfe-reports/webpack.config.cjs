const { consoleWebpackConfig } = require('@console/shared-sdk/webpack');

module.exports = consoleWebpackConfig({
  name: 'mfe_reports',
  packageDir: __dirname,
  title: 'Reports · Compliance Console',
  port: 3008,
  exposes: { './routes': './src/routes.tsx', './mount': './src/mount.tsx' },
});
