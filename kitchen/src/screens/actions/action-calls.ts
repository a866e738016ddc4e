import { isApiError } from '@console/shared-sdk';
import type {
  CorrectiveAction,
  CorrectiveActionKind,
  CorrectiveActionRecord,
} from '@console/shared-sdk/contract';
import { correctiveActionApi } from '@console/shared-sdk/logs';
import { inTouch } from '../../api/calls';
import { identityOf } from '../../session/identity';
import type { OutboxCall } from '../../sync/calls';
import { forgetOpenAction } from './action-lists';

// The outbox's call for what was done about a deviation: PUT /correctiveAction/record-action as the
// person who recorded it (on a shared tablet, the one signed in by PIN). The server takes it from an open
// action only, so a second sending of the same record is a 409 like someone else's: the action as it is now
// tells which.

export interface ActionPayload {
  /** The action, with what the lists of waiting and refused records say of it. */
  action: { _id: string; siteID: string; kind: CorrectiveActionKind; deviation: string };
  /** As the contract reads them (its words trimmed), so they compare with what the server kept. */
  actionTaken: string;
  foodDiscarded: boolean;
  discardedQuantity: string | null;
}

/** The call's body, as the contract takes it. */
export const actionBody = (payload: ActionPayload): CorrectiveActionRecord => ({
  _id: payload.action._id,
  actionTaken: payload.actionTaken,
  foodDiscarded: payload.foodDiscarded,
  ...(payload.foodDiscarded && payload.discardedQuantity
    ? { discardedQuantity: payload.discardedQuantity }
    : {}),
});

/** The action as the server has it now; null when it cannot say (offline again, gone). */
const actionNow = (id: string, personId: string) =>
  inTouch(correctiveActionApi.get(id, { quiet: true, identity: identityOf(personId) })).catch(() => null);

/** Whether `now` is this very record, taken by the server before its answer was lost on the way back. */
const isThisRecord = (now: CorrectiveAction, payload: ActionPayload, personId: string) =>
  now.state !== 'OPEN' &&
  now.recordedBy?._id === personId &&
  now.actionTaken === payload.actionTaken &&
  now.foodDiscarded === payload.foodDiscarded;

export const recordCorrectiveAction: OutboxCall<ActionPayload, CorrectiveAction> = {
  async send(payload, { identity, personId }) {
    try {
      const recorded = await inTouch(
        correctiveActionApi.record(actionBody(payload), { quiet: true, identity }),
      );
      await forgetOpenAction(payload.action.siteID, payload.action._id);
      return recorded;
    } catch (error) {
      if (!isApiError(error) || error.status !== 409) throw error;
      const now = await actionNow(payload.action._id, personId);
      if (!now || !isThisRecord(now, payload, personId)) throw error;
      await forgetOpenAction(payload.action.siteID, payload.action._id);
      return now;
    }
  },
  async refusalOf(failure, payload, personId) {
    if (failure.status !== 404 && failure.status !== 409) return null;
    // Either way it no longer awaits action here: it leaves the list rather than coming back to it.
    await forgetOpenAction(payload.action.siteID, payload.action._id);
    if (failure.status === 404) return null;
    const by = (await actionNow(payload.action._id, personId))?.recordedBy;
    return by && by._id !== personId
      ? { reason: 'actionRecordedByOther', by: by.name }
      : { reason: 'actionRecordedAlready' };
  },
  describe: (payload) => ({ key: 'correctiveAction', values: { deviation: payload.action.deviation } }),
};
