import { localData } from '../local/db';
import { loadRecords, saveRecords, type LocalRecords } from '../local/records';
import { callOf } from './calls';

// Server answers into a person's stored records, with what is still waiting laid on top again.

const listeners = new Set<(personId: string) => void>();

/** Told when a person's stored day or task views change. */
export function onRecordsChange(listener: (personId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Changes `personId`'s stored records with `change` (a server answer), then applies every action of theirs
 * still in the outbox (but refused ones) again, in the order recorded. One rebuild at a time in this tab, so
 * two answers arriving together cannot overwrite each other.
 */
export function rebuild(
  personId: string,
  change: (records: LocalRecords) => void = () => undefined,
  options: { fetchedAt?: number } = {},
): Promise<void> {
  const run = queue.then(async () => {
    const records = await loadRecords(personId);
    change(records);
    const pending = (await (await localData()).getAllFromIndex('outbox', 'byPerson', personId))
      .filter((action) => action.status !== 'refused')
      .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    for (const action of pending) {
      (await callOf(action.call))?.apply?.(records, action.payload, action);
    }
    await saveRecords(personId, records, options.fetchedAt);
  });
  queue = run.catch(() => undefined);
  return run.then(() => {
    for (const listener of listeners) listener(personId);
  });
}
