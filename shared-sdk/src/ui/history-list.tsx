import { Box, CircularProgress, Stack, Typography } from '@console/shared-sdk/mui';
import type { ReactNode } from 'react';
import type { ReadKey, Reader } from '../data/reads.js';
import { useRead } from '../data/use-read.js';
import type { SiteFormat } from './site-format.js';
import { EmptyState, ErrorState } from './states.js';

/** What a history list shows of an entry, whatever record it is the history of. */
export interface ShownHistoryEntry {
  _id: string;
  at: string;
  reason: string | null;
  actor: { name: string };
}

export interface HistoryListProps<Entry extends ShownHistoryEntry> {
  /** The read's key: the list is read once per key and read again by Retry. */
  readKey: ReadKey;
  load: Reader<readonly Entry[]>;
  /** How its times are written (the record's site's zone and locale, or the person's own format). */
  format: SiteFormat;
  /** An entry in words: what happened ("Changed") and a line per change. */
  describe: (entry: Entry) => { summary: string; details: readonly ReactNode[] };
  /** The list's accessible name. */
  label?: string;
  emptyMessage?: string;
}

/**
 * A record's history, newest first as the API orders it: each entry with what happened, who, when, a line
 * per change and the reason given; with its own loading, error (Retry) and empty states.
 */
export function HistoryList<Entry extends ShownHistoryEntry>({
  readKey,
  load,
  format,
  describe,
  label = 'History',
  emptyMessage = 'No changes recorded yet.',
}: HistoryListProps<Entry>) {
  const { data: entries, loading, reload } = useRead(readKey, load);
  if (loading) {
    return (
      <Box sx={{ py: 1 }}>
        <CircularProgress size={24} aria-label="Loading the history" />
      </Box>
    );
  }
  if (!entries) return <ErrorState message="Could not load the history." onRetry={reload} />;
  if (entries.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={label}>
      {entries.map((entry) => {
        const { summary, details } = describe(entry);
        return (
          <Box component="li" key={entry._id}>
            <Typography variant="body2">
              <strong>{summary}</strong> by {entry.actor.name},{' '}
              <time dateTime={entry.at}>{format.instant(entry.at)}</time>
            </Typography>
            {details.length > 0 && (
              <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
                {details.map((line, index) => (
                  <Typography component="li" variant="body2" key={index}>
                    {line}
                  </Typography>
                ))}
              </Box>
            )}
            {entry.reason !== null && entry.reason !== '' && (
              <Typography variant="body2">
                <strong>Reason:</strong> {entry.reason}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
