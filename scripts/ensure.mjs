// Installs dependencies if missing and builds what is out of date. `--install-only` skips the build.
import { ensureBuilt, ensureInstalled } from './lib.mjs';

ensureInstalled();
if (!process.argv.includes('--install-only')) ensureBuilt();
