// The one webpack + Module Federation set-up of the console. The shell and every remote build with it, so
// the shared singletons and their versions cannot drift between containers.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { BundleStatsPlugin } = require('./bundle-stats-plugin.cjs');

const sdkManifest = require('../package.json');

/** The version range the SDK itself depends on, so every container requires the same one. */
function rangeOf(name) {
  const range = sdkManifest.dependencies[name] ?? sdkManifest.devDependencies?.[name];
  if (!range) throw new Error(`shared module ${name} is not a dependency of @console/shared-sdk`);
  return range;
}

const singleton = (name, packageName = name) => ({
  singleton: true,
  requiredVersion: rangeOf(packageName),
});

/**
 * Modules that must exist once per page: React and its renderer entries (each a share key of its own),
 * emotion, the stores' libraries and the SDK with its facades. A shared module cannot be tree-shaken, so
 * big libraries are shared through a facade of what the console uses (MUI, the router) or not at all
 * (zod: schemas are plain values, and zod 4 would ship every locale it has). Everything else stays inside
 * each container.
 */
const sdkModule = {
  singleton: true,
  requiredVersion: `^${sdkManifest.version}`,
  version: sdkManifest.version,
};
const shared = {
  react: singleton('react'),
  'react/jsx-runtime': singleton('react/jsx-runtime', 'react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': singleton('react-dom/client', 'react-dom'),
  '@emotion/react': singleton('@emotion/react'),
  '@emotion/styled': singleton('@emotion/styled'),
  '@emotion/cache': singleton('@emotion/cache'),
  zustand: singleton('zustand'),
  ky: singleton('ky'),
  luxon: singleton('luxon'),
  '@casl/ability': singleton('@casl/ability'),
  '@console/shared-sdk': sdkModule,
  // MUI and the router reach every container through the SDK's facades (see src/mui and src/router):
  // one instance per page, and each download holds only the parts the console uses.
  '@console/shared-sdk/mui': sdkModule,
  '@console/shared-sdk/router': sdkModule,
  // The resource kit, with MUI X: MUI X's deep @mui/material imports stay inside the host's copy.
  '@console/shared-sdk/ui': sdkModule,
};

/**
 * @param {object} options
 * @param {string} options.name            container name (a JS identifier, e.g. "mfe_equipment")
 * @param {string} options.packageDir      the package folder (its src/ and dist/)
 * @param {string} options.title           page title of the package's own index.html
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes ("./routes", "./mount")
 * @param {number} [options.port]          dev-server port
 * @param {string} [options.pagePublicPath] where index.html loads its scripts from: '/' for the shell, whose
 *   page answers every deep link; remotes keep 'auto' so their page works from any folder
 */
function consoleWebpackConfig({ name, packageDir, title, exposes, port = 3000, pagePublicPath = 'auto' }) {
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: packageDir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(packageDir, 'dist'),
        // Remotes are served from wherever remotes.json says; chunks load relative to their entry script.
        publicPath: 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        // The SDK is built from its TypeScript sources; its files import each other as ./x.js (NodeNext).
        conditionNames: ['source', 'browser', 'import', 'module', 'default'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2020',
                  transform: { react: { runtime: 'automatic', development: !production } },
                },
              },
            },
          },
        ],
      },
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          shared,
          manifest: true,
          dts: false,
          // 'loaded-first': a shared module is resolved from the containers already loaded. 'version-first'
          // would first fetch every registered remote's entry to compare versions, so one remote that is
          // down would stall (or break) the shell's own lazily loaded screens.
          shareStrategy: 'loaded-first',
        }),
        new HtmlWebpackPlugin({
          title,
          template: path.join(__dirname, 'index.html'),
          chunks: ['main'],
          publicPath: pagePublicPath,
        }),
        ...(process.env.BUNDLE_STATS ? [new BundleStatsPlugin(path.resolve(__dirname, '..', '..'))] : []),
      ],
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          { context: ['/api', '/remotes.json'], target: process.env.CONSOLE_API ?? 'http://localhost:8080' },
        ],
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { consoleWebpackConfig, shared };
