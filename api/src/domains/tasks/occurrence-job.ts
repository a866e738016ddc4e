import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { organizations, sites } from '../../platform/db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic.js';
import { addDays, localDate } from '../sites/index.js';
import { ensureOccurrences, makingHorizonDays } from './occurrences.js';
import { foldSiteDayTallies } from './site-day-tallies.js';

/**
 * Background work that makes every site's occurrences ahead of time, so staff see the coming days' tasks
 * before anyone reads them, and folds the scores' day counts (site-day-tallies.ts). Several API instances may run it at once: a run holds a transaction-scoped
 * advisory lock, and while one instance holds it the others skip their run rather than wait (the next run
 * comes soon, and the unique key would make their work a no-op anyway).
 */

export interface OccurrenceJobOptions {
  db: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** Time between runs; a site's new local day is covered at most this long after its midnight. */
  everyMs?: number;
  /** The days after each site's local today that are made too: the making horizon (occurrences.ts). */
  daysAhead?: number;
}

/** `runOnce` answers how many occurrences it made (0 when another instance was running). */
export type OccurrenceJob = PeriodicJob<number>;

const hourMs = 60 * 60_000;

/** Names the advisory lock every instance's run takes: one fixed key for the whole database. */
export const occurrenceJobLockName = 'console.tasks.occurrence-job';

/** Starts the job: a first run at once, then one every `everyMs`. */
export function startOccurrenceJob({
  db,
  clock,
  log,
  everyMs = hourMs,
  daysAhead = makingHorizonDays,
}: OccurrenceJobOptions): OccurrenceJob {
  async function makeAhead(): Promise<number> {
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

  return startPeriodicJob({
    what: 'making task occurrences ahead',
    run: makeAhead,
    onFailure: 0,
    log,
    everyMs,
  });
}
