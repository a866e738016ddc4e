import { localData } from './db';

// Answers a screen reads offline (a site's temperature items, its log templates), kept by a key of the
// screen's own: the last one the server gave, with when. What is read back is checked against the
// contract's schema, so an answer kept by an older version of the app is never shown as if it were new.

/** What reads a kept answer back: a contract schema (zod's safeParse). */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface Cached<T> {
  value: T;
  fetchedAt: number;
}

const listeners = new Set<(key: string, saved: Cached<unknown>) => void>();

/**
 * Told when an answer is kept (in this tab): a screen or badge showing it follows a copy another part of
 * the app kept, such as the day's refresh, or a record sent that leaves a list.
 */
export function onAnswerSaved(listener: (key: string, saved: Cached<unknown>) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function cachedAnswer<T>(key: string, schema: AnswerSchema<T>): Promise<Cached<T> | null> {
  const stored = await (await localData()).get('cache', key);
  if (!stored) return null;
  const parsed = schema.safeParse(stored.value);
  return parsed.success ? { value: parsed.data, fetchedAt: stored.fetchedAt } : null;
}

export async function saveAnswer<T>(key: string, value: T, fetchedAt = Date.now()): Promise<Cached<T>> {
  await (await localData()).put('cache', { key, value, fetchedAt });
  for (const listener of listeners) listener(key, { value, fetchedAt });
  return { value, fetchedAt };
}
