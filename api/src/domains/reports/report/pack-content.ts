import { createHash } from 'node:crypto';
import { and, asc, between, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  complianceLogListQuerySchema,
  documentListQuerySchema,
  isAboveLegalLimit,
  lateSyncMinutes,
  limitsText,
  listDefaults,
  nearMissListQuerySchema,
  storedLimits,
  temperatureLogExportQuerySchema,
  checkLabelOf,
  logTypeLabels,
  ruleSetLegend,
  ruleSetOf,
  type ComplianceLog,
  type CorrectiveActionKind,
  type CorrectiveActionState,
  type CorrectiveCheckType,
  type DayScore,
  type DocumentRecord,
  type InspectionPackSections,
  type LogType,
  type NearMiss,
  type RecordCheck,
  type RuleLine,
  type Jurisdiction,
  type Score,
  type TaskBucket,
  type TemperatureLimits,
  type TemperatureLogSnapshot,
  type TemperatureResult,
  type TemperatureUnit,
  type Timing,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { bucketSql, individualTasks, masterTasks, taskComments } from '../../tasks/index.js';
import { sites, users } from '../../../platform/db/schema.js';
import { historyEntries } from '../../../platform/history/schema.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { canonicalJson } from '../../../platform/history/history.js';
import {
  exportedReaderName,
  checkRecords,
  complianceLogPage,
  documentDtos,
  documentPage,
  exportBatches,
  itemsOfSite,
  logReference,
  nearMissPage,
  personName,
  temperatureReadings,
  toReadableItem,
  type ExportReading,
} from '../../logs/index.js';
import { siteDayScores } from '../site-panel/repository.js';
import { siteReviews } from '../schema.js';
import { reviewWhere } from '../inspector/sections.js';
import { rulesOfSite } from '../../sites/index.js';

// The inspection pack's content (issues 12 and 23), read in the order an inspector reads it and handed to
// a writer (the PDF, the XLSX, or nothing for the preview) section by section:
//
// 1. the summary: what went wrong (excursions, missed and failed tasks, open near misses, documents due),
//    the record check's verdict, and a sign-off block;
// 2. the equipment with only the checks that apply to each item;
// 3. the tasks of each day from the site's first record on, naming the missed, failed and late ones;
// 4. the readings a day at a time, an item's passing readings on one line and failures and warnings in
//    full, then every correction (original and new value, who, when, why) and every deletion;
// 5. compliance logs, near misses, every deviation's corrective action and its verification, the signed
//    four-weekly reviews whose weeks meet the range, and documents;
// 6. the record check in detail. The first page also names the corrective actions not yet verified.
//
// Readings stream in batches, a day at a time to the writer, so a busy site's months never sit in memory.
// Every line of content also goes into a SHA-256 digest: the same records give the same digest whatever the
// format and whenever it is made, and any change to one of them changes it. The site's rule set says how
// the pack is written (its unit, its locale: pack-words.ts) and what its legend cites; its limits' words are
// content, so a site judged by another set digests differently.

export interface PackTarget {
  orgId: string;
  site: {
    id: string;
    name: string;
    timeZoneId: string;
    address: string;
    timing: Timing;
    /** The rule set the site is judged by now: the pack's unit, date order and legend. */
    jurisdiction: Jurisdiction;
  };
  startDate: string;
  endDate: string;
  /**
   * Who asks for it: the sign-off's "prepared by" and the register's producer; no id for a pack an inspector
   * downloads through their link, who has no account.
   */
  producer: { id: string | null; name: string; role: string };
  /** The console's page where anyone checks a copy, printed with its QR code. */
  verifyUrl: string;
}

export interface PackEquipmentLine {
  name: string;
  kind: 'TEMPERATURE_ITEM' | 'PROBE' | 'FOOD_ITEM';
  /** The checks that apply: a fridge's own, or those a probe or food item was read for in the range. */
  checks: { logType: string; check: string; limits: string }[];
}

/** A reading as the pack prints it, its names and limits already in words. */
export interface PackReading {
  id: string;
  /** Local `YYYY-MM-DD`. */
  date: string;
  /** Local `HH:MM`. */
  time: string;
  item: string;
  /** "Fridge temperatures: Fridge". */
  check: string;
  /** In the site's unit. */
  limits: string;
  celsius: number;
  result: TemperatureResult;
  aboveLegalLimit: boolean;
  backFilled: boolean;
  /** Logged by a wireless sensor on its own (source SENSOR): `readBy` then names the sensor. */
  sensor: boolean;
  readBy: string;
  correctiveAction: string | null;
  note: string | null;
}

/** One item's check on one day: its readings, passing ones printed compactly. */
export interface PackReadingLine {
  item: string;
  check: string;
  limits: string;
  readings: PackReading[];
}

export interface PackReadingDay {
  date: string;
  lines: PackReadingLine[];
}

/** A reading changed after it was taken, from its history. */
export interface PackCorrection {
  readingId: string;
  /** The reading's local date and time, "YYYY-MM-DD HH:MM". */
  read: string;
  item: string;
  check: string;
  before: number;
  after: number;
  /** The other fields the change touched, in words ("corrective action", "note"). */
  otherChanges: string[];
  by: string;
  /** The change's instant (ISO). */
  at: string;
  reason: string;
}

/** A reading deleted, from its history. */
export interface PackDeletion {
  readingId: string;
  read: string;
  item: string;
  check: string;
  celsius: number;
  by: string;
  at: string;
  reason: string;
}

export interface PackFailedLine {
  item: string;
  /** The comment given with the failure, then the other comments on the line, each once. */
  notes: string[];
}

/** An occurrence worth naming: missed, failed on a line, completed late, synced late or entered after the fact. */
export interface PackTaskEntry {
  date: string;
  task: string;
  bucket: TaskBucket;
  /** When it was completed, local "YYYY-MM-DD HH:MM", and by whom. */
  completed: string | null;
  completedBy: string | null;
  syncedLate: boolean;
  enteredAfterTheFact: boolean;
  failedLines: PackFailedLine[];
}

export interface PackTaskDay extends DayScore {
  entries: PackTaskEntry[];
}

/** A deviation's corrective action as the pack prints it, its people by name. */
export interface PackCorrectiveAction {
  id: string;
  /** "CA-3F9A1C", as the console shows it. */
  ref: string;
  kind: CorrectiveActionKind;
  checkType: CorrectiveCheckType;
  /** What went wrong, in the words the action keeps. */
  deviation: string;
  /** When the deviation happened (ISO). */
  occurredAt: string;
  dueAt: string;
  state: CorrectiveActionState;
  /** Still awaiting action past its due time when the pack was made. */
  overdue: boolean;
  actionTaken: string | null;
  foodDiscarded: boolean | null;
  discardedQuantity: string | null;
  recordedBy: string | null;
  recordedAt: string | null;
  verifiedBy: string | null;
  verifiedAt: string | null;
  verificationNote: string | null;
  reopenCount: number;
  reopenReason: string | null;
}

/** What a signed review found, counted from its frozen contents. */
export interface PackReviewFindings {
  recurringProblems: number;
  /** Checks missed over every task. */
  checksMissed: number;
  unresolvedActions: number;
  nearMisses: number;
  /** Documents expired or expiring. */
  documents: number;
  sensorsOffline: number;
}

/** A signed four-weekly review as the pack prints it, its signer by name. */
export interface PackReview {
  id: string;
  /** The four weeks' first and last local dates. */
  periodStart: string;
  periodEnd: string;
  signedBy: string | null;
  /** When it was signed (ISO). */
  signedAt: string;
  notes: string;
  changes: string;
  found: PackReviewFindings;
}

/** The most unverified corrective actions the first page names; the rest are counted. */
export const firstPageUnverifiedActions = 10;

/** What the first page says went wrong, read before anything is written. */
export interface PackFirstPage {
  score: Score;
  /** Failed readings and those above their legal maximum. */
  excursions: PackReading[];
  /** Missed occurrences and those with a failed line, by day then name. */
  taskProblems: PackTaskEntry[];
  openNearMisses: NearMiss[];
  /** Expired and expiring documents. */
  documentsDue: DocumentRecord[];
  /**
   * The corrective actions of the range awaiting action or verification, the first
   * `firstPageUnverifiedActions` of them by when the deviation happened, and how many that leaves out.
   */
  unverifiedActions: { first: PackCorrectiveAction[]; more: number };
  /** How many corrective actions the range has, verified or not. */
  correctiveActionCount: number;
  recordCheck: RecordCheck;
  /** The site's first day with a record on or after the range's start, or null when it has none. */
  firstRecordDate: string | null;
}

/** What a format does with each section; all are called, in this order, once (a reading day once per day). */
export interface PackWriter {
  summary(target: PackTarget, first: PackFirstPage): void | Promise<void>;
  /** The equipment, and the legend of the rules its limits come from. */
  equipment(lines: readonly PackEquipmentLine[], rules: readonly RuleLine[]): void | Promise<void>;
  tasks(days: readonly PackTaskDay[], totals: Score): void | Promise<void>;
  readingDay(day: PackReadingDay): void | Promise<void>;
  readingChanges(
    corrections: readonly PackCorrection[],
    deletions: readonly PackDeletion[],
  ): void | Promise<void>;
  complianceLogs(logs: readonly ComplianceLog[]): void | Promise<void>;
  nearMisses(reports: readonly NearMiss[]): void | Promise<void>;
  correctiveActions(actions: readonly PackCorrectiveAction[]): void | Promise<void>;
  reviews(reviews: readonly PackReview[]): void | Promise<void>;
  documents(documents: readonly DocumentRecord[]): void | Promise<void>;
  recordCheck(check: RecordCheck): void | Promise<void>;
  finish(summary: PackSummary): void | Promise<void>;
}

export interface PackSummary {
  sections: InspectionPackSections;
  recordCheck: RecordCheck;
  digest: string;
  generatedAt: Date;
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A site's week of opening hours in words, Monday first, each time as `time` writes it ("07:00", "7:00 AM").
 */
export function hoursLines(timing: Timing, time: (hhmm: string) => string = (hhmm) => hhmm): string[] {
  return [1, 2, 3, 4, 5, 6, 0].map((day) => {
    const hours = timing.find((entry) => entry.day === day);
    const words = !hours?.isOpen
      ? 'closed'
      : hours.openTime === hours.closeTime
        ? 'open around the clock'
        : `${time(hours.openTime)}–${time(hours.closeTime)}${hours.closeTime < hours.openTime ? ' (next day)' : ''}`;
    return `${weekdays[day]}: ${words}`;
  });
}

const readingBatchSize = 2_000;
const pageSize = listDefaults.maxLimit;

async function everyPage<Item>(read: (page: number) => Promise<Item[]>): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 1; ; page += 1) {
    const items = await read(page);
    all.push(...items);
    if (items.length < pageSize) return all;
  }
}

const checkWords = (logType: LogType, checkKind: string, jurisdiction?: string) =>
  `${logTypeLabels[logType]}: ${checkLabelOf(logType, checkKind, jurisdiction)}`;

const itemWords = (reading: Pick<ExportReading, 'equipmentName' | 'temperatureItemName' | 'foodItemName'>) =>
  [reading.equipmentName, reading.temperatureItemName ?? reading.foodItemName].filter(Boolean).join(': ');

/** A reading as the pack prints it, its limits in `unit` (its site's). */
function packReading(reading: ExportReading, unit: TemperatureUnit): PackReading {
  return {
    id: reading.id,
    date: reading.readLocal.slice(0, 10),
    time: reading.readLocal.slice(11, 16),
    item: itemWords(reading),
    check: checkWords(reading.logType, reading.checkKind, reading.jurisdiction),
    limits: limitsText(storedLimits(reading.logType, reading.checkKind, reading, reading.jurisdiction), unit),
    celsius: reading.celsius,
    result: reading.result,
    aboveLegalLimit: isAboveLegalLimit(reading.logType, reading.celsius, reading.jurisdiction),
    backFilled: reading.backFilled,
    sensor: reading.source === 'SENSOR',
    readBy: exportedReaderName(reading) ?? '',
    correctiveAction: reading.correctiveAction,
    note: reading.note,
  };
}

/** A reading's line of the digest: what it says, whichever format prints it. */
const readingDigestLine = (reading: ExportReading) => ({
  id: reading.id,
  read: reading.readLocal,
  received: reading.receivedLocal,
  item: reading.temperatureItemName ?? reading.foodItemName,
  equipment: reading.equipmentName,
  logType: logTypeLabels[reading.logType],
  check: checkLabelOf(reading.logType, reading.checkKind, reading.jurisdiction),
  celsius: reading.celsius,
  lowerLimit: reading.lowerLimit,
  upperLimit: reading.upperLimit,
  result: reading.result,
  backFilled: reading.backFilled,
  correctiveAction: reading.correctiveAction,
  note: reading.note,
  readBy: exportedReaderName(reading),
  // Only a sensor's reading says where it came from, so a pack of staff readings digests as it always did.
  ...(reading.source === 'SENSOR' ? { source: reading.source } : {}),
});

/** A day's readings grouped by item and check, the items in name order, each item's readings in time order. */
function readingDay(date: string, readings: readonly PackReading[]): PackReadingDay {
  const lines = new Map<string, PackReadingLine>();
  for (const reading of readings) {
    const key = `${reading.item}\u0000${reading.check}\u0000${reading.limits}`;
    const line = lines.get(key) ?? {
      item: reading.item,
      check: reading.check,
      limits: reading.limits,
      readings: [],
    };
    line.readings.push(reading);
    lines.set(key, line);
  }
  const sorted = [...lines.values()].sort(
    (a, b) => a.item.localeCompare(b.item, 'en') || a.check.localeCompare(b.check, 'en'),
  );
  return { date, lines: sorted };
}

/**
 * The site's occurrences of the range worth naming (missed, a failed line, completed late, synced late or
 * entered after the fact), by day then task name, each failed line with its notes once. Run after the
 * scores, which make the range's occurrences.
 */
async function taskEntries(db: Database | Tx, target: PackTarget, now: Date): Promise<PackTaskEntry[]> {
  const bucket = bucketSql(now);
  const zone = target.site.timeZoneId;
  const syncedLate = sql<boolean>`coalesce(not ${individualTasks.enteredAfterTheFact} and ${individualTasks.syncedAt} - ${individualTasks.completedAt} > make_interval(mins => ${lateSyncMinutes}), false)`;
  const rows = await db
    .select({
      id: individualTasks.id,
      taskDate: individualTasks.taskDate,
      items: individualTasks.items,
      task: masterTasks.name,
      bucket,
      completed: sql<
        string | null
      >`to_char(${individualTasks.completedAt} at time zone ${zone}, 'YYYY-MM-DD HH24:MI')`,
      completer: { firstName: users.firstName, lastName: users.lastName },
      syncedLate,
      enteredAfterTheFact: individualTasks.enteredAfterTheFact,
    })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .leftJoin(users, eq(users.id, individualTasks.completedBy))
    .where(
      and(
        eq(individualTasks.siteId, target.site.id),
        between(individualTasks.taskDate, target.startDate, target.endDate),
        ne(individualTasks.status, 'DELETED'),
        sql`(${bucket} in ('INCOMPLETE', 'LATE') or ${syncedLate}
          or ${individualTasks.items} @> '[{"status":"FAILED"}]'::jsonb)`,
      ),
    )
    .orderBy(asc(individualTasks.taskDate), asc(masterTasks.name), asc(individualTasks.opensAt));
  const failedIds = rows
    .filter((row) => row.items.some((item) => item.status === 'FAILED'))
    .map((row) => row.id);
  const comments =
    failedIds.length === 0
      ? []
      : await db
          .select({
            taskId: taskComments.individualTaskId,
            itemId: taskComments.checklistItemId,
            type: taskComments.type,
            text: taskComments.text,
          })
          .from(taskComments)
          .where(and(inArray(taskComments.individualTaskId, failedIds), isNull(taskComments.deletedAt)))
          .orderBy(asc(taskComments.createdAt));
  return rows.map((row) => ({
    date: row.taskDate,
    task: row.task,
    bucket: row.bucket,
    completed: row.completed,
    completedBy: row.completer ? personName(row.completer) : null,
    syncedLate: row.syncedLate,
    enteredAfterTheFact: row.enteredAfterTheFact,
    failedLines: row.items
      .filter((item) => item.status === 'FAILED')
      .map((item) => {
        const notes = [
          ...(item.comment ? [item.comment] : []),
          ...comments
            .filter((comment) => comment.taskId === row.id && comment.itemId === item.id)
            .map((comment) => (comment.type === 'IMAGE' ? 'Photo attached' : (comment.text ?? ''))),
        ].filter((note) => note !== '');
        // The failure's comment is often also posted as the line's comment: print it once.
        return { item: item.text, notes: [...new Set(notes)] };
      }),
  }));
}

/** The first local date on or after the range's start with an occurrence due or a reading, or null. */
async function firstRecordDate(db: Database | Tx, target: PackTarget): Promise<string | null> {
  const zone = target.site.timeZoneId;
  const [row] = await db
    .select({
      first: sql<string | null>`to_char(least(
      (select min(${individualTasks.taskDate}) from ${individualTasks}
        where ${individualTasks.siteId} = ${target.site.id}
          and ${individualTasks.taskDate} between ${target.startDate} and ${target.endDate}
          and ${individualTasks.status} <> 'DELETED'),
      (select min((${temperatureReadings.readAt} at time zone ${zone})::date) from ${temperatureReadings}
        where ${temperatureReadings.siteId} = ${target.site.id} and ${temperatureReadings.deletedAt} is null
          and ${temperatureReadings.readAt} >= (${target.startDate}::date::timestamp at time zone ${zone})
          and ${temperatureReadings.readAt} < ((${target.endDate}::date + 1)::timestamp at time zone ${zone}))
    ), 'YYYY-MM-DD')`,
    })
    .from(sites)
    .where(eq(sites.id, target.site.id));
  return row?.first ?? null;
}

/** The history of the site's readings read in the range: corrections of their temperature and deletions. */
async function readingChanges(
  db: Database | Tx,
  target: PackTarget,
  itemNames: ReadonlyMap<string, string>,
): Promise<{ corrections: PackCorrection[]; deletions: PackDeletion[] }> {
  const zone = target.site.timeZoneId;
  const readAt = sql`coalesce(${historyEntries.changes} -> 'before' ->> 'readAt', ${historyEntries.changes} -> 'after' ->> 'readAt')`;
  const rows = await db
    .select({
      recordId: historyEntries.recordId,
      action: historyEntries.action,
      changes: historyEntries.changes,
      reason: historyEntries.reason,
      actorName: historyEntries.actorName,
      at: historyEntries.at,
      read: sql<string>`to_char((${readAt})::timestamptz at time zone ${zone}, 'YYYY-MM-DD HH24:MI')`,
    })
    .from(historyEntries)
    .where(
      and(
        eq(historyEntries.orgId, target.orgId),
        eq(historyEntries.siteId, target.site.id),
        eq(historyEntries.subject, 'TemperatureLog'),
        inArray(historyEntries.action, ['update', 'delete']),
        sql`(${readAt})::timestamptz >= (${target.startDate}::date::timestamp at time zone ${zone})`,
        sql`(${readAt})::timestamptz < ((${target.endDate}::date + 1)::timestamp at time zone ${zone})`,
      ),
    )
    .orderBy(asc(historyEntries.position));
  const corrections: PackCorrection[] = [];
  const deletions: PackDeletion[] = [];
  for (const row of rows) {
    const before = row.changes.before as TemperatureLogSnapshot | null;
    const after = row.changes.after as TemperatureLogSnapshot | null;
    if (!before) continue;
    const named = {
      readingId: row.recordId,
      read: row.read,
      item: itemNames.get(before.itemID) ?? 'An item since removed',
      check: checkWords(before.logType, before.checkKind, target.site.jurisdiction),
      by: row.actorName,
      at: row.at.toISOString(),
      reason: row.reason ?? '',
    };
    if (row.action === 'delete' || !after) {
      deletions.push({ ...named, celsius: before.celsius });
      continue;
    }
    const otherChanges = (
      [
        ['correctiveAction', 'corrective action'],
        ['note', 'note'],
        ['readAt', 'time read'],
        ['itemID', 'item'],
        ['checkKind', 'check'],
      ] as const
    )
      .filter(([field]) => canonicalJson(before[field]) !== canonicalJson(after[field]))
      .map(([, words]) => words);
    corrections.push({ ...named, before: before.celsius, after: after.celsius, otherChanges });
  }
  return { corrections, deletions };
}

/** A corrective action's reference prefix, as the console's list shows it ("CA-3F9A1C"). */
const correctiveActionPrefix = 'CA';

const recorder = alias(users, 'recorder');
const verifier = alias(users, 'verifier');

/** The site's corrective actions whose deviation happened in the range, by when it happened. */
async function packCorrectiveActions(
  db: Database | Tx,
  target: PackTarget,
  now: Date,
): Promise<PackCorrectiveAction[]> {
  const zone = target.site.timeZoneId;
  const rows = await db
    .select({
      action: correctiveActions,
      recorder: { firstName: recorder.firstName, lastName: recorder.lastName },
      verifier: { firstName: verifier.firstName, lastName: verifier.lastName },
    })
    .from(correctiveActions)
    .leftJoin(recorder, eq(recorder.id, correctiveActions.recordedBy))
    .leftJoin(verifier, eq(verifier.id, correctiveActions.verifiedBy))
    .where(
      and(
        eq(correctiveActions.orgId, target.orgId),
        eq(correctiveActions.siteId, target.site.id),
        isNull(correctiveActions.deletedAt),
        sql`${correctiveActions.occurredAt} >= (${target.startDate}::date::timestamp at time zone ${zone})`,
        sql`${correctiveActions.occurredAt} < ((${target.endDate}::date + 1)::timestamp at time zone ${zone})`,
      ),
    )
    .orderBy(asc(correctiveActions.occurredAt), asc(correctiveActions.id));
  return rows.map(({ action, recorder: recordedBy, verifier: verifiedBy }) => ({
    id: action.id,
    ref: logReference(correctiveActionPrefix, action.id),
    kind: action.kind,
    checkType: action.checkType,
    deviation: action.deviation,
    occurredAt: action.occurredAt.toISOString(),
    dueAt: action.dueAt.toISOString(),
    state: action.state,
    overdue: action.state === 'OPEN' && action.dueAt.getTime() < now.getTime(),
    actionTaken: action.actionTaken,
    foodDiscarded: action.foodDiscarded,
    discardedQuantity: action.discardedQuantity,
    recordedBy: recordedBy ? personName(recordedBy) : null,
    recordedAt: action.recordedAt?.toISOString() ?? null,
    verifiedBy: verifiedBy ? personName(verifiedBy) : null,
    verifiedAt: action.verifiedAt?.toISOString() ?? null,
    verificationNote: action.verificationNote,
    reopenCount: action.reopenCount,
    reopenReason: action.reopenReason,
  }));
}

/** An action's line of the digest: what it says, not whether it is overdue, which the clock alone changes. */
const correctiveActionDigestLine = (action: PackCorrectiveAction) => {
  const { overdue: _overdue, ...line } = action;
  return line;
};

const signer = alias(users, 'signer');

/** The site's signed reviews whose four weeks meet the range, in period order; a draft is no one's word yet. */
async function packReviews(db: Database | Tx, target: PackTarget): Promise<PackReview[]> {
  const rows = await db
    .select({ review: siteReviews, signer: { firstName: signer.firstName, lastName: signer.lastName } })
    .from(siteReviews)
    .leftJoin(signer, eq(signer.id, siteReviews.signedBy))
    .where(and(reviewWhere(target), eq(siteReviews.siteId, target.site.id)))
    .orderBy(asc(siteReviews.periodStart), asc(siteReviews.id));
  return rows.flatMap(({ review, signer: signedBy }) => {
    // The table's check holds a signed review to its contents and its signature; this only narrows the types.
    if (!review.contents || !review.signedAt) return [];
    const { contents } = review;
    return [
      {
        id: review.id,
        periodStart: review.periodStart,
        periodEnd: review.periodEnd,
        signedBy: signedBy ? personName(signedBy) : null,
        signedAt: review.signedAt.toISOString(),
        notes: review.notes,
        changes: review.changes,
        found: {
          recurringProblems: contents.recurringProblems.length,
          checksMissed: contents.missedChecks.reduce((sum, task) => sum + task.missed, 0),
          unresolvedActions: contents.unresolvedActions.length,
          nearMisses: contents.nearMisses.length,
          documents: contents.documents.length,
          sensorsOffline: contents.sensorsOffline.length,
        },
      },
    ];
  });
}

/** A review's line of the digest: what was signed, by whom and when; its findings are frozen with it. */
const reviewDigestLine = (review: PackReview) => ({
  id: review.id,
  periodStart: review.periodStart,
  periodEnd: review.periodEnd,
  signedAt: review.signedAt,
  signedBy: review.signedBy,
  notes: review.notes,
  changes: review.changes,
});

const equipmentKindOrder = { TEMPERATURE_ITEM: 0, PROBE: 1, FOOD_ITEM: 2 } as const;

/**
 * Reads the pack of `target` into `writer` and answers its summary. What the first page needs (the
 * scores, the task problems, the excursions, the near misses and documents, the record check) is read
 * first; then each section in print order, the readings last but three, streamed a day at a time.
 */
export async function producePack(
  db: Database,
  target: PackTarget,
  now: Date,
  writer: PackWriter,
): Promise<PackSummary> {
  const digest = createHash('sha256');
  const { unit } = ruleSetOf(target.site.jurisdiction);
  const hash = (section: string, line: unknown) => digest.update(`${canonicalJson([section, line])}\n`);
  const scope = { orgId: target.orgId, siteIds: [target.site.id] };
  const siteKey = { id: target.site.id, orgId: target.orgId, timeZoneId: target.site.timeZoneId };
  const siteList = [
    {
      id: target.site.id,
      name: target.site.name,
      timeZoneId: target.site.timeZoneId,
      jurisdiction: target.site.jurisdiction,
    },
  ];
  const readingFilters = (extra: { result?: TemperatureResult } = {}) =>
    temperatureLogExportQuerySchema.parse({
      siteID: target.site.id,
      startDate: target.startDate,
      endDate: target.endDate,
      downloadFileType: 'EXCEL',
      ...extra,
    });

  // What the first page says, read before anything is written.
  const scores = await siteDayScores(db, siteKey, target.startDate, target.endDate, now);
  const entries = await taskEntries(db, target, now);
  const first = await firstRecordDate(db, target);
  const excursions: PackReading[] = [];
  for (const result of ['FAIL', 'WARN'] as const) {
    for await (const batch of exportBatches(
      db,
      scope,
      siteList,
      readingFilters({ result }),
      now,
      readingBatchSize,
      {
        oldestFirst: true,
      },
    )) {
      excursions.push(
        ...batch
          .map((reading) => packReading(reading, unit))
          .filter((reading) => reading.result === 'FAIL' || reading.aboveLegalLimit),
      );
    }
  }
  excursions.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  const range = {
    siteID: target.site.id,
    startDate: target.startDate,
    endDate: target.endDate,
    limit: pageSize,
  };
  const logs = await everyPage(
    async (page) =>
      (
        await complianceLogPage(
          db,
          scope,
          complianceLogListQuerySchema.parse({ ...range, page, sort: 'submittedAt' }),
          now,
        )
      ).list,
  );
  const reports = await everyPage(
    async (page) =>
      (
        await nearMissPage(
          db,
          scope,
          nearMissListQuerySchema.parse({ ...range, page, sort: 'occurredAt' }),
          now,
        )
      ).list,
  );
  const looking = { now, zone: target.site.timeZoneId };
  const documentRows = await everyPage(
    async (page) =>
      (
        await documentPage(
          db,
          scope,
          documentListQuerySchema.parse({ siteID: target.site.id, page, limit: pageSize, sort: 'name' }),
          looking,
        )
      ).rows,
  );
  const documentList = await documentDtos(db, documentRows, looking);
  const recordCheck = await checkRecords(
    db,
    { orgId: target.orgId, site: siteKey, startDate: target.startDate, endDate: target.endDate },
    now,
  );
  const actions = await packCorrectiveActions(db, target, now);
  const unverified = actions.filter((action) => action.state !== 'VERIFIED');

  // The site's line as it was before sites had rule sets, so a pack of an unchanged site digests as it did:
  // the rule set shows in the content it changes (the limits' words, in its unit).
  const { jurisdiction: _judgedBy, ...siteLine } = target.site;
  hash('site', { ...siteLine, startDate: target.startDate, endDate: target.endDate });
  await writer.summary(target, {
    score: scores.totals,
    excursions,
    taskProblems: entries.filter((entry) => entry.bucket === 'INCOMPLETE' || entry.failedLines.length > 0),
    openNearMisses: reports.filter((report) => report.status !== 'COMPLETED'),
    documentsDue: documentList.filter(
      (document) => document.expiry === 'EXPIRED' || document.expiry === 'EXPIRING',
    ),
    unverifiedActions: {
      first: unverified.slice(0, firstPageUnverifiedActions),
      more: Math.max(0, unverified.length - firstPageUnverifiedActions),
    },
    correctiveActionCount: actions.length,
    recordCheck,
    firstRecordDate: first,
  });

  // The equipment: a fridge's or freezer's item by its own check; a probe or food item by the checks it was
  // read for in the range, and a probe's calibration, which every probe needs.
  const items = await itemsOfSite(db, { orgId: target.orgId, siteID: target.site.id });
  // The rules the site is judged by now, its organisation's national figures included where its set takes them.
  const jurisdiction = await rulesOfSite(db, target.site.id);
  const usedChecks = await db
    .selectDistinct({
      itemId: sql<string>`coalesce(${temperatureReadings.temperatureItemId}, ${temperatureReadings.foodItemId})`,
      logType: temperatureReadings.logType,
      checkKind: temperatureReadings.checkKind,
    })
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.siteId, target.site.id),
        isNull(temperatureReadings.deletedAt),
        sql`${temperatureReadings.readAt} >= (${target.startDate}::date::timestamp at time zone ${target.site.timeZoneId})`,
        sql`${temperatureReadings.readAt} < ((${target.endDate}::date + 1)::timestamp at time zone ${target.site.timeZoneId})`,
      ),
    );
  const itemNames = new Map<string, string>();
  const usedLogTypes = new Set<LogType>();
  const equipment: PackEquipmentLine[] = items
    .map((item) => {
      const readable = toReadableItem(item, jurisdiction);
      const name = readable.equipmentName ? `${readable.equipmentName}: ${readable.name}` : readable.name;
      itemNames.set(readable._id, name);
      const applies = (logType: LogType, checkKind: string) =>
        readable.kind === 'TEMPERATURE_ITEM' ||
        (readable.kind === 'PROBE' && logType === 'PROBE_CALIBRATION') ||
        usedChecks.some(
          (used) => used.itemId === readable._id && used.logType === logType && used.checkKind === checkKind,
        );
      return {
        name,
        kind: readable.kind,
        checks: readable.logTypes.flatMap((logType) => {
          const checks = logType.checks.filter((check) => applies(logType.logType, check.kind));
          if (checks.length > 0) usedLogTypes.add(logType.logType);
          return checks.map((check) => ({
            logType: logType.label,
            check: check.label,
            limits: limitsText(check.limits as TemperatureLimits, unit),
          }));
        }),
      };
    })
    .sort(
      (a, b) => equipmentKindOrder[a.kind] - equipmentKindOrder[b.kind] || a.name.localeCompare(b.name, 'en'),
    );
  equipment.forEach((line) => hash('equipment', line));
  await writer.equipment(equipment, ruleSetLegend(jurisdiction, usedLogTypes));

  // Tasks: every day from the site's first record on, with the occurrences worth naming.
  const entriesByDate = new Map<string, PackTaskEntry[]>();
  for (const entry of entries)
    entriesByDate.set(entry.date, [...(entriesByDate.get(entry.date) ?? []), entry]);
  const days: PackTaskDay[] = scores.list
    .filter((day) => first !== null && day.date >= first)
    .map((day) => ({ ...day, entries: entriesByDate.get(day.date) ?? [] }));
  days.forEach((day) => hash('day', day));
  await writer.tasks(days, scores.totals);

  // Readings, oldest first, handed over a local day at a time.
  const temperature = { readings: 0, failed: 0, warned: 0, backFilled: 0 };
  let day: { date: string; readings: PackReading[] } | null = null;
  for await (const batch of exportBatches(db, scope, siteList, readingFilters(), now, readingBatchSize, {
    oldestFirst: true,
  })) {
    for (const reading of batch) {
      temperature.readings += 1;
      if (reading.result === 'FAIL') temperature.failed += 1;
      if (reading.result === 'WARN') temperature.warned += 1;
      if (reading.backFilled) temperature.backFilled += 1;
      hash('reading', readingDigestLine(reading));
      const printed = packReading(reading, unit);
      if (day && day.date !== printed.date) {
        await writer.readingDay(readingDay(day.date, day.readings));
        day = null;
      }
      (day ??= { date: printed.date, readings: [] }).readings.push(printed);
    }
  }
  if (day) await writer.readingDay(readingDay(day.date, day.readings));
  const changes = await readingChanges(db, target, itemNames);
  changes.corrections.forEach((line) => hash('correction', line));
  changes.deletions.forEach((line) => hash('deletion', line));
  await writer.readingChanges(changes.corrections, changes.deletions);

  logs.forEach((log) =>
    hash('complianceLog', {
      id: log._id,
      logType: log.logType,
      title: log.title,
      submittedAt: log.submittedAt,
      answers: log.answers,
      status: log.status,
      result: log.result,
      note: log.note,
      reviewNote: log.reviewNote,
    }),
  );
  await writer.complianceLogs(logs);

  reports.forEach((report) =>
    hash('nearMiss', {
      id: report._id,
      category: report.category,
      title: report.title,
      occurredAt: report.occurredAt,
      whatHappened: report.whatHappened,
      location: report.location,
      injuries: report.injuries,
      immediateAction: report.immediateAction,
      status: report.status,
      outcome: report.outcome,
      followUps: report.followUps.map(({ action, dueOn, doneAt }) => ({ action, dueOn, doneAt })),
    }),
  );
  await writer.nearMisses(reports);

  // A range without actions adds nothing, so a pack made before actions existed digests as it did.
  actions.forEach((action) => hash('correctiveAction', correctiveActionDigestLine(action)));
  await writer.correctiveActions(actions);

  // Likewise a range without a signed review adds nothing.
  const reviews = await packReviews(db, target);
  reviews.forEach((review) => hash('review', reviewDigestLine(review)));
  await writer.reviews(reviews);

  documentList.forEach((document) =>
    hash('document', {
      id: document._id,
      name: document.name,
      category: document.category,
      expiresOn: document.expiresOn,
      wholeOrganisation: document.siteID === null,
      files: document.files.map((file) => file.originalName),
    }),
  );
  await writer.documents(documentList);

  await writer.recordCheck(recordCheck);

  const sections: InspectionPackSections = {
    equipment: { items: equipment.length },
    temperature,
    tasks: {
      ...scores.totals,
      failedChecklistItems: entries.reduce((sum, entry) => sum + entry.failedLines.length, 0),
    },
    complianceLogs: { total: logs.length, failed: logs.filter((log) => log.result === 'FAIL').length },
    nearMisses: {
      total: reports.length,
      open: reports.filter((report) => report.status !== 'COMPLETED').length,
    },
    documents: {
      total: documentList.length,
      expiring: documentList.filter((document) => document.expiry === 'EXPIRING').length,
      expired: documentList.filter((document) => document.expiry === 'EXPIRED').length,
    },
    correctiveActions: {
      total: actions.length,
      awaitingAction: actions.filter((action) => action.state === 'OPEN').length,
      awaitingVerification: actions.filter((action) => action.state === 'ACTION_RECORDED').length,
      verified: actions.filter((action) => action.state === 'VERIFIED').length,
    },
    reviews: { signed: reviews.length },
  };
  const summary = { sections, recordCheck, digest: digest.digest('hex'), generatedAt: now };
  await writer.finish(summary);
  return summary;
}

/** A writer that writes nothing: the preview's, which wants the counts, the check and the digest. */
export const countingOnly: PackWriter = {
  summary: () => undefined,
  equipment: () => undefined,
  tasks: () => undefined,
  readingDay: () => undefined,
  readingChanges: () => undefined,
  complianceLogs: () => undefined,
  nearMisses: () => undefined,
  correctiveActions: () => undefined,
  reviews: () => undefined,
  documents: () => undefined,
  recordCheck: () => undefined,
  finish: () => undefined,
};

/** The site's row as the pack names it. */
export async function packSite(db: Database, orgId: string, siteId: string) {
  const [site] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.orgId, orgId), isNull(sites.deletedAt)));
  return site;
}
