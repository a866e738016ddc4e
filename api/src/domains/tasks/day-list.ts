import { and, asc, desc, eq, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  recordStatusSchema,
  type IndividualTask,
  type ListQuery,
  type RecordStatus,
  type TaskBucket,
  type TaskListData,
  type TaskListSortColumn,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../platform/db/client.js';
import { nextStatementName, preparable, PreparedQueries } from '../../platform/db/prepared.js';
import { sites } from '../../platform/db/schema.js';
import { likePattern, offsetOf } from '../../platform/http/list.js';
import { answerOf, bucketSql, selectOccurrenceAnswers } from './occurrence.js';
import { ensureOccurrences, madeSql } from './occurrences.js';
import { individualTasks, masterTasks } from './schema.js';

// The daily task list (GET /master-task/web-app-list, spec section 7): one local day of a site's
// occurrences, a page of them and how many fall in each of the status tabs. Its days are mostly made
// already (the background job makes the week ahead), and a made day costs two statements: its counts,
// which also find the site and check that the day is made, and its page, each task with everything its
// answer shows. `records` comes with the tabs' counts, so the two always agree. A day not made yet is
// made first. Both are named statements prepared once per shape (a search or none, which tab, the sort),
// run with the request's values: building and planning them each time cost more than reading the page.

/** What the list is asked for, as the contract's query parses it. */
export interface DayListQuery extends ListQuery<TaskListSortColumn> {
  /** The site's local date. */
  taskListDate: string;
  /** A record status or a dashboard bucket; without it, every task of the day but the deleted ones. */
  status?: RecordStatus | TaskBucket | undefined;
}

/** The site whose day it is, in the organisation the caller acts in. */
export interface DayListPlace {
  orgId: string;
  siteId: string;
}

/**
 * One local day of a site's tasks, made on first read, as the daily list answers it; undefined when the
 * site is not a live one of the organisation. Whether the caller may read that site's tasks is for the
 * caller to decide before asking.
 */
export async function readDayList(
  db: Database | Tx,
  place: DayListPlace,
  query: DayListQuery,
  now: Date,
): Promise<TaskListData | undefined> {
  let day = await countDay(db, place, query, now);
  if (day && !day.made) {
    const made = await ensureOccurrences(
      db,
      { orgId: place.orgId, siteIds: [place.siteId] },
      query.taskListDate,
      query.taskListDate,
      now,
    );
    // Counted again only if something was made. A day may stay unmade by the watermarks with nothing left
    // to make in it: they move only over ranges that continue them (a task whose earlier dates were never
    // read keeps its own back), so such a day costs the making's look on every read.
    if (made > 0) day = await countDay(db, place, query, now);
  }
  if (!day) return undefined;
  // A page past the day's last task is not read: the count says it is empty.
  const list = offsetOf(query) < day.records ? await readPage(db, place, query, now) : [];
  return {
    list,
    records: day.records,
    page: query.page,
    limit: query.limit,
    timeZoneId: day.timeZoneId,
    counts: day.counts,
  };
}

const isRecordStatus = (status: string): status is RecordStatus =>
  (recordStatusSchema.options as readonly string[]).includes(status);

type Value = string | Placeholder;

/**
 * What the day's statements are built from: the request's values, or in a prepared statement the
 * placeholders of `dayValues`. What changes the statement's text (a search or none, which kind of tab)
 * is the shape's.
 */
interface DayTerms {
  orgId: Value;
  siteId: Value;
  date: Value;
  /** The search as a LIKE pattern; null without one. */
  search: Value | null;
  /** The chosen tab: every task but the deleted ones, a record status, or a dashboard bucket. */
  tab: { kind: 'every' } | { kind: 'record' | 'bucket'; status: Value };
  now: Date | Placeholder;
}

const tabOf = (query: DayListQuery): DayTerms['tab'] =>
  query.status === undefined
    ? { kind: 'every' }
    : { kind: isRecordStatus(query.status) ? 'record' : 'bucket', status: query.status };

/** The request's own values as terms, for a statement built for this call. */
const termsOf = (place: DayListPlace, query: DayListQuery, now: Date): DayTerms => ({
  orgId: place.orgId,
  siteId: place.siteId,
  date: query.taskListDate,
  search: query.search === '' ? null : likePattern(query.search),
  tab: tabOf(query),
  now,
});

/** The same terms as placeholders, for a statement prepared for the request's shape. */
const placeholderTerms = (query: DayListQuery): DayTerms => {
  const tab = tabOf(query);
  return {
    orgId: sql.placeholder('orgId'),
    siteId: sql.placeholder('siteId'),
    date: sql.placeholder('date'),
    search: query.search === '' ? null : sql.placeholder('search'),
    tab: tab.kind === 'every' ? tab : { kind: tab.kind, status: sql.placeholder('status') },
    now: sql.placeholder('now'),
  };
};

/** The values of `placeholderTerms`' placeholders for a request. */
const dayValues = (place: DayListPlace, query: DayListQuery, now: Date) => ({
  orgId: place.orgId,
  siteId: place.siteId,
  date: query.taskListDate,
  search: likePattern(query.search),
  status: query.status ?? null,
  now: now.toISOString(),
});

/** The shape of a request's statements: everything that changes their text. */
const shapeOf = (query: DayListQuery) => `${query.search === '' ? '' : 'search '}${tabOf(query).kind}`;

/** The day's occurrences, search applied: what the tabs count. */
function dayWhere(terms: DayTerms): SQL | undefined {
  return and(
    eq(individualTasks.siteId, terms.siteId),
    eq(individualTasks.taskDate, terms.date),
    terms.search === null
      ? undefined
      : sql`exists (select 1 from ${masterTasks} where ${masterTasks.id} = ${individualTasks.masterTaskId}
          and (${masterTasks.name} ilike ${terms.search} or ${masterTasks.description} ilike ${terms.search}))`,
  );
}

/** Of the day's occurrences, those the chosen tab lists. */
function listedWhere(terms: DayTerms, bucket: SQL<TaskBucket>): SQL {
  const { tab } = terms;
  if (tab.kind === 'every') return ne(individualTasks.status, 'DELETED');
  if (tab.kind === 'record') return sql`${individualTasks.status} = ${tab.status}`;
  return sql`${bucket} = ${tab.status}`;
}

interface CountedDay {
  timeZoneId: string;
  /** Whether the day's occurrences were all made when it was counted. */
  made: boolean;
  /** How many the chosen tab lists. */
  records: number;
  counts: TaskListData['counts'];
}

/**
 * The statement of `countDay`: the site, live and the organisation's (no row otherwise), whether its day is
 * made, and the day's occurrences counted per bucket and in the chosen tab.
 */
function countStatement(db: Database | Tx, terms: DayTerms) {
  // Named apart from `sites`, which the made check joins in its own subquery.
  const site = alias(sites, 'listed_site');
  const bucket = bucketSql(terms.now);
  // The bucket is an expression with a parameter (now): grouped by its position, not restated.
  return db
    .select({
      timeZoneId: site.timeZoneId,
      made: madeSql(db, { orgId: terms.orgId, siteIds: [terms.siteId] }, terms.date, terms.date),
      buckets: sql<{ bucket: TaskBucket; n: number; listed: number }[]>`(
        select coalesce(json_agg(json_build_object('bucket', counted.bucket, 'n', counted.n,
                                                   'listed', counted.listed)), '[]')
        from (select ${bucket} as bucket, count(*) as n,
                     count(*) filter (where ${listedWhere(terms, bucket)}) as listed
              from ${individualTasks}
              where ${dayWhere(terms)}
              group by 1) as counted)`,
    })
    .from(site)
    .where(and(eq(site.id, terms.siteId), eq(site.orgId, terms.orgId), isNull(site.deletedAt)));
}

type CountRow = Awaited<ReturnType<typeof countStatement>>[number];

const preparedCounts = new PreparedQueries<ReturnType<ReturnType<typeof countStatement>['prepare']>>();

/** One statement: the site, whether its day is made, and the day counted per bucket and in the tab. */
async function countDay(
  db: Database | Tx,
  place: DayListPlace,
  query: DayListQuery,
  now: Date,
): Promise<CountedDay | undefined> {
  const [found]: CountRow[] = preparable(db)
    ? await preparedCounts
        .get(db, shapeOf(query), () =>
          countStatement(db, placeholderTerms(query)).prepare(nextStatementName('task_day_counts')),
        )
        .execute(dayValues(place, query, now))
    : await countStatement(db, termsOf(place, query, now));
  if (!found) return undefined;
  const counts: TaskListData['counts'] = {
    ALL: 0,
    UPCOMING: 0,
    ON_TIME: 0,
    LATE: 0,
    INCOMPLETE: 0,
    DELETED: 0,
  };
  let records = 0;
  for (const row of found.buckets) {
    counts[row.bucket] = row.n;
    if (row.bucket !== 'DELETED') counts.ALL += row.n;
    records += row.listed;
  }
  return { timeZoneId: found.timeZoneId, made: found.made, records, counts };
}

const sortColumns: Record<TaskListSortColumn, SQL | typeof individualTasks.id> = {
  _id: individualTasks.id,
  name: sql`lower(${masterTasks.name})`,
  expireOn: sql`${individualTasks.expireOn}`,
  status: sql`${individualTasks.status}`,
};

/** The statement of `readPage`: the tab's page, each occurrence with its master task, category and people. */
function pageStatement(
  db: Database | Tx,
  terms: DayTerms,
  sort: DayListQuery['sort'],
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const direction = sort.direction === 'desc' ? desc : asc;
  const column = sortColumns[sort.column];
  const order =
    column === individualTasks.id
      ? [direction(individualTasks.id)]
      : [direction(column), asc(individualTasks.id)];
  return selectOccurrenceAnswers(db)
    .where(and(dayWhere(terms), listedWhere(terms, bucketSql(terms.now))))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

type PageRow = Awaited<ReturnType<typeof pageStatement>>[number];

const preparedPages = new PreparedQueries<ReturnType<ReturnType<typeof pageStatement>['prepare']>>();

/** One statement: the page of the chosen tab, each occurrence with its master task, category and people. */
async function readPage(
  db: Database | Tx,
  place: DayListPlace,
  query: DayListQuery,
  now: Date,
): Promise<IndividualTask[]> {
  const found: PageRow[] = preparable(db)
    ? await preparedPages
        .get(db, `${shapeOf(query)} ${query.sort.column} ${query.sort.direction}`, () =>
          pageStatement(
            db,
            placeholderTerms(query),
            query.sort,
            sql.placeholder('limit'),
            sql.placeholder('offset'),
          ).prepare(nextStatementName('task_day_page')),
        )
        .execute({ ...dayValues(place, query, now), limit: query.limit, offset: offsetOf(query) })
    : await pageStatement(db, termsOf(place, query, now), query.sort, query.limit, offsetOf(query));
  return found.map((one) => answerOf(one.row, one, now));
}
