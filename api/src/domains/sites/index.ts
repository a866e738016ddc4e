// The sites domain (the shell's sites and organisation screens, and its place search): organisations, sites
// with their hours and time zones, and the local dates and time slots every other domain counts by. What other
// domains and the app's wiring may use; nothing else in this folder is theirs to import.

// Routes, one plugin per spec resource root.
export { default as areaRoutes } from './area/routes.js';
export { default as locationRoutes } from './location/routes.js';
export { default as organizationRoutes } from './organization/routes.js';
export { default as sitePanelRoutes, type SitePanelOptions } from './site-panel/routes.js';

// Rules and queries other domains stand on.
export { insertOrganization, nationalFiguresOf } from './organization/repository.js';
export { toSiteOption } from './site-panel/dto.js';
export { findSite, insertSite, rulesOfSite, type SiteDaysChanged } from './site-panel/repository.js';
export { addDays, isOpenAt, localDate, type SiteHours, timeSlotsOn, tradingDay } from './time-slots.js';

// The demo.
export { demoSites } from './seed.js';
