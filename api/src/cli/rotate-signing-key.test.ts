import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiRoot } from '../platform/config/paths.js';
import { keySetFileName, newStoredKey, parseKeySet } from '../platform/auth/signing-keys.js';

// The rotation command as an operator runs it (the source through tsx, as `npm run` runs the built one).

const run = promisify(execFile);
const rotate = (env: Record<string, string>, ...args: string[]) =>
  run(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/cli/rotate-signing-key.ts', ...args],
    { cwd: apiRoot, env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
  );

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-rotate-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

test('rewrites DATA_DIR’s key set: a new key first, the old one retired now', async () => {
  const first = await rotate({ DATA_DIR: dataDir });
  const file = path.join(dataDir, keySetFileName);
  const once = parseKeySet(await fs.readFile(file, 'utf8'), file);
  expect(once.keys).toHaveLength(2);
  expect(first.stdout).toContain(`Key ${once.keys[0]?.kid} signs access tokens from now on.`);
  expect(once.keys[1]?.retiredAt).toEqual(expect.any(String));
  expect((await fs.stat(file)).mode & 0o777).toBe(0o600);

  const staged = await rotate({ DATA_DIR: dataDir }, '--stage');
  const twice = parseKeySet(await fs.readFile(file, 'utf8'), file);
  expect(twice.keys.map((key) => key.kid)).toEqual([
    once.keys[0]?.kid,
    twice.keys[1]?.kid,
    once.keys[1]?.kid,
  ]);
  expect(twice.keys[1]?.retiredAt).toBeUndefined();
  expect(staged.stdout).toContain(`Staged key ${twice.keys[1]?.kid}`);
}, 60_000);

test('prints a JWT_SIGNING_KEYS set rotated, alone on stdout, and writes nothing', async () => {
  const key = await newStoredKey(new Date());
  const { stdout, stderr } = await rotate({
    DATA_DIR: dataDir,
    JWT_SIGNING_KEYS: JSON.stringify({ keys: [key] }),
  });
  const rotated = parseKeySet(stdout, 'stdout');
  expect(rotated.keys.map((one) => one.kid)).toEqual([expect.any(String), key.kid]);
  expect(rotated.keys[0]?.kid).not.toBe(key.kid);
  expect(stderr).toContain('Set JWT_SIGNING_KEYS to the set below on every instance');
  await expect(fs.readdir(dataDir)).resolves.toEqual([]);
}, 60_000);

test('a broken configuration is said, and the command fails', async () => {
  await expect(rotate({ DATA_DIR: dataDir, JWT_SIGNING_KEYS: '{"keys": [' })).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('JWT_SIGNING_KEYS: not JSON'),
  });
}, 60_000);
