import { and, eq, getTableColumns, gte, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  formatInstant,
  probeSensorWindowMinutes,
  ruleSetOf,
  temperatureSpan,
  temperatureText,
  unitSymbols,
  type TemperatureLog,
} from '@console/shared-sdk/contract';
import type { Tx } from '../../../platform/db/client.js';
import { sites } from '../../../platform/db/schema.js';
import { raiseEvent } from '../../../platform/events/raise.js';
import { sensors } from '../../equipment/index.js';
import { probeCalibrationDue } from '../../tasks/index.js';
import { temperatureReadings } from '../schema.js';
import { sensorReaderName, temperatureLogDtos } from './dto.js';
import type { TemperatureReadingRow } from './repository.js';

// A person's probe and a wireless sensor that read the same item (a fridge's shelf, a probe item) within
// `probeSensorWindowMinutes` of each other, and differ by more than the site's tolerance
// (sites.probeSensorToleranceCelsius), disagree: one of them is wrong. That is a PROBE_SENSOR_DISAGREE
// event for the site's admins, about the person's reading, once per reading and sensor; and the site
// calibrates its probe that day (tasks' probeCalibrationDue). The person's reading is compared with the
// sensor's reading nearest to it in time, the sensor's best word for that moment. Both paths check: a
// person's reading looks for the item's sensor readings around it (one statement), and a sensor's batch
// looks for the people's readings of its item around the readings it brought.

const windowMs = probeSensorWindowMinutes * 60_000;

/** A person's reading and the sensor's reading nearest it, more than the tolerance apart. */
interface Disagreement {
  probe: TemperatureReadingRow;
  sensor: { readingId: string; sensorId: string; sensorName: string; celsius: number; readAt: Date };
  toleranceCelsius: number;
}

/** More than the tolerance apart, to the hundredth of a degree (7.9 − 5.9 is not more than 2). */
const differs = (a: number, b: number, tolerance: number) =>
  Math.round(Math.abs(a - b) * 100) / 100 > tolerance;

/** The column of a reading's item (a fridge's item or a probe or food item) and its id. */
function itemOf(row: Pick<TemperatureReadingRow, 'temperatureItemId' | 'foodItemId'>) {
  return row.temperatureItemId !== null
    ? { column: temperatureReadings.temperatureItemId, id: row.temperatureItemId }
    : { column: temperatureReadings.foodItemId, id: row.foodItemId ?? '' };
}

/** The site's tolerance, read in the statement that needs it. */
const toleranceOf = (siteId: string): SQL<number> =>
  sql<number>`(select ${sites.probeSensorToleranceCelsius} from ${sites} where ${sites.id} = ${siteId})`.mapWith(
    Number,
  );

/** "Walk-in fridge, Top shelf", or a probe's or food item's name. */
const itemWords = (log: TemperatureLog) =>
  log.item.equipmentName ? `${log.item.equipmentName}, ${log.item.name}` : log.item.name;

/** Raises each disagreement's event, once per person's reading and sensor, and the site's calibration. */
async function raiseDisagreements(tx: Tx, found: readonly Disagreement[], now: Date): Promise<number> {
  if (found.length === 0) return 0;
  const logs = new Map(
    (await temperatureLogDtos(tx, [...new Map(found.map((one) => [one.probe.id, one.probe])).values()])).map(
      (log) => [log._id, log],
    ),
  );
  let raised = 0;
  for (const { probe, sensor, toleranceCelsius } of found) {
    const log = logs.get(probe.id);
    if (!log) continue;
    const unit = log.temperatureUnit;
    const words = itemWords(log);
    const title =
      `The sensor and the probe disagree on ${words} at ${log.siteName}: ` +
      `probe ${temperatureText(probe.celsius, unit)}, sensor ${temperatureText(sensor.celsius, unit)}`;
    const id = await raiseEvent(
      tx,
      {
        orgId: probe.orgId,
        siteId: probe.siteId,
        kind: 'PROBE_SENSOR_DISAGREE',
        subject: 'TemperatureLog',
        recordId: probe.id,
        dedupeKey: `PROBE_SENSOR_DISAGREE:${probe.id}:${sensor.sensorId}`,
        title,
        details: {
          itemId: log.item._id,
          itemName: words,
          probe: {
            readingId: probe.id,
            celsius: probe.celsius,
            readAt: probe.readAt.toISOString(),
            readBy: log.readBy.name,
          },
          sensor: {
            readingId: sensor.readingId,
            sensorId: sensor.sensorId,
            sensorName: sensor.sensorName,
            celsius: sensor.celsius,
            readAt: sensor.readAt.toISOString(),
          },
          toleranceCelsius,
          temperatureUnit: unit,
        },
        occurredAt: probe.readAt,
      },
      now,
    );
    if (id === null) continue;
    raised += 1;
    const at = formatInstant(probe.readAt, log.timeZoneId, 'time', ruleSetOf(log.jurisdiction).locale);
    const tolerance = `${Math.round(temperatureSpan(toleranceCelsius, unit) * 10) / 10} ${unitSymbols[unit]}`;
    await probeCalibrationDue(
      tx,
      { orgId: probe.orgId, siteId: probe.siteId },
      `${sensorReaderName(sensor.sensorName)} read ${temperatureText(sensor.celsius, unit)} on ${words} ` +
        `when a probe read ${temperatureText(probe.celsius, unit)} at ${at}, more than ${tolerance} apart: ` +
        'check the probe in ice water and boiling water, and take it out of use if it reads wrong.',
      now,
    );
  }
  return raised;
}

/**
 * A person's new reading against the sensors on its item: the nearest reading of each sensor within the
 * window, and the site's tolerance, in one statement. Answers how many disagreements it raised.
 */
export async function probeSensorOfReading(tx: Tx, row: TemperatureReadingRow, now: Date): Promise<number> {
  if (row.source === 'SENSOR') return 0;
  const item = itemOf(row);
  const readAt = row.readAt.toISOString();
  const nearest = await tx
    .selectDistinctOn([temperatureReadings.sensorId], {
      readingId: temperatureReadings.id,
      sensorId: temperatureReadings.sensorId,
      sensorName: sensors.name,
      celsius: temperatureReadings.celsius,
      readAt: temperatureReadings.readAt,
      toleranceCelsius: toleranceOf(row.siteId),
    })
    .from(temperatureReadings)
    .innerJoin(sensors, eq(sensors.id, temperatureReadings.sensorId))
    .where(
      and(
        eq(item.column, item.id),
        eq(temperatureReadings.orgId, row.orgId),
        eq(temperatureReadings.siteId, row.siteId),
        eq(temperatureReadings.source, 'SENSOR'),
        isNull(temperatureReadings.deletedAt),
        gte(temperatureReadings.readAt, new Date(row.readAt.getTime() - windowMs)),
        lte(temperatureReadings.readAt, new Date(row.readAt.getTime() + windowMs)),
      ),
    )
    .orderBy(
      temperatureReadings.sensorId,
      sql`abs(extract(epoch from ${temperatureReadings.readAt} - ${readAt}::timestamptz))`,
      temperatureReadings.id,
    );
  const found = nearest.flatMap(({ sensorId, toleranceCelsius, ...sensor }): Disagreement[] =>
    sensorId !== null && differs(row.celsius, sensor.celsius, toleranceCelsius)
      ? [{ probe: row, sensor: { ...sensor, sensorId }, toleranceCelsius }]
      : [],
  );
  return raiseDisagreements(tx, found, now);
}

/**
 * A sensor's new readings (`stored`, of `sensor` on its item) against the people's readings of that item
 * around them: each person's reading within the window of one of them, with this sensor's reading nearest
 * to it, in one statement. Answers how many disagreements it raised.
 */
export async function probeSensorOfBatch(
  tx: Tx,
  sensor: { id: string; name: string },
  stored: readonly TemperatureReadingRow[],
  now: Date,
): Promise<number> {
  const [first] = stored;
  if (!first) return 0;
  const times = stored.map((row) => row.readAt.getTime());
  const probe = temperatureReadings;
  const read = alias(temperatureReadings, 'sensor_reading');
  const item = first.temperatureItemId !== null;
  const itemId = first.temperatureItemId ?? first.foodItemId ?? '';
  const window = sql`make_interval(mins => ${probeSensorWindowMinutes})`;
  const nearest = tx
    .select({ id: read.id, celsius: read.celsius, readAt: read.readAt })
    .from(read)
    .where(
      and(
        eq(read.sensorId, sensor.id),
        eq(item ? read.temperatureItemId : read.foodItemId, itemId),
        isNull(read.deletedAt),
        sql`${read.readAt} between ${probe.readAt} - ${window} and ${probe.readAt} + ${window}`,
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${read.readAt} - ${probe.readAt}))`, read.id)
    .limit(1)
    .as('nearest');
  const rows = await tx
    .select({
      probe: getTableColumns(probe),
      sensorReadingId: nearest.id,
      sensorCelsius: nearest.celsius,
      sensorReadAt: nearest.readAt,
      toleranceCelsius: toleranceOf(first.siteId),
    })
    .from(probe)
    .innerJoinLateral(nearest, sql`true`)
    .where(
      and(
        eq(item ? probe.temperatureItemId : probe.foodItemId, itemId),
        eq(probe.orgId, first.orgId),
        eq(probe.siteId, first.siteId),
        ne(probe.source, 'SENSOR'),
        isNull(probe.deletedAt),
        gte(probe.readAt, new Date(Math.min(...times) - windowMs)),
        lte(probe.readAt, new Date(Math.max(...times) + windowMs)),
      ),
    );
  const found = rows.flatMap((row): Disagreement[] =>
    differs(row.probe.celsius, row.sensorCelsius, row.toleranceCelsius)
      ? [
          {
            probe: row.probe,
            sensor: {
              readingId: row.sensorReadingId,
              sensorId: sensor.id,
              sensorName: sensor.name,
              celsius: row.sensorCelsius,
              readAt: row.sensorReadAt,
            },
            toleranceCelsius: row.toleranceCelsius,
          },
        ]
      : [],
  );
  return raiseDisagreements(tx, found, now);
}
