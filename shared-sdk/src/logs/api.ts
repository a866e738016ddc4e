// The logs domain's calls, one module per resource so a screen carries only its own.
export * from './temperature-api.js';
export * from './compliance-api.js';
export * from './near-miss-api.js';
export * from './document-api.js';
export * from './record-check-api.js';
export * from './corrective-action-api.js';
