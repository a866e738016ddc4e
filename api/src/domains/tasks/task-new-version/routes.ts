import { and, asc, eq, inArray, isNull, ne, or, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  individualTaskSchema,
  siteQuerySchema,
  staffChecklistItemChangeSchema,
  staffCompletionSchema,
  staffDayQuerySchema,
  staffDaySchema,
  staffTodayQuerySchema,
  taskCommentSchema,
  taskViewSchema,
  viewTaskQuerySchema,
  type StaffDay,
  type StaffDaySite,
} from '@console/shared-sdk/contract';
import { individualTasks } from '../schema.js';
import { forPerson } from '../whose-task.js';
import { sites } from '../../../platform/db/schema.js';
import type { Database } from '../../../platform/db/client.js';
import { nextStatementName, PreparedQueries } from '../../../platform/db/prepared.js';
import { listIsPrepared } from '../../../platform/http/list.js';
import { ok } from '../../../platform/http/respond.js';
import { siteListScope } from '../../../platform/http/site-scope.js';
import { allow, authOf } from '../../../platform/auth/guard.js';
import { answerOf, selectOccurrenceAnswers } from '../occurrence.js';
import { addCommentFromForm, changeOccurrenceOnce, viewOccurrence } from '../calls.js';
import { clientIdWords } from '../../../platform/http/client-writes.js';
import { changeChecklistItem, changeOccurrenceStatus, type ChangeTime } from '../occurrence-changes.js';
import { ensureOccurrences, madeSql } from '../occurrences.js';
import { addDays, localDate } from '../../sites/index.js';

// The staff member's own calls (the spec's /task-new-version), made by the mobile app with the token of
// mobile-app-login; a web token gets 403 on them (platform/auth/audience.ts, `staffCalls`): admins record
// with the server's time through /individual-task, so the console cannot back-date a completion here. They
// reuse the console's rules for moving an occurrence (domains/tasks/occurrence-changes.ts); what differs is
// time: the device says when a line was ticked or the task completed, and that time is kept (a little
// ahead is the server's), so work done offline counts when it was done.

const tags = ['task-new-version'];

const authHeader =
  'Send the access token from POST /authentication/mobile-app-login in the Authorization header.';

/** A value of a statement, or a prepared statement's placeholder for it. */
type Given<T> = T | Placeholder;

// Named apart from `sites`, which the made check joins in its own subquery.
const listedSite = alias(sites, 'listed_site');

/**
 * The poll's first statement: the live sites of the scope (all the organisation's when `siteIds` is left
 * out), soonest by name, each with whether each candidate date is made on the scope's sites.
 */
function daySitesQuery(
  db: Database,
  orgId: Given<string>,
  siteIds: readonly Given<string>[] | undefined,
  candidates: readonly Given<string>[],
) {
  const madeScope = { orgId, siteIds };
  return db
    .select({
      id: listedSite.id,
      name: listedSite.name,
      timeZoneId: listedSite.timeZoneId,
      made: sql<boolean[]>`json_build_array(${sql.join(
        candidates.map((candidate) => madeSql(db, madeScope, candidate, candidate)),
        sql`, `,
      )})`,
    })
    .from(listedSite)
    .where(
      and(
        eq(listedSite.orgId, orgId),
        isNull(listedSite.deletedAt),
        siteIds ? inArray(listedSite.id, [...siteIds]) : undefined,
      ),
    )
    .orderBy(asc(listedSite.name), asc(listedSite.id));
}

/**
 * The poll's second statement: `person`'s tasks of each site on its date, not deleted, with everything
 * their answer shows, soonest due first.
 */
function dayTasksQuery(
  db: Database,
  orgId: Given<string>,
  person: Given<string>,
  days: readonly { siteId: Given<string>; date: Given<string> }[],
) {
  return selectOccurrenceAnswers(db)
    .where(
      and(
        eq(individualTasks.orgId, orgId),
        or(
          ...days.map((day) =>
            and(eq(individualTasks.siteId, day.siteId), eq(individualTasks.taskDate, day.date)),
          ),
        ),
        ne(individualTasks.status, 'DELETED'),
        forPerson(db, person),
      ),
    )
    .orderBy(asc(individualTasks.expireOn), asc(individualTasks.id));
}

// A phone polls all day: both statements are prepared once per shape, the first by how many sites the
// scope names (or all the organisation's) and how many candidate dates, the second by how many site and
// date pairs; every value is a placeholder. Past listIsPrepared's count of sites, they are built per call.
const daySitesStatements = new PreparedQueries<ReturnType<ReturnType<typeof daySitesQuery>['prepare']>>();
const dayTasksStatements = new PreparedQueries<ReturnType<ReturnType<typeof dayTasksQuery>['prepare']>>();

/** The values of numbered placeholders: `prefix0`, `prefix1`, ... */
const numbered = (prefix: string, values: readonly string[]) =>
  Object.fromEntries(values.map((value, index) => [`${prefix}${index}`, value]));

export default async function taskNewVersionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const deviceTime = (field: ChangeTime['field'], at: string): ChangeTime => ({
    source: 'device',
    at: new Date(at),
    field,
    syncWindowHours: deps.config.syncWindowHours,
  });

  /**
   * The caller's tasks of one local date on each of their sites (`date`, or each site's today), made on
   * first read, soonest due first. A phone polls this all day, so a made day costs two statements: the
   * sites, with whether the watermarks say their days are made, and the tasks with everything their answer
   * shows. Only a day not made yet costs the making's look first.
   */
  async function dayOf(request: FastifyRequest, siteID: string | undefined, date: string | undefined) {
    const scope = await siteListScope(request, 'Task', siteID);
    await scope.confirmSite?.();
    const person = authOf(request).user.id;
    const now = deps.clock.now();
    if (scope.siteIds?.length === 0) return { list: [], records: 0, sites: [] } satisfies StaffDay;
    // The dates the sites may be on: the one asked for, or each site's today, which is no more than a day
    // either side of UTC's. Whether each is made is read with the sites, before their zones are known.
    const utcToday = localDate('UTC', now);
    const candidates = date !== undefined ? [date] : [addDays(utcToday, -1), utcToday, addDays(utcToday, 1)];
    const siteRows = listIsPrepared(deps.db, scope.siteIds)
      ? await daySitesStatements
          .get(deps.db, `${scope.siteIds?.length ?? 'all'} ${candidates.length}`, () =>
            daySitesQuery(
              deps.db,
              sql.placeholder('orgId'),
              scope.siteIds?.map((_, index) => sql.placeholder(`site${index}`)),
              candidates.map((_, index) => sql.placeholder(`date${index}`)),
            ).prepare(nextStatementName('staff_day_sites')),
          )
          .execute({
            orgId: scope.orgId,
            ...numbered('site', scope.siteIds ?? []),
            ...numbered('date', candidates),
          })
      : await daySitesQuery(deps.db, scope.orgId, scope.siteIds, candidates);
    const days: StaffDaySite[] = siteRows.map((site) => ({
      siteID: site.id,
      name: site.name,
      timeZoneId: site.timeZoneId,
      date: date ?? localDate(site.timeZoneId, now),
    }));
    if (days.length === 0) return { list: [], records: 0, sites: days } satisfies StaffDay;

    // Sites in different zones may be on different dates: one making per date not made yet.
    const made = new Set(candidates.filter((_, index) => siteRows[0]?.made[index] === true));
    const sitesByDate = new Map<string, string[]>();
    for (const day of days) sitesByDate.set(day.date, [...(sitesByDate.get(day.date) ?? []), day.siteID]);
    for (const [taskDate, siteIds] of sitesByDate) {
      if (made.has(taskDate)) continue;
      await ensureOccurrences(deps.db, { orgId: scope.orgId, siteIds }, taskDate, taskDate, now);
    }

    const siteIds = days.map((day) => day.siteID);
    const found = listIsPrepared(deps.db, siteIds)
      ? await dayTasksStatements
          .get(deps.db, String(days.length), () =>
            dayTasksQuery(
              deps.db,
              sql.placeholder('orgId'),
              sql.placeholder('person'),
              days.map((_, index) => ({
                siteId: sql.placeholder(`site${index}`),
                date: sql.placeholder(`date${index}`),
              })),
            ).prepare(nextStatementName('staff_day_tasks')),
          )
          .execute({
            orgId: scope.orgId,
            person,
            ...numbered('site', siteIds),
            ...numbered(
              'date',
              days.map((day) => day.date),
            ),
          })
      : await dayTasksQuery(
          deps.db,
          scope.orgId,
          person,
          days.map((day) => ({ siteId: day.siteID, date: day.date })),
        );
    const answer: StaffDay = {
      list: found.map((one) => answerOf(one.row, one, now)),
      records: found.length,
      sites: days,
    };
    return answer;
  }

  const dayDescription =
    'The tasks of the caller: occurrences of master tasks assigned to them, to one of their departments, or to ' +
    'nobody (anyone on the site may do those), on the sites they work at (or the one `siteID`: 403 if they do ' +
    'not work there, 404 if it is not a site of their organisation). A day’s tasks are made the first time it ' +
    'is read. Deleted tasks are left out; sorted by `expireOn`, soonest due first. Each task has its site’s ' +
    '`timeZoneId`; `sites` lists every site the answer covers with its time zone and the local date shown ' +
    '(sites in different zones can be on different dates). `bucket` says where each task stands (UPCOMING, ' +
    'ON_TIME, LATE, INCOMPLETE). ' +
    authHeader;

  r.get(
    '/my-tasks',
    {
      schema: {
        tags,
        summary: "The caller's tasks of one local day (each site's today when `date` is left out)",
        description: dayDescription,
        querystring: staffDayQuerySchema,
        response: { 200: envelope(staffDaySchema) },
      },
      onRequest: allow('read', 'Task'),
    },
    async (request) => ok(await dayOf(request, request.query.siteID, request.query.date)),
  );

  r.get(
    '/today',
    {
      schema: {
        tags,
        summary: "The caller's tasks of today, in each site's own time zone (the app's home screen)",
        description: `The same as GET /my-tasks without \`date\`. ${dayDescription}`,
        querystring: staffTodayQuerySchema,
        response: { 200: envelope(staffDaySchema) },
      },
      onRequest: allow('read', 'Task'),
    },
    async (request) => ok(await dayOf(request, request.query.siteID, undefined)),
  );

  r.get(
    '/view-task',
    {
      schema: {
        tags,
        summary: 'One task with its checklist, comments and photos, and its history',
        description:
          'Any task of a site the caller works at, by its `masterTaskID` and `individualTaskID` (the `_id` ' +
          'of a task in the day’s list). Photos come with a `location`, a path on this API the app loads ' +
          'without a token. ' +
          '`history` lists changes made after the task was completed, newest first. 404 for a task that does ' +
          'not exist or is not the organisation’s; 403 for one on another site. ' +
          authHeader,
        querystring: viewTaskQuerySchema,
        response: { 200: envelope(taskViewSchema) },
      },
      onRequest: allow('read', 'Task'),
    },
    async (request) => ok(await viewOccurrence(request, deps, request.query)),
  );

  r.put(
    '/check-list-item-status-change',
    {
      schema: {
        tags,
        summary: 'Tick a checklist line (COMPLETED), fail it (FAILED, with a comment) or untick it (PENDING)',
        description:
          '`changedAt` is required: the time of the change on the device, kept as the line’s `statusChangeOn`, ' +
          'so a change made offline counts when it was made. Up to 2 minutes ahead of the server it is ' +
          'taken as the server’s time; further ahead, older than the sync window (72 hours by default), ' +
          'before the task opens (`opensAt`) or before the task was created, it is refused with 400 on ' +
          '`changedAt`. FAILED needs `comment`, saying what failed. A line that needs a photo (`photoRequired`) ' +
          'is marked COMPLETED or FAILED only once its photo was sent with its `checkListID` (POST /comment): ' +
          'before, 400 on `checkListID`. When the last required line is done and ' +
          'any required photo is there, the task completes at `changedAt`. Changing a task that was already ' +
          'completed needs `reason`, kept in its history. 409 for a deleted task; 400 with field errors for ' +
          'a missing or bad field or an unknown `checkListID`. A copy of a change that was made answers the ' +
          'task as it is now (200), even once it is completed. ' +
          clientIdWords() +
          ' ' +
          authHeader,
        querystring: siteQuerySchema,
        body: staffChecklistItemChangeSchema,
        response: { 200: envelope(individualTaskSchema) },
      },
      onRequest: allow('update', 'Task'),
      config: { signInState: 'untouched' },
    },
    async (request) => {
      const body = request.body;
      const task = await changeOccurrenceOnce(request, deps, body, (tx, occurrence, actor, now) =>
        changeChecklistItem(
          tx,
          occurrence,
          { ...body, time: deviceTime('changedAt', body.changedAt) },
          actor,
          now,
        ),
      );
      return ok(task, 'Checklist updated');
    },
  );

  r.post(
    '/comment',
    {
      schema: {
        tags,
        summary: 'Comment on a task or one of its checklist lines, or attach a photo',
        description:
          'A multipart/form-data form with the text fields `masterTaskID` and `individualTaskID`, optionally ' +
          '`checkListID` (the line the comment or photo is about: a line that needs a photo needs one sent ' +
          'with its `checkListID`), and either the text field `comment` (at most 2000 characters) or one ' +
          'image file under any field name (JPEG, PNG, WebP or GIF, at most 10 MB; the type is read from the ' +
          'bytes). Not both. Answers the comment, with the photo’s `location`. 409 for a deleted task; 415 ' +
          'for a file that is not an image; 413 for one too large. ' +
          clientIdWords('a text field of the form') +
          ' ' +
          authHeader,
        consumes: ['multipart/form-data'],
        querystring: siteQuerySchema,
        response: { 200: envelope(taskCommentSchema) },
      },
      onRequest: allow('create', 'Comment'),
      config: { signInState: 'untouched' },
    },
    async (request) => {
      const comment = await addCommentFromForm(request, deps, { staff: true });
      return ok(comment, comment.type === 'IMAGE' ? 'Photo added' : 'Comment added');
    },
  );

  r.put(
    '/complete',
    {
      schema: {
        tags,
        summary: 'Complete a task, with the time it was completed on the device',
        description:
          '`completedAt` is required: the time of completion on the device, kept as the task’s ' +
          '`completedAt`, so a task completed offline counts with its real time (on time when that is by ' +
          '`expireOn`). It passes the same rules as a checklist change’s `changedAt` (400 on `completedAt`: ' +
          'more than 2 minutes ahead of the server, older than the sync window, before the task opens or ' +
          'was created). The server’s time of arrival is `syncedAt`; a completion that arrives more than 30 ' +
          'minutes after `completedAt` is flagged `syncedLate`. Refused with 400, naming what is missing, ' +
          'while a required line is still pending or a required photo is missing; 409 when it is already ' +
          'completed or was deleted, except for a copy of the completion that completed it (same ' +
          '`clientId`), which answers the task with 200. ' +
          clientIdWords() +
          ' ' +
          authHeader,
        querystring: siteQuerySchema,
        body: staffCompletionSchema,
        response: { 200: envelope(individualTaskSchema) },
      },
      onRequest: allow('update', 'Task'),
      config: { signInState: 'untouched' },
    },
    async (request) => {
      const body = request.body;
      const task = await changeOccurrenceOnce(request, deps, body, (tx, occurrence, actor, now) =>
        changeOccurrenceStatus(
          tx,
          occurrence,
          { status: 'COMPLETED', time: deviceTime('completedAt', body.completedAt) },
          actor,
          now,
        ),
      );
      return ok(task, 'Task completed');
    },
  );
}
