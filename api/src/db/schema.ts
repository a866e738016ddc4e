// Every table of the API, gathered from the per-domain files in ./schema/ (core: organisations, people,
// sites, sign-in and files; then one file per domain). drizzle-kit reads this file to generate migrations.
export * from './schema/core.js';
export * from './schema/equipment.js';
export * from './schema/history.js';
export * from './schema/people.js';
export * from './schema/tasks.js';
export * from './schema/logs.js';
