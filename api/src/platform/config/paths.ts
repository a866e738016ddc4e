import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The api package's folder, whether running from `src/` or `dist/`. */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const migrationsFolder = path.join(apiRoot, 'drizzle');
