import type { StaffDay, TaskView } from '@console/shared-sdk/contract';
import { localData, type StoredDay } from './db';

// A person's stored day and task views: the server's last answers with what the person recorded since laid
// on top. Whenever a server answer comes in, it replaces what it covers, and every action still in the
// outbox is applied again on top (sync/records.ts), so the screen never shows a tick undone that is only
// waiting to be sent.

/** What the screens show of one person, as one object the outbox's calls change. */
export interface LocalRecords {
  day: StaffDay | null;
  /** Their task views by the task's own id (`_id`, the individual task). */
  views: Map<string, TaskView>;
}

export async function storedDay(personId: string): Promise<StoredDay | null> {
  return (await (await localData()).get('days', personId)) ?? null;
}

export async function storedView(personId: string, taskId: string): Promise<TaskView | null> {
  return (await (await localData()).get('tasks', [personId, taskId]))?.view ?? null;
}

export async function loadRecords(personId: string): Promise<LocalRecords & { fetchedAt: number | null }> {
  const db = await localData();
  const [day, views] = await Promise.all([
    db.get('days', personId),
    db.getAllFromIndex('tasks', 'byPerson', personId),
  ]);
  return {
    day: day?.day ?? null,
    fetchedAt: day?.fetchedAt ?? null,
    views: new Map(views.map((stored) => [stored.taskId, stored.view])),
  };
}

export async function saveRecords(
  personId: string,
  records: LocalRecords,
  fetchedAt?: number,
): Promise<void> {
  const db = await localData();
  const transaction = db.transaction(['days', 'tasks'], 'readwrite');
  const days = transaction.objectStore('days');
  const tasks = transaction.objectStore('tasks');
  const writes: Promise<unknown>[] = [];
  if (records.day) {
    const before = await days.get(personId);
    writes.push(
      days.put({ personId, day: records.day, fetchedAt: fetchedAt ?? before?.fetchedAt ?? Date.now() }),
    );
  }
  for (const [taskId, view] of records.views) {
    writes.push(tasks.put({ personId, taskId, view, fetchedAt: fetchedAt ?? Date.now() }));
  }
  await Promise.all(writes);
  await transaction.done;
}

/** Forgets a person's stored day and views (they signed out). */
export async function forgetRecords(personId: string): Promise<void> {
  const db = await localData();
  const transaction = db.transaction(['days', 'tasks'], 'readwrite');
  await transaction.objectStore('days').delete(personId);
  const tasks = transaction.objectStore('tasks');
  for (const key of await tasks.index('byPerson').getAllKeys(personId)) await tasks.delete(key);
  await transaction.done;
}
