import { z } from 'zod';
import { idList, idSchema, instantSchema, listQuerySchema, requiredText, siteQuerySchema } from './common.js';
import { loggedPersonSchema } from './compliance-logs.js';
import { staffRoleSchema, staffStatusSchema, type StaffRole } from './people.js';

// Provisioning from the company's directory (SCIM 2.0, RFC 7643 and 7644): Entra ID or Okta makes, changes,
// deactivates and removes the organisation's people, and keeps directory groups whose members the console
// gives a role and sites. These are the console's own shapes: the tokens the directory signs in with and the
// mapping of its groups. The directory's calls speak SCIM's own JSON at `scimBasePath`, which the API
// documents itself.

/** Where the directory calls, under the console's address: `https://console.example.com/scim/v2`. */
export const scimBasePath = '/scim/v2';

// ---- tokens ---------------------------------------------------------------------------------------------

/** How long a new token works, in days; none (null) is until it is revoked. */
export const scimTokenLifetimes = [30, 90, 180, 365, 730] as const;
export const scimTokenMaxDays = 730;

export const scimTokenStatuses = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export const scimTokenStatusSchema = z.enum(scimTokenStatuses);
export type ScimTokenStatus = z.infer<typeof scimTokenStatusSchema>;
export const scimTokenStatusLabels: Record<ScimTokenStatus, string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

/** A token as the console lists it; the token itself is answered once, when it is made. */
export const scimTokenSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  status: scimTokenStatusSchema,
  createdAt: instantSchema,
  createdBy: loggedPersonSchema.nullable(),
  /** Null: it works until it is revoked. */
  expiresAt: instantSchema.nullable(),
  /** When the directory last called with it, and from which address. */
  lastUsedAt: instantSchema.nullable(),
  lastUsedFrom: z.string().nullable(),
  revokedAt: instantSchema.nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

/** A new token: the bearer token the directory sends, shown this once, and where the directory calls. */
export const scimTokenCreatedSchema = z.object({
  scimToken: scimTokenSchema,
  token: z.string(),
  baseUrl: z.string(),
});
export type ScimTokenCreated = z.infer<typeof scimTokenCreatedSchema>;

/** POST /scim-token/create-new-one. */
export const scimTokenInputSchema = z.object({
  /** Which directory or app holds it ("Entra ID production"). */
  name: requiredText('Token name', 100),
  /** Days from now it works, or null for until it is revoked. */
  expiresInDays: z.coerce
    .number({ message: `Enter a whole number of days from 1 to ${scimTokenMaxDays}` })
    .int({ message: `Enter a whole number of days from 1 to ${scimTokenMaxDays}` })
    .min(1, `Enter a whole number of days from 1 to ${scimTokenMaxDays}`)
    .max(scimTokenMaxDays, `A token works at most ${scimTokenMaxDays} days`)
    .nullable()
    .default(null),
});
export type ScimTokenInput = z.input<typeof scimTokenInputSchema>;

/** PUT /scim-token/revoke. */
export const scimTokenRevokeSchema = z.object({ _id: idSchema });

export const scimTokenSortColumns = ['_id', 'name', 'createdAt', 'lastUsedAt'] as const;
export type ScimTokenSortColumn = (typeof scimTokenSortColumns)[number];
export const scimTokenListQuerySchema = listQuerySchema(scimTokenSortColumns, {
  defaultSort: '-createdAt',
}).extend(siteQuerySchema.shape);

/** GET /scim-token/connection: what the directory's provisioning settings ask for. */
export const scimConnectionSchema = z.object({
  /** The SCIM base URL ("Tenant URL" in Entra ID, "SCIM connector base URL" in Okta). */
  baseUrl: z.string(),
  /** Tokens that work now. */
  activeTokens: z.number().int().min(0),
});
export type ScimConnection = z.infer<typeof scimConnectionSchema>;

// ---- directory groups -----------------------------------------------------------------------------------

/** Roles a group can give, from the most to the least: a person in several groups gets the first of theirs. */
export const scimGroupRoles = ['ORGANIZATION_ADMIN', 'SITE_ADMIN', 'STAFF'] as const satisfies StaffRole[];

/** What an unmapped group gives, in words. */
export const scimGroupUnmappedLabel = 'Not mapped: gives nothing';

/** A directory group, with what its members get in the console. */
export const scimGroupSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  displayName: z.string(),
  /** The directory's own id of the group. */
  externalId: z.string().nullable(),
  /** Null until an organisation admin maps it: then its members get nothing from it. */
  role: staffRoleSchema.nullable(),
  siteIDs: z.array(idSchema),
  sites: z.array(z.object({ _id: idSchema, name: z.string() })),
  /** Its live members. */
  memberCount: z.number().int().min(0),
  /** Its first members by name (find-one only; the list leaves them out). */
  members: z
    .array(
      z.object({
        _id: idSchema,
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        status: staffStatusSchema,
      }),
    )
    .optional(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type ScimGroup = z.infer<typeof scimGroupSchema>;

/** How many members find-one names. */
export const scimGroupMembersShown = 100;

/**
 * PUT /scim-group/update-one: what a group's members get. A per-site role (site admin, staff) needs its
 * sites; an organisation admin sees every site, so its sites are not kept.
 */
export const scimGroupUpdateSchema = z
  .object({
    _id: idSchema,
    role: staffRoleSchema.nullable(),
    siteIDs: idList(500).default([]),
  })
  .refine((value) => value.role === null || value.role === 'ORGANIZATION_ADMIN' || value.siteIDs.length > 0, {
    message: 'Choose at least one site',
    path: ['siteIDs'],
  })
  .transform((value) => ({
    ...value,
    siteIDs: value.role === null || value.role === 'ORGANIZATION_ADMIN' ? [] : value.siteIDs,
  }));
export type ScimGroupUpdate = z.input<typeof scimGroupUpdateSchema>;

export const scimGroupSortColumns = ['_id', 'displayName', 'createdAt', 'updatedAt'] as const;
export type ScimGroupSortColumn = (typeof scimGroupSortColumns)[number];
export const scimGroupListQuerySchema = listQuerySchema(scimGroupSortColumns, {
  defaultSort: 'displayName',
}).extend(siteQuerySchema.shape);
