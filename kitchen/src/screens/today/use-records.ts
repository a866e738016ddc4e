import { useCallback, useEffect, useRef, useState } from 'react';
import { loadRecords, type LocalRecords } from '../../local/records';
import { onOutboxChange } from '../../sync/outbox';
import { onRecordsChange } from '../../sync/records';

/** A person's stored day and task views, read again whenever they or the outbox change. */
export function usePersonRecords(personId: string | null) {
  const [records, setRecords] = useState<(LocalRecords & { fetchedAt: number | null }) | null>(null);
  // Reads may end out of order (the outbox and the records change together, each asking for one): only the
  // latest read is shown, so a slower, older one never puts back what a newer one replaced.
  const latest = useRef(0);
  const reload = useCallback(() => {
    if (!personId) return;
    const asked = ++latest.current;
    void loadRecords(personId).then((loaded) => {
      if (asked === latest.current) setRecords(loaded);
    });
  }, [personId]);
  useEffect(() => {
    reload();
    const stopRecords = onRecordsChange((changed) => {
      if (changed === personId) reload();
    });
    const stopOutbox = onOutboxChange(reload);
    return () => {
      stopRecords();
      stopOutbox();
    };
  }, [personId, reload]);
  return records;
}

/** The time now, ticking every `everyMs` (countdowns, overdue tasks). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
