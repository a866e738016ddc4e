import { bigint, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { InspectionPackFormat } from '@console/shared-sdk/contract';
import { instant } from '../../platform/db/columns.js';
import { organizations, sites, users } from '../../platform/db/schema.js';

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
