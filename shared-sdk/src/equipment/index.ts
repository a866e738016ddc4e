// `@console/shared-sdk/equipment`, a domain entry (not shared: see ../../README.md). Suppliers and their
// types, food items and probes, fridges and freezers: the contract the API validates with, and the typed
// endpoint functions the equipment remote bundles.
export * from '../contract/equipment.js';
export * from '../contract/sensors.js';
export * from './api.js';
