import fs from 'node:fs';
import { stateFile } from './global-setup';
import { dropDatabase, type OwnDatabase } from './server';

export default async function globalTeardown() {
  if (!fs.existsSync(stateFile)) return;
  const { pid, dataDir, database } = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as {
    pid: number;
    dataDir: string;
    database: OwnDatabase | null;
  };
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  // Give the server a moment to release the PGlite lock before its folder goes.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (database) await dropDatabase(database);
  fs.rmSync(stateFile, { force: true });
}
