import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  complianceLogDefaultDays,
  type ComplianceLog,
  type ComplianceLogSnapshot,
  type ComplianceLogListQuery,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { complianceLogs } from '../schema.js';
import { sites, users } from '../../../platform/db/schema.js';
import { offsetOf, orderBy } from '../../../platform/http/list.js';
import { searchWhere } from '../../../platform/http/records.js';
import { recordsOf, type RecordScope } from '../../../platform/http/repository.js';
import { logResultOf } from './answers.js';
import {
  isBackFilled,
  localDateRangeWhere,
  logReference,
  logReferenceSql,
  loggedPerson,
  matchingCount,
} from './log-records.js';

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
  site: { name: sites.name, timeZoneId: sites.timeZoneId },
  submitter: { firstName: submitter.firstName, lastName: submitter.lastName },
  reviewer: { firstName: reviewer.firstName, lastName: reviewer.lastName },
};
interface DtoSource {
  log: ComplianceLogRow;
  site: { name: string; timeZoneId: string };
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
  const rows = await selectDtos(db, { total: matchingCount(joinedFrom, where) })
    .where(where)
    .orderBy(...orderBy(query, listDeclaration.sort, complianceLogs.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const list = rows.map(toComplianceLogDto);
  const first = rows[0];
  if (first) return { list, total: first.total };
  if (query.page === 1) return { list, total: 0 };
  const [counted] = await db
    .select({ total: count() })
    .from(complianceLogs)
    .innerJoin(sites, eq(sites.id, complianceLogs.siteId))
    .where(where);
  return { list, total: counted?.total ?? 0 };
}

/** One log of the organisation (on a live site) as the API answers it; another organisation's: undefined. */
export async function complianceLogDto(
  db: Database | Tx,
  orgId: string,
  id: string,
): Promise<ComplianceLog | undefined> {
  const [row] = await selectDtos(db, {}).where(
    and(eq(complianceLogs.id, id), complianceLogRecords.scopeWhere(db, { orgId })),
  );
  return row && toComplianceLogDto(row);
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
