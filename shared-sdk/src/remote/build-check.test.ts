/**
 * @jest-environment node
 */
// A remote's src/remote.json is checked when it is built (webpack/config.cjs), with the schema the shell
// applies to the published remote.json: a mistake fails the build, saying where, instead of the console
// showing the remote as unavailable.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack, { type Configuration } from 'webpack';
import { sdkVersion } from '../version.js';

interface BuildCheck {
  consoleWebpackConfig(options: {
    name: string;
    packageDir: string;
    title: string;
    exposes: Record<string, string>;
    standalone: boolean;
  }): (env: unknown, argv: { mode: string }) => Configuration;
}
const { consoleWebpackConfig } = createRequire(__filename)('../../webpack/config.cjs') as BuildCheck;

const description = {
  title: 'Allergens',
  routes: [{ path: '/dashboard/allergens', title: 'Allergens', subject: 'Allergen', siteScoped: true }],
  menu: [
    {
      title: 'Allergens',
      path: '/dashboard/allergens',
      subject: 'Allergen',
      section: 'Food',
      icon: 'foodItems',
    },
  ],
};

let packageDir: string;
beforeEach(() => {
  packageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-build-check-'));
  fs.mkdirSync(path.join(packageDir, 'src'));
  fs.writeFileSync(path.join(packageDir, 'src', 'routes.ts'), 'export default { screens: {} };\n');
  // The build tools a remote installs, here the repository's.
  fs.symlinkSync(
    path.resolve(__dirname, '..', '..', '..', 'node_modules'),
    path.join(packageDir, 'node_modules'),
  );
});
afterEach(() => fs.rmSync(packageDir, { recursive: true, force: true }));

/** Builds the remote in `packageDir` (its console build only) and answers webpack's errors and warnings. */
function build(remoteJson: string, mode: 'development' | 'production' = 'development') {
  fs.writeFileSync(path.join(packageDir, 'src', 'remote.json'), remoteJson);
  const config = consoleWebpackConfig({
    name: 'mfe_allergens',
    packageDir,
    title: 'Allergens',
    exposes: { './routes': './src/routes.ts' },
    standalone: false,
  })({}, { mode });
  return new Promise<{ errors: string[]; warnings: string[] }>((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error || !stats) return reject(error ?? new Error('no stats'));
      const { errors = [], warnings = [] } = stats.toJson({ all: false, errors: true, warnings: true });
      resolve({ errors: errors.map((e) => e.message), warnings: warnings.map((w) => w.message) });
    });
  });
}

test('a description with a new domain builds and publishes remote.json, saying who will see it', async () => {
  const { errors, warnings } = await build(JSON.stringify(description));
  expect(errors).toEqual([]);
  expect(warnings.join('\n')).toContain(
    `subject "Allergen" is neither one of the SDK ${sdkVersion} rules' subjects nor declared in "subjects" (a typo, or a new domain)`,
  );
  const published = JSON.parse(fs.readFileSync(path.join(packageDir, 'dist', 'remote.json'), 'utf8'));
  expect(published).toMatchObject({ title: 'Allergens', requires: `^${sdkVersion}` });
}, 60_000);

test('a subject the remote declares builds without a warning, and one the console has is said to change nothing', async () => {
  const declaring = {
    ...description,
    subjects: [
      {
        name: 'Allergen',
        title: 'Allergens',
        siteScoped: true,
        defaults: { ORGANIZATION_ADMIN: ['manage'] },
      },
      { name: 'Supplier', title: 'Suppliers', defaults: { STAFF: ['manage'] } },
    ],
  };
  const { errors, warnings } = await build(JSON.stringify(declaring));
  expect(errors).toEqual([]);
  expect(warnings.join('\n')).not.toContain('subject "Allergen"');
  expect(warnings.join('\n')).toContain(`subject "Supplier" is the console's own`);
  const published = JSON.parse(fs.readFileSync(path.join(packageDir, 'dist', 'remote.json'), 'utf8'));
  expect(published.subjects).toEqual(declaring.subjects);
}, 60_000);

test('a mistake in the description fails the build, naming the file, the place and the rule', async () => {
  const broken = {
    ...description,
    routes: [{ ...description.routes[0], subject: 'allergen' }],
    menu: [{ ...description.menu[0], path: '/dashboard/allergen' }],
  };
  const { errors } = await build(JSON.stringify(broken));
  const file = path.join(packageDir, 'src', 'remote.json');
  expect(errors).toEqual([
    expect.stringContaining(
      `${file} is not a remote description: routes.0.subject: a CASL subject name in PascalCase, such as Supplier or Allergen`,
    ),
    expect.stringContaining(
      `${file} is not a remote description: menu.0.path: /dashboard/allergen is not one of the remote's routes`,
    ),
  ]);
  expect(fs.existsSync(path.join(packageDir, 'dist', 'remote.json'))).toBe(false);
}, 60_000);

test('a description that is not JSON fails the build too', async () => {
  const { errors } = await build('{ "title": "Allergens", }');
  expect(errors).toEqual([expect.stringContaining(`${path.join(packageDir, 'src', 'remote.json')}: `)]);
}, 60_000);

// The server sends a browser that takes them these copies instead of the files (api/src/platform/web).
test('a production build writes .br and .gz copies beside every script and JSON file; a development one none', async () => {
  const distFiles = () => fs.readdirSync(path.join(packageDir, 'dist'));
  expect((await build(JSON.stringify(description), 'production')).errors).toEqual([]);
  const served = distFiles().filter((file) => /\.(js|json)$/.test(file));
  expect(served).toEqual(
    expect.arrayContaining(['mf-manifest.json', 'remote.json', 'remoteEntry.shared-runtime.js']),
  );
  for (const file of served) {
    const original = fs.readFileSync(path.join(packageDir, 'dist', file));
    const copy = (suffix: string) => fs.readFileSync(path.join(packageDir, 'dist', `${file}${suffix}`));
    expect(zlib.brotliDecompressSync(copy('.br'))).toEqual(original);
    expect(zlib.gunzipSync(copy('.gz'))).toEqual(original);
  }

  expect((await build(JSON.stringify(description))).errors).toEqual([]);
  expect(distFiles().filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
}, 120_000);
