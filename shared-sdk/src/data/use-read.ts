import { useCallback, useEffect, useRef, useState } from 'react';
import {
  invalidate,
  readId,
  readSnapshot,
  replaceRead,
  subscribeRead,
  type ReadKey,
  type Reader,
  type ReadSnapshot,
} from './reads.js';

export interface Read<T> {
  /** The answer for the current key; undefined until it arrives (a new key never shows an old key's). */
  data: T | undefined;
  /** Why the last read failed, or null. The answer before it, if any, is still in `data`. */
  error: unknown;
  /** No answer for this key yet and one is being read: show a placeholder. */
  loading: boolean;
  /** A read is under way, a refresh of what `data` shows included. */
  reading: boolean;
  /** Reads again (Retry), showing the current answer meanwhile. */
  reload: () => void;
  /** Puts a newer answer in place, e.g. the record a save returned. */
  replace: (data: T) => void;
}

const nothing: ReadSnapshot<never> = { data: undefined, error: null, reading: false };

/**
 * Server data for a screen, by key: read when the key is first shown, shared with every other screen
 * showing the same key (one request), aborted when no screen shows it any more, kept for a short while,
 * and read again after `invalidate` of a prefix of its key. A null key reads nothing (not yet known).
 * Failures are not retried on their own (a failed read is reported at once, as the HTTP client does):
 * `reload` is the screen's Retry.
 */
export function useRead<T>(key: ReadKey | null, read: Reader<T>): Read<T> {
  const id = key === null ? null : readId(key);
  const latest = useRef({ key, read });
  useEffect(() => {
    latest.current = { key, read };
  });
  // A state update rather than useSyncExternalStore: an answer renders when React schedules it, as any
  // other update does, instead of forcing a synchronous render of every screen showing it.
  const [shown, setShown] = useState<{ id: string | null; snapshot: ReadSnapshot<T> }>({
    id: null,
    snapshot: nothing,
  });
  useEffect(() => {
    const current = latest.current.key;
    if (id === null || current === null) return;
    const update = () => setShown({ id, snapshot: readSnapshot<T>(current) });
    const unsubscribe = subscribeRead(current, update, (signal, data) =>
      latest.current.read(signal, data as T | undefined),
    );
    update();
    return unsubscribe;
  }, [id]);
  // Until this key's subscription reports, what the cache holds for it: never another key's answer.
  const snapshot = key === null ? nothing : shown.id === id ? shown.snapshot : readSnapshot<T>(key);
  const reload = useCallback(() => {
    if (latest.current.key) invalidate(latest.current.key);
  }, []);
  const replace = useCallback((data: T) => {
    if (latest.current.key) replaceRead(latest.current.key, data);
  }, []);
  return {
    data: snapshot.data,
    error: snapshot.error,
    loading: snapshot.reading && snapshot.data === undefined,
    reading: snapshot.reading,
    reload,
    replace,
  };
}
