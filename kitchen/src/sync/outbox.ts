import { localData, type OutboxAction, type OutboxStatus, type Refusal } from '../local/db';

// The outbox: every write a person makes, kept in IndexedDB before the screen shows it done, until the
// server has it. Ordered by `seq` (the order of recording on this device). Other tabs of the app hear of
// each change through a BroadcastChannel, so every window shows the same queue.

export type NewAction = Pick<OutboxAction, 'clientId' | 'personId' | 'call' | 'payload' | 'deviceTime'>;

const channelName = 'kitchen-outbox';
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function broadcast() {
  for (const listener of listeners) listener();
  if (typeof BroadcastChannel === 'undefined') return;
  channel ??= new BroadcastChannel(channelName);
  channel.postMessage('changed');
}

/** Calls `listener` whenever the outbox changes, in this tab or another. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  const other = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
  if (other) other.onmessage = () => listener();
  return () => {
    listeners.delete(listener);
    other?.close();
  };
}

/** Keeps a new action, waiting to be sent; resolves once it is stored. */
export async function append(action: NewAction): Promise<OutboxAction> {
  const stored: OutboxAction = { ...action, createdAt: Date.now(), status: 'waiting', attempts: 0 };
  const seq = await (await localData()).add('outbox', stored);
  broadcast();
  return { ...stored, seq };
}

/** Every action kept, in the order they were recorded; one person's only with `personId`. */
export async function actions(personId?: string): Promise<OutboxAction[]> {
  const db = await localData();
  return personId ? db.getAllFromIndex('outbox', 'byPerson', personId) : db.getAll('outbox');
}

/** Changes an action kept (its status, its refusal, its tries). */
export async function updateAction(
  seq: number,
  change: Partial<Pick<OutboxAction, 'status' | 'refusal' | 'attempts'>>,
): Promise<void> {
  const db = await localData();
  const transaction = db.transaction('outbox', 'readwrite');
  const action = await transaction.store.get(seq);
  if (action) await transaction.store.put({ ...action, ...change });
  await transaction.done;
  broadcast();
}

/** Sets the status of every action of `personId` that has one of `from`. */
export async function setStatusOf(personId: string, from: OutboxStatus[], to: OutboxStatus): Promise<void> {
  const db = await localData();
  const transaction = db.transaction('outbox', 'readwrite');
  for (const action of await transaction.store.index('byPerson').getAll(personId)) {
    if (from.includes(action.status)) await transaction.store.put({ ...action, status: to });
  }
  await transaction.done;
  broadcast();
}

/** Removes an action: the server has it, or the person dismissed its refusal. */
export async function removeAction(seq: number): Promise<void> {
  await (await localData()).delete('outbox', seq);
  broadcast();
}

/** Refused actions stay until the person has read why: then they go. */
export async function dismiss(seq: number): Promise<void> {
  const action = await (await localData()).get('outbox', seq);
  if (action?.status === 'refused') await removeAction(seq);
}

export type { OutboxAction, OutboxStatus, Refusal };
