import { z } from 'zod';
import {
  correctiveActionStateLabels,
  idSchema,
  siteQuerySchema,
  type CorrectiveAction,
  type CorrectiveActionState,
} from '@console/shared-sdk/contract';
import type { CorrectiveActionRow } from '../../../platform/corrective-actions/open.js';
import { logReference, loggedPerson } from '../log-records.js';

// A corrective action as the API answers it: its short reference, its site's name and zone, the people who
// recorded and verified it by name, and whether it is overdue now.

/** The prefix of an action's short reference (CA-3F9A1C), as near misses' NM- and compliance logs' CL-. */
export const correctiveActionPrefix = 'CA';

/** A person a joined row names, or null where the join found nobody. */
export type JoinedPerson = { firstName: string; lastName: string } | null;

/** An action with what its answer names, read in the same statement. */
export interface ActionSource {
  action: CorrectiveActionRow;
  site: { name: string; timeZoneId: string };
  recorder: JoinedPerson;
  verifier: JoinedPerson;
}

/** Still open at or past its due time: what the dashboards count as overdue. */
export const isOverdue = (action: Pick<CorrectiveActionRow, 'state' | 'dueAt'>, now: Date) =>
  action.state === 'OPEN' && action.dueAt.getTime() <= now.getTime();

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/** A task's master task and local date, which its deviation keeps in its details (tasks/deviations.ts). */
function taskOf(details: Record<string, unknown>): { masterTaskID: string | null; taskDate: string | null } {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { masterTaskID: text(details['masterTaskId']), taskDate: text(details['taskDate']) };
}

export function toCorrectiveActionDto(source: ActionSource, now: Date): CorrectiveAction {
  const { action, site } = source;
  return {
    _id: action.id,
    ref: logReference(correctiveActionPrefix, action.id),
    orgId: action.orgId,
    siteID: action.siteId,
    siteName: site.name,
    timeZoneId: site.timeZoneId,
    kind: action.kind,
    checkType: action.checkType,
    state: action.state,
    source: {
      subject: action.sourceSubject,
      recordID: action.sourceId,
      lineID: action.lineId,
      ...taskOf(action.sourceSubject === 'Task' ? action.details : {}),
    },
    deviation: action.deviation,
    occurredAt: action.occurredAt.toISOString(),
    openedAt: action.createdAt.toISOString(),
    dueAt: action.dueAt.toISOString(),
    overdue: isOverdue(action, now),
    actionTaken: action.actionTaken,
    foodDiscarded: action.foodDiscarded,
    discardedQuantity: action.discardedQuantity,
    recordedBy: loggedPerson(action.recordedBy, source.recorder),
    recordedAt: iso(action.recordedAt),
    verifiedBy: loggedPerson(action.verifiedBy, source.verifier),
    verifiedAt: iso(action.verifiedAt),
    verificationNote: action.verificationNote,
    reopenCount: action.reopenCount,
    reopenReason: action.reopenReason,
    reopenedAt: iso(action.reopenedAt),
    createdAt: action.createdAt.toISOString(),
    updatedAt: action.updatedAt.toISOString(),
  };
}

/**
 * What a history entry keeps of an action, from its answer: the same as correctiveActionSnapshot of its
 * row (platform/corrective-actions/open.ts), which writes every entry.
 */
export const correctiveActionDtoSnapshot = (action: CorrectiveAction) => ({
  state: action.state,
  actionTaken: action.actionTaken,
  foodDiscarded: action.foodDiscarded,
  discardedQuantity: action.discardedQuantity,
  recordedBy: action.recordedBy?._id ?? null,
  verifiedBy: action.verifiedBy?._id ?? null,
  verificationNote: action.verificationNote,
});

/** GET /counts: one site, or every site the caller may see. */
export const correctiveActionCountsQuerySchema = z
  .object({ siteID: idSchema.optional() })
  .extend(siteQuerySchema.shape);

/** The state's words with its code, as refusals name a state ("Awaiting verification (ACTION_RECORDED)"). */
export const stateWords = (state: CorrectiveActionState) =>
  `${correctiveActionStateLabels[state]} (${state})`;
