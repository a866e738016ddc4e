import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client.js';
import { siteDayTallies } from './schema.js';

/**
 * Folds each day's signed rows in site_day_tallies (written by the triggers of drizzle/0010) into one, so a
 * day reads as one row however often its tasks changed. One statement: rows a writer adds meanwhile are not
 * seen by its delete and stay, so no count is lost or counted twice; two folds at once each delete only
 * what the other has not, and each writes back the sums of what it deleted.
 */
export async function foldSiteDayTallies(db: Database | Tx): Promise<void> {
  await db.execute(sql`
    with folded as (
      delete from ${siteDayTallies} t
      using (
        select site_id, task_date from ${siteDayTallies} group by site_id, task_date having count(*) > 1
      ) as busy
      where t.site_id = busy.site_id and t.task_date = busy.task_date
      returning t.site_id, t.task_date, t.on_time, t.late, t.open, t.last_expire_on
    )
    insert into ${siteDayTallies} (site_id, task_date, on_time, late, open, last_expire_on)
    select site_id, task_date, sum(on_time), sum(late), sum(open), max(last_expire_on)
    from folded group by site_id, task_date`);
}
