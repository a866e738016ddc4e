import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  checkOf,
  equipmentItemLimits,
  failureOf,
  judgeReading,
  storedLimits,
  temperatureLogDefaultDays,
  type ListQuery,
  type LogType,
  type ReadingSource,
  jurisdictionOf,
  ruleSetOf,
  standardsOf,
  type Jurisdiction,
  type RuleChoice,
  type TemperatureItemKind,
  type TemperatureLimits,
  type TemperatureLogExportQuery,
  type TemperatureLogFields,
  type TemperatureLogListQuery,
  type TemperatureLogSortColumn,
  type TemperatureLogUpdateFields,
  type TemperatureResult,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { foodItems, masterTypes, sensors, temperatureItems } from '../../equipment/index.js';
import { sites, users } from '../../../platform/db/schema.js';
import { temperatureReadings } from '../schema.js';
import { fieldError, notFound } from '../../../platform/http/errors.js';
import { countMatching, inOrderOf, matchingCount } from '../../../platform/http/joined-page.js';
import { likePattern, listIsPrepared, offsetOf, orderBy } from '../../../platform/http/list.js';
import { nextStatementName, PreparedQueries } from '../../../platform/db/prepared.js';
import { searchWhere } from '../../../platform/http/records.js';
import { recordsOf, type Change, type RecordScope } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';
import { acceptDeviceTime } from '../../../platform/device-time.js';
import { coolingStartMaxMinutesBefore } from '../../tasks/index.js';
import { rulesOfSite } from '../../sites/index.js';

// Temperature readings in SQL. A list, an export batch and a chart are each one statement that joins the
// names a reading shows (site, item, fridge, who read it), driven by the index on (site, read_at desc, id
// desc), so a site's page reads only its rows in order. Recording and correcting a reading judge it here,
// by the item's limits when it is recorded and by the limits it copied when it is corrected.

export type TemperatureReadingRow = typeof temperatureReadings.$inferSelect;

/** The filters the list and the export share (the export has no paging). */
export type ReadingFilters = Omit<TemperatureLogExportQuery, 'downloadFileType'>;

const readingSort: Record<TemperatureLogSortColumn, AnyColumn> = {
  readAt: temperatureReadings.readAt,
  _id: temperatureReadings.id,
  receivedAt: temperatureReadings.receivedAt,
  celsius: temperatureReadings.celsius,
  result: temperatureReadings.result,
  logType: temperatureReadings.logType,
  createdAt: temperatureReadings.createdAt,
};

/**
 * find, insert, update and soft delete of one reading. The list is its own joined statement (below), so
 * the records' own list, which reads the table alone, is not used and searches nothing.
 */
export const readingRecords = recordsOf<typeof temperatureReadings, ListQuery<TemperatureLogSortColumn>>({
  table: temperatureReadings,
  placedOn: 'site',
  sort: readingSort,
  search: [],
});

// ---- the joined statement: a reading with the names it shows --------------------------------------------

const readingColumns = {
  reading: getTableColumns(temperatureReadings),
  site: { name: sites.name, timeZoneId: sites.timeZoneId, jurisdiction: sites.jurisdiction },
  temperatureItem: { name: temperatureItems.name, equipmentId: temperatureItems.masterTypeId },
  equipment: { name: masterTypes.name },
  foodItem: { name: foodItems.name, type: foodItems.type },
  reader: { firstName: users.firstName, lastName: users.lastName },
  sensor: { name: sensors.name },
};

/** A reading as the joined statement reads it; dto.ts turns it into what the API answers. */
export interface JoinedReading {
  reading: TemperatureReadingRow;
  site: { name: string; timeZoneId: string; jurisdiction: string };
  temperatureItem: { name: string; equipmentId: string } | null;
  equipment: { name: string } | null;
  foodItem: { name: string; type: 'FOODITEM' | 'PROB' } | null;
  reader: { firstName: string; lastName: string } | null;
  /** The sensor that logged it, for a reading of source SENSOR. */
  sensor: { name: string } | null;
}

/**
 * What a page's count reads: the readings and their sites, and the item names only when a search looks in
 * them. Joins the count does not need would keep PostgreSQL from counting from the index alone.
 */
const itemsFrom = sql`${temperatureReadings}
  inner join ${sites} on ${eq(sites.id, temperatureReadings.siteId)}
  left join ${temperatureItems} on ${eq(temperatureItems.id, temperatureReadings.temperatureItemId)}
  left join ${masterTypes} on ${eq(masterTypes.id, temperatureItems.masterTypeId)}
  left join ${foodItems} on ${eq(foodItems.id, temperatureReadings.foodItemId)}`;
const countedFrom = (search: string) =>
  search === ''
    ? sql`${temperatureReadings} inner join ${sites} on ${eq(sites.id, temperatureReadings.siteId)}`
    : itemsFrom;
/** Every name a reading shows, as `withNames` joins them: the export's raw read. */
const namedFrom = sql`${itemsFrom}
  left join ${users} on ${eq(users.id, temperatureReadings.readBy)}
  left join ${sensors} on ${eq(sensors.id, temperatureReadings.sensorId)}`;

/** A select of readings joined to the names they show: its columns may come from any of these tables. */
function withNames<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(sites, eq(sites.id, temperatureReadings.siteId))
    .leftJoin(temperatureItems, eq(temperatureItems.id, temperatureReadings.temperatureItemId))
    .leftJoin(masterTypes, eq(masterTypes.id, temperatureItems.masterTypeId))
    .leftJoin(foodItems, eq(foodItems.id, temperatureReadings.foodItemId))
    .leftJoin(users, eq(users.id, temperatureReadings.readBy))
    .leftJoin(sensors, eq(sensors.id, temperatureReadings.sensorId));
}

const selectReadings = <Extra extends Record<string, SQL>>(db: Database | Tx, extra: Extra) =>
  withNames(
    db
      .select({ ...readingColumns, ...extra })
      .from(temperatureReadings)
      .$dynamic(),
  );

/** A value of the list's statement, or a prepared statement's placeholder for it (named in `listValues`). */
type Given = <T>(name: string, value: T) => T | Placeholder;
/** Every value as it is: a statement built for one request. */
const asGiven: Given = (_name, value) => value;
/** Every value as its placeholder: a statement prepared for its shape. */
const asPlaceholder: Given = (name) => sql.placeholder(name);

/**
 * The live readings of `scope`, on live sites of its organisation. The organisation is the joined site's:
 * a reading is always on a site of its own organisation, and leaving its own org_id column out lets a
 * page's count be read from the index alone.
 */
function scopeWhere(scope: RecordScope, given: Given): SQL | undefined {
  const { siteIds } = scope;
  return and(
    isNull(temperatureReadings.deletedAt),
    eq(sites.orgId, given('orgId', scope.orgId)),
    isNull(sites.deletedAt),
    siteIds === undefined
      ? undefined
      : siteIds.length === 1 && siteIds[0] !== undefined
        ? eq(temperatureReadings.siteId, given('site0', siteIds[0]))
        : inArray(
            temperatureReadings.siteId,
            siteIds.map((siteId, index) => given(`site${index}`, siteId)),
          ),
  );
}

/** The readings of either kind of item: a fridge's item or a probe or food item. */
const ofItem = (itemID: string | Placeholder) =>
  or(eq(temperatureReadings.temperatureItemId, itemID), eq(temperatureReadings.foodItemId, itemID));

const msPerHour = 3_600_000;
/** How far local midnight can be from UTC midnight: zones run from UTC-12 to UTC+14. */
const zoneReach = { ahead: 14 * msPerHour, behind: 12 * msPerHour };

/** The instants `anyZoneRange` compares with, as `Date.toISOString` writes them. */
function anyZoneBounds(filters: ReadingFilters, now: Date): { from: string; until: string } {
  const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const today = utcMidnight(now.toISOString().slice(0, 10));
  const [first, last] =
    filters.startDate !== undefined && filters.endDate !== undefined
      ? [utcMidnight(filters.startDate), utcMidnight(filters.endDate)]
      : // A site's today is UTC's today, the day before or the day after.
        [today - temperatureLogDefaultDays * 24 * msPerHour, today + 24 * msPerHour];
  return {
    from: new Date(first - zoneReach.ahead).toISOString(),
    until: new Date(last + 24 * msPerHour + zoneReach.behind).toISOString(),
  };
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An instant written into the statement's text rather than sent as a parameter, so that PostgreSQL plans
 * with it even in a prepared statement's generic plan. It is only ever one `anyZoneBounds` computed, and
 * is checked to be nothing but an ISO instant before it is written.
 */
function instantLiteral(instant: string): SQL {
  if (!isoInstant.test(instant)) throw new Error(`not an ISO instant: ${instant}`);
  return sql.raw(`'${instant}'::timestamptz`);
}

/**
 * The instants the range covers in any zone, a little wider than any one site's: constant bounds the index
 * on (site, read_at) can scan when the readings of several sites, each in its own zone, are listed. They
 * are literals of the statement's text (its shape, for a prepared list): a prepared statement's generic
 * plan, which PostgreSQL switches to after five executions, would otherwise see two bounds it cannot know
 * and plan as `rangeWhere` says it must not.
 */
function anyZoneRange(filters: ReadingFilters, now: Date): SQL {
  const { from, until } = anyZoneBounds(filters, now);
  const readAt = temperatureReadings.readAt;
  return sql`(${readAt} >= ${instantLiteral(from)} and ${readAt} < ${instantLiteral(until)})`;
}

/**
 * The range in each reading's own site's local dates, both ends included (as `localDateRangeWhere`); without
 * dates, each site's today and the days before. For one site (the console's list) its zone is read once, by
 * a subquery PostgreSQL runs before the scan, and the constant bounds of `anyZoneRange` narrow the index
 * scan, so a page is read in index order and the names are joined for its rows alone. Each exact bound is
 * then compared `IS TRUE` (the same rows): two bounds PostgreSQL cannot see before it runs would be read as
 * a range of unknown width, guessed to hold 0.5% of the site's rows, and then it plans to join and sort
 * every row of the range for each page (ten times slower on a 90-day page). For several sites each
 * reading's bounds are its joined site's.
 */
function rangeWhere(scope: RecordScope, filters: ReadingFilters, now: Date, given: Given): SQL | undefined {
  const [siteId, ...others] = scope.siteIds ?? [];
  const oneSite = siteId !== undefined && others.length === 0;
  const zone = oneSite
    ? sql`(select ${sites.timeZoneId} from ${sites} where ${sites.id} = ${given('site0', siteId)})`
    : sites.timeZoneId;
  const dated = filters.startDate !== undefined && filters.endDate !== undefined;
  const end = dated
    ? sql`${given('endDate', filters.endDate)}::date`
    : sql`(${given('now', now.toISOString())}::timestamptz at time zone ${zone})::date`;
  const start = dated
    ? sql`${given('startDate', filters.startDate)}::date`
    : sql`(${end} - ${temperatureLogDefaultDays - 1}::int)`;
  const readAt = temperatureReadings.readAt;
  const fromStart = sql`${readAt} >= (${start})::timestamp at time zone ${zone}`;
  const beforeEnd = sql`${readAt} < (${end} + 1)::timestamp at time zone ${zone}`;
  return and(
    anyZoneRange(filters, now),
    oneSite ? sql`(${fromStart}) is true and (${beforeEnd}) is true` : sql`(${fromStart} and ${beforeEnd})`,
  );
}

/** Every filter of the list and the export, in the local dates of each reading's own site. */
function filtersWhere(
  scope: RecordScope,
  filters: ReadingFilters,
  now: Date,
  given: Given = asGiven,
): SQL | undefined {
  return and(
    scopeWhere(scope, given),
    rangeWhere(scope, filters, now, given),
    filters.type === undefined ? undefined : eq(temperatureReadings.logType, given('type', filters.type)),
    filters.itemID === undefined ? undefined : ofItem(given('itemID', filters.itemID)),
    filters.result === undefined
      ? undefined
      : eq(temperatureReadings.result, given('result', filters.result)),
    filters.backFilled === undefined
      ? undefined
      : eq(temperatureReadings.backFilled, given('backFilled', filters.backFilled)),
    filters.source === undefined
      ? undefined
      : eq(temperatureReadings.source, given('source', filters.source)),
    filters.search === ''
      ? undefined
      : searchWhere(given('search', filters.search), [
          temperatureItems.name,
          masterTypes.name,
          foodItems.name,
        ]),
  );
}

/**
 * What tells one list statement from another: whatever changes its text. That is which filters there are
 * (not their values), whether it searches, its sort, how many sites it is scoped to, whether the range was
 * given, and the constant bounds `anyZoneRange` writes into it. A day's lists of the last 90 days share one
 * statement, whatever site or organisation they are of; a range nobody lists any more is dropped in time.
 */
function listShape(scope: RecordScope, query: TemperatureLogListQuery, now: Date): string {
  const { from, until } = anyZoneBounds(query, now);
  return [
    query.sort.column,
    query.sort.direction,
    query.search === '' ? '' : 'search',
    query.type === undefined ? '' : 'type',
    query.itemID === undefined ? '' : 'item',
    query.result === undefined ? '' : 'result',
    query.backFilled === undefined ? '' : 'backFilled',
    query.source === undefined ? '' : 'source',
    scope.siteIds?.length ?? 'all',
    query.startDate !== undefined && query.endDate !== undefined ? 'dated' : 'recent',
    from,
    until,
  ].join(' ');
}

/** The values of a prepared list's placeholders (`filtersWhere` with `asPlaceholder`, and the page's). */
function listValues(scope: RecordScope, query: TemperatureLogListQuery, now: Date): Record<string, unknown> {
  const values: Record<string, unknown> = {
    orgId: scope.orgId,
    startDate: query.startDate,
    endDate: query.endDate,
    now: now.toISOString(),
    type: query.type,
    itemID: query.itemID,
    result: query.result,
    backFilled: query.backFilled,
    source: query.source,
    search: likePattern(query.search),
    limit: query.limit,
    offset: offsetOf(query),
  };
  scope.siteIds?.forEach((siteId, index) => (values[`site${index}`] = siteId));
  return values;
}

/** The list's statement for a request of `query`'s shape, `given` its values or their placeholders. */
const listStatement = (
  db: Database | Tx,
  scope: RecordScope,
  query: TemperatureLogListQuery,
  now: Date,
  given: Given,
) => {
  const where = filtersWhere(scope, query, now, given);
  return selectReadings(db, { total: matchingCount(countedFrom(query.search), where) })
    .where(where)
    .orderBy(...orderBy(query, readingSort, temperatureReadings.id))
    .limit(given('limit', query.limit))
    .offset(given('offset', offsetOf(query)));
};

const listStatements = new PreparedQueries<{
  execute(values: Record<string, unknown>): Promise<(JoinedReading & { total: number })[]>;
}>();

/**
 * One page of readings matching the list's filters, with the total, from one statement: prepared once per
 * shape (`listShape`) and run with the request's values. It is built for the request in a transaction, for
 * more sites than a statement is kept for, and when it searches: a pattern PostgreSQL cannot see is guessed
 * to match almost nothing, and after five executions the generic plan would join the names of every
 * matching reading of the range and sort them for each page (three times slower on a busy site's 90 days,
 * against a plan that reads the page in index order and stops).
 */
export async function readingPage(
  db: Database | Tx,
  scope: RecordScope,
  query: TemperatureLogListQuery,
  now: Date,
): Promise<{ rows: JoinedReading[]; total: number }> {
  const rows =
    query.search !== '' || !listIsPrepared(db, scope.siteIds)
      ? await listStatement(db, scope, query, now, asGiven)
      : await listStatements
          .get(db, listShape(scope, query, now), () =>
            listStatement(db, scope, query, now, asPlaceholder).prepare(
              nextStatementName('temperature_page'),
            ),
          )
          .execute(listValues(scope, query, now));
  // Only a page past the end, with no row to carry the total, counts on its own.
  const first = rows[0];
  if (first || query.page === 1) return { rows, total: first?.total ?? 0 };
  return { rows, total: await countReadings(db, scope, query, now) };
}

/** How many readings match the filters (an export's size). */
export const countReadings = (db: Database | Tx, scope: RecordScope, filters: ReadingFilters, now: Date) =>
  countMatching(db, countedFrom(filters.search), filtersWhere(scope, filters, now));

/** A site a list or export covers. */
export interface ScopeSite {
  id: string;
  name: string;
  timeZoneId: string;
  /** The rule set it is judged by now, whose unit its readings are exported in. */
  jurisdiction: string;
}

/** The live sites of `scope`, by name. */
export function scopeSites(db: Database, scope: RecordScope): Promise<ScopeSite[]> {
  return db
    .select({
      id: sites.id,
      name: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
    })
    .from(sites)
    .where(
      and(
        eq(sites.orgId, scope.orgId),
        isNull(sites.deletedAt),
        scope.siteIds === undefined ? undefined : inArray(sites.id, [...scope.siteIds]),
      ),
    )
    .orderBy(sql`lower(${sites.name})`, sites.id);
}

/**
 * A reading as the export writes it: only what the sheet shows, names joined and the times already on
 * the site's wall clock (`YYYY-MM-DDTHH:MM:SS`), worked out by PostgreSQL. An export reads 100,000 rows:
 * half the columns of a full reading, and no zone arithmetic per row here, halve its time.
 */
export interface ExportReading {
  id: string;
  /** Where the next batch picks up: the reading's instant as PostgreSQL writes it, to the microsecond. */
  key: string;
  siteName: string;
  readLocal: string;
  receivedLocal: string;
  backFilled: boolean;
  logType: LogType;
  checkKind: string;
  temperatureItemName: string | null;
  equipmentName: string | null;
  foodItemName: string | null;
  celsius: number;
  lowerLimit: number | null;
  upperLimit: number | null;
  warnUpTo: number | null;
  result: TemperatureResult;
  /** The rule set it was judged by. */
  jurisdiction: string;
  /** The rule set its site is judged by now, whose unit the export writes it in. */
  siteJurisdiction: string;
  correctiveAction: string | null;
  note: string | null;
  /** The person who took it (null for a sensor's, or when nobody is joined). */
  readerFirstName: string | null;
  readerLastName: string | null;
  source: ReadingSource;
  sensorName: string | null;
}

const exportColumns: Record<keyof ExportReading, SQLWrapper> = {
  id: temperatureReadings.id,
  key: sql`${temperatureReadings.readAt}::text`,
  siteName: sites.name,
  readLocal: sql`to_char(${temperatureReadings.readAt} at time zone ${sites.timeZoneId}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
  receivedLocal: sql`to_char(${temperatureReadings.receivedAt} at time zone ${sites.timeZoneId}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
  backFilled: temperatureReadings.backFilled,
  logType: temperatureReadings.logType,
  checkKind: temperatureReadings.checkKind,
  temperatureItemName: temperatureItems.name,
  equipmentName: masterTypes.name,
  foodItemName: foodItems.name,
  celsius: temperatureReadings.celsius,
  lowerLimit: temperatureReadings.lowerLimit,
  upperLimit: temperatureReadings.upperLimit,
  warnUpTo: temperatureReadings.warnUpTo,
  result: temperatureReadings.result,
  jurisdiction: temperatureReadings.jurisdiction,
  siteJurisdiction: sites.jurisdiction,
  correctiveAction: temperatureReadings.correctiveAction,
  note: temperatureReadings.note,
  readerFirstName: users.firstName,
  readerLastName: users.lastName,
  source: temperatureReadings.source,
  sensorName: sensors.name,
};
const exportSelected = sql.join(
  Object.entries(exportColumns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
  sql`, `,
);

/**
 * A batch of the export's readings. Its rows are used as PostgreSQL's driver gives them (every column named
 * as `ExportReading` names it, of the types it says), without the query builder's mapping of each value of
 * each row or a copy: a fifth of an export's CPU time (bench/README.md).
 */
async function exportBatch(db: Database, where: SQL, size: number, oldestFirst: boolean) {
  const direction = oldestFirst ? sql`asc` : sql`desc`;
  const { rows } = (await db.execute(sql`select ${exportSelected} from ${namedFrom} where ${where}
    order by ${temperatureReadings.readAt} ${direction}, ${temperatureReadings.id} ${direction}
    limit ${size}`)) as unknown as { rows: ExportReading[] };
  return rows;
}

/**
 * The readings matching the filters in batches of `size`, a site at a time and newest first in each (the
 * inspection pack's `oldestFirst`: oldest first), each batch picking up after the last row of the one before
 * (keyset), so an export of any length reads through the site's index and holds one batch at a time.
 */
export async function* exportBatches(
  db: Database,
  scope: RecordScope,
  siteList: readonly ScopeSite[],
  filters: ReadingFilters,
  now: Date,
  size: number,
  { oldestFirst = false }: { oldestFirst?: boolean } = {},
): AsyncGenerator<ExportReading[]> {
  const where = filtersWhere(scope, filters, now);
  const key = sql`(${temperatureReadings.readAt}, ${temperatureReadings.id})`;
  for (const site of siteList) {
    let after: Pick<ExportReading, 'key' | 'id'> | undefined;
    for (;;) {
      const last = after && sql`(${after.key}::timestamptz, ${after.id}::uuid)`;
      const batch = await exportBatch(
        db,
        and(
          where,
          eq(temperatureReadings.siteId, site.id),
          last && (oldestFirst ? sql`${key} > ${last}` : sql`${key} < ${last}`),
        ) ?? sql`true`,
        size,
        oldestFirst,
      );
      if (batch.length > 0) yield batch;
      if (batch.length < size) break;
      after = batch[batch.length - 1];
    }
  }
}

/**
 * Every reading matching the filters with its names, oldest first, `size` at a time by key: one indexed
 * read per batch however far into a busy site's year (the record check's read, where pages by offset cost
 * the square of the readings).
 */
export async function* joinedReadingBatches(
  db: Database | Tx,
  scope: RecordScope,
  filters: ReadingFilters,
  now: Date,
  size: number,
): AsyncGenerator<JoinedReading[]> {
  const where = filtersWhere(scope, filters, now);
  const key = sql`(${temperatureReadings.readAt}, ${temperatureReadings.id})`;
  let after: { readAt: Date; id: string } | undefined;
  for (;;) {
    const batch = await selectReadings(db, {})
      .where(
        and(where, after && sql`${key} > (${after.readAt.toISOString()}::timestamptz, ${after.id}::uuid)`),
      )
      .orderBy(asc(temperatureReadings.readAt), asc(temperatureReadings.id))
      .limit(size);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < size) return;
    after = { readAt: last.reading.readAt, id: last.reading.id };
  }
}

/** Several readings by id with their names, in the order given (the record calls' answers). */
export async function joinedReadings(
  db: Database | Tx,
  rows: readonly TemperatureReadingRow[],
): Promise<JoinedReading[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const found = await selectReadings(db, {}).where(inArray(temperatureReadings.id, ids));
  return inOrderOf(rows, found, (one) => one.reading.id);
}

// ---- what a site can read -------------------------------------------------------------------------------

/** An item of a site that readings are taken of, with what decides its log types and limits. */
export type ReadableItem =
  | {
      kind: 'TEMPERATURE_ITEM';
      id: string;
      name: string;
      siteId: string;
      equipmentId: string;
      equipmentName: string;
      equipmentType: 'FRIDGE' | 'FREEZER';
      lowerLimit: number | null;
      upperLimit: number | null;
    }
  | { kind: 'PROBE' | 'FOOD_ITEM'; id: string; name: string; siteId: string };

const foodItemKind = { PROB: 'PROBE', FOODITEM: 'FOOD_ITEM' } as const;

/**
 * The items of the organisation named by `ids`, on `siteId` when given: the fridges' and freezers' items
 * and the probes and food items, live ones only unless `retired` is allowed.
 */
export async function readableItems(
  db: Database | Tx,
  orgId: string,
  where: { ids?: readonly string[]; siteId?: string; retired?: boolean },
): Promise<ReadableItem[]> {
  const idIn = (column: typeof temperatureItems.id | typeof foodItems.id) =>
    where.ids === undefined ? undefined : inArray(column, [...where.ids]);
  const fridges = await db
    .select({
      id: temperatureItems.id,
      name: temperatureItems.name,
      lowerLimit: temperatureItems.lowerLimit,
      upperLimit: temperatureItems.upperLimit,
      siteId: masterTypes.siteId,
      equipmentId: masterTypes.id,
      equipmentName: masterTypes.name,
      equipmentType: masterTypes.type,
    })
    .from(temperatureItems)
    .innerJoin(masterTypes, eq(masterTypes.id, temperatureItems.masterTypeId))
    .where(
      and(
        eq(masterTypes.orgId, orgId),
        idIn(temperatureItems.id),
        where.siteId === undefined ? undefined : eq(masterTypes.siteId, where.siteId),
        where.retired ? undefined : and(isNull(temperatureItems.deletedAt), isNull(masterTypes.deletedAt)),
      ),
    )
    .orderBy(asc(masterTypes.type), sql`lower(${masterTypes.name})`, temperatureItems.position);
  const others = await db
    .select({ id: foodItems.id, name: foodItems.name, siteId: foodItems.siteId, type: foodItems.type })
    .from(foodItems)
    .where(
      and(
        eq(foodItems.orgId, orgId),
        idIn(foodItems.id),
        where.siteId === undefined ? undefined : eq(foodItems.siteId, where.siteId),
        where.retired ? undefined : isNull(foodItems.deletedAt),
      ),
    )
    .orderBy(desc(foodItems.type), sql`lower(${foodItems.name})`);
  return [
    ...fridges.map((item) => ({ kind: 'TEMPERATURE_ITEM' as const, ...item })),
    ...others.map(({ type, ...item }) => ({ kind: foodItemKind[type], ...item })),
  ];
}

/** Every live item of a site readings can be taken of: fridges' and freezers' items first, then probes, then food. */
export const itemsOfSite = (db: Database, place: SitePlace) =>
  readableItems(db, place.orgId, { siteId: place.siteID });

/** One item of the organisation (of one site when given), retired or not: past readings name it. */
export async function findItem(db: Database, orgId: string, itemID: string, siteId?: string) {
  const [item] = await readableItems(db, orgId, {
    ids: [itemID],
    retired: true,
    ...(siteId === undefined ? {} : { siteId }),
  });
  return item;
}

/** The check a reading of `item` as `logType` is, and the limits it is judged by. */
export interface ReadingCheck {
  logType: LogType;
  checkKind: string;
  limits: TemperatureLimits;
  /** The rule set it is judged by, kept on the reading. */
  jurisdiction: Jurisdiction;
}

const kindWords: Record<TemperatureItemKind, string> = {
  TEMPERATURE_ITEM: 'a fridge or freezer item',
  PROBE: 'a probe',
  FOOD_ITEM: 'a food item',
};

/**
 * How a reading of `item` is judged: a fridge's or freezer's item by its own limits, as its equipment's
 * type; a probe or food item by the log type's check (`checkKind`, else the type's first). A log type or
 * check the item is not read for is a 400 on that field.
 */
export function checkFor(
  item: ReadableItem,
  logType: LogType | undefined,
  checkKind: string | undefined,
  rules: RuleChoice,
) {
  // The set's id is kept on the reading; its figures (an organisation's national ones included) are copied
  // into the reading's limits, so a later change of either never re-judges it.
  const jurisdiction = jurisdictionOf(ruleSetOf(rules).jurisdiction);
  if (item.kind === 'TEMPERATURE_ITEM') {
    const type = item.equipmentType;
    if (logType !== undefined && logType !== type) {
      throw fieldError('logType', `A ${type.toLowerCase()}'s item is read as ${type}`);
    }
    if (checkKind !== undefined && checkKind !== type) {
      throw fieldError('checkKind', `A ${type.toLowerCase()}'s item is checked as ${type}`);
    }
    return {
      logType: type,
      checkKind: type,
      limits: equipmentItemLimits(type, item, rules),
      jurisdiction,
    } satisfies ReadingCheck;
  }
  if (logType === undefined)
    throw fieldError('logType', 'Choose the log type of a probe or food item reading');
  const standard = standardsOf(rules)[logType];
  const kinds: readonly TemperatureItemKind[] = standard.itemKinds;
  if (!kinds.includes(item.kind)) {
    throw fieldError('logType', `${standard.label} is not read with ${kindWords[item.kind]}`);
  }
  const check = checkOf(logType, checkKind ?? standard.checks[0].kind, rules);
  if (!check) {
    const names = standard.checks.map((one) => one.kind).join(', ');
    throw fieldError('checkKind', `Not a check of a ${standard.label.toLowerCase()} log: use ${names}`);
  }
  return { logType, checkKind: check.kind, limits: check.limits, jurisdiction } satisfies ReadingCheck;
}

/** A failing reading without a corrective action: 400 naming the limit it broke, in the set's unit. */
function assertCorrected(
  celsius: number,
  limits: TemperatureLimits,
  correctiveAction: string | null,
  jurisdiction: string,
) {
  const failure = failureOf(celsius, limits, ruleSetOf(jurisdiction).unit);
  if (failure !== null && correctiveAction === null) {
    throw fieldError('correctiveAction', `${failure}: say what was done about it (corrective action)`);
  }
}

// ---- recording and correcting ---------------------------------------------------------------------------

/**
 * Records a reading at `place`: its item must be a live one of that site (another organisation's or a
 * retired one is 404, another site's 400), its time passes the device-time rule (platform/device-time.ts:
 * no further ahead of the server's than clocks drift, a little ahead taken as the server's time, and not
 * older than the sync window), and a failing one needs its corrective action. The limits it was judged by
 * are copied into it. `now` is when it reached the server; `change.by` read it.
 */
export async function insertReading(
  tx: Tx,
  place: SitePlace,
  fields: TemperatureLogFields,
  now: Date,
  change: Change,
  syncWindowHours: number,
): Promise<TemperatureReadingRow> {
  const readAt = acceptDeviceTime(new Date(fields.readAt), {
    field: 'readAt',
    label: "The reading's time",
    receivedAt: now,
    syncWindowHours,
  });
  const itemID = fields.temperatureItemID ?? fields.foodItemID;
  const field = fields.temperatureItemID === undefined ? 'foodItemID' : 'temperatureItemID';
  if (itemID === undefined) throw fieldError('temperatureItemID', 'Send temperatureItemID or foodItemID');
  const [item] = await readableItems(tx, place.orgId, { ids: [itemID] });
  const isFridgeItem = item?.kind === 'TEMPERATURE_ITEM';
  if (!item || isFridgeItem !== (field === 'temperatureItemID')) {
    throw notFound(field === 'temperatureItemID' ? 'Temperature item' : 'Probe or food item');
  }
  if (item.siteId !== place.siteID) throw fieldError(field, 'Not an item of this site');
  const check = checkFor(item, fields.logType, fields.checkKind, await rulesOfSite(tx, place.siteID));
  const correctiveAction = fields.correctiveAction ?? null;
  assertCorrected(fields.celsius, check.limits, correctiveAction, check.jurisdiction);
  const followUpFields = followUpFieldsOf(fields, check, readAt);
  const { lowerLimit, upperLimit, warnUpTo } = check.limits;
  return readingRecords.insert(
    tx,
    place,
    {
      logType: check.logType,
      checkKind: check.checkKind,
      temperatureItemId: isFridgeItem ? item.id : null,
      foodItemId: isFridgeItem ? null : item.id,
      celsius: fields.celsius,
      readAt,
      receivedAt: now,
      readBy: change.by,
      lowerLimit,
      upperLimit,
      warnUpTo,
      jurisdiction: check.jurisdiction,
      result: judgeReading(fields.celsius, check.limits),
      correctiveAction,
      note: fields.note ?? null,
      ...followUpFields,
    },
    now,
  );
}

/**
 * The follow-up fields of a reading (DOMAIN.md "Time rules for records"), recorded or corrected: when
 * cooling began, only on a cooked-core reading and within the 2 hours up to it; the end of hot holding,
 * only on a hot-holding reading. Anything else is a 400 on the field.
 */
function followUpFieldsOf(
  fields: Pick<TemperatureLogFields, 'coolingStartedAt' | 'hotHoldEnded'>,
  check: Pick<ReadingCheck, 'logType' | 'checkKind'> & { jurisdiction: string },
  readAt: Date,
): { coolingStartedAt: Date | null; hotHoldEnded: boolean } {
  let coolingStartedAt: Date | null = null;
  if (fields.coolingStartedAt !== undefined) {
    if (
      check.logType !== 'COOKING_COOLING' ||
      check.checkKind !== ruleSetOf(check.jurisdiction).cooking.kind
    ) {
      throw fieldError(
        'coolingStartedAt',
        'Only a cooked-core reading of cooking and cooling says when cooling began',
      );
    }
    coolingStartedAt = new Date(fields.coolingStartedAt);
    if (coolingStartedAt.getTime() > readAt.getTime()) {
      throw fieldError('coolingStartedAt', 'Cooling cannot begin after the reading that starts it');
    }
    if (readAt.getTime() - coolingStartedAt.getTime() > coolingStartMaxMinutesBefore * 60_000) {
      throw fieldError(
        'coolingStartedAt',
        `Cooling began more than ${coolingStartMaxMinutesBefore / 60} hours before this reading: record the ` +
          'cooked-core reading when cooling begins',
      );
    }
  }
  const hotHoldEnded = fields.hotHoldEnded ?? false;
  if (hotHoldEnded && check.logType !== 'HOT_HOLD_DISPLAY') {
    throw fieldError('hotHoldEnded', 'Only a hot-holding reading ends hot holding');
  }
  return { coolingStartedAt, hotHoldEnded };
}

/**
 * A correction: the reading judged again by the limits it copied when it was taken, whatever its item's
 * limits are now. Left out, a field keeps its value; null clears a corrective action or note, which a
 * failing reading cannot do without.
 */
export async function updateReading(
  tx: Tx,
  current: TemperatureReadingRow,
  _siteId: string,
  fields: TemperatureLogUpdateFields,
  now: Date,
): Promise<TemperatureReadingRow> {
  const limits = storedLimits(current.logType, current.checkKind, current, current.jurisdiction);
  const celsius = fields.celsius ?? current.celsius;
  const correctiveAction =
    fields.correctiveAction === undefined ? current.correctiveAction : fields.correctiveAction;
  const note = fields.note === undefined ? current.note : fields.note;
  assertCorrected(celsius, limits, correctiveAction, current.jurisdiction);
  const result: TemperatureResult = judgeReading(celsius, limits);
  // When cooling began and whether hot holding ended follow the same rules as when recorded.
  const coolingStartedAt =
    fields.coolingStartedAt === undefined ? current.coolingStartedAt?.toISOString() : fields.coolingStartedAt;
  const followUpFields = followUpFieldsOf(
    {
      ...(coolingStartedAt ? { coolingStartedAt } : {}),
      hotHoldEnded: fields.hotHoldEnded ?? current.hotHoldEnded,
    },
    current,
    current.readAt,
  );
  return readingRecords.update(
    tx,
    current,
    { celsius, result, correctiveAction, note, ...followUpFields },
    now,
  );
}

// ---- one item's chart -----------------------------------------------------------------------------------

/**
 * An item's readings on one site between two instants, newest `limit` of them, oldest first: the index on
 * (item, read_at) reads only those.
 */
export async function chartReadings(
  db: Database,
  place: SitePlace,
  item: ReadableItem,
  from: Date,
  until: Date,
  limit: number,
): Promise<TemperatureReadingRow[]> {
  const itemColumn =
    item.kind === 'TEMPERATURE_ITEM' ? temperatureReadings.temperatureItemId : temperatureReadings.foodItemId;
  const rows = await db
    .select()
    .from(temperatureReadings)
    .where(
      and(
        eq(itemColumn, item.id),
        eq(temperatureReadings.orgId, place.orgId),
        eq(temperatureReadings.siteId, place.siteID),
        isNull(temperatureReadings.deletedAt),
        sql`${temperatureReadings.readAt} >= ${from.toISOString()}::timestamptz`,
        sql`${temperatureReadings.readAt} < ${until.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(temperatureReadings.readAt), desc(temperatureReadings.id))
    .limit(limit);
  return rows.reverse();
}
