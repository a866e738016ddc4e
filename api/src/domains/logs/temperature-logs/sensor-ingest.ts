import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeySensorIngestSchema,
  envelope,
  failureOf,
  judgeReading,
  logTypesFor,
  type RuleSet,
  sensorIngestResultSchema,
  sensorIngestSchema,
  sensorKeyHeader,
  sensorRequestsPerMinute,
  temperatureText,
  type SensorIngestResult,
  type LogType,
  type SensorReading,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { countCall } from '../../../platform/auth/login-limit.js';
import type { Clock } from '../../../platform/clock.js';
import type { JobSender } from '../../../platform/jobs/queue.js';
import type { Database, Tx } from '../../../platform/db/client.js';
import { sites } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { acceptDeviceTime } from '../../../platform/device-time.js';
import { dispatchJobName, raiseEvent } from '../../../platform/events/raise.js';
import {
  apiKeyActor,
  recordHistories,
  type HistoryActor,
  type HistoryEntryInput,
} from '../../../platform/history/history.js';
import { allow, assertCan, authOf, orgOf } from '../../../platform/auth/guard.js';
import { openCorrectiveAction } from '../../../platform/corrective-actions/open.js';
import {
  conflict,
  forbidden,
  HttpError,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { hashDeviceKey, sensorReceipts, sensors } from '../../equipment/index.js';
import { temperatureReadings } from '../schema.js';
import { sensorReaderName, snapshotOf, temperatureLogDtos } from './dto.js';
import { checkFor, readableItems, type ReadableItem } from './repository.js';
import { probeSensorOfBatch } from './probe-sensor.js';
import { rulesOfSite } from '../../sites/index.js';
import { keyOnly } from '../../../platform/http/openapi.js';

// POST /sensor/ingest (issue 24): a wireless sensor, or the gateway it talks through, posts batches of
// readings with its device key in a header. Each line lands as a temperature reading of source SENSOR,
// judged by its item's limits exactly as a person's reading is (checkFor, judgeReading), with the same
// history entry, and is receipted by (sensor, sequence), so a batch sent again stores nothing twice. Times
// follow the records' rule (platform/device-time.ts): a batch held while the gateway was offline is taken
// (and marked back-filled like a person's late sync); a line from the future is refused on its own.
//
// A sensor's failing readings do not each alert: a door opened for a delivery is not an incident. The
// sensor keeps when its readings left the limits (`excursion_since`); once they have stayed out for the
// site's debounce (excursion_debounce_minutes), one TEMPERATURE_FAILED event asks a person for the
// corrective action, and the excursion opens its corrective action (SENSOR_EXCURSION, once per excursion,
// about the reading that raised it), which a correction of that reading adding what was done records
// (alert.ts). A reading back within limits ends the run. A batch's readings that a person's probe reading
// of the same item, near in time, disagrees with raise that too (probe-sensor.ts).

type SensorRow = typeof sensors.$inferSelect;
type ReadingRow = typeof temperatureReadings.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The sensor whose key the request carried (set by the ingest route's key check). */
    sensor?: SensorRow;
  }
}

const minuteMs = 60_000;
const refusedKey = 'Unknown or revoked sensor key';

/**
 * Counts a call of `sensor`, or refuses it with 429 and the seconds until it may call again, when it made
 * `sensorRequestsPerMinute` calls in the last minute. Every call counts, one that stores nothing too (a
 * sensor stuck re-sending one batch is what the limit is for), and the count is kept in the database,
 * serialised per sensor, so that any number of instances together allow the documented rate.
 */
async function countSensorCall(db: Database, sensor: SensorRow, now: Date): Promise<void> {
  const seconds = await countCall(db, now, `sensor:${sensor.id}`, sensorRequestsPerMinute, minuteMs);
  if (seconds === null) return;
  throw tooManyRequests(
    `This sensor sent more than ${sensorRequestsPerMinute} batches in a minute: send fewer, larger batches. ` +
      `Try again in ${seconds} second(s).`,
    seconds,
  );
}

/** The sensor a device key names, live and unrevoked; else 401. */
async function sensorOfKey(request: FastifyRequest): Promise<SensorRow> {
  const header = request.headers[sensorKeyHeader];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key) throw unauthorized(`Send the sensor's device key in the ${sensorKeyHeader} header`);
  const [sensor] = await request.server.deps.db
    .select()
    .from(sensors)
    .where(and(eq(sensors.keyHash, hashDeviceKey(key)), isNull(sensors.deletedAt)));
  if (!sensor || sensor.revokedAt !== null) throw unauthorized(refusedKey);
  return sensor;
}

/** A line of the batch that passed the time rule, with the time kept. */
interface AcceptedLine {
  line: SensorReading;
  readAt: Date;
}

/**
 * How a sensor's item is read: a fridge's or freezer's item as its equipment's type by its own limits; a
 * probe as the first log type a probe is read for (a cellar), by that check's limits at the site.
 */
function sensorCheck(item: ReadableItem, rules: RuleSet) {
  const logType = item.kind === 'TEMPERATURE_ITEM' ? undefined : logTypesFor('PROBE')[0];
  return checkFor(item, logType, undefined, rules);
}

/** Words for an item in an alert: 'Walk-in fridge – Top shelf', or the probe's name. */
const itemWords = (item: ReadableItem) =>
  item.kind === 'TEMPERATURE_ITEM' ? `${item.equipmentName} – ${item.name}` : item.name;

/**
 * Walks the new readings after the sensor's newest known one, in time order, through the debounce: a
 * failing reading starts or extends the run, any other ends it; the first reading of a run at least
 * `debounceMs` long is the one to alert on. Older readings (a held batch arriving after newer ones) are
 * stored and judged but do not rewrite the run.
 */
export function followExcursion(
  since: Date | null,
  newestKnown: Date | null,
  readings: readonly Pick<ReadingRow, 'readAt' | 'result'>[],
  debounceMs: number,
): { since: Date | null; alert: { index: number; runSince: Date } | null } {
  let run = since;
  let alert: { index: number; runSince: Date } | null = null;
  let newest = newestKnown;
  readings.forEach((reading, index) => {
    if (newest !== null && reading.readAt.getTime() < newest.getTime()) return;
    newest = reading.readAt;
    if (reading.result !== 'FAIL') {
      run = null;
      return;
    }
    run ??= reading.readAt;
    // The run may end later in the same batch: the alert keeps the start of the run it is about.
    if (alert === null && reading.readAt.getTime() - run.getTime() >= debounceMs) {
      alert = { index, runSince: run };
    }
  });
  return { since: run, alert };
}

/** A batch of a sensor's readings as its gateway sent it, and when the server received it. */
export interface SensorBatch {
  lines: readonly SensorReading[];
  receivedAt: Date;
}

/** What became of one batch: the call's answer, and whether it raised the excursion's event. */
export type SensorBatchResult = SensorIngestResult & { raised: boolean };

/**
 * Stores one batch for `sensor` (locked), raising the excursion's event when its run reached the debounce.
 * `by` names who posted it in the readings' history when it is not the sensor itself (an API key).
 */
export async function storeSensorBatch(
  tx: Tx,
  sensor: SensorRow,
  lines: readonly SensorReading[],
  now: Date,
  syncWindowHours: number,
  by?: HistoryActor,
): Promise<SensorBatchResult> {
  const [result] = await storeSensorBatches(tx, sensor, [{ lines, receivedAt: now }], syncWindowHours, by);
  if (!result) throw new Error('storeSensorBatches answers every batch');
  return result;
}

/**
 * Stores batches of `sensor` (locked), oldest receipt first, exactly as if each had been posted in turn,
 * with one write of each kind for them all: the demo's week of a sensor's half-hourly batches is one pass,
 * not hundreds of round trips. Each batch's lines are checked against its own receipt time, its duplicates
 * include the lines of the batches before it, and the debounce follows the batches in order.
 */
export async function storeSensorBatches(
  tx: Tx,
  sensor: SensorRow,
  batches: readonly SensorBatch[],
  syncWindowHours: number,
  by?: HistoryActor,
): Promise<SensorBatchResult[]> {
  const sequences = [...new Set(batches.flatMap(({ lines }) => lines.map((line) => line.sequence)))];
  const known =
    sequences.length === 0
      ? []
      : await tx
          .select({ sequence: sensorReceipts.sequence })
          .from(sensorReceipts)
          .where(and(eq(sensorReceipts.sensorId, sensor.id), inArray(sensorReceipts.sequence, sequences)));
  const seen = new Set(known.map((row) => row.sequence));
  const checked = batches.map(({ lines, receivedAt }) => {
    let duplicates = 0;
    const refused: SensorIngestResult['refused'] = [];
    const accepted: AcceptedLine[] = [];
    lines.forEach((line, index) => {
      if (seen.has(line.sequence)) {
        duplicates += 1;
        return;
      }
      const field = `readings.${index}.readAt`;
      try {
        const readAt = acceptDeviceTime(new Date(line.readAt), {
          field,
          label: "The reading's time",
          receivedAt,
          syncWindowHours,
        });
        seen.add(line.sequence);
        accepted.push({ line, readAt });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refused.push({ index, sequence: line.sequence, field, message: error.message });
      }
    });
    // In time order: the debounce follows the readings as they were taken.
    accepted.sort((a, b) => a.readAt.getTime() - b.readAt.getTime() || a.line.sequence - b.line.sequence);
    return { receivedAt, duplicates, refused, accepted };
  });
  const lastReceipt = batches.at(-1)?.receivedAt;
  if (!lastReceipt) return [];
  const heard = { lastSeenAt: lastReceipt, offlineSince: null, updatedAt: lastReceipt };
  if (checked.every(({ accepted }) => accepted.length === 0)) {
    await tx.update(sensors).set(heard).where(eq(sensors.id, sensor.id));
    return checked.map(({ duplicates, refused }) => ({ stored: 0, duplicates, refused, raised: false }));
  }

  const itemId = sensor.temperatureItemId ?? sensor.foodItemId ?? '';
  const [item] = await readableItems(tx, sensor.orgId, { ids: [itemId] });
  if (!item || item.siteId !== sensor.siteId) {
    throw conflict(
      `The item sensor “${sensor.name}” logs was retired or deleted: point the sensor at another item`,
    );
  }
  const [site] = await tx
    .select({ debounce: sites.excursionDebounceMinutes })
    .from(sites)
    .where(eq(sites.id, sensor.siteId));
  const rules = await rulesOfSite(tx, sensor.siteId);
  const check = sensorCheck(item, rules);
  const isFridgeItem = item.kind === 'TEMPERATURE_ITEM';
  const values = checked.flatMap(({ accepted, receivedAt }) =>
    accepted.map(({ line, readAt }) => ({
      id: newId(),
      orgId: sensor.orgId,
      siteId: sensor.siteId,
      logType: check.logType,
      checkKind: check.checkKind,
      temperatureItemId: isFridgeItem ? item.id : null,
      foodItemId: isFridgeItem ? null : item.id,
      celsius: line.celsius,
      readAt,
      receivedAt,
      readBy: null,
      source: 'SENSOR' as const,
      sensorId: sensor.id,
      lowerLimit: check.limits.lowerLimit,
      upperLimit: check.limits.upperLimit,
      warnUpTo: check.limits.warnUpTo,
      jurisdiction: check.jurisdiction,
      result: judgeReading(line.celsius, check.limits),
      correctiveAction: null,
      note: null,
      createdAt: receivedAt,
      updatedAt: receivedAt,
    })),
  );
  // One insert of each kind: a call's 500 lines, or the demo's week of a sensor (672), stay far under
  // PostgreSQL's 65,535 bound parameters.
  const rows = await tx.insert(temperatureReadings).values(values).returning();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inOrder = values.map((value) => byId.get(value.id)).filter((row): row is ReadingRow => !!row);
  const acceptedLines = checked.flatMap(({ accepted }) => accepted);
  const receipts = values.map((value, index) => ({
    sensorId: sensor.id,
    sequence: acceptedLines[index]?.line.sequence ?? 0,
    readingId: value.id,
    receivedAt: value.receivedAt,
  }));
  await tx.insert(sensorReceipts).values(receipts);

  // The same history entry a person's reading gets, the sensor named as its author, or the key that
  // posted the sensor's readings.
  const actor = by ?? { id: null, name: sensorReaderName(sensor.name) };
  const dtos = await temperatureLogDtos(tx, inOrder);
  const receivedAtOf = new Map(inOrder.map((row) => [row.id, row.receivedAt]));
  const entries: HistoryEntryInput[] = dtos.map((dto) => ({
    orgId: sensor.orgId,
    siteId: sensor.siteId,
    subject: 'TemperatureLog',
    recordId: dto._id,
    action: 'create',
    before: null,
    after: snapshotOf(dto),
    reason: null,
    actor,
    at: receivedAtOf.get(dto._id) ?? lastReceipt,
  }));
  await recordHistories(tx, sensor.orgId, entries);

  const debounceMs = (site?.debounce ?? 15) * minuteMs;
  let since = sensor.excursionSince;
  let newest = sensor.lastReadAt === null ? null : { readAt: sensor.lastReadAt, celsius: sensor.lastCelsius };
  const results: SensorBatchResult[] = [];
  let first = 0;
  for (const { accepted, duplicates, refused, receivedAt } of checked) {
    const stored = inOrder.slice(first, first + accepted.length);
    first += accepted.length;
    const followed = followExcursion(since, newest?.readAt ?? null, stored, debounceMs);
    since = followed.since;
    for (const row of stored) {
      if (newest === null || row.readAt.getTime() >= newest.readAt.getTime()) {
        newest = { readAt: row.readAt, celsius: row.celsius };
      }
    }
    const alertOn = followed.alert ? stored[followed.alert.index] : undefined;
    const raised =
      followed.alert !== null &&
      alertOn !== undefined &&
      (await raiseExcursion(
        tx,
        sensor,
        item,
        { limits: check.limits, unit: rules.unit, logType: check.logType },
        alertOn,
        followed.alert.runSince,
        receivedAt,
      ));
    results.push({ stored: stored.length, duplicates, refused, raised });
  }
  // The people's readings of the item near these; an event raised is the last batch's to dispatch.
  const last = results.at(-1);
  if ((await probeSensorOfBatch(tx, sensor, inOrder, lastReceipt)) > 0 && last) last.raised = true;
  await tx
    .update(sensors)
    .set({
      ...heard,
      excursionSince: since,
      ...(newest === null ? {} : { lastReadAt: newest.readAt, lastCelsius: newest.celsius }),
    })
    .where(eq(sensors.id, sensor.id));
  return results;
}

/**
 * Raises the sensor's one TEMPERATURE_FAILED event for the run that began at `runSince`, its words in its
 * site's `unit`, and opens the excursion's one corrective action in the same words; false when it was
 * raised before.
 */
async function raiseExcursion(
  tx: Tx,
  sensor: SensorRow,
  item: ReadableItem,
  {
    limits,
    unit,
    logType,
  }: { limits: ReturnType<typeof sensorCheck>['limits']; unit: TemperatureUnit; logType: LogType },
  alertOn: ReadingRow,
  runSince: Date,
  now: Date,
): Promise<boolean> {
  const minutes = Math.round((alertOn.readAt.getTime() - runSince.getTime()) / minuteMs);
  const failure =
    failureOf(alertOn.celsius, limits, unit) ??
    `${temperatureText(alertOn.celsius, unit)} is outside its limits`;
  const event = {
    orgId: sensor.orgId,
    siteId: sensor.siteId,
    kind: 'TEMPERATURE_FAILED' as const,
    subject: 'TemperatureLog',
    recordId: alertOn.id,
    // One event per excursion of the sensor: its later readings of the same run raise nothing new.
    dedupeKey: `TEMPERATURE_FAILED:sensor:${sensor.id}:${runSince.toISOString()}`,
    title:
      `Sensor “${sensor.name}” on ${itemWords(item)}: ${failure}, outside its limits for ${minutes} ` +
      'minutes. Check it and record a corrective action',
    details: {
      source: 'SENSOR',
      sensorId: sensor.id,
      sensorName: sensor.name,
      itemName: itemWords(item),
      celsius: alertOn.celsius,
      lowerLimit: limits.lowerLimit,
      upperLimit: limits.upperLimit,
      warnUpTo: limits.warnUpTo,
      temperatureUnit: unit,
      excursionSince: runSince.toISOString(),
    },
    occurredAt: alertOn.readAt,
  };
  const id = await raiseEvent(tx, event, now);
  await openCorrectiveAction(
    tx,
    {
      orgId: sensor.orgId,
      siteId: sensor.siteId,
      kind: 'SENSOR_EXCURSION',
      checkType: logType,
      source: { subject: 'TemperatureLog', recordId: alertOn.id },
      // The excursion's identity, as its event's: the sensor and when its run began.
      dedupeKey: `SENSOR_EXCURSION:sensor:${sensor.id}:${runSince.toISOString()}`,
      deviation: event.title,
      details: event.details,
      occurredAt: alertOn.readAt,
      actor: { id: null, name: sensorReaderName(sensor.name) },
    },
    now,
  );
  return id !== null;
}

/**
 * Ingests one batch a sensor sent now: the sensor locked, so its batches are read and written one at a
 * time, in order (its receipts, its run outside the limits), and the event dispatch nudged when the batch
 * raised one. A sensor revoked or deleted since its key was checked is refused like an unknown key.
 */
export async function ingestSensorBatch(
  deps: { db: Database; clock: Clock; jobs: JobSender },
  sensorId: string,
  lines: readonly SensorReading[],
  syncWindowHours: number,
  by?: HistoryActor,
): Promise<SensorBatchResult> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(sensors)
      .where(and(eq(sensors.id, sensorId), isNull(sensors.deletedAt)))
      .for('update');
    if (!locked || locked.revokedAt !== null) throw unauthorized(refusedKey);
    return storeSensorBatch(tx, locked, lines, now, syncWindowHours, by);
  });
  if (result.raised) await deps.jobs.send(dispatchJobName);
  return result;
}

const description =
  'A wireless sensor’s (or its gateway’s) batch of readings, with its device key in the ' +
  `${sensorKeyHeader} header (unknown or revoked: 401). Each line { sequence, readAt, celsius } is stored ` +
  'once per sensor and sequence: a batch sent again stores nothing twice and answers how many lines were new ' +
  '(stored) and already stored (duplicates). readAt follows the records’ time rule: a batch held while the ' +
  'gateway was offline is taken up to the sync window (72 hours by default; more than 30 minutes late marks ' +
  'the reading back-filled), while a line more than 2 minutes ahead of the server’s clock, or older than the ' +
  'window, is refused on its own (refused, with the reason) and the rest stored. Readings are judged by the ' +
  'item’s limits like a person’s (source SENSOR); a run outside the limits for the site’s debounce (15 ' +
  `minutes by default) raises one temperature failure. At most ${sensorRequestsPerMinute} calls a minute per ` +
  'sensor (else 429 with Retry-After) and 500 lines a call (else 400)';

export default async function sensorIngestRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ingest',
    {
      schema: {
        tags: ['sensor'],
        summary: 'Post a sensor’s readings (no sign-in: the device key is the proof)',
        description,
        security: [{ sensorKey: [] }],
        headers: z.object({ [sensorKeyHeader]: z.string().optional() }),
        body: sensorIngestSchema,
        response: { 200: envelope(sensorIngestResultSchema) },
        errors: [429],
      },
      // The key is checked before the body is read: a caller without one learns nothing of the format.
      onRequest: async (request) => {
        const sensor = await sensorOfKey(request);
        await countSensorCall(deps.db, sensor, deps.clock.now());
        request.sensor = sensor;
      },
    },
    async (request) => {
      const { sensor } = request;
      if (!sensor) throw unauthorized(refusedKey);
      // Whether it raised an event is the ingest's business (it nudged the dispatch); the sensor hears the rest.
      const { raised: _raised, ...answer } = await ingestSensorBatch(
        deps,
        sensor.id,
        request.body.readings,
        deps.config.syncWindowHours,
      );
      return ok(answer, receivedWords(answer));
    },
  );

  // An integrator's gateway posts a registered sensor's readings with its API key, in place of the sensor's
  // device key: the same lines, stored and judged the same way, the key named in their history.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api-key-ingest',
    {
      schema: {
        tags: ['sensor'],
        summary:
          'Post a registered sensor’s readings with an API key of scope sensor-readings:write (sensorID: a ' +
          'sensor of the key’s organisation, on one of its sites)',
        description:
          'The lines and their answer are those of POST /sensor/ingest, stored and judged the same way; the ' +
          'readings’ history names the key. Another organisation’s sensor, or one deleted, is 404; a sensor ' +
          'whose device key was revoked is 409. Only an API key may call it (403 for a person)',
        security: keyOnly,
        body: apiKeySensorIngestSchema,
        response: { 200: envelope(sensorIngestResultSchema) },
        errors: [409, 429],
      },
      onRequest: allow('create', 'TemperatureLog'),
    },
    async (request) => {
      const [sensor] = await deps.db
        .select()
        .from(sensors)
        .where(
          and(
            eq(sensors.id, request.body.sensorID),
            eq(sensors.orgId, orgOf(request)),
            isNull(sensors.deletedAt),
          ),
        );
      // Whose sensor it is first: another organisation's is 404 to everyone, as every call answers.
      if (!sensor) throw notFound('Sensor');
      const { apiKey } = authOf(request);
      if (!apiKey) {
        throw forbidden('This call is an integrator’s: send an API key with the sensor-readings:write scope');
      }
      assertCan(request, 'create', 'TemperatureLog', {
        orgId: sensor.orgId,
        siteID: sensor.siteId,
        source: 'SENSOR',
      });
      if (sensor.revokedAt !== null) {
        throw conflict(`Sensor “${sensor.name}” was revoked: register it again to post its readings`);
      }
      const { raised: _raised, ...answer } = await ingestSensorBatch(
        deps,
        sensor.id,
        request.body.readings,
        deps.config.syncWindowHours,
        apiKeyActor(apiKey),
      );
      return ok(answer, receivedWords(answer));
    },
  );
}

/** The answer's message: how many lines were stored, already stored and refused. */
function receivedWords(answer: SensorIngestResult) {
  const words = [
    `${answer.stored} stored`,
    answer.duplicates > 0 ? `${answer.duplicates} already stored` : '',
    answer.refused.length > 0 ? `${answer.refused.length} refused` : '',
  ];
  return `Readings received: ${words.filter(Boolean).join(', ')}`;
}
