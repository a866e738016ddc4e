import {
  correctiveActionSchema,
  standardActionListSchema,
  type CorrectiveAction,
} from '@console/shared-sdk/contract';
import { correctiveActionApi } from '@console/shared-sdk/logs';
import { inTouch } from '../../api/calls';
import { useKitchen } from '../../app/store';
import { cachedAnswer, saveAnswer } from '../../local/cached-answers';
import type { StoredPerson } from '../../local/db';
import { identityOf } from '../../session/identity';
import { useCachedList } from '../records/cached';
import type { RecordingSite } from '../records/sites';

// What the Actions screen reads of a site, kept on the device like its items and templates: the corrective
// actions awaiting action, and the organisation's standard actions to pick from. The day's refresh keeps
// them too (records/site-lists.ts), so a tablet that goes offline before anyone opened Actions has them.

export const openActionListSchema = correctiveActionSchema.array();
export const standardActionsSchema = standardActionListSchema.array();

/** The device cache's key of a site's actions awaiting action. */
export const openActionsKey = (siteID: string) => `actions.open.${siteID}`;
/**
 * The device cache's key of the standard actions as a site's people read them: the organisation's list,
 * kept by site as the other lists are, so a form finds it from its action's site alone.
 */
export const standardActionsKey = (siteID: string) => `actions.standard.${siteID}`;

/** The page the list reads: the most a list answers, the soonest due first. */
const openListQuery = { state: 'OPEN', sort: 'dueAt', limit: 100 } as const;

export const loadOpenActions = async (siteID: string, personId: string) =>
  (
    await inTouch(
      correctiveActionApi.list({ siteID, ...openListQuery }, { quiet: true, identity: identityOf(personId) }),
    )
  ).list;

export const loadStandardActions = (personId: string) =>
  inTouch(correctiveActionApi.standardActions(undefined, { quiet: true, identity: identityOf(personId) }));

/**
 * Takes an action out of its site's kept list (the server has what was done, or it no longer awaits
 * action), keeping when the list was read.
 */
export async function forgetOpenAction(siteID: string, actionId: string): Promise<void> {
  const kept = await cachedAnswer(openActionsKey(siteID), openActionListSchema);
  if (!kept || !kept.value.some((action) => action._id === actionId)) return;
  await saveAnswer(
    openActionsKey(siteID),
    kept.value.filter((action) => action._id !== actionId),
    kept.fetchedAt,
  );
}

/** The site's actions awaiting action: the device's copy at once, the server's when online. */
export function useOpenActions(site: RecordingSite | null, person: StoredPerson | null) {
  return useCachedList(
    site && person ? openActionsKey(site.siteID) : null,
    () => loadOpenActions(site?.siteID ?? '', person?.userID ?? ''),
    openActionListSchema,
  );
}

/** The organisation's standard actions of every check type, kept under the site's key. */
export function useStandardActions(site: RecordingSite | null, person: StoredPerson | null) {
  return useCachedList(
    site && person ? standardActionsKey(site.siteID) : null,
    () => loadStandardActions(person?.userID ?? ''),
    standardActionsSchema,
  );
}

/** The payload field an outbox action of the corrective-action call names its action by. */
const actionIdOf = (payload: unknown): string | null =>
  payload &&
  typeof payload === 'object' &&
  'action' in payload &&
  payload.action &&
  typeof payload.action === 'object' &&
  '_id' in payload.action &&
  typeof payload.action._id === 'string'
    ? payload.action._id
    : null;

/**
 * The actions someone on this device has recorded what was done about, not yet sent (and not refused):
 * whoever recorded it, nobody here should record it again.
 */
export function usePendingActionIds(): Set<string> {
  const outbox = useKitchen((state) => state.outbox);
  return new Set(
    outbox
      .filter((action) => action.call === 'corrective-action' && action.status !== 'refused')
      .map((action) => actionIdOf(action.payload))
      .filter((id): id is string => id !== null),
  );
}

/** Past its due time now, or when the server last said so. */
export const isOverdue = (action: CorrectiveAction, now: number) =>
  action.overdue || new Date(action.dueAt).getTime() < now;
