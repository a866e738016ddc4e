// The browser entry of the SDK: one instance at run time (a federated singleton), so it holds only what
// must exist once per page. It is the versioned shared surface (see ../README.md): every change bumps
// `sdkVersion`. Domain contracts and endpoint functions are NOT here but in unshared domain entries
// (`@console/shared-sdk/equipment`, `/sites`, ...), which each remote bundles; this entry never imports
// them. The resource kit, which pulls in MUI X, is the separate entry `@console/shared-sdk/ui` so the login
// page does not load it.
export { sdkVersion } from './version.js';
// The contract pieces the core's own types use: list envelopes and queries, options, errors, enums, the
// session's login answer, the site selector's site option, the uploads the kit's file fields make.
export * from './contract/common.js';
export * from './contract/enums.js';
export * from './contract/auth.js';
export * from './contract/file.js';
export * from './ability/index.js';
export * from './session/store.js';
export * from './session/ability.js';
export * from './notify/store.js';
export * from './notify/Notifications.js';
// Text direction is here, not only in the kit: the bell, the user menu and the toasts use it on pages that
// must not load the kit (and a module under src/ui would be split into the kit's chunk).
export * from './text/direction.js';
export * from './site/store.js';
export * from './theme/theme.js';
export * from './remote/contract.js';
export * from './http/index.js';
export { invalidate, type ReadKey, type ReadKeyPart, type Reader } from './data/reads.js';
export { useRead, type Read } from './data/use-read.js';
export * from './api/index.js';
export * from './auth/index.js';
export * from './site/SiteSelector.js';
export * from './site/choices.js';
export * from './site/scope.js';
export * from './document-title.js';
export * from './remote/mount.js';
