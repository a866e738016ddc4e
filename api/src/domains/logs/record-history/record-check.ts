import { and, asc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  complianceLogListQuerySchema,
  correctiveActionListQuerySchema,
  correctiveActionStateLabels,
  documentListQuerySchema,
  formatDay,
  formatInstant,
  listDefaults,
  nearMissListQuerySchema,
  recordCheckListLimit,
  ruleSetOf,
  temperatureLogListQuerySchema,
  temperatureText,
  type CheckedSubject,
  type RecordCheck,
  type RecordMismatch,
  type RecordMismatchProblem,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { complianceLogs, documents, nearMisses, temperatureReadings } from '../schema.js';
import { sites } from '../../../platform/db/schema.js';
import { historyEntries } from '../../../platform/history/schema.js';
import {
  canonicalJson,
  recordHistories,
  verifyChain,
  type HistoryActor,
} from '../../../platform/history/history.js';
import { complianceLogPage, complianceLogSnapshot } from '../comlianceLog/repository.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { correctiveActionDtoSnapshot } from '../corrective-action/dto.js';
import { correctiveActionPage } from '../corrective-action/repository.js';
import { documentDtos, documentPage, snapshotOf as documentSnapshot } from '../document/repository.js';
import { nearMissPage, nearMissSnapshot } from '../nearMiss/repository.js';
import { snapshotOf as readingSnapshot, toTemperatureLogDto } from '../temperature-logs/dto.js';
import { joinedReadingBatches } from '../temperature-logs/repository.js';
import { individualTasks, masterTasks, occurrenceSnapshot } from '../../tasks/index.js';

// The record-history check (issue 11): whether anything was changed behind the application's back. The
// hash chain (platform/history/history.ts) catches an edited or removed history entry; this adds the other half, a
// record edited, inserted or deleted in the database directly, by comparing each record as it reads now
// with the snapshot its last history entry says it was left as. Both are what the console writes, so
// they match exactly unless something else wrote.
//
// Task occurrences (issue 23) differ from the logs in what the console writes history for. An occurrence
// is made without an entry (lazily, by whichever read or job run comes first), and every change to it
// afterwards keeps one (domains/tasks/occurrence-changes.ts), so an occurrence with no history must read
// as it was made: nobody has used it. A master task's deletion marks occurrences DELETED, and a re-schedule
// removes unused ones, without a Task entry: the check leaves an occurrence's deletion alone and compares
// the rest of it, and claims a removed occurrence only when its history says it had been used (the console
// removes unused ones alone).

/** One site and a range of its local dates. */
export interface CheckTarget {
  orgId: string;
  site: { id: string; timeZoneId: string };
  startDate: string;
  endDate: string;
}

/**
 * How the check names a site's records: times on the site's clock, temperatures and dates in the unit and
 * locale of its rule set, as the rest of what the site prints.
 */
interface SiteWords {
  zone: string;
  unit: TemperatureUnit;
  locale: string;
}

/** The site's words: its rule set, read from the site, gives its unit and locale. */
async function wordsOfSite(db: Database | Tx, target: CheckTarget): Promise<SiteWords> {
  const [site] = await db
    .select({ jurisdiction: sites.jurisdiction })
    .from(sites)
    .where(eq(sites.id, target.site.id));
  const { unit, locale } = ruleSetOf(site?.jurisdiction);
  return { zone: target.site.timeZoneId, unit, locale };
}

/** A live record as the check compares it. */
interface CheckedRecord {
  id: string;
  label: string;
  snapshot: unknown;
  /** When it was made: the time its demo history is written at. */
  at: string;
  /** Who made it, as the record names them: its demo history's actor. */
  madeBy?: HistoryActor;
}

interface LastEntry {
  recordId: string;
  action: string;
  after: unknown;
}

/** What is wrong with a record against its last history entry. */
interface Finding {
  problem: RecordMismatchProblem;
  fields: string[];
}

/**
 * How a record stands against its last history entry: a finding, 'matches', or 'uncounted' for a record
 * with nothing to compare (an occurrence nobody has used), which is not counted as checked.
 */
type Verdict = Finding | 'matches' | 'uncounted';

/** How the check reads one subject's records: pages of the live ones, and how it finds the removed ones. */
interface SubjectReader {
  subject: CheckedSubject;
  pages: (
    db: Database | Tx,
    target: CheckTarget,
    now: Date,
    words: SiteWords,
  ) => AsyncGenerator<CheckedRecord[]>;
  /** Whether the record `id` names is still there (for soft deletion: and not marked deleted). */
  live: (id: SQL | SQL.Aliased | PgColumn) => SQL;
  /** Organisation-wide records (documents) belong to every site's check. */
  orgWide: boolean;
  /** Compares a record with its last history entry. */
  verdict: (record: CheckedRecord, entry: LastEntry | undefined) => Verdict;
  /**
   * Whether a record no longer `live`, whose history does not end with a deletion, was removed behind the
   * console's back (given its last snapshot).
   */
  removedSilently: (after: Record<string, unknown>) => boolean;
  /** A record's words from its last snapshot, when the record itself is gone. */
  labelOfSnapshot: (snapshot: Record<string, unknown>, words: SiteWords) => string;
}

/**
 * Records per read. Readings and occurrences, a busy site's tens of thousands, are read by key; the other
 * logs, a few hundred a site, through their lists' own page functions, whose pages go by offset.
 */
const pageSize = 1000;

/** A list query validated as the console sends it, then widened to the check's page size. */
const widened = <Query extends { limit: number }>(query: Query): Query => ({ ...query, limit: pageSize });

const localTime = (iso: unknown, words: SiteWords) =>
  typeof iso === 'string' ? formatInstant(iso, words.zone, 'dateTime', words.locale) : 'unknown time';

/** A stored °C value in the site's unit. */
const temperatureOf = (celsius: unknown, words: SiteWords) =>
  typeof celsius === 'number' ? temperatureText(celsius, words.unit) : 'an unknown temperature';

const textOf = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The top-level fields of two snapshots that differ. */
function differingFields(now: unknown, then: unknown): string[] {
  const current = asObject(now);
  const recorded = asObject(then);
  return [...new Set([...Object.keys(current), ...Object.keys(recorded)])]
    .filter((field) => canonicalJson(current[field]) !== canonicalJson(recorded[field]))
    .sort();
}

/** A log record: every one is made with a history entry and changed or deleted with another. */
function logVerdict(record: CheckedRecord, entry: LastEntry | undefined): Verdict {
  if (!entry) return { problem: 'NO_HISTORY', fields: [] };
  if (entry.action === 'delete') return { problem: 'DELETED', fields: [] };
  if (canonicalJson(record.snapshot) === canonicalJson(entry.after)) return 'matches';
  return { problem: 'CHANGED', fields: differingFields(record.snapshot, entry.after) };
}

/** A soft-deleting table's record is live while it is there and not marked deleted. */
const liveIn =
  (table: PgTable & { id: PgColumn; deletedAt: PgColumn }) => (id: SQL | SQL.Aliased | PgColumn) =>
    sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${table.deletedAt} is null)`;

/**
 * An occurrence snapshot (occurrenceSnapshot, or a history entry's `after`) as the occurrence is made: no
 * completion, every line pending and never moved. A deletion by the console keeps this too.
 */
function isUnusedOccurrence(snapshot: unknown): boolean {
  const state = asObject(snapshot);
  return (
    (state.status === 'PENDING' || state.status === 'DELETED') &&
    state.completedAt === null &&
    state.completedBy === null &&
    state.enteredAfterTheFact === false &&
    Array.isArray(state.items) &&
    state.items.every((item) => {
      const line = asObject(item);
      return (
        line.status === 'PENDING' &&
        line.statusChangeOn === null &&
        line.changedBy === null &&
        line.comment === null
      );
    })
  );
}

/**
 * An occurrence against its last history entry. The summary of the entry's change is not part of the
 * occurrence. A deletion writes no Task entry (the master task's history keeps it), so a deleted
 * occurrence is compared with its status taken as its history left it.
 */
function occurrenceVerdict(record: CheckedRecord, entry: LastEntry | undefined): Verdict {
  const current = asObject(record.snapshot);
  if (!entry) return isUnusedOccurrence(current) ? 'uncounted' : { problem: 'NO_HISTORY', fields: [] };
  const { summary: _summary, ...recorded } = asObject(entry.after);
  const deletedNow = current.status === 'DELETED';
  // The console never deletes an occurrence with a Task entry, nor brings a deleted one back: history
  // saying deleted was not written by it, and only a live occurrence contradicts it.
  if (entry.action === 'delete' || recorded.status === 'DELETED')
    return deletedNow ? 'matches' : { problem: 'DELETED', fields: [] };
  const compared = deletedNow ? { ...current, status: recorded.status } : current;
  if (canonicalJson(compared) === canonicalJson(recorded)) return 'matches';
  return { problem: 'CHANGED', fields: differingFields(compared, recorded) };
}

const localDay = (date: string, words: SiteWords) => formatDay(date, 'date', words.locale);

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

const actorOf = (person: { _id: string; name: string }): HistoryActor => ({
  id: person._id,
  name: person.name,
});

/** The log records: each is made with its history, so the demo's get theirs from recordCreationHistory. */
const logReaders: readonly SubjectReader[] = [
  {
    subject: 'TemperatureLog',
    live: liveIn(temperatureReadings),
    orgWide: false,
    verdict: logVerdict,
    removedSilently: () => true,
    pages: async function* (db, target, now, words) {
      const filters = temperatureLogListQuerySchema.parse(rangeQuery(target, 1));
      const scope = { orgId: target.orgId, siteIds: [target.site.id] };
      for await (const rows of joinedReadingBatches(db, scope, filters, now, pageSize)) {
        yield rows.map((row) => {
          const log = toTemperatureLogDto(row);
          return {
            id: log._id,
            label: `${log.item.name} ${temperatureOf(log.celsius, words)} at ${localTime(log.readAt, words)}`,
            snapshot: readingSnapshot(log),
            at: log.readAt,
            // A sensor's reading is made by the sensor, which is nobody's account (as its ingest writes it).
            madeBy: { id: log.source === 'SENSOR' ? null : log.readBy._id, name: log.readBy.name },
          };
        });
      }
    },
    labelOfSnapshot: (snapshot, words) =>
      `A reading of ${temperatureOf(snapshot.celsius, words)} at ${localTime(snapshot.readAt, words)}`,
  },
  {
    subject: 'ComplianceLog',
    live: liveIn(complianceLogs),
    orgWide: false,
    verdict: logVerdict,
    removedSilently: () => true,
    pages: (db, target, now, words) =>
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
          label: `${log.logID} ${log.title}, ${localTime(log.submittedAt, words)}`,
          snapshot: complianceLogSnapshot(log),
          at: log.submittedAt,
          madeBy: actorOf(log.submittedBy),
        }));
      }),
    labelOfSnapshot: (snapshot) => `Compliance log “${textOf(snapshot.title, 'untitled')}”`,
  },
  {
    subject: 'NearMiss',
    live: liveIn(nearMisses),
    orgWide: false,
    verdict: logVerdict,
    removedSilently: () => true,
    pages: (db, target, now, words) =>
      everyPage(async (page) => {
        const query = widened(nearMissListQuerySchema.parse({ ...rangeQuery(target, page), sort: '_id' }));
        // Photo addresses are not part of a snapshot: no public address is needed to read them.
        const scope = { orgId: target.orgId, siteIds: [target.site.id] };
        const { list } = await nearMissPage(db, scope, query, now);
        return list.map((report) => ({
          id: report._id,
          label: `${report.logID} ${report.title}, ${localTime(report.occurredAt, words)}`,
          snapshot: nearMissSnapshot(report),
          at: report.occurredAt,
          madeBy: actorOf(report.reportedBy),
        }));
      }),
    labelOfSnapshot: (snapshot, words) =>
      `Near miss “${textOf(snapshot.title, 'untitled')}” of ${localTime(snapshot.occurredAt, words)}`,
  },
  {
    subject: 'Document',
    live: liveIn(documents),
    orgWide: true,
    verdict: logVerdict,
    removedSilently: () => true,
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
        const list = await documentDtos(db, rows, { now, zone: target.site.timeZoneId });
        return list.map((document) => ({
          id: document._id,
          label: `Document “${document.name}”${document.siteID === null ? ' (whole organisation)' : ''}`,
          snapshot: documentSnapshot(document),
          at: document.createdAt,
          madeBy: document.createdBy ? actorOf(document.createdBy) : undefined,
        }));
      }),
    labelOfSnapshot: (snapshot) => `Document “${textOf(snapshot.name, 'unnamed')}”`,
  },
];

/**
 * The site's task occurrences of the range, deleted ones too, by date. Read by key rather than offset: one
 * indexed read per page however far into a busy site's months.
 */
const occurrenceReader: SubjectReader = {
  subject: 'Task',
  live: (id) => sql`exists (select 1 from ${individualTasks} where ${individualTasks.id} = ${id})`,
  orgWide: false,
  verdict: occurrenceVerdict,
  removedSilently: (after) => !isUnusedOccurrence(after),
  pages: async function* (db, target, _now, words) {
    const keyColumns = sql`${individualTasks.taskDate}, ${individualTasks.id}`;
    let after: { taskDate: string; id: string } | null = null;
    for (;;) {
      const rows = await db
        .select({
          id: individualTasks.id,
          taskDate: individualTasks.taskDate,
          opensAt: individualTasks.opensAt,
          status: individualTasks.status,
          completedAt: individualTasks.completedAt,
          completedBy: individualTasks.completedBy,
          enteredAfterTheFact: individualTasks.enteredAfterTheFact,
          items: individualTasks.items,
          name: masterTasks.name,
        })
        .from(individualTasks)
        .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
        .where(
          and(
            eq(individualTasks.orgId, target.orgId),
            eq(individualTasks.siteId, target.site.id),
            gte(individualTasks.taskDate, target.startDate),
            lte(individualTasks.taskDate, target.endDate),
            after ? sql`(${keyColumns}) > (${after.taskDate}::date, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(individualTasks.taskDate), asc(individualTasks.id))
        .limit(pageSize);
      if (rows.length > 0)
        yield rows.map((row) => ({
          id: row.id,
          label: `${row.name} on ${localDay(row.taskDate, words)}`,
          snapshot: occurrenceSnapshot(row),
          at: (row.completedAt ?? row.opensAt).toISOString(),
        }));
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) return;
      after = { taskDate: last.taskDate, id: last.id };
    }
  },
  // The snapshot names neither the task nor its date.
  labelOfSnapshot: (snapshot, words) =>
    snapshot.completedAt === null
      ? `A task, last “${textOf(snapshot.summary, 'changed')}”`
      : `A task completed at ${localTime(snapshot.completedAt, words)}`,
};

/**
 * The site's corrective actions of the range, by when their deviation happened. Each is opened with its
 * history (platform/corrective-actions/open.ts) and every change keeps another, so they are compared as
 * logs are; they are never deleted.
 */
const correctiveActionReader: SubjectReader = {
  subject: 'CorrectiveAction',
  live: liveIn(correctiveActions),
  orgWide: false,
  verdict: logVerdict,
  removedSilently: () => true,
  pages: (db, target, now) =>
    everyPage(async (page) => {
      const query = widened(
        correctiveActionListQuerySchema.parse({ ...rangeQuery(target, page), sort: '_id' }),
      );
      const scope = { orgId: target.orgId, siteIds: [target.site.id] };
      const { list } = await correctiveActionPage(db, scope, query, now);
      return list.map((action) => ({
        id: action._id,
        label: `${action.ref} ${action.deviation}`,
        snapshot: correctiveActionDtoSnapshot(action),
        at: action.openedAt,
      }));
    }),
  labelOfSnapshot: (snapshot) => {
    const state = textOf(snapshot.state, '');
    const label = (correctiveActionStateLabels as Record<string, string | undefined>)[state];
    return `A corrective action${label ? ` (${label.toLowerCase()})` : ''}`;
  },
};

const readers: readonly SubjectReader[] = [...logReaders, occurrenceReader, correctiveActionReader];

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

/**
 * Records of the site (and for an organisation-wide subject, of the organisation) whose history ends
 * with anything but a deletion although the record is gone or marked deleted.
 */
async function silentlyDeleted(
  db: Database | Tx,
  target: CheckTarget,
  reader: SubjectReader,
): Promise<{ recordId: string; after: Record<string, unknown> }[]> {
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
  const rows = await db
    .select({ recordId: last.recordId, after: last.after })
    .from(last)
    .where(and(sql`${last.action} <> 'delete'`, sql`not ${reader.live(last.recordId)}`))
    .orderBy(last.recordId);
  return rows
    .map((row) => ({ recordId: row.recordId, after: asObject(row.after) }))
    .filter((row) => reader.removedSilently(row.after));
}

/**
 * Checks one site's records against their history and the organisation's chain. Reads every record of
 * the range in pages, so a busy site's months do not have to fit in memory at once.
 */
export async function checkRecords(db: Database | Tx, target: CheckTarget, now: Date): Promise<RecordCheck> {
  const chain = await verifyChain(db, target.orgId);
  const words = await wordsOfSite(db, target);
  const mismatches: RecordMismatch[] = [];
  const note = (mismatch: RecordMismatch) => {
    if (mismatches.length < recordCheckListLimit) mismatches.push(mismatch);
  };
  const subjects: RecordCheck['subjects'] = [];
  for (const reader of readers) {
    let checked = 0;
    let mismatched = 0;
    for await (const records of reader.pages(db, target, now, words)) {
      const last = await lastEntriesOf(
        db,
        target.orgId,
        reader.subject,
        records.map((record) => record.id),
      );
      for (const record of records) {
        const verdict = reader.verdict(record, last.get(record.id));
        if (verdict === 'uncounted') continue;
        checked += 1;
        if (verdict === 'matches') continue;
        mismatched += 1;
        note({ subject: reader.subject, recordID: record.id, label: record.label, ...verdict });
      }
    }
    for (const gone of await silentlyDeleted(db, target, reader)) {
      mismatched += 1;
      note({
        subject: reader.subject,
        recordID: gone.recordId,
        label: reader.labelOfSnapshot(gone.after, words),
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
 * record staff send in, by the person the record names (its reader, reporter, submitter or uploader), or
 * by `actor` when it names nobody. Entries go into the chain oldest record first. Task occurrences are not logs: one is
 * made without history, and the tasks' seed writes the entry of each completion it makes.
 */
export async function recordCreationHistory(
  tx: Tx,
  target: CheckTarget,
  actor: HistoryActor,
  now: Date,
): Promise<number> {
  const entries: Parameters<typeof recordHistories>[2][number][] = [];
  const words = await wordsOfSite(tx, target);
  for (const reader of logReaders) {
    for await (const records of reader.pages(tx, target, now, words)) {
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
          actor: record.madeBy ?? actor,
          at: new Date(record.at),
        });
      }
    }
  }
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  await recordHistories(tx, target.orgId, entries);
  return entries.length;
}
