import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SensorReading } from '@console/shared-sdk/contract';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/client.js';
import { organizations, users } from '../../../platform/db/schema.js';
import { demoLogins } from '../../../platform/demo/base.js';
import type { JobSender } from '../../../platform/jobs/queue.js';
import { startPeriodicJob, type PeriodicJob } from '../../../platform/jobs/periodic.js';
import { sensors } from '../../equipment/index.js';
import { ingestSensorBatch } from './sensor-ingest.js';
import { fridgeCelsius, readingEveryMs } from './sensor-seed.js';

// The demo's sensors keep reporting while the demo runs: without them, every demo sensor would raise
// "Sensor offline" half an hour after a fresh `npm start`, and six such notifications would push the real
// overdue tasks and the expired document out of the owner's bell. Each of the sensors the demo came with
// (registered in its story a week before the organisation was made; one a person registers is a real
// device, left to speak for itself) gets a reading every quarter of an hour, the seeded week's normal
// temperatures, through the same ingest a gateway's batch takes. The story's one excursion stays in the
// seeded history: the live readings are all within the limits, so they raise nothing.

export interface DemoSensorDeps {
  db: Database;
  clock: Clock;
  jobs: JobSender;
  log: Pick<FastifyBaseLogger, 'error'>;
  syncWindowHours: number;
}

/** How often the sensors are looked at: far within the half hour after which a silent one is offline. */
const lookEveryMs = 60_000;

/** A sensor's own small variation of the seeded curve, so that two fridges do not read alike. */
const seedOf = (sensorId: string) =>
  Array.from(sensorId).reduce((sum, char) => sum + char.charCodeAt(0), 0) % 7;

/**
 * Posts each demo sensor's readings owed up to now (one per quarter hour since its last, within the sync
 * window), and answers how many were stored; nothing when the demo organisation is gone. A reading's
 * sequence is its quarter hour, so a quarter is never stored twice.
 */
export async function postDemoSensorReadings(deps: DemoSensorDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const demo = await deps.db
    .select({ id: sensors.id, lastReadAt: sensors.lastReadAt, createdAt: sensors.createdAt })
    .from(sensors)
    .innerJoin(organizations, eq(organizations.id, sensors.orgId))
    .where(
      and(
        isNull(organizations.deletedAt),
        sql`exists (select 1 from ${users} where ${users.orgId} = ${organizations.id} and lower(${users.email}) = ${demoLogins.organizationAdmin})`,
        lt(sensors.createdAt, organizations.createdAt),
        isNull(sensors.deletedAt),
        isNull(sensors.revokedAt),
      ),
    );
  let stored = 0;
  for (const sensor of demo) {
    const since = Math.max(
      (sensor.lastReadAt ?? sensor.createdAt).getTime(),
      now - deps.syncWindowHours * 3_600_000,
    );
    const lines: SensorReading[] = [];
    for (
      let quarter = Math.floor(since / readingEveryMs) + 1;
      quarter * readingEveryMs <= now;
      quarter += 1
    ) {
      const readAt = new Date(quarter * readingEveryMs);
      lines.push({
        sequence: quarter,
        readAt: readAt.toISOString(),
        celsius: fridgeCelsius(readAt, seedOf(sensor.id)),
      });
    }
    if (lines.length === 0) continue;
    const result = await ingestSensorBatch(deps, sensor.id, lines, deps.syncWindowHours);
    stored += result.stored;
  }
  return stored;
}

/** Posts the demo sensors' readings now and then every minute, until stopped. */
export function startDemoSensors(deps: DemoSensorDeps): PeriodicJob<number> {
  return startPeriodicJob({
    what: "posting the demo sensors' readings",
    run: () => postDemoSensorReadings(deps),
    onFailure: 0,
    log: deps.log,
    everyMs: lookEveryMs,
  });
}
