import { and, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { sensorOfflineMinutes } from '@console/shared-sdk/contract';
import type { Clock } from '../../../platform/clock.js';
import type { Database, Tx } from '../../../platform/db/client.js';
import { sites } from '../../../platform/db/schema.js';
import { raiseEvent } from '../../../platform/events/raise.js';
import type { JobDefinition } from '../../../platform/jobs/queue.js';
import { sensors } from '../schema.js';
import { itemsOf } from './repository.js';

// A sensor gone silent (issue 24): one that has not called in for 30 minutes (or never, 30 minutes after it
// was registered) is marked offline and SENSOR_OFFLINE is raised once for that silence. Speaking again
// (ingest) clears `offline_since`, so the next silence is a new event.

export const sensorOfflineJobName = 'sensors.offline';

export interface SensorJobDeps {
  /** A transaction too: the demo runs the check inside its seed's. */
  db: Database | Tx;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'debug' | 'error' | 'warn'>;
}

/** Words for an item in a title: 'Walk-in fridge – Top shelf', or the probe's name. */
const itemWords = (item: { name: string; equipmentName: string | null } | undefined) =>
  item ? (item.equipmentName ? `${item.equipmentName} – ${item.name}` : item.name) : 'its item';

/**
 * One pass: marks every live, unrevoked sensor of a live site silent for the offline time, and raises its
 * event in the same transaction. The update's own condition (not yet offline) makes two instances' passes
 * mark and raise each silence once. Answers how many were found.
 */
export async function markSilentSensors({ db, clock, log }: SensorJobDeps): Promise<number> {
  const now = clock.now();
  const silentSince = new Date(now.getTime() - sensorOfflineMinutes * 60_000);
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(sensors)
      .set({ offlineSince: now })
      .where(
        and(
          isNull(sensors.deletedAt),
          isNull(sensors.revokedAt),
          isNull(sensors.offlineSince),
          lte(sql`coalesce(${sensors.lastSeenAt}, ${sensors.createdAt})`, silentSince),
          sql`exists (select 1 from ${sites} where ${sites.id} = ${sensors.siteId} and ${sites.deletedAt} is null)`,
        ),
      )
      .returning();
    if (marked.length === 0) return 0;
    const items = await itemsOf(tx, marked);
    for (const sensor of marked) {
      const item = items.get(sensor.temperatureItemId ?? sensor.foodItemId ?? '');
      const silence = sensor.lastSeenAt ? 'has sent nothing' : 'has not called in once';
      await raiseEvent(
        tx,
        {
          orgId: sensor.orgId,
          siteId: sensor.siteId,
          kind: 'SENSOR_OFFLINE',
          subject: 'Sensor',
          recordId: sensor.id,
          dedupeKey: `SENSOR_OFFLINE:${sensor.id}:${now.toISOString()}`,
          title:
            `Sensor “${sensor.name}” on ${itemWords(item)} ${silence} for ${sensorOfflineMinutes} minutes: ` +
            'check its battery and signal',
          details: {
            sensorName: sensor.name,
            itemName: item?.name ?? null,
            lastSeenAt: sensor.lastSeenAt?.toISOString() ?? null,
          },
          occurredAt: now,
        },
        now,
      );
    }
    log.debug({ sensors: marked.length }, 'sensors found offline');
    return marked.length;
  });
}

/** The sensors' background work, for the queue (server.ts): the silence check every minute. */
export function sensorJobs(deps: SensorJobDeps): JobDefinition[] {
  return [
    {
      name: sensorOfflineJobName,
      kind: 'sweep',
      cron: '* * * * *',
      run: async () => {
        await markSilentSensors(deps);
      },
    },
  ];
}
