// `@console/shared-sdk/people`, a domain entry (not shared: see ../../README.md). The organisation's people
// (/staff-people); today the pickers' simple list, to which the people domain adds its screens' calls.
export {
  personSchema,
  staffOptionSchema,
  staffSimpleListQuerySchema,
  type Person,
  type StaffOption,
} from '../contract/user.js';
export * from './api.js';
