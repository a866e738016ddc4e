import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import {
  complianceLogListQuerySchema,
  documentListQuerySchema,
  listDefaults,
  nearMissListQuerySchema,
  recordCheckListLimit,
  temperatureLogListQuerySchema,
  type CheckedSubject,
  type RecordCheck,
  type RecordMismatch,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { complianceLogs, documents, nearMisses, temperatureReadings } from '../schema.js';
import { historyEntries } from '../../../platform/history/schema.js';
import {
  canonicalJson,
  recordHistories,
  verifyChain,
  type HistoryActor,
} from '../../../platform/history/history.js';
import { complianceLogPage, complianceLogSnapshot } from '../comlianceLog/repository.js';
import { documentDtos, documentPage, snapshotOf as documentSnapshot } from '../document/repository.js';
import { nearMissPage, nearMissSnapshot } from '../nearMiss/repository.js';
import { snapshotOf as readingSnapshot, toTemperatureLogDto } from '../temperature-logs/dto.js';
import { readingPage } from '../temperature-logs/repository.js';

// The record-history check (issue 11): whether anything was changed behind the application's back. The
// hash chain (platform/history/history.ts) catches an edited or removed history entry; this adds the other half, a
// record edited, inserted or deleted in the database directly, by comparing each record as it reads now
// with the snapshot its last history entry says it was left as. Both are what the console writes, so
// they match exactly unless something else wrote.

/** One site and a range of its local dates. */
export interface CheckTarget {
  orgId: string;
  site: { id: string; timeZoneId: string };
  startDate: string;
  endDate: string;
}

/** A live record as the check compares it. */
interface CheckedRecord {
  id: string;
  label: string;
  snapshot: unknown;
  /** When it was made: the time its demo history is written at. */
  at: string;
}

/** How the check reads one subject's records: pages of the live ones, and its table for the deleted ones. */
interface SubjectReader {
  subject: CheckedSubject;
  pages: (db: Database | Tx, target: CheckTarget, now: Date) => AsyncGenerator<CheckedRecord[]>;
  table: PgTable & { id: PgColumn; siteId: PgColumn; deletedAt: PgColumn };
  /** Organisation-wide records (documents) belong to every site's check. */
  orgWide: boolean;
  /** A record's words from its last snapshot, when the record itself is gone. */
  labelOfSnapshot: (snapshot: Record<string, unknown>, timeZoneId: string) => string;
}

/**
 * Records per read. The check reads through the lists' own page functions, whose pages go by offset, so
 * the reads' cost grows with the square of a site's records over the page size: a thousand (where a
 * console list stops at listDefaults.maxLimit) keeps a busy site's 20,000 readings to twenty reads.
 */
const pageSize = 1000;

/** A list query validated as the console sends it, then widened to the check's page size. */
const widened = <Query extends { limit: number }>(query: Query): Query => ({ ...query, limit: pageSize });

const localTime = (iso: unknown, zone: string) =>
  typeof iso === 'string' ? DateTime.fromISO(iso, { zone }).toFormat('d LLL yyyy HH:mm') : 'unknown time';

const textOf = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/** Calls a page function with page 1, 2, ... until a page comes back short. */
async function* everyPage<Item>(read: (page: number) => Promise<Item[]>): AsyncGenerator<Item[]> {
  for (let page = 1; ; page += 1) {
    const items = await read(page);
    if (items.length > 0) yield items;
    if (items.length < pageSize) return;
  }
}

const rangeQuery = (target: CheckTarget, page: number) => ({
  siteID: target.site.id,
  startDate: target.startDate,
  endDate: target.endDate,
  page,
  limit: listDefaults.maxLimit,
});

const readers: readonly SubjectReader[] = [
  {
    subject: 'TemperatureLog',
    table: temperatureReadings,
    orgWide: false,
    pages: (db, target, now) =>
      everyPage(async (page) => {
        const query = widened(
          temperatureLogListQuerySchema.parse({ ...rangeQuery(target, page), sort: '_id' }),
        );
        const { rows } = await readingPage(
          db,
          { orgId: target.orgId, siteIds: [target.site.id] },
          query,
          now,
        );
        return rows.map((row) => {
          const log = toTemperatureLogDto(row);
          return {
            id: log._id,
            label: `${log.item.name} ${log.celsius} °C at ${localTime(log.readAt, target.site.timeZoneId)}`,
            snapshot: readingSnapshot(log),
            at: log.readAt,
          };
        });
      }),
    labelOfSnapshot: (snapshot, zone) =>
      `A reading of ${String(snapshot.celsius)} °C at ${localTime(snapshot.readAt, zone)}`,
  },
  {
    subject: 'ComplianceLog',
    table: complianceLogs,
    orgWide: false,
    pages: (db, target, now) =>
      everyPage(async (page) => {
        const query = widened(
          complianceLogListQuerySchema.parse({ ...rangeQuery(target, page), sort: '_id' }),
        );
        const { list } = await complianceLogPage(
          db,
          { orgId: target.orgId, siteIds: [target.site.id] },
          query,
          now,
        );
        return list.map((log) => ({
          id: log._id,
          label: `${log.logID} ${log.title}, ${localTime(log.submittedAt, target.site.timeZoneId)}`,
          snapshot: complianceLogSnapshot(log),
          at: log.submittedAt,
        }));
      }),
    labelOfSnapshot: (snapshot) => `Compliance log “${textOf(snapshot.title, 'untitled')}”`,
  },
  {
    subject: 'NearMiss',
    table: nearMisses,
    orgWide: false,
    pages: (db, target, now) =>
      everyPage(async (page) => {
        const query = widened(nearMissListQuerySchema.parse({ ...rangeQuery(target, page), sort: '_id' }));
        // Photo addresses are not part of a snapshot: no public address is needed to read them.
        const scope = { orgId: target.orgId, siteIds: [target.site.id] };
        const { list } = await nearMissPage(db, scope, query, now, '');
        return list.map((report) => ({
          id: report._id,
          label: `${report.logID} ${report.title}, ${localTime(report.occurredAt, target.site.timeZoneId)}`,
          snapshot: nearMissSnapshot(report),
          at: report.occurredAt,
        }));
      }),
    labelOfSnapshot: (snapshot, zone) =>
      `Near miss “${textOf(snapshot.title, 'untitled')}” of ${localTime(snapshot.occurredAt, zone)}`,
  },
  {
    subject: 'Document',
    table: documents,
    orgWide: true,
    pages: (db, target, now) =>
      everyPage(async (page) => {
        const query = widened(
          documentListQuerySchema.parse({
            siteID: target.site.id,
            page,
            limit: listDefaults.maxLimit,
            sort: '_id',
          }),
        );
        const scope = { orgId: target.orgId, siteIds: [target.site.id] };
        const { rows } = await documentPage(db, scope, query, { now, zone: target.site.timeZoneId });
        const list = await documentDtos(db, rows, { now, zone: target.site.timeZoneId, publicUrl: '' });
        return list.map((document) => ({
          id: document._id,
          label: `Document “${document.name}”${document.siteID === null ? ' (whole organisation)' : ''}`,
          snapshot: documentSnapshot(document),
          at: document.createdAt,
        }));
      }),
    labelOfSnapshot: (snapshot) => `Document “${textOf(snapshot.name, 'unnamed')}”`,
  },
];

interface LastEntry {
  recordId: string;
  action: string;
  after: unknown;
}

/** The last history entry of each of `ids`, by record. */
async function lastEntriesOf(
  db: Database | Tx,
  orgId: string,
  subject: CheckedSubject,
  ids: readonly string[],
): Promise<Map<string, LastEntry>> {
  const rows = await db
    .selectDistinctOn([historyEntries.recordId], {
      recordId: historyEntries.recordId,
      action: historyEntries.action,
      after: sql<unknown>`${historyEntries.changes} -> 'after'`,
    })
    .from(historyEntries)
    .where(
      and(
        eq(historyEntries.orgId, orgId),
        eq(historyEntries.subject, subject),
        sql`${historyEntries.recordId} = any(${sql.param([...ids])}::uuid[])`,
      ),
    )
    .orderBy(historyEntries.recordId, sql`${historyEntries.position} desc`);
  return new Map(rows.map((row) => [row.recordId, row]));
}

/** The top-level fields of two snapshots that differ. */
function differingFields(now: unknown, then: unknown): string[] {
  const asObject = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const current = asObject(now);
  const recorded = asObject(then);
  return [...new Set([...Object.keys(current), ...Object.keys(recorded)])]
    .filter((field) => canonicalJson(current[field]) !== canonicalJson(recorded[field]))
    .sort();
}

/**
 * Records of the site (and for an organisation-wide subject, of the organisation) whose history ends
 * with anything but a deletion although the record is gone or marked deleted.
 */
async function silentlyDeleted(
  db: Database | Tx,
  target: CheckTarget,
  reader: SubjectReader,
): Promise<{ recordId: string; after: unknown }[]> {
  const onSite = eq(historyEntries.siteId, target.site.id);
  const last = db
    .selectDistinctOn([historyEntries.recordId], {
      recordId: historyEntries.recordId,
      action: historyEntries.action,
      after: sql<unknown>`${historyEntries.changes} -> 'after'`.as('after'),
    })
    .from(historyEntries)
    .where(
      and(
        eq(historyEntries.orgId, target.orgId),
        eq(historyEntries.subject, reader.subject),
        reader.orgWide ? or(onSite, isNull(historyEntries.siteId)) : onSite,
      ),
    )
    .orderBy(historyEntries.recordId, sql`${historyEntries.position} desc`)
    .as('last');
  const live: SQL = sql`exists (select 1 from ${reader.table} where ${reader.table.id} = ${last.recordId} and ${reader.table.deletedAt} is null)`;
  return db
    .select({ recordId: last.recordId, after: last.after })
    .from(last)
    .where(and(sql`${last.action} <> 'delete'`, sql`not ${live}`))
    .orderBy(last.recordId);
}

/**
 * Checks one site's records against their history and the organisation's chain. Reads every record of
 * the range in pages, so a busy site's months do not have to fit in memory at once.
 */
export async function checkRecords(db: Database | Tx, target: CheckTarget, now: Date): Promise<RecordCheck> {
  const chain = await verifyChain(db, target.orgId);
  const mismatches: RecordMismatch[] = [];
  const note = (mismatch: RecordMismatch) => {
    if (mismatches.length < recordCheckListLimit) mismatches.push(mismatch);
  };
  const subjects: RecordCheck['subjects'] = [];
  for (const reader of readers) {
    let checked = 0;
    let mismatched = 0;
    for await (const records of reader.pages(db, target, now)) {
      checked += records.length;
      const last = await lastEntriesOf(
        db,
        target.orgId,
        reader.subject,
        records.map((record) => record.id),
      );
      for (const record of records) {
        const entry = last.get(record.id);
        const base = { subject: reader.subject, recordID: record.id, label: record.label };
        if (!entry) {
          mismatched += 1;
          note({ ...base, problem: 'NO_HISTORY', fields: [] });
        } else if (entry.action === 'delete') {
          mismatched += 1;
          note({ ...base, problem: 'DELETED', fields: [] });
        } else if (canonicalJson(record.snapshot) !== canonicalJson(entry.after)) {
          mismatched += 1;
          note({ ...base, problem: 'CHANGED', fields: differingFields(record.snapshot, entry.after) });
        }
      }
    }
    for (const gone of await silentlyDeleted(db, target, reader)) {
      mismatched += 1;
      const snapshot =
        gone.after !== null && typeof gone.after === 'object' ? (gone.after as Record<string, unknown>) : {};
      note({
        subject: reader.subject,
        recordID: gone.recordId,
        label: reader.labelOfSnapshot(snapshot, target.site.timeZoneId),
        problem: 'DELETED',
        fields: [],
      });
    }
    subjects.push({ subject: reader.subject, checked, mismatched });
  }
  const chainResult = chain.valid
    ? { valid: true, entries: chain.entries, brokenAt: null, problem: null }
    : { valid: false, entries: chain.entries, brokenAt: chain.position, problem: chain.problem };
  return {
    checkedAt: now.toISOString(),
    startDate: target.startDate,
    endDate: target.endDate,
    chain: chainResult,
    subjects,
    intact: chain.valid && subjects.every((subject) => subject.mismatched === 0),
    mismatches,
  };
}

/**
 * Writes a "created" history entry for every live log record of the site's range that has none: the demo
 * data's records are made by the seed, which is the application, so they start with a history like any
 * record staff send in. Entries go into the chain oldest record first.
 */
export async function recordCreationHistory(
  tx: Tx,
  target: CheckTarget,
  actor: HistoryActor,
  now: Date,
): Promise<number> {
  const entries: Parameters<typeof recordHistories>[2][number][] = [];
  for (const reader of readers) {
    for await (const records of reader.pages(tx, target, now)) {
      const last = await lastEntriesOf(
        tx,
        target.orgId,
        reader.subject,
        records.map((record) => record.id),
      );
      for (const record of records.filter((candidate) => !last.has(candidate.id))) {
        const siteID = (record.snapshot as { siteID?: string | null }).siteID ?? null;
        entries.push({
          orgId: target.orgId,
          siteId: siteID,
          subject: reader.subject,
          recordId: record.id,
          action: 'create',
          before: null,
          after: record.snapshot,
          reason: null,
          actor,
          at: new Date(record.at),
        });
      }
    }
  }
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  await recordHistories(tx, target.orgId, entries);
  return entries.length;
}
