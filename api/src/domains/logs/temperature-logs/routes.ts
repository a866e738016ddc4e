import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { z } from 'zod';
import {
  envelope,
  temperatureChartMaxPoints,
  temperatureChartQuerySchema,
  temperatureChartSchema,
  temperatureItemListQuerySchema,
  temperatureLogCreateSchema,
  temperatureLogDefaultDays,
  temperatureLogDeleteSchema,
  temperatureLogExportMaxRows,
  temperatureLogExportQuerySchema,
  temperatureLogHistorySchema,
  temperatureLogListQuerySchema,
  temperatureLogSchema,
  temperatureLogUpdateSchema,
  temperatureReadableItemSchema,
  temperatureResultLabels,
  logTypeLabels,
  ruleSetOf,
} from '@console/shared-sdk/contract';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { keptOnSite, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess, siteAccess, siteListScope } from '../../../platform/http/site-scope.js';
import { allow } from '../../../platform/auth/guard.js';
import { dispatchJobName } from '../../../platform/events/raise.js';
import { addDays, localDate, nationalFiguresOf, rulesOfSite } from '../../sites/index.js';
import { defaultOrderWords } from '../log-records.js';
import {
  snapshotOf,
  temperatureLogDtos,
  toChartPoint,
  toLogItem,
  toReadableItem,
  toTemperatureLogDto,
} from './dto.js';
import { readingWorkbook, streamWorkbook, type ExportHeading } from './export.js';
import { alertOnReading } from './alert.js';
import { probeSensorOfReading } from './probe-sensor.js';
import { followUpsOfCorrectedReading, followUpsOfDeletedReading, followUpsOfReading } from './follow-ups.js';
import {
  chartReadings,
  countReadings,
  exportBatches,
  findItem,
  insertReading,
  itemsOfSite,
  readingPage,
  readingRecords,
  scopeSites,
  updateReading,
  type ReadingFilters,
  type ScopeSite,
} from './repository.js';

// The spec's /temperature-logs: the console's list, export, view, correction (with a reason), deletion
// (with a reason) and history of temperature readings, the items a site can read, one item's chart, and
// the staff member's call that records a reading with the device's time (mobile login; web admins may use
// it too). Corrections and deletions keep who, when and why in the reading's history.

const tags = ['temperature-logs'];
const subject = 'TemperatureLog';
const what = 'Temperature reading';
const authHeader =
  'Staff send the access token from POST /authentication/mobile-app-login in the Authorization header.';

/**
 * Rows an export reads at a time: memory holds about two batches (one read, one written). Smaller batches
 * cost more round trips; larger ones keep their rows past the garbage collector's young space and let
 * PostgreSQL and the writing take turns for longer: of 250 to 5,000, 1,000 wrote the 99,600 readings of
 * bench:api fastest, a fifth faster than 2,000.
 */
const exportBatchSize = 1000;

/** The local dates a default range covers on a site: its today and the days before. */
function defaultRange(timeZoneId: string, now: Date) {
  const endDate = localDate(timeZoneId, now);
  return { startDate: addDays(endDate, -(temperatureLogDefaultDays - 1)), endDate };
}

export default async function temperatureLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  resourceRoutes(app, {
    // A reading never moves site; who recorded it is the caller (`Change.by`).
    tenancy: keptOnSite(subject),
    tags,
    what,
    label: what,
    summaries: {
      list:
        'Readings of one site, or of every site the caller may see, newest first: startDate and endDate ' +
        'are local dates of each reading’s site (both or neither; default the last 7 days, at most 366), ' +
        'filtered by log type, item, result, back-filled and a search of the item and equipment names',
      create:
        'Record a reading (the staff member’s call; web admins may use it too). Exactly one of ' +
        'temperatureItemID (a fridge’s or freezer’s item: judged by its own limits, logType its type) and ' +
        'foodItemID (a probe or food item: logType required, checkKind one of its checks, default the first). ' +
        'readAt is the device’s time: more than 2 minutes ahead of the server is a 400, less is taken as the ' +
        'server’s; older than the sync window (72 hours by default) is a 400 too. A failing reading needs correctiveAction (400 naming the limit). The limits are copied ' +
        'into the reading; more than 30 minutes between readAt and arrival marks it back-filled. ' +
        'Follow-up checks (tasks of the day): a passing cooked-core reading (COOKING_COOLING, COOKED) starts ' +
        'a cooling check due 90 minutes after coolingStartedAt (at or before readAt, at most 2 hours ' +
        'before; default readAt); a cooled reading (COOLED) of the same item completes it, failed when above ' +
        '8 °C or late. A hot-holding reading (HOT_HOLD_DISPLAY) completes the item’s open re-check (failed ' +
        'below 63 °C or late) and starts the next, due 2 hours on, unless hotHoldEnded is true. ' +
        authHeader,
      update:
        'Correct a reading (celsius, corrective action, note) with a reason (3 to 500 characters), which the ' +
        'history keeps. It is judged again by the limits it was taken under, not its item’s current ones. ' +
        'A cooked-core reading’s coolingStartedAt and a hot-holding reading’s hotHoldEnded may be corrected ' +
        'too: the follow-up check the reading started, while still open, is re-timed, or cancelled (with ' +
        'this reason) when the corrected reading starts none',
      delete:
        'Delete a reading (soft: kept for the record) with a reason in the JSON body, which the history keeps. ' +
        'A deleted reading is not found afterwards and leaves the list. A follow-up check it started that ' +
        'is still open is cancelled with the same reason: it raises and counts nothing',
      findOne: 'One reading with its item, site, reader and the limits it was judged by',
      history:
        'The history of a reading, newest first: who recorded, corrected or deleted it, when, the reading ' +
        'before and after, and the reason given',
    },
    descriptions: { list: defaultOrderWords('newest reading first (`-readAt`)') },
    schemas: {
      listQuery: temperatureLogListQuerySchema,
      create: temperatureLogCreateSchema,
      update: temperatureLogUpdateSchema,
      item: temperatureLogSchema,
      delete: temperatureLogDeleteSchema,
    },
    repository: {
      find: readingRecords.find,
      // A failing reading raises its alert and opens its corrective action in the transaction that records
      // it (alert.ts), one a sensor on the same item disagrees with raises that (probe-sensor.ts), and a
      // reading that starts or takes a follow-up check (cooling, hot holding) makes or completes its task
      // there too.
      insert: async (tx, place, fields, now, change) => {
        const row = await insertReading(tx, place, fields, now, change, deps.config.syncWindowHours);
        await alertOnReading(tx, row, change.by, now, null);
        await probeSensorOfReading(tx, row, now);
        await followUpsOfReading(tx, row, change.by, now, deps.config.syncWindowHours);
        return row;
      },
      // A correction or deletion of a reading that started a follow-up check re-times or cancels the
      // check in the same transaction, with the same reason (follow-ups.ts).
      update: async (tx, current, target, fields, now, change) => {
        const row = await updateReading(tx, current, target, fields, now);
        await alertOnReading(tx, row, change.by, now, current);
        await followUpsOfCorrectedReading(tx, row, { by: change.by, reason: fields.reason }, now);
        return row;
      },
      remove: async (tx, id, now, { orgId, by, reason }) => {
        await readingRecords.softDelete(tx, id, now);
        // The delete's schema requires the reason.
        await followUpsOfDeletedReading(tx, { id, orgId }, { by, reason: reason ?? '' }, now);
      },
    },
    list: {
      url: '/web-app-list-for-web',
      page: async (db, scope, query) => {
        const { rows, total } = await readingPage(db, scope, query, deps.clock.now());
        return { list: rows.map(toTemperatureLogDto), total };
      },
    },
    toDtos: temperatureLogDtos,
    // The kitchen app sends its queue again after a lost answer: a copy records nothing twice.
    clientWrites: true,
    // A failure's alert goes out at once (the dispatch job also runs every minute, for a correction's).
    afterCreate: {
      what: 'alert dispatch',
      run: async (log) => {
        if (log.result === 'FAIL') await deps.jobs.send(dispatchJobName);
      },
    },
    calls: ['create', 'update', 'findOne', 'delete', 'history', 'list'],
    history: {
      snapshot: snapshotOf,
      route: { reply: temperatureLogHistorySchema },
    },
  });

  /** The summary sheet's words for the export's range, sites and other filters. */
  async function exportHeading(
    orgId: string,
    siteList: readonly ScopeSite[],
    filters: ReadingFilters,
    now: Date,
  ): Promise<{ heading: ExportHeading; fileName: string }> {
    const [only] = siteList.length === 1 ? siteList : [];
    const range =
      filters.startDate !== undefined && filters.endDate !== undefined
        ? { startDate: filters.startDate, endDate: filters.endDate }
        : only && defaultRange(only.timeZoneId, now);
    const rangeWords = range
      ? `${range.startDate} to ${range.endDate}`
      : `The last ${temperatureLogDefaultDays} days up to each site's today`;
    const item = filters.itemID === undefined ? undefined : await findItem(deps.db, orgId, filters.itemID);
    const backFilled = { true: 'Back-filled only', false: 'Not back-filled' } as const;
    const described = [
      filters.type && `Log type: ${logTypeLabels[filters.type]}`,
      filters.itemID && `Item: ${item?.name ?? filters.itemID}`,
      filters.result && `Result: ${temperatureResultLabels[filters.result]}`,
      filters.backFilled === undefined ? undefined : backFilled[`${filters.backFilled}`],
      filters.search && `Search: "${filters.search}"`,
    ];
    const fileName = [
      'Temperature log',
      only?.name ?? 'All sites',
      range ? `${range.startDate} to ${range.endDate}` : `last ${temperatureLogDefaultDays} days`,
    ].join(' - ');
    return {
      heading: {
        range: rangeWords,
        sites: siteList.map((site) => site.name),
        filters: described.filter((line): line is string => typeof line === 'string' && line !== ''),
        generatedAt: now,
      },
      fileName: `${fileName}.xlsx`,
    };
  }

  r.get(
    '/export-web-app-list-for-web',
    {
      schema: {
        tags,
        summary:
          'The list’s filters as one XLSX (downloadFileType=EXCEL), streamed: every matching reading with ' +
          'its site’s local times, limits, result and corrective action (failed rows red, warnings amber), ' +
          'and a Summary sheet. At most 1,000,000 rows: a larger export is a 400, to be narrowed',
        querystring: temperatureLogExportQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
      },
      onRequest: allow('read', subject),
    },
    async (request, reply) => {
      const { downloadFileType: _xlsx, ...filters } = request.query;
      const scope = await siteListScope(request, subject, filters.siteID);
      // An empty export names a site that passed its gate, as a list with rows does.
      await scope.confirmSite?.();
      const now = deps.clock.now();
      const total = await countReadings(deps.db, scope, filters, now);
      if (total > temperatureLogExportMaxRows) {
        throw badRequest(
          `${total.toLocaleString('en-GB')} readings match: an export holds at most ` +
            `${temperatureLogExportMaxRows.toLocaleString('en-GB')}. Narrow the range or the filters`,
          { endDate: ['Narrow the range'] },
        );
      }
      const siteList = await scopeSites(deps.db, scope);
      const { heading, fileName } = await exportHeading(scope.orgId, siteList, filters, now);
      const batches = exportBatches(deps.db, scope, siteList, filters, now, exportBatchSize);
      // The first batch is read before the answer starts, so a failure is still a proper error answer.
      const first = await batches.next();
      // Each row in its own site's unit; the headers name the unit when every site shares one.
      const workbook = readingWorkbook({
        units: siteList.map((site) => ruleSetOf(site.jurisdiction).unit),
        nationalFigures: await nationalFiguresOf(deps.db, scope.orgId),
      });
      const produce = async () => {
        for (let batch = first; !batch.done;) {
          // The next batch is read while this one is written. Its query is sent only once the event loop
          // turns (the pool hands out a connection on the next tick), so it is let out before the writing,
          // which holds the thread, starts.
          const next = batches.next();
          await setImmediate();
          await workbook.add(batch.value);
          batch = await next;
        }
        await workbook.finish(heading);
      };
      return streamWorkbook(request, reply, workbook, fileName, produce());
    },
  );

  r.get(
    '/item-list',
    {
      schema: {
        tags,
        summary:
          'What can be read at a site: every live fridge and freezer item (log type FRIDGE or FREEZER, its ' +
          'own limits) and every probe and food item with the checks of each log type it is used for. ' +
          'Staff may call it for their sites. ' +
          authHeader,
        querystring: temperatureItemListQuerySchema,
        response: { 200: envelope(z.array(temperatureReadableItemSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const place = await assertSiteAccess(request, 'read', subject, request.query.siteID);
      const rules = await rulesOfSite(deps.db, place.siteID);
      return ok((await itemsOfSite(deps.db, place)).map((item) => toReadableItem(item, rules)));
    },
  );

  r.get(
    '/chart',
    {
      schema: {
        tags,
        summary:
          'One item’s readings on a site over a range of its local dates (both or neither; default the last ' +
          `7 days), oldest first, each with the limits it was judged by; at most ${temperatureChartMaxPoints.toLocaleString('en-GB')} ` +
          'points, the newest of the range when it holds more (truncated)',
        querystring: temperatureChartQuerySchema,
        response: { 200: envelope(temperatureChartSchema) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const query = request.query;
      const { place, timeZoneId } = await siteAccess(request, 'read', subject, query.siteID);
      const item = await findItem(deps.db, place.orgId, query.itemID, place.siteID);
      if (!item) throw notFound('Item');
      const range =
        query.startDate !== undefined && query.endDate !== undefined
          ? { startDate: query.startDate, endDate: query.endDate }
          : defaultRange(timeZoneId, deps.clock.now());
      const from = DateTime.fromISO(range.startDate, { zone: timeZoneId }).toJSDate();
      const until = DateTime.fromISO(addDays(range.endDate, 1), { zone: timeZoneId }).toJSDate();
      const found = await chartReadings(deps.db, place, item, from, until, temperatureChartMaxPoints + 1);
      const truncated = found.length > temperatureChartMaxPoints;
      return ok({
        item: toLogItem(item),
        timeZoneId,
        ...range,
        points: (truncated ? found.slice(1) : found).map(toChartPoint),
        truncated,
      });
    },
  );
}
