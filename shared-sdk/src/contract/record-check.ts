import { z } from 'zod';
import { idSchema, instantSchema, localDateSchema, siteQuerySchema } from './common.js';
import { checkLocalDateRange, localDateRangeShape } from './date-range.js';

// The record-history check (issues 11 and 12): whether anything was changed behind the application's back.
// Two questions: does the organisation's hash chain of history entries still hold (no entry edited, removed
// or re-linked), and does every log record of the site still read as its last history entry says it was
// left (a reading, log, report or document edited in the database directly no longer matches), every
// task completion (with its corrections) as the task's history left it, and every corrective action as its
// history left it.

/** The records the check compares with their history. */
export const checkedSubjects = [
  'TemperatureLog',
  'ComplianceLog',
  'NearMiss',
  'Document',
  'Task',
  'CorrectiveAction',
] as const;
export const checkedSubjectSchema = z.enum(checkedSubjects);
export type CheckedSubject = z.infer<typeof checkedSubjectSchema>;

export const checkedSubjectLabels: Record<CheckedSubject, string> = {
  TemperatureLog: 'Temperature readings',
  ComplianceLog: 'Compliance logs',
  NearMiss: 'Near misses',
  Document: 'Documents',
  Task: 'Task completions',
  CorrectiveAction: 'Corrective actions',
};

/** The longest range of dates one check covers. */
export const recordCheckMaxDays = 366;
/** Days a check covers when no range is given: the last 90 local dates up to the site's today (the pack's). */
export const recordCheckDefaultDays = 90;

/**
 * GET /record-history/check: one site's log records (its documents and the organisation's included). The
 * readings, compliance logs, near misses and corrective actions of a range of the site's local dates (both
 * or neither; default the last recordCheckDefaultDays), every live document, and any record of the site
 * whose history ends without a deletion although the record is gone.
 */
export const recordCheckQuerySchema = z
  .object({ siteID: idSchema, ...localDateRangeShape, ...siteQuerySchema.shape })
  .superRefine(checkLocalDateRange(recordCheckMaxDays));
export type RecordCheckQuery = z.input<typeof recordCheckQuerySchema>;

/**
 * CHANGED: the record differs from what its last history entry says it was left as. NO_HISTORY: the record
 * has no history entry at all (made outside the application). DELETED: the record is gone or marked
 * deleted without a history entry saying so, or its history says deleted while it is live.
 */
export const recordMismatchProblems = ['CHANGED', 'NO_HISTORY', 'DELETED'] as const;
export const recordMismatchProblemSchema = z.enum(recordMismatchProblems);
export type RecordMismatchProblem = z.infer<typeof recordMismatchProblemSchema>;

export const recordMismatchSchema = z.object({
  subject: checkedSubjectSchema,
  recordID: idSchema,
  /** What the record is, in words (e.g. "Walk-in fridge 7.9 °C on 3 Nov 2026 14:05"). */
  label: z.string(),
  problem: recordMismatchProblemSchema,
  /** The fields whose values differ, when CHANGED. */
  fields: z.array(z.string()),
});
export type RecordMismatch = z.infer<typeof recordMismatchSchema>;

/** The most mismatches a check lists; `mismatched` counts them all. */
export const recordCheckListLimit = 100;

export const recordCheckSchema = z.object({
  checkedAt: instantSchema,
  /** The range of the site's local dates checked. */
  startDate: localDateSchema,
  endDate: localDateSchema,
  /** The organisation's chain of history entries. */
  chain: z.object({
    valid: z.boolean(),
    entries: z.number().int().min(0),
    /** Where the chain first fails to hold, and how; null when it holds. */
    brokenAt: z.number().int().min(1).nullable(),
    problem: z.enum(['changed', 'missing', 'unlinked']).nullable(),
  }),
  /** Each subject's records compared with their history. */
  subjects: z.array(
    z.object({
      subject: checkedSubjectSchema,
      checked: z.number().int().min(0),
      mismatched: z.number().int().min(0),
    }),
  ),
  /** True when the chain holds and no record differs from its history. */
  intact: z.boolean(),
  /** The first `recordCheckListLimit` mismatches, by subject then time. */
  mismatches: z.array(recordMismatchSchema),
});
export type RecordCheck = z.infer<typeof recordCheckSchema>;
