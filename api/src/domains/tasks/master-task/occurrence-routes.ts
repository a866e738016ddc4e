import { and, asc, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  recordStatusSchema,
  taskListDataSchema,
  taskListQuerySchema,
  taskViewSchema,
  viewTaskQuerySchema,
  type TaskListData,
  type TaskListSortColumn,
} from '@console/shared-sdk/contract';
import { individualTasks, masterTasks } from '../schema.js';
import { likePattern, pageOf } from '../../../platform/http/list.js';
import { ok } from '../../../platform/http/respond.js';
import { siteAccess } from '../../../platform/http/site-scope.js';
import { allow, orgOf } from '../../../platform/auth/guard.js';
import { bucketSql, occurrenceDtos, type OccurrenceRow } from '../occurrence.js';
import { viewOccurrence } from '../occurrence-calls.js';
import { ensureOccurrences } from '../occurrences.js';

// The occurrences' calls under /master-task (spec section 7): the daily list of a site and the view of one
// occurrence. A day's occurrences are made the first time the day is read, so a list is never missing a
// task that its schedule covers, past days included.

const tags = ['master-task'];

const nameOfMaster = sql`(select lower(${masterTasks.name}) from ${masterTasks} where ${masterTasks.id} = ${individualTasks.masterTaskId})`;

const sortColumns: Record<TaskListSortColumn, SQL | typeof individualTasks.id> = {
  _id: individualTasks.id,
  name: nameOfMaster,
  expireOn: sql`${individualTasks.expireOn}`,
  status: sql`${individualTasks.status}`,
};

const isRecordStatus = (status: string): status is OccurrenceRow['status'] =>
  (recordStatusSchema.options as readonly string[]).includes(status);

export function occurrenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          "One local day of a site's tasks (taskListDate), made on first read, with each bucket's count",
        description:
          '`status` is a record status (PENDING, COMPLETED, REPORTED, DELETED) or a dashboard bucket (UPCOMING, ' +
          'ON_TIME, LATE, INCOMPLETE); without it, every task of the day but the deleted ones. Sort by expireOn, ' +
          'name, status or _id (prefix - for descending). `timeZoneId` is the site’s.',
        querystring: taskListQuerySchema,
        response: { 200: envelope(taskListDataSchema) },
      },
      onRequest: allow('read', 'Task'),
    },
    async (request) => {
      const query = request.query;
      const orgId = orgOf(request);
      const { timeZoneId } = await siteAccess(request, 'read', 'Task', query.siteID);
      const now = deps.clock.now();
      await ensureOccurrences(
        deps.db,
        { orgId, siteIds: [query.siteID] },
        query.taskListDate,
        query.taskListDate,
        now,
      );

      const bucket = bucketSql(now);
      const day = and(
        eq(individualTasks.siteId, query.siteID),
        eq(individualTasks.taskDate, query.taskListDate),
        query.search === ''
          ? undefined
          : sql`exists (select 1 from ${masterTasks} where ${masterTasks.id} = ${individualTasks.masterTaskId}
              and (${masterTasks.name} ilike ${likePattern(query.search)}
                   or ${masterTasks.description} ilike ${likePattern(query.search)}))`,
      );
      const status = query.status;
      const where = and(
        day,
        status === undefined
          ? ne(individualTasks.status, 'DELETED')
          : isRecordStatus(status)
            ? eq(individualTasks.status, status)
            : sql`${bucket} = ${status}`,
      );
      const direction = query.sort.direction === 'desc' ? desc : asc;
      const column = sortColumns[query.sort.column];
      const order =
        column === individualTasks.id
          ? [direction(individualTasks.id)]
          : [direction(column), asc(individualTasks.id)];

      const [page, counted] = await Promise.all([
        pageOf<OccurrenceRow>(
          deps.db,
          { table: individualTasks, columns: getTableColumns(individualTasks) },
          where,
          order,
          query,
        ),
        deps.db
          .select({ bucket, n: sql<number>`count(*)`.mapWith(Number) })
          .from(individualTasks)
          .where(day)
          // The bucket is an expression with a parameter (now): grouped by its position, not restated.
          .groupBy(sql`1`),
      ]);
      const counts: TaskListData['counts'] = {
        ALL: 0,
        UPCOMING: 0,
        ON_TIME: 0,
        LATE: 0,
        INCOMPLETE: 0,
        DELETED: 0,
      };
      for (const row of counted) {
        counts[row.bucket] = row.n;
        if (row.bucket !== 'DELETED') counts.ALL += row.n;
      }
      return ok({
        list: await occurrenceDtos(deps.db, page.rows, now),
        records: page.total,
        page: query.page,
        limit: query.limit,
        timeZoneId,
        counts,
      });
    },
  );

  r.get(
    '/view-task',
    {
      schema: {
        tags,
        summary: 'One occurrence with its checklist, comments and photos, and its history',
        querystring: viewTaskQuerySchema,
        response: { 200: envelope(taskViewSchema) },
      },
      onRequest: allow('read', 'Task'),
    },
    async (request) => ok(await viewOccurrence(request, deps, request.query)),
  );
}
