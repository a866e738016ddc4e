/**
 * @jest-environment node
 */
// The seam between the shared core and the domain entries (README.md). A shared entry is one instance per
// page, owned by the host: if it held a domain's endpoints, a remote's new endpoint would wait for a shell
// release. A domain module that reached the HTTP client by a relative path would give the remote a second
// client (its own token, its own refresh). These tests read the package's own entry map, the Module
// Federation shared map and the sources' import graph, so a new domain or a new import is checked too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import * as core from './index.js';
import { sdkVersion } from './version.js';

const packageDir = path.resolve(__dirname, '..');
const srcDir = path.join(packageDir, 'src');
const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
  version: string;
  exports: Record<string, string | { source?: string; types?: string; default?: string }>;
};
// The webpack config is CommonJS (webpack loads it as such), so it is read the CommonJS way.
const { shared } = createRequire(__filename)('../webpack/config.cjs') as {
  shared: Record<string, { strictVersion?: boolean; shareKey?: string; import?: string | false }>;
};

/** `@console/shared-sdk/x` -> `x`, `@console/shared-sdk` -> `.` */
const subpathOf = (specifier: string) => specifier.replace(/^@console\/shared-sdk\/?/, '') || '.';
const sourceOf = (subpath: string) => {
  const target = manifest.exports[subpath === '.' ? '.' : `./${subpath}`];
  const source = typeof target === 'object' ? target.source : undefined;
  if (!source) throw new Error(`no source entry for ${subpath}`);
  return path.join(packageDir, source);
};

const sharedSubpaths = Object.keys(shared)
  .filter((key) => key.startsWith('@console/shared-sdk'))
  .map(subpathOf);
/** Entries the API (Node) imports, and the tests' fakes: neither shared nor a domain. */
const nodeSideEntries = ['contract', 'ability', 'testing'];
/** Kit pieces a remote bundles on top of the shared kit (no state, no calls): neither shared nor a domain. */
const bundledKitEntries = ['report-kit'];
const domainSubpaths = Object.entries(manifest.exports)
  .filter(([key, target]) => typeof target === 'object' && key !== '.')
  .map(([key]) => key.slice(2))
  .filter(
    (subpath) =>
      !sharedSubpaths.includes(subpath) &&
      !nodeSideEntries.includes(subpath) &&
      !bundledKitEntries.includes(subpath),
  );
const domainDirs = domainSubpaths.map((subpath) => path.dirname(sourceOf(subpath)));

interface ModuleImports {
  relative: string[];
  packages: string[];
}

function importsOf(file: string): ModuleImports {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const specifiers = importedFiles.map((imported) => imported.fileName);
  return {
    relative: specifiers.filter((s) => s.startsWith('.')).map((s) => resolveRelative(file, s)),
    packages: specifiers.filter((s) => !s.startsWith('.')),
  };
}

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next extension
    }
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** Every source file an entry reaches through relative imports, with the package specifiers they use. */
function graphOf(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file) || file.endsWith('.json')) return;
    files.add(file);
    const { relative, packages: used } = importsOf(file);
    for (const specifier of used) packages.set(specifier, file);
    relative.forEach(visit);
  };
  visit(entry);
  return { files, packages };
}

const isInside = (dir: string, file: string) => file.startsWith(`${dir}${path.sep}`);
const relativeName = (file: string) => path.relative(srcDir, file);

test('the domain entries are the unshared ones, and each names its source, types and build', () => {
  expect(domainSubpaths).toEqual(
    expect.arrayContaining(['equipment', 'sites', 'organization', 'location', 'profile', 'people', 'tasks']),
  );
  for (const subpath of [...domainSubpaths, ...sharedSubpaths]) {
    expect(manifest.exports[subpath === '.' ? '.' : `./${subpath}`]).toEqual({
      source: `./src/${subpath === '.' ? 'index' : `${subpath}/index`}.ts`,
      types: `./dist/${subpath === '.' ? 'index' : `${subpath}/index`}.d.ts`,
      default: `./dist/${subpath === '.' ? 'index' : `${subpath}/index`}.js`,
    });
  }
});

test('the main entry holds no domain endpoint functions', async () => {
  const coreNames = new Set(Object.keys(core));
  for (const subpath of domainSubpaths) {
    const endpoints = (await import(path.join(path.dirname(sourceOf(subpath)), 'api.ts'))) as object;
    const leaked = Object.keys(endpoints).filter((name) => coreNames.has(name));
    expect({ domain: subpath, leaked }).toEqual({ domain: subpath, leaked: [] });
  }
  // The names screens used to import from the main entry, spelled out so a regression reads plainly.
  for (const name of ['supplierTypeApi', 'masterTypeApi', 'sitesApi', 'organizationApi', 'profileApi'])
    expect(coreNames).not.toContain(name);
  // What the core still offers for its own needs, and for every domain to build on.
  for (const name of ['call', 'configureApi', 'standardResource', 'toFormData', 'siteOptionsApi', 'authApi'])
    expect(coreNames).toContain(name);
});

test('no shared entry reaches a domain module, by path or by specifier', () => {
  for (const subpath of sharedSubpaths) {
    const { files, packages } = graphOf(sourceOf(subpath));
    const domainFiles = [...files].filter((file) => domainDirs.some((dir) => isInside(dir, file)));
    const domainSpecifiers = [...packages.keys()].filter((specifier) =>
      domainSubpaths.includes(subpathOf(specifier)),
    );
    expect({ entry: subpath, domainFiles: domainFiles.map(relativeName), domainSpecifiers }).toEqual({
      entry: subpath,
      domainFiles: [],
      domainSpecifiers: [],
    });
  }
});

test("a domain module reaches the HTTP core only through the shared '@console/shared-sdk' entry", () => {
  const core = graphOf(sourceOf('.')).files;
  for (const subpath of domainSubpaths) {
    const dir = path.dirname(sourceOf(subpath));
    const { files, packages } = graphOf(sourceOf(subpath));
    // Relatively, a domain bundles only its own folder and the contract (plain zod schemas).
    const bundled = [...files].filter(
      (file) => !isInside(dir, file) && !isInside(path.join(srcDir, 'contract'), file),
    );
    expect({ domain: subpath, bundled: bundled.map(relativeName) }).toEqual({ domain: subpath, bundled: [] });
    // Nothing it bundles is a module of the shared core (the contract files the core re-exports are values
    // without state, so a copy is harmless; the client, the session and the stores are not).
    const stateful = [...files].filter(
      (file) => core.has(file) && !file.includes(`${path.sep}contract${path.sep}`),
    );
    expect({ domain: subpath, stateful: stateful.map(relativeName) }).toEqual({
      domain: subpath,
      stateful: [],
    });
    expect(packages.get('ky')).toBeUndefined();
    expect(packages.has('@console/shared-sdk')).toBe(true);
  }
});

test('a bundled kit entry reaches the rest of the SDK only through its shared entries', () => {
  for (const subpath of bundledKitEntries) {
    const dir = path.dirname(sourceOf(subpath));
    const { files, packages } = graphOf(sourceOf(subpath));
    // A relative import of the kit would bundle a second copy of it, lazy pickers and all.
    const bundled = [...files].filter((file) => !isInside(dir, file));
    const sdkSpecifiers = [...packages.keys()].filter((specifier) =>
      specifier.startsWith('@console/shared-sdk'),
    );
    expect({ entry: subpath, bundled: bundled.map(relativeName) }).toEqual({ entry: subpath, bundled: [] });
    expect(sdkSpecifiers.filter((specifier) => !sharedSubpaths.includes(subpathOf(specifier)))).toEqual([]);
  }
});

test("the main entry reaches no module of the kit's folder, which the build puts in the kit's chunk", () => {
  // The build gives every module under src/ui to the kit's chunk (MUI X and all), so one such import from the
  // main entry would load the whole kit on the sign-in page.
  const kitDir = path.dirname(sourceOf('ui'));
  const reached = [...graphOf(sourceOf('.')).files].filter((file) => isInside(kitDir, file));
  expect(reached.map(relativeName)).toEqual([]);
});

test('the contract stays free of HTTP code, so the API imports the same schemas', () => {
  const { packages } = graphOf(sourceOf('contract'));
  expect([...packages.keys()].sort()).toEqual(['zod']);
});

test('the shared entries are strict about the SDK version the page has', () => {
  for (const subpath of sharedSubpaths)
    expect(shared[subpath === '.' ? '@console/shared-sdk' : `@console/shared-sdk/${subpath}`]).toMatchObject({
      singleton: true,
      strictVersion: true,
      requiredVersion: `^${manifest.version}`,
      version: manifest.version,
    });
});

test('sdkVersion is the package version', () => {
  expect(sdkVersion).toBe(manifest.version);
  expect(core.sdkVersion).toMatch(/^\d+\.\d+\.\d+$/);
});

/** Every source file under `dir`, tests aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test("the browser's zod has every member the console's sources call", () => {
  // In the browser, `zod` is the shared facade (webpack/zod.mjs), not the package: a member it lacks would
  // be undefined at run time while TypeScript, which sees the package, is content.
  const facade = createRequire(__filename)('../webpack/zod.mjs') as { z: Record<string, unknown> };
  // The SDK's sources, and those of the containers built beside it in this repository, which get the same.
  const workspace = path.dirname(packageDir);
  const containers = readdirSync(workspace)
    .filter((name) => name === 'shell' || name.startsWith('mfe-'))
    .map((name) => path.join(workspace, name, 'src'))
    .filter((dir) => existsSync(dir));
  const called = new Map<string, string>();
  for (const file of [srcDir, ...containers].flatMap((dir) => sourceFiles(dir))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      // `z.object(...)`, `z.coerce.number()`: values. `z.infer<...>` in a type is a qualified name instead.
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'z'
      )
        called.set(node.name.text, path.relative(workspace, file));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(called.size).toBeGreaterThan(10);
  const missing = [...called].filter(([member]) => facade.z[member] === undefined);
  expect(missing).toEqual([]);
});

test("the browser's zod leaves out JSON Schema generation, which no browser code calls", () => {
  // webpack/zod-json-schema.mjs stands in for the generator zod's schemas import (config.cjs): it must
  // export each member they take from it (the build fails otherwise), and no source may convert a schema.
  const zodDir = path.dirname(createRequire(__filename).resolve('zod/package.json'));
  const schemas = readFileSync(path.join(zodDir, 'v4', 'classic', 'schemas.js'), 'utf8');
  const taken = new Set([...schemas.matchAll(/\bprocessors\.(\w+)\(/g)].map(([, name]) => name));
  for (const [, names] of schemas.matchAll(/import \{([^}]*)\} from "\.\.\/core\/to-json-schema\.js"/g))
    for (const name of (names ?? '').split(',')) taken.add(name.trim());
  taken.delete('');
  const standIn = readFileSync(path.join(packageDir, 'webpack', 'zod-json-schema.mjs'), 'utf8');
  const exported = new Set(
    [...standIn.matchAll(/^export (?:const (\w+)|\{ (\w+) \})/gm)].map(
      ([, constant, named]) => constant ?? named,
    ),
  );
  expect(taken.size).toBeGreaterThan(10);
  expect([...taken].filter((name) => !exported.has(name))).toEqual([]);

  const workspace = path.dirname(packageDir);
  const containers = readdirSync(workspace)
    .filter((name) => name === 'shell' || name.startsWith('mfe-'))
    .map((name) => path.join(workspace, name, 'src'));
  const converting = [srcDir, ...containers]
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => sourceFiles(dir))
    .filter((file) => /toJSONSchema|~standard/.test(readFileSync(file, 'utf8')));
  expect(converting).toEqual([]);
});

test('zod and the contract files the core re-exports whole are shared like the SDK entries', () => {
  const reExported = [
    ...readFileSync(sourceOf('.'), 'utf8').matchAll(/^export \* from '\.\/(contract\/[\w-]+)\.js';$/gm),
  ];
  expect(reExported.map(([, file]) => file)).toEqual(
    expect.arrayContaining(['contract/common', 'contract/enums']),
  );
  const strict = {
    singleton: true,
    strictVersion: true,
    requiredVersion: `^${manifest.version}`,
    version: manifest.version,
  };
  for (const [, file] of reExported)
    expect(shared[path.join(srcDir, `${file}.ts`)]).toMatchObject({
      ...strict,
      shareKey: `@console/shared-sdk/${file}`,
    });
  expect(shared.zod).toMatchObject({ ...strict, shareKey: '@console/shared-sdk/zod' });
});
