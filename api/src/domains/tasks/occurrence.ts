import { and, eq, getTableColumns, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type {
  IndividualTask,
  Person,
  SlotName,
  TaskBucket,
  TaskHistoryEntry,
  TaskRef,
} from '@console/shared-sdk/contract';
import { lateSyncMinutes } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../platform/db/client.js';
import { departments } from '../people/index.js';
import {
  individualTasks,
  masterTaskAssignees,
  masterTaskDepartments,
  masterTasks,
  taskCategories,
  taskComments,
  type FollowUpRecord,
  type OccurrenceItemRecord,
} from './schema.js';
import { sites, users } from '../../platform/db/schema.js';
import { historyOf } from '../../platform/history/history.js';
import { reachedLate } from '../../platform/device-time.js';
import { stageOfFollowUp } from './follow-ups/rules.js';

// One occurrence of a master task as every caller sees it: the console's daily list and view, the staff's
// calls, the dashboard. Its checklist lives on the row (copied from the master task when it was made); the
// master task gives its name, description, category and assignees.

export type OccurrenceRow = typeof individualTasks.$inferSelect;

/** A completion that reaches the server more than this after it happened is flagged as synced late. */
export const lateSyncMs = lateSyncMinutes * 60_000;

/**
 * The dashboard bucket (DOMAIN.md): a completion counts by its real time against `expireOn`, and an open
 * task is late from the instant it expires. A reported task that has not expired yet is still in progress.
 */
export function bucketOf(
  row: Pick<OccurrenceRow, 'status' | 'expireOn' | 'completedAt' | 'enteredAfterTheFact'>,
  now: Date,
): TaskBucket {
  if (row.status === 'DELETED') return 'DELETED';
  if (row.status === 'COMPLETED') {
    // An admin's completion entered after the fact is never on time on its own say-so.
    if (row.enteredAfterTheFact) return 'LATE';
    const completedAt = row.completedAt ?? row.expireOn;
    return completedAt.getTime() <= row.expireOn.getTime() ? 'ON_TIME' : 'LATE';
  }
  return now.getTime() < row.expireOn.getTime() ? 'UPCOMING' : 'INCOMPLETE';
}

/**
 * bucketOf in SQL, for counting and filtering occurrences by bucket in the database, at `now` (a
 * placeholder in a prepared statement).
 */
export const bucketSql = (now: Date | Placeholder): SQL<TaskBucket> => sql<TaskBucket>`case
  when ${individualTasks.status} = 'DELETED' then 'DELETED'
  when ${individualTasks.status} = 'COMPLETED' then
    case when not ${individualTasks.enteredAfterTheFact}
        and coalesce(${individualTasks.completedAt}, ${individualTasks.expireOn}) <= ${individualTasks.expireOn}
      then 'ON_TIME' else 'LATE' end
  when ${now instanceof Date ? now.toISOString() : now}::timestamptz < ${individualTasks.expireOn} then 'UPCOMING'
  else 'INCOMPLETE' end`;

/**
 * Whether a completion reached the server more than 30 minutes after it happened (an offline device). An
 * admin's completion entered after the fact was never synced: it says so with `enteredAfterTheFact`.
 */
export const isSyncedLate = (
  row: Pick<OccurrenceRow, 'completedAt' | 'syncedAt'> & Partial<Pick<OccurrenceRow, 'enteredAfterTheFact'>>,
) =>
  row.completedAt !== null &&
  row.syncedAt !== null &&
  row.enteredAfterTheFact !== true &&
  reachedLate(row.completedAt, row.syncedAt);

/** An occurrence nobody has used: still pending, no line moved, no comment. */
export const isUntouched = (row: Pick<OccurrenceRow, 'status' | 'items'>, comments: number) =>
  row.status === 'PENDING' && comments === 0 && row.items.every((item) => item.status === 'PENDING');

/**
 * One occurrence by the spec's pair of ids, in the organisation and on one of its live sites: another
 * organisation's, or one on a closed site, is not found. A change loads it with loadForChange
 * (occurrence-changes.ts), which locks it.
 */
export async function findOccurrence(
  db: Database | Tx,
  orgId: string,
  ref: TaskRef,
): Promise<OccurrenceRow | undefined> {
  const [row] = await db
    .select(getTableColumns(individualTasks))
    .from(individualTasks)
    .innerJoin(sites, and(eq(sites.id, individualTasks.siteId), isNull(sites.deletedAt)))
    .where(
      and(
        eq(individualTasks.id, ref.individualTaskID),
        eq(individualTasks.masterTaskId, ref.masterTaskID),
        eq(individualTasks.orgId, orgId),
      ),
    );
  return row;
}

/**
 * What an occurrence's answer takes from its master task, the master task's site and its category, as
 * columns of a query joining them (`occurrenceDetailJoins`): the daily list reads them beside its page in
 * one statement, `occurrenceDtos` for any rows in one more.
 */
export interface OccurrenceDetails {
  name: string;
  description: string;
  photoRequired: boolean;
  dueSlot: SlotName | null;
  dueTime: string | null;
  categoryId: string | null;
  categoryName: string | null;
  timeZoneId: string;
  /** By name, case aside. */
  departments: { _id: string; name: string }[];
  /** Unordered: `toOccurrenceDto` sorts them by full name (localeCompare). */
  assignees: Person[];
  /** A follow-up check made by a reading (follow-ups/), null for a scheduled task. */
  followUp: FollowUpRecord | null;
}

/** The columns of `OccurrenceDetails`, selected from master_tasks joined as `occurrenceDetailJoins` says. */
export const occurrenceDetailColumns = {
  name: masterTasks.name,
  description: masterTasks.description,
  photoRequired: masterTasks.photoRequired,
  dueSlot: masterTasks.dueSlot,
  dueTime: masterTasks.dueTime,
  categoryId: taskCategories.id,
  categoryName: taskCategories.name,
  timeZoneId: sites.timeZoneId,
  followUp: masterTasks.followUp,
  departments: sql<OccurrenceDetails['departments']>`(
    select coalesce(json_agg(json_build_object('_id', ${departments.id}, 'name', ${departments.name})
                             order by lower(${departments.name})), '[]')
    from ${masterTaskDepartments}
    join ${departments} on ${departments.id} = ${masterTaskDepartments.departmentId}
      and ${departments.deletedAt} is null
    where ${masterTaskDepartments.masterTaskId} = ${masterTasks.id})`,
  assignees: sql<Person[]>`(
    select coalesce(json_agg(json_build_object('_id', ${users.id}, 'firstName', ${users.firstName},
                                               'lastName', ${users.lastName}, 'email', ${users.email})),
                    '[]')
    from ${masterTaskAssignees}
    join ${users} on ${users.id} = ${masterTaskAssignees.userId}
    where ${masterTaskAssignees.masterTaskId} = ${masterTasks.id})`,
};

/**
 * How `occurrenceDetailColumns` reach master_tasks: its site (the zone the answer names is the master
 * task's site's), and its category while that is live.
 */
export const occurrenceDetailJoins = {
  site: eq(sites.id, masterTasks.siteId),
  category: and(eq(taskCategories.id, masterTasks.categoryId), isNull(taskCategories.deletedAt)),
};

/** A live comment count of the occurrence a query reads (a row of `individualTasks`). */
const commentsOfKind = (type: 'TEXT' | 'IMAGE') =>
  sql<number>`(select count(*) from ${taskComments}
    where ${taskComments.individualTaskId} = ${individualTasks.id} and ${taskComments.type} = ${type}
      and ${taskComments.deletedAt} is null)`.mapWith(Number);

/**
 * The people the occurrence a query reads names (who completed it, who moved a line), and `alsoNamed` (the
 * person about to change it, whom the answer after the change names), looked up by id so each is an index
 * probe however many people the organisation has.
 */
const peopleNamed = (alsoNamed: readonly (string | Placeholder)[]) => sql<Person[]>`(
  select coalesce(json_agg(json_build_object('_id', ${users.id}, 'firstName', ${users.firstName},
                                             'lastName', ${users.lastName}, 'email', ${users.email})), '[]')
  from ${users}
  where ${users.id} = any(array(
    select ${individualTasks.completedBy}
    union
    select (line ->> 'changedBy')::uuid from jsonb_array_elements(${individualTasks.items}) as line
    ${sql.join(
      alsoNamed.map((id) => sql` union select ${id}::uuid`),
      sql``,
    )})))`;

/**
 * Everything an occurrence's answer shows besides its row, as columns of a query that reads the row and
 * joins master_tasks as `occurrenceDetailJoins` says: its details, its live comments by kind and the people
 * it names. `answerOf` makes the answer from them.
 */
export const occurrenceAnswerColumns = (alsoNamed: readonly (string | Placeholder)[] = []) => ({
  ...occurrenceDetailColumns,
  textComments: commentsOfKind('TEXT'),
  imageComments: commentsOfKind('IMAGE'),
  people: peopleNamed(alsoNamed),
});

/**
 * Occurrences with everything their answers show, to be narrowed and ordered by the caller: each row with
 * `occurrenceAnswerColumns`, its master task, that task's site and its live category joined.
 */
export const selectOccurrenceAnswers = (db: Database | Tx) =>
  db
    .select({ row: getTableColumns(individualTasks), ...occurrenceAnswerColumns() })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .innerJoin(sites, occurrenceDetailJoins.site)
    .leftJoin(taskCategories, occurrenceDetailJoins.category);

/** What `occurrenceAnswerColumns` read. */
export interface OccurrenceAnswerParts extends OccurrenceDetails {
  textComments: number;
  imageComments: number;
  people: Person[];
}

/** The answer for `row` from what `occurrenceAnswerColumns` read beside it (or before a change of it). */
export function answerOf(row: OccurrenceRow, parts: OccurrenceAnswerParts, now: Date): IndividualTask {
  const people = new Map(parts.people.map((person) => [person._id, person]));
  const person: PersonOf = (id) => (id ? (people.get(id) ?? null) : null);
  return toOccurrenceDto(row, parts, { text: parts.textComments, images: parts.imageComments }, person, now);
}

/** How many live comments of each kind an occurrence has. */
export interface CommentCounts {
  text: number;
  images: number;
}

/** A person a row names (who completed it, who moved a line), or null when it names nobody. */
export type PersonOf = (id: string | null) => Person | null;

const byName = (a: Person, b: Person) =>
  `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`);

/** The answer for one occurrence from its row and what was loaded beside it. */
export function toOccurrenceDto(
  row: OccurrenceRow,
  master: OccurrenceDetails,
  comments: CommentCounts,
  person: PersonOf,
  now: Date,
): IndividualTask {
  return {
    _id: row.id,
    orgId: row.orgId,
    masterTaskID: row.masterTaskId,
    siteID: row.siteId,
    name: master.name,
    description: master.description,
    category:
      master.categoryId && master.categoryName ? { _id: master.categoryId, name: master.categoryName } : null,
    assignees: [...master.assignees].sort(byName),
    departments: master.departments,
    taskDate: row.taskDate,
    opensAt: row.opensAt.toISOString(),
    expireOn: row.expireOn.toISOString(),
    dueSlot: master.dueSlot,
    dueTime: master.dueTime,
    status: row.status,
    bucket: bucketOf(row, now),
    photoRequired: master.photoRequired,
    itemCheckList: row.items.map((item) => ({
      _id: item.id,
      text: item.text,
      required: item.required,
      photoRequired: item.photoRequired,
      status: item.status,
      statusChangeOn: item.statusChangeOn,
      changedBy: person(item.changedBy),
      comment: item.comment,
    })),
    completedAt: row.completedAt?.toISOString() ?? null,
    completedBy: person(row.completedBy),
    syncedAt: row.syncedAt?.toISOString() ?? null,
    syncedLate: isSyncedLate(row),
    enteredAfterTheFact: row.enteredAfterTheFact,
    commentCount: comments.text,
    imageCount: comments.images,
    timeZoneId: master.timeZoneId,
    followUp: master.followUp && {
      kind: master.followUp.kind,
      readingID: master.followUp.readingId,
      foodItemID: master.followUp.foodItemId,
      dueAt: master.followUp.dueAt,
      ...stageOfFollowUp(master.followUp),
      cancelled: master.followUp.cancelled
        ? {
            cause: master.followUp.cancelled.cause,
            reason: master.followUp.cancelled.reason,
            at: master.followUp.cancelled.at,
          }
        : null,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The answers for some occurrences, their master tasks, people and comment counts read in one statement. */
export async function occurrenceDtos(
  db: Database | Tx,
  rows: readonly OccurrenceRow[],
  now: Date,
): Promise<IndividualTask[]> {
  if (rows.length === 0) return [];
  const taskIds = rows.map((row) => row.id);
  const masterIds = [...new Set(rows.map((row) => row.masterTaskId))];
  const personIds = [
    ...new Set(
      rows.flatMap((row) => [
        ...(row.completedBy ? [row.completedBy] : []),
        ...row.items.flatMap((item) => (item.changedBy ? [item.changedBy] : [])),
      ]),
    ),
  ];
  // One statement whatever the page holds: each master task with its category, departments, assignees and
  // site's zone, and on every row the same two lists (PostgreSQL reads an uncorrelated subquery once): the
  // page's comment counts and the people its rows name (who completed, who moved a line).
  const masters = await db
    .select({
      id: masterTasks.id,
      ...occurrenceDetailColumns,
      commentCounts: sql<{ taskId: string; type: 'TEXT' | 'IMAGE'; n: number }[]>`(
        select coalesce(json_agg(json_build_object('taskId', counted.task_id, 'type', counted.type, 'n', counted.n)), '[]')
        from (select ${taskComments.individualTaskId} as task_id, ${taskComments.type} as type, count(*)::int as n
              from ${taskComments}
              where ${and(inArray(taskComments.individualTaskId, taskIds), isNull(taskComments.deletedAt))}
              group by 1, 2) counted)`,
      people:
        personIds.length === 0
          ? sql<Person[]>`'[]'::json`
          : sql<Person[]>`(
        select coalesce(json_agg(json_build_object('_id', ${users.id}, 'firstName', ${users.firstName},
                                                   'lastName', ${users.lastName}, 'email', ${users.email})), '[]')
        from ${users} where ${inArray(users.id, personIds)})`,
    })
    .from(masterTasks)
    .innerJoin(sites, occurrenceDetailJoins.site)
    .leftJoin(taskCategories, occurrenceDetailJoins.category)
    .where(inArray(masterTasks.id, masterIds));
  const commentCounts = masters[0]?.commentCounts ?? [];
  const people = new Map((masters[0]?.people ?? []).map((one) => [one._id, one]));
  const masterById = new Map(masters.map((master) => [master.id, master]));
  const counted = (taskId: string, type: 'TEXT' | 'IMAGE') =>
    commentCounts.find((row) => row.taskId === taskId && row.type === type)?.n ?? 0;
  const person: PersonOf = (id) => (id ? (people.get(id) ?? null) : null);

  return rows.map((row) => {
    const master = masterById.get(row.masterTaskId);
    if (!master) throw new Error(`occurrence ${row.id} has no master task`);
    return toOccurrenceDto(
      row,
      master,
      { text: counted(row.id, 'TEXT'), images: counted(row.id, 'IMAGE') },
      person,
      now,
    );
  });
}

/** The answer for one occurrence. */
export async function occurrenceDto(
  db: Database | Tx,
  row: OccurrenceRow,
  now: Date,
): Promise<IndividualTask> {
  const [dto] = await occurrenceDtos(db, [row], now);
  if (!dto) throw new Error(`no answer for occurrence ${row.id}`);
  return dto;
}

/**
 * Why an occurrence cannot be completed yet, one sentence per missing thing: a required line still
 * pending, a line's photo, the task's photo. Empty when it can be.
 */
export function completionProblems(
  items: readonly OccurrenceItemRecord[],
  photoRequired: boolean,
  images: readonly { checklistItemId: string | null }[],
): string[] {
  const problems: string[] = [];
  for (const item of items) {
    if (item.required && item.status === 'PENDING') problems.push(`"${item.text}" is not done yet`);
    if (item.photoRequired && !images.some((image) => image.checklistItemId === item.id))
      problems.push(`"${item.text}" needs a photo`);
  }
  if (photoRequired && images.length === 0) problems.push('This task needs a photo');
  return problems;
}

/** The occurrence's history for its view, newest first, each change said in words. */
export async function occurrenceHistory(
  db: Database | Tx,
  orgId: string,
  taskId: string,
): Promise<TaskHistoryEntry[]> {
  const entries = await historyOf(db, orgId, 'Task', taskId);
  return entries.map((entry) => ({
    _id: entry.id,
    at: entry.at.toISOString(),
    actorName: entry.actorName,
    action: entry.action,
    summary: summaryOf(entry.changes.after),
    reason: entry.reason,
  }));
}

/** What a history snapshot of an occurrence says happened (occurrence-changes.ts writes `summary`). */
function summaryOf(after: unknown): string {
  if (after !== null && typeof after === 'object' && 'summary' in after && typeof after.summary === 'string')
    return after.summary;
  return 'Changed';
}
