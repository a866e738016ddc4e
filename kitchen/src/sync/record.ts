import type { OutboxAction } from '../local/db';
import { outboxCalls, type CallName, type PayloadOf } from './calls';
import { deviceNow } from './device-time';
import { append } from './outbox';
import { rebuild } from './records';
import { sendSoon } from './sender';

/**
 * Records what a person did: kept in the outbox (with an id made here and the device's time) before this
 * resolves, shown at once in their stored records, and sent when the device is online. A screen awaits it,
 * then shows the thing done:
 *
 *     await record('task.check', { masterTaskID, individualTaskID, checkListID, status: 'COMPLETED' }, personId);
 */
export async function record<Name extends CallName>(
  name: Name,
  payload: PayloadOf<Name>,
  personId: string,
): Promise<OutboxAction> {
  // Loaded before the action is kept, so a call that cannot load fails here, in front of the person.
  await outboxCalls[name]();
  const action = await append({
    clientId: crypto.randomUUID(),
    personId,
    call: name,
    payload,
    deviceTime: deviceNow(),
  });
  await rebuild(personId);
  void sendSoon();
  return action;
}
