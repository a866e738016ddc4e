// The logs domain (mfe-logs): temperature readings, compliance logs, near misses, corrective actions,
// documents, and the record-history check. What other domains and the app's wiring may use; nothing else
// in this folder is theirs to import.

// Routes, one plugin per spec resource root.
export { default as complianceLogRoutes } from './comlianceLog/routes.js';
export { default as correctiveActionRoutes } from './corrective-action/routes.js';
export { default as documentRoutes } from './document/routes.js';
export { default as nearMissRoutes } from './nearMiss/routes.js';
export { default as recordHistoryRoutes } from './record-history/routes.js';
export { default as temperatureLogRoutes } from './temperature-logs/routes.js';

// Background work.
export { raiseDocumentExpiryEvents } from './document/expiry-digest.js';

// Rules, queries and tables other domains stand on.
export { attentionBySite, attentionInstants, attentionJsonSql } from './attention.js';
export { logReference, personName } from './log-records.js';
export { complianceLogDtos, complianceLogPage } from './comlianceLog/repository.js';
export { documentDtos, documentPage } from './document/repository.js';
export { nearMissDtos, nearMissPage } from './nearMiss/repository.js';
export { checkRecords } from './record-history/record-check.js';
export { complianceLogs, documents, nearMisses, temperatureReadings } from './schema.js';
export {
  exportedReaderName,
  temperatureLogDtos,
  toReadableItem,
  toTemperatureLogDto,
} from './temperature-logs/dto.js';
export { attachment, drainedOrClosed, ExportAbandoned } from './temperature-logs/export.js';
export {
  exportBatches,
  type ExportReading,
  itemsOfSite,
  readingPage,
} from './temperature-logs/repository.js';

// The demo.
export { seedLogs } from './seed.js';
export { seedCorrectiveActions } from './corrective-action/seed.js';

// Wireless sensors' readings (issue 24): POST /sensor/ingest, registered under /sensor beside the
// equipment domain's sensorRoutes.
export { default as sensorIngestRoutes, storeSensorBatches } from './temperature-logs/sensor-ingest.js';
export { startDemoSensors } from './temperature-logs/sensor-live.js';
