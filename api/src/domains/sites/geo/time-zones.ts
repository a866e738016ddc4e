import tzLookup from '@photostructure/tz-lookup';
import { DateTime } from 'luxon';
import type { TimezoneData } from '@console/shared-sdk/contract';

/**
 * A zone's offsets at one instant, in the shape of Google's Time Zone API (seconds) plus the console's
 * minutes. The standard offset is the smaller of the January and July offsets, which holds in both
 * hemispheres; a zone whose offset drops below its standard (Morocco in Ramadan) reports no daylight
 * saving rather than a negative one.
 */
export function timeZoneDataAt(timeZoneId: string, at: Date): TimezoneData {
  const local = DateTime.fromJSDate(at, { zone: timeZoneId });
  if (!local.isValid) throw new Error(`Unknown time zone ${timeZoneId}`);
  const standardMinutes = Math.min(
    local.set({ month: 1, day: 1 }).offset,
    local.set({ month: 7, day: 1 }).offset,
  );
  const dstMinutes = Math.max(0, local.offset - standardMinutes);
  return {
    timeZoneId,
    // English names ("British Summer Time"); zones without one read like "GMT+01:00".
    timeZoneName: local.setLocale('en-GB').offsetNameLong ?? local.toFormat('ZZZZ'),
    rawOffset: (local.offset - dstMinutes) * 60,
    dstOffset: dstMinutes * 60,
    timeZoneDifferenceInMinute: local.offset,
  };
}

/** The IANA zone at a point, from the packaged zone boundaries (no network needed). */
export function timeZoneAt(point: { lat: number; lng: number }): string {
  return tzLookup(point.lat, point.lng);
}
