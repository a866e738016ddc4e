import type { IndividualTask, StaffDay } from '@console/shared-sdk/contract';
import { useCurrentPerson } from '../../app/store';
import { dayGroups } from '../today/day-groups';
import { useNow, usePersonRecords } from '../today/use-records';

// The person's own alerts, from their stored day (no call of its own): the follow-up checks that count
// down to their due time, soonest first, and their tasks that are overdue.

export interface PersonAlerts {
  followUps: IndividualTask[];
  overdue: IndividualTask[];
}

const dueOf = (task: IndividualTask) => new Date(task.followUp?.dueAt ?? task.expireOn).getTime();

export function personAlerts(day: StaffDay | null, now: number): PersonAlerts {
  const groups = dayGroups(day?.list ?? [], now);
  const followUps = groups.find((group) => group.kind === 'followUps')?.tasks ?? [];
  return {
    followUps: [...followUps].sort((a, b) => dueOf(a) - dueOf(b)),
    overdue: groups.find((group) => group.kind === 'overdue')?.tasks ?? [],
  };
}

/** The alerts of the person on the screen, worked out again every `everyMs`. */
export function usePersonAlerts(everyMs = 30_000): PersonAlerts & { fetchedAt: number | null } {
  const person = useCurrentPerson();
  const records = usePersonRecords(person?.userID ?? null);
  const now = useNow(everyMs);
  return { ...personAlerts(records?.day ?? null, now), fetchedAt: records?.fetchedAt ?? null };
}
