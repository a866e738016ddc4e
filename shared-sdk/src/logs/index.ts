// `@console/shared-sdk/logs`, a domain entry (not shared: see ../../README.md). Temperature readings,
// compliance logs, near misses and documents: their contract and calls.
export * from '../contract/log-type-labels.js';
export * from '../contract/temperature-logs.js';
export * from '../contract/compliance-logs.js';
export * from '../contract/near-misses.js';
export * from '../contract/corrective-actions.js';
export * from '../contract/documents.js';
export * from '../contract/record-check.js';
export * from './api.js';
