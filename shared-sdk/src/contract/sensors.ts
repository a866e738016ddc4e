import { z } from 'zod';
import { idSchema, instantSchema, requiredText, siteScopedListQuerySchema } from './common.js';

// Wireless sensors that log a fridge's or freezer's temperature item, or a probe, on their own (issue 24).
// An admin registers one and is shown its device key once; the sensor (or its gateway) posts batches of
// readings to /sensor/ingest with the key in a header. Readings land as temperature readings with source
// SENSOR, judged by the same limits as a person's.

/** The header a sensor sends its device key in. */
export const sensorKeyHeader = 'x-sensor-key';
/** Readings one ingest call may carry: more is a 400 (split the batch). */
export const sensorBatchMaxReadings = 500;
/** Ingest calls one sensor may make a minute: more is a 429 with Retry-After. */
export const sensorRequestsPerMinute = 60;
/** Minutes without a word before a sensor is offline (and SENSOR_OFFLINE raised). */
export const sensorOfflineMinutes = 30;

/** Where a sensor stands, worked out when it is read. */
export const sensorStatuses = ['ONLINE', 'OFFLINE', 'REVOKED', 'NEVER_SEEN'] as const;
export const sensorStatusSchema = z.enum(sensorStatuses);
export type SensorStatus = z.infer<typeof sensorStatusSchema>;
export const sensorStatusLabels: Record<SensorStatus, string> = {
  ONLINE: 'Online',
  OFFLINE: 'Offline',
  REVOKED: 'Key revoked',
  NEVER_SEEN: 'Never seen',
};

/** What a sensor logs: a fridge's or freezer's temperature item, or a probe. */
export const sensorItemSchema = z.object({
  _id: idSchema,
  kind: z.enum(['TEMPERATURE_ITEM', 'PROBE']),
  name: z.string(),
  /** The fridge or freezer of a temperature item; null for a probe. */
  equipmentName: z.string().nullable(),
});
export type SensorItem = z.infer<typeof sensorItemSchema>;

export const sensorSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  siteID: idSchema,
  name: z.string(),
  temperatureItemID: idSchema.nullable(),
  foodItemID: idSchema.nullable(),
  item: sensorItemSchema,
  /** The key's first characters, to tell keys apart; the key itself is never shown again. */
  keyPrefix: z.string(),
  keyCreatedAt: instantSchema,
  revokedAt: instantSchema.nullable(),
  /** When it last called in. */
  lastSeenAt: instantSchema.nullable(),
  /** Its newest reading's time and value. */
  lastReadAt: instantSchema.nullable(),
  lastCelsius: z.number().nullable(),
  /** Since when its readings have been outside the limits without a break; null when within. */
  excursionSince: instantSchema.nullable(),
  offlineSince: instantSchema.nullable(),
  status: sensorStatusSchema,
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Sensor = z.infer<typeof sensorSchema>;

/** A sensor as create-new-one and rotate-key answer it: with its device key, shown this once. */
export const sensorWithKeySchema = sensorSchema.extend({ deviceKey: z.string() });
export type SensorWithKey = z.infer<typeof sensorWithKeySchema>;

const oneItemMessage = 'Choose the temperature item or the probe the sensor logs';

/** Exactly one of the two items. */
function checkOneItem(
  value: { temperatureItemID?: string | undefined; foodItemID?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const given = [value.temperatureItemID, value.foodItemID].filter((id) => id !== undefined).length;
  if (given === 1) return;
  const message = given === 0 ? oneItemMessage : 'A sensor logs one item: a temperature item or a probe';
  ctx.addIssue({ code: 'custom', path: ['temperatureItemID'], message });
}

const sensorFields = {
  name: requiredText('Sensor name', 100),
  /** A fridge's or freezer's temperature item on the sensor's site. */
  temperatureItemID: idSchema.optional(),
  /** Else a probe (a food item of type PROB) on the sensor's site. */
  foodItemID: idSchema.optional(),
};

export const sensorInputSchema = z.object({ siteID: idSchema, ...sensorFields }).superRefine(checkOneItem);
export type SensorInput = z.input<typeof sensorInputSchema>;
/** A sensor stays on its site: an edit renames it or points it at another item of that site. */
export const sensorUpdateSchema = z.object({ _id: idSchema, ...sensorFields }).superRefine(checkOneItem);
export type SensorUpdate = z.input<typeof sensorUpdateSchema>;
export type SensorFields = Omit<z.output<typeof sensorInputSchema>, 'siteID'>;

export const sensorSortColumns = ['_id', 'name', 'lastSeenAt', 'createdAt', 'updatedAt'] as const;
export type SensorSortColumn = (typeof sensorSortColumns)[number];
export const sensorListQuerySchema = siteScopedListQuerySchema(sensorSortColumns);

// ---- ingest ---------------------------------------------------------------------------------------------

export const sensorReadingSchema = z.object({
  /** The sensor's own counter: a line sent again with a sequence already stored is not stored twice. */
  sequence: z
    .number({ message: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'Too large'),
  /** When it was read, by the sensor's clock. */
  readAt: instantSchema,
  celsius: z
    .number({ message: 'Must be a temperature in °C' })
    .min(-100, 'Must be at least -100 °C')
    .max(200, 'Must be at most 200 °C'),
});
export type SensorReading = z.infer<typeof sensorReadingSchema>;

export const sensorIngestSchema = z.object({
  readings: z
    .array(sensorReadingSchema)
    .min(1, 'Send at least one reading')
    .max(sensorBatchMaxReadings, `At most ${sensorBatchMaxReadings} readings a batch: split it`),
});
export type SensorIngest = z.input<typeof sensorIngestSchema>;

/** A line of a batch that was not stored, and why (its time is off: the sensor's clock). */
export const sensorRefusedLineSchema = z.object({
  index: z.number().int(),
  sequence: z.number().int(),
  field: z.string(),
  message: z.string(),
});

export const sensorIngestResultSchema = z.object({
  /** Lines stored now. */
  stored: z.number().int(),
  /** Lines whose sequence was already stored (a batch sent again). */
  duplicates: z.number().int(),
  /** Lines refused, each with its reason; the rest of the batch is stored. */
  refused: z.array(sensorRefusedLineSchema),
});
export type SensorIngestResult = z.infer<typeof sensorIngestResultSchema>;
