import { temperatureText, type TemperatureLog } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { acknowledgeEventsOf, raiseEvent, type RaisedEvent } from '../../../platform/events/raise.js';
import { temperatureLogDtos } from './dto.js';
import type { TemperatureReadingRow } from './repository.js';

// A failed reading is an event (issue 24): its site's admins hear at once. A person's failing reading comes
// with its corrective action (the create call requires one), which is acting on it: the event is
// acknowledged as it is raised, so it is told but never escalated. A reading without one (a sensor's) is
// acknowledged when a correction adds it. Its words are in the site's unit (°F at an American site); its
// details keep the API's °C, with the unit the words are in.

/** The reading in its site's unit: "9.4 °C", "48.9 °F". */
const degrees = (log: TemperatureLog, celsius: number) => temperatureText(celsius, log.temperatureUnit);

/**
 * The limit the reading broke, in words: "limit 8 °C" above a maximum, "at least 75 °C" below a minimum
 * ("limit 41 °F", "at least 165 °F" at an American site).
 */
function brokenLimit(log: TemperatureLog): string {
  const { lowerLimit, upperLimit } = log.limits;
  if (upperLimit !== null && log.celsius > upperLimit) return `limit ${degrees(log, upperLimit)}`;
  if (lowerLimit !== null && log.celsius < lowerLimit) return `at least ${degrees(log, lowerLimit)}`;
  return 'outside its limits';
}

/** A fridge's shelf by its fridge too ("Walk-in fridge, Top shelf"); a probe or food item by its name. */
const itemWords = (log: TemperatureLog) =>
  log.item.equipmentName ? `${log.item.equipmentName}, ${log.item.name}` : log.item.name;

/**
 * The event of a failed reading: "Walk-in fridge, Top shelf read 9.4 °C (limit 8 °C) at The Harbour Kitchen,
 * Brighton", "Walk-in cooler, Top shelf read 44.6 °F (limit 41 °F) at Harbour Kitchen Brooklyn".
 */
export function readingFailureEvent(log: TemperatureLog): RaisedEvent {
  return {
    orgId: log.orgId,
    siteId: log.siteID,
    kind: 'TEMPERATURE_FAILED',
    subject: 'TemperatureLog',
    recordId: log._id,
    title: `${itemWords(log)} read ${degrees(log, log.celsius)} (${brokenLimit(log)}) at ${log.siteName}`,
    details: {
      itemId: log.item._id,
      celsius: log.celsius,
      limits: log.limits,
      checkLabel: log.checkLabel,
      temperatureUnit: log.temperatureUnit,
    },
    occurredAt: new Date(log.readAt),
  };
}

/**
 * In the transaction of a reading's recording or correction: a failing reading raises its event (once per
 * reading), and one with a corrective action acknowledges its events. Answers whether an event was raised.
 */
export async function alertOnReading(
  tx: Database | Tx,
  row: TemperatureReadingRow,
  by: string,
  now: Date,
): Promise<boolean> {
  let raised = false;
  // A sensor's failing readings alert once per excursion, after the debounce (sensor-ingest.ts), not each.
  if (row.result === 'FAIL' && row.source !== 'SENSOR') {
    const [log] = await temperatureLogDtos(tx, [row]);
    if (log) raised = (await raiseEvent(tx, readingFailureEvent(log), now)) !== null;
  }
  if (row.correctiveAction !== null) await acknowledgeEventsOf(tx, row.orgId, row.id, by, now);
  return raised;
}
