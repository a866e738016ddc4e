// `@console/shared-sdk/testing`: the fake API and fixtures the SDK's own tests use, for the remotes' tests.
// Never part of a build (tsconfig.build.json leaves this folder out).
export * from '../http/testing.js';
export * from './screens.js';
