import { slotNames, type IndividualTask, type SlotName } from '@console/shared-sdk/contract';
import { bucketOf } from './task-rules';

// How the day's tasks are laid out: follow-up checks first (they count down), then what is overdue, then
// the rest by the site's time slot in the order of the day (a task due at a set time after them), and what
// is done at the end. Buckets are worked out again at `now`, as the stored day may be hours old.

export type DayGroup =
  | { kind: 'followUps' | 'overdue' | 'atTime' | 'done'; tasks: IndividualTask[] }
  | { kind: 'slot'; slot: SlotName; tasks: IndividualTask[] };

const byDue = (a: IndividualTask, b: IndividualTask) => a.expireOn.localeCompare(b.expireOn);

export function dayGroups(tasks: readonly IndividualTask[], now: number): DayGroup[] {
  const live = tasks.filter((task) => task.status !== 'DELETED').sort(byDue);
  const done = live.filter((task) => task.status === 'COMPLETED');
  const open = live.filter((task) => task.status !== 'COMPLETED');
  const followUps = open.filter((task) => task.followUp && !task.followUp.cancelled);
  const scheduled = open.filter((task) => !followUps.includes(task));
  const overdue = scheduled.filter((task) => bucketOf(task, now) === 'INCOMPLETE');
  const upcoming = scheduled.filter((task) => !overdue.includes(task));

  const groups: DayGroup[] = [];
  if (followUps.length > 0) groups.push({ kind: 'followUps', tasks: followUps });
  if (overdue.length > 0) groups.push({ kind: 'overdue', tasks: overdue });
  for (const slot of slotNames) {
    const inSlot = upcoming.filter((task) => task.dueSlot === slot);
    if (inSlot.length > 0) groups.push({ kind: 'slot', slot, tasks: inSlot });
  }
  const atTime = upcoming.filter((task) => task.dueSlot === null);
  if (atTime.length > 0) groups.push({ kind: 'atTime', tasks: atTime });
  if (done.length > 0) groups.push({ kind: 'done', tasks: done });
  return groups;
}
