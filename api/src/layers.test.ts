import fs from 'node:fs';
import path from 'node:path';

// The API's layout (ARCHITECTURE.md "api"): lint refuses a runtime import circle, a deep import into another
// domain and a platform file importing a domain (eslint.config.mjs, "the API's layering"). This test holds
// the same for every import, type-only ones included: a type circle compiles, but it ties files together
// that a reader and a refactoring must then take as one.

const root = __dirname;
const domains = ['sites', 'people', 'tasks', 'logs', 'equipment', 'reports'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && dir === root ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(root);
const known = new Set(files);
const importPattern =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^'";]*?\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(importPattern)].flatMap((match) => {
    const specifier = match[1] ?? match[2] ?? '';
    if (!specifier.startsWith('.')) return [];
    const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
    return known.has(target) ? [target] : [];
  });
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));
const relative = (file: string) => path.relative(root, file);
const domainOf = (file: string) => /^domains\/([^/]+)\//.exec(relative(file))?.[1];

/** Strongly connected components of more than one file (Tarjan). */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(relative(member));
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

test('the six domains and the platform are there, and no routes folder is left', () => {
  for (const domain of domains)
    expect(fs.existsSync(path.join(root, 'domains', domain, 'index.ts'))).toBe(true);
  expect(fs.existsSync(path.join(root, 'platform'))).toBe(true);
  expect(fs.existsSync(path.join(root, 'routes'))).toBe(false);
});

test('no import circle, type-only imports included', () => {
  expect(circles()).toEqual([]);
});

test('platform imports no domain, and a domain reaches another only through its index.ts', () => {
  const crossings: string[] = [];
  for (const [file, targets] of graph) {
    const from = domainOf(file);
    for (const target of targets) {
      const to = domainOf(target);
      if (to === undefined) continue;
      const line = `${relative(file)} -> ${relative(target)}`;
      if (relative(file).startsWith('platform/')) crossings.push(line);
      else if (from !== undefined && from !== to && relative(target) !== `domains/${to}/index.ts`)
        crossings.push(line);
    }
  }
  expect(crossings).toEqual([]);
});
