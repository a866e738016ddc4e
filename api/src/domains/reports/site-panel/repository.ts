import {
  and,
  asc,
  between,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  bandOf,
  scoreOf,
  scoreTrendPoints,
  type AreaScore,
  type DayScore,
  type Score,
  type SiteScore,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { individualTasks, siteDayTallies } from '../../tasks/index.js';
import { areas, sites } from '../../../platform/db/schema.js';
import { bucketSql } from '../../tasks/index.js';
import { ensureOccurrences, maxOccurrenceRangeDays } from '../../tasks/index.js';
import { countDates } from '../../tasks/index.js';
import { toSiteOption } from '../../sites/index.js';
import { addDays } from '../../sites/index.js';

// Site scores (DOMAIN.md "Scores"), recomputed on every read: a late sync, an edit after completion or a
// deleted occurrence changes a score the moment it is saved. The counts of days whose tasks have all
// expired come from site_day_tallies, which the database's triggers keep in the same transaction as each
// change to the occurrences (drizzle/0010); the days still running are counted from the occurrences. One
// grouped statement each, for every site at once, by whatever the report groups them by (a local date, or
// a span of the range).

/** A group's counts: due ones by outcome, and those not due yet. */
export interface ScoreTally {
  onTime: number;
  late: number;
  missed: number;
  upcoming: number;
  /**
   * Of the upcoming ones, those already completed (done before they were due): not in a score, but the
   * day's tasks done so far, which the portfolio reads from the same count (portfolio.ts).
   */
  doneAhead: number;
}

export const emptyTally = (): ScoreTally => ({ onTime: 0, late: 0, missed: 0, upcoming: 0, doneAhead: 0 });

export const addTally = (into: ScoreTally, more: ScoreTally) => {
  into.onTime += more.onTime;
  into.late += more.late;
  into.missed += more.missed;
  into.upcoming += more.upcoming;
  into.doneAhead += more.doneAhead;
};

/** A tally as the API answers it: the counts, the score to one decimal and its band (by the unrounded score). */
export function scoreFromTally({
  onTime,
  late,
  missed,
}: Pick<ScoreTally, 'onTime' | 'late' | 'missed'>): Score {
  const due = onTime + late + missed;
  const exact = scoreOf({ due, onTime, late });
  return {
    due,
    onTime,
    late,
    missed,
    score: exact === null ? null : Math.round(exact * 10) / 10,
    band: bandOf(exact),
  };
}

type Grouped = { siteId: string; group: string | number; tally: ScoreTally }[];

/**
 * `column` is one of `ids`, sent as one array parameter: an `in` list is a parameter each, which a
 * statement about 400 sites builds, sends and parses 400 times over, several times a statement.
 */
const oneOf = (column: AnyColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...ids])}::uuid[])`;

/** The day tallies of `siteIds` in [from, to] with an occurrence that has not expired by `now`. */
const stillRunning = (siteIds: readonly string[], from: string, to: string, now: Date) =>
  and(
    oneOf(siteDayTallies.siteId, siteIds),
    between(siteDayTallies.taskDate, from, to),
    gt(siteDayTallies.lastExpireOn, now),
  );

/**
 * The site's first date in [from, to] whose occurrences may not all have expired (its cut-off), as a value
 * a statement about the site (`siteId`) carries: the earliest of them is `tallies`' `runningFrom`. A range
 * wider than the one counted only makes `tallies` look for running days' rows from earlier on.
 */
export const runningDaySql = (siteId: AnyColumn, from: string, to: string, now: Date) =>
  sql<string | null>`(select to_char(min(${siteDayTallies.taskDate}), 'YYYY-MM-DD') from ${siteDayTallies}
    where ${siteDayTallies.siteId} = ${siteId} and ${siteDayTallies.taskDate} between ${from} and ${to}
      and ${siteDayTallies.lastExpireOn} > ${now.toISOString()}::timestamptz)`;

/** Each site's first date whose occurrences may not all have expired (its cut-off), as a subquery. */
function cutoffsOf(
  db: Database | Tx,
  siteIds: readonly string[],
  from: string,
  to: string,
  now: Date,
  alias: string,
) {
  return db
    .select({
      siteId: siteDayTallies.siteId,
      fromDate: sql<string>`min(${siteDayTallies.taskDate})`.as('from_date'),
    })
    .from(siteDayTallies)
    .where(stillRunning(siteIds, from, to, now))
    .groupBy(siteDayTallies.siteId)
    .as(alias);
}

/**
 * The live occurrences of `siteIds` with local dates in [from, to], counted per site and per `groupOf`
 * (an expression of the task date). Due means expired by `now`: a task completed before it expires counts
 * once it has. Days whose occurrences have all expired are read from the day counts the database keeps
 * (site_day_tallies, a row or a few per site and day); from each site's first day still running (its
 * cut-off) on, the occurrences themselves are counted. The settled and the running days are read together,
 * each joining the sites' cut-offs: a condition per site (an OR of 200 for a chain) was tested on every row.
 */
export async function tallies(
  db: Database | Tx,
  siteIds: readonly string[],
  from: string,
  to: string,
  now: Date,
  groupOf: (taskDate: SQL) => SQL<string | number>,
  known?: { runningFrom: string | null },
): Promise<Grouped> {
  if (siteIds.length === 0) return [];
  // The earliest cut-off first: the running days' rows are then found through the index on their site and
  // date from it on (joined to the cut-offs alone, the planner read every occurrence of the range). A
  // caller that read it in a statement of its own (`runningDaySql`) hands it in.
  const runningFrom = known
    ? known.runningFrom
    : ((
        await db
          .select({ fromDate: sql<string | null>`to_char(min(${siteDayTallies.taskDate}), 'YYYY-MM-DD')` })
          .from(siteDayTallies)
          .where(stillRunning(siteIds, from, to, now))
      )[0]?.fromDate ?? null);

  const running = cutoffsOf(db, siteIds, from, to, now, 'running_from');
  const settledQuery = db
    .select({
      siteId: siteDayTallies.siteId,
      group: groupOf(sql`${siteDayTallies.taskDate}`).as('group_key'),
      onTime: sql<number>`sum(${siteDayTallies.onTime})::int`,
      late: sql<number>`sum(${siteDayTallies.late})::int`,
      missed: sql<number>`sum(${siteDayTallies.open})::int`,
    })
    .from(siteDayTallies)
    .leftJoin(running, eq(running.siteId, siteDayTallies.siteId))
    .where(
      and(
        oneOf(siteDayTallies.siteId, siteIds),
        between(siteDayTallies.taskDate, from, to),
        or(isNull(running.fromDate), lt(siteDayTallies.taskDate, running.fromDate)),
      ),
    )
    .groupBy(siteDayTallies.siteId, sql`group_key`);
  const [settled, counted] = await Promise.all([
    settledQuery,
    runningFrom === null
      ? []
      : countedOccurrences(
          db,
          and(oneOf(individualTasks.siteId, siteIds), between(individualTasks.taskDate, runningFrom, to)),
          now,
          groupOf,
          cutoffsOf(db, siteIds, from, to, now, 'cutoff'),
        ),
  ]);

  const merged = new Map<string, Grouped[number]>();
  const add = (siteId: string, key: string | number, tally: ScoreTally) => {
    const id = `${siteId} ${String(key)}`;
    const known = merged.get(id);
    if (known) addTally(known.tally, tally);
    else merged.set(id, { siteId, group: key, tally: { ...tally } });
  };
  for (const { siteId, group: key, ...counts } of settled) {
    add(siteId, key, { ...counts, upcoming: 0, doneAhead: 0 });
  }
  for (const row of counted) add(row.siteId, row.group, row.tally);
  return [...merged.values()];
}

/**
 * The occurrences `where` selects (and, given `from`, only those of a site on or after its cut-off), counted
 * per site and per `groupOf` of their date, at `now`.
 */
async function countedOccurrences(
  db: Database | Tx,
  where: SQL | undefined,
  now: Date,
  groupOf: (taskDate: SQL) => SQL<string | number>,
  from?: ReturnType<typeof cutoffsOf>,
): Promise<Grouped> {
  const source = db
    .select({
      siteId: individualTasks.siteId,
      taskDate: individualTasks.taskDate,
      expired: sql<boolean>`${individualTasks.expireOn} <= ${now.toISOString()}::timestamptz`.as('expired'),
      bucket: bucketSql(now).as('bucket'),
    })
    .from(individualTasks)
    .$dynamic();
  const joined = from
    ? source.innerJoin(
        from,
        and(eq(from.siteId, individualTasks.siteId), gte(individualTasks.taskDate, from.fromDate)),
      )
    : source;
  const bucketed = joined.where(and(where, ne(individualTasks.status, 'DELETED'))).as('bucketed');
  const group = groupOf(sql`${bucketed.taskDate}`).as('group_key');
  const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const rows = await db
    .select({
      siteId: bucketed.siteId,
      group,
      onTime: counted(sql`${bucketed.expired} and ${bucketed.bucket} = 'ON_TIME'`),
      late: counted(sql`${bucketed.expired} and ${bucketed.bucket} = 'LATE'`),
      missed: counted(sql`${bucketed.expired} and ${bucketed.bucket} = 'INCOMPLETE'`),
      upcoming: counted(sql`not ${bucketed.expired}`),
      doneAhead: counted(sql`not ${bucketed.expired} and ${bucketed.bucket} in ('ON_TIME', 'LATE')`),
    })
    .from(bucketed)
    .groupBy(bucketed.siteId, sql`group_key`);
  return rows.map(({ siteId, group: key, ...tally }) => ({ siteId, group: key, tally }));
}

/**
 * Every occurrence of `siteIds` in [from, to] counted from the rows, as `tallies` reads them from the kept
 * day counts: the two must always agree (score-repository tests).
 */
export const countedFromOccurrences = (
  db: Database | Tx,
  siteIds: readonly string[],
  from: string,
  to: string,
  now: Date,
  groupOf: (taskDate: SQL) => SQL<string | number>,
) =>
  countedOccurrences(
    db,
    and(oneOf(individualTasks.siteId, siteIds), between(individualTasks.taskDate, from, to)),
    now,
    groupOf,
  );

/**
 * Makes the occurrences of the dates nobody opened (a back-dated schedule, a day the background job did
 * not run), so such a day counts its tasks as missed rather than as nothing due, and a day ahead shows
 * what is coming. In spans the occurrence maker accepts: a year and the year before is more than one.
 */
async function ensureScored(
  db: Database | Tx,
  orgId: string,
  siteIds: readonly string[],
  from: string,
  to: string,
  now: Date,
) {
  if (siteIds.length === 0) return;
  for (let start = from; start <= to; start = addDays(start, maxOccurrenceRangeDays)) {
    const end = addDays(start, maxOccurrenceRangeDays - 1);
    await ensureOccurrences(db, { orgId, siteIds }, start, end < to ? end : to, now);
  }
}

/** One site's score for each local date of [startDate, endDate], and the range's totals. */
export async function siteDayScores(
  db: Database | Tx,
  site: { id: string; orgId: string; timeZoneId: string },
  startDate: string,
  endDate: string,
  now: Date,
): Promise<{ list: DayScore[]; totals: Score }> {
  await ensureScored(db, site.orgId, [site.id], startDate, endDate, now);
  const rows = await tallies(
    db,
    [site.id],
    startDate,
    endDate,
    now,
    (taskDate) => sql<string>`to_char(${taskDate}, 'YYYY-MM-DD')`,
  );
  const byDate = new Map(rows.map((row) => [String(row.group), row.tally]));
  const totals = emptyTally();
  const list: DayScore[] = [];
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    const tally = byDate.get(date) ?? emptyTally();
    addTally(totals, tally);
    list.push({ date, ...scoreFromTally(tally), upcoming: tally.upcoming });
  }
  return { list, totals: scoreFromTally(totals) };
}

/** The spans a trend cuts a range into: at most scoreTrendPoints, each whole days, the last ending the range. */
export function trendSpans(startDate: string, endDate: string): { startDate: string; endDate: string }[] {
  const days = countDates(startDate, endDate);
  const points = Math.min(scoreTrendPoints, days);
  // Offset d (0-based) is in span floor(d × points / days): span i starts at ceil(i × days / points).
  const startOf = (span: number) => Math.ceil((span * days) / points);
  return Array.from({ length: points }, (_, span) => ({
    startDate: addDays(startDate, startOf(span)),
    endDate: addDays(startDate, startOf(span + 1) - 1),
  }));
}

export interface ScoredSites {
  list: SiteScore[];
  totals: Score;
  areas: AreaScore[];
}

/** Names as a list orders them: by letters, ignoring case and accents, numbers by value, as people read. */
export const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/** A group's counts over the range, its period before and its trend's spans. */
interface Scored {
  current: ScoreTally;
  previous: ScoreTally;
  spans: ScoreTally[];
}

const scoredNothing = (points: number): Scored => ({
  current: emptyTally(),
  previous: emptyTally(),
  spans: Array.from({ length: points }, emptyTally),
});

/** What a site's and an area's rows share: the score, the change on the period before, the trend. */
function scoreWords(scored: Scored, spans: readonly { startDate: string; endDate: string }[]) {
  const score = scoreFromTally(scored.current);
  const previousScore = scoreFromTally(scored.previous).score;
  return {
    ...score,
    rank: null as number | null,
    previousScore,
    change:
      score.score === null || previousScore === null
        ? null
        : Math.round((score.score - previousScore) * 10) / 10,
    trend: spans.map((span, index) => ({ ...span, score: scoreFromTally(scored.spans[index]!).score })),
    exact: scoreOf(score),
  };
}

/**
 * Ranked by the unrounded score, so 95.96 and 95.95 are not tied by their rounding: best first, equal
 * scores sharing a rank (1, 2, 2, 4), ties in the order given, those with nothing due (or `unranked`)
 * last without a rank.
 */
function ranked<Row extends { exact: number | null; rank: number | null }>(
  rows: readonly Row[],
  unranked: (row: Row) => boolean = () => false,
): Row[] {
  const scoreOfRow = (row: Row) => (unranked(row) ? null : row.exact);
  const order = [...rows].sort((a, b) => {
    const [x, y] = [scoreOfRow(a), scoreOfRow(b)];
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return y - x;
  });
  order.forEach((row, index) => {
    const exact = scoreOfRow(row);
    if (exact === null) return;
    const before = order[index - 1];
    row.rank = before && before.exact === exact && before.rank !== null ? before.rank : index + 1;
  });
  return order;
}

/**
 * Every live site of `siteIds` (all of the organisation's when null; of one area, or of none, with
 * `areaID`) scored over [startDate, endDate] and the period of the same length before it, with a trend,
 * ranked: best first, equal scores sharing a rank (1, 2, 2, 4), ties in name order, sites with nothing due
 * last and unranked. Beside them the areas the caller's sites are in, each scored from its sites' counts
 * together and ranked the same way (whatever the area filter), then the sites in no area, unranked.
 */
export async function scoreSites(
  db: Database | Tx,
  scope: { orgId: string; siteIds: readonly string[] | null },
  range: { startDate: string; endDate: string; previousStartDate: string; areaID?: string | undefined },
  now: Date,
): Promise<ScoredSites> {
  const found = await db
    .select({ site: sites, areaName: areas.name })
    .from(sites)
    .leftJoin(areas, and(eq(areas.id, sites.areaId), isNull(areas.deletedAt)))
    .where(
      and(
        eq(sites.orgId, scope.orgId),
        isNull(sites.deletedAt),
        scope.siteIds ? inArray(sites.id, [...scope.siteIds]) : undefined,
      ),
    )
    .orderBy(asc(sites.name));
  const siteIds = found.map(({ site }) => site.id);
  const { startDate, endDate, previousStartDate } = range;
  await ensureScored(db, scope.orgId, siteIds, previousStartDate, endDate, now);
  const days = countDates(startDate, endDate);
  const points = Math.min(scoreTrendPoints, days);
  // -1 for the previous period, else the trend's span of the date.
  const rows = await tallies(
    db,
    siteIds,
    previousStartDate,
    endDate,
    now,
    (taskDate) =>
      sql<number>`case when ${taskDate} < ${startDate}::date then -1
        else floor((${taskDate} - ${startDate}::date) * ${points}::numeric / ${days})::int end`,
  );
  const spans = trendSpans(startDate, endDate);
  const bySite = new Map<string, Scored>();
  for (const row of rows) {
    const scored = bySite.get(row.siteId) ?? scoredNothing(points);
    const group = Number(row.group);
    if (group === -1) addTally(scored.previous, row.tally);
    else {
      addTally(scored.spans[group]!, row.tally);
      addTally(scored.current, row.tally);
    }
    bySite.set(row.siteId, scored);
  }

  // The areas, from every site in scope: the filter below chooses the sites listed, not the areas compared.
  const byArea = new Map<string | null, { name: string | null; sites: number; scored: Scored }>();
  for (const { site, areaName } of found) {
    const areaId = areaName === null ? null : site.areaId;
    const group = byArea.get(areaId) ?? { name: areaName, sites: 0, scored: scoredNothing(points) };
    const scored = bySite.get(site.id) ?? scoredNothing(points);
    group.sites += 1;
    addTally(group.scored.current, scored.current);
    addTally(group.scored.previous, scored.previous);
    scored.spans.forEach((tally, index) => addTally(group.scored.spans[index]!, tally));
    byArea.set(areaId, group);
  }
  const areaRows = [...byArea]
    .sort(([aId, a], [bId, b]) =>
      aId === null || bId === null
        ? Number(aId === null) - Number(bId === null)
        : byName(a.name ?? '', b.name ?? '') || (aId < bId ? -1 : 1),
    )
    .map(([id, group]) => ({
      area: id === null ? null : { _id: id, name: group.name ?? '' },
      sites: group.sites,
      ...scoreWords(group.scored, spans),
    }));
  const comparedAreas =
    byArea.size === 1 && byArea.has(null) ? [] : ranked(areaRows, (row) => row.area === null);

  const { areaID } = range;
  const listed =
    areaID === undefined
      ? found
      : found.filter(({ site, areaName }) =>
          areaID === 'NONE' ? areaName === null : areaName !== null && site.areaId === areaID,
        );
  const totals = emptyTally();
  const siteRows = listed.map(({ site: row }) => {
    const scored = bySite.get(row.id) ?? scoredNothing(points);
    addTally(totals, scored.current);
    const option = toSiteOption(row);
    return {
      siteID: row.id,
      name: row.name,
      location: option.location,
      timeZoneId: row.timeZoneId,
      ...scoreWords(scored, spans),
    };
  });
  const strip = <Row extends { exact: number | null }>({ exact: _exact, ...row }: Row) => row;
  return {
    list: ranked(siteRows).map(strip),
    totals: scoreFromTally(totals),
    areas: comparedAreas.map(strip),
  };
}
