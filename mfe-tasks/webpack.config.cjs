const { consoleWebpackConfig } = require('@console/shared-sdk/webpack');

module.exports = consoleWebpackConfig({
  name: 'mfe_tasks',
  packageDir: __dirname,
  title: 'Tasks · Compliance Console',
  port: 3006,
  exposes: { './routes': './src/routes.tsx', './mount': './src/mount.tsx' },
});
