import { createHash } from 'node:crypto';
import { and, asc, between, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  complianceLogListQuerySchema,
  documentListQuerySchema,
  limitsText,
  listDefaults,
  nearMissListQuerySchema,
  temperatureLogExportQuerySchema,
  temperatureStandards,
  type ComplianceLog,
  type DayScore,
  type DocumentRecord,
  type InspectionPackSections,
  type NearMiss,
  type RecordCheck,
  type Score,
  type Timing,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { individualTasks, masterTasks, taskComments } from '../../tasks/index.js';
import { sites } from '../../../platform/db/schema.js';
import { canonicalJson } from '../../../platform/history/history.js';
import { checkRecords } from '../../logs/index.js';
import { complianceLogPage } from '../../logs/index.js';
import { personName } from '../../logs/index.js';
import { documentDtos, documentPage } from '../../logs/index.js';
import { nearMissPage } from '../../logs/index.js';
import { siteDayScores } from '../site-panel/repository.js';
import { checkLabelOf, toReadableItem } from '../../logs/index.js';
import { exportBatches, itemsOfSite, temperatureSettingsOf, type ExportReading } from '../../logs/index.js';

// The inspection pack's content (issue 12), read once in a fixed order and handed to a writer (the PDF, the
// XLSX, or nothing for the preview) section by section, readings in batches so a busy site's months never
// sit in memory at once. Every line of content also goes into a SHA-256 digest: the same records give the
// same digest whatever the format and whenever it is made, and any change to one of them changes it.

export interface PackTarget {
  orgId: string;
  site: {
    id: string;
    name: string;
    timeZoneId: string;
    address: string;
    timing: Timing;
  };
  startDate: string;
  endDate: string;
}

export interface PackEquipmentLine {
  name: string;
  kind: string;
  checks: { logType: string; check: string; limits: string }[];
}

export interface PackFailedItem {
  date: string;
  task: string;
  item: string;
  comment: string | null;
  notes: string[];
}

/** What a format does with each section; all are called, in this order, once (readings once per batch). */
export interface PackWriter {
  site(target: PackTarget): void | Promise<void>;
  equipment(lines: readonly PackEquipmentLine[]): void | Promise<void>;
  readings(batch: readonly ExportReading[]): void | Promise<void>;
  tasks(days: readonly DayScore[], totals: Score, failed: readonly PackFailedItem[]): void | Promise<void>;
  complianceLogs(logs: readonly ComplianceLog[]): void | Promise<void>;
  nearMisses(reports: readonly NearMiss[]): void | Promise<void>;
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

/** A site's week of opening hours in words, Monday first. */
export function hoursLines(timing: Timing): string[] {
  return [1, 2, 3, 4, 5, 6, 0].map((day) => {
    const hours = timing.find((entry) => entry.day === day);
    const words = !hours?.isOpen
      ? 'closed'
      : hours.openTime === hours.closeTime
        ? 'open around the clock'
        : `${hours.openTime}–${hours.closeTime}${hours.closeTime < hours.openTime ? ' (next day)' : ''}`;
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

/** The failed checklist lines of the site's occurrences in the range, oldest first, with their comments. */
async function failedChecklistItems(db: Database | Tx, target: PackTarget): Promise<PackFailedItem[]> {
  const rows = await db
    .select({
      id: individualTasks.id,
      taskDate: individualTasks.taskDate,
      items: individualTasks.items,
      task: masterTasks.name,
    })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .where(
      and(
        eq(individualTasks.siteId, target.site.id),
        between(individualTasks.taskDate, target.startDate, target.endDate),
        ne(individualTasks.status, 'DELETED'),
        sql`${individualTasks.items} @> '[{"status":"FAILED"}]'::jsonb`,
      ),
    )
    .orderBy(asc(individualTasks.taskDate), asc(masterTasks.name));
  if (rows.length === 0) return [];
  const comments = await db
    .select({
      taskId: taskComments.individualTaskId,
      itemId: taskComments.checklistItemId,
      type: taskComments.type,
      text: taskComments.text,
    })
    .from(taskComments)
    .where(
      and(
        sql`${taskComments.individualTaskId} = any(${sql.param(rows.map((row) => row.id))}::uuid[])`,
        isNull(taskComments.deletedAt),
      ),
    )
    .orderBy(asc(taskComments.createdAt));
  return rows.flatMap((row) =>
    row.items
      .filter((item) => item.status === 'FAILED')
      .map((item) => ({
        date: row.taskDate,
        task: row.task,
        item: item.text,
        comment: item.comment,
        notes: comments
          .filter((comment) => comment.taskId === row.id && comment.itemId === item.id)
          .map((comment) => (comment.type === 'IMAGE' ? 'Photo attached' : (comment.text ?? ''))),
      })),
  );
}

/**
 * Reads the pack of `target` into `writer` and answers its summary. The record check and the task scores
 * are read first (they decide the counts), the readings last but one in the order the PDF prints them.
 */
export async function producePack(
  db: Database,
  target: PackTarget,
  now: Date,
  writer: PackWriter,
): Promise<PackSummary> {
  const digest = createHash('sha256');
  const hash = (section: string, line: unknown) => digest.update(`${canonicalJson([section, line])}\n`);
  const scope = { orgId: target.orgId, siteIds: [target.site.id] };
  const siteKey = { id: target.site.id, orgId: target.orgId, timeZoneId: target.site.timeZoneId };

  hash('site', { ...target.site, startDate: target.startDate, endDate: target.endDate });
  await writer.site(target);

  const items = await itemsOfSite(db, { orgId: target.orgId, siteID: target.site.id });
  const siteSettings = await temperatureSettingsOf(db, target.site.id);
  const equipment = items.map((item) => {
    const readable = toReadableItem(item, siteSettings);
    return {
      name: readable.equipmentName ? `${readable.equipmentName}: ${readable.name}` : readable.name,
      kind:
        readable.kind === 'TEMPERATURE_ITEM'
          ? 'Fridge or freezer'
          : readable.kind === 'PROBE'
            ? 'Probe'
            : 'Food item',
      checks: readable.logTypes.flatMap((logType) =>
        logType.checks.map((check) => ({
          logType: logType.label,
          check: check.label,
          limits: limitsText(check.limits),
        })),
      ),
    };
  });
  equipment.forEach((line) => hash('equipment', line));
  await writer.equipment(equipment);

  const temperature = { readings: 0, failed: 0, warned: 0, backFilled: 0 };
  const filters = temperatureLogExportQuerySchema.parse({
    siteID: target.site.id,
    startDate: target.startDate,
    endDate: target.endDate,
    downloadFileType: 'EXCEL',
  });
  const siteList = [{ id: target.site.id, name: target.site.name, timeZoneId: target.site.timeZoneId }];
  for await (const batch of exportBatches(db, scope, siteList, filters, now, readingBatchSize)) {
    for (const reading of batch) {
      temperature.readings += 1;
      if (reading.result === 'FAIL') temperature.failed += 1;
      if (reading.result === 'WARN') temperature.warned += 1;
      if (reading.backFilled) temperature.backFilled += 1;
      hash('reading', {
        id: reading.id,
        read: reading.readLocal,
        received: reading.receivedLocal,
        item: reading.temperatureItemName ?? reading.foodItemName,
        equipment: reading.equipmentName,
        logType: temperatureStandards[reading.logType].label,
        check: checkLabelOf(reading.logType, reading.checkKind),
        celsius: reading.celsius,
        lowerLimit: reading.lowerLimit,
        upperLimit: reading.upperLimit,
        result: reading.result,
        backFilled: reading.backFilled,
        correctiveAction: reading.correctiveAction,
        note: reading.note,
        readBy: reading.reader ? personName(reading.reader) : null,
      });
    }
    await writer.readings(batch);
  }

  const scores = await siteDayScores(db, siteKey, target.startDate, target.endDate, now);
  const failed = await failedChecklistItems(db, target);
  scores.list.forEach((day) => hash('day', day));
  failed.forEach((line) => hash('failed', line));
  await writer.tasks(scores.list, scores.totals, failed);

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

  const reports = await everyPage(
    async (page) =>
      (
        await nearMissPage(
          db,
          scope,
          nearMissListQuerySchema.parse({ ...range, page, sort: 'occurredAt' }),
          now,
          '',
        )
      ).list,
  );
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
  const documentList = await documentDtos(db, documentRows, { ...looking, publicUrl: '' });
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

  const recordCheck = await checkRecords(
    db,
    { orgId: target.orgId, site: siteKey, startDate: target.startDate, endDate: target.endDate },
    now,
  );
  await writer.recordCheck(recordCheck);

  const sections: InspectionPackSections = {
    equipment: { items: equipment.length },
    temperature,
    tasks: { ...scores.totals, failedChecklistItems: failed.length },
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
  };
  const summary = { sections, recordCheck, digest: digest.digest('hex'), generatedAt: now };
  await writer.finish(summary);
  return summary;
}

/** A writer that writes nothing: the preview's, which wants the counts, the check and the digest. */
export const countingOnly: PackWriter = {
  site: () => undefined,
  equipment: () => undefined,
  readings: () => undefined,
  tasks: () => undefined,
  complianceLogs: () => undefined,
  nearMisses: () => undefined,
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
