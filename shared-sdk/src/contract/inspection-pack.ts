import { z } from 'zod';
import { idSchema, instantSchema, localDateSchema, siteQuerySchema } from './common.js';
import { checkLocalDateRange, localDateRangeShape } from './date-range.js';
import { recordCheckSchema } from './record-check.js';
import { scoreSchema } from './scores.js';

// The inspection pack (issue 12): for one site and a range of its local dates, the one document an
// environmental-health officer asks for: the site and its equipment with the limits in force, every
// temperature reading, task completion per day with failed checklist lines, compliance logs, near misses,
// every deviation's corrective action and its verification, the signed four-weekly reviews, documents, the
// record-history check, and a digest of all of it so a copy can be verified later.

/** Days the pack covers when no range is given: the last 90 local dates up to the site's today. */
export const inspectionPackDefaultDays = 90;
/** The longest range one pack covers. */
export const inspectionPackMaxDays = 366;

export const inspectionPackFormats = ['PDF', 'EXCEL'] as const;
export const inspectionPackFormatSchema = z.enum(inspectionPackFormats, { message: 'Choose PDF or EXCEL' });
export type InspectionPackFormat = z.infer<typeof inspectionPackFormatSchema>;

const packQuery = z.object({ siteID: idSchema, ...localDateRangeShape, ...siteQuerySchema.shape });

/** GET /report/inspection-pack/preview: what the pack of the site and range holds, and its digest. */
export const inspectionPackQuerySchema = packQuery.superRefine(checkLocalDateRange(inspectionPackMaxDays));
export type InspectionPackQuery = z.input<typeof inspectionPackQuerySchema>;

/** GET /report/inspection-pack/download: the pack as a streamed PDF or XLSX. */
export const inspectionPackDownloadQuerySchema = packQuery
  .extend({ format: inspectionPackFormatSchema })
  .superRefine(checkLocalDateRange(inspectionPackMaxDays));
export type InspectionPackDownloadQuery = z.input<typeof inspectionPackDownloadQuerySchema>;

/** What each section of the pack holds, counted. */
export const inspectionPackSectionsSchema = z.object({
  /** Fridges' and freezers' temperature items, probes and food items, each with its limits. */
  equipment: z.object({ items: z.number().int().min(0) }),
  temperature: z.object({
    readings: z.number().int().min(0),
    failed: z.number().int().min(0),
    warned: z.number().int().min(0),
    backFilled: z.number().int().min(0),
  }),
  /** The range's task completion (the score's counts) and the failed checklist lines. */
  tasks: scoreSchema.extend({ failedChecklistItems: z.number().int().min(0) }),
  complianceLogs: z.object({ total: z.number().int().min(0), failed: z.number().int().min(0) }),
  nearMisses: z.object({ total: z.number().int().min(0), open: z.number().int().min(0) }),
  documents: z.object({
    total: z.number().int().min(0),
    expiring: z.number().int().min(0),
    expired: z.number().int().min(0),
  }),
  /** The corrective actions of the deviations that happened in the range (the site's local dates), by state. */
  correctiveActions: z.object({
    total: z.number().int().min(0),
    awaitingAction: z.number().int().min(0),
    awaitingVerification: z.number().int().min(0),
    verified: z.number().int().min(0),
  }),
  /** The site's signed four-weekly reviews whose four weeks overlap the range; drafts are not the pack's. */
  reviews: z.object({ signed: z.number().int().min(0) }),
});
export type InspectionPackSections = z.infer<typeof inspectionPackSectionsSchema>;

export const inspectionPackPreviewSchema = z.object({
  siteID: idSchema,
  siteName: z.string(),
  timeZoneId: z.string(),
  startDate: localDateSchema,
  endDate: localDateSchema,
  generatedAt: instantSchema,
  sections: inspectionPackSectionsSchema,
  recordCheck: recordCheckSchema,
  /**
   * SHA-256 (hex) of the pack's content: the records it lists, as they are now. The same site and range give
   * the same digest until a record of it changes; the PDF and the XLSX print it, so a copy can be checked
   * against a fresh preview.
   */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
});
export type InspectionPackPreview = z.infer<typeof inspectionPackPreviewSchema>;

/** The largest file POST /report/verify-pack reads: far above a year's busiest pack. */
export const packVerifyMaxBytes = 32 * 1024 * 1024;

/** The console's public page where anyone checks a pack (no sign-in), printed on every pack's first page. */
export const packVerifyPath = '/verify';

export const packVerdicts = ['AUTHENTIC', 'UNKNOWN'] as const;
export type PackVerdict = (typeof packVerdicts)[number];

/**
 * POST /report/verify-pack (multipart field `file`, no sign-in): whether these exact bytes are a pack this
 * server produced. AUTHENTIC names what the register holds for it; UNKNOWN (any other file, one changed
 * byte is enough) says nothing about any organisation. Both give the SHA-256 of the bytes received, so the
 * reader can compare it with another copy.
 */
export const packVerificationSchema = z.discriminatedUnion('verdict', [
  z.object({
    verdict: z.literal('AUTHENTIC'),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The site's name when the pack was produced. */
    site: z.string(),
    startDate: localDateSchema,
    endDate: localDateSchema,
    format: inspectionPackFormatSchema,
    producedAt: instantSchema,
    /** Who downloaded it, by name as it was then. */
    producedBy: z.string(),
    /** How its site writes dates (its rule set's: en-GB, en-US), so the verdict reads as the pack does. */
    locale: z.string(),
  }),
  z.object({ verdict: z.literal('UNKNOWN'), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
]);
export type PackVerification = z.infer<typeof packVerificationSchema>;
