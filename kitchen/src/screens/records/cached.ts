import { useCallback, useEffect, useRef, useState } from 'react';
import { useKitchen } from '../../app/store';
import { cachedAnswer, onAnswerSaved, saveAnswer, type AnswerSchema } from '../../local/cached-answers';

// A list a screen needs offline (a site's items, its templates): the copy kept on the device at once, then
// the server's when online, kept for next time. A failure leaves the kept copy on the screen, and a copy
// kept meanwhile by another part of the app (the day's refresh, a record sent) shows at once.

export interface CachedList<T> {
  value: T | null;
  fetchedAt: number | null;
  loading: boolean;
  /** The last load's failure, when there is no kept copy to show instead. */
  failure: unknown;
  reload: () => void;
}

export function useCachedList<T>(
  key: string | null,
  load: () => Promise<T>,
  schema: AnswerSchema<T>,
): CachedList<T> {
  const online = useKitchen((state) => state.online);
  const [state, setState] = useState<Omit<CachedList<T>, 'reload'>>({
    value: null,
    fetchedAt: null,
    loading: key !== null,
    failure: null,
  });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  // `load` is made anew each render; the key says what it loads, so the latest one is called.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((before) => ({ ...before, loading: true, failure: null }));
    void (async () => {
      const kept = await cachedAnswer(key, schema);
      if (live && kept) setState((before) => ({ ...before, value: kept.value, fetchedAt: kept.fetchedAt }));
      if (!online) {
        if (live) setState((before) => ({ ...before, loading: false }));
        return;
      }
      try {
        const fresh = await saveAnswer(key, await latestLoad.current());
        if (live) setState({ value: fresh.value, fetchedAt: fresh.fetchedAt, loading: false, failure: null });
      } catch (error) {
        if (live) setState((before) => ({ ...before, loading: false, failure: error }));
      }
    })();
    return () => {
      live = false;
    };
  }, [key, online, attempt, schema]);

  useEffect(() => {
    if (key === null) return;
    return onAnswerSaved((savedKey, saved) => {
      if (savedKey !== key) return;
      const parsed = schema.safeParse(saved.value);
      if (parsed.success)
        setState((before) => ({ ...before, value: parsed.data, fetchedAt: saved.fetchedAt }));
    });
  }, [key, schema]);

  return { ...state, reload };
}
