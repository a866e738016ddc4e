import { and, asc, desc, eq, getTableColumns, isNull, ne, sql, type SQL } from 'drizzle-orm';
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
import { sites } from '../../platform/db/schema.js';
import { likePattern, offsetOf } from '../../platform/http/list.js';
import { answerOf, bucketSql, occurrenceAnswerColumns, occurrenceDetailJoins } from './occurrence.js';
import { ensureOccurrences, madeSql } from './occurrences.js';
import { individualTasks, masterTasks, taskCategories } from './schema.js';

// The daily task list (GET /master-task/web-app-list, spec section 7): one local day of a site's
// occurrences, a page of them and how many fall in each of the status tabs. Its days are mostly made
// already (the background job makes the week ahead), and a made day costs two statements: its counts,
// which also find the site and check that the day is made, and its page, each task with everything its
// answer shows. `records` comes with the tabs' counts, so the two always agree. A day not made yet is
// made first.

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

/** The day's occurrences, search applied: what the tabs count. */
function dayOf(place: DayListPlace, query: DayListQuery): SQL | undefined {
  return and(
    eq(individualTasks.siteId, place.siteId),
    eq(individualTasks.taskDate, query.taskListDate),
    query.search === ''
      ? undefined
      : sql`exists (select 1 from ${masterTasks} where ${masterTasks.id} = ${individualTasks.masterTaskId}
          and (${masterTasks.name} ilike ${likePattern(query.search)}
               or ${masterTasks.description} ilike ${likePattern(query.search)}))`,
  );
}

/** Of the day's occurrences, those the chosen tab lists. */
function listedOf(query: DayListQuery, bucket: SQL<TaskBucket>): SQL {
  const { status } = query;
  if (status === undefined) return ne(individualTasks.status, 'DELETED');
  if (isRecordStatus(status)) return eq(individualTasks.status, status);
  return sql`${bucket} = ${status}`;
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
 * One statement: the site, live and the organisation's (no row otherwise), whether its day is made, and
 * the day's occurrences counted per bucket and in the chosen tab.
 */
async function countDay(
  db: Database | Tx,
  place: DayListPlace,
  query: DayListQuery,
  now: Date,
): Promise<CountedDay | undefined> {
  // Named apart from `sites`, which the made check joins in its own subquery.
  const site = alias(sites, 'listed_site');
  const bucket = bucketSql(now);
  // The bucket is an expression with a parameter (now): grouped by its position, not restated.
  const [found] = await db
    .select({
      timeZoneId: site.timeZoneId,
      made: madeSql(
        db,
        { orgId: place.orgId, siteIds: [place.siteId] },
        query.taskListDate,
        query.taskListDate,
      ),
      buckets: sql<{ bucket: TaskBucket; n: number; listed: number }[]>`(
        select coalesce(json_agg(json_build_object('bucket', counted.bucket, 'n', counted.n,
                                                   'listed', counted.listed)), '[]')
        from (select ${bucket} as bucket, count(*) as n,
                     count(*) filter (where ${listedOf(query, bucket)}) as listed
              from ${individualTasks}
              where ${dayOf(place, query)}
              group by 1) as counted)`,
    })
    .from(site)
    .where(and(eq(site.id, place.siteId), eq(site.orgId, place.orgId), isNull(site.deletedAt)));
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

/** One statement: the page of the chosen tab, each occurrence with its master task, category and people. */
async function readPage(
  db: Database | Tx,
  place: DayListPlace,
  query: DayListQuery,
  now: Date,
): Promise<IndividualTask[]> {
  const where = and(dayOf(place, query), listedOf(query, bucketSql(now)));
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const column = sortColumns[query.sort.column];
  const order =
    column === individualTasks.id
      ? [direction(individualTasks.id)]
      : [direction(column), asc(individualTasks.id)];
  const found = await db
    .select({ row: getTableColumns(individualTasks), ...occurrenceAnswerColumns() })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .innerJoin(sites, occurrenceDetailJoins.site)
    .leftJoin(taskCategories, occurrenceDetailJoins.category)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(offsetOf(query));
  return found.map((one) => answerOf(one.row, one, now));
}
