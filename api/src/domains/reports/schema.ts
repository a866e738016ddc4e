import { bigint, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InspectionPackFormat } from '@console/shared-sdk/contract';
import { createdAt, instant } from '../../platform/db/columns.js';
import { orgRecord, organizations, sites, users } from '../../platform/db/schema.js';

// The register of inspection packs (issue 23): every pack file the server has handed out, by the SHA-256
// of its exact bytes, so anyone holding a copy can ask whether it is one (POST /report/verify-pack). A row
// is written only when the whole file was produced and sent; it is never changed.

export const packRegister = pgTable(
  'pack_register',
  {
    id: uuid('id').primaryKey(),
    /** SHA-256 (hex) of the file's bytes, computed as they were streamed. */
    sha256: text('sha256').notNull(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    /** The site's name when the pack was produced: a verdict names what the file says. */
    siteName: text('site_name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    format: text('format').$type<InspectionPackFormat>().notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** The content digest the pack prints (the preview's), beside the file's own hash. */
    contentDigest: text('content_digest').notNull(),
    producedBy: uuid('produced_by').references(() => users.id),
    /** The producer's name then: renaming a person never changes what a verdict says. */
    producedByName: text('produced_by_name').notNull(),
    producedAt: instant('produced_at').notNull(),
  },
  (t) => [index('pack_register_sha256_idx').on(t.sha256)],
);

// A site's four-weekly review (its table is the platform's, so a site's dashboard counts the reviews due
// without the logs reading the reports domain).
export { siteReviews } from '../../platform/site-reviews/schema.js';

/**
 * A link that opens an inspector's read-only view of some of the organisation's sites, over a range of
 * their local dates, until it expires or is revoked. Only the SHA-256 of its token is kept (and of its
 * passcode, scrypt like a password), so the table alone opens nothing.
 */
export const inspectorLinks = pgTable(
  'inspector_links',
  {
    ...orgRecord(),
    label: text('label').notNull(),
    siteIds: uuid('site_ids').array().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    tokenHash: text('token_hash').notNull(),
    passcodeHash: text('passcode_hash'),
    createdBy: uuid('created_by').references(() => users.id),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id),
    accessCount: integer('access_count').notNull().default(0),
    lastAccessAt: instant('last_access_at'),
  },
  (t) => [
    uniqueIndex('inspector_links_token_hash_key').on(t.tokenHash),
    index('inspector_links_org_idx').on(t.orgId),
  ],
);

/** Every access of an inspector link: when, the address, and what was opened, in words. Never changed. */
export const inspectorLinkAccesses = pgTable(
  'inspector_link_accesses',
  {
    id: uuid('id').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => inspectorLinks.id),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    at: createdAt(),
    address: text('address').notNull(),
    what: text('what').notNull(),
  },
  (t) => [index('inspector_link_accesses_link_idx').on(t.linkId, t.at)],
);
