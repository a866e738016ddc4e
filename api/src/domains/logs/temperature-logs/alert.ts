import { and, eq } from 'drizzle-orm';
import { temperatureText, type TemperatureLog } from '@console/shared-sdk/contract';
import { personsByIds } from '../../../platform/auth/users/repository.js';
import type { Tx } from '../../../platform/db/client.js';
import { acknowledgeEventsOf, raiseEvent, type RaisedEvent } from '../../../platform/events/raise.js';
import type { HistoryActor } from '../../../platform/history/history.js';
import {
  openCorrectiveAction,
  recordActionOfSource,
  type OpenedDeviation,
} from '../../../platform/corrective-actions/open.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { temperatureLogDtos } from './dto.js';
import type { TemperatureReadingRow } from './repository.js';

// A failed reading is an event (issue 24): its site's admins hear at once. A person's failing reading comes
// with its corrective action (the create call requires one), which is acting on it: the event is
// acknowledged as it is raised, so it is told but never escalated. A reading without one (a sensor's) is
// acknowledged when a correction adds it. Its words are in the site's unit (°F at an American site); its
// details keep the API's °C, with the unit the words are in.
//
// A failed reading is also a deviation (HACCP principle 5): it opens its corrective action in the same
// transaction, in the event's words. A person's comes with what was done, so its action opens already
// recorded, by whoever wrote it; a correction that adds or changes the corrective action of a reading whose
// action is open (reopened, or a sensor's excursion) records it there.

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

/** A failed reading's deviation: the event's words, opened recorded with the reading's corrective action. */
export function readingDeviation(
  log: TemperatureLog,
  event: RaisedEvent,
  actor: HistoryActor,
): OpenedDeviation {
  return {
    orgId: log.orgId,
    siteId: log.siteID,
    kind: 'READING_FAILED',
    checkType: log.logType,
    source: { subject: 'TemperatureLog', recordId: log._id },
    deviation: event.title,
    details: event.details ?? {},
    occurredAt: new Date(log.readAt),
    actor,
    recorded: log.correctiveAction === null ? null : { actionTaken: log.correctiveAction },
  };
}

async function personOf(tx: Tx, id: string): Promise<HistoryActor> {
  const person = (await personsByIds(tx, [id])).get(id);
  return { id, name: person ? `${person.firstName} ${person.lastName}`.trim() : '' };
}

/**
 * Records a reading's corrective action on every open action it is the source of: its own failure's,
 * reopened, or the excursion its sensor's reading raised.
 */
async function recordActionsOfReading(tx: Tx, row: TemperatureReadingRow, by: string, now: Date) {
  const { correctiveAction } = row;
  if (correctiveAction === null) return;
  const open = await tx
    .select({ dedupeKey: correctiveActions.dedupeKey })
    .from(correctiveActions)
    .where(
      and(
        eq(correctiveActions.orgId, row.orgId),
        eq(correctiveActions.sourceSubject, 'TemperatureLog'),
        eq(correctiveActions.sourceId, row.id),
        eq(correctiveActions.state, 'OPEN'),
      ),
    );
  if (open.length === 0) return;
  const actor = await personOf(tx, by);
  for (const { dedupeKey } of open) {
    await recordActionOfSource(
      tx,
      { orgId: row.orgId, dedupeKey },
      { actionTaken: correctiveAction },
      actor,
      now,
    );
  }
}

/**
 * In the transaction of a reading's recording or correction: a failing reading raises its event (once per
 * reading) and opens its corrective action (once per reading, recorded with the reading's), and one with a
 * corrective action acknowledges its events. `before` is the reading as it was before a correction, null
 * for a new reading; left out (a correction whose earlier state is not at hand), its corrective action
 * counts as changed. Answers whether an event was raised.
 */
export async function alertOnReading(
  tx: Tx,
  row: TemperatureReadingRow,
  by: string,
  now: Date,
  before?: TemperatureReadingRow | null,
): Promise<boolean> {
  let raised = false;
  let opened = false;
  // A sensor's failing readings alert once per excursion, after the debounce (sensor-ingest.ts), not each.
  if (row.result === 'FAIL' && row.source !== 'SENSOR') {
    const [log] = await temperatureLogDtos(tx, [row]);
    if (log) {
      const event = readingFailureEvent(log);
      raised = (await raiseEvent(tx, event, now)) !== null;
      // A new reading's action is its reader's; a correction's, whoever corrected it.
      const actor = before === null ? { id: log.readBy._id, name: log.readBy.name } : await personOf(tx, by);
      opened = (await openCorrectiveAction(tx, readingDeviation(log, event, actor), now)) !== null;
    }
  }
  if (row.correctiveAction !== null) {
    await acknowledgeEventsOf(tx, row.orgId, row.id, by, now);
    const changed =
      before === undefined || (before !== null && before.correctiveAction !== row.correctiveAction);
    // An action opened just now already holds it.
    if (changed && !opened) await recordActionsOfReading(tx, row, by, now);
  }
  return raised;
}
