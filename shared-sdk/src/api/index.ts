// The endpoint functions of the shared core: signing in and out, and the site selector's site list. Every
// other endpoint belongs to a domain entry (src/<domain>/api.ts, e.g. `@console/shared-sdk/equipment`),
// built on `call` and on the resource helpers below.
export { messageOnly, segment, standardResource, type ResourceApi } from './resource.js';
export { authApi } from './auth.js';
export { ssoApi } from './sso.js';
export { siteOptionsApi } from './site-options.js';
export { filesApi } from './files.js';
