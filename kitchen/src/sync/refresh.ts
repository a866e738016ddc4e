import type { IndividualTask, StaffDay, TaskRef, TaskView } from '@console/shared-sdk/contract';
import { kitchenApi } from '../api/calls';
import type { LocalRecords } from '../local/records';
import { keepSites } from '../local/sites';
import { identityOf } from '../session/identity';
import { rebuild } from './records';

// Reading a person's day and tasks afresh from the server into their stored records (what is still waiting
// in the outbox is laid on top again).

/** Puts a task as the server answered it in the day's list and in its view (keeping the view's comments). */
export function putTask(records: LocalRecords, task: IndividualTask | TaskView): void {
  if (records.day) {
    records.day = {
      ...records.day,
      list: records.day.list.map((listed) => (listed._id === task._id ? { ...listed, ...task } : listed)),
    };
  }
  const view = records.views.get(task._id);
  if ('comments' in task) records.views.set(task._id, task);
  else if (view) records.views.set(task._id, { ...view, ...task });
}

/** The person's sites, with their rules, units and locales, from the server and kept. */
export async function refreshSites(personId: string): Promise<void> {
  await keepSites(await kitchenApi.sites(identityOf(personId)));
}

/**
 * The person's today, from the server, kept and answered, and their sites' rules with it. Rejects (offline,
 * refused) as the day's call does.
 */
export async function refreshDay(personId: string): Promise<StaffDay> {
  const day = await kitchenApi.today(identityOf(personId));
  const fetchedAt = Date.now();
  await rebuild(
    personId,
    (records) => {
      records.day = day;
      // A view stored earlier shows the task as the day does now (its checklist and status may have moved).
      for (const task of day.list) {
        const view = records.views.get(task._id);
        if (view) records.views.set(task._id, { ...view, ...task });
      }
    },
    { fetchedAt },
  );
  // The sites' rules change rarely: the copy kept stands when they cannot be read now.
  await refreshSites(personId).catch(() => undefined);
  return day;
}

/** One task's view, from the server. */
export async function refreshTask(personId: string, ref: TaskRef): Promise<void> {
  const view = await kitchenApi.viewTask(ref, identityOf(personId));
  await rebuild(personId, (records) => putTask(records, view));
}
