import {
  and,
  eq,
  gte,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client.js';
import { individualTasks, masterTasks, type OccurrenceItemRecord } from './schema.js';
import { organizations, sites } from '../../platform/db/schema.js';
import { newId } from '../../platform/db/ids.js';
import { addDays, localDate, type SiteHours } from '../sites/index.js';
import { countDates, occurrenceWindow, scheduledDates } from './schedule.js';

/**
 * Occurrences (individual tasks) are made, never edited, here: every date a live master task's schedule
 * covers gets one, whether a request reads the date first or the background job (occurrence-job.ts) makes
 * it ahead of time. The unique key (master_task_id, task_date) with insert-if-absent decides who made it.
 */

/** The widest range one call may make: a year of reports with room to spare; wider is the caller's bug. */
export const maxOccurrenceRangeDays = 400;

/**
 * The making horizon: no occurrence is made for a date more than this many days after its site's today.
 * The background job makes exactly up to it; a read of a later date (a staff app asking for 9999-12-30)
 * makes nothing and answers what exists.
 */
export const makingHorizonDays = 7;

/** The zone whose local date is the furthest ahead on Earth (UTC+14): no site's today is later. */
const earliestZone = 'Pacific/Kiritimati';

/** The last date a site in `timeZoneId` may have occurrences made for at `now`. */
export const makingHorizon = (timeZoneId: string, now: Date) =>
  addDays(localDate(timeZoneId, now), makingHorizonDays);

/** Rows per insert (one JSON parameter): bounds a statement's size when a long range is made at once. */
const insertBatchSize = 5000;

/** Which master tasks to make occurrences of: a field left out does not narrow, an empty list matches none. */
export interface OccurrenceScope {
  orgId?: string;
  siteIds?: readonly string[];
  masterTaskIds?: readonly string[];
}

/** A scope as `madeSql` checks it: a prepared read passes placeholders for the organisation and sites. */
export interface MadeScope extends Pick<OccurrenceScope, 'masterTaskIds'> {
  orgId?: string | Placeholder;
  siteIds?: readonly (string | Placeholder)[];
}

/**
 * The master tasks (joined to their site and organisation) whose dates in [from, to] have not all been
 * made: live ones on live sites in `scope`, whose schedule reaches into the range and whose `madeThrough`
 * stops short of its end. A task happening once before `from` has nothing left in it.
 */
function stillToMake(
  scope: MadeScope,
  from: string | Placeholder,
  to: string | Placeholder,
): SQL | undefined {
  return and(
    isNull(masterTasks.deletedAt),
    isNull(sites.deletedAt),
    isNull(organizations.deletedAt),
    scope.orgId ? eq(masterTasks.orgId, scope.orgId) : undefined,
    scope.siteIds ? inArray(masterTasks.siteId, [...scope.siteIds]) : undefined,
    scope.masterTaskIds ? inArray(masterTasks.id, [...scope.masterTaskIds]) : undefined,
    lte(masterTasks.startDate, to),
    or(ne(masterTasks.repeat, 'ONCE'), gte(masterTasks.startDate, from)),
    or(isNull(masterTasks.endDate), gte(masterTasks.endDate, from)),
    or(isNull(masterTasks.stoppedFrom), gt(masterTasks.stoppedFrom, from)),
    or(isNull(masterTasks.madeThrough), lt(masterTasks.madeThrough, to)),
  );
}

/**
 * True, as SQL a read can carry, when the watermarks say `ensureOccurrences` has nothing to look at for
 * `scope` in [from, to]: the read may use the rows as they are, at no extra round trip. False does not
 * mean something is missing (a watermark moves only over ranges that continue it), only that
 * `ensureOccurrences` has to look.
 */
export function madeSql(
  db: Database | Tx,
  scope: MadeScope,
  from: string | Placeholder,
  to: string | Placeholder,
): SQL<boolean> {
  const unmade = db
    .select({ id: masterTasks.id })
    .from(masterTasks)
    .innerJoin(sites, eq(sites.id, masterTasks.siteId))
    .innerJoin(organizations, eq(organizations.id, masterTasks.orgId))
    .where(stillToMake(scope, from, to));
  return sql<boolean>`${notExists(unmade)}`;
}

/**
 * Makes every missing occurrence of the live master tasks on live sites in `scope` for the local dates in
 * [from, to] their schedules cover, and returns how many it made. Dates up to a task's `madeThrough` are
 * not looked at again, and dates already made are skipped before anything is worked out, so reading a
 * made range writes nothing and costs little however long it is. Calls racing on the same dates are safe:
 * the unique key keeps one row per date and the others insert nothing. Rows are inserted in one order
 * (master task, then date), so two transactions making overlapping dates wait for each other instead of
 * deadlocking.
 */
export async function ensureOccurrences(
  db: Database | Tx,
  scope: OccurrenceScope,
  from: string,
  asked: string,
  now: Date,
  options: { pastHorizon?: boolean } = {},
): Promise<number> {
  const days = countDates(from, asked);
  if (days > maxOccurrenceRangeDays) {
    throw new RangeError(`Occurrences are made for at most ${maxOccurrenceRangeDays} days, not ${days}`);
  }
  // Nothing past the making horizon: no site anywhere has a today later than the earliest zone's, so a
  // range wholly beyond that horizon is answered without a query; each task's own site decides below.
  // Only a change of one date (deleting that occurrence, so that no later making brings it back) makes
  // a date past it.
  const furthest = options.pastHorizon ? asked : makingHorizon(earliestZone, now);
  const to = asked < furthest ? asked : furthest;
  if (days === 0 || from > to || scope.siteIds?.length === 0 || scope.masterTaskIds?.length === 0) return 0;

  // The schedules alone first: a day already made, the usual case of a read, costs this one light query.
  // Checklists and opening hours are loaded only for what is still to be made.
  const tasks = await db
    .select({
      id: masterTasks.id,
      orgId: masterTasks.orgId,
      siteId: masterTasks.siteId,
      repeat: masterTasks.repeat,
      startDate: masterTasks.startDate,
      endDate: masterTasks.endDate,
      weekdays: masterTasks.weekdays,
      dayOfMonth: masterTasks.dayOfMonth,
      dueSlot: masterTasks.dueSlot,
      dueTime: masterTasks.dueTime,
      stoppedFrom: masterTasks.stoppedFrom,
      madeThrough: masterTasks.madeThrough,
      timeZoneId: sites.timeZoneId,
      // The row's version: a watermark is moved only over the row this making read (see advanceMadeThrough).
      version: sql<string>`${masterTasks}.xmin::text`,
      madeDates: sql<string[]>`(
        select coalesce(array_agg(to_char(${individualTasks.taskDate}, 'YYYY-MM-DD')), '{}')
        from ${individualTasks}
        where ${individualTasks.masterTaskId} = ${masterTasks.id}
          and ${individualTasks.taskDate} between greatest(${from}::date, ${masterTasks.madeThrough} + 1) and ${to})`,
    })
    .from(masterTasks)
    .innerJoin(sites, eq(sites.id, masterTasks.siteId))
    .innerJoin(organizations, eq(organizations.id, masterTasks.orgId))
    .where(stillToMake(scope, from, to))
    .orderBy(masterTasks.id);

  // Each task up to its own site's horizon (or `to`, when nearer).
  // A zone's horizon once, not once per task (a chain's day is thousands of tasks in a few zones).
  const horizons = new Map<string, string>();
  const horizonOf = (zone: string) => {
    const known = horizons.get(zone);
    if (known !== undefined) return known;
    const horizon = makingHorizon(zone, now);
    horizons.set(zone, horizon);
    return horizon;
  };
  const reaching = tasks.map((task) => {
    const horizon = options.pastHorizon ? to : horizonOf(task.timeZoneId);
    return { ...task, through: to < horizon ? to : horizon };
  });
  const missing = reaching
    .map((task) => {
      const made = new Set(task.madeDates);
      const unread =
        task.madeThrough !== null && task.madeThrough >= from ? addDays(task.madeThrough, 1) : from;
      return { task, dates: scheduledDates(task, unread, task.through).filter((date) => !made.has(date)) };
    })
    .filter(({ dates }) => dates.length > 0);
  const made = missing.length === 0 ? 0 : await makeMissing(db, missing, now);
  await advanceMadeThrough(
    db,
    reaching.filter((task) => task.through >= from),
    from,
  );
  return made;
}

/**
 * Moves each task's `madeThrough` to its `through` where [from, through] continues what was made before:
 * the task starts on or after `from`, or its dates up to the day before `from` were made already. Only
 * then does every date from the start date to `through` stand made. A row changed since this making read
 * it (a new schedule, new site hours, which take the watermark back) keeps its watermark: what was made
 * here followed the old definition. Its version (xmin) says whether it changed; the update waits for a
 * change in progress.
 */
export async function advanceMadeThrough(
  db: Database | Tx,
  tasks: readonly {
    id: string;
    startDate: string;
    madeThrough: string | null;
    version: string;
    through: string;
  }[],
  from: string,
) {
  const dayBefore = addDays(from, -1);
  const advanced = tasks.filter((task) => (task.madeThrough ?? addDays(task.startDate, -1)) >= dayBefore);
  if (advanced.length === 0) return;
  // One JSON parameter, as makeMissing's rows: a day of every site moves thousands of watermarks, and
  // drizzle took a tenth of a second to build their three parameters each (7,800 tasks, 23,400 of them).
  const read = JSON.stringify(advanced.map(({ id, version, through }) => ({ id, version, through })));
  await db.execute(sql`
    update ${masterTasks} set made_through = greatest(${masterTasks.madeThrough}, read_rows.through)
    from jsonb_to_recordset(${read}::jsonb) as read_rows(id uuid, version text, through date)
    where ${masterTasks.id} = read_rows.id and ${masterTasks}.xmin::text = read_rows.version`);
}

/** Inserts the occurrences of `missing`'s dates whose site is open with the task's slot; how many it made. */
async function makeMissing(
  db: Database | Tx,
  missing: readonly {
    task: Pick<typeof masterTasks.$inferSelect, 'id' | 'orgId' | 'siteId' | 'dueSlot' | 'dueTime'>;
    dates: string[];
  }[],
  now: Date,
): Promise<number> {
  // A date the site is closed, or whose slot does not exist, never gets an occurrence, so it stays
  // "missing": the sites' hours decide before any checklist is read. Sites of the same zone and hours
  // share one SiteHours, whose slots of a date are worked out once (schedule.ts keeps them by it): a
  // chain's sites mostly keep the same hours, and each site's own took 0.3 s of a day for 200 sites.
  const sameHours = new Map<string, SiteHours>();
  const hoursBySite = new Map<string, SiteHours>(
    (
      await db
        .select({
          id: sites.id,
          timeZoneId: sites.timeZoneId,
          timing: sites.timing,
          slotWindows: sites.slotWindows,
        })
        .from(sites)
        .where(inArray(sites.id, [...new Set(missing.map(({ task }) => task.siteId))]))
    ).map(({ id, ...hours }) => {
      const key = JSON.stringify([hours.timeZoneId, hours.timing, hours.slotWindows]);
      const shared = sameHours.get(key) ?? hours;
      sameHours.set(key, shared);
      return [id, shared];
    }),
  );
  const due = missing.flatMap(({ task, dates }) => {
    const site = hoursBySite.get(task.siteId);
    if (!site) return [];
    const windows = dates.flatMap((taskDate) => {
      const window = occurrenceWindow(site, task, taskDate);
      return window ? [{ taskDate, ...window }] : [];
    });
    return windows.length > 0 ? [{ task, windows }] : [];
  });
  if (due.length === 0) return 0;

  // One statement per batch, its rows as one JSON parameter (building 4,800 rows' parameters took drizzle
  // longer than the database took to insert them), each row's checklist copied from its master task in the
  // same statement, every line pending.
  const rows = due.flatMap(({ task, windows }) =>
    windows.map((window) => ({
      id: newId(),
      org_id: task.orgId,
      site_id: task.siteId,
      master_task_id: task.id,
      task_date: window.taskDate,
      opens_at: window.opensAt.toISOString(),
      expire_on: window.expireOn.toISOString(),
    })),
  );
  let made = 0;
  for (let start = 0; start < rows.length; start += insertBatchSize) {
    const batch = JSON.stringify(rows.slice(start, start + insertBatchSize));
    const inserted = (await db.execute(insertMade(batch, now))) as { rows: unknown[] };
    made += inserted.rows.length;
  }
  return made;
}

/**
 * Inserts a batch of new occurrences (`batch`: a JSON array of their ids, sites, master tasks, dates and
 * windows), each with its master task's checklist, every line pending; a date made meanwhile is skipped.
 */
const insertMade = (batch: string, now: Date) => sql`insert into ${individualTasks}
    (id, org_id, site_id, master_task_id, task_date, opens_at, expire_on, status, items, created_at, updated_at)
  select made.id, made.org_id, made.site_id, made.master_task_id, made.task_date, made.opens_at, made.expire_on,
    'PENDING',
    coalesce((select jsonb_agg(line || ${pendingLine}::jsonb order by position)
              from jsonb_array_elements(${masterTasks.items}) with ordinality as lines(line, position)), '[]'::jsonb),
    ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
  from jsonb_to_recordset(${batch}::jsonb)
    as made(id uuid, org_id uuid, site_id uuid, master_task_id uuid, task_date date, opens_at timestamptz,
            expire_on timestamptz)
  join ${masterTasks} on ${masterTasks.id} = made.master_task_id
  on conflict (master_task_id, task_date) do nothing
  returning 1`;

/** What a checklist line of a new occurrence adds to its master task's line: not done, by nobody. */
const pendingLine = JSON.stringify({
  status: 'PENDING',
  statusChangeOn: null,
  changedBy: null,
  comment: null,
} satisfies Pick<OccurrenceItemRecord, 'status' | 'statusChangeOn' | 'changedBy' | 'comment'>);

/** A site's days changed (new hours or zone): its tasks' days from `from` on are made again when read. */
export async function remakeSiteFrom(db: Database | Tx, siteId: string, from: string) {
  await remakeFrom(db, eq(masterTasks.siteId, siteId), from);
}

/**
 * Takes the `madeThrough` of the master tasks `where` selects back to the day before `from` (never forward;
 * an unknown one stays unknown): their dates from `from` on are looked at again by the next making, as
 * after a schedule or the site's hours change. Given `settled` (the day before `from`, for a task whose
 * earlier days are settled), every watermark becomes that day: nothing before it is ever made again.
 */
export async function remakeFrom(db: Database | Tx, where: SQL, from: string, settled: string | null = null) {
  // Every row is written, an unknown watermark too: the new row version stops a making in progress, which
  // read the old definition, from moving the watermark on (advanceMadeThrough).
  await db
    .update(masterTasks)
    .set({
      madeThrough:
        settled !== null
          ? sql`${settled}::date`
          : sql`case when ${masterTasks.madeThrough} is null then null
              else least(${masterTasks.madeThrough}, ${addDays(from, -1)}::date) end`,
    })
    .where(where);
}
