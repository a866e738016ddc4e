import { sql } from 'drizzle-orm';
import { check, date, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SiteReviewContents, SiteReviewState } from '@console/shared-sdk/contract';
import { instant } from '../db/columns.js';
import { siteRecord, users } from '../db/schema.js';

// Kept with the platform's tables rather than the reports domain's, which drafts and signs them: the site
// dashboards (the logs' attention counts) count the reviews due, and the logs may not read the reports.

/**
 * A site's four-weekly review: one per site and period (28 local dates from the contract's epoch). A draft's
 * contents are drafted afresh from the records whenever it is read; signing freezes them here with the
 * signer and the time, and a signed row never changes (the API refuses, and its history keeps the signing).
 */
export const siteReviews = pgTable(
  'site_reviews',
  {
    ...siteRecord(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    state: text('state').$type<SiteReviewState>().notNull().default('DRAFT'),
    /** Null while a draft; what was signed once signed. */
    contents: jsonb('contents').$type<SiteReviewContents>(),
    notes: text('notes').notNull().default(''),
    changes: text('changes').notNull().default(''),
    signedBy: uuid('signed_by').references(() => users.id),
    signedAt: instant('signed_at'),
    /** When its reminder was raised (its period over, unsigned). */
    remindedAt: instant('reminded_at'),
  },
  (t) => [
    uniqueIndex('site_reviews_site_period_key').on(t.siteId, t.periodStart),
    check(
      'site_reviews_signed_check',
      sql`${t.state} <> 'SIGNED' or (${t.contents} is not null and ${t.signedBy} is not null and ${t.signedAt} is not null)`,
    ),
  ],
);
