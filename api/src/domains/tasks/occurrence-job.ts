import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { organizations, sites } from '../../platform/db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { JobDefinition } from '../../platform/jobs/queue.js';
import { addDays, localDate } from '../sites/index.js';
import { ensureOccurrences, makingHorizonDays } from './occurrences.js';
import { foldSiteDayTallies } from './site-day-tallies.js';

/**
 * Background work that makes every site's occurrences ahead of time, so staff see the coming days' tasks
 * before anyone reads them, and folds the scores' day counts (site-day-tallies.ts). It runs on the job
 * queue, which runs one at a time across instances; a run also holds a transaction-scoped advisory lock,
 * so a run started by other means (a test, a tool) beside the queue's skips rather than waits (the unique
 * key would make its work a no-op anyway).
 */

export interface OccurrenceJobOptions {
  db: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** The days after each site's local today that are made too: the making horizon (occurrences.ts). */
  daysAhead?: number;
}

/** The job's name on the queue (platform/jobs/queue.ts). */
export const occurrenceJobName = 'tasks.make-ahead';

/** Names the advisory lock every instance's run takes: one fixed key for the whole database. */
export const occurrenceJobLockName = 'console.tasks.occurrence-job';

/**
 * One run: makes each site's local today and the days of the horizon after it, and folds the day tallies.
 * Answers how many occurrences it made (0 when another instance was running).
 */
export async function makeOccurrencesAhead({
  db,
  clock,
  log,
  daysAhead = makingHorizonDays,
}: OccurrenceJobOptions): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${occurrenceJobLockName}, 0)) as "locked"`,
    )) as {
      rows: { locked: boolean }[];
    };
    if (!lock.rows[0]?.locked) {
      log.debug('another instance is making occurrences: this run skips');
      return 0;
    }
    const liveSites = await tx
      .select({ id: sites.id, timeZoneId: sites.timeZoneId })
      .from(sites)
      .innerJoin(organizations, eq(organizations.id, sites.orgId))
      .where(and(isNull(sites.deletedAt), isNull(organizations.deletedAt)));
    // Sites share a local today when they share a zone's date; each group is one range.
    const sitesByToday = new Map<string, string[]>();
    for (const site of liveSites) {
      const today = localDate(site.timeZoneId, now);
      const group = sitesByToday.get(today);
      if (group) group.push(site.id);
      else sitesByToday.set(today, [site.id]);
    }
    let made = 0;
    for (const [today, siteIds] of sitesByToday) {
      made += await ensureOccurrences(tx, { siteIds }, today, addDays(today, daysAhead), now);
    }
    if (made > 0) log.debug({ made }, 'made task occurrences ahead');
    await foldSiteDayTallies(tx);
    return made;
  });
}

/**
 * The job on the queue: every quarter of an hour (a site's new local day is covered at most that long
 * after its midnight), and once at start (server.ts sends it).
 */
export function occurrenceJob(options: OccurrenceJobOptions): JobDefinition {
  return {
    name: occurrenceJobName,
    kind: 'sweep',
    cron: '*/15 * * * *',
    run: async () => {
      await makeOccurrencesAhead(options);
    },
  };
}
