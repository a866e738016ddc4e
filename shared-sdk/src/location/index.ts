// `@console/shared-sdk/location`, a domain entry (not shared: see ../../README.md). Countries, regions and
// cities for the address pickers.
export * from '../contract/location.js';
export * from './api.js';
