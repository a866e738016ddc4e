import {
  masterTypeApi,
  type MasterTypeHistoryEntry,
  type MasterTypeSnapshot,
} from '@console/shared-sdk/equipment';
import { HistoryList, useSiteFormat, type SiteFormat } from '@console/shared-sdk/ui';

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
  return (
    <HistoryList
      readKey={['MasterType', 'history', masterTypeID]}
      load={(signal) => masterTypeApi.history(masterTypeID, { quiet: true, signal })}
      format={format}
      describe={(entry) => describeEntry(entry, format)}
    />
  );
}
