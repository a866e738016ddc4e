import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  complianceLogDefaultDays,
  complianceLogWorkflow,
  jurisdictionOf,
  ruleSetOf,
  withNationalFigures,
  type ComplianceLog,
  type ComplianceLogSnapshot,
  type ComplianceLogListQuery,
  type complianceLogCreateSchema,
  type complianceLogUpdateSchema,
} from '@console/shared-sdk/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../../platform/db/client.js';
import { complianceLogs } from '../schema.js';
import { sites, users } from '../../../platform/db/schema.js';
import { canonicalJson } from '../../../platform/history/history.js';
import { conflict, fieldError, notFound } from '../../../platform/http/errors.js';
import { inOrderOf, joinedPage } from '../../../platform/http/joined-page.js';
import { offsetOf, orderBy } from '../../../platform/http/list.js';
import { searchWhere } from '../../../platform/http/records.js';
import { recordsOf, type Change, type RecordScope } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';
import { templateRecords } from '../../tasks/index.js';
import { answersOfSubmission, correctedAnswers, logResultOf } from './answers.js';
import { nationalFiguresOf, rulesOfSite } from '../../sites/index.js';
import {
  assertDeviceTime,
  assertMove,
  isBackFilled,
  localDateRangeWhere,
  logReference,
  logReferenceSql,
  loggedPerson,
  textOrNull,
} from '../log-records.js';

export type ComplianceLogRow = typeof complianceLogs.$inferSelect;

export const complianceLogPrefix = 'CL';

const listDeclaration = {
  sort: {
    _id: complianceLogs.id,
    submittedAt: complianceLogs.submittedAt,
    receivedAt: complianceLogs.receivedAt,
    logType: complianceLogs.logType,
    title: sql`lower(${complianceLogs.title})`,
    status: complianceLogs.status,
    result: complianceLogs.result,
    createdAt: complianceLogs.createdAt,
    updatedAt: complianceLogs.updatedAt,
  },
  search: [complianceLogs.title, logReferenceSql(complianceLogPrefix, complianceLogs.id)],
  filters: (query: ComplianceLogListQuery) => [
    query.type === undefined ? undefined : eq(complianceLogs.logType, query.type),
    query.status === undefined ? undefined : eq(complianceLogs.status, query.status),
    query.result === undefined ? undefined : eq(complianceLogs.result, query.result),
  ],
};

export const complianceLogRecords = recordsOf<typeof complianceLogs, ComplianceLogListQuery>({
  table: complianceLogs,
  placedOn: 'site',
  ...listDeclaration,
});

const submitter = alias(users, 'submitter');
const reviewer = alias(users, 'reviewer');

/** A log with the names its answer shows, read in the same statement. */
const dtoColumns = {
  log: getTableColumns(complianceLogs),
  site: { name: sites.name, timeZoneId: sites.timeZoneId, jurisdiction: sites.jurisdiction },
  submitter: { firstName: submitter.firstName, lastName: submitter.lastName },
  reviewer: { firstName: reviewer.firstName, lastName: reviewer.lastName },
};
interface DtoSource {
  log: ComplianceLogRow;
  site: { name: string; timeZoneId: string; jurisdiction: string };
  submitter: { firstName: string; lastName: string } | null;
  reviewer: { firstName: string; lastName: string } | null;
}

const joinedFrom = sql`${complianceLogs} inner join ${sites} on ${eq(sites.id, complianceLogs.siteId)}`;

function selectDtos<Extra extends Record<string, SQL>>(db: Database | Tx, extra: Extra) {
  return db
    .select({ ...dtoColumns, ...extra })
    .from(complianceLogs)
    .innerJoin(sites, eq(sites.id, complianceLogs.siteId))
    .leftJoin(submitter, eq(submitter.id, complianceLogs.submittedBy))
    .leftJoin(reviewer, eq(reviewer.id, complianceLogs.reviewedBy));
}

/** The one mapping from a log and its joined names to what the API answers. */
function toComplianceLogDto({ log, site, submitter: by, reviewer: reviewedBy }: DtoSource): ComplianceLog {
  const submittedBy = loggedPerson(log.submittedBy, by);
  if (!submittedBy) throw new Error(`compliance log ${log.id} has no submitter`);
  return {
    _id: log.id,
    logID: logReference(complianceLogPrefix, log.id),
    orgId: log.orgId,
    siteID: log.siteId,
    siteName: site.name,
    timeZoneId: site.timeZoneId,
    logType: log.logType,
    templateID: log.templateId,
    title: log.title,
    answers: log.answers,
    jurisdiction: jurisdictionOf(log.jurisdiction),
    temperatureUnit: ruleSetOf(site.jurisdiction).unit,
    // Logs never take DELETED (the contract's LogStatus); the column shares the wider record type.
    status: log.status as ComplianceLog['status'],
    result: log.result,
    failedCount: logResultOf(log.answers).failedCount,
    note: log.note,
    submittedBy,
    submittedAt: log.submittedAt.toISOString(),
    receivedAt: log.receivedAt.toISOString(),
    backFilled: isBackFilled(log.submittedAt, log.receivedAt),
    reviewNote: log.reviewNote,
    reviewedBy: loggedPerson(log.reviewedBy, reviewedBy),
    reviewedAt: log.reviewedAt?.toISOString() ?? null,
    createdAt: log.createdAt.toISOString(),
    updatedAt: log.updatedAt.toISOString(),
  };
}

/**
 * One page of the logs in `scope` matching the list's filters, with the names it shows and the total,
 * from one statement. The date range is of each log's own site's local dates.
 */
export async function complianceLogPage(
  db: Database | Tx,
  scope: RecordScope,
  query: ComplianceLogListQuery,
  now: Date,
): Promise<{ list: ComplianceLog[]; total: number }> {
  const where = and(
    complianceLogRecords.scopeWhere(db, scope),
    localDateRangeWhere(complianceLogs.submittedAt, sites.timeZoneId, query, now, complianceLogDefaultDays),
    searchWhere(query.search, listDeclaration.search),
    ...listDeclaration.filters(query),
  );
  const { rows, total } = await joinedPage(db, { from: joinedFrom, where }, query, (count) =>
    selectDtos(db, { total: count })
      .where(where)
      .orderBy(...orderBy(query, listDeclaration.sort, complianceLogs.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
  );
  return { list: rows.map(toComplianceLogDto), total };
}

/** Loaded logs as the API answers them, their names read in one statement. */
export async function complianceLogDtos(
  db: Database | Tx,
  rows: readonly ComplianceLogRow[],
): Promise<ComplianceLog[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const found = await selectDtos(db, {}).where(inArray(complianceLogs.id, ids));
  return inOrderOf(rows, found, (one) => one.log.id).map(toComplianceLogDto);
}

/** What a history entry keeps of it. */
export const complianceLogSnapshot = (log: ComplianceLog): ComplianceLogSnapshot => ({
  siteID: log.siteID,
  logType: log.logType,
  title: log.title,
  answers: log.answers,
  status: log.status,
  result: log.result,
  note: log.note,
  reviewNote: log.reviewNote,
  reviewedBy: log.reviewedBy,
});

// ---- submitting and reviewing ----------------------------------------------------------------------------

/** What a submission writes besides its place: the template, its answers and the device's time. */
type ComplianceLogFields = Omit<z.output<typeof complianceLogCreateSchema>, 'siteID'>;
type ComplianceLogChanges = Omit<z.output<typeof complianceLogUpdateSchema>, '_id'>;

/**
 * A submission: the answers to a template of the organisation that has a log type (else 404, or 400 on
 * templateID), judged line by line (answers.ts), from the staff member making the change.
 */
export async function insertComplianceLog(
  tx: Tx,
  place: SitePlace,
  fields: ComplianceLogFields,
  now: Date,
  change: Change,
): Promise<ComplianceLogRow> {
  // The organisation's template or the log's site's own: another site's own is not found.
  const template = await templateRecords.find(
    tx,
    { orgId: place.orgId, siteIds: [place.siteID] },
    fields.templateID,
  );
  if (!template) throw notFound('Template');
  if (template.type === null) {
    throw fieldError('templateID', 'This template has no log type, so it is not a compliance log');
  }
  const rules = await rulesOfSite(tx, place.siteID);
  const answers = answersOfSubmission(template.type, rules, template.items, fields.answers);
  return complianceLogRecords.insert(
    tx,
    place,
    {
      logType: template.type,
      templateId: template.id,
      title: template.name,
      answers,
      jurisdiction: rules.jurisdiction,
      status: 'REPORTED',
      result: logResultOf(answers).result,
      note: textOrNull(fields.note),
      submittedBy: change.by,
      // The time to keep by the device-time rule (a little ahead is the receipt's); the create checked it
      // with the sync window before reading anything (routes.ts), so only the skew can still apply here.
      submittedAt: assertDeviceTime('submittedAt', fields.submittedAt, now, 'The submission time'),
      receivedAt: now,
    },
    now,
  );
}

/**
 * A review (a status move along the workflow, a review note: the caller becomes the reviewer) or a
 * correction of what staff recorded, which needs a reason. A reviewed (COMPLETED) log changes only once
 * reopened, which needs a reason too.
 */
export async function updateComplianceLog(
  tx: Tx,
  current: ComplianceLogRow,
  _siteId: string,
  fields: ComplianceLogChanges,
  now: Date,
  change: Change,
): Promise<ComplianceLogRow> {
  const answers =
    fields.answers === undefined
      ? current.answers
      : correctedAnswers(
          current.logType,
          // The set it was judged by, with the organisation's national figures where that set takes them.
          withNationalFigures(ruleSetOf(current.jurisdiction), await nationalFiguresOf(tx, current.orgId)),
          current.answers,
          fields.answers,
        );
  const note = fields.note === undefined ? current.note : textOrNull(fields.note);
  const staffRecordChanged =
    canonicalJson(answers) !== canonicalJson(current.answers) || note !== current.note;
  if (staffRecordChanged && fields.reason === undefined) {
    throw fieldError(
      'reason',
      'Give a reason: changing what staff recorded is kept in the log’s history with why',
    );
  }
  // Logs never take DELETED (the contract's LogStatus); the column shares the wider record type.
  const status = current.status as ComplianceLog['status'];
  const moves = assertMove(complianceLogWorkflow, 'compliance log', status, fields.status, fields.reason);
  const reviewNote = fields.reviewNote === undefined ? current.reviewNote : textOrNull(fields.reviewNote);
  const reviewed = moves || reviewNote !== current.reviewNote;
  if (status === 'COMPLETED' && !moves && (staffRecordChanged || reviewed)) {
    throw conflict('This compliance log is reviewed and closed: reopen it (with a reason) to change it');
  }
  return complianceLogRecords.update(
    tx,
    current,
    {
      answers,
      note,
      result: logResultOf(answers).result,
      status: fields.status ?? status,
      reviewNote,
      ...(reviewed ? { reviewedBy: change.by, reviewedAt: now } : {}),
    },
    now,
  );
}
