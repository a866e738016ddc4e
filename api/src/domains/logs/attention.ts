import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { DashboardAttention } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../platform/db/client.js';
import { addDays } from '../sites/index.js';
import { documentExpiryWhere } from './document/repository.js';
import { correctiveActions } from '../../platform/corrective-actions/schema.js';
import { siteReviews } from '../../platform/site-reviews/schema.js';
import { overdueWhere } from './corrective-action/repository.js';
import { documents, nearMisses, temperatureReadings } from './schema.js';

/** A site whose logs are counted, and the range of its local dates its failed readings are counted over. */
export interface AttentionPlace {
  siteId: string;
  timeZoneId: string;
  startDate: string;
  endDate: string;
}

/**
 * The logs' counts the dashboards show beside the tasks, for any number of sites of one organisation in
 * one statement: documents by the documents' own expiry rule (each site's local today; the organisation's
 * documents count at every site, judged in that site's zone), failed readings over each site's range of
 * local days, near misses still open. The sites are a VALUES list the counts look up per row, so 50 sites
 * cost one round trip, not 50.
 */
export async function attentionBySite(
  db: Database | Tx,
  orgId: string,
  places: readonly AttentionPlace[],
  now: Date,
): Promise<Map<string, DashboardAttention>> {
  if (places.length === 0) return new Map();
  const counts = attentionCountsSql(orgId, now);
  const counted = await db
    .select({
      siteId: sql<string>`place.site_id::text`,
      documentsExpiring: counts.documentsExpiring.mapWith(Number),
      documentsExpired: counts.documentsExpired.mapWith(Number),
      temperatureFailures: counts.temperatureFailures.mapWith(Number),
      openNearMisses: counts.openNearMisses.mapWith(Number),
      actionsAwaitingAction: counts.actionsAwaitingAction.mapWith(Number),
      actionsAwaitingVerification: counts.actionsAwaitingVerification.mapWith(Number),
      actionsOverdue: counts.actionsOverdue.mapWith(Number),
      reviewsDue: counts.reviewsDue.mapWith(Number),
    })
    .from(placesSql(places));
  return new Map(counted.map(({ siteId, ...attention }) => [siteId, attention]));
}

/** A value the counts are read with, or a prepared statement's placeholder for it. */
type Given<T> = T | Placeholder;

/**
 * One site as its counts as one JSON value take it: each a value, or the placeholder a prepared statement
 * fills. The range comes as its instants (`attentionInstants`): a placeholder's local dates could not be
 * turned into them while the statement is built.
 */
export interface SiteAttentionInputs {
  orgId: Given<string>;
  siteId: Given<string>;
  timeZoneId: Given<string>;
  fromAt: Given<string>;
  untilAt: Given<string>;
}

/**
 * The same counts of one site as one JSON value, for a statement of another domain to carry: the site
 * dashboard reads its tasks' counts and these in one round trip, as a statement prepared once.
 */
export function attentionJsonSql(place: SiteAttentionInputs, now: Given<Date>): SQL<DashboardAttention> {
  const counts = attentionCountsSql(place.orgId, now);
  return sql<DashboardAttention>`(select json_build_object(
      'documentsExpiring', ${counts.documentsExpiring}, 'documentsExpired', ${counts.documentsExpired},
      'temperatureFailures', ${counts.temperatureFailures}, 'openNearMisses', ${counts.openNearMisses},
      'actionsAwaitingAction', ${counts.actionsAwaitingAction},
      'actionsAwaitingVerification', ${counts.actionsAwaitingVerification},
      'actionsOverdue', ${counts.actionsOverdue}, 'reviewsDue', ${counts.reviewsDue})
    from (select ${place.siteId}::uuid as site_id, ${place.timeZoneId}::text as zone,
                 ${place.fromAt}::timestamptz as from_at, ${place.untilAt}::timestamptz as until_at) as place)`;
}

/** The instant a local date begins in `zone`. */
const localMidnight = (date: string, zone: string) =>
  DateTime.fromISO(date, { zone }).toJSDate().toISOString();

/**
 * A range of a site's local dates as the instants its failed readings are counted between: its first
 * date's midnight, and the midnight that ends its last date.
 */
export function attentionInstants(
  range: { startDate: string; endDate: string },
  timeZoneId: string,
): { fromAt: string; untilAt: string } {
  return {
    fromAt: localMidnight(range.startDate, timeZoneId),
    untilAt: localMidnight(addDays(range.endDate, 1), timeZoneId),
  };
}

/**
 * The places as a list named `place`, each with its range as instants: four array parameters, whatever
 * the number of places (a VALUES list was four parameters a place, 1,600 for a chain of 400 sites).
 */
function placesSql(places: readonly AttentionPlace[]): SQL {
  // Places share zones and dates (a chain's sites): each local midnight is worked out once, `after` the
  // midnight that ends the date.
  const midnights = new Map<string, string>();
  const midnight = (date: string, zone: string, after = false) => {
    const key = `${zone} ${date} ${after}`;
    let instant = midnights.get(key);
    if (instant === undefined) {
      instant = localMidnight(after ? addDays(date, 1) : date, zone);
      midnights.set(key, instant);
    }
    return instant;
  };
  const column = <T>(value: (place: AttentionPlace) => T) => sql.param(places.map(value));
  return sql`unnest(${column((place) => place.siteId)}::uuid[], ${column((place) => place.timeZoneId)}::text[],
      ${column((place) => midnight(place.startDate, place.timeZoneId))}::timestamptz[],
      ${column((place) => midnight(place.endDate, place.timeZoneId, true))}::timestamptz[])
    as place(site_id, zone, from_at, until_at)`;
}

/** Each count as a subquery on the current `place` row. */
function attentionCountsSql(orgId: Given<string>, now: Given<Date>) {
  const zone = sql`place.zone`;
  const at = now instanceof Date ? now.toISOString() : now;
  const liveDocuments = sql`${documents.orgId} = ${orgId} and ${documents.deletedAt} is null
    and (${documents.siteId} = place.site_id or ${documents.siteId} is null)`;
  const liveActions = sql`${correctiveActions} where ${correctiveActions.siteId} = place.site_id
    and ${correctiveActions.deletedAt} is null`;
  return {
    documentsExpiring: sql<number>`(select count(*) from ${documents} where ${liveDocuments}
      and ${documentExpiryWhere(now, zone, 'EXPIRING')})`,
    documentsExpired: sql<number>`(select count(*) from ${documents} where ${liveDocuments}
      and ${documentExpiryWhere(now, zone, 'EXPIRED')})`,
    temperatureFailures: sql<number>`(select count(*) from ${temperatureReadings}
      where ${temperatureReadings.siteId} = place.site_id and ${temperatureReadings.deletedAt} is null
        and ${temperatureReadings.readAt} >= place.from_at and ${temperatureReadings.readAt} < place.until_at
        and ${temperatureReadings.result} = 'FAIL')`,
    openNearMisses: sql<number>`(select count(*) from ${nearMisses}
      where ${nearMisses.siteId} = place.site_id and ${nearMisses.deletedAt} is null
        and ${nearMisses.status} in ('REPORTED', 'PENDING'))`,
    // Actions count whenever their deviation happened: one left open from last month still needs doing.
    actionsAwaitingAction: sql<number>`(select count(*) from ${liveActions} and ${correctiveActions.state} = 'OPEN')`,
    actionsAwaitingVerification: sql<number>`(select count(*) from ${liveActions}
      and ${correctiveActions.state} = 'ACTION_RECORDED')`,
    actionsOverdue: sql<number>`(select count(*) from ${liveActions} and ${overdueWhere(now)})`,
    // A review is due once its four weeks are over on the site's own calendar, until it is signed.
    reviewsDue: sql<number>`(select count(*) from ${siteReviews} where ${siteReviews.siteId} = place.site_id
      and ${siteReviews.deletedAt} is null and ${siteReviews.state} = 'DRAFT'
      and ${siteReviews.periodEnd} < (${at}::timestamptz at time zone ${zone})::date)`,
  };
}
