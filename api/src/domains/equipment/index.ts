// The equipment domain (mfe-equipment): suppliers and their types, food items, probes, fridges and freezers
// with their temperature items. What other domains and the app's wiring may use; nothing else in this
// folder is theirs to import.

// Routes, one plugin per spec resource root.
export { default as foodItemRoutes } from './foodItem/routes.js';
export { default as masterTypeRoutes } from './masterType/routes.js';
export { default as supplierRoutes } from './supplier/routes.js';
export { default as supplierTypeRoutes } from './supplierType/routes.js';

// Tables other domains refer to.
export { foodItems, masterTypes, temperatureItems } from './schema.js';

// The demo.
export { demoEquipment, seedEquipment } from './seed.js';
