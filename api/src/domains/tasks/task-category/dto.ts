import type { TaskCategory, TaskCategoryOption } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import {
  masterTasksOfCategories,
  sitesOfCategories,
  type CategorySite,
  type TaskCategoryRow,
} from './repository.js';

const sitesBy = (all: readonly CategorySite[], categoryId: string) =>
  all.filter((site) => site.categoryId === categoryId);

/**
 * Categories as the API answers them, with their sites and master tasks loaded for the page at once. Every
 * site's id is answered (they decide who may change the category), but only the master tasks of the
 * sites `seesTasksOf` allows, and the names only of those sites.
 */
export async function taskCategoryDtos(
  db: Database | Tx,
  rows: readonly TaskCategoryRow[],
  seesTasksOf: (siteID: string) => boolean = () => true,
): Promise<TaskCategory[]> {
  const ids = rows.map((row) => row.id);
  const sites = await sitesOfCategories(db, ids);
  const tasks = await masterTasksOfCategories(db, ids);
  return rows.map((row) => {
    const own = sitesBy(sites, row.id);
    const ownTasks = tasks.filter((task) => task.categoryId === row.id && seesTasksOf(task.siteId));
    return {
      _id: row.id,
      orgId: row.orgId,
      name: row.name,
      description: row.description,
      siteID: own.map((site) => site.id),
      sites: own.filter((site) => seesTasksOf(site.id)).map((site) => ({ _id: site.id, name: site.name })),
      masterTaskID: ownTasks.map((task) => task.id),
      masterTasks: ownTasks.map((task) => ({ _id: task.id, name: task.name, siteID: task.siteId })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Categories in a picker, each with the sites it applies on. */
export async function taskCategoryOptions(
  db: Database,
  rows: readonly TaskCategoryRow[],
): Promise<TaskCategoryOption[]> {
  const sites = await sitesOfCategories(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    value: row.id,
    label: row.name,
    name: row.name,
    siteID: sitesBy(sites, row.id).map((site) => site.id),
  }));
}
