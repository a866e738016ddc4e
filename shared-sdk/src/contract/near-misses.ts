import { z } from 'zod';
import {
  clientIdSchema,
  idSchema,
  instantSchema,
  isoDateTimeSchema,
  localDateSchema,
  requiredText,
  siteQuerySchema,
  siteScopedListQuerySchema,
} from './common.js';
import {
  checkLogDateRange,
  deviceInstantSchema,
  logDateRangeShape,
  loggedPersonSchema,
  logStatusSchema,
  sortWithDefault,
  type LogWorkflow,
} from './compliance-logs.js';
import { nearMissCategorySchema } from './enums.js';
import { uploadedFileSchema } from './file.js';
import { historyEntrySchema } from './history.js';
import { changeReasonSchema } from './temperature-logs.js';

// Near-miss and incident reports (issue 11, DOMAIN.md "Logs and incidents"): reported by staff on the
// mobile app with photos, investigated and closed with an outcome in the console.

export type NearMissCategory = z.infer<typeof nearMissCategorySchema>;

export const nearMissCategoryLabels: Record<NearMissCategory, string> = {
  ACCIDENT: 'Accident',
  INCIDENT: 'Incident',
  'FOOD POISONING': 'Food poisoning',
  'ALLERGIC REACTION': 'Allergic reaction',
};

/** A follow-up action as stored in the report. */
export const nearMissFollowUpRecordSchema = z.object({
  _id: idSchema,
  action: z.string(),
  ownerId: idSchema.nullable(),
  dueOn: localDateSchema.nullable(),
  doneAt: z.string().nullable(),
});
export type NearMissFollowUpRecord = z.infer<typeof nearMissFollowUpRecordSchema>;

/**
 * REPORTED, then PENDING (under investigation), then COMPLETED (closed with an outcome). A closed report
 * is reopened to PENDING with a reason; closing straight from REPORTED skips the investigation and is
 * refused.
 */
export const nearMissWorkflow: LogWorkflow = {
  moves: { REPORTED: ['PENDING'], PENDING: ['COMPLETED'], COMPLETED: ['PENDING'] },
  reopens: [{ from: 'COMPLETED', to: 'PENDING' }],
  labels: { REPORTED: 'Reported', PENDING: 'Under investigation', COMPLETED: 'Closed' },
};

/** The most photos one report takes. */
export const nearMissMaxPhotos = 5;

export const nearMissFollowUpSchema = z.object({
  _id: idSchema,
  action: z.string(),
  owner: loggedPersonSchema.nullable(),
  /** A local date of the report's site. */
  dueOn: localDateSchema.nullable(),
  doneAt: instantSchema.nullable(),
});
export type NearMissFollowUp = z.infer<typeof nearMissFollowUpSchema>;

export const nearMissSchema = z.object({
  _id: idSchema,
  /** A short reference people can say and search for, e.g. NM-3F9A1C. */
  logID: z.string(),
  orgId: idSchema,
  siteID: idSchema,
  siteName: z.string(),
  timeZoneId: z.string(),
  category: nearMissCategorySchema,
  title: z.string(),
  whatHappened: z.string(),
  /** Where on the site it happened. */
  location: z.string(),
  occurredAt: instantSchema,
  peopleInvolved: z.string(),
  injuries: z.string(),
  immediateAction: z.string(),
  followUps: z.array(nearMissFollowUpSchema),
  /** Follow-up actions not done yet. */
  openFollowUps: z.number().int(),
  status: logStatusSchema,
  outcome: z.string().nullable(),
  photos: z.array(uploadedFileSchema),
  reportedBy: loggedPersonSchema,
  /** The device's time of the report. */
  reportedAt: instantSchema,
  receivedAt: instantSchema,
  /** Received more than 30 minutes after it was reported (made offline). */
  backFilled: z.boolean(),
  closedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type NearMiss = z.infer<typeof nearMissSchema>;

export const nearMissSortColumns = [
  '_id',
  'occurredAt',
  'reportedAt',
  'category',
  'title',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export type NearMissSortColumn = (typeof nearMissSortColumns)[number];

/**
 * GET /nearMiss/web-app-list. The range is in each report's site's local dates, of `occurredAt` (default
 * the last 90 days). `category` filters by category; `type` is the spec's name for the same filter.
 * `search` looks in the title, what happened, where, and the logID. Latest first unless sorted.
 */
export const nearMissListQuerySchema = siteScopedListQuerySchema(nearMissSortColumns)
  .extend({
    ...logDateRangeShape,
    category: nearMissCategorySchema.optional(),
    type: nearMissCategorySchema.optional(),
    status: logStatusSchema.optional(),
    sort: sortWithDefault(nearMissSortColumns, '-occurredAt'),
  })
  .superRefine(checkLogDateRange);
export type NearMissListQuery = z.output<typeof nearMissListQuerySchema>;
export type NearMissListParams = z.input<typeof nearMissListQuerySchema>;
/** Days a near-miss list covers when no start date is given. */
export const nearMissDefaultDays = 90;

const longText = (label: string) => z.string().trim().max(5000, `Keep ${label} under 5000 characters`);

/** What staff write about what happened; changing any of it later needs a reason. */
const staffWrittenFields = {
  category: z.enum(nearMissCategorySchema.options, { message: 'Choose a category' }),
  whatHappened: requiredText('What happened', 5000),
  location: requiredText('Where it happened', 200),
  /** When it happened: not in the future. */
  occurredAt: isoDateTimeSchema({ message: 'Say when it happened, as an ISO date and time' }),
  peopleInvolved: longText('who was involved'),
  injuries: longText('the injuries'),
  immediateAction: longText('the immediate action'),
};

/** The fields of a report that staff wrote, whose change needs a reason. */
export const nearMissStaffWrittenFields = Object.keys(
  staffWrittenFields,
) as (keyof typeof staffWrittenFields)[];

/**
 * POST /nearMiss/create-new-one, the staff member's report (mobile login; admins may too): a multipart
 * form with these text fields and up to 5 photos (images), in any file field. `reportedAt` is the device's
 * time, at most 5 minutes ahead of the server's.
 */
export const nearMissCreateFieldsSchema = z
  .object({
    siteID: idSchema,
    title: requiredText('Title', 150),
    ...staffWrittenFields,
    peopleInvolved: staffWrittenFields.peopleInvolved.default(''),
    injuries: staffWrittenFields.injuries.default(''),
    immediateAction: staffWrittenFields.immediateAction.default(''),
    reportedAt: deviceInstantSchema('reportedAt'),
    /** The app's id of this report (a text field of the form), so that sending it again reports it once. */
    clientId: clientIdSchema.optional(),
  })
  .extend(siteQuerySchema.shape);
export type NearMissCreateFields = z.input<typeof nearMissCreateFieldsSchema>;
/** The report as the SDK sends it: the fields and the photos. */
export type NearMissCreate = NearMissCreateFields & { photos?: readonly File[] };

/** A follow-up action in the edit form: `_id` keeps an existing one; `done` sets or clears when it was done. */
export const nearMissFollowUpInputSchema = z.object({
  _id: idSchema.optional(),
  action: requiredText('Action', 500),
  /** A person of the organisation, or null for nobody yet. */
  ownerId: idSchema.nullish(),
  dueOn: localDateSchema.nullish(),
  done: z.boolean().default(false),
});
export type NearMissFollowUpInput = z.input<typeof nearMissFollowUpInputSchema>;

/**
 * PUT /nearMiss/update-one. `status` follows the workflow (closing needs `outcome`, reopening `reason`);
 * `followUps` replaces the list; changing what staff wrote (category, what happened, where, when, who,
 * injuries, immediate action) needs `reason`.
 */
export const nearMissUpdateSchema = z
  .object({
    _id: idSchema,
    status: logStatusSchema.optional(),
    outcome: z.string().trim().max(5000, 'Keep the outcome under 5000 characters').nullish(),
    followUps: z.array(nearMissFollowUpInputSchema).max(50, 'At most 50 follow-up actions').optional(),
    title: requiredText('Title', 150).optional(),
    category: staffWrittenFields.category.optional(),
    whatHappened: staffWrittenFields.whatHappened.optional(),
    location: staffWrittenFields.location.optional(),
    occurredAt: staffWrittenFields.occurredAt.optional(),
    peopleInvolved: staffWrittenFields.peopleInvolved.optional(),
    injuries: staffWrittenFields.injuries.optional(),
    immediateAction: staffWrittenFields.immediateAction.optional(),
    reason: changeReasonSchema.optional(),
  })
  .extend(siteQuerySchema.shape);
export type NearMissUpdate = z.input<typeof nearMissUpdateSchema>;

/**
 * GET /nearMiss/follow-up-owner-list/{id}: who may own the report's follow-up actions, by name: the
 * people who work at its site (organisation admins work at every site) and the owners its actions have.
 */
export const nearMissFollowUpOwnersSchema = z.array(loggedPersonSchema);
export type NearMissFollowUpOwner = z.infer<typeof loggedPersonSchema>;

/** What a history entry keeps of a near miss. */
export const nearMissSnapshotSchema = z.object({
  siteID: idSchema,
  category: nearMissCategorySchema,
  title: z.string(),
  whatHappened: z.string(),
  location: z.string(),
  occurredAt: instantSchema,
  peopleInvolved: z.string(),
  injuries: z.string(),
  immediateAction: z.string(),
  followUps: z.array(nearMissFollowUpRecordSchema),
  status: logStatusSchema,
  outcome: z.string().nullable(),
  photoIDs: z.array(idSchema),
});
export type NearMissSnapshot = z.infer<typeof nearMissSnapshotSchema>;
export const nearMissHistorySchema = z.array(historyEntrySchema(nearMissSnapshotSchema));
export type NearMissHistoryEntry = z.infer<typeof nearMissHistorySchema>[number];
