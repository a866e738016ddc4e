import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startConsole } from './server';

export const stateFile = path.join(os.tmpdir(), 'console-e2e-server.json');

/** One console for the whole suite; its URL reaches the test files through the environment. */
export default async function globalSetup() {
  const running = await startConsole();
  process.env.CONSOLE_URL = running.url;
  fs.writeFileSync(
    stateFile,
    JSON.stringify({ pid: running.pid, dataDir: running.dataDir, database: running.database }),
  );
}
