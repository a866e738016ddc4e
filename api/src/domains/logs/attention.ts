import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { DashboardAttention } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../platform/db/client.js';
import { addDays } from '../sites/index.js';
import { documentExpiryWhere } from './document/repository.js';
import { documents, nearMisses, temperatureReadings } from './schema.js';

/**
 * The logs' counts the dashboard shows beside the tasks, in one statement: documents by the documents'
 * own expiry rule (the site's local today), failed readings over the range's local days, near misses
 * still open.
 */
export async function attentionCounts(
  db: Database | Tx,
  place: { orgId: string; siteId: string; timeZoneId: string },
  range: { startDate: string; endDate: string },
  now: Date,
): Promise<DashboardAttention> {
  const from = DateTime.fromISO(range.startDate, { zone: place.timeZoneId }).toJSDate();
  const until = DateTime.fromISO(addDays(range.endDate, 1), { zone: place.timeZoneId }).toJSDate();
  const liveDocuments = sql`${documents.orgId} = ${place.orgId} and ${documents.deletedAt} is null
    and (${documents.siteId} = ${place.siteId} or ${documents.siteId} is null)`;
  const [row] = await db
    .select({
      documentsExpiring: sql<number>`(select count(*) from ${documents} where ${liveDocuments}
        and ${documentExpiryWhere(now, place.timeZoneId, 'EXPIRING')})`.mapWith(Number),
      documentsExpired: sql<number>`(select count(*) from ${documents} where ${liveDocuments}
        and ${documentExpiryWhere(now, place.timeZoneId, 'EXPIRED')})`.mapWith(Number),
      temperatureFailures: sql<number>`(select count(*) from ${temperatureReadings}
        where ${temperatureReadings.siteId} = ${place.siteId} and ${temperatureReadings.deletedAt} is null
          and ${temperatureReadings.readAt} >= ${from.toISOString()}
          and ${temperatureReadings.readAt} < ${until.toISOString()}
          and ${temperatureReadings.result} = 'FAIL')`.mapWith(Number),
      openNearMisses: sql<number>`(select count(*) from ${nearMisses}
        where ${nearMisses.siteId} = ${place.siteId} and ${nearMisses.deletedAt} is null
          and ${nearMisses.status} in ('REPORTED', 'PENDING'))`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('the attention counts returned no row');
  return row;
}
