import { and, asc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListQuery, masterTaskInputSchema } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import {
  checklistTemplates,
  individualTasks,
  masterTaskAssignees,
  masterTaskDepartments,
  masterTasks,
  taskCategories,
  taskCategorySites,
  taskComments,
  type ChecklistItemRecord,
} from '../schema.js';
import { departments } from '../../people/index.js';
import { siteMembers, sites, users } from '../../../platform/db/schema.js';
import { badRequest, conflict, fieldError } from '../../../platform/http/errors.js';
import { canonicalJson } from '../../../platform/history/history.js';
import { checklistFromForm, copiedChecklist } from '../template-panel/checklist.js';
import { recordsOf, usableOnSites, type RecordScope } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';
import { addDays, localDate } from '../../sites/index.js';
import { ensureOccurrences, maxOccurrenceRangeDays, remakeFrom } from '../occurrences.js';

// Master tasks: what must be done on a site, by whom and when (DOMAIN.md "Tasks"). The row holds the
// definition; its occurrences (individual_tasks) are made from it per local date by domains/tasks/occurrences.ts.
// Changing or deleting a definition only touches occurrences nobody has used yet: what staff ticked,
// commented or completed stays as they left it.

export type MasterTaskRow = typeof masterTasks.$inferSelect;

/** The sort columns of the factory's list of definitions (the console's daily list is the spec's). */
export const masterTaskSortColumns = ['_id', 'name', 'createdAt', 'updatedAt'] as const;
export type MasterTaskSortColumn = (typeof masterTaskSortColumns)[number];

export const masterTaskRecords = recordsOf<typeof masterTasks, ListQuery<MasterTaskSortColumn>>({
  table: masterTasks,
  placedOn: 'site',
  sort: {
    _id: masterTasks.id,
    name: sql`lower(${masterTasks.name})`,
    createdAt: masterTasks.createdAt,
    updatedAt: masterTasks.updatedAt,
  },
  search: [masterTasks.name, masterTasks.description],
  // Follow-up checks (made by readings, domains/tasks/follow-ups) are not scheduled tasks: never listed.
  filters: () => [isNull(masterTasks.followUp)],
});

/**
 * A follow-up check is made and completed by temperature readings, not by an admin: the master-task calls
 * that change or delete one refuse it (409), naming how it is done instead.
 */
export function assertScheduled(row: Pick<MasterTaskRow, 'followUp'>): void {
  if (row.followUp !== null) {
    throw conflict(
      'This is a follow-up check made by a temperature reading: it is done by recording the next reading of ' +
        'the food, and cannot be edited or deleted as a scheduled task',
    );
  }
}

/** A master task form as validated, without its place (`siteID`) and id. */
export type MasterTaskFields = Omit<z.output<typeof masterTaskInputSchema>, 'siteID'>;

// ---- references a form names ----------------------------------------------------------------------------

async function assertCategory(db: Tx, place: SitePlace, categoryId: string) {
  const [found] = await db
    .select({ id: taskCategories.id })
    .from(taskCategories)
    .innerJoin(
      taskCategorySites,
      and(eq(taskCategorySites.categoryId, taskCategories.id), eq(taskCategorySites.siteId, place.siteID)),
    )
    .where(
      and(
        eq(taskCategories.id, categoryId),
        eq(taskCategories.orgId, place.orgId),
        isNull(taskCategories.deletedAt),
      ),
    );
  if (!found) throw fieldError('categoryID', 'Choose a category that applies on this site');
}

async function assertDepartments(db: Tx, place: SitePlace, departmentIds: readonly string[]) {
  if (departmentIds.length === 0) return;
  const found = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        inArray(departments.id, [...departmentIds]),
        eq(departments.orgId, place.orgId),
        eq(departments.siteId, place.siteID),
        isNull(departments.deletedAt),
      ),
    );
  if (found.length !== departmentIds.length) {
    const missing = departmentIds.length - found.length;
    throw fieldError(
      'departmentID',
      missing === 1
        ? 'A chosen department is not one of this site'
        : `${missing} chosen departments are not of this site`,
    );
  }
}

/**
 * Assignees must be live, active people of the organisation who work at the site, or its organisation
 * admins (who work everywhere). Each refusal names the person, so the admin knows whom to take off; an id
 * that is nobody of this organisation is not named (it might be another tenant's).
 */
async function assertAssignees(db: Tx, place: SitePlace, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      atSite: sql<boolean>`exists (select 1 from ${siteMembers} where ${siteMembers.userId} = ${users.id}
        and ${siteMembers.siteId} = ${place.siteID})`,
    })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.orgId, place.orgId), isNull(users.deletedAt)));
  const byId = new Map(people.map((person) => [person.id, person]));
  const problems: string[] = [];
  for (const id of userIds) {
    const person = byId.get(id);
    if (!person) {
      problems.push('A chosen person was not found');
      continue;
    }
    const name = `${person.firstName} ${person.lastName}`.trim();
    if (person.status !== 'ACTIVE') problems.push(`${name} is inactive`);
    else if (!person.atSite && person.role !== 'ORGANIZATION_ADMIN') {
      problems.push(`${name} does not work at this site`);
    }
  }
  const [first] = problems;
  if (first) throw badRequest(first, { assigneeIDs: problems });
}

/**
 * The task's checklist: the lines sent (template-panel/checklist.ts: a line keeps its `_id` only if it is
 * one of the task's own, so occurrences and comments that name it still do), or with none sent and a
 * template, the template's lines copied with new ids.
 */
async function checklistOf(
  db: Tx,
  place: SitePlace,
  fields: MasterTaskFields,
  current: MasterTaskRow | undefined,
): Promise<ChecklistItemRecord[]> {
  const templateId = fields.templateID ?? null;
  let templateItems: ChecklistItemRecord[] | undefined;
  if (templateId !== null) {
    // A task keeps the template it was made from even once that template is deleted.
    const unchanged = templateId === current?.templateId;
    const [template] = await db
      .select({ items: checklistTemplates.items })
      .from(checklistTemplates)
      .where(
        and(
          eq(checklistTemplates.id, templateId),
          eq(checklistTemplates.orgId, place.orgId),
          // A new choice is a live template of the organisation or of the task's own site, never another
          // site's own (which answers as if missing).
          unchanged
            ? undefined
            : and(
                isNull(checklistTemplates.deletedAt),
                usableOnSites(checklistTemplates.ownerSiteId, [place.siteID]),
              ),
        ),
      );
    if (!template) throw fieldError('templateID', 'Choose a template of this organisation');
    templateItems = template.items;
  }
  if (fields.checkListItems.length === 0 && templateItems) return copiedChecklist(templateItems);
  return checklistFromForm(fields.checkListItems, current?.items);
}

/** Checks what the form names against `place` and returns the row's own columns. */
async function columnsFor(tx: Tx, place: SitePlace, fields: MasterTaskFields, current?: MasterTaskRow) {
  if (fields.categoryID) await assertCategory(tx, place, fields.categoryID);
  await assertDepartments(tx, place, fields.departmentID);
  await assertAssignees(tx, place, fields.assigneeIDs);
  const { schedule } = fields;
  return {
    name: fields.name,
    description: fields.description,
    categoryId: fields.categoryID ?? null,
    templateId: fields.templateID ?? null,
    items: await checklistOf(tx, place, fields, current),
    photoRequired: fields.photoRequired,
    repeat: schedule.repeat,
    startDate: schedule.startDate,
    endDate: schedule.endDate,
    weekdays: schedule.weekdays,
    dayOfMonth: schedule.dayOfMonth,
    dueSlot: schedule.dueSlot,
    dueTime: schedule.dueTime,
  };
}

async function replaceLinks(tx: Tx, masterTaskId: string, fields: MasterTaskFields) {
  await tx.delete(masterTaskDepartments).where(eq(masterTaskDepartments.masterTaskId, masterTaskId));
  await tx.delete(masterTaskAssignees).where(eq(masterTaskAssignees.masterTaskId, masterTaskId));
  if (fields.departmentID.length > 0) {
    await tx
      .insert(masterTaskDepartments)
      .values(fields.departmentID.map((departmentId) => ({ masterTaskId, departmentId })));
  }
  if (fields.assigneeIDs.length > 0) {
    await tx
      .insert(masterTaskAssignees)
      .values(fields.assigneeIDs.map((userId) => ({ masterTaskId, userId })));
  }
}

/**
 * Creates a master task at `now` (the seed passes the moment its story's routine began). A start date
 * before the site's today makes nothing before today: those days have ended and are settled (DOMAIN.md
 * "Scores"), so its watermark starts at yesterday, as if they were made.
 */
export async function insertMasterTask(
  tx: Tx,
  place: SitePlace,
  fields: MasterTaskFields,
  now: Date,
): Promise<MasterTaskRow> {
  const columns = await columnsFor(tx, place, fields);
  const today = await siteToday(tx, place.siteID, now);
  const row = await masterTaskRecords.insert(
    tx,
    place,
    { ...columns, madeThrough: settledThrough(columns.startDate, today) },
    now,
  );
  await replaceLinks(tx, row.id, fields);
  return row;
}

/**
 * The watermark of a task whose days before `today` are settled: yesterday when it starts earlier (every
 * date up to it stands made, or closed, and is never made again), none when it starts today or later.
 */
const settledThrough = (startDate: string, today: string): string | null =>
  startDate < today ? addDays(today, -1) : null;

/** What an occurrence is made from: a change to any of it means untouched occurrences are made again. */
const definitionOf = (row: MasterTaskRow) =>
  canonicalJson([
    row.siteId,
    row.items,
    row.repeat,
    row.startDate,
    row.endDate,
    row.weekdays,
    row.dayOfMonth,
    row.dueSlot,
    row.dueTime,
  ]);

/**
 * Updates a master task on `siteId` (its own, or the one it moves to). When its schedule, checklist or site
 * changed, the occurrences already made from the site's local today on that nobody has used are removed,
 * to be made again from the new definition; everything else stays as it was.
 */
export async function updateMasterTask(
  tx: Tx,
  current: MasterTaskRow,
  siteId: string,
  fields: MasterTaskFields,
  now: Date,
): Promise<MasterTaskRow> {
  assertScheduled(current);
  const place = { orgId: current.orgId, siteID: siteId };
  const columns = await columnsFor(tx, place, fields, current);
  const today = await siteToday(tx, current.siteId, now);
  const redefined = definitionOf({ ...current, ...columns, siteId }) !== definitionOf(current);
  if (redefined && current.startDate < today) {
    // The days that have ended keep the definition they had: any of them not made yet (nobody read it,
    // the job had not run) is made from the old definition before the new one takes over.
    const earliest = addDays(today, -maxOccurrenceRangeDays);
    await ensureOccurrences(
      tx,
      { orgId: current.orgId, masterTaskIds: [current.id] },
      current.startDate > earliest ? current.startDate : earliest,
      addDays(today, -1),
      now,
    );
  }
  const row = await masterTaskRecords.update(tx, current, columns, now, siteId);
  await replaceLinks(tx, row.id, fields);
  if (redefined) {
    await tx
      .delete(individualTasks)
      .where(
        and(eq(individualTasks.masterTaskId, current.id), gte(individualTasks.taskDate, today), untouched()),
      );
    // From today the dates are made again to the new definition. The days before today are settled, even
    // for an earlier new start date or a new site: a re-schedule never adds an occurrence to a day that
    // has ended (DOMAIN.md "Scores"), so the watermark stands at yesterday at the latest.
    await remakeFrom(tx, eq(masterTasks.id, current.id), today, settledThrough(row.startDate, today));
  }
  return row;
}

// ---- occurrences and deletion -------------------------------------------------------------------------

/**
 * An occurrence nobody has used: still PENDING, no checklist item changed, no comment or photo (not even a
 * removed one). Only these may change when the definition does.
 */
function untouched(): SQL | undefined {
  return and(
    eq(individualTasks.status, 'PENDING'),
    isNull(individualTasks.completedAt),
    sql`not exists (select 1 from jsonb_array_elements(${individualTasks.items}) as item
      where item->>'status' <> 'PENDING' or item->>'statusChangeOn' is not null)`,
    sql`not exists (select 1 from ${taskComments} where ${taskComments.individualTaskId} = ${individualTasks.id})`,
  );
}

/** The local date at `now` on a site (its "today"). */
export async function siteToday(db: Database | Tx, siteId: string, now: Date): Promise<string> {
  const [site] = await db.select({ timeZoneId: sites.timeZoneId }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new Error(`site ${siteId} of a loaded master task not found`);
  return localDate(site.timeZoneId, now);
}

export type Deletion =
  | { kind: 'stopped'; from: string; row: MasterTaskRow }
  | { kind: 'deleted'; from: string; row: MasterTaskRow }
  | { kind: 'occurrence'; date: string; row: MasterTaskRow };

/**
 * Stops a master task from `date` (a local date of its site) on: no occurrence is made on or after it, and
 * the untouched ones already made become DELETED; completed or used ones stay. From its start date or
 * earlier, nothing of it would remain, so the task itself is deleted (soft) too.
 */
export async function stopFrom(
  tx: Tx,
  current: MasterTaskRow,
  date: string,
  now: Date,
  { retire = false }: { retire?: boolean } = {},
): Promise<Deletion> {
  assertScheduled(current);
  await tx
    .update(individualTasks)
    .set({ status: 'DELETED', updatedAt: now })
    .where(
      and(eq(individualTasks.masterTaskId, current.id), gte(individualTasks.taskDate, date), untouched()),
    );
  // An earlier stop stays: deleting from a later date cannot bring days back.
  const stoppedFrom = current.stoppedFrom !== null && current.stoppedFrom < date ? current.stoppedFrom : date;
  const deleted = retire || date <= current.startDate;
  const [row] = await tx
    .update(masterTasks)
    .set({ stoppedFrom, updatedAt: now, ...(deleted ? { deletedAt: now } : {}) })
    .where(eq(masterTasks.id, current.id))
    .returning();
  if (!row) throw new Error('stopping a master task that was not loaded');
  return { kind: deleted ? 'deleted' : 'stopped', from: date, row };
}

/**
 * Deletes the occurrence on `date` only. It is made first if it was not yet, so a later run cannot make it
 * again; a date the task does not happen on (and has no occurrence on) is a 400.
 */
export async function deleteOccurrence(
  tx: Tx,
  current: MasterTaskRow,
  date: string,
  now: Date,
): Promise<Deletion> {
  assertScheduled(current);
  // Past the making horizon too: a date deleted ahead of time must not be made later by the job.
  await ensureOccurrences(tx, { orgId: current.orgId, masterTaskIds: [current.id] }, date, date, now, {
    pastHorizon: true,
  });
  const [occurrence] = await tx
    .update(individualTasks)
    .set({ status: 'DELETED', updatedAt: now })
    .where(and(eq(individualTasks.masterTaskId, current.id), eq(individualTasks.taskDate, date)))
    .returning({ id: individualTasks.id });
  if (!occurrence) throw fieldError('date', 'The task does not happen on this date');
  return { kind: 'occurrence', date, row: current };
}

/** The factory's delete-one/{id}: the whole task, from its site's today on (past records stay). */
export async function removeMasterTask(tx: Tx, id: string, now: Date): Promise<void> {
  const [current] = await tx.select().from(masterTasks).where(eq(masterTasks.id, id));
  if (!current) throw new Error('deleting a master task that was not loaded');
  await stopFrom(tx, current, await siteToday(tx, current.siteId, now), now, { retire: true });
}

/** The live scheduled master tasks of some sites of the organisation, by name (pickers): no follow-ups. */
export function masterTasksOfSites(db: Database | Tx, scope: RecordScope): Promise<MasterTaskRow[]> {
  return masterTaskRecords.all(db, scope, isNull(masterTasks.followUp), [
    asc(sql`lower(${masterTasks.name})`),
  ]);
}

// ---- what a page of answers needs, one query each -------------------------------------------------------

export interface Named {
  id: string;
  name: string;
}

export async function categoriesByIds(
  db: Database | Tx,
  ids: readonly string[],
): Promise<Map<string, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: taskCategories.id, name: taskCategories.name })
    .from(taskCategories)
    .where(and(inArray(taskCategories.id, [...ids]), isNull(taskCategories.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}

function grouped<Row extends { masterTaskId: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const byTask = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byTask.get(row.masterTaskId) ?? [];
    list.push(row);
    byTask.set(row.masterTaskId, list);
  }
  return byTask;
}

/** The live departments of several master tasks, each task's by name. */
export async function departmentsByTask(db: Database | Tx, masterTaskIds: readonly string[]) {
  if (masterTaskIds.length === 0) return new Map<string, (Named & { masterTaskId: string })[]>();
  const rows = await db
    .select({ masterTaskId: masterTaskDepartments.masterTaskId, id: departments.id, name: departments.name })
    .from(masterTaskDepartments)
    .innerJoin(departments, eq(departments.id, masterTaskDepartments.departmentId))
    .where(
      and(inArray(masterTaskDepartments.masterTaskId, [...masterTaskIds]), isNull(departments.deletedAt)),
    )
    .orderBy(sql`lower(${departments.name})`, departments.id);
  return grouped(rows);
}

/** The live assignees of several master tasks, each task's by full name. */
export async function assigneesByTask(db: Database | Tx, masterTaskIds: readonly string[]) {
  const rows =
    masterTaskIds.length === 0
      ? []
      : await db
          .select({
            masterTaskId: masterTaskAssignees.masterTaskId,
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(masterTaskAssignees)
          .innerJoin(users, eq(users.id, masterTaskAssignees.userId))
          .where(and(inArray(masterTaskAssignees.masterTaskId, [...masterTaskIds]), isNull(users.deletedAt)))
          .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, users.id);
  return grouped(rows);
}

export async function timeZonesOfSites(db: Database | Tx, siteIds: readonly string[]) {
  if (siteIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: sites.id, timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(inArray(sites.id, [...new Set(siteIds)]));
  return new Map(rows.map((row) => [row.id, row.timeZoneId]));
}
