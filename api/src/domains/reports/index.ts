// The reports domain (mfe-reports): site scores and the inspection pack. It reads every other domain and
// none reads it. What the app's wiring may use; nothing else in this folder is its to import.

// Routes, one plugin per spec resource root (the scores' calls are served under /site-panel).
export { default as reportRoutes } from './report/routes.js';
export { default as scoreRoutes } from './site-panel/routes.js';
