import { z } from 'zod';
import {
  changeReasonSchema,
  clientIdSchema,
  idSchema,
  instantSchema,
  listData,
  listQuerySchema,
  localDateSchema,
  siteQuerySchema,
} from './common.js';
import { checkLocalDateRange, localDateRangeShape } from './date-range.js';
import { downloadFileTypeSchema, logTypeSchema, type LogType } from './enums.js';
import { historyEntrySchema } from './history.js';
import { lateSyncMinutes } from './device-time.js';
import { temperatureItemKinds } from './temperature-standards.js';
import { jurisdictionSchema } from './rule-sets/index.js';
import { temperatureUnits } from './units.js';
import { readingSourceSchema, type ReadingSource } from './alerts.js';

// Temperature readings (issue 11, DOMAIN.md "Temperature checks"): what staff record on the mobile app and
// the console reviews, corrects with a reason and exports for an inspector. A reading copies the limits in
// force when it was taken, so a later change of an item's limits never changes whether it passed.

export * from './temperature-standards.js';

export const temperatureResultSchema = z.enum(['PASS', 'WARN', 'FAIL']);
export type TemperatureResult = z.infer<typeof temperatureResultSchema>;

export const temperatureItemKindSchema = z.enum(temperatureItemKinds);

/** More than this between the device's time and the server's marks a reading or log back-filled. */
export const backFilledAfterMinutes = lateSyncMinutes;
/** The longest date range one list, export or chart covers. */
export const temperatureLogMaxDays = 366;
/** The list's default range: the last this many local dates of each site, today included. */
export const temperatureLogDefaultDays = 7;
/** The most rows one export writes: a larger one is refused, to be narrowed. */
export const temperatureLogExportMaxRows = 1_000_000;
/** The most points one chart holds: a longer range gets its newest points. */
export const temperatureChartMaxPoints = 5_000;

/** The range a reading may be, in °C: anything outside is a typing mistake. */
export const celsiusSchema = z
  .number({ message: 'Must be a temperature in °C' })
  .min(-60, 'Must be at least -60 °C')
  .max(300, 'Must be at most 300 °C');

/** The limits a reading was judged by: TemperatureLimits as the API answers it. */
export const temperatureLimitsSchema = z.object({
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  warnUpTo: z.number().nullable(),
  /** Present (true) when the reading must be strictly below `upperLimit` (cold water "below 20 °C"). */
  upperExclusive: z.boolean().optional(),
  /**
   * The legal maximum and minimum of the log type under the rule set the reading is judged by, where it has
   * them (England's fridge 8 °C, New York's hot holding 140 °F), whatever the item's own limits.
   */
  legalMaximum: z.number().optional(),
  legalMinimum: z.number().optional(),
});

/** What a reading was taken of, by name as it is now. */
export const temperatureLogItemSchema = z.object({
  _id: idSchema,
  kind: temperatureItemKindSchema,
  name: z.string(),
  /** The fridge or freezer of a temperature item; null for probes and food items. */
  equipmentID: idSchema.nullable(),
  equipmentName: z.string().nullable(),
});
export type TemperatureLogItem = z.infer<typeof temperatureLogItemSchema>;

export const temperatureLogSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  siteID: idSchema,
  siteName: z.string(),
  /** The site's zone: the local dates and times of the console are in it. */
  timeZoneId: z.string(),
  logType: logTypeSchema,
  checkKind: z.string(),
  checkLabel: z.string(),
  item: temperatureLogItemSchema,
  celsius: z.number(),
  /** The device's time of the reading. */
  readAt: instantSchema,
  /** When it reached the server. */
  receivedAt: instantSchema,
  /** More than 30 minutes between the two: typed in later (inspectors look for exactly this). */
  backFilled: z.boolean(),
  /**
   * Who took it. A sensor's reading (`source` SENSOR) names the sensor here (its id and 'Sensor “name”'),
   * so screens that show a reader keep working.
   */
  readBy: z.object({ _id: idSchema, name: z.string() }),
  /** A person with a probe (STAFF) or a wireless sensor on its own (SENSOR): readingSourceLabels. */
  source: readingSourceSchema,
  limits: temperatureLimitsSchema,
  result: temperatureResultSchema,
  /**
   * Above its log type's legal maximum under the rule set it was judged by (England's fridge above 8 °C,
   * New York's above 41 °F), worked out from the log type and the value: flagged even where an admin
   * loosened the item's limit with a reason (the result is then WARN).
   */
  aboveLegalLimit: z.boolean(),
  /** The rule set it was judged by: its site's when it was taken, kept when the site's changes later. */
  jurisdiction: jurisdictionSchema,
  /** The unit its site shows temperatures in now; `celsius` and `limits` stay in °C. */
  temperatureUnit: z.enum(temperatureUnits),
  correctiveAction: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * A cooked-core reading (COOKING_COOLING, COOKED) that started cooling: when cooling began, from which
   * its cooling check falls due 90 minutes on. Null on every other reading (and on a cooked-core reading
   * that did not say: cooling began when it was read).
   */
  coolingStartedAt: instantSchema.nullable(),
  /** A hot-holding reading after which the food left hot holding: no re-check follows it. */
  hotHoldEnded: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type TemperatureLog = z.infer<typeof temperatureLogSchema>;

// ---- list, export and chart queries ---------------------------------------------------------------------

/**
 * `startDate` and `endDate` are local dates of each reading's own site, both counted; both or neither (then
 * the last seven days up to each site's today).
 */
const checkDateRange = checkLocalDateRange(temperatureLogMaxDays);

const dateRange = localDateRangeShape;

/** The filters the list and the export share. */
const filterFields = {
  siteID: idSchema.optional(),
  ...dateRange,
  type: logTypeSchema.optional(),
  /** A temperature item, probe or food item. */
  itemID: idSchema.optional(),
  result: temperatureResultSchema.optional(),
  backFilled: z.stringbool().optional(),
  /** Only a person's readings (STAFF) or only sensors' (SENSOR). */
  source: readingSourceSchema.optional(),
  ...siteQuerySchema.shape,
};

export const temperatureLogSortColumns = [
  'readAt',
  '_id',
  'receivedAt',
  'celsius',
  'result',
  'logType',
  'createdAt',
] as const;
export type TemperatureLogSortColumn = (typeof temperatureLogSortColumns)[number];

const listFields = listQuerySchema(temperatureLogSortColumns).shape;

/** GET /temperature-logs/web-app-list-for-web: newest reading first unless `sort` says otherwise. */
export const temperatureLogListQuerySchema = z
  .object({
    ...listFields,
    // The common sort fills an absent value with `_id`; here it is never absent by the time that runs.
    sort: z
      .string()
      .default('-readAt')
      .pipe(listFields.sort as z.ZodType<z.output<typeof listFields.sort>, string>),
    ...filterFields,
  })
  .superRefine(checkDateRange);
export type TemperatureLogListQuery = z.output<typeof temperatureLogListQuerySchema>;

/** GET /temperature-logs/export-web-app-list-for-web: the list's filters as one XLSX. */
export const temperatureLogExportQuerySchema = z
  .object({
    search: listFields.search,
    ...filterFields,
    downloadFileType: downloadFileTypeSchema,
  })
  .superRefine(checkDateRange);
export type TemperatureLogExportQuery = z.output<typeof temperatureLogExportQuerySchema>;

/** The list's filters as the console sends them (the export takes the same, without paging). */
export interface TemperatureLogFilters {
  siteID?: string;
  startDate?: string;
  endDate?: string;
  type?: LogType;
  itemID?: string;
  result?: TemperatureResult;
  backFilled?: boolean;
  source?: ReadingSource;
  search?: string;
}

export const temperatureLogListDataSchema = listData(temperatureLogSchema);

/** GET /temperature-logs/chart: one item's readings over a range of its site's local dates. */
export const temperatureChartQuerySchema = z
  .object({ siteID: idSchema, itemID: idSchema, ...dateRange, ...siteQuerySchema.shape })
  .superRefine(checkDateRange);
export type TemperatureChartQuery = z.output<typeof temperatureChartQuerySchema>;

export const temperatureChartPointSchema = z.object({
  _id: idSchema,
  readAt: instantSchema,
  celsius: z.number(),
  result: temperatureResultSchema,
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  warnUpTo: z.number().nullable(),
});
export type TemperatureChartPoint = z.infer<typeof temperatureChartPointSchema>;

export const temperatureChartSchema = z.object({
  item: temperatureLogItemSchema,
  timeZoneId: z.string(),
  startDate: localDateSchema,
  endDate: localDateSchema,
  /** Oldest first; at most 5,000, the newest of the range when it holds more (`truncated`). */
  points: z.array(temperatureChartPointSchema),
  truncated: z.boolean(),
});
export type TemperatureChart = z.infer<typeof temperatureChartSchema>;

// ---- what can be read at a site -------------------------------------------------------------------------

export const temperatureCheckSchema = z.object({
  kind: z.string(),
  label: z.string(),
  limits: temperatureLimitsSchema,
});
export type TemperatureCheckOption = z.infer<typeof temperatureCheckSchema>;

/**
 * An item of a site and how it is read: a fridge's item by its own limits (one log type, FRIDGE or
 * FREEZER); a probe or food item by the checks of each log type it is used for.
 */
export const temperatureReadableItemSchema = temperatureLogItemSchema.extend({
  logTypes: z.array(
    z.object({ logType: logTypeSchema, label: z.string(), checks: z.array(temperatureCheckSchema) }),
  ),
});
export type TemperatureReadableItem = z.infer<typeof temperatureReadableItemSchema>;

export const temperatureItemListQuerySchema = z.object({ siteID: idSchema, ...siteQuerySchema.shape });

// ---- recording, correcting and deleting -----------------------------------------------------------------

// The reason a change needs is the contract's common one (a follow-up's cancellation asks for it too).
export { changeReasonSchema } from './common.js';

/** Free text a form may leave empty: blank and null both mean "none". */
const clearable = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, `Too long (at most ${max} characters)`).nullish(),
  );

/**
 * POST /temperature-logs/create-new-one, the staff member's call: exactly one of `temperatureItemID` (a
 * fridge's or freezer's item; `logType` may be left out) and `foodItemID` (a probe or food item; `logType`
 * required). `readAt` is the device's time. A failing reading needs `correctiveAction`.
 */
export const temperatureLogCreateSchema = z
  .object({
    siteID: idSchema,
    temperatureItemID: idSchema.optional(),
    foodItemID: idSchema.optional(),
    logType: logTypeSchema.optional(),
    /** Which of the log type's checks (CHILLED or FROZEN, ...); left out, the type's first. */
    checkKind: z.string().trim().max(40).optional(),
    celsius: celsiusSchema,
    readAt: instantSchema,
    correctiveAction: clearable(1000),
    note: clearable(1000),
    /**
     * A cooked-core reading (COOKING_COOLING, COOKED) that starts cooling: when cooling began, at or before
     * `readAt` and at most 2 hours before it. Left out, cooling begins at `readAt`. Its cooling check falls
     * due 90 minutes after it.
     */
    coolingStartedAt: instantSchema.optional(),
    /** A hot-holding reading (HOT_HOLD_DISPLAY): true when the food leaves hot holding, so no re-check follows. */
    hotHoldEnded: z.boolean({ message: 'Must be true or false' }).optional(),
    /** The app's id of this reading, so that sending it again records it once. */
    clientId: clientIdSchema.optional(),
  })
  .superRefine((body, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if ((body.temperatureItemID === undefined) === (body.foodItemID === undefined)) {
      issue('temperatureItemID', 'Send exactly one of temperatureItemID and foodItemID');
    }
    if (body.foodItemID !== undefined && body.logType === undefined) {
      issue('logType', 'Choose the log type of a probe or food item reading');
    }
  });
export type TemperatureLogInput = z.input<typeof temperatureLogCreateSchema>;
export type TemperatureLogFields = Omit<z.output<typeof temperatureLogCreateSchema>, 'siteID'>;

/**
 * PUT /temperature-logs/update-one: a correction. The reading is judged again by the limits it was taken
 * under; a failing one needs a corrective action. A cooked-core reading's cooling start and a hot-holding
 * reading's end of holding may be corrected too (null: cooling began at the reading): the follow-up check
 * the reading started is re-timed, or cancelled when the reading no longer starts one.
 */
export const temperatureLogUpdateSchema = z.object({
  _id: idSchema,
  celsius: celsiusSchema.optional(),
  correctiveAction: clearable(1000),
  note: clearable(1000),
  coolingStartedAt: instantSchema.nullable().optional(),
  hotHoldEnded: z.boolean({ message: 'Must be true or false' }).optional(),
  reason: changeReasonSchema,
});
export type TemperatureLogUpdate = z.input<typeof temperatureLogUpdateSchema>;
export type TemperatureLogUpdateFields = Omit<z.output<typeof temperatureLogUpdateSchema>, '_id'>;

/** DELETE /temperature-logs/delete-one/{id}'s JSON body. */
export const temperatureLogDeleteSchema = z.object({ reason: changeReasonSchema });
export type TemperatureLogDelete = z.input<typeof temperatureLogDeleteSchema>;

// ---- history --------------------------------------------------------------------------------------------

/** What a reading's history keeps of it: everything but its timestamps and the names that change. */
export const temperatureLogSnapshotSchema = temperatureLogSchema
  .pick({
    siteID: true,
    logType: true,
    checkKind: true,
    celsius: true,
    readAt: true,
    receivedAt: true,
    limits: true,
    result: true,
    correctiveAction: true,
    note: true,
  })
  .extend({
    itemID: idSchema,
    itemKind: temperatureItemKindSchema,
    /** The person, or for a sensor's reading the sensor. */
    readByID: idSchema,
    /** Only a sensor's reading says so (SENSOR): a person's snapshot is as it always was. */
    source: readingSourceSchema.optional(),
    /** Only where set (a reading that started cooling, or ended hot holding), for the same reason. */
    coolingStartedAt: instantSchema.optional(),
    hotHoldEnded: z.literal(true).optional(),
  });
export type TemperatureLogSnapshot = z.infer<typeof temperatureLogSnapshotSchema>;

export const temperatureLogHistoryEntrySchema = historyEntrySchema(temperatureLogSnapshotSchema);
export type TemperatureLogHistoryEntry = z.infer<typeof temperatureLogHistoryEntrySchema>;
/** GET /temperature-logs/log-history-list/{id}: newest first. */
export const temperatureLogHistorySchema = z.array(temperatureLogHistoryEntrySchema);
