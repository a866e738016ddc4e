import { z } from 'zod';
import { idList, idSchema, instantSchema, listQuerySchema, requiredText, siteQuerySchema } from './common.js';
import { loggedPersonSchema } from './compliance-logs.js';
import { apiKeyScopeIds } from './api-key-scopes.js';
import { sensorIngestSchema } from './sensors.js';

export * from './api-key-scopes.js';

// API keys for integrators: an organisation's admin makes a key for a system of theirs (a sensor bridge, a
// BI tool), with scopes and perhaps a site limit and an expiry. The system sends it as
// `Authorization: Bearer ck_…`; it acts within its scopes, in its organisation alone, and every write it
// makes names the key in the records' history. The key is shown once; only its SHA-256 is kept.

export const apiKeyScopeSchema = z.enum(apiKeyScopeIds, {
  message: `Must be one of ${apiKeyScopeIds.join(', ')}`,
});

// ---- keys -----------------------------------------------------------------------------------------------

export const apiKeyStatuses = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export const apiKeyStatusSchema = z.enum(apiKeyStatuses);
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;
export const apiKeyStatusLabels: Record<ApiKeyStatus, string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

/** A key as the console lists it; the key itself is answered once, when it is made. */
export const apiKeySchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  /** The key's first characters, `ck_` included, to tell keys apart ("ck_7Hq2xK9a"). */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The sites it may act on; null for every site of the organisation, now and later. */
  siteIDs: z.array(idSchema).nullable(),
  /** Those sites by name (empty when it holds every site). */
  sites: z.array(z.object({ _id: idSchema, name: z.string() })),
  status: apiKeyStatusSchema,
  createdAt: instantSchema,
  createdBy: loggedPersonSchema.nullable(),
  /** Null: it works until it is revoked. */
  expiresAt: instantSchema.nullable(),
  /** When it was last used (kept to the minute), from which address and with which program. */
  lastUsedAt: instantSchema.nullable(),
  lastUsedFrom: z.string().nullable(),
  lastUsedUserAgent: z.string().nullable(),
  revokedAt: instantSchema.nullable(),
  revokedBy: loggedPersonSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A new key: the key itself, shown this once, and the key as it will be listed. */
export const apiKeyCreatedSchema = z.object({
  apiKey: apiKeySchema,
  key: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** POST /api-key/create-new-one. */
export const apiKeyInputSchema = z.object({
  /** Which system holds it ("Sensor bridge"). */
  name: requiredText('Key name', 100),
  scopes: z
    .array(apiKeyScopeSchema, { message: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)]),
  /** Some of the organisation's sites, or null (the default) for all of them, now and later. */
  siteIDs: idList(500)
    .refine((ids) => ids.length > 0, 'Choose at least one site, or every site')
    .nullable()
    .default(null),
  /** When it stops working (a future instant), or null for until it is revoked. */
  expiresAt: instantSchema.nullable().default(null),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** PUT /api-key/revoke. */
export const apiKeyRevokeSchema = z.object({ _id: idSchema });

export const apiKeySortColumns = ['_id', 'name', 'createdAt', 'lastUsedAt', 'expiresAt'] as const;
export type ApiKeySortColumn = (typeof apiKeySortColumns)[number];
/** GET /api-key/web-app-list: a search of names and prefixes, and perhaps one status. */
export const apiKeyListQuerySchema = listQuerySchema(apiKeySortColumns, { defaultSort: '-createdAt' })
  .extend({ status: apiKeyStatusSchema.optional() })
  .extend(siteQuerySchema.shape);
export interface ApiKeyListParams {
  search?: string;
  sort?: string;
  page?: number;
  limit?: number;
  status?: ApiKeyStatus;
}

/**
 * POST /sensor/api-key-ingest: a registered sensor's readings posted by an integrator's gateway with an API
 * key of scope sensor-readings:write, in place of the sensor's own device key. The lines are those of
 * POST /sensor/ingest, and stored, judged and alerted on the same way.
 */
export const apiKeySensorIngestSchema = sensorIngestSchema.extend({
  /** The sensor the readings are of: one of the key's organisation, on one of its sites. */
  sensorID: idSchema,
});
export type ApiKeySensorIngest = z.input<typeof apiKeySensorIngestSchema>;

/** What a call with a key refused for being a person's answers (403). */
export const apiKeyRefusal = 'An API key cannot make this call';
