import { ApiError, isApiError } from '@console/shared-sdk';
import { defaultSyncWindowHours, type TaskRef } from '@console/shared-sdk/contract';
import { kitchenApi } from '../api/calls';
import type { OutboxAction, Refusal } from '../local/db';
import { identityOf } from '../session/identity';
import type { AnyOutboxCall } from './calls';

// Why the server refused an action, read into what the person should do (the catalogue's `refusal.*`).
// The server's own message is kept for the cases the app has no words for.

const hourMs = 3_600_000;

/** The failure of a call as an ApiError (anything else: the app's own fault, said as such). */
export function asApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({
    status: 0,
    code: 'INTERNAL_ERROR',
    message: error instanceof Error ? error.message : 'Something went wrong',
  });
}

/** Whether a failure means "try again later": no connection, the server failing or busy. */
export const isPassing = (failure: ApiError) =>
  failure.code === 'NETWORK_ERROR' || failure.status >= 500 || failure.status === 429;

/** A refused action's task as it is now on the server: who completed it, or that it is gone. */
async function taskNow(ref: TaskRef, personId: string) {
  try {
    return await kitchenApi.viewTask(ref, identityOf(personId));
  } catch (error) {
    return isApiError(error) && error.status === 404 ? 'gone' : null;
  }
}

/** Why `failure` (a 4xx other than 401) refused `action`, in the app's words. */
export async function explain(
  failure: ApiError,
  action: OutboxAction,
  call: AnyOutboxCall,
): Promise<Refusal> {
  const refusal = (reason: string, by?: string): Refusal => ({
    status: failure.status,
    code: failure.code,
    message: failure.message,
    fieldErrors: failure.fieldErrors,
    reason,
    ...(by ? { by } : {}),
  });

  const timeField = call.timeField;
  if (failure.status === 400 && timeField && failure.fieldErrors[timeField]) {
    const age = Date.now() - new Date(action.deviceTime).getTime();
    if (age > defaultSyncWindowHours * hourMs) return refusal('tooOld');
    if (age < 0) return refusal('clock');
    return refusal('timeRefused');
  }

  const own = await call.refusalOf?.(failure, action.payload, action.personId);
  if (own) return refusal(own.reason, own.by);

  // A task completed by someone else first (a change to a completed task needs a reason; completing it
  // again is a conflict), or deleted since: the task as it is now says which.
  const task = call.taskOf?.(action.payload);
  const aboutTheTask =
    failure.status === 404 ||
    failure.status === 409 ||
    (failure.status === 400 && failure.fieldErrors['reason']);
  if (task && aboutTheTask) {
    const now = await taskNow(task, action.personId);
    if (now === 'gone' || now?.status === 'DELETED') return refusal('taskDeleted');
    if (now?.followUp && now.status !== 'COMPLETED') return refusal('followUpByReading');
    if (now?.status === 'COMPLETED') {
      const by = now.completedBy;
      if (by && by._id !== action.personId)
        return refusal('completedByOther', `${by.firstName} ${by.lastName}`);
      return refusal('completedAlready');
    }
  }

  if (failure.status === 400) return refusal('invalid');
  if (failure.status === 403) return refusal('forbidden');
  // Not found, and not about a task: what it was recorded for (an item, a template, a site) is gone.
  if (failure.status === 404) return refusal(task ? 'taskDeleted' : 'gone');
  if (failure.status === 413) return refusal('tooLarge');
  if (failure.status === 415) return refusal('notAccepted');
  return refusal('refused');
}
