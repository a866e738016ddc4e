// The kitchen app: a standalone page at /kitchen/ on the console's server, not a container of the console
// (staff tokens are refused there, and nothing of the console's shell or remotes is loaded). It is built with
// the same pieces as the console (shared-sdk/webpack/config.cjs), and adds its service worker, its web app
// manifest and its icons.
const fs = require('node:fs');
const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const {
  bundleStats,
  htmlPage,
  minimizers,
  precompressedCopies,
  sdkResolve,
  swcRule,
  ZodWithoutJsonSchemaPlugin,
} = require('@console/shared-sdk/webpack');
const { appManifest, themeColor } = require('./pwa.cjs');

/** Where the server serves the app (api/src/platform/web/web.ts): every URL of it is under this path. */
const publicPath = '/kitchen/';
const publicDir = path.join(__dirname, 'public');

/** The files of public/ (the icons) as they are under their own names, and the web app manifest. */
class PublicFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const files = (dir) =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.contextDependencies.add(publicDir);
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of files(publicDir)) {
            const name = path.relative(publicDir, file).split(path.sep).join('/');
            compilation.emitAsset(name, new RawSource(fs.readFileSync(file)));
          }
          const manifest = `${JSON.stringify(appManifest(publicPath), null, 2)}\n`;
          compilation.emitAsset('manifest.webmanifest', new RawSource(manifest));
        },
      );
    });
  }
}

/** What the kitchen's page adds to the console's template: the manifest, the icons, the bar's colour. */
const headTags = [
  { tagName: 'meta', attributes: { name: 'theme-color', content: themeColor } },
  { tagName: 'link', attributes: { rel: 'manifest', href: `${publicPath}manifest.webmanifest` } },
  {
    tagName: 'link',
    attributes: { rel: 'icon', href: `${publicPath}icons/icon.svg`, type: 'image/svg+xml' },
  },
  {
    tagName: 'link',
    attributes: { rel: 'apple-touch-icon', href: `${publicPath}icons/apple-touch-icon.png` },
  },
  { tagName: 'meta', attributes: { name: 'mobile-web-app-capable', content: 'yes' } },
];

module.exports = (_env, argv = {}) => {
  const production = argv.mode !== 'development';
  const hashed = production ? '[name].[contenthash:8].js' : '[name].js';
  return {
    name: 'kitchen',
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.tsx' },
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath,
      filename: hashed,
      chunkFilename: hashed,
      uniqueName: 'kitchen',
      clean: true,
    },
    resolve: sdkResolve(),
    module: { rules: [swcRule({ development: !production })] },
    optimization: { minimizer: minimizers() },
    performance: { hints: false },
    plugins: [
      new ZodWithoutJsonSchemaPlugin(),
      ...htmlPage({ title: 'Kitchen · Compliance Console', publicPath, headTags }),
      new PublicFilesPlugin(),
      // Precaches the app's shell (every file of the build but the compressed copies, which the server
      // picks itself, and the build's statistics), so the app starts with no network.
      new InjectManifest({
        swSrc: './src/sw/sw.ts',
        swDest: 'sw.js',
        exclude: [/\.map$/, /\.(br|gz)$/, /bundle-stats\.json$/, /\.LICENSE\.txt$/],
        // Hashed names change with their content: no revision needed.
        dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.(js|css)$/,
        // A development build is one large unminified file.
        maximumFileSizeToCacheInBytes: production ? 2 * 1024 * 1024 : 20 * 1024 * 1024,
      }),
      ...(production ? precompressedCopies() : []),
      ...bundleStats(),
    ],
    devServer: {
      port: 3010,
      devMiddleware: { publicPath },
      historyApiFallback: { index: `${publicPath}index.html` },
      proxy: [{ context: ['/api'], target: process.env.CONSOLE_API ?? 'http://localhost:8080' }],
    },
    stats: 'errors-warnings',
  };
};
