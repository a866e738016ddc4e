// The browser entry of the SDK: one instance at run time (a federated singleton). The resource kit, which
// pulls in MUI X, is the separate entry `@console/shared-sdk/ui` so the login page does not load it.
export * from './contract/index.js';
export * from './ability/index.js';
export * from './session/store.js';
export * from './session/ability.js';
export * from './notify/store.js';
export * from './notify/Notifications.js';
export * from './site/store.js';
export * from './theme/theme.js';
export * from './remote/contract.js';
export * from './http/index.js';
export * from './api/index.js';
export * from './auth/index.js';
export * from './site/SiteSelector.js';
export * from './remote/mount.js';
