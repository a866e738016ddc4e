// `@console/shared-sdk/organization`, a domain entry (not shared: see ../../README.md). Organisations.
export * from '../contract/organization.js';
export * from './api.js';
