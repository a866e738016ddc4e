import { localData } from './db';

// When the server last answered this device: the status bar's "Last in touch 10:42".

const key = 'lastInTouchAt';
const listeners = new Set<(at: number) => void>();

export async function noteInTouch(at = Date.now()): Promise<void> {
  for (const listener of listeners) listener(at);
  await (await localData()).put('meta', at, key);
}

export async function lastInTouch(): Promise<number | null> {
  const stored = await (await localData()).get('meta', key);
  return typeof stored === 'number' ? stored : null;
}

export function onInTouch(listener: (at: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
