import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { HistoryAction } from '@console/shared-sdk/contract';
import { instant } from '../db/columns.js';
import { organizations } from '../db/schema.js';

/** A history entry's change: JSON snapshots of the record before and after, as platform/history/history.ts writes them. */
export interface HistoryChanges {
  before: unknown;
  after: unknown;
}

/**
 * Who changed which record, how, when and why (DOMAIN.md "Logs and incidents"), for every subject that
 * declares a history. Append-only: a trigger (migration record_history) refuses UPDATE, DELETE and TRUNCATE. The
 * entries of one organisation form a hash chain in `position` order, each holding the hash of the one
 * before, so an entry changed or removed behind the application's back breaks the chain (platform/history/history.ts).
 */
export const historyEntries = pgTable(
  'record_history',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    /** Null for records of the whole organisation. */
    siteId: uuid('site_id'),
    /** The ability subject of the record, e.g. 'MasterType'. */
    subject: text('subject').notNull(),
    recordId: uuid('record_id').notNull(),
    action: text('action').$type<HistoryAction>().notNull(),
    /** `{ before, after }`: the record's snapshots, null where there is none (create, delete). */
    changes: jsonb('changes').$type<HistoryChanges>().notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    /** The actor's name at the time: the history must not change when the person is renamed. */
    actorName: text('actor_name').notNull(),
    at: instant('at').notNull(),
    /** 1, 2, 3, ... within the organisation: the chain's order. */
    position: integer('position').notNull(),
    previousHash: text('previous_hash'),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('record_history_org_position_key').on(t.orgId, t.position),
    index('record_history_record_idx').on(t.orgId, t.subject, t.recordId, t.position),
  ],
);
