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
 * The SDK's shared entries are its versioned seam (shared-sdk/README.md). A container requires the SDK
 * version it was built against or any later one of the same major. The same range is published in a
 * remote's remote.json as `requires`, and the shell refuses a remote it cannot satisfy before loading any of
 * its code. So no remote on the page has a newer SDK than the host: the host's copy of each shared SDK entry
 * is always the newest registered, and the one Module Federation picks, also for an entry the host loads
 * after a remote (the kit): two copies of the SDK's stores never meet on one page.
 */
const sdkRange = `^${sdkManifest.version}`;

/**
 * Modules that must exist once per page: React and its renderer entries (each a share key of its own),
 * emotion, the stores' libraries and the SDK with its facades. A shared module cannot be tree-shaken, so
 * big libraries are shared through a facade of what the console uses (MUI, the router) or not at all
 * (zod: schemas are plain values, and zod 4 would ship every locale it has). Everything else stays inside
 * each container.
 */
const sdkModule = {
  singleton: true,
  // When the page's SDK (the host's, loaded first) does not satisfy a container's range, loading that
  // container fails with Module Federation's "does not satisfy the requirement" error, which the remote's
  // error panel shows, instead of the remote running against an SDK that lacks what it calls.
  strictVersion: true,
  requiredVersion: sdkRange,
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
  // The curated icons: each @mui/icons-material icon imports MUI's SvgIcon, which must be the host's.
  '@console/shared-sdk/icons': sdkModule,
  // Not here, on purpose: the domain entries (`@console/shared-sdk/equipment`, `/sites`, ...). Each remote
  // bundles the contract and endpoint functions it was built with, so a new endpoint or field ships with
  // the remote and needs no console release; they reach the page's one HTTP client through the shared
  // `@console/shared-sdk` entry above.
};

/**
 * Publishes the remote's description (its `src/remote.json`: title, routes, menu) as `remote.json` beside
 * its manifest, with `requires`: the SDK range the remote is built against. The shell reads it before it
 * loads any of the remote's code.
 */
class RemoteMetadataPlugin {
  constructor(descriptionFile, requires) {
    this.descriptionFile = descriptionFile;
    this.requires = requires;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RemoteMetadataPlugin', (compilation) => {
      compilation.fileDependencies.add(this.descriptionFile);
      compilation.hooks.processAssets.tap(
        { name: 'RemoteMetadataPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          let description;
          try {
            description = JSON.parse(require('node:fs').readFileSync(this.descriptionFile, 'utf8'));
          } catch (error) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(`${this.descriptionFile}: ${error.message}`),
            );
            return;
          }
          const metadata = { ...description, requires: this.requires };
          compilation.emitAsset('remote.json', new RawSource(`${JSON.stringify(metadata, null, 2)}\n`));
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.name            container name (a JS identifier, e.g. "mfe_equipment")
 * @param {string} options.packageDir      the package folder (its src/ and dist/)
 * @param {string} options.title           page title of the package's own index.html
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes ("./routes", "./mount")
 * @param {string} [options.description]   a remote's description file (default src/remote.json)
 * @param {boolean} [options.standalone]    a remote: also build its standalone page and entry (default true)
 * @param {number} [options.port]          dev-server port
 * @param {string} [options.pagePublicPath] where index.html loads its scripts from: '/' for the shell, whose
 *   page answers every deep link; remotes keep 'auto' so their page works from any folder
 * @returns a webpack config for the shell; for a remote, two builds into dist/:
 *   - the one the console loads through mf-manifest.json: its entry `remoteEntry.shared-runtime.js` uses the
 *     Module Federation runtime the shell provides, so a page holds that runtime once;
 *   - the standalone one, with a runtime of its own: `remoteEntry.js` (the classic container, for
 *     integrators' pages and any other host), the remote's own page index.html, and their chunks in
 *     standalone/.
 */
function consoleWebpackConfig({
  name,
  packageDir,
  title,
  exposes,
  description = path.join(packageDir, 'src', 'remote.json'),
  standalone: withStandalone = true,
  port = 3000,
  pagePublicPath = 'auto',
}) {
  const isRemote = Object.keys(exposes ?? {}).length > 0;
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    const hashed = (file) => (production ? `${file}.[contenthash:8].js` : `${file}.js`);

    /** One compilation: `standalone` is the remote with its own runtime (chunks in dist/standalone/). */
    const compilation = ({ standalone }) => ({
      name: standalone ? 'standalone' : 'federated',
      ...(standalone ? { dependencies: ['federated'] } : {}),
      mode: production ? 'production' : 'development',
      context: packageDir,
      // The federated build of a remote is only its container: its page is the standalone build's.
      entry: isRemote && !standalone ? {} : { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(packageDir, 'dist'),
        // Remotes are served from wherever remotes.json says; chunks load relative to their entry script.
        publicPath: 'auto',
        filename: standalone ? `standalone/${hashed('[name]')}` : hashed('[name]'),
        chunkFilename: standalone ? `standalone/${hashed('[name]')}` : hashed('[name]'),
        uniqueName: name,
        // The federated build cleans dist/ and runs first; the standalone build adds its files after it.
        clean: !standalone,
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
            // The SDK ships TypeScript sources: a team outside this repository installs it under
            // node_modules, where it must still be compiled.
            exclude: /node_modules[\\/](?!@console[\\/]shared-sdk[\\/])/,
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
          filename: isRemote && !standalone ? 'remoteEntry.shared-runtime.js' : 'remoteEntry.js',
          exposes: exposes ?? {},
          shared,
          // The console finds a remote through its manifest; the standalone build is loaded by its script.
          manifest: !standalone,
          dts: false,
          // 'loaded-first': a shared module is resolved from the containers already loaded. 'version-first'
          // would first fetch every registered remote's entry to compare versions, so one remote that is
          // down would stall (or break) the shell's own lazily loaded screens.
          shareStrategy: 'loaded-first',
          // The Module Federation runtime once per page: the host publishes its copy, a remote loaded by
          // the console uses it. The standalone build keeps its own (no host provides one there).
          experiments: isRemote ? { externalRuntime: !standalone } : { provideExternalRuntime: true },
        }),
        ...(isRemote && !standalone ? [new RemoteMetadataPlugin(description, sdkRange)] : []),
        ...(!isRemote || standalone
          ? [
              new HtmlWebpackPlugin({
                title,
                template: path.join(__dirname, 'index.html'),
                chunks: ['main'],
                publicPath: pagePublicPath,
              }),
            ]
          : []),
        ...(process.env.BUNDLE_STATS && !standalone
          ? [new BundleStatsPlugin(path.resolve(__dirname, '..', '..'))]
          : []),
      ],
      // One dev server serves every compilation of the package (webpack-cli wants it on one config).
      devServer: standalone
        ? undefined
        : {
            port,
            historyApiFallback: true,
            headers: { 'Access-Control-Allow-Origin': '*' },
            proxy: [
              {
                context: ['/api', '/remotes.json'],
                target: process.env.CONSOLE_API ?? 'http://localhost:8080',
              },
            ],
          },
      stats: 'errors-warnings',
    });

    if (!isRemote) return compilation({ standalone: false });
    return withStandalone
      ? [compilation({ standalone: false }), compilation({ standalone: true })]
      : compilation({ standalone: false });
  };
}

module.exports = { consoleWebpackConfig, shared, sdkRange };
