import { useEffect, useRef, useState } from 'react';

export interface RequestState<T> {
  /** The answer, or null while loading (and after a failure). */
  data: T | null;
  failed: boolean;
  retry(): void;
  /** Puts a newer copy in place, e.g. the record a save returned. */
  replace(data: T): void;
}

/**
 * One read a screen shows, asked again whenever `key` changes (another organisation) or on retry. An answer
 * that arrives for an older key is dropped, so a slow reply never shows over a newer one.
 */
export function useRequest<T>(request: (signal: AbortSignal) => Promise<T>, key: string): RequestState<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; data: T | null; failed: boolean } | null>(null);
  const current = `${key}#${attempt}`;
  const latestRequest = useRef(request);
  useEffect(() => {
    latestRequest.current = request;
  });
  useEffect(() => {
    const controller = new AbortController();
    latestRequest.current(controller.signal).then(
      (data) => setResult({ key: current, data, failed: false }),
      () => {
        if (!controller.signal.aborted) setResult({ key: current, data: null, failed: true });
      },
    );
    return () => controller.abort();
  }, [current]);
  const settled = result?.key === current ? result : null;
  return {
    data: settled?.data ?? null,
    failed: settled?.failed ?? false,
    retry: () => setAttempt((n) => n + 1),
    replace: (data) => setResult({ key: current, data, failed: false }),
  };
}
