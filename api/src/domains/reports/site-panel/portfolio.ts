import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type {
  DashboardAttention,
  Portfolio,
  PortfolioAreaTotals,
  PortfolioQueryParsed,
  PortfolioSite,
  PortfolioSortColumn,
  PortfolioTasks,
  PortfolioTotals,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { areas, sites } from '../../../platform/db/schema.js';
import { likePattern } from '../../../platform/http/list.js';
import { offlineSensorWhere, sensors } from '../../equipment/index.js';
import { attentionBySite } from '../../logs/index.js';
import { addDays, isOpenAt, localDate, toSiteOption, type SiteHours } from '../../sites/index.js';
import {
  addTally,
  byName,
  emptyTally,
  runningDaySql,
  scoreFromTally,
  tallies,
  type ScoreTally,
} from './repository.js';

// The portfolio: the sites the caller may see with their day, for an organisation admin of up to
// 400 sites. However many sites there are, it costs the same four statements at most, in two rounds: the
// sites (with their area, sensors offline and first day still running); then together the scores' counts
// of the settled days of their weeks up to today, the running days' occurrences (which also give today's
// tasks) and the logs' counts (the site dashboard's, for every site at once).
// Each site's figures are of its own local today and week. Every sort column is a figure of the day, so
// the matching sites' figures are all worked out and the page is cut from them here: 400 sites' figures
// are a few hundred small rows, and the totals need every matching site's anyway (bench/README.md,
// "The portfolio").
//
// It makes no occurrence. The background job makes each site's today and the seven days after it every
// quarter of an hour, so each day of a week was made a week before it came, and a site's own screens and
// the scores report make any day still missing; looking for one here read every master task of the
// organisation on every call (43,000 for 400 sites), a third of the call's time.

/** Where a site stands in time: its today and its week, Monday to Sunday, in its own zone. */
interface SiteDay {
  today: string;
  weekStart: string;
  weekEnd: string;
}

function siteDayOf(timeZoneId: string, now: Date): SiteDay {
  const weekStart = DateTime.fromJSDate(now, { zone: timeZoneId }).startOf('week').toFormat('yyyy-MM-dd');
  return { today: localDate(timeZoneId, now), weekStart, weekEnd: addDays(weekStart, 6) };
}

/** `work` of an argument, worked out once for all the arguments `keyOf` says are the same. */
function remembered<Argument, T>(
  keyOf: (argument: Argument) => string,
  work: (argument: Argument) => T,
): (argument: Argument) => T {
  const known = new Map<string, T>();
  return (argument) => {
    const key = keyOf(argument);
    if (!known.has(key)) known.set(key, work(argument));
    return known.get(key) as T;
  };
}

const earliest = (dates: readonly string[]) => dates.reduce((a, b) => (b < a ? b : a));
const latest = (dates: readonly string[]) => dates.reduce((a, b) => (b > a ? b : a));

const noTasks = (): PortfolioTasks => ({ due: 0, done: 0, late: 0, overdue: 0, upcoming: 0 });
const noAttention = (): DashboardAttention => ({
  documentsExpiring: 0,
  documentsExpired: 0,
  temperatureFailures: 0,
  openNearMisses: 0,
  actionsAwaitingAction: 0,
  actionsAwaitingVerification: 0,
  actionsOverdue: 0,
  reviewsDue: 0,
});

/** A site's week so far and its today, from the scores' day counts. */
interface SiteTallies {
  week: ScoreTally;
  today: ScoreTally;
}

/**
 * Each site's tally of its own week so far and of its today, from the scores' day counts over the span
 * of every site's week up to the latest today: one read of today's occurrences serves both (the days
 * still running are counted from them), and the days after today, which no figure reads, are not read.
 */
async function weekTallies(
  db: Database | Tx,
  days: ReadonlyMap<string, SiteDay>,
  runningFrom: string | null,
  now: Date,
): Promise<Map<string, SiteTallies>> {
  const weeks = [...days.values()];
  const rows = await tallies(
    db,
    [...days.keys()],
    earliest(weeks.map((day) => day.weekStart)),
    latest(weeks.map((day) => day.today)),
    now,
    (taskDate) => sql<string>`to_char(${taskDate}, 'YYYY-MM-DD')`,
    { runningFrom },
  );
  const bySite = new Map<string, SiteTallies>();
  for (const { siteId, group, tally } of rows) {
    const day = days.get(siteId);
    const date = String(group);
    // Sites in zones a day apart share the span: each keeps only its own week up to its own today.
    if (!day || date < day.weekStart || date > day.today) continue;
    const sums = bySite.get(siteId) ?? { week: emptyTally(), today: emptyTally() };
    addTally(sums.week, tally);
    if (date === day.today) addTally(sums.today, tally);
    bySite.set(siteId, sums);
  }
  return bySite;
}

/**
 * Today's tasks from today's tally: due ones by outcome, those done ahead of being due, and those still
 * to do (deleted ones are in neither).
 */
const tasksOf = (today: ScoreTally): PortfolioTasks => ({
  due: today.onTime + today.late + today.missed + today.upcoming,
  done: today.onTime + today.late + today.doneAhead,
  late: today.late,
  overdue: today.missed,
  upcoming: today.upcoming - today.doneAhead,
});

/**
 * Every live site of `scope` with its area and its sensors offline at `now`, and whether it matches the
 * search (its name or its area's name): one statement. The sites the search leaves out are still read, as
 * the areas the caller's sites are in are listed whatever is searched.
 */
function sitesOf(
  db: Database | Tx,
  scope: { orgId: string; siteIds: readonly string[] | null },
  search: string,
  now: Date,
) {
  const pattern = search === '' ? undefined : likePattern(search);
  const utcToday = localDate('UTC', now);
  const matches: SQL<boolean> = pattern
    ? sql<boolean>`${or(ilike(sites.name, pattern), ilike(areas.name, pattern))} is true`
    : sql<boolean>`true`;
  return db
    .select({
      // What the figures and the answer read of a site, not the whole row (400 of them).
      site: {
        id: sites.id,
        name: sites.name,
        areaId: sites.areaId,
        timeZoneId: sites.timeZoneId,
        timing: sites.timing,
        jurisdiction: sites.jurisdiction,
        country: sites.country,
        county: sites.county,
        state: sites.state,
        city: sites.city,
      },
      areaName: areas.name,
      matches,
      sensorsOffline: sql<number>`(select count(*) from ${sensors}
        where ${sensors.siteId} = ${sites.id} and ${offlineSensorWhere(now)})`.mapWith(Number),
      // Every zone's week up to its today lies within these dates, whichever zones the sites are in.
      firstRunningDay: runningDaySql(sites.id, addDays(utcToday, -8), addDays(utcToday, 1), now),
    })
    .from(sites)
    .leftJoin(areas, and(eq(areas.id, sites.areaId), isNull(areas.deletedAt)))
    .where(
      and(
        eq(sites.orgId, scope.orgId),
        isNull(sites.deletedAt),
        scope.siteIds ? inArray(sites.id, [...scope.siteIds]) : undefined,
      ),
    );
}

/** A site's figures, and its week's tally, which the totals add up rather than its score. */
interface Row {
  site: PortfolioSite;
  tally: ScoreTally;
}

/** A value some sites have none of (no score yet, no tasks today): those sites come last either way. */
const nullsLast = (a: number | null, b: number | null, direction: 1 | -1) => {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return direction * (a - b);
};

/** The share of today's tasks done, or null with none due. */
const doneShare = (tasks: PortfolioTasks) => (tasks.due === 0 ? null : tasks.done / tasks.due);

/**
 * The order of each sort column, ascending (direction 1) or descending (-1). Every order ends by name
 * then id, whichever way the column runs, so sites that tie keep their places from page to page.
 */
function comparatorOf(column: PortfolioSortColumn, direction: 1 | -1) {
  const by = (value: (site: PortfolioSite) => number) => (a: PortfolioSite, b: PortfolioSite) =>
    direction * (value(a) - value(b));
  const first: Record<PortfolioSortColumn, (a: PortfolioSite, b: PortfolioSite) => number> = {
    // Then the most documents about to expire (the fewest, ascending): what needs looking at soonest.
    attention: (a, b) =>
      direction * (a.attention - b.attention) || direction * (a.documentsExpiring - b.documentsExpiring),
    name: (a, b) => direction * byName(a.name, b.name),
    // The sites in no area after every area's.
    area: (a, b) => {
      if (a.area === null || b.area === null) return a.area === null ? (b.area === null ? 0 : 1) : -1;
      return direction * byName(a.area.name, b.area.name);
    },
    tasks: (a, b) => nullsLast(doneShare(a.tasks), doneShare(b.tasks), direction),
    overdue: by((site) => site.tasks.overdue),
    temperatureFailures: by((site) => site.temperatureFailures),
    sensorsOffline: by((site) => site.sensorsOffline),
    actionsOpen: by((site) => site.actionsOpen),
    openNearMisses: by((site) => site.openNearMisses),
    documents: by((site) => site.documentsExpired + site.documentsExpiring),
    score: (a, b) => nullsLast(a.week.score, b.week.score, direction),
  };
  const compare = first[column];
  return (a: PortfolioSite, b: PortfolioSite) =>
    compare(a, b) || byName(a.name, b.name) || (a.siteID < b.siteID ? -1 : a.siteID > b.siteID ? 1 : 0);
}

/** The figures of a group of sites added up; the score is of their week's tallies together. */
function totalsOf(rows: readonly Row[]): PortfolioTotals {
  const tasks = noTasks();
  const week = emptyTally();
  const totals = {
    sites: rows.length,
    sitesNeedingAttention: 0,
    openNow: 0,
    temperatureFailures: 0,
    sensorsOffline: 0,
    actionsOpen: 0,
    actionsOverdue: 0,
    openNearMisses: 0,
    documentsExpiring: 0,
    documentsExpired: 0,
    attention: 0,
  };
  for (const { site, tally } of rows) {
    for (const key of ['due', 'done', 'late', 'overdue', 'upcoming'] as const) tasks[key] += site.tasks[key];
    addTally(week, tally);
    if (site.attention > 0) totals.sitesNeedingAttention += 1;
    if (site.openNow) totals.openNow += 1;
    totals.temperatureFailures += site.temperatureFailures;
    totals.sensorsOffline += site.sensorsOffline;
    totals.actionsOpen += site.actionsOpen;
    totals.actionsOverdue += site.actionsOverdue;
    totals.openNearMisses += site.openNearMisses;
    totals.documentsExpiring += site.documentsExpiring;
    totals.documentsExpired += site.documentsExpired;
    totals.attention += site.attention;
  }
  return { ...totals, tasks, week: scoreFromTally(week) };
}

/**
 * A page of the live sites of `scope` (all of the organisation's when `siteIds` is null) with their day at
 * `now`, filtered, searched and sorted as `query` asks, with the totals of every matching site and of each
 * area (every filter but the area's applied). The areas listed are those the caller's sites are in, by
 * name, then the sites in no area; none when no site of the caller's is in an area.
 */
export async function portfolio(
  db: Database | Tx,
  scope: { orgId: string; siteIds: readonly string[] | null },
  query: PortfolioQueryParsed,
  now: Date,
): Promise<Portfolio> {
  const found = await sitesOf(db, scope, query.search, now);
  const areaNames = new Map<string, string>();
  let noArea = false;
  for (const { site, areaName } of found) {
    if (site.areaId !== null && areaName !== null) areaNames.set(site.areaId, areaName);
    else noArea = true;
  }
  const searched = found.filter((row) => row.matches);

  const rows = searched.length === 0 ? [] : await figuresOf(db, scope.orgId, searched, now);
  const { band, needsAttention, areaID } = query;
  const filtered = rows.filter(
    ({ site }) =>
      (band === undefined || site.week.band === band) && (needsAttention !== true || site.attention > 0),
  );
  const inArea = (row: Row, id: string | null) => (row.site.area?._id ?? null) === id;
  const matching =
    areaID === undefined
      ? filtered
      : filtered.filter((row) => inArea(row, areaID === 'NONE' ? null : areaID));

  const areaTotals: PortfolioAreaTotals[] =
    areaNames.size === 0
      ? []
      : [
          ...[...areaNames]
            .sort(([aId, a], [bId, b]) => byName(a, b) || (aId < bId ? -1 : 1))
            .map(([id, name]) => ({
              area: { _id: id, name },
              ...totalsOf(filtered.filter((row) => inArea(row, id))),
            })),
          ...(noArea ? [{ area: null, ...totalsOf(filtered.filter((row) => inArea(row, null))) }] : []),
        ];

  const { column, direction } = query.sort;
  const ordered = matching.map((row) => row.site).sort(comparatorOf(column, direction === 'desc' ? -1 : 1));
  const start = (query.page - 1) * query.limit;
  return {
    list: ordered.slice(start, start + query.limit),
    records: ordered.length,
    page: query.page,
    limit: query.limit,
    totals: totalsOf(matching),
    areas: areaTotals,
  };
}

/** Each site's day at `now`: the figures every sort, filter and total reads, in a fixed few statements. */
async function figuresOf(
  db: Database | Tx,
  orgId: string,
  found: readonly Awaited<ReturnType<typeof sitesOf>>[number][],
  now: Date,
): Promise<Row[]> {
  // Sites share zones and, often, hours: each zone's day and each zone's hours' state are worked out once
  // (every one costs the zone's rules, from the platform's time-zone data, several times over).
  const dayOfZone = remembered(
    (zone: string) => zone,
    (zone) => siteDayOf(zone, now),
  );
  const openOf = remembered(
    (site: SiteHours) => `${site.timeZoneId} ${JSON.stringify(site.timing)}`,
    (site) => isOpenAt(site, now),
  );
  const located = found.map((row) => ({ ...row, day: dayOfZone(row.site.timeZoneId) }));
  // Read with the sites: the earliest day still running among them, where their occurrences are counted from.
  const running = found.flatMap(({ firstRunningDay }) => (firstRunningDay === null ? [] : [firstRunningDay]));
  const runningFrom = running.length === 0 ? null : earliest(running);
  const days = new Map(located.map(({ site, day }) => [site.id, day]));
  const [counted, attention] = await Promise.all([
    weekTallies(db, days, runningFrom, now),
    attentionBySite(
      db,
      orgId,
      located.map(({ site, day }) => ({
        siteId: site.id,
        timeZoneId: site.timeZoneId,
        startDate: day.today,
        endDate: day.today,
      })),
      now,
    ),
  ]);

  return located.map(({ site: row, areaName, sensorsOffline, day }) => {
    const { week: tally, today: todaysTally } = counted.get(row.id) ?? {
      week: emptyTally(),
      today: emptyTally(),
    };
    const today = tasksOf(todaysTally);
    const logs = attention.get(row.id) ?? noAttention();
    const { score, band, due, onTime, late, missed } = scoreFromTally(tally);
    const option = toSiteOption(row);
    const site: PortfolioSite = {
      siteID: row.id,
      name: row.name,
      location: option.location,
      timeZoneId: row.timeZoneId,
      locale: option.locale,
      temperatureUnit: option.temperatureUnit,
      timing: row.timing,
      openNow: openOf(row),
      area: row.areaId !== null && areaName !== null ? { _id: row.areaId, name: areaName } : null,
      date: day.today,
      tasks: today,
      ...logs,
      actionsOpen: logs.actionsAwaitingAction + logs.actionsAwaitingVerification,
      sensorsOffline,
      week: { startDate: day.weekStart, endDate: day.weekEnd, due, onTime, late, missed, score, band },
      attention:
        today.overdue +
        logs.temperatureFailures +
        logs.openNearMisses +
        logs.documentsExpired +
        logs.actionsOverdue +
        sensorsOffline,
    };
    return { site, tally };
  });
}
