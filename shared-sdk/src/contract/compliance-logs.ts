import { z } from 'zod';
import {
  clientIdSchema,
  idSchema,
  instantSchema,
  isoDateTimeSchema,
  siteQuerySchema,
  siteScopedListQuerySchema,
} from './common.js';
import { checkLocalDateRange, localDateRangeShape } from './date-range.js';
import { logTypeSchema, recordStatusSchema } from './enums.js';
import { historyEntrySchema } from './history.js';
import { jurisdictionSchema } from './rule-sets/index.js';
import { temperatureUnits } from './units.js';
import { templateSchema } from './tasks.js';
import {
  celsiusSchema,
  changeReasonSchema,
  temperatureLimitsSchema,
  temperatureResultSchema,
} from './temperature-logs.js';

// Compliance logs (issue 11, DOMAIN.md "Logs and incidents"): a checklist of one of the ten log types,
// answered by staff on the mobile app and reviewed in the console. The pieces every staff-made log shares
// (who, status workflow, date-range filter, the reason a change of staff's words needs) are declared
// here first and used by near-misses.ts too.

// ---- shared by the staff-made logs (compliance logs, near misses) ----------------------------------------

/** A person as a log names them: who submitted, reviewed or owns a follow-up. */
export const loggedPersonSchema = z.object({ _id: idSchema, name: z.string() });
export type LoggedPerson = z.infer<typeof loggedPersonSchema>;

/** The statuses a log moves through; DELETED is not one of them (logs are kept). */
export const logStatusSchema = recordStatusSchema.exclude(['DELETED']);
export type LogStatus = z.infer<typeof logStatusSchema>;

/**
 * A workflow: from each status, the statuses a log may move to, and which of those moves reopen a closed
 * log (and so need a reason). The API refuses any other move with 409; the console offers only these.
 */
export interface LogWorkflow {
  moves: Record<LogStatus, readonly LogStatus[]>;
  reopens: readonly { from: LogStatus; to: LogStatus }[];
  labels: Record<LogStatus, string>;
}

/** Whether `workflow` lets a log move from `from` to `to` (staying put is not a move). */
export const canMove = (workflow: LogWorkflow, from: LogStatus, to: LogStatus) =>
  workflow.moves[from].includes(to);

/** Whether the move from `from` to `to` reopens a closed log, which needs a reason. */
export const isReopening = (workflow: LogWorkflow, from: LogStatus, to: LogStatus) =>
  workflow.reopens.some((move) => move.from === from && move.to === to);

/** The device's time of a submission, as an ISO instant with its offset. */
export const deviceInstantSchema = (field: string) =>
  isoDateTimeSchema({ message: `Send ${field}: the device's date and time, as an ISO instant` });

/** The longest date range a log list covers. */
export const logListMaxDays = 366;

/**
 * `startDate` and `endDate`: local dates of each log's own site, both counted; both or neither (then the
 * list's default number of days up to each site's today).
 */
export const logDateRangeShape = localDateRangeShape;

/** Refuses half a range, a backwards or an overlong one; for list queries built with `logDateRangeShape`. */
export const checkLogDateRange = checkLocalDateRange(logListMaxDays);

/** A list's sort with its own default (the common list query sorts by `_id` unless told). */
export function sortWithDefault<const Column extends string>(
  sortable: readonly [Column, ...Column[]],
  defaultSort: NoInfer<`${'' | '-'}${Column}`>,
) {
  const sort = siteScopedListQuerySchema(sortable).shape.sort;
  // The common sort fills an absent value with `_id`; here the value is never absent by the time it runs.
  return z
    .string()
    .default(defaultSort)
    .pipe(sort as z.ZodType<z.output<typeof sort>, string>);
}

// ---- compliance logs --------------------------------------------------------------------------------------

export const complianceAnswerSchema = z.enum(['YES', 'NO', 'NA'], { message: 'Answer YES, NO or NA' });
export type ComplianceAnswer = z.infer<typeof complianceAnswerSchema>;

export const complianceResultSchema = z.enum(['PASS', 'FAIL']);
export type ComplianceResult = z.infer<typeof complianceResultSchema>;

/** One answered question of a compliance log, as stored: the question is copied from the template. */
export const complianceAnswerRecordSchema = z.object({
  /** The template line's id. */
  _id: idSchema,
  text: z.string(),
  required: z.boolean(),
  /** Null: an optional question left unanswered. */
  answer: complianceAnswerSchema.nullable(),
  celsius: z.number().nullable(),
  /** Which check of the log type the temperature is (a delivery's CHILLED or FROZEN); null without one. */
  checkKind: z.string().nullable(),
  /** The limits the temperature was judged by, copied in so a later change never re-judges it. */
  limits: temperatureLimitsSchema.nullable(),
  comment: z.string().nullable(),
  /**
   * FAIL when the answer is NO or the temperature breaks its limits; WARN when the temperature is in a
   * warning band (a fridge between 5 and 8 °C), which does not fail the log; PASS otherwise; null when
   * unanswered or answered NA.
   */
  result: temperatureResultSchema.nullable(),
});
export type ComplianceAnswerRecord = z.infer<typeof complianceAnswerRecordSchema>;

/** Compliance logs: REPORTED (awaiting review) → PENDING (follow-up needed) or COMPLETED (reviewed). */
export const complianceLogWorkflow: LogWorkflow = {
  moves: { REPORTED: ['PENDING', 'COMPLETED'], PENDING: ['COMPLETED'], COMPLETED: ['PENDING'] },
  reopens: [{ from: 'COMPLETED', to: 'PENDING' }],
  labels: { REPORTED: 'Awaiting review', PENDING: 'Follow-up needed', COMPLETED: 'Reviewed' },
};

export const complianceLogSchema = z.object({
  _id: idSchema,
  /** A short reference people can say and search for, e.g. CL-3F9A1C. */
  logID: z.string(),
  orgId: idSchema,
  siteID: idSchema,
  siteName: z.string(),
  timeZoneId: z.string(),
  logType: logTypeSchema,
  /** The template it was answered from; null once that template is gone from the database. */
  templateID: idSchema.nullable(),
  title: z.string(),
  answers: z.array(complianceAnswerRecordSchema),
  /**
   * The rule set its temperatures were judged by: its site's when it was submitted, kept when the site's
   * changes later, and the one a correction is judged by.
   */
  jurisdiction: jurisdictionSchema,
  /** The unit its site shows temperatures in now; each answer's `celsius` and `limits` stay in °C. */
  temperatureUnit: z.enum(temperatureUnits),
  status: logStatusSchema,
  result: complianceResultSchema,
  /** How many answers failed. */
  failedCount: z.number().int(),
  note: z.string().nullable(),
  submittedBy: loggedPersonSchema,
  /** The device's time of submission. */
  submittedAt: instantSchema,
  receivedAt: instantSchema,
  /** Received more than 30 minutes after it was submitted (made offline, or typed in later). */
  backFilled: z.boolean(),
  reviewNote: z.string().nullable(),
  reviewedBy: loggedPersonSchema.nullable(),
  reviewedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type ComplianceLog = z.infer<typeof complianceLogSchema>;

export const complianceLogSortColumns = [
  '_id',
  'submittedAt',
  'receivedAt',
  'logType',
  'title',
  'status',
  'result',
  'createdAt',
  'updatedAt',
] as const;
export type ComplianceLogSortColumn = (typeof complianceLogSortColumns)[number];

/**
 * GET /comlianceLog/web-app-list-for-web. The range is in each log's site's local dates, of `submittedAt`
 * (default the last 30 days); `search` looks in the title and the logID; newest first unless sorted.
 */
export const complianceLogListQuerySchema = siteScopedListQuerySchema(complianceLogSortColumns)
  .extend({
    ...logDateRangeShape,
    type: logTypeSchema.optional(),
    status: logStatusSchema.optional(),
    result: complianceResultSchema.optional(),
    sort: sortWithDefault(complianceLogSortColumns, '-submittedAt'),
  })
  .superRefine(checkLogDateRange);
export type ComplianceLogListQuery = z.output<typeof complianceLogListQuerySchema>;
export type ComplianceLogListParams = z.input<typeof complianceLogListQuerySchema>;
/** Days a compliance log list covers when no start date is given. */
export const complianceLogDefaultDays = 30;

const answerCommentSchema = z.string().trim().max(2000, 'Keep the comment under 2000 characters');

/** One answer as staff send it: the template line's `_id`, the answer, and a temperature if it takes one. */
export const complianceAnswerInputSchema = z.object({
  _id: idSchema,
  answer: complianceAnswerSchema,
  celsius: celsiusSchema.nullish(),
  /** The log type's check the temperature is for; left out, the type's first check. */
  checkKind: z.string().trim().min(1).max(50).nullish(),
  comment: answerCommentSchema.nullish(),
});
export type ComplianceAnswerInput = z.input<typeof complianceAnswerInputSchema>;

/**
 * POST /comlianceLog/create-new-one, the staff member's submission (mobile login; admins may too).
 * `submittedAt` is the device's time, at most 5 minutes ahead of the server's.
 */
export const complianceLogCreateSchema = z
  .object({
    siteID: idSchema,
    templateID: idSchema,
    answers: z.array(complianceAnswerInputSchema).max(200, 'At most 200 answers'),
    note: z.string().trim().max(2000, 'Keep the note under 2000 characters').nullish(),
    submittedAt: deviceInstantSchema('submittedAt'),
    /** The app's id of this submission, so that sending it again submits it once. */
    clientId: clientIdSchema.optional(),
  })
  .extend(siteQuerySchema.shape);
export type ComplianceLogCreate = z.input<typeof complianceLogCreateSchema>;

/**
 * PUT /comlianceLog/update-one: a review (status, review note) and corrections. `answers` corrects lines
 * the log has (by `_id`); correcting answers or the note changes what staff recorded and needs `reason`,
 * as does reopening a reviewed log.
 */
export const complianceLogUpdateSchema = z
  .object({
    _id: idSchema,
    status: logStatusSchema.optional(),
    reviewNote: z.string().trim().max(2000, 'Keep the review note under 2000 characters').nullish(),
    answers: z.array(complianceAnswerInputSchema).max(200, 'At most 200 answers').optional(),
    note: z.string().trim().max(2000, 'Keep the note under 2000 characters').nullish(),
    reason: changeReasonSchema.optional(),
  })
  .extend(siteQuerySchema.shape);
export type ComplianceLogUpdate = z.input<typeof complianceLogUpdateSchema>;

/** What a history entry keeps of a compliance log. */
export const complianceLogSnapshotSchema = z.object({
  siteID: idSchema,
  logType: logTypeSchema,
  title: z.string(),
  answers: z.array(complianceAnswerRecordSchema),
  status: logStatusSchema,
  result: complianceResultSchema,
  note: z.string().nullable(),
  reviewNote: z.string().nullable(),
  reviewedBy: loggedPersonSchema.nullable(),
});
export type ComplianceLogSnapshot = z.infer<typeof complianceLogSnapshotSchema>;
export const complianceLogHistorySchema = z.array(historyEntrySchema(complianceLogSnapshotSchema));
export type ComplianceLogHistoryEntry = z.infer<typeof complianceLogHistorySchema>[number];

/** GET /comlianceLog/template-list: the organisation's templates of a log type, for the mobile app. */
export const complianceTemplateListQuerySchema = z.object({ siteID: idSchema }).extend(siteQuerySchema.shape);
export const complianceTemplateSchema = templateSchema.extend({ type: logTypeSchema });
export type ComplianceTemplate = z.infer<typeof complianceTemplateSchema>;
