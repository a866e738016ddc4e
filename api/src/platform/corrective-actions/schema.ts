import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CorrectiveActionKind,
  CorrectiveActionState,
  CorrectiveCheckType,
  CorrectiveSourceSubject,
} from '@console/shared-sdk/contract';
import { instant, updatedAt } from '../db/columns.js';
import { organizations, siteRecord, users } from '../db/schema.js';

/**
 * A corrective action (HACCP principles 5 and 6): one per deviation, opened in the transaction of the
 * record that caused it (platform/corrective-actions/open.ts), so a deviation is never kept without its
 * action nor an action without its deviation. The dedupe key makes opening idempotent: a scan that finds
 * the same missed task every minute, on every instance, opens one. Every change is kept in record_history
 * (subject 'CorrectiveAction').
 */
export const correctiveActions = pgTable(
  'corrective_actions',
  {
    ...siteRecord(),
    kind: text('kind').$type<CorrectiveActionKind>().notNull(),
    checkType: text('check_type').$type<CorrectiveCheckType>().notNull(),
    /** The record that went wrong, by its ability subject, and the checklist line where it was one. */
    sourceSubject: text('source_subject').$type<CorrectiveSourceSubject>().notNull(),
    sourceId: uuid('source_id').notNull(),
    lineId: text('line_id'),
    /** One action per happening (e.g. `READING_FAILED:<reading id>`): opening it again does nothing. */
    dedupeKey: text('dedupe_key').notNull(),
    /** What went wrong, in words, as every screen and the pack show it. */
    deviation: text('deviation').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: instant('occurred_at').notNull(),
    /** Opened plus the site's action hours: an action still open then is overdue. */
    dueAt: instant('due_at').notNull(),
    state: text('state').$type<CorrectiveActionState>().notNull().default('OPEN'),
    actionTaken: text('action_taken'),
    foodDiscarded: boolean('food_discarded'),
    discardedQuantity: text('discarded_quantity'),
    recordedBy: uuid('recorded_by').references(() => users.id),
    recordedAt: instant('recorded_at'),
    verifiedBy: uuid('verified_by').references(() => users.id),
    verifiedAt: instant('verified_at'),
    verificationNote: text('verification_note'),
    reopenCount: integer('reopen_count').notNull().default(0),
    reopenReason: text('reopen_reason'),
    reopenedAt: instant('reopened_at'),
  },
  (t) => [
    uniqueIndex('corrective_actions_dedupe_key').on(t.dedupeKey),
    index('corrective_actions_site_occurred_idx')
      .on(t.siteId, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('corrective_actions_site_state_idx')
      .on(t.siteId, t.state)
      .where(sql`${t.deletedAt} is null`),
    index('corrective_actions_source_idx').on(t.orgId, t.sourceSubject, t.sourceId),
    index('corrective_actions_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'OPEN' and ${t.deletedAt} is null`),
    check(
      'corrective_actions_recorded_check',
      sql`${t.state} = 'OPEN' or (${t.actionTaken} is not null and ${t.recordedAt} is not null and ${t.foodDiscarded} is not null)`,
    ),
    check(
      'corrective_actions_verified_check',
      sql`${t.state} <> 'VERIFIED' or (${t.verifiedBy} is not null and ${t.verifiedAt} is not null)`,
    ),
    check(
      'corrective_actions_verifier_check',
      sql`${t.verifiedBy} is null or ${t.recordedBy} is null or ${t.verifiedBy} <> ${t.recordedBy}`,
    ),
  ],
);

/**
 * An organisation's own list of standard actions for one check type; a check type without a row offers
 * the contract's defaultStandardActions.
 */
export const standardActions = pgTable(
  'standard_actions',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    checkType: text('check_type').$type<CorrectiveCheckType>().notNull(),
    actions: jsonb('actions').$type<string[]>().notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.checkType] })],
);
