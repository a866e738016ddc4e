// `npm run new-remote -- <name> [<folder>] [options]`: writes a working remote, with its tests.
//   no folder: a new workspace of this repository, ./mfe-<name> (run `npm install` after it);
//   a folder: a package of its own there, for a team outside this repository.
// Options: --subject <CaslSubject> (default: the name in PascalCase), --title <text>, --port <dev port>,
//   --sdk <dependency spec of @console/shared-sdk> (outside only; default ^<this SDK's version>, e.g.
//   file:../console-shared-sdk-1.17.0.tgz for a tarball made with `npm run pack:sdk`).
// Plain Node, no dependencies: it only writes files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib.mjs';

const usage =
  'usage: npm run new-remote -- <name> [<folder>] [--subject S] [--title T] [--port N] [--sdk SPEC]';

function fail(message) {
  console.error(`new-remote: ${message}\n${usage}`);
  process.exit(1);
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    subject: { type: 'string' },
    title: { type: 'string' },
    port: { type: 'string' },
    sdk: { type: 'string' },
  },
});
const [rawName, target] = positionals;
if (!rawName || positionals.length > 2) fail('give the remote a name, e.g. allergens');

const bare = rawName.replace(/^mfe-/, '');
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(bare))
  fail(`"${rawName}" is not a name: lowercase words joined by -`);
const name = `mfe-${bare}`;
const words = bare.split('-');
const title = options.title ?? `${words.join(' ')[0].toUpperCase()}${words.join(' ').slice(1)}`;
const pascal = words.map((word) => `${word[0].toUpperCase()}${word.slice(1)}`).join('');
const subject = options.subject ?? pascal;
if (!/^[A-Z][A-Za-z0-9]*$/.test(subject)) fail(`"${subject}" is not a CASL subject name such as Allergen`);
const routePath = `/dashboard/${bare}`;
const screenName = `${pascal}Screen`;

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const rootManifest = readJson(path.join(root, 'package.json'));
const sdkManifest = readJson(path.join(root, 'shared-sdk', 'package.json'));

// Outside: relative to where npm was run from, not this repository.
const inside = target === undefined;
const dir = inside ? path.join(root, name) : path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) fail(`${dir} exists and is not empty`);

function nextFreePort() {
  const used = fs
    .readdirSync(root)
    .filter((entry) => entry.startsWith('mfe-'))
    .map((entry) => path.join(root, entry, 'webpack.config.cjs'))
    .filter((file) => fs.existsSync(file))
    .map((file) => Number(/port: (\d+)/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 0));
  return Math.max(3009, ...used) + 1;
}
const port = Number(options.port ?? nextFreePort());
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port ${options.port} is not a port`);

/** The version range this repository builds with, so an outside remote builds with the same tools. */
function rangeOf(dependency) {
  const range =
    sdkManifest.dependencies[dependency] ??
    sdkManifest.devDependencies[dependency] ??
    rootManifest.devDependencies[dependency];
  if (!range) throw new Error(`${dependency} is not a dependency of this repository`);
  return range;
}
const rangesOf = (names) => Object.fromEntries(names.map((dependency) => [dependency, rangeOf(dependency)]));

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

const scripts = {
  build: 'webpack --mode production',
  dev: 'webpack serve --mode development',
  typecheck: 'tsc -p tsconfig.json --noEmit',
  test: 'jest',
};

const packageJson = inside
  ? {
      name: `@console/${name}`,
      version: '0.1.0',
      private: true,
      description: `Remote: ${title.toLowerCase()}.`,
      type: 'module',
      scripts,
      dependencies: { '@console/shared-sdk': sdkManifest.version },
    }
  : {
      name,
      version: '0.1.0',
      private: true,
      description: `Remote of the Compliance Console: ${title.toLowerCase()}.`,
      type: 'module',
      scripts,
      dependencies: {
        '@console/shared-sdk': options.sdk ?? `^${sdkManifest.version}`,
        ...rangesOf(['react', 'react-dom']),
      },
      // The SDK's webpack config needs the build tools; the tests run with its jest preset.
      devDependencies: rangesOf([
        '@module-federation/enhanced',
        '@swc/core',
        '@swc/jest',
        '@testing-library/dom',
        '@testing-library/jest-dom',
        '@testing-library/react',
        '@testing-library/user-event',
        '@types/jest',
        '@types/react',
        '@types/react-dom',
        'compression-webpack-plugin',
        'html-webpack-plugin',
        'jest',
        'jest-environment-jsdom',
        'swc-loader',
        'terser-webpack-plugin',
        'typescript',
        'webpack',
        'webpack-cli',
        'webpack-dev-server',
      ]),
    };

const tsconfig = inside
  ? {
      extends: '../tsconfig.base.json',
      compilerOptions: {
        rootDir: '..',
        noEmit: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        customConditions: ['source'],
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        types: ['jest', 'node', '@testing-library/jest-dom'],
      },
      include: ['src'],
    }
  : {
      // The SDK's published declarations (its dist/), as any package's types.
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noUncheckedIndexedAccess: true,
        resolveJsonModule: true,
        isolatedModules: true,
        esModuleInterop: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['jest', '@testing-library/jest-dom'],
      },
      include: ['src'],
    };

const jestConfig = inside
  ? `const path = require('node:path');

// The SDK's browser-like test environment, with the same set-up as the other remotes.
const sdkTest = path.join(__dirname, '..', 'shared-sdk', 'test');
module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: path.join(sdkTest, 'environment.cjs'),
  setupFilesAfterEnv: [path.join(sdkTest, 'setup.ts')],
};
`
  : `// The SDK's jest set-up: TypeScript through swc, the SDK from its sources, jsdom with fetch, Testing Library.
module.exports = require('@console/shared-sdk/jest').remoteJestConfig(__dirname);
`;

const webpackConfig = `const { consoleWebpackConfig } = require('@console/shared-sdk/webpack');

module.exports = consoleWebpackConfig({
  // The name in /remotes.json (${name}), with underscores.
  name: '${name.replace(/-/g, '_')}',
  packageDir: __dirname,
  title: '${title.replace(/'/g, "\\'")} · Compliance Console',
  port: ${port},
  exposes: { './routes': './src/routes.tsx', './mount': './src/mount.tsx' },
});
`;

const remoteJson = {
  title,
  routes: [{ path: routePath, title, subject, siteScoped: false }],
  menu: [{ title, path: routePath, subject, section: title, icon: 'reports', order: 1 }],
};

const indexTs = `// The standalone page's entry (dist/index.html). Module Federation needs an async boundary before shared
// modules are used, so the page starts in ./bootstrap.
void import('./bootstrap');
`;

const bootstrapTsx = `import { mount } from './mount';

// The remote's own page: the remote alone, signing in against the API that serves it (or ?api=<origin>).
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
mount(root, { apiBaseUrl: new URLSearchParams(window.location.search).get('api') ?? '' });
`;

const mountTsx = `import { createRemoteMount } from '@console/shared-sdk';
import { description, routes } from './routes';

/** \`./mount\`: this remote on any page (its own, or an integrator's). */
export const mount = createRemoteMount({ description, ...routes });
export default mount;
`;

const routesTsx = `import { lazy } from 'react';
import { remoteDescriptionSchema, type RemoteRoutesModule } from '@console/shared-sdk';
import descriptionData from './remote.json';

/**
 * The remote's title, routes and menu: data the build checks and publishes as remote.json, so the console
 * knows them before it loads any of this code.
 */
export const description = remoteDescriptionSchema.parse(descriptionData);

// Each screen is a download of its own, fetched when its route opens.
const ${screenName} = lazy(() => import('./screens/${bare}').then((m) => ({ default: m.${screenName} })));

/** \`./routes\`: the screen of each path in remote.json. */
export const routes: RemoteRoutesModule = {
  screens: { '${routePath}': ${screenName} },
};

export default routes;
`;

const routesTest = `import { isIconName } from '@console/shared-sdk/icons';
import { description, routes } from './routes';

test('remote.json describes the remote, and every route it publishes has a screen', () => {
  expect(description.title).toBe(${JSON.stringify(title)});
  const paths = description.routes.map((route) => route.path).sort();
  expect(Object.keys(routes.screens).sort()).toEqual(paths);
});

test('every menu entry names an icon of the SDK set', () => {
  expect(description.menu.filter((entry) => !isIconName(entry.icon))).toEqual([]);
});
`;

const screenTsx = `import { Paper, Stack, Typography } from '@console/shared-sdk/mui';
import { useSession } from '@console/shared-sdk';

/** The remote's first screen: make it yours. */
export function ${screenName}() {
  const name = useSession((s) => (s.userData ? \`\${s.userData.firstName} \${s.userData.lastName}\` : ''));
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        ${title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography>Signed in as {name}.</Typography>
      </Paper>
    </Stack>
  );
}
`;

const screenTest = `import { render, screen } from '@testing-library/react';
import { signInAs, resetBrowserState } from '@console/shared-sdk/testing';
import { ${screenName} } from './${bare}';

// The SDK's testing kit: signInAs gives Marcus Reid the rules the API gives his role; fakeApi answers the
// screen's calls and listPage makes a list's answer (see the SDK's README, "Testing a remote's screens").
beforeEach(() => signInAs('ORGANIZATION_ADMIN'));
afterEach(() => resetBrowserState());

test('shows its title and who is signed in', () => {
  render(<${screenName} />);
  expect(screen.getByRole('heading', { name: ${JSON.stringify(title)} })).toBeInTheDocument();
  expect(screen.getByText('Signed in as Marcus Reid.')).toBeInTheDocument();
});
`;

const readme = `# ${name}

A remote of the Compliance Console: ${title.toLowerCase()}, at ${routePath} (subject \`${subject}\`).

\`\`\`sh
npm install
npm test            # its tests (jest, Testing Library)
npm run typecheck   # against the SDK's published types
npm run build       # dist/: publish it, then point the console's REMOTES at dist/mf-manifest.json
npm run dev         # a dev server on http://localhost:${port}
\`\`\`

Develop inside a running console, in your browser only: open
\`<console>/dashboard?remote-override=${name}=http://localhost:${port}/mf-manifest.json\` (the console must
accept overrides from \`http://localhost:*\`: its \`REMOTE_OVERRIDE_ORIGINS\` setting). A banner names the
override; "Stop overriding" ends it. The console's SDK version is \`console.sdkVersion\` in its
\`/remotes.json\`: build against that version or an older one of the same major.
`;

const files = {
  'package.json': json(packageJson),
  'tsconfig.json': json(tsconfig),
  'jest.config.cjs': jestConfig,
  'webpack.config.cjs': webpackConfig,
  'src/remote.json': json(remoteJson),
  'src/index.ts': indexTs,
  'src/bootstrap.tsx': bootstrapTsx,
  'src/mount.tsx': mountTsx,
  'src/routes.tsx': routesTsx,
  'src/routes.test.ts': routesTest,
  [`src/screens/${bare}.tsx`]: screenTsx,
  [`src/screens/${bare}.test.tsx`]: screenTest,
  ...(inside ? {} : { 'README.md': readme, '.gitignore': 'node_modules/\ndist/\n.mf/\n' }),
};
for (const [file, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
}

// In this repository's style (prettier checks it here; outside, the same style to start from).
const prettier = path.join(root, 'node_modules', '.bin', 'prettier');
if (fs.existsSync(prettier)) {
  const config = path.join(root, '.prettierrc.json');
  const formatted = spawnSync(prettier, ['--write', '--log-level', 'warn', '--config', config, dir], {
    stdio: 'inherit',
  });
  if (formatted.status !== 0) fail('prettier could not format the files it wrote');
}

if (inside) {
  // A workspace like the others: before e2e, which runs last.
  const workspaces = rootManifest.workspaces.filter((workspace) => workspace !== 'e2e');
  rootManifest.workspaces = [
    ...workspaces,
    name,
    ...(rootManifest.workspaces.includes('e2e') ? ['e2e'] : []),
  ];
  fs.writeFileSync(path.join(root, 'package.json'), json(rootManifest));
}

console.log(`Wrote ${name} in ${dir} (${Object.keys(files).length} files): ${title} at ${routePath}, subject ${subject}.
Next:${inside ? '\n  npm install' : `\n  cd ${path.relative(process.env.INIT_CWD ?? process.cwd(), dir) || '.'} && npm install`}
  npm test${inside ? ` --workspace @console/${name}` : ''}
  npm run build${inside ? ` --workspace @console/${name}` : ''}   (then ${inside ? 'npm start serves it' : "publish dist/ and add it to the console's REMOTES"})
  npm run dev${inside ? ` --workspace @console/${name}` : ''}     (dev server on http://localhost:${port}; see the README's "A development loop")
Only users whose rules from the API name "${subject}" see it (a platform admin's "manage all" does).`);
