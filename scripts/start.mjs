// `npm start`: install, build what is missing, then run the console (API + web) with demo data.
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
ensureBuilt();
const status = run(process.execPath, [path.join(root, 'api', 'dist', 'server.js')], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
process.exit(status);
