import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { taskCategoryInputSchema, taskCategoryListQuerySchema } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { masterTasks, taskCategories, taskCategorySites } from '../schema.js';
import { sites } from '../../../platform/db/schema.js';
import { recordsOf, type RecordScope } from '../../../platform/http/repository.js';
import { liveSiteIds } from '../../../platform/http/site-scope.js';

// Task categories are one catalogue of the organisation that applies on some of its sites
// (task_category_sites). A category's master tasks are the ones whose category_id names it, so the
// category form and the master task form can never disagree about them.

export type TaskCategoryRow = typeof taskCategories.$inferSelect;
/** A category with the ids of its live sites, which decide who may change it. */
export type PlacedTaskCategoryRow = TaskCategoryRow & { siteIds: string[] };
export type TaskCategoryFields = Omit<z.output<typeof taskCategoryInputSchema>, 'siteID' | 'masterTaskID'>;

/** The list query, and the sites the caller's list scope allows (set by the route, never by the client). */
export type TaskCategoryListQuery = z.output<typeof taskCategoryListQuerySchema> & {
  sites?: readonly string[];
};

/** Where a category applies and which master tasks it holds, once the gates have checked both. */
export interface CategoryPlacement {
  orgId: string;
  siteIds: string[];
  masterTaskIds: string[];
}

/**
 * Categories that apply on any of `siteIds`. Not a correlated subquery: drizzle leaves the table off the
 * columns of a one-table select, so an outer column could not be told from an inner one.
 */
const appliesOn = (siteIds: readonly string[]) =>
  sql`${taskCategories.id} in (select ${taskCategorySites.categoryId} from ${taskCategorySites}
        where ${inArray(taskCategorySites.siteId, [...siteIds])})`;

export const taskCategoryRecords = recordsOf<typeof taskCategories, TaskCategoryListQuery>({
  table: taskCategories,
  placedOn: 'organisation',
  sort: {
    _id: taskCategories.id,
    name: sql`lower(${taskCategories.name})`,
    createdAt: taskCategories.createdAt,
    updatedAt: taskCategories.updatedAt,
  },
  search: [taskCategories.name, taskCategories.description],
  filters: (query) => [query.sites === undefined ? undefined : appliesOn(query.sites)],
  name: { column: taskCategories.name, field: 'name', what: 'A task category' },
});

/** One live category of the organisation with its live sites' ids (the record gate reads them). */
export async function findTaskCategory(
  db: Database | Tx,
  orgId: string,
  id: string,
  options?: { forUpdate?: boolean },
): Promise<PlacedTaskCategoryRow | undefined> {
  const row = await taskCategoryRecords.find(db, orgId, id, options);
  if (!row) return undefined;
  return { ...row, siteIds: (await sitesOfCategories(db, [row.id])).map((site) => site.id) };
}

/** A page of categories in `scope`: its sites, when it names some, are the categories' sites. */
export async function listTaskCategories(
  db: Database,
  scope: RecordScope,
  query: TaskCategoryListQuery,
): Promise<{ rows: PlacedTaskCategoryRow[]; total: number }> {
  const { rows, total } = await taskCategoryRecords.list(
    db,
    { orgId: scope.orgId },
    { ...query, sites: scope.siteIds },
  );
  const placed = await sitesOfCategories(
    db,
    rows.map((row) => row.id),
  );
  const siteIdsOf = (id: string) => placed.filter((site) => site.categoryId === id).map((site) => site.id);
  return { rows: rows.map((row) => ({ ...row, siteIds: siteIdsOf(row.id) })), total };
}

/** The live categories that apply on any of `siteIds`, by name (pickers). */
export const categoriesOnSites = (db: Database, orgId: string, siteIds: readonly string[]) =>
  taskCategoryRecords.all(db, { orgId }, appliesOn(siteIds), [asc(sql`lower(${taskCategories.name})`)]);

export interface CategorySite {
  categoryId: string;
  id: string;
  name: string;
}

/** The live sites of several categories, each category's by name. */
export async function sitesOfCategories(
  db: Database | Tx,
  categoryIds: readonly string[],
): Promise<CategorySite[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select({ categoryId: taskCategorySites.categoryId, id: sites.id, name: sites.name })
    .from(taskCategorySites)
    .innerJoin(sites, eq(sites.id, taskCategorySites.siteId))
    .where(and(inArray(taskCategorySites.categoryId, [...categoryIds]), isNull(sites.deletedAt)))
    .orderBy(sql`lower(${sites.name})`, sites.id);
}

export interface MasterTaskRef {
  id: string;
  name: string;
  siteId: string;
}

/** The live master tasks of several categories (on their live sites), each category's by name. */
export async function masterTasksOfCategories(
  db: Database | Tx,
  categoryIds: readonly string[],
): Promise<(MasterTaskRef & { categoryId: string })[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select({
      categoryId: taskCategorySites.categoryId,
      id: masterTasks.id,
      name: masterTasks.name,
      siteId: masterTasks.siteId,
    })
    .from(masterTasks)
    .innerJoin(
      taskCategorySites,
      and(
        eq(taskCategorySites.categoryId, masterTasks.categoryId),
        eq(taskCategorySites.siteId, masterTasks.siteId),
      ),
    )
    .innerJoin(sites, eq(sites.id, masterTasks.siteId))
    .where(
      and(
        inArray(masterTasks.categoryId, [...categoryIds]),
        isNull(masterTasks.deletedAt),
        isNull(sites.deletedAt),
      ),
    )
    .orderBy(sql`lower(${masterTasks.name})`, masterTasks.id);
}

/** Those of `ids` that are live master tasks of the organisation on its live sites. */
export async function liveMasterTasks(
  db: Database | Tx,
  orgId: string,
  ids: readonly string[],
): Promise<MasterTaskRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: masterTasks.id, name: masterTasks.name, siteId: masterTasks.siteId })
    .from(masterTasks)
    .where(
      and(
        inArray(masterTasks.id, [...ids]),
        eq(masterTasks.orgId, orgId),
        isNull(masterTasks.deletedAt),
        // A follow-up check (made by a reading) is no scheduled task to file under a category.
        isNull(masterTasks.followUp),
        inArray(masterTasks.siteId, liveSiteIds(db, orgId)),
      ),
    );
}

/**
 * Writes where a category applies and which master tasks name it: the ones placed get its id, the ones it
 * held before and no longer does lose it (their updatedAt moves only when their category changes).
 */
async function place(tx: Tx, categoryId: string, placement: CategoryPlacement, now: Date) {
  await tx.delete(taskCategorySites).where(eq(taskCategorySites.categoryId, categoryId));
  if (placement.siteIds.length > 0) {
    await tx.insert(taskCategorySites).values(placement.siteIds.map((siteId) => ({ categoryId, siteId })));
  }
  await tx
    .update(masterTasks)
    .set({ categoryId: null, updatedAt: now })
    .where(and(eq(masterTasks.categoryId, categoryId), notInArray(masterTasks.id, placement.masterTaskIds)));
  if (placement.masterTaskIds.length > 0) {
    await tx
      .update(masterTasks)
      .set({ categoryId, updatedAt: now })
      .where(
        and(
          inArray(masterTasks.id, placement.masterTaskIds),
          or(isNull(masterTasks.categoryId), ne(masterTasks.categoryId, categoryId)),
        ),
      );
  }
}

export async function insertTaskCategory(
  tx: Tx,
  placement: CategoryPlacement,
  fields: TaskCategoryFields,
  now: Date,
): Promise<PlacedTaskCategoryRow> {
  const row = await taskCategoryRecords.insert(
    tx,
    { orgId: placement.orgId },
    { name: fields.name, description: fields.description },
    now,
  );
  await place(tx, row.id, placement, now);
  return { ...row, siteIds: placement.siteIds };
}

export async function updateTaskCategory(
  tx: Tx,
  current: TaskCategoryRow,
  placement: CategoryPlacement,
  fields: TaskCategoryFields,
  now: Date,
): Promise<PlacedTaskCategoryRow> {
  const row = await taskCategoryRecords.update(
    tx,
    current,
    { name: fields.name, description: fields.description },
    now,
  );
  await place(tx, row.id, placement, now);
  return { ...row, siteIds: placement.siteIds };
}

/** Deletes a category (soft; its name is free again); its master tasks stay, without a category. */
export async function deleteTaskCategory(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(masterTasks)
    .set({ categoryId: null, updatedAt: now })
    .where(eq(masterTasks.categoryId, id));
  await taskCategoryRecords.softDelete(tx, id, now);
}
