import {
  masterTypeApi,
  type MasterTypeHistoryEntry,
  type MasterTypeSnapshot,
} from '@console/shared-sdk/equipment';
import { Box, CircularProgress, Stack, Typography } from '@console/shared-sdk/mui';
import { useRead } from '@console/shared-sdk';
import { EmptyState, ErrorState, useSiteFormat, type SiteFormat } from '@console/shared-sdk/ui';

/** An item's limits (°C) in words, in the site's unit: "≤ 41 °F", "1 to 5 °C". */
export function limitText(
  item: { lowerLimit: number | null; upperLimit: number | null },
  format: SiteFormat,
): string {
  const upper = item.upperLimit === null ? 'none' : format.temperature(item.upperLimit);
  return item.lowerLimit === null ? `≤ ${upper}` : `${format.toShown(item.lowerLimit)} to ${upper}`;
}

/**
 * What changed between two snapshots, one sentence each: names, items added or removed, limits (in the
 * site's unit).
 */
function changesBetween(before: MasterTypeSnapshot, after: MasterTypeSnapshot, format: SiteFormat): string[] {
  const limit = (value: number | null) => (value === null ? 'none' : format.temperature(value));
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`Name: ${before.name} → ${after.name}`);
  if (before.siteID !== after.siteID) lines.push('Moved to another site');
  const earlier = new Map(before.temperatureItems.map((item) => [item._id, item]));
  for (const item of after.temperatureItems) {
    const old = earlier.get(item._id);
    if (!old) {
      lines.push(`Added ${item.name} (${limitText(item, format)})`);
      continue;
    }
    earlier.delete(item._id);
    if (old.name !== item.name) lines.push(`${old.name} renamed ${item.name}`);
    if (old.upperLimit !== item.upperLimit) {
      lines.push(`${item.name}: upper limit ${limit(old.upperLimit)} → ${limit(item.upperLimit)}`);
    }
    if (old.lowerLimit !== item.lowerLimit) {
      lines.push(`${item.name}: lower limit ${limit(old.lowerLimit)} → ${limit(item.lowerLimit)}`);
    }
    if (old.location !== item.location) {
      lines.push(`${item.name}: location ${old.location || 'none'} → ${item.location || 'none'}`);
    }
  }
  for (const removed of earlier.values()) lines.push(`Removed ${removed.name}`);
  return lines;
}

/** One entry in words: what happened, and the details a reader checks (limits above all). */
export function describeEntry(
  entry: MasterTypeHistoryEntry,
  format: SiteFormat,
): { summary: string; details: string[] } {
  const { before, after } = entry.changes;
  if (entry.action === 'create' || !before) {
    const items = (after?.temperatureItems ?? []).map((item) => `${item.name} (${limitText(item, format)})`);
    return { summary: 'Added', details: items };
  }
  if (entry.action === 'delete' || !after) return { summary: 'Deleted', details: [] };
  return { summary: 'Changed', details: changesBetween(before, after, format) };
}

/**
 * The "History" section of a fridge or freezer: who added, changed or deleted it, when (in the site's
 * time zone), which limits changed, and the reason given for a limit looser than the legal default.
 */
export function ColdStorageHistory({ masterTypeID, timeZone }: { masterTypeID: string; timeZone: string }) {
  const format = useSiteFormat({ zone: timeZone });
  // Inline loading and error states, and Retry loads it again; under the fridges' and freezers' subject.
  const {
    data: entries,
    loading,
    reload,
  } = useRead(['MasterType', 'history', masterTypeID], (signal) =>
    masterTypeApi.history(masterTypeID, { quiet: true, signal }),
  );
  if (loading) {
    return (
      <Box sx={{ py: 1 }}>
        <CircularProgress size={24} aria-label="Loading the history" />
      </Box>
    );
  }
  if (!entries) return <ErrorState message="Could not load the history" onRetry={reload} />;
  if (entries.length === 0) return <EmptyState message="No changes recorded yet." />;
  return (
    <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="History">
      {entries.map((entry) => {
        const { summary, details } = describeEntry(entry, format);
        return (
          <Box component="li" key={entry._id}>
            <Typography variant="body2">
              <strong>{summary}</strong> by {entry.actor.name},{' '}
              <time dateTime={entry.at}>{format.instant(entry.at)}</time>
            </Typography>
            {details.length > 0 && (
              <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
                {details.map((line) => (
                  <Typography component="li" variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
              </Box>
            )}
            {entry.reason !== null && (
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
