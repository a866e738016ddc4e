// The one webpack + Module Federation set-up of the console. The shell and every remote build with it, so
// the shared singletons and their versions cannot drift between containers.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
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

const srcDir = path.join(__dirname, '..', 'src');

/**
 * The contract files the main entry re-exports whole (`export * from './contract/x.js'`): part of the
 * shared surface already. Domain contracts import them by path (the API reads the same files), which gave
 * every remote a second copy; shared by path, every container gets the page's one. Contract files the core
 * uses only in part (site.ts, user.ts) are not shared: their domains (sites, people) change with their own
 * containers.
 */
const coreContractFiles = [
  ...fs
    .readFileSync(path.join(srcDir, 'index.ts'), 'utf8')
    .matchAll(/^export \* from '\.\/contract\/([\w-]+)\.js';$/gm),
].map(([, name]) => path.join(srcDir, 'contract', `${name}.ts`));

/**
 * Modules that must exist once per page: React and its renderer entries (each a share key of its own),
 * emotion, the stores' libraries and the SDK with its facades. A shared module cannot be tree-shaken, so
 * big libraries are shared through a facade of what the console uses (MUI, the router, zod: all of zod 4
 * would ship every locale it has). Everything else stays inside each container.
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
  // MUI X Charts, for the same reason, in an entry of its own that only a screen drawing a chart loads.
  '@console/shared-sdk/charts': sdkModule,
  // The curated icons: each @mui/icons-material icon imports MUI's SvgIcon, which must be the host's.
  '@console/shared-sdk/icons': sdkModule,
  // zod, as the part of its API the console uses (zod.mjs): the contracts the core and the remotes' domain
  // entries build are zod schemas, so one zod per page. Its members are the SDK's choice, so it is versioned
  // with the SDK like the entries above.
  zod: { ...sdkModule, import: require.resolve('./zod.mjs'), shareKey: '@console/shared-sdk/zod' },
  // The contract files the main entry re-exports whole (see coreContractFiles).
  ...Object.fromEntries(
    coreContractFiles.map((file) => [
      file,
      { ...sdkModule, shareKey: `@console/shared-sdk/contract/${path.basename(file, '.ts')}` },
    ]),
  ),
  // Not here, on purpose: the domain entries (`@console/shared-sdk/equipment`, `/sites`, ...). Each remote
  // bundles the contract and endpoint functions it was built with, so a new endpoint or field ships with
  // the remote and needs no console release; they reach the page's one HTTP client through the shared
  // `@console/shared-sdk` entry above.
};

/**
 * A splitChunks group: a shared entry of the SDK (`entry`, under src/) and the modules matching `libraries`
 * that its chunk holds before splitting, as one chunk `name`. Modules of its chunk that other
 * chunks need too join it when they match (those chunks then load it); the rest stay where they were.
 * Priority decides between two entries' groups (the MUI facade before the kit).
 */
function withItsLibraries(name, entry, libraries, priority = 9) {
  const file = path.join(srcDir, entry);
  const holdsEntry = new WeakMap();
  return {
    name,
    chunks: 'async',
    enforce: true,
    priority,
    test: (module, { chunkGraph }) => {
      if (module.resource === file) return true;
      if (!libraries.test(module.resource ?? '')) return false;
      for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
        if (!holdsEntry.has(chunk))
          holdsEntry.set(
            chunk,
            [...chunkGraph.getChunkModulesIterable(chunk)].some((m) => m.resource === file),
          );
        if (holdsEntry.get(chunk)) return true;
      }
      return false;
    },
  };
}

/** A file of react-router's production build (its package exports only the development one). */
function reactRouterProduction(file) {
  const resolved = path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist',
    'production',
    file,
  );
  if (!fs.existsSync(resolved)) throw new Error(`react-router has no production build ${resolved}`);
  return resolved;
}

/**
 * zod's schemas without its JSON Schema generator (see zod-json-schema.mjs): what zod/v4/classic/schemas.js
 * imports of to-json-schema.js and json-schema-processors.js comes from that module instead, which takes
 * `aggregateChecks` (the checks' getters) from the real processors. 5.4 KB gzip off every page.
 */
class ZodWithoutJsonSchemaPlugin {
  apply(compiler) {
    const stub = path.join(__dirname, 'zod-json-schema.mjs');
    const classicSchemas = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
    const generator = /^\.\.\/core\/(to-json-schema|json-schema-processors)\.js$/;
    compiler.hooks.normalModuleFactory.tap('ZodWithoutJsonSchemaPlugin', (factory) => {
      /** zod's core folder, as the build resolved it for the schemas. */
      let zodCore;
      factory.hooks.beforeResolve.tap('ZodWithoutJsonSchemaPlugin', (data) => {
        const issuer = data.contextInfo.issuer ?? '';
        if (classicSchemas.test(issuer) && generator.test(data.request)) {
          const core = path.resolve(path.dirname(issuer), '..', 'core');
          if (zodCore && zodCore !== core)
            throw new Error(`two copies of zod in one build (${zodCore}, ${core}): the SDK expects one`);
          zodCore = core;
          data.request = stub;
        } else if (issuer === stub && data.request === 'zod-internal/json-schema-processors') {
          data.request = path.join(zodCore, 'json-schema-processors.js');
        }
      });
    });
  }
}

/**
 * Brotli (at its densest, 11) and gzip (9) copies beside every text file of a production build, `x.js.br`
 * and `x.js.gz`, which the server sends to a browser that takes them (api/src/platform/web). Compressed once
 * here, where time is cheap, instead of on every request: brotli 11 is about a fifth smaller than gzip on
 * the console's chunks, and far too slow to run per request. Every file gets both, even one a copy does not
 * shrink, so the server never has to compress one of them itself.
 */
function precompressedCopies() {
  const common = {
    test: /\.(js|css|html|json|svg|txt|map)$/,
    threshold: 0,
    minRatio: Number.MAX_SAFE_INTEGER,
  };
  return [
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...common,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
    }),
  ];
}

/** The react-is MUI resolves: the version for the React the console renders with. */
function reactIsOfMui() {
  const material = path.dirname(require.resolve('@mui/material/package.json'));
  return path.dirname(require.resolve('react-is/package.json', { paths: [material] }));
}

/** The shared map for a container that offers none of its own: each module comes from the page's host. */
const consumeOnly = (map) =>
  Object.fromEntries(Object.entries(map).map(([key, options]) => [key, { ...options, import: false }]));

const sdkSourcesLoaded = new Map();

/**
 * One of the SDK's TypeScript modules, loaded in Node: compiled to CommonJS by swc (the compiler the build
 * itself uses), so the build checks with the SDK's own code rather than a copy of it. Its relative imports
 * (`./x.js`, NodeNext style) are the SDK's other sources, loaded the same way; packages load as usual.
 */
function requireSdkSource(relative) {
  const file = path.join(srcDir, relative);
  const known = sdkSourcesLoaded.get(file);
  if (known) return known.exports;
  const { transformSync } = require('@swc/core');
  const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
    module: { type: 'commonjs' },
  });
  const loaded = new Module(file, module);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(path.dirname(file));
  loaded.require = (request) => {
    if (!request.startsWith('.')) return Module.prototype.require.call(loaded, request);
    const source = path.resolve(path.dirname(file), request).replace(/\.js$/, '');
    const typescript = ['.ts', '.tsx', '/index.ts'].map((ending) => `${source}${ending}`).find(fs.existsSync);
    if (!typescript) return Module.prototype.require.call(loaded, request);
    return requireSdkSource(path.relative(srcDir, typescript));
  };
  sdkSourcesLoaded.set(file, loaded);
  loaded._compile(code, file);
  return loaded.exports;
}

/**
 * Checks a remote's description file with the schema the shell applies to the published remote.json
 * (src/remote/description.ts), so a mistake fails the build with its place and reason instead of showing
 * the remote as unavailable in the console. A subject the SDK's rules do not name is allowed (a new domain)
 * but said, since until the API's rules name it only a platform admin sees those screens.
 * @returns {{ description?: object, errors: string[], warnings: string[] }}
 */
function checkRemoteDescription(file) {
  let description;
  try {
    description = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { errors: [`${file}: ${error.message}`], warnings: [] };
  }
  const { remoteDescriptionSchema } = requireSdkSource(path.join('remote', 'description.ts'));
  const parsed = remoteDescriptionSchema.safeParse(description);
  if (!parsed.success) {
    const errors = parsed.error.issues.map(
      (issue) =>
        `${file} is not a remote description: ${issue.path.join('.') || 'the file'}: ${issue.message}`,
    );
    return { errors, warnings: [] };
  }
  const { subjects } = requireSdkSource(path.join('ability', 'index.ts'));
  const declared = (parsed.data.subjects ?? []).map((subject) => subject.name);
  const unknown = [
    ...new Set(
      [...parsed.data.routes, ...parsed.data.menu]
        .map((entry) => entry.subject)
        .filter((s) => !subjects.includes(s) && !declared.includes(s)),
    ),
  ];
  const warnings = [
    ...unknown.map(
      (subject) =>
        `${file}: subject "${subject}" is neither one of the SDK ${sdkManifest.version} rules' subjects nor declared in "subjects" (a typo, or a new domain): its screens show only to users whose rules from the API name it (a platform admin's "manage all" does).`,
    ),
    // The API refuses a declaration of a name it already has: say so while building, not only in its log.
    ...declared
      .filter((name) => subjects.includes(name))
      .map(
        (name) =>
          `${file}: subject "${name}" is the console's own: the API refuses to learn it from a remote, so its declaration changes nothing.`,
      ),
  ];
  return { description, errors: [], warnings };
}

/**
 * Publishes the remote's description (its `src/remote.json`: title, routes, menu) as `remote.json` beside
 * its manifest, with `requires`: the SDK range the remote is built against. The shell reads it before it
 * loads any of the remote's code. The build fails when the description is not one.
 */
class RemoteMetadataPlugin {
  constructor(descriptionFile, requires) {
    this.descriptionFile = descriptionFile;
    this.requires = requires;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const { WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RemoteMetadataPlugin', (compilation) => {
      compilation.fileDependencies.add(this.descriptionFile);
      compilation.hooks.processAssets.tap(
        { name: 'RemoteMetadataPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { description, errors, warnings } = checkRemoteDescription(this.descriptionFile);
          compilation.errors.push(...errors.map((message) => new WebpackError(message)));
          compilation.warnings.push(...warnings.map((message) => new WebpackError(message)));
          if (!description) return;
          const metadata = { ...description, requires: this.requires };
          compilation.emitAsset('remote.json', new RawSource(`${JSON.stringify(metadata, null, 2)}\n`));
        },
      );
    });
  }
}

// ---- pieces every browser build of the repository uses (the console's containers and the kitchen app) ----

/**
 * How a browser build resolves modules: the SDK from its TypeScript sources, and one copy of what must be
 * one (react-router's production build, MUI's react-is).
 */
function sdkResolve() {
  return {
    alias: {
      // react-router's package resolves to its development build, which keeps its warnings; the
      // production build is the same code without them.
      'react-router$': reactRouterProduction('index.mjs'),
      'react-router/dom$': reactRouterProduction('dom-export.mjs'),
      // One react-is per page, MUI's (that of the React it renders with): emotion's
      // hoist-non-react-statics bundled react-is 16 beside it for the two type symbols and `isMemo`, which
      // React 19's react-is has the same.
      'react-is$': reactIsOfMui(),
    },
    extensions: ['.tsx', '.ts', '.mjs', '.js'],
    // The SDK is built from its TypeScript sources; its files import each other as ./x.js (NodeNext).
    conditionNames: ['source', 'browser', 'import', 'module', 'default'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  };
}

/**
 * The rule compiling TypeScript, JSX and the SDK's sources with swc. `development`: React's development JSX
 * runtime (its warnings), for a build that runs on a development React.
 */
function swcRule({ development }) {
  return {
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
          // A remote's console build runs on the React its host provides, a production one in a
          // deployed console: react/jsx-dev-runtime (not shared) would call into it and fail.
          transform: {
            react: {
              runtime: 'automatic',
              development,
            },
          },
        },
      },
    },
  };
}

/** The minifier of a production build: terser's rules through swc, no separate licence files. */
const minimizers = () => [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })];

/** Adds tags to the <head> of the pages HtmlWebpackPlugin writes (a web app manifest, icons). */
class HeadTagsPlugin {
  constructor(tags) {
    this.tags = tags;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('HeadTagsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('HeadTagsPlugin', (groups) => {
        const tags = this.tags.map(({ tagName, attributes }) =>
          HtmlWebpackPlugin.createHtmlTagObject(tagName, attributes),
        );
        return { ...groups, headTags: [...tags, ...groups.headTags] };
      });
    });
  }
}

/**
 * The page of a build, from the one template: the plugins that write it. `headTags`: more tags for its
 * <head>, as `{ tagName, attributes }` (a web app manifest, icons).
 */
function htmlPage({ title, publicPath, chunks = ['main'], headTags = [] }) {
  return [
    new HtmlWebpackPlugin({ title, template: path.join(__dirname, 'index.html'), chunks, publicPath }),
    ...(headTags.length > 0 ? [new HeadTagsPlugin(headTags)] : []),
  ];
}

/** dist/bundle-stats.json for bench/bundle.mjs when BUNDLE_STATS is set; nothing otherwise. */
const bundleStats = () =>
  process.env.BUNDLE_STATS ? [new BundleStatsPlugin(path.resolve(__dirname, '..', '..'))] : [];

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
  // The console opens a remote through its ./routes: without it the remote would build and never show.
  if (isRemote && !exposes['./routes'])
    throw new Error(`${name}: a remote exposes './routes' (its screens by path), which the console loads`);
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
      // A remote's development build runs inside a console whose Content-Security-Policy refuses eval (a
      // developer's override): its source maps are files, not eval'd strings.
      devtool: production ? false : isRemote ? 'cheap-module-source-map' : 'eval-cheap-module-source-map',
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
      resolve: sdkResolve(),
      module: {
        rules: [swcRule({ development: !production && (standalone || !isRemote) })],
      },
      optimization: {
        minimizer: minimizers(),
        // Chunks shaped for what pages download. Webpack's defaults leave a module under 20 KB in every
        // chunk that needs it, and split a shared module from its library, which then cannot be
        // concatenated with it; each group here saved what its comment says (gzip, npm run bench:bundle).
        splitChunks: {
          cacheGroups: {
            // The core's shared contract files and the aggregate its modules import them through, all on
            // the sign-in page: one chunk instead of five.
            coreContract: {
              test: (module) =>
                module.resource === path.join(srcDir, 'contract', 'index.ts') ||
                coreContractFiles.includes(module.resource),
              name: 'core-contract',
              chunks: 'async',
              enforce: true,
              priority: 10,
            },
            // zod with its facade (zod.mjs) and the JSON Schema stand-in (zod-json-schema.mjs): apart, the exports between them cost 3 KB.
            zod: {
              test: /[\\/](node_modules[\\/]zod[\\/]|shared-sdk[\\/]webpack[\\/]zod(-api|-json-schema)?\.mjs$)/,
              name: 'zod',
              chunks: 'async',
              enforce: true,
              priority: 10,
            },
            // Each shared SDK entry with the library code it needs (what its own chunk held before
            // splitting) in one chunk, so webpack can concatenate them: MUI and its facade 3.8 KB less,
            // the kit with MUI X, the core and the router 1.5 KB together.
            mui: withItsLibraries(
              'mui',
              'mui/index.ts',
              /[\\/](node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@popperjs|react-transition-group|clsx)|shared-sdk[\\/]src[\\/]mui)[\\/]/,
              10,
            ),
            kit: withItsLibraries(
              'kit',
              'ui/index.ts',
              /[\\/](node_modules[\\/](@mui[\\/](x-[\w-]+|material|system|utils)|@base-ui|reselect|use-sync-external-store)|shared-sdk[\\/]src[\\/]ui)[\\/]/,
            ),
            charts: withItsLibraries(
              'charts',
              'charts/index.ts',
              /[\\/](node_modules[\\/](@mui[\\/]x-(charts|charts-vendor|internal-gestures)|d3-[\w-]+|internmap|flatqueue|bezier-easing)|shared-sdk[\\/]src[\\/]charts)[\\/]/,
              11,
            ),
            sdk: withItsLibraries('sdk', 'index.ts', /[\\/]shared-sdk[\\/](src[\\/]|package\.json$)/),
            router: withItsLibraries(
              'router',
              'router/index.ts',
              /[\\/]node_modules[\\/]react-router(-dom)?[\\/]/,
            ),
            // React, its renderer and zustand: shared packages every page needs, one chunk instead of five
            // (1.9 KB less).
            react: {
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|zustand)[\\/]/,
              name: 'react',
              chunks: 'async',
              enforce: true,
              priority: 10,
            },
            // emotion, shared as three packages, and its helpers, which each of them and MUI's style engine
            // bundled again (the serializer three times): one chunk, 1.4 KB less on every page.
            emotion: {
              test: /[\\/]node_modules[\\/](@emotion|react-is|hoist-non-react-statics)[\\/]/,
              name: 'emotion',
              chunks: 'async',
              enforce: true,
              priority: 10,
            },
            // Small modules several chunks need: the contracts (several screens of the shell), the icons
            // (the shared icons entry, the kit and the layout) and babel's helpers. The first list screen
            // downloaded the icons twice.
            smallShared: {
              test: /[\\/](node_modules[\\/](@mui[\\/]icons-material|@babel[\\/]runtime)|shared-sdk[\\/]src[\\/](contract|icons))[\\/]/,
              minSize: 0,
              minChunks: 2,
              priority: 5,
              reuseExistingChunk: true,
            },
          },
        },
      },
      performance: { hints: false },
      plugins: [
        new ZodWithoutJsonSchemaPlugin(),
        new ModuleFederationPlugin({
          name,
          filename: isRemote && !standalone ? 'remoteEntry.shared-runtime.js' : 'remoteEntry.js',
          exposes: exposes ?? {},
          // A remote loaded by the console takes every shared module from the shell, whose SDK is never older
          // than the remote's (`requires`, strictVersion): its build holds no copy of them, and its entry
          // does not offer them to the page. The standalone build brings its own.
          shared: isRemote && !standalone ? consumeOnly(shared) : shared,
          // The console finds a remote through its manifest; the standalone build is loaded by its script.
          manifest: !standalone,
          dts: false,
          // 'loaded-first': a shared module is resolved from the containers already loaded. 'version-first'
          // would first fetch every registered remote's entry to compare versions, so one remote that is
          // down would stall (or break) the shell's own lazily loaded screens.
          shareStrategy: 'loaded-first',
          // The Module Federation runtime once per page: the host publishes its copy, a remote loaded by
          // the console uses it. The standalone build keeps its own (no host provides one there).
          experiments: {
            ...(isRemote ? { externalRuntime: !standalone } : { provideExternalRuntime: true }),
            optimization: {
              // The console runs in browsers only: the runtime's Node script loader is left out.
              target: 'web',
              // A remote loads no other remote (the shell does, through the runtime it provides): the
              // remote-loading half of the bundler runtime is left out of remotes.
              disableRemote: isRemote,
            },
          },
        }),
        ...(isRemote && !standalone ? [new RemoteMetadataPlugin(description, sdkRange)] : []),
        ...(!isRemote || standalone ? htmlPage({ title, publicPath: pagePublicPath }) : []),
        ...(production ? precompressedCopies() : []),
        ...(standalone ? [] : bundleStats()),
      ],
      // One dev server serves every compilation of the package (webpack-cli wants it on one config).
      devServer: standalone
        ? undefined
        : {
            port,
            // Inside a console on another origin, the remote's reload client still calls its own server,
            // by the name the developer reaches it at (DEV_SERVER_HOST, default localhost; the console's CSP
            // allows both loopback names for a loopback override), and covers the console only for errors
            // (a new domain's subject is a warning every build).
            ...(isRemote
              ? {
                  client: {
                    webSocketURL: `ws://${process.env.DEV_SERVER_HOST ?? 'localhost'}:${port}/ws`,
                    overlay: { warnings: false },
                  },
                }
              : {}),
            historyApiFallback: true,
            headers: { 'Access-Control-Allow-Origin': '*' },
            // A remote's dev server is loaded by a console on another site (a developer's override):
            // webpack-dev-server refuses cross-site script loads unless the Host is one it is told to
            // allow. Only loopback names: it still refuses other Host headers (DNS rebinding).
            allowedHosts: ['localhost', '.localhost', '127.0.0.1'],
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

module.exports = {
  consoleWebpackConfig,
  checkRemoteDescription,
  shared,
  sdkRange,
  // The pieces, for a browser build that is not a container of the console (the kitchen app).
  sdkResolve,
  swcRule,
  minimizers,
  htmlPage,
  precompressedCopies,
  bundleStats,
  ZodWithoutJsonSchemaPlugin,
};
