// `@console/shared-sdk/organization`, a domain entry (not shared: see ../../README.md). Organisations.
export * from '../contract/organization.js';
export * from './api.js';
// The organisation's webhooks (issue 24).
export * from '../contract/webhooks.js';
export * from './webhook-api.js';
// Provisioning from the company's directory (SCIM): its tokens and the mapping of its groups.
export * from '../contract/scim.js';
export * from './scim-api.js';
// Single sign-on with the organisation's OpenID Connect provider: its settings.
export * from '../contract/sso.js';
export * from './sso-api.js';
// Keys for integrators' systems: their scopes, sites, expiry and last use.
export * from '../contract/api-keys.js';
export * from './api-key-api.js';
// Roles as data: custom roles, who holds them, and the organisation's defaults for the remotes' subjects.
export * from '../contract/roles.js';
export * from './role-api.js';
