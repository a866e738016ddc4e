const { consoleWebpackConfig } = require('@console/shared-sdk/webpack');

module.exports = consoleWebpackConfig({
  name: 'mfe_equipment',
  packageDir: __dirname,
  title: 'Equipment · Compliance Console',
  port: 3004,
  exposes: { './routes': './src/routes.tsx', './mount': './src/mount.tsx' },
});
