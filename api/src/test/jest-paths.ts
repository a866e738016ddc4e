// Jest runs the sources as CommonJS, where import.meta does not exist; this stands in for platform/config/paths.ts.
import path from 'node:path';

export const apiRoot = path.resolve(__dirname, '..', '..');
export const migrationsFolder = path.join(apiRoot, 'drizzle');
