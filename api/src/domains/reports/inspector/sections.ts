import { and, between, desc, eq, gte, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  complianceLogListQuerySchema,
  complianceLogWorkflow,
  complianceResultLabels,
  correctiveActionStateLabels,
  documentCategoryLabels,
  documentExpiryLabels,
  documentListQuerySchema,
  formatDayRange,
  inspectorSections,
  limitsText,
  logTypeLabels,
  nearMissCategoryLabels,
  nearMissListQuerySchema,
  nearMissWorkflow,
  siteReviewStateLabels,
  taskBucketLabels,
  temperatureLogListQuerySchema,
  temperatureResultLabels,
  temperatureText,
  type ChecklistItemStatus,
  type ComplianceLog,
  type DocumentRecord,
  type InspectorRow,
  type InspectorSection,
  type InspectorSectionPage,
  type NearMiss,
  type TaskBucket,
  type TemperatureLog,
} from '@console/shared-sdk/contract';
import type { Database } from '../../../platform/db/client.js';
import { sites, users } from '../../../platform/db/schema.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { joinedPage } from '../../../platform/http/joined-page.js';
import { offsetOf } from '../../../platform/http/list.js';
import { searchWhere } from '../../../platform/http/records.js';
import {
  complianceLogPage,
  documentDtos,
  documentPage,
  nearMissPage,
  personName,
  readingPage,
  toTemperatureLogDto,
} from '../../logs/index.js';
import { bucketSql, ensureOccurrences, individualTasks, masterTasks } from '../../tasks/index.js';
import { siteReviews } from '../schema.js';
import type { LinkSite } from './repository.js';
import { dayWords, instantWords, type InspectorSubject, type SiteWriting } from './words.js';

// The view's sections: the pack's, live, each a page of rows in words over the link's sites (or one of
// them) and its range of their local dates, searchable. Each reads through its own domain's page query
// where one fits (readings, compliance logs, near misses, documents), and the rest here: a task's day, a
// deviation's action and a signed review have no list that spans sites and dates.

/** What a section page covers: the link's organisation and range, and the sites asked for. */
export interface ViewScope {
  orgId: string;
  startDate: string;
  endDate: string;
  sites: readonly LinkSite[];
  now: Date;
}

export interface SectionQuery {
  search: string;
  page: number;
  pageSize: number;
}

export const writingOf = (site: LinkSite): SiteWriting => ({
  zone: site.timeZoneId,
  locale: site.locale,
  unit: site.unit,
});

/** The scope's site a record is on; the queries below read no other. */
function siteIn(scope: ViewScope, siteId: string): LinkSite {
  const site = scope.sites.find((one) => one.id === siteId);
  if (!site) throw new Error(`a section read a record of site ${siteId}, outside its scope`);
  return site;
}

const siteIdsOf = (scope: ViewScope) => scope.sites.map((site) => site.id);
const rangeOf = (scope: ViewScope) => ({ startDate: scope.startDate, endDate: scope.endDate });
const joinWords = (parts: readonly (string | null | undefined | false)[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');

/** A row of `site`, its time written as the site writes it. */
function rowOf(
  subject: InspectorSubject,
  site: { id: string | null; name: string; writing: SiteWriting },
  row: Pick<InspectorRow, '_id' | 'title' | 'status' | 'detail' | 'flagged'> & { at: Date | string },
): InspectorRow {
  const at = typeof row.at === 'string' ? row.at : row.at.toISOString();
  return {
    ...row,
    subject,
    siteID: site.id,
    siteName: site.name,
    at,
    when: instantWords(at, site.writing),
  };
}
const placed = (site: LinkSite) => ({ id: site.id, name: site.name, writing: writingOf(site) });

// ---- temperature readings -----------------------------------------------------------------------------------

export const readingItemWords = (log: Pick<TemperatureLog, 'item' | 'checkLabel'>) =>
  `${[log.item.equipmentName, log.item.name].filter(Boolean).join(': ')} — ${log.checkLabel}`;

export function temperatureRow(log: TemperatureLog, site: LinkSite): InspectorRow {
  return rowOf('TemperatureLog', placed(site), {
    _id: log._id,
    at: log.readAt,
    title: readingItemWords(log),
    status: temperatureResultLabels[log.result],
    detail: joinWords([
      `${temperatureText(log.celsius, site.unit)}, ${limitsText(log.limits, site.unit)}`,
      log.aboveLegalLimit && 'above the legal limit',
      log.backFilled && 'entered later',
      log.correctiveAction,
    ]),
    flagged: log.result === 'FAIL' || log.aboveLegalLimit,
  });
}

async function temperaturePage(db: Database, scope: ViewScope, query: SectionQuery) {
  const filters = temperatureLogListQuerySchema.parse({ ...rangeOf(scope), search: query.search });
  const { rows, total } = await readingPage(
    db,
    { orgId: scope.orgId, siteIds: siteIdsOf(scope) },
    { ...filters, page: query.page, limit: query.pageSize },
    scope.now,
  );
  const list = rows.map(toTemperatureLogDto).map((log) => temperatureRow(log, siteIn(scope, log.siteID)));
  return { list, records: total };
}

// ---- tasks --------------------------------------------------------------------------------------------------

const completer = alias(users, 'completer');

interface Person {
  firstName: string;
  lastName: string;
}

/** An occurrence as a row and a record read it. */
export interface TaskSource {
  id: string;
  siteId: string;
  taskDate: string;
  opensAt: Date;
  expireOn: Date;
  items: { text: string; status: ChecklistItemStatus; comment: string | null }[];
  completedAt: Date | null;
  enteredAfterTheFact: boolean;
  name: string;
  bucket: TaskBucket;
  completer: Person | null;
}

/** Occurrences with their master task's name, their bucket at `now` and who completed them. */
function selectTasks<Extra extends Record<string, SQL>>(db: Database, now: Date, extra: Extra) {
  return db
    .select({
      id: individualTasks.id,
      siteId: individualTasks.siteId,
      taskDate: individualTasks.taskDate,
      opensAt: individualTasks.opensAt,
      expireOn: individualTasks.expireOn,
      items: individualTasks.items,
      completedAt: individualTasks.completedAt,
      enteredAfterTheFact: individualTasks.enteredAfterTheFact,
      name: masterTasks.name,
      bucket: bucketSql(now),
      completer: { firstName: completer.firstName, lastName: completer.lastName },
      ...extra,
    })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .leftJoin(completer, eq(completer.id, individualTasks.completedBy));
}
const taskFrom = sql`${individualTasks} inner join ${masterTasks} on ${eq(masterTasks.id, individualTasks.masterTaskId)}`;

/** One live occurrence of the organisation. */
export async function findTask(
  db: Database,
  orgId: string,
  id: string,
  now: Date,
): Promise<TaskSource | undefined> {
  const [row] = await selectTasks(db, now, {}).where(
    and(eq(individualTasks.id, id), eq(individualTasks.orgId, orgId), ne(individualTasks.status, 'DELETED')),
  );
  return row;
}

export function taskRow(task: TaskSource, site: LinkSite): InspectorRow {
  const failed = task.items.filter((item) => item.status === 'FAILED').map((item) => item.text);
  return rowOf('Task', placed(site), {
    _id: task.id,
    at: task.expireOn,
    title: task.name,
    status: taskBucketLabels[task.bucket],
    detail: joinWords([
      `due ${instantWords(task.expireOn, writingOf(site))}`,
      task.completer && `done by ${personName(task.completer)}`,
      task.enteredAfterTheFact && 'entered after the fact',
      failed.length > 0 && `failed: ${failed.join('; ')}`,
    ]),
    flagged: task.bucket === 'INCOMPLETE' || failed.length > 0,
  });
}

/** The link's occurrences: made first where the schedules say they are due and nobody read the day yet. */
async function taskPage(db: Database, scope: ViewScope, query: SectionQuery) {
  const siteIds = siteIdsOf(scope);
  await ensureOccurrences(db, { orgId: scope.orgId, siteIds }, scope.startDate, scope.endDate, scope.now);
  const where = and(
    eq(individualTasks.orgId, scope.orgId),
    inArray(individualTasks.siteId, siteIds),
    between(individualTasks.taskDate, scope.startDate, scope.endDate),
    ne(individualTasks.status, 'DELETED'),
    searchWhere(query.search, [masterTasks.name]),
  );
  const { rows, total } = await joinedPage(db, { from: taskFrom, where }, query, (count) =>
    selectTasks(db, scope.now, { total: count })
      .where(where)
      .orderBy(desc(individualTasks.taskDate), desc(individualTasks.expireOn), desc(individualTasks.id))
      .limit(query.pageSize)
      .offset(offsetOf({ page: query.page, limit: query.pageSize })),
  );
  return { list: rows.map((row) => taskRow(row, siteIn(scope, row.siteId))), records: total };
}

// ---- compliance logs and near misses -------------------------------------------------------------------------

export function complianceLogRow(log: ComplianceLog, site: LinkSite): InspectorRow {
  return rowOf('ComplianceLog', placed(site), {
    _id: log._id,
    at: log.submittedAt,
    title: `${log.title} (${log.logID})`,
    status: complianceResultLabels[log.result],
    detail: joinWords([
      logTypeLabels[log.logType],
      log.failedCount > 0 && `${log.failedCount} failed`,
      complianceLogWorkflow.labels[log.status],
      `by ${log.submittedBy.name}`,
      log.note,
    ]),
    flagged: log.result === 'FAIL',
  });
}

async function complianceLogSection(db: Database, scope: ViewScope, query: SectionQuery) {
  const filters = complianceLogListQuerySchema.parse({ ...rangeOf(scope), search: query.search });
  const { list, total } = await complianceLogPage(
    db,
    { orgId: scope.orgId, siteIds: siteIdsOf(scope) },
    { ...filters, page: query.page, limit: query.pageSize },
    scope.now,
  );
  return { list: list.map((log) => complianceLogRow(log, siteIn(scope, log.siteID))), records: total };
}

export function nearMissRow(report: NearMiss, site: LinkSite): InspectorRow {
  return rowOf('NearMiss', placed(site), {
    _id: report._id,
    at: report.occurredAt,
    title: `${report.title} (${report.logID})`,
    status: nearMissWorkflow.labels[report.status],
    detail: joinWords([
      nearMissCategoryLabels[report.category],
      report.location,
      report.injuries && `injuries: ${report.injuries}`,
      report.outcome && `outcome: ${report.outcome}`,
    ]),
    flagged: report.status !== 'COMPLETED',
  });
}

async function nearMissSection(db: Database, scope: ViewScope, query: SectionQuery) {
  const filters = nearMissListQuerySchema.parse({ ...rangeOf(scope), search: query.search });
  const { list, total } = await nearMissPage(
    db,
    { orgId: scope.orgId, siteIds: siteIdsOf(scope) },
    { ...filters, page: query.page, limit: query.pageSize },
    scope.now,
  );
  return { list: list.map((report) => nearMissRow(report, siteIn(scope, report.siteID))), records: total };
}

// ---- corrective actions ---------------------------------------------------------------------------------------

const recorder = alias(users, 'recorder');
const verifier = alias(users, 'verifier');

/** An instant on a local date of the range, in its site's zone (`sites` joined). */
export const inSiteRange = (instant: SQL | typeof correctiveActions.occurredAt, scope: ViewScope) =>
  and(
    sql`${instant} >= (${scope.startDate}::date::timestamp at time zone ${sites.timeZoneId})`,
    sql`${instant} < ((${scope.endDate}::date + 1)::timestamp at time zone ${sites.timeZoneId})`,
  );

/** A corrective action with the people it names. */
export interface ActionSource {
  action: typeof correctiveActions.$inferSelect;
  recorder: Person | null;
  verifier: Person | null;
}

/** Corrective actions joined to their site and the people they name. */
function selectActions<Extra extends Record<string, SQL>>(db: Database, extra: Extra) {
  return db
    .select({
      action: correctiveActions,
      recorder: { firstName: recorder.firstName, lastName: recorder.lastName },
      verifier: { firstName: verifier.firstName, lastName: verifier.lastName },
      ...extra,
    })
    .from(correctiveActions)
    .innerJoin(sites, eq(sites.id, correctiveActions.siteId))
    .leftJoin(recorder, eq(recorder.id, correctiveActions.recordedBy))
    .leftJoin(verifier, eq(verifier.id, correctiveActions.verifiedBy));
}

/** One live corrective action of the organisation. */
export async function findAction(db: Database, orgId: string, id: string): Promise<ActionSource | undefined> {
  const [row] = await selectActions(db, {}).where(
    and(
      eq(correctiveActions.id, id),
      eq(correctiveActions.orgId, orgId),
      isNull(correctiveActions.deletedAt),
    ),
  );
  return row;
}

export function actionRow({ action, verifier: verifiedBy }: ActionSource, site: LinkSite): InspectorRow {
  return rowOf('CorrectiveAction', placed(site), {
    _id: action.id,
    at: action.occurredAt,
    title: action.deviation,
    status: correctiveActionStateLabels[action.state],
    detail: joinWords([
      action.actionTaken ? `done: ${action.actionTaken}` : 'nothing recorded yet',
      verifiedBy && `verified by ${personName(verifiedBy)}`,
    ]),
    flagged: action.state !== 'VERIFIED',
  });
}

async function actionSection(db: Database, scope: ViewScope, query: SectionQuery) {
  const where = and(
    eq(correctiveActions.orgId, scope.orgId),
    inArray(correctiveActions.siteId, siteIdsOf(scope)),
    isNull(correctiveActions.deletedAt),
    inSiteRange(correctiveActions.occurredAt, scope),
    searchWhere(query.search, [correctiveActions.deviation, correctiveActions.actionTaken]),
  );
  const from = sql`${correctiveActions} inner join ${sites} on ${eq(sites.id, correctiveActions.siteId)}`;
  const { rows, total } = await joinedPage(db, { from, where }, query, (count) =>
    selectActions(db, { total: count })
      .where(where)
      .orderBy(desc(correctiveActions.occurredAt), desc(correctiveActions.id))
      .limit(query.pageSize)
      .offset(offsetOf({ page: query.page, limit: query.pageSize })),
  );
  return { list: rows.map((row) => actionRow(row, siteIn(scope, row.action.siteId))), records: total };
}

// ---- four-weekly reviews --------------------------------------------------------------------------------------

const signer = alias(users, 'signer');

/** Signed reviews whose four weeks meet the range. */
export const reviewWhere = (scope: Pick<ViewScope, 'orgId' | 'startDate' | 'endDate'>) =>
  and(
    eq(siteReviews.orgId, scope.orgId),
    isNull(siteReviews.deletedAt),
    eq(siteReviews.state, 'SIGNED'),
    lte(siteReviews.periodStart, scope.endDate),
    gte(siteReviews.periodEnd, scope.startDate),
  );

/** A review with the person who signed it. */
export interface ReviewSource {
  review: typeof siteReviews.$inferSelect;
  signer: Person | null;
}

/** Reviews with the person who signed them. */
function selectReviews<Extra extends Record<string, SQL>>(db: Database, extra: Extra) {
  return db
    .select({
      review: siteReviews,
      signer: { firstName: signer.firstName, lastName: signer.lastName },
      ...extra,
    })
    .from(siteReviews)
    .leftJoin(signer, eq(signer.id, siteReviews.signedBy));
}
/** One signed review of the organisation whose weeks meet the range. */
export async function findReview(
  db: Database,
  scope: Pick<ViewScope, 'orgId' | 'startDate' | 'endDate'>,
  id: string,
): Promise<ReviewSource | undefined> {
  const [row] = await selectReviews(db, {}).where(and(eq(siteReviews.id, id), reviewWhere(scope)));
  return row;
}

export const reviewTitle = (review: ReviewSource['review'], site: LinkSite) =>
  `Four weeks of ${formatDayRange(review.periodStart, review.periodEnd, site.locale)}`;

export function reviewRow({ review, signer: signedBy }: ReviewSource, site: LinkSite): InspectorRow {
  return rowOf('SiteReview', placed(site), {
    _id: review.id,
    at: review.signedAt ?? review.updatedAt,
    title: reviewTitle(review, site),
    status: siteReviewStateLabels[review.state],
    detail: joinWords([signedBy && `signed by ${personName(signedBy)}`, review.notes]),
    flagged: false,
  });
}

async function reviewSection(db: Database, scope: ViewScope, query: SectionQuery) {
  const where = and(
    reviewWhere(scope),
    inArray(siteReviews.siteId, siteIdsOf(scope)),
    searchWhere(query.search, [siteReviews.notes, siteReviews.changes]),
  );
  const { rows, total } = await joinedPage(db, { from: sql`${siteReviews}`, where }, query, (count) =>
    selectReviews(db, { total: count })
      .where(where)
      .orderBy(desc(siteReviews.periodStart), desc(siteReviews.id))
      .limit(query.pageSize)
      .offset(offsetOf({ page: query.page, limit: query.pageSize })),
  );
  return { list: rows.map((row) => reviewRow(row, siteIn(scope, row.review.siteId))), records: total };
}

// ---- documents ------------------------------------------------------------------------------------------------

/** The site an organisation's document is read from: the one asked for, else the link's first. */
const lookingSite = (scope: ViewScope): LinkSite => {
  const [first] = scope.sites;
  if (!first) throw new Error('a view scope without sites');
  return first;
};

export function documentRow(document: DocumentRecord, scope: ViewScope): InspectorRow {
  // An organisation's own document holds for every site: it is shown from the site it is read from.
  const site = document.siteID === null ? lookingSite(scope) : siteIn(scope, document.siteID);
  const writing = writingOf(site);
  return rowOf(
    'Document',
    document.siteID === null
      ? { id: null, name: 'Whole organisation', writing }
      : { id: site.id, name: site.name, writing },
    {
      _id: document._id,
      at: document.createdAt,
      title: document.name,
      status: documentExpiryLabels[document.expiry],
      detail: joinWords([
        documentCategoryLabels[document.category],
        document.expiresOn && `expires ${dayWords(document.expiresOn, writing)}`,
        document.files.length > 0 && `${document.files.length} file(s)`,
      ]),
      flagged: document.expiry === 'EXPIRED',
    },
  );
}

/** Documents hold for now, not for a date: the sites' and the organisation's, as the pack lists them. */
async function documentSection(db: Database, scope: ViewScope, query: SectionQuery) {
  const filters = documentListQuerySchema.parse({ search: query.search, sort: 'name' });
  const looking = { now: scope.now, zone: lookingSite(scope).timeZoneId };
  const { rows, total } = await documentPage(
    db,
    { orgId: scope.orgId, siteIds: siteIdsOf(scope) },
    { ...filters, page: query.page, limit: query.pageSize },
    looking,
  );
  const list = (await documentDtos(db, rows, looking)).map((document) => documentRow(document, scope));
  return { list, records: total };
}

// ---- the sections -----------------------------------------------------------------------------------------------

const sectionPages: Record<
  InspectorSection,
  (db: Database, scope: ViewScope, query: SectionQuery) => Promise<InspectorSectionPage>
> = {
  temperature: temperaturePage,
  tasks: taskPage,
  complianceLogs: complianceLogSection,
  nearMisses: nearMissSection,
  correctiveActions: actionSection,
  reviews: reviewSection,
  documents: documentSection,
};

/** One page of a section over `scope`. */
export const sectionPage = (db: Database, section: InspectorSection, scope: ViewScope, query: SectionQuery) =>
  sectionPages[section](db, scope, query);

/** How many records each section holds over `scope`. */
export async function sectionCounts(db: Database, scope: ViewScope) {
  const counted: { section: InspectorSection; records: number }[] = [];
  for (const section of inspectorSections) {
    const { records } = await sectionPage(db, section, scope, { search: '', page: 1, pageSize: 1 });
    counted.push({ section, records });
  }
  return counted;
}
