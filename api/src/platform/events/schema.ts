import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AlertEventKind } from '@console/shared-sdk/contract';
import { createdAt, instant } from '../db/columns.js';
import { organizations, sites, users } from '../db/schema.js';

/**
 * Something people should hear of (issue 24): a failed reading, an overdue task, a document expiring. A
 * domain raises one in the transaction of the change it follows (platform/events/raise.ts), so an event is
 * never lost to a crash between the two, and never raised for a change that was rolled back. The alerts
 * domain fans each one out once (`dispatched_at`), and escalates it when nobody acknowledges it in time.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    /** Null for the organisation's own records (a document of the whole organisation). */
    siteId: uuid('site_id').references(() => sites.id),
    kind: text('kind').$type<AlertEventKind>().notNull(),
    /** The ability subject of the record it is about (e.g. 'TemperatureLog'), and the record. */
    subject: text('subject').notNull(),
    recordId: uuid('record_id').notNull(),
    /** One event per happening (e.g. `TASK_OVERDUE:<occurrence id>`): raising it again does nothing. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The event in words, as every channel shows it. */
    title: text('title').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: instant('occurred_at').notNull(),
    createdAt: createdAt(),
    /** When it was fanned out to people and webhooks. */
    dispatchedAt: instant('dispatched_at'),
    /** When someone opened it in the console or acted on it (a corrective action, a completion). */
    acknowledgedAt: instant('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
    /** When it went on to the next level (site admin to organisation admin), unacknowledged. */
    escalatedAt: instant('escalated_at'),
    /**
     * Its group: events of the same kind at the same site that arrive within the grouping window share the
     * id of the group's first event (set when it is fanned out). Webhooks carry it; e-mails and the bell
     * tell a group once.
     */
    groupId: uuid('group_id'),
  },
  (t) => [
    uniqueIndex('alert_events_dedupe_key').on(t.dedupeKey),
    index('alert_events_undispatched_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
    index('alert_events_unacknowledged_idx')
      .on(t.occurredAt)
      .where(sql`${t.acknowledgedAt} is null and ${t.escalatedAt} is null`),
    index('alert_events_record_idx').on(t.recordId),
    index('alert_events_org_occurred_idx').on(t.orgId, t.occurredAt),
    index('alert_events_group_idx')
      .on(t.groupId)
      .where(sql`${t.groupId} is not null`),
  ],
);
