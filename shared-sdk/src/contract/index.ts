export * from './common.js';
export * from './enums.js';
export * from './auth.js';
export * from './user.js';
export * from './organization.js';
export * from './site.js';
export * from './location.js';
export * from './file.js';
