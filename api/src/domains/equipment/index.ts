// The equipment domain (mfe-equipment): suppliers and their types, food items, probes, fridges and freezers
// with their temperature items. What other domains and the app's wiring may use; nothing else in this
// folder is theirs to import.

// Routes, one plugin per spec resource root.
export { default as foodItemRoutes } from './foodItem/routes.js';
export { default as masterTypeRoutes } from './masterType/routes.js';
export { default as supplierRoutes } from './supplier/routes.js';
export { default as supplierTypeRoutes } from './supplierType/routes.js';

// Tables other domains refer to.
export { foodItems, masterTypes, sensorReceipts, sensors, temperatureItems } from './schema.js';

// The demo.
export { demoEquipment, seedEquipment } from './seed.js';

// Wireless sensors (issue 24): the /sensor resource, the device-key hash ingest looks sensors up by, and
// the offline check for the job queue (server.ts).
export { default as sensorRoutes } from './sensor/routes.js';
export { hashDeviceKey } from './sensor/keys.js';
export { insertSensor, offlineSensorWhere } from './sensor/repository.js';
export { markSilentSensors, sensorJobs, sensorOfflineJobName } from './sensor/offline-job.js';
