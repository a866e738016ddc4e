import {
  checkLabelOf,
  isAboveLegalLimit,
  jurisdictionOf,
  ruleSetOf,
  standardsOf,
  type RuleChoice,
  logTypesFor,
  storedLimits,
  type LogType,
  type TemperatureChartPoint,
  type TemperatureCheckOption,
  type TemperatureLog,
  type TemperatureLogItem,
  type TemperatureLogSnapshot,
  type TemperatureReadableItem,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { personName } from '../log-records.js';
import {
  checkFor,
  joinedReadings,
  type ExportReading,
  type JoinedReading,
  type ReadableItem,
  type TemperatureReadingRow,
} from './repository.js';

/** What a reading was taken of, by name as it is now. */
function itemOf({ reading, temperatureItem, equipment, foodItem }: JoinedReading): TemperatureLogItem {
  if (reading.temperatureItemId !== null && temperatureItem) {
    return {
      _id: reading.temperatureItemId,
      kind: 'TEMPERATURE_ITEM',
      name: temperatureItem.name,
      equipmentID: temperatureItem.equipmentId,
      equipmentName: equipment?.name ?? null,
    };
  }
  if (reading.foodItemId !== null && foodItem) {
    return {
      _id: reading.foodItemId,
      kind: foodItem.type === 'PROB' ? 'PROBE' : 'FOOD_ITEM',
      name: foodItem.name,
      equipmentID: null,
      equipmentName: null,
    };
  }
  throw new Error(`reading ${reading.id} has no item`);
}

/** The limits a stored reading was judged by. */
const limitsOf = ({
  logType,
  checkKind,
  lowerLimit,
  upperLimit,
  warnUpTo,
  jurisdiction,
}: TemperatureReadingRow) =>
  storedLimits(logType, checkKind, { lowerLimit, upperLimit, warnUpTo }, jurisdiction);

/** How a sensor is named where a reading names who took it. */
export const sensorReaderName = (name: string) => `Sensor “${name}”`;

/** Who took an exported reading: the sensor that logged it, or the person; null when neither is known. */
export const exportedReaderName = (
  reading: Pick<ExportReading, 'source' | 'sensorName' | 'readerFirstName' | 'readerLastName'>,
) =>
  reading.source === 'SENSOR'
    ? sensorReaderName(reading.sensorName ?? '')
    : reading.readerFirstName === null
      ? null
      : personName({ firstName: reading.readerFirstName, lastName: reading.readerLastName ?? '' });

/** Who took a reading: the person, or for a sensor's reading the sensor (by its id and name). */
function readerOf({ reading, reader, sensor }: JoinedReading): TemperatureLog['readBy'] {
  if (reading.source === 'SENSOR' && reading.sensorId !== null) {
    return { _id: reading.sensorId, name: sensorReaderName(sensor?.name ?? '') };
  }
  if (reading.readBy === null) throw new Error(`reading ${reading.id} has no reader`);
  return { _id: reading.readBy, name: reader ? personName(reader) : '' };
}

/** The one mapping from a reading and its joined names to what the API answers. */
export function toTemperatureLogDto(joined: JoinedReading): TemperatureLog {
  const { reading, site } = joined;
  return {
    _id: reading.id,
    orgId: reading.orgId,
    siteID: reading.siteId,
    siteName: site.name,
    timeZoneId: site.timeZoneId,
    logType: reading.logType,
    checkKind: reading.checkKind,
    checkLabel: checkLabelOf(reading.logType, reading.checkKind, reading.jurisdiction),
    item: itemOf(joined),
    celsius: reading.celsius,
    readAt: reading.readAt.toISOString(),
    receivedAt: reading.receivedAt.toISOString(),
    backFilled: reading.backFilled,
    readBy: readerOf(joined),
    source: reading.source,
    limits: limitsOf(reading),
    result: reading.result,
    aboveLegalLimit: isAboveLegalLimit(reading.logType, reading.celsius, reading.jurisdiction),
    jurisdiction: jurisdictionOf(reading.jurisdiction),
    temperatureUnit: ruleSetOf(site.jurisdiction).unit,
    correctiveAction: reading.correctiveAction,
    note: reading.note,
    coolingStartedAt: reading.coolingStartedAt?.toISOString() ?? null,
    hotHoldEnded: reading.hotHoldEnded,
    createdAt: reading.createdAt.toISOString(),
    updatedAt: reading.updatedAt.toISOString(),
  };
}

/** DTOs of loaded readings, their names read in one statement. */
export async function temperatureLogDtos(
  db: Database | Tx,
  rows: readonly TemperatureReadingRow[],
): Promise<TemperatureLog[]> {
  return (await joinedReadings(db, rows)).map(toTemperatureLogDto);
}

/** What a reading's history keeps of it: what it says, not the names around it, which change. */
export function snapshotOf(log: TemperatureLog): TemperatureLogSnapshot {
  return {
    siteID: log.siteID,
    logType: log.logType,
    checkKind: log.checkKind,
    itemID: log.item._id,
    itemKind: log.item.kind,
    celsius: log.celsius,
    readAt: log.readAt,
    receivedAt: log.receivedAt,
    readByID: log.readBy._id,
    // Only a sensor's reading says where it came from: a person's snapshot stays as it always was, so the
    // history written before sensors still matches its records.
    ...(log.source === 'SENSOR' ? { source: log.source } : {}),
    limits: log.limits,
    result: log.result,
    correctiveAction: log.correctiveAction,
    note: log.note,
    // The follow-up fields too only where set, for the same reason (issue 24).
    ...(log.coolingStartedAt === null ? {} : { coolingStartedAt: log.coolingStartedAt }),
    ...(log.hotHoldEnded ? { hotHoldEnded: true as const } : {}),
  };
}

/** A chart's point: the reading and the limits it was judged by. */
export function toChartPoint(reading: TemperatureReadingRow): TemperatureChartPoint {
  return {
    _id: reading.id,
    readAt: reading.readAt.toISOString(),
    celsius: reading.celsius,
    result: reading.result,
    lowerLimit: reading.lowerLimit,
    upperLimit: reading.upperLimit,
    warnUpTo: reading.warnUpTo,
  };
}

/** An item as a reading names it. */
export function toLogItem(item: ReadableItem): TemperatureLogItem {
  return item.kind === 'TEMPERATURE_ITEM'
    ? {
        _id: item.id,
        kind: item.kind,
        name: item.name,
        equipmentID: item.equipmentId,
        equipmentName: item.equipmentName,
      }
    : { _id: item.id, kind: item.kind, name: item.name, equipmentID: null, equipmentName: null };
}

/**
 * An item with how it is read: a fridge's item as its equipment's type by its own limits; a probe or food
 * item by every check of each log type it is used for, at its site (`site`: reheating by the site's limit).
 */
export function toReadableItem(item: ReadableItem, jurisdiction: RuleChoice): TemperatureReadableItem {
  const standards = standardsOf(jurisdiction);
  const checksOf = (logType: LogType): TemperatureCheckOption[] => {
    if (item.kind !== 'TEMPERATURE_ITEM') {
      return standards[logType].checks.map((check) => ({
        kind: check.kind,
        label: check.label,
        limits: check.limits,
      }));
    }
    const { checkKind, limits } = checkFor(item, logType, undefined, jurisdiction);
    return [{ kind: checkKind, label: checkLabelOf(logType, checkKind, jurisdiction), limits }];
  };
  const logTypes = item.kind === 'TEMPERATURE_ITEM' ? [item.equipmentType] : logTypesFor(item.kind);
  return {
    ...toLogItem(item),
    logTypes: logTypes.map((logType) => ({
      logType,
      label: standards[logType].label,
      checks: checksOf(logType),
    })),
  };
}
