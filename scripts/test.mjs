// `npm test`: install if needed, then lint, type-check and every package's tests. Prints one closing line
// "tests: N passed, N failed" summed over all packages.
// `npm test -- --database-only`: only the tests that touch the database (the API's), e.g. for a second
// pass on PostgreSQL that need not lint, type-check or drive the browser again.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, run, workspaces } from './lib.mjs';

ensureInstalled();
const resultsDir = path.join(root, '.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const failures = [];
const step = (label, command, args, options) => {
  if (run(command, args, options) !== 0) failures.push(label);
};

const databaseOnly = process.argv.includes('--database-only');
const databasePackages = new Set(['@console/api']);

if (!databaseOnly) {
  step('lint', 'npx', ['eslint', '.']);
  step('format', 'npx', ['prettier', '--check', '.']);
  step('engines', 'node', ['scripts/check-engines.mjs']);
  step('typecheck', 'npx', ['lerna', 'run', 'typecheck']);
}
// Browser tests run last, against the built console.
const ordered = workspaces().sort(
  (a, b) => Number(a.name === '@console/e2e') - Number(b.name === '@console/e2e'),
);
for (const { name, scripts } of ordered) {
  if (!scripts.test) continue;
  if (databaseOnly && !databasePackages.has(name)) continue;
  if (name === '@console/e2e') ensureBuilt();
  step(`tests of ${name}`, 'npm', ['test', '--workspace', name, '--', '--ci'], {
    env: { ...process.env, CONSOLE_TEST_RESULTS: resultsDir },
  });
}

// Two browser tests run again on PostgreSQL, against a console on a database of its own: the kitchen app's,
// whose records must survive the trip through the database (offline, queued, sent again), and the outside
// domain's, whose subject the console learns into its database and whose rules every instance reads there.
if (databaseOnly && process.env.DATABASE_URL) {
  ensureBuilt();
  step(
    'kitchen and outside domain browser tests on PostgreSQL',
    'npm',
    [
      'test',
      '--workspace',
      '@console/e2e',
      '--',
      '--ci',
      'src/kitchen.test.ts',
      'src/outside-remote.test.ts',
    ],
    { env: { ...process.env, E2E_DATABASE_URL: process.env.DATABASE_URL, CONSOLE_TEST_RESULTS: resultsDir } },
  );
}

let passed = 0;
let failed = 0;
const failedTests = [];
for (const file of fs.readdirSync(resultsDir)) {
  const summary = JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8'));
  passed += summary.passed;
  failed += summary.failed;
  for (const failure of summary.failures ?? [])
    failedTests.push(`${path.basename(file, '.json')}/${failure}`);
}
if (failedTests.length > 0)
  console.log(`\nWhat failed:\n${failedTests.map((line) => `- ${line}`).join('\n')}`);
const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')} (database: ${database})`);
else console.log(`\nAll checks passed (database: ${database})`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
