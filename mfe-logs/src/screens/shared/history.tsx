import type { HistoryAction } from '@console/shared-sdk/contract';
import { HistoryList } from '@console/shared-sdk/ui';
import type { ReactNode } from 'react';
import { useRecordFormat } from './site-writing';

// A log record's history (issue 11): who created, changed or deleted it, when in the site's zone, what
// changed and the reason given. Entries come from each API's GET /log-history-list/{id}, built on the
// contract's historyEntrySchema, so one list serves readings, compliance logs, near misses and documents.

/** One entry as the contract's historyEntrySchema(snapshot) gives it. */
export interface LogHistoryEntry<Snapshot> {
  _id: string;
  recordID: string;
  action: HistoryAction;
  changes: { before: Snapshot | null; after: Snapshot | null };
  reason: string | null;
  actor: { _id: string | null; name: string };
  at: string;
}

/** A snapshot field worth telling the reader about when it changes ("Reading: 9 °C → 4 °C"). */
export interface HistoryField<Snapshot> {
  key: keyof Snapshot & string;
  label: string;
  /** The value in words (default: text, "none" for nothing, Yes/No). */
  format?: (value: unknown) => string;
}

export interface RecordHistoryProps<Snapshot> {
  recordID: string;
  /** The API's history call, e.g. `temperatureLogApi.history`. Called with `{ quiet, signal }`. */
  load: (
    id: string,
    options?: { quiet?: boolean; signal?: AbortSignal },
  ) => Promise<readonly LogHistoryEntry<Snapshot>[]>;
  /** The record's site zone (the DTO's timeZoneId): times are shown there. */
  timeZone: string;
  /** The record's site, whose locale the times are written in (the selected site's when not given). */
  siteID?: string | null;
  /** The fields compared between before and after; changes of others are not listed. */
  fields?: readonly HistoryField<Snapshot>[];
  /** Lines of your own for an entry instead of the field comparison (e.g. follow-up actions). */
  describe?: (entry: LogHistoryEntry<Snapshot>) => readonly ReactNode[];
}

const actionWords: Record<HistoryAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
};

/** A value in words for a history line. */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** "Label: before → after" for each declared field that differs between the entry's snapshots. */
export function changedFields<Snapshot>(
  entry: LogHistoryEntry<Snapshot>,
  fields: readonly HistoryField<Snapshot>[],
): string[] {
  const { before, after } = entry.changes;
  if (!before || !after) return [];
  return fields.flatMap((field) => {
    const old: unknown = before[field.key];
    const now: unknown = after[field.key];
    if (JSON.stringify(old) === JSON.stringify(now)) return [];
    const format = field.format ?? historyValue;
    return [`${field.label}: ${format(old)} → ${format(now)}`];
  });
}

/**
 * The "History" section of a log record's detail: loads its own entries (loading, error with Retry,
 * empty), newest as the API orders them, each with who, when (site zone), what changed and the reason.
 * Keep it in a lazily loaded section, as the detail's other parts.
 */
export function RecordHistory<Snapshot>({
  recordID,
  load,
  timeZone,
  siteID = null,
  fields = [],
  describe,
}: RecordHistoryProps<Snapshot>) {
  const format = useRecordFormat({ siteID, timeZoneId: timeZone });
  return (
    <HistoryList
      readKey={['RecordHistory', recordID]}
      load={(signal) => load(recordID, { quiet: true, signal })}
      format={format}
      describe={(entry) => ({
        summary: actionWords[entry.action],
        details: describe ? describe(entry) : changedFields(entry, fields),
      })}
    />
  );
}
