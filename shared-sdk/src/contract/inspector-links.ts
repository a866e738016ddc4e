import { z } from 'zod';
import {
  idSchema,
  instantSchema,
  listQuerySchema,
  localDateSchema,
  optionalText,
  requiredText,
} from './common.js';
import { loggedPersonSchema } from './compliance-logs.js';
import { checkLocalDateRange } from './date-range.js';
import { inspectionPackFormatSchema, inspectionPackMaxDays } from './inspection-pack.js';
import { temperatureUnits } from './units.js';

// The inspector's own view: an admin makes a link for one or more of its sites, a range of their local
// dates and an expiry of at most 30 days, optionally with a passcode sent apart. The link opens a read-only
// view without an account: the pack's sections, live and searchable, records one by one with their
// history, and packs to download that verify like any other. The link is a credential: only its hash is
// kept, it is rate-limited, every access is logged, and expired or revoked it answers like a missing page.

/** The console's public page of a link: `/inspect/<token>`. */
export const inspectorPagePath = '/inspect';
/** The longest a link lives. */
export const inspectorLinkMaxDays = 30;
/** The header a passcode is sent in, on every call of the view. */
export const inspectorPasscodeHeader = 'x-inspector-passcode';
export const inspectorPasscodeLength = { min: 6, max: 64 } as const;

export const inspectorLinkStates = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type InspectorLinkState = (typeof inspectorLinkStates)[number];
export const inspectorLinkStateLabels: Record<InspectorLinkState, string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

/** POST /inspectorLink/create-new-one. */
export const inspectorLinkCreateSchema = z
  .object({
    /** Who it is for, in the admin's words ("Brighton & Hove EHO, J. Patel"). */
    label: requiredText('Who it is for', 200),
    siteIDs: z
      .array(idSchema, { message: 'Choose at least one site' })
      .min(1, 'Choose at least one site')
      .max(100, 'At most 100 sites per link')
      .refine((ids) => new Set(ids).size === ids.length, 'Each site once'),
    /** The records' range: local dates of each site, both counted. */
    startDate: localDateSchema,
    endDate: localDateSchema,
    /** Days from now the link works, 1 to 30. */
    expiresInDays: z.coerce
      .number({ message: `Enter a whole number of days from 1 to ${inspectorLinkMaxDays}` })
      .int({ message: `Enter a whole number of days from 1 to ${inspectorLinkMaxDays}` })
      .min(1, `Enter a whole number of days from 1 to ${inspectorLinkMaxDays}`)
      .max(inspectorLinkMaxDays, `A link lives at most ${inspectorLinkMaxDays} days`),
    /** Optional: asked for when the link is opened; send it apart from the link. */
    passcode: z
      .string()
      .trim()
      .min(inspectorPasscodeLength.min, `A passcode has at least ${inspectorPasscodeLength.min} characters`)
      .max(inspectorPasscodeLength.max, 'Too long')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine(checkLocalDateRange(inspectionPackMaxDays));
export type InspectorLinkCreate = z.input<typeof inspectorLinkCreateSchema>;

export const inspectorLinkSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  label: z.string(),
  sites: z.array(z.object({ _id: idSchema, name: z.string() })),
  startDate: localDateSchema,
  endDate: localDateSchema,
  expiresAt: instantSchema,
  hasPasscode: z.boolean(),
  state: z.enum(inspectorLinkStates),
  createdBy: loggedPersonSchema.nullable(),
  createdAt: instantSchema,
  revokedAt: instantSchema.nullable(),
  revokedBy: loggedPersonSchema.nullable(),
  accessCount: z.number().int(),
  lastAccessAt: instantSchema.nullable(),
});
export type InspectorLink = z.infer<typeof inspectorLinkSchema>;

/** The answer to a create: the link's address with its token, shown once and never again. */
export const inspectorLinkCreatedSchema = z.object({ link: inspectorLinkSchema, url: z.string() });
export type InspectorLinkCreated = z.infer<typeof inspectorLinkCreatedSchema>;

export const inspectorLinkSortColumns = ['_id', 'createdAt', 'expiresAt', 'label'] as const;
/** GET /inspectorLink/web-app-list: the organisation's links (a site admin's: those of its sites alone). */
export const inspectorLinkListQuerySchema = listQuerySchema(inspectorLinkSortColumns).extend({
  state: z.enum(inspectorLinkStates).optional(),
  orgId: idSchema.optional(),
});

/** One access of a link: when, from where, and what was opened, in words. */
export const inspectorAccessSchema = z.object({
  _id: idSchema,
  at: instantSchema,
  address: z.string(),
  what: z.string(),
});
export type InspectorAccess = z.infer<typeof inspectorAccessSchema>;

/** PUT /inspectorLink/revoke. */
export const inspectorLinkRevokeSchema = z.object({ _id: idSchema });

// ---- the view, without an account ---------------------------------------------------------------------

/** The sections of the view: the pack's. */
export const inspectorSections = [
  'temperature',
  'tasks',
  'complianceLogs',
  'nearMisses',
  'correctiveActions',
  'reviews',
  'documents',
] as const;
export const inspectorSectionSchema = z.enum(inspectorSections, { message: 'No such section' });
export type InspectorSection = z.infer<typeof inspectorSectionSchema>;
export const inspectorSectionLabels: Record<InspectorSection, string> = {
  temperature: 'Temperature readings',
  tasks: 'Tasks and checklists',
  complianceLogs: 'Compliance logs',
  nearMisses: 'Near misses',
  correctiveActions: 'Corrective actions',
  reviews: 'Four-weekly reviews',
  documents: 'Documents',
};

/** GET /inspect/{token}: what the link opens. */
export const inspectorViewSchema = z.object({
  label: z.string(),
  organisationName: z.string(),
  sites: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      timeZoneId: z.string(),
      locale: z.string(),
      temperatureUnit: z.enum(temperatureUnits),
    }),
  ),
  startDate: localDateSchema,
  endDate: localDateSchema,
  expiresAt: instantSchema,
  /** How many records each section holds, over all the link's sites. */
  sections: z.array(z.object({ section: inspectorSectionSchema, records: z.number().int() })),
});
export type InspectorView = z.infer<typeof inspectorViewSchema>;

/** GET /inspect/{token}/section/{section}: a page of one section, searchable, of one site or all. */
export const inspectorSectionQuerySchema = z.object({
  siteID: idSchema.optional(),
  search: optionalText(200),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type InspectorSectionQuery = { siteID?: string; search?: string; page?: number; pageSize?: number };

/** A record as a section lists it: all in words, the server's labels, the site's zone and unit. */
export const inspectorRowSchema = z.object({
  _id: idSchema,
  /** What the record is, for opening it: the ability subject (TemperatureLog, Task, ...). */
  subject: z.string(),
  /** Null for the organisation's own records (a document of every site). */
  siteID: idSchema.nullable(),
  siteName: z.string(),
  at: instantSchema,
  /** The record's date and time as its site writes them. */
  when: z.string(),
  title: z.string(),
  /** Its result or state in words ("Fail", "Verified"). */
  status: z.string(),
  /** A line more ("9.4 °C, limit 8 °C; moved food to another fridge"). */
  detail: z.string(),
  /** Failed, missed, open or expired: what an inspector looks at first. */
  flagged: z.boolean(),
});
export type InspectorRow = z.infer<typeof inspectorRowSchema>;
export const inspectorSectionPageSchema = z.object({
  list: z.array(inspectorRowSchema),
  records: z.number().int(),
});
export type InspectorSectionPage = z.infer<typeof inspectorSectionPageSchema>;

/** GET /inspect/{token}/record/{subject}/{id}: one record, its fields in words, and its history. */
export const inspectorRecordSchema = z.object({
  _id: idSchema,
  subject: z.string(),
  siteName: z.string(),
  title: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  history: z.array(
    z.object({
      when: z.string(),
      /** created, changed, deleted. */
      action: z.string(),
      actor: z.string(),
      reason: z.string().nullable(),
      /** What changed, in words ("Result: Fail → Pass"). */
      changes: z.array(z.string()),
    }),
  ),
});
export type InspectorRecord = z.infer<typeof inspectorRecordSchema>;

/** GET /inspect/{token}/pack: a pack of one of the link's sites over the link's range. */
export const inspectorPackQuerySchema = z.object({ siteID: idSchema, format: inspectionPackFormatSchema });
export type InspectorPackQuery = z.input<typeof inspectorPackQuerySchema>;
