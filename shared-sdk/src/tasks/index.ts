// `@console/shared-sdk/tasks`, a domain entry (not shared: see ../../README.md). Checklist templates and the
// library, task categories, master tasks and each day's occurrences, their checklists and comments.
export * from '../contract/tasks.js';
export * from '../contract/corrective-action-labels.js';
export * from './api.js';
export * from '../contract/dashboard.js';
export { repeatKinds, repeatKindSchema, type RepeatKind } from '../contract/enums.js';
export { logTypeLabels } from '../contract/log-type-labels.js';
export { slotNameLabels } from '../contract/labels.js';
