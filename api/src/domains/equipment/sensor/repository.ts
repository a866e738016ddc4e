import { and, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  sensorOfflineMinutes,
  type ListQuery,
  type Sensor,
  type SensorFields,
  type SensorItem,
  type SensorSortColumn,
  type SensorStatus,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { fieldError, notFound } from '../../../platform/http/errors.js';
import { recordsOf } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';
import { foodItems, masterTypes, sensors, temperatureItems } from '../schema.js';
import { newDeviceKey } from './keys.js';

// Sensors in SQL: the records' own list, find and soft delete, the item a sensor logs (a live one of its
// site), and its key, made, rotated and revoked here. The readings it sends are the logs domain's
// (temperature-logs/sensor-ingest.ts).

export type SensorRow = typeof sensors.$inferSelect;

export const sensorRecords = recordsOf<typeof sensors, ListQuery<SensorSortColumn>>({
  table: sensors,
  placedOn: 'site',
  sort: {
    _id: sensors.id,
    name: sql`lower(${sensors.name})`,
    lastSeenAt: sensors.lastSeenAt,
    createdAt: sensors.createdAt,
    updatedAt: sensors.updatedAt,
  },
  search: [sensors.name, sensors.keyPrefix],
  name: { column: sensors.name, field: 'name', what: 'A sensor' },
});

/**
 * The item a sensor is to log: a live temperature item of a live fridge or freezer, or a live probe, of
 * `place`'s organisation (else 404, like another tenant's) and on its site (else 400 on the field).
 */
async function assertItemOfSite(db: Database | Tx, place: SitePlace, fields: SensorFields) {
  if (fields.temperatureItemID !== undefined) {
    const [item] = await db
      .select({ siteId: masterTypes.siteId })
      .from(temperatureItems)
      .innerJoin(masterTypes, eq(masterTypes.id, temperatureItems.masterTypeId))
      .where(
        and(
          eq(temperatureItems.id, fields.temperatureItemID),
          eq(masterTypes.orgId, place.orgId),
          isNull(temperatureItems.deletedAt),
          isNull(masterTypes.deletedAt),
        ),
      );
    if (!item) throw notFound('Temperature item');
    if (item.siteId !== place.siteID) {
      throw fieldError('temperatureItemID', "Not a temperature item of the sensor's site");
    }
    return { temperatureItemId: fields.temperatureItemID, foodItemId: null };
  }
  if (fields.foodItemID === undefined) throw fieldError('temperatureItemID', 'Choose what the sensor logs');
  const [item] = await db
    .select({ siteId: foodItems.siteId, type: foodItems.type })
    .from(foodItems)
    .where(
      and(eq(foodItems.id, fields.foodItemID), eq(foodItems.orgId, place.orgId), isNull(foodItems.deletedAt)),
    );
  if (!item) throw notFound('Probe');
  if (item.type !== 'PROB') throw fieldError('foodItemID', 'A sensor logs a probe, not a food item');
  if (item.siteId !== place.siteID) throw fieldError('foodItemID', "Not a probe of the sensor's site");
  return { temperatureItemId: null, foodItemId: fields.foodItemID };
}

/** Registers a sensor with a new key; answers the row and the key, which is not kept. */
export async function insertSensor(
  tx: Tx,
  place: SitePlace,
  fields: SensorFields,
  now: Date,
): Promise<{ row: SensorRow; deviceKey: string }> {
  const item = await assertItemOfSite(tx, place, fields);
  const key = newDeviceKey();
  const row = await sensorRecords.insert(
    tx,
    place,
    { name: fields.name, ...item, keyHash: key.hash, keyPrefix: key.prefix, keyCreatedAt: now },
    now,
  );
  return { row, deviceKey: key.key };
}

/** Renames a sensor or points it at another item of its site; a new item starts without an excursion. */
export async function updateSensor(
  tx: Tx,
  current: SensorRow,
  siteId: string,
  fields: SensorFields,
  now: Date,
): Promise<SensorRow> {
  const item = await assertItemOfSite(tx, { orgId: current.orgId, siteID: siteId }, fields);
  const sameItem =
    item.temperatureItemId === current.temperatureItemId && item.foodItemId === current.foodItemId;
  return sensorRecords.update(
    tx,
    current,
    { name: fields.name, ...item, ...(sameItem ? {} : { excursionSince: null }) },
    now,
  );
}

/** Writes `values` onto a sensor and answers the row as it now is. */
async function setSensor(
  db: Database | Tx,
  current: SensorRow,
  values: Partial<typeof sensors.$inferInsert>,
  now: Date,
): Promise<SensorRow> {
  const [row] = await db
    .update(sensors)
    .set({ ...values, updatedAt: now })
    .where(eq(sensors.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** A new key for the sensor (the old one stops working at once); a revoked sensor is live again. */
export async function rotateSensorKey(
  db: Database | Tx,
  current: SensorRow,
  now: Date,
): Promise<{ row: SensorRow; deviceKey: string }> {
  const key = newDeviceKey();
  const row = await setSensor(
    db,
    current,
    { keyHash: key.hash, keyPrefix: key.prefix, keyCreatedAt: now, revokedAt: null },
    now,
  );
  return { row, deviceKey: key.key };
}

/** Refuses the sensor's key from now on (ingest answers 401) until a new one is rotated in. */
export function revokeSensorKey(db: Database | Tx, current: SensorRow, now: Date): Promise<SensorRow> {
  return setSensor(db, current, { revokedAt: current.revokedAt ?? now }, now);
}

// ---- what the API answers -------------------------------------------------------------------------------

const minuteMs = 60_000;

/**
 * The live sensors reported offline at `now`, as SQL on the sensors table: marked by the offline check, or
 * silent for the offline time already (the check runs each minute). One never heard from counts once it
 * has been registered that long, as the check raises SENSOR_OFFLINE for it ("has not called in once"); a
 * revoked key is a sensor taken out of use, not one that went quiet.
 */
export function offlineSensorWhere(now: Date): SQL {
  const silentSince = new Date(now.getTime() - sensorOfflineMinutes * minuteMs);
  return sql`${and(
    isNull(sensors.deletedAt),
    isNull(sensors.revokedAt),
    or(
      isNotNull(sensors.offlineSince),
      lte(sql`coalesce(${sensors.lastSeenAt}, ${sensors.createdAt})`, silentSince),
    ),
  )}`;
}

/** Where a sensor stands at `now`, in the words of the contract's sensorStatuses. */
export function statusOf(row: SensorRow, now: Date): SensorStatus {
  if (row.revokedAt !== null) return 'REVOKED';
  if (row.lastSeenAt === null) return 'NEVER_SEEN';
  const silent = now.getTime() - row.lastSeenAt.getTime() >= sensorOfflineMinutes * minuteMs;
  return row.offlineSince !== null || silent ? 'OFFLINE' : 'ONLINE';
}

/** The items of several sensors by id, with their fridge's or freezer's name, in two queries. */
export async function itemsOf(
  db: Database | Tx,
  rows: readonly SensorRow[],
): Promise<Map<string, SensorItem>> {
  const byId = new Map<string, SensorItem>();
  const fridgeItemIds = rows.flatMap((row) =>
    row.temperatureItemId === null ? [] : [row.temperatureItemId],
  );
  const probeIds = rows.flatMap((row) => (row.foodItemId === null ? [] : [row.foodItemId]));
  if (fridgeItemIds.length > 0) {
    const found = await db
      .select({ id: temperatureItems.id, name: temperatureItems.name, equipmentName: masterTypes.name })
      .from(temperatureItems)
      .innerJoin(masterTypes, eq(masterTypes.id, temperatureItems.masterTypeId))
      .where(inArray(temperatureItems.id, fridgeItemIds));
    for (const item of found) {
      byId.set(item.id, {
        _id: item.id,
        kind: 'TEMPERATURE_ITEM',
        name: item.name,
        equipmentName: item.equipmentName,
      });
    }
  }
  if (probeIds.length > 0) {
    const found = await db
      .select({ id: foodItems.id, name: foodItems.name })
      .from(foodItems)
      .where(inArray(foodItems.id, probeIds));
    for (const item of found)
      byId.set(item.id, { _id: item.id, kind: 'PROBE', name: item.name, equipmentName: null });
  }
  return byId;
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/** DTOs for a page of sensors, their items read in one query each. Never the key, only its prefix. */
export async function sensorDtos(
  db: Database | Tx,
  rows: readonly SensorRow[],
  now: Date,
): Promise<Sensor[]> {
  const items = await itemsOf(db, rows);
  return rows.map((row) => {
    const itemId = row.temperatureItemId ?? row.foodItemId ?? '';
    const item = items.get(itemId);
    if (!item) throw new Error(`sensor ${row.id} has no item`);
    return {
      _id: row.id,
      orgId: row.orgId,
      siteID: row.siteId,
      name: row.name,
      temperatureItemID: row.temperatureItemId,
      foodItemID: row.foodItemId,
      item,
      keyPrefix: row.keyPrefix,
      keyCreatedAt: row.keyCreatedAt.toISOString(),
      revokedAt: iso(row.revokedAt),
      lastSeenAt: iso(row.lastSeenAt),
      lastReadAt: iso(row.lastReadAt),
      lastCelsius: row.lastCelsius,
      excursionSince: iso(row.excursionSince),
      offlineSince: iso(row.offlineSince),
      status: statusOf(row, now),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
