import type { ApiError, CallIdentity } from '@console/shared-sdk';
import type { TaskRef } from '@console/shared-sdk/contract';
import type { OutboxAction } from '../local/db';
import type { LocalRecords } from '../local/records';

// The kinds of write the outbox sends, by name. A screen records an action with its call's name and payload
// (sync/record.ts); the sender loads the call's module when it has one to send, so the first screen does
// not download every screen's calls. Adding a kind of record is one entry here and its module.

/** What a call is sent with. */
export interface SendContext {
  identity: CallIdentity;
  /** Who recorded it: the person the identity calls as. */
  personId: string;
  /** The action's id, made on the device: the server takes it twice as one record. */
  clientId: string;
  /** When it happened on the device (ISO 8601 with offset). */
  deviceTime: string;
}

/** Why a refusal happened in a call's own words: a key under `refusal.`, and who acted first. */
export interface OwnRefusal {
  reason: string;
  by?: string;
}

/** What an action is, for the list of refused ones: a key under `refusal.what.` and its values. */
export interface ActionWords {
  key: string;
  values?: Record<string, string>;
}

/**
 * One kind of write. Methods (not function properties) so the table below can hold calls of every payload
 * type.
 */
export interface OutboxCall<Payload, Answer> {
  /** Sends it as the person; rejects with the ApiError. */
  send(payload: Payload, context: SendContext): Promise<Answer>;
  /**
   * Shows it in the person's stored records before the server has it (a tick shows ticked). It is applied
   * again on top of itself whenever a server answer comes in, so applying it twice must change nothing more.
   */
  apply?(records: LocalRecords, payload: Payload, action: OutboxAction): void;
  /** Puts the server's answer in the person's stored records, in place of what `apply` showed. */
  settle?(records: LocalRecords, answer: Answer, payload: Payload, action: OutboxAction): void;
  /** The task it is about, when it is: a refusal then says whether the task was completed or deleted since. */
  taskOf?(payload: Payload): TaskRef | null;
  /** The payload field the server checks the device time on (a refusal there is about the time). */
  timeField?: string;
  /**
   * Why the server refused it, where this kind of record knows better than the general reading (someone
   * else did it first); null leaves it to that reading.
   */
  refusalOf?(failure: ApiError, payload: Payload, personId: string): Promise<OwnRefusal | null>;
  /** What it is, in words. */
  describe(payload: Payload, records: LocalRecords): ActionWords;
}

/** Any call, whatever its payload: a method's parameters are bivariant, so every call is one. */
export type AnyOutboxCall = OutboxCall<unknown, unknown>;

export const outboxCalls = {
  'task.check': () => import('../screens/today/task-calls').then((calls) => calls.checkLine),
  'task.comment': () => import('../screens/today/task-calls').then((calls) => calls.comment),
  'task.complete': () => import('../screens/today/task-calls').then((calls) => calls.complete),
  'profile.language': () => import('../screens/settings/profile-calls').then((calls) => calls.changeLanguage),
  reading: () => import('../screens/readings/reading-calls').then((calls) => calls.createReading),
  'compliance-log': () => import('../screens/logs/log-calls').then((calls) => calls.submitLog),
  'near-miss': () => import('../screens/near-miss/near-miss-calls').then((calls) => calls.reportNearMiss),
  'corrective-action': () =>
    import('../screens/actions/action-calls').then((calls) => calls.recordCorrectiveAction),
} satisfies Record<string, () => Promise<AnyOutboxCall>>;

export type CallName = keyof typeof outboxCalls;
type CallOf<Name extends CallName> = Awaited<ReturnType<(typeof outboxCalls)[Name]>>;
export type PayloadOf<Name extends CallName> = Parameters<CallOf<Name>['send']>[0];

export const isCallName = (name: string): name is CallName => Object.hasOwn(outboxCalls, name);

/** The call an action was recorded with; null for one this version of the app does not know. */
export async function callOf(name: string): Promise<AnyOutboxCall | null> {
  return isCallName(name) ? outboxCalls[name]() : null;
}
