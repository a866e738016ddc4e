import { useCallback, useEffect, useState } from 'react';
import { loadRecords, type LocalRecords } from '../../local/records';
import { onOutboxChange } from '../../sync/outbox';
import { onRecordsChange } from '../../sync/records';

/** A person's stored day and task views, read again whenever they or the outbox change. */
export function usePersonRecords(personId: string | null) {
  const [records, setRecords] = useState<(LocalRecords & { fetchedAt: number | null }) | null>(null);
  const reload = useCallback(() => {
    if (!personId) return;
    void loadRecords(personId).then(setRecords);
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
