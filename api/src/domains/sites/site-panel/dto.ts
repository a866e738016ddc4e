import {
  jurisdictionOf,
  ruleSetOf,
  type NationalFigure,
  type Person,
  type Site,
  type SiteOption,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { timeZoneDataAt } from '../geo/time-zones.js';
import { toAreaRef } from '../area/dto.js';
import { areaRefsOf } from '../area/repository.js';
import { adminsBySite, type SiteRow } from './repository.js';

function locationOf(row: Pick<SiteRow, 'country' | 'county' | 'state' | 'city'>): Site['location'] {
  return { country: row.country, county: row.county, region: row.state, city: row.city };
}

/**
 * The one mapping from a site row to what the API answers; offsets are those in force at `now`. `area` is
 * the site's live area (null: in none).
 */
export function toSiteDto(row: SiteRow, admins: readonly Person[], area: Site['area'], now: Date): Site {
  const zone = timeZoneDataAt(row.timeZoneId, now);
  return {
    _id: row.id,
    orgId: row.orgId,
    name: row.name,
    description: row.description,
    location: locationOf(row),
    add1: row.add1,
    add2: row.add2,
    city: row.city,
    county: row.county,
    state: row.state,
    country: row.country,
    zip: row.zip,
    google_PlaceID: row.googlePlaceId,
    lat_long: row.latitude === null || row.longitude === null ? null : `${row.latitude},${row.longitude}`,
    timeZoneId: row.timeZoneId,
    timeZoneName: zone.timeZoneName,
    timeZoneDifferenceInMinute: zone.timeZoneDifferenceInMinute,
    dstOffset: zone.dstOffset,
    timing: row.timing,
    slotWindows: row.slotWindows,
    jurisdiction: jurisdictionOf(row.jurisdiction),
    temperatureUnit: ruleSetOf(row.jurisdiction).unit,
    locale: ruleSetOf(row.jurisdiction).locale,
    escalationMinutes: row.escalationMinutes,
    excursionDebounceMinutes: row.excursionDebounceMinutes,
    actionHours: row.actionHours,
    probeSensorToleranceCelsius: row.probeSensorToleranceCelsius,
    siteAdminList: [...admins],
    area,
    status: row.deletedAt === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** DTOs for a page of sites, their admins and their areas loaded in one query each. */
export async function siteDtos(db: Database | Tx, rows: readonly SiteRow[], now: Date): Promise<Site[]> {
  const [admins, areas] = await Promise.all([
    adminsBySite(
      db,
      rows.map((row) => row.id),
    ),
    areaRefsOf(
      db,
      rows.map((row) => row.areaId),
    ),
  ]);
  return rows.map((row) => {
    const area = row.areaId === null ? undefined : areas.get(row.areaId);
    return toSiteDto(row, admins.get(row.id) ?? [], area ? toAreaRef(area) : null, now);
  });
}

export async function siteDto(db: Database | Tx, row: SiteRow, now: Date): Promise<Site> {
  const [dto] = await siteDtos(db, [row], now);
  if (!dto) throw new Error('no DTO for a loaded site');
  return dto;
}

/**
 * A site as pickers and the selector list it. `nationalFigures` are its organisation's (read once per list):
 * given only where its set leaves its figures to the organisation.
 */
export function toSiteOption(
  row: Pick<SiteRow, 'id' | 'name' | 'timeZoneId' | 'jurisdiction' | 'country' | 'county' | 'state' | 'city'>,
  nationalFigures: readonly NationalFigure[] = [],
): SiteOption {
  const set = ruleSetOf(row.jurisdiction);
  return {
    _id: row.id,
    name: row.name,
    location: locationOf(row),
    timeZoneId: row.timeZoneId,
    jurisdiction: jurisdictionOf(row.jurisdiction),
    temperatureUnit: set.unit,
    locale: set.locale,
    nationalFigures: set.organisationSetsLimits ? [...nationalFigures] : [],
  };
}
