import type { MasterTask, MasterTaskOption } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import {
  assigneesByTask,
  categoriesByIds,
  departmentsByTask,
  timeZonesOfSites,
  type MasterTaskRow,
} from './repository.js';

/**
 * Master tasks as the API answers them. A page's categories, departments, assignees and site time zones
 * load in one query each, whatever its size.
 */
export async function masterTaskDtos(
  db: Database | Tx,
  rows: readonly MasterTaskRow[],
): Promise<MasterTask[]> {
  const ids = rows.map((row) => row.id);
  const [categories, departments, assignees, timeZones] = await Promise.all([
    categoriesByIds(
      db,
      rows.flatMap((row) => (row.categoryId === null ? [] : [row.categoryId])),
    ),
    departmentsByTask(db, ids),
    assigneesByTask(db, ids),
    timeZonesOfSites(
      db,
      rows.map((row) => row.siteId),
    ),
  ]);
  return rows.map((row) => {
    const category = row.categoryId === null ? undefined : categories.get(row.categoryId);
    const ownDepartments = departments.get(row.id) ?? [];
    const ownAssignees = assignees.get(row.id) ?? [];
    const timeZoneId = timeZones.get(row.siteId);
    if (timeZoneId === undefined) throw new Error(`no site ${row.siteId} for master task ${row.id}`);
    return {
      _id: row.id,
      orgId: row.orgId,
      siteID: row.siteId,
      name: row.name,
      description: row.description,
      categoryID: category ? category.id : null,
      category: category ? { _id: category.id, name: category.name } : null,
      departmentID: ownDepartments.map((department) => department.id),
      departments: ownDepartments.map((department) => ({ _id: department.id, name: department.name })),
      assigneeIDs: ownAssignees.map((person) => person.id),
      assignees: ownAssignees.map((person) => ({
        _id: person.id,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
      })),
      checkListItems: row.items.map((item) => ({
        _id: item.id,
        text: item.text,
        required: item.required,
        photoRequired: item.photoRequired,
      })),
      photoRequired: row.photoRequired,
      templateID: row.templateId,
      schedule: {
        repeat: row.repeat,
        startDate: row.startDate,
        endDate: row.endDate,
        weekdays: row.weekdays,
        dayOfMonth: row.dayOfMonth,
        dueSlot: row.dueSlot,
        dueTime: row.dueTime,
      },
      stoppedFrom: row.stoppedFrom,
      timeZoneId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** What the master task's history keeps of it: the definition, without names that live elsewhere. */
export const masterTaskSnapshot = (task: MasterTask) => ({
  siteID: task.siteID,
  name: task.name,
  description: task.description,
  categoryID: task.categoryID,
  departmentID: task.departmentID,
  assigneeIDs: task.assigneeIDs,
  checkListItems: task.checkListItems,
  photoRequired: task.photoRequired,
  templateID: task.templateID,
  schedule: task.schedule,
  stoppedFrom: task.stoppedFrom,
});

export const toMasterTaskOption = (row: MasterTaskRow): MasterTaskOption => ({
  _id: row.id,
  value: row.id,
  label: row.name,
  name: row.name,
  siteID: row.siteId,
});
