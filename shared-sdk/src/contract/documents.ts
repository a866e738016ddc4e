import { z } from 'zod';
import {
  idList,
  idSchema,
  instantSchema,
  localDateSchema,
  requiredText,
  siteQuerySchema,
  siteScopedListQuerySchema,
} from './common.js';
import { jsonText } from './json-text.js';
import { loggedPersonSchema, sortWithDefault } from './compliance-logs.js';
import { uploadedFileSchema } from './file.js';
import { historyEntrySchema } from './history.js';

// Documents (issue 11, DOMAIN.md "Logs and incidents"): licences, certificates, policies and the like, of
// one site or of the whole organisation, with their files and an optional expiry date. Expiring documents
// are surfaced before they lapse: a status on each, a filter of the list, a count for the dashboard and a
// daily e-mail digest.

export const documentCategories = [
  'LICENCE',
  'INSURANCE',
  'CERTIFICATE',
  'TRAINING',
  'FOOD_SAFETY_PLAN',
  'RISK_ASSESSMENT',
  'INSPECTION_REPORT',
  'POLICY',
  'CONTRACT',
  'OTHER',
] as const;
export const documentCategorySchema = z.enum(documentCategories, { message: 'Choose a category' });
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

export const documentCategoryLabels: Record<DocumentCategory, string> = {
  LICENCE: 'Licence',
  INSURANCE: 'Insurance',
  CERTIFICATE: 'Certificate',
  TRAINING: 'Training',
  FOOD_SAFETY_PLAN: 'Food safety plan',
  RISK_ASSESSMENT: 'Risk assessment',
  INSPECTION_REPORT: 'Inspection report',
  POLICY: 'Policy',
  CONTRACT: 'Contract',
  OTHER: 'Other',
};

/** The most files one document holds. */
export const maxDocumentFiles = 10;

// ---- expiry ------------------------------------------------------------------------------------------------

/** Documents count as expiring this many days ahead (the dashboard, the list's filter, the e-mail digest). */
export const documentExpiryWarningDays = 30;

/**
 * NONE: no expiry date. EXPIRED: the date is before today. EXPIRING: today up to `documentExpiryWarningDays`
 * days ahead, both included (the dashboard's count). VALID: later than that. "Today" is a local date: the
 * document's site's, or for a document of the whole organisation the zone the caller looks from.
 */
export const documentExpiries = ['VALID', 'EXPIRING', 'EXPIRED', 'NONE'] as const;
export const documentExpirySchema = z.enum(documentExpiries, {
  message: `Expiry must be one of ${documentExpiries.join(', ')}`,
});
export type DocumentExpiry = z.infer<typeof documentExpirySchema>;

/** The status of a document whose expiry date is `daysToExpiry` days after today (null: no date). */
export function documentExpiryOf(daysToExpiry: number | null): DocumentExpiry {
  if (daysToExpiry === null) return 'NONE';
  if (daysToExpiry < 0) return 'EXPIRED';
  return daysToExpiry <= documentExpiryWarningDays ? 'EXPIRING' : 'VALID';
}

/** The days-to-expiry each dated status covers (inclusive; null: unbounded), for filters in SQL. */
export const documentExpiryDays: Record<Exclude<DocumentExpiry, 'NONE'>, [number | null, number | null]> = {
  EXPIRED: [null, -1],
  EXPIRING: [0, documentExpiryWarningDays],
  VALID: [documentExpiryWarningDays + 1, null],
};

/** The most days ahead the list's `expiringWithinDays` and the dashboard count look. */
export const maxExpiringWithinDays = 365;

// ---- the record --------------------------------------------------------------------------------------------

export const documentFileSchema = uploadedFileSchema;
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const documentSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  /** Null: a document of the whole organisation, which every site's admins read. */
  siteID: idSchema.nullable(),
  siteName: z.string().nullable(),
  /** The zone whose today `expiry` and `daysToExpiry` were read in (UTC when none was given). */
  timeZoneId: z.string(),
  name: z.string(),
  category: documentCategorySchema,
  /** A local date. */
  expiresOn: localDateSchema.nullable(),
  expiry: documentExpirySchema,
  /** Days from today to the expiry date: 0 expires today, negative has expired; null without a date. */
  daysToExpiry: z.number().int().nullable(),
  note: z.string(),
  /** In the order they were added; open them at `location` (no Authorization header needed). */
  files: z.array(documentFileSchema),
  /** Null when the person who added it is gone, or for demo data. */
  createdBy: loggedPersonSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  /** The spec's total of the list, on the first record of a page only (equal to `records`). */
  totalResult: z.number().int().optional(),
});
/** A document as the API answers it (`Document` is the browser's own global). */
export type DocumentRecord = z.infer<typeof documentSchema>;

// ---- forms -------------------------------------------------------------------------------------------------

/** A text field a multipart form may leave blank: blank is none (null). */
const blankOr = <T extends z.ZodType<string>>(schema: T, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || schema.safeParse(value).success, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** An expiry date as YYYY-MM-DD, or blank or null for none. */
const expiresOnSchema = blankOr(localDateSchema, 'Must be a date as YYYY-MM-DD, or empty for no expiry');
/** A site's id, or blank for the whole organisation. */
const placeSchema = blankOr(idSchema, 'Must be a valid site id, or empty for the whole organisation');

const noteSchema = z.string().trim().max(2000, 'Keep the note under 2000 characters');

/** The fields of a document a person fills in (the console's form checks these before sending). */
export const documentInputSchema = z.object({
  name: requiredText('Name', 200),
  category: documentCategorySchema,
  expiresOn: expiresOnSchema,
  note: noteSchema.default(''),
});

/**
 * POST /document/create-new-one: a multipart form with these text fields and 1 to 10 files in any file
 * field. `siteID` blank or absent files the document for the whole organisation (an organisation admin
 * only).
 */
export const documentCreateFieldsSchema = documentInputSchema.extend({ siteID: placeSchema });
export type DocumentCreateFields = z.input<typeof documentCreateFieldsSchema>;

/** Text holding a JSON array of ids, as a multipart form carries a list; blank is none. */
const idListText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? [] : value),
  jsonText(idList(maxDocumentFiles), 'Send the ids as a JSON array'),
);

/**
 * PUT /document/update-one: a multipart form with `_id`, any of the fields (absent: unchanged; `expiresOn`
 * blank: no expiry; `siteID` blank: the whole organisation), `removedFileIDs` (a JSON array of the
 * document's file ids to take off it) and new files. A document keeps at least one file.
 */
export const documentUpdateFieldsSchema = z.object({
  _id: idSchema,
  name: requiredText('Name', 200).optional(),
  category: documentCategorySchema.optional(),
  expiresOn: expiresOnSchema.optional(),
  note: noteSchema.optional(),
  siteID: placeSchema.optional(),
  removedFileIDs: idListText.optional(),
});
export type DocumentUpdateFields = z.input<typeof documentUpdateFieldsSchema>;

// ---- list, count, history ----------------------------------------------------------------------------------

export const documentSortColumns = ['_id', 'name', 'expiresOn', 'createdAt', 'updatedAt'] as const;
export type DocumentSortColumn = (typeof documentSortColumns)[number];

const expiringWithinDaysSchema = z.coerce
  .number()
  .int('Give a whole number of days')
  .min(0, 'Give 0 days or more')
  .max(maxExpiringWithinDays, `Give at most ${maxExpiringWithinDays} days`);

/**
 * Which documents a list or count covers: with `siteID`, that site's and (unless `includeOrganisation` is
 * false) the organisation's own; without, those of every site the caller may see and the organisation's.
 * An organisation's document is judged against today in `siteID`'s zone, else UTC.
 */
const documentPlaceShape = { includeOrganisation: z.stringbool().default(true) };

/**
 * GET /document/web-app-list. `expiringWithinDays`: expiry date from today to N days ahead (expired ones
 * excluded). `search` looks in the name. By expiry date, soonest first and those without a date last,
 * unless sorted.
 */
export const documentListQuerySchema = siteScopedListQuerySchema(documentSortColumns).extend({
  ...documentPlaceShape,
  category: documentCategorySchema.optional(),
  expiry: documentExpirySchema.optional(),
  expiringWithinDays: expiringWithinDaysSchema.optional(),
  sort: sortWithDefault(documentSortColumns, 'expiresOn'),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;
/** The list's own filters as the SDK sends them. */
export type DocumentListFilters = {
  siteID?: string;
  includeOrganisation?: boolean;
  category?: DocumentCategory;
  expiry?: DocumentExpiry;
  expiringWithinDays?: number;
};

/** GET /document/find-one/{id}: `siteID` names the zone an organisation's document is judged in. */
export const documentReadQuerySchema = siteQuerySchema.extend({ siteID: idSchema.optional() });

/** GET /document/expiring-count: the dashboard card's numbers. */
export const documentExpiringCountQuerySchema = documentReadQuerySchema.extend({
  ...documentPlaceShape,
  days: expiringWithinDaysSchema.default(documentExpiryWarningDays),
});
export const documentExpiringCountSchema = z.object({
  /** Expiry date from today up to `days` ahead. */
  expiring: z.number().int(),
  /** Expiry date before today. */
  expired: z.number().int(),
});
export type DocumentExpiringCount = z.infer<typeof documentExpiringCountSchema>;

/** What a history entry keeps of a document. */
export const documentSnapshotSchema = z.object({
  siteID: idSchema.nullable(),
  name: z.string(),
  category: documentCategorySchema,
  expiresOn: localDateSchema.nullable(),
  note: z.string(),
  fileIDs: z.array(idSchema),
});
export type DocumentSnapshot = z.infer<typeof documentSnapshotSchema>;
export const documentHistorySchema = z.array(historyEntrySchema(documentSnapshotSchema));
export type DocumentHistoryEntry = z.infer<typeof documentHistorySchema>[number];
