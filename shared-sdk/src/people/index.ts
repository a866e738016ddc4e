// `@console/shared-sdk/people`, a domain entry (not shared: see ../../README.md). The organisation's people:
// departments of each site (/department-panel) and staff (/staff-people), with the pickers' simple lists the
// shell's site form uses.
export * from '../contract/people.js';
export {
  personSchema,
  staffOptionSchema,
  staffSimpleListQuerySchema,
  type Person,
  type StaffOption,
} from '../contract/common.js';
export * from './api.js';
export * from '../contract/kitchen-devices.js';
export * from './kitchen-devices.js';
export type { AssignableTask, BulkAssign } from '../contract/task-assignment.js';
export type { RepeatKind } from '../contract/enums.js';
