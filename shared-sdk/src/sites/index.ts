// `@console/shared-sdk/sites`, a domain entry (not shared: see ../../README.md). Sites with their opening
// times and time slots, and the place and time-zone look-ups of the site form.
export * from '../contract/site.js';
export * from '../contract/areas.js';
export * from '../contract/portfolio.js';
export * from '../contract/corrective-action-labels.js';
export * from './api.js';
export * from './area-api.js';
