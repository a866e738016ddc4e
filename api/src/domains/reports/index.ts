// The reports domain (mfe-reports): site scores, the inspection pack and the four-weekly review. It reads
// every other domain; only the alerts domain reads it, for the review's reminder. What the app's wiring and
// that reminder may use; nothing else in this folder is theirs to import.

// Routes, one plugin per spec resource root (the scores' calls are served under /site-panel).
export { default as reportRoutes } from './report/routes.js';
export { default as inspectorLinkRoutes } from './inspector/admin-routes.js';
export { default as inspectRoutes } from './inspector/view-routes.js';
export { default as scoreRoutes } from './site-panel/routes.js';
export { default as siteReviewRoutes } from './site-review/routes.js';

// The four-weekly reviews whose reminder is owed (alerts/review-scan.ts).
export { markReminded, reviewsToRemind, type ReviewToRemind } from './site-review/repository.js';

// The demo's reviews and inspector link (after every records domain's demo).
export { seedReports } from './seed.js';
