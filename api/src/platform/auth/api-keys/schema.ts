import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from '../../db/columns.js';
import { organizations, users } from '../../db/schema.js';

/**
 * An integrator's key to the API (`Authorization: Bearer ck_…`): an organisation's, made by one of its
 * admins, acting only within its scopes and, when it has them, its sites. The key itself is shown once;
 * only its SHA-256 is kept, like the SCIM tokens'. A change to a key (revoked, deleted) is announced to every
 * instance on the sign-in channel, so a revoked key stops at once everywhere.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** The key's first characters after `ck_`, to tell keys apart in the list without holding the key. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The scopes' ids (the SDK's contract lists them with the rules each grants). */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** The sites it may act on; null for every site of the organisation. */
    siteIds: jsonb('site_ids').$type<string[] | null>(),
    expiresAt: instant('expires_at'),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    revokedAt: instant('revoked_at'),
    revokedById: uuid('revoked_by_id').references(() => users.id),
    lastUsedAt: instant('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    lastUsedUserAgent: text('last_used_user_agent'),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_key').on(t.secretHash), index('api_keys_org_idx').on(t.orgId)],
);
