// The built console on a fresh embedded PGlite with the demo, at a free port on 127.0.0.1: what
// bench:bundle opens in Chromium and bench/api-compression.mjs measures when run on its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';

/** Starts it; `stop()` ends it and removes its data. */
export function startConsole() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'api', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('console API ready')) resolve({ url: `http://127.0.0.1:${port}`, stop });
    });
    child.on('exit', (code) => reject(new Error(`console exited with ${code}: ${output}`)));
  });
}
