import { z } from 'zod';
import {
  idSchema,
  instantSchema,
  localDateSchema,
  optionalText,
  requiredText,
  siteScopedListQuerySchema,
} from './common.js';
import {
  checkLogDateRange,
  logDateRangeShape,
  loggedPersonSchema,
  sortWithDefault,
} from './compliance-logs.js';
import { correctiveActionStateSchema } from './corrective-action-labels.js';
import { logTypeSchema } from './enums.js';
import { historyEntrySchema } from './history.js';
import { logTypeLabels } from './log-type-labels.js';

// Corrective actions (HACCP principles 5 and 6, Regulation 852/2004 Article 5): every deviation the console
// records opens one, in the transaction of the record that caused it. Someone records what was done (staff
// on the kitchen app, or an admin), and a site admin or above who did not record it verifies it with their
// password typed again. A verified or recorded action can be reopened with a reason. Every change is kept
// in the record history.

/** What went wrong: each deviation kind opens one action per happening. */
export const correctiveActionKinds = [
  'READING_FAILED',
  'SENSOR_EXCURSION',
  'CHECKLIST_LINE_FAILED',
  'TASK_MISSED',
  'FOLLOW_UP_MISSED',
  'FOLLOW_UP_FAILED',
  'NEAR_MISS',
] as const;
export const correctiveActionKindSchema = z.enum(correctiveActionKinds);
export type CorrectiveActionKind = z.infer<typeof correctiveActionKindSchema>;
export const correctiveActionKindLabels: Record<CorrectiveActionKind, string> = {
  READING_FAILED: 'Failed reading',
  SENSOR_EXCURSION: 'Sensor excursion',
  CHECKLIST_LINE_FAILED: 'Failed checklist line',
  TASK_MISSED: 'Task missed',
  FOLLOW_UP_MISSED: 'Follow-up check missed',
  FOLLOW_UP_FAILED: 'Follow-up check failed',
  NEAR_MISS: 'Near miss',
};

export {
  correctiveActionStates,
  correctiveActionStateSchema,
  correctiveActionStateLabels,
  probeSensorWindowMinutes,
  type CorrectiveActionState,
} from './corrective-action-labels.js';

/**
 * The check a deviation belongs to, which picks the standard actions offered: a log type for readings and
 * compliance logs (a fridge's, a delivery's), TASK for a task's checklist or a missed task, NEAR_MISS.
 */
export const correctiveCheckTypes = [...logTypeSchema.options, 'TASK', 'NEAR_MISS'] as const;
export const correctiveCheckTypeSchema = z.enum(correctiveCheckTypes);
export type CorrectiveCheckType = z.infer<typeof correctiveCheckTypeSchema>;
export const correctiveCheckTypeLabels: Record<CorrectiveCheckType, string> = {
  ...logTypeLabels,
  TASK: 'Tasks and checklists',
  NEAR_MISS: 'Near misses',
};

/** The record a deviation is about, by its ability subject. */
export const correctiveSourceSubjects = ['TemperatureLog', 'ComplianceLog', 'Task', 'NearMiss'] as const;
export const correctiveSourceSubjectSchema = z.enum(correctiveSourceSubjects);
export type CorrectiveSourceSubject = z.infer<typeof correctiveSourceSubjectSchema>;

// The site's settings for them (actionHours, probeSensorToleranceCelsius) are in site.ts.

/**
 * The standard actions an organisation starts with, per check type; it edits its own list. Each is what a
 * person did, in the words the record keeps.
 */
export const defaultStandardActions: Record<CorrectiveCheckType, readonly string[]> = {
  FRIDGE: [
    'Moved food to another fridge',
    'Discarded high-risk food',
    'Adjusted the thermostat and re-checked in 30 minutes',
    'Called an engineer',
  ],
  FREEZER: [
    'Moved food to another freezer',
    'Discarded thawed food',
    'Adjusted the thermostat and re-checked in 30 minutes',
    'Called an engineer',
  ],
  CELLAR: ['Moved stock to a cooler place', 'Adjusted the cooling', 'Called an engineer'],
  FOOD_DELIVERY: [
    'Rejected the delivery',
    'Accepted and used at once',
    'Returned to the supplier and told them',
  ],
  PROBE_CALIBRATION: ['Replaced the probe battery', 'Took the probe out of use', 'Sent the probe for repair'],
  COOKING_COOLING: ['Cooked for longer and re-checked', 'Discarded the batch', 'Moved to the blast chiller'],
  HOT_HOLD_DISPLAY: ['Reheated to 75 °C and re-checked', 'Discarded the food', 'Turned the unit up'],
  REHEATING: ['Reheated for longer and re-checked', 'Discarded the food'],
  LEGIONELLA_WATER: ['Flushed the outlet and re-checked', 'Called the water-safety contractor'],
  HOT_WATER: ['Raised the boiler setting and re-checked', 'Called an engineer'],
  TASK: ['Done late and checked', 'Retrained the person responsible', 'Changed the task’s time'],
  NEAR_MISS: ['Made the area safe', 'Retrained staff', 'Reported to the manager', 'Repaired the equipment'],
};

export const correctiveActionSchema = z.object({
  _id: idSchema,
  /** A short reference people can say and search for, e.g. CA-3F9A1C. */
  ref: z.string(),
  orgId: idSchema,
  siteID: idSchema,
  siteName: z.string(),
  timeZoneId: z.string(),
  kind: correctiveActionKindSchema,
  checkType: correctiveCheckTypeSchema,
  state: correctiveActionStateSchema,
  /** The record that went wrong: its subject and id, and the checklist line where it was one. */
  source: z.object({
    subject: correctiveSourceSubjectSchema,
    recordID: idSchema,
    lineID: z.string().nullable(),
    /** A task's: its master task and its local date, which the task list opens it by. */
    masterTaskID: idSchema.nullable().default(null),
    taskDate: localDateSchema.nullable().default(null),
  }),
  /** What went wrong, in words ("Walk-in fridge, Top shelf read 9.4 °C (limit 8 °C)"). */
  deviation: z.string(),
  occurredAt: instantSchema,
  openedAt: instantSchema,
  /** When an action still open becomes overdue (opened plus the site's action hours). */
  dueAt: instantSchema,
  /** Still open past its due time. */
  overdue: z.boolean(),
  /** What was done; null while OPEN. */
  actionTaken: z.string().nullable(),
  foodDiscarded: z.boolean().nullable(),
  /** How much, in the recorder's words ("2 kg chicken"), where food was discarded. */
  discardedQuantity: z.string().nullable(),
  recordedBy: loggedPersonSchema.nullable(),
  recordedAt: instantSchema.nullable(),
  verifiedBy: loggedPersonSchema.nullable(),
  verifiedAt: instantSchema.nullable(),
  verificationNote: z.string().nullable(),
  /** How many times it went back to OPEN, and the latest reason. */
  reopenCount: z.number().int(),
  reopenReason: z.string().nullable(),
  reopenedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type CorrectiveAction = z.infer<typeof correctiveActionSchema>;

export const correctiveActionSortColumns = [
  '_id',
  'occurredAt',
  'dueAt',
  'state',
  'kind',
  'recordedAt',
  'verifiedAt',
  'updatedAt',
] as const;

/**
 * GET /correctiveAction/web-app-list: by site (or every site the caller may see), state, kind, check type,
 * `overdue` (open past its due time), a range of local dates of when the deviation happened (default the
 * last 90 days, except for what is still to do: awaiting action or verification, or overdue, are listed
 * whenever they happened), and `search` in the deviation's words and the ref. Newest first unless sorted.
 */
export const correctiveActionListQuerySchema = siteScopedListQuerySchema(correctiveActionSortColumns)
  .extend({
    ...logDateRangeShape,
    state: correctiveActionStateSchema.optional(),
    kind: correctiveActionKindSchema.optional(),
    checkType: correctiveCheckTypeSchema.optional(),
    overdue: z.stringbool().optional(),
    sort: sortWithDefault(correctiveActionSortColumns, '-occurredAt'),
  })
  .superRefine(checkLogDateRange);
export type CorrectiveActionListQuery = z.output<typeof correctiveActionListQuerySchema>;
export type CorrectiveActionListParams = z.input<typeof correctiveActionListQuerySchema>;
/** Days the list covers when no start date is given. */
export const correctiveActionDefaultDays = 90;

/** GET /correctiveAction/record-list: the actions of one record, for its view. */
export const correctiveActionsOfRecordQuerySchema = z.object({
  subject: correctiveSourceSubjectSchema,
  recordID: idSchema,
  orgId: idSchema.optional(),
});
export type CorrectiveActionsOfRecordQuery = z.infer<typeof correctiveActionsOfRecordQuerySchema>;

/** A person's words of what was done, or the discarded quantity. */
const actionText = (label: string, max: number) => requiredText(label, max);

/**
 * PUT /correctiveAction/record-action: what was done (a standard action's words or the person's own), and
 * whether food was discarded and how much (required when it was). From OPEN only (409 otherwise).
 */
export const correctiveActionRecordSchema = z
  .object({
    _id: idSchema,
    actionTaken: actionText('What was done', 1000),
    foodDiscarded: z.boolean({ message: 'Say whether food was discarded' }),
    discardedQuantity: optionalText(200),
  })
  .superRefine((input, context) => {
    if (input.foodDiscarded && !input.discardedQuantity) {
      context.addIssue({
        code: 'custom',
        path: ['discardedQuantity'],
        message: 'Say how much food was discarded',
      });
    }
  });
export type CorrectiveActionRecord = z.input<typeof correctiveActionRecordSchema>;

/**
 * PUT /correctiveAction/verify: a site admin or above who did not record the action confirms it, with their
 * own password typed again and an optional note. From ACTION_RECORDED only (409 otherwise).
 */
export const correctiveActionVerifySchema = z.object({
  _id: idSchema,
  password: z
    .string({ message: 'Type your password to verify' })
    .min(1, 'Type your password to verify')
    .max(128),
  note: optionalText(1000),
});
export type CorrectiveActionVerify = z.input<typeof correctiveActionVerifySchema>;

/** PUT /correctiveAction/reopen: back to OPEN from ACTION_RECORDED or VERIFIED, with a reason. */
export const correctiveActionReopenSchema = z.object({
  _id: idSchema,
  reason: requiredText('Reason', 500),
});
export type CorrectiveActionReopen = z.input<typeof correctiveActionReopenSchema>;

/** What the history keeps of an action at each change. */
export const correctiveActionSnapshotSchema = z.object({
  state: correctiveActionStateSchema,
  actionTaken: z.string().nullable(),
  foodDiscarded: z.boolean().nullable(),
  discardedQuantity: z.string().nullable(),
  recordedBy: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  verificationNote: z.string().nullable(),
});
export const correctiveActionHistorySchema = z.array(historyEntrySchema(correctiveActionSnapshotSchema));
export type CorrectiveActionHistoryEntry = z.infer<typeof correctiveActionHistorySchema>[number];

/** The standard actions of one check type, as the organisation set them (or the defaults). */
export const standardActionListSchema = z.object({
  checkType: correctiveCheckTypeSchema,
  actions: z.array(z.string()),
  /** True while the organisation has not set its own list: these are defaultStandardActions. */
  isDefault: z.boolean(),
});
export type StandardActionList = z.infer<typeof standardActionListSchema>;

/** GET /correctiveAction/standard-action-list: every check type's list, or one (`checkType`). */
export const standardActionQuerySchema = z.object({
  checkType: correctiveCheckTypeSchema.optional(),
  orgId: idSchema.optional(),
});

/** PUT /correctiveAction/standard-actions: an organisation admin replaces one check type's list. */
export const standardActionUpdateSchema = z.object({
  checkType: correctiveCheckTypeSchema,
  actions: z
    .array(requiredText('Action', 200))
    .max(30, 'At most 30 standard actions per check')
    .refine((actions) => new Set(actions.map((a) => a.toLowerCase())).size === actions.length, {
      message: 'Each standard action once',
    }),
});
export type StandardActionUpdate = z.input<typeof standardActionUpdateSchema>;

/** A site's actions by state, for the dashboards. */
export const correctiveActionCountsSchema = z.object({
  awaitingAction: z.number().int(),
  awaitingVerification: z.number().int(),
  overdue: z.number().int(),
});
export type CorrectiveActionCounts = z.infer<typeof correctiveActionCountsSchema>;
