import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import type { DemoBase } from '../../../platform/demo/base.js';
import { demoLogins } from '../../../platform/demo/base.js';
import { sites, users } from '../../../platform/db/schema.js';
import { recordHistory } from '../../../platform/history/history.js';
import { insertSensor, markSilentSensors, masterTypes, temperatureItems } from '../../equipment/index.js';
import { temperatureReadings } from '../schema.js';
import { alertOnReading } from './alert.js';
import { snapshotOf, temperatureLogDtos } from './dto.js';
import { updateReading } from './repository.js';
import { storeSensorBatches, type SensorBatch } from './sensor-ingest.js';

// The demo's wireless sensors (issue 24): a week of readings on two fridges of each site, sent by their
// gateways every half hour as they were taken, through the same ingest as a real sensor's. Brighton's pass
// fridge had one excursion two days ago: above 8 °C from 13:00 UTC for three quarters of an hour (its door
// seal), alerted after the site's debounce and acknowledged by the site's manager with a corrective action.
// Brooklyn's gateway lost its connection for an hour and a quarter the night before last: both its sensors
// were reported offline by the same check (one grouped notification), and the readings the gateway kept
// arrived together when it came back, marked back-filled.

const minuteMs = 60_000;
/** A reading every quarter of an hour, sent in batches every half hour: none arrives late enough to be back-filled. */
export const readingEveryMs = 15 * minuteMs;
const batchEveryMs = 30 * minuteMs;
const days = 7;

/** A fridge's reading at `at`: about 3.5 °C, a little higher in service hours, with a little noise. */
export function fridgeCelsius(at: Date, seed: number): number {
  const hour = at.getUTCHours() + at.getUTCMinutes() / 60;
  const service = hour >= 11 && hour <= 22 ? 0.6 : 0;
  const noise =
    Math.sin(at.getTime() / 3_600_000 + seed) * 0.4 + Math.sin(at.getTime() / 420_000 + seed) * 0.2;
  return Math.round((3.2 + service + noise) * 10) / 10;
}

/** Brighton's excursion, two days before the seed's day: minutes after 13:00 UTC, and the readings. */
const excursion: readonly [minutes: number, celsius: number][] = [
  [0, 9.1],
  [15, 9.8],
  [30, 9.4],
  [45, 8.6],
  [60, 5.6],
];

export interface SeededSensors {
  /** The reading the excursion alerted on, whose event the alerts' seed dispatches. */
  excursionReadingId: string | null;
}

/** Brooklyn's gateway outage, two days before the seed's day: from 07:00 UTC (the small hours in New York). */
const outageMinutes = 75;

const silentLog = { debug: () => undefined, error: () => undefined, warn: () => undefined };

export async function seedSensorWeek(tx: Tx, base: DemoBase): Promise<SeededSensors> {
  const [manager] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, demoLogins.siteAdmin));
  const end = new Date(Math.floor(base.now.getTime() / batchEveryMs) * batchEveryMs);
  const start = new Date(end.getTime() - days * 24 * 60 * minuteMs);
  const excursionDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - 2, 13));
  let excursionReadingId: string | null = null;
  const outageStart = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - 2, 7);
  const outageEnd = outageStart + outageMinutes * minuteMs;
  /** What Brooklyn's sensors sent from the outage on, stored once the offline check has run. */
  const afterOutage: { sensor: Parameters<typeof storeSensorBatches>[1]; batches: SensorBatch[] }[] = [];

  for (const [key, { id: siteId }] of Object.entries(base.sites)) {
    const [site] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
    // The site's fridges first, then its freezers, the first item of each: two sensors.
    const items = await tx
      .select({ id: temperatureItems.id, equipment: masterTypes.name, type: masterTypes.type })
      .from(temperatureItems)
      .innerJoin(masterTypes, eq(masterTypes.id, temperatureItems.masterTypeId))
      .where(
        and(
          eq(masterTypes.siteId, siteId),
          eq(masterTypes.type, 'FRIDGE'),
          isNull(masterTypes.deletedAt),
          isNull(temperatureItems.deletedAt),
        ),
      )
      .orderBy(asc(masterTypes.name), asc(temperatureItems.position));
    const fridges = items.filter(
      (item, index) => items.findIndex((other) => other.equipment === item.equipment) === index,
    );
    for (const [position, item] of fridges.slice(0, 2).entries()) {
      const place = { orgId: base.orgId, siteID: siteId };
      const made = await insertSensor(
        tx,
        place,
        { name: `${item.equipment} sensor`, temperatureItemID: item.id },
        start,
      );
      const withExcursion = key === 'brighton' && position === 0;
      let sequence = 0;
      const batches: SensorBatch[] = [];
      for (let sent = start.getTime() + batchEveryMs; sent <= end.getTime(); sent += batchEveryMs) {
        const lines = [sent - readingEveryMs, sent].map((at) => {
          const readAt = new Date(at);
          const out = withExcursion
            ? excursion.find(([minutes]) => at === excursionDay.getTime() + minutes * minuteMs)
            : undefined;
          sequence += 1;
          return {
            sequence,
            readAt: readAt.toISOString(),
            celsius: out ? out[1] : fridgeCelsius(readAt, position + siteId.charCodeAt(0)),
          };
        });
        batches.push({ lines, receivedAt: new Date(sent) });
      }
      const sensor = made.row;
      if (key === 'brooklyn') {
        // Sent before the outage as usual; what the gateway kept during it, all at once when it came back.
        const before = batches.filter((batch) => batch.receivedAt.getTime() < outageStart);
        const held = batches
          .filter((batch) => batch.receivedAt.getTime() >= outageStart)
          .map((batch) =>
            batch.receivedAt.getTime() < outageEnd ? { ...batch, receivedAt: new Date(outageEnd) } : batch,
          );
        await storeSensorBatches(tx, sensor, before, 72);
        afterOutage.push({ sensor, batches: held });
        continue;
      }
      await storeSensorBatches(tx, sensor, batches, 72);
      if (!withExcursion || !manager) continue;
      // The reading the alert was about, and the manager's corrective action 35 minutes after it.
      const alertedAt = new Date(excursionDay.getTime() + 15 * minuteMs);
      const [alerted] = await tx
        .select()
        .from(temperatureReadings)
        .where(and(eq(temperatureReadings.sensorId, sensor.id), eq(temperatureReadings.readAt, alertedAt)));
      if (!alerted) continue;
      excursionReadingId = alerted.id;
      const actedAt = new Date(alertedAt.getTime() + 35 * minuteMs);
      const [before] = await temperatureLogDtos(tx, [alerted]);
      const reason = `Corrective action for the sensor's alert at ${site?.name ?? 'the site'}`;
      const corrected = await updateReading(
        tx,
        alerted,
        siteId,
        {
          correctiveAction: `Door seal torn on the ${item.equipment.toLowerCase()}: stock moved to the walk-in and probed (4 °C), engineer booked`,
          reason,
        },
        actedAt,
      );
      const [after] = await temperatureLogDtos(tx, [corrected]);
      if (before && after)
        await recordHistory(tx, {
          orgId: base.orgId,
          siteId,
          subject: 'TemperatureLog',
          recordId: alerted.id,
          action: 'update',
          before: snapshotOf(before),
          after: snapshotOf(after),
          reason,
          actor: { id: manager.id, name: `${manager.firstName} ${manager.lastName}` },
          at: actedAt,
        });
      await alertOnReading(tx, corrected, manager.id, actedAt);
    }
  }
  if (afterOutage.length > 0) {
    // The minute's offline check, run when the silence reached its limit: every other sensor had called in.
    const checkedAt = new Date(outageStart + 31 * minuteMs);
    await markSilentSensors({ db: tx, clock: { now: () => checkedAt }, log: silentLog });
    for (const { sensor, batches } of afterOutage) await storeSensorBatches(tx, sensor, batches, 72);
  }
  return { excursionReadingId };
}
