// `@console/shared-sdk/reports`, a domain entry (not shared: see ../../README.md). Site scores, the
// inspection pack (with the record-history check it includes; the check's own call is in the logs entry).
export * from '../contract/scores.js';
export * from '../contract/inspection-pack.js';
export * from '../contract/record-check.js';
export * from '../contract/site-reviews.js';
export * from '../contract/inspector-links.js';
export * from './api.js';
export * from './review-api.js';
export * from './inspector-api.js';
