const { consoleWebpackConfig } = require('@console/shared-sdk/webpack');

module.exports = consoleWebpackConfig({
  name: 'mfe_people',
  packageDir: __dirname,
  title: 'People · Compliance Console',
  port: 3005,
  exposes: { './routes': './src/routes.tsx', './mount': './src/mount.tsx' },
});
