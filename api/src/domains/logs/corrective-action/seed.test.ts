import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { createTestContext, type TestContext, demoSeedTimeoutMs } from '../../../test/helper.js';
import { seedKitchen } from '../../../platform/auth/kitchen-devices/seed.js';
import { seedAlerts } from '../../alerts/index.js';
import { seedEquipment } from '../../equipment/index.js';
import { seedPeople } from '../../people/index.js';
import { seedReports } from '../../reports/index.js';
import { addDays } from '../../sites/index.js';
import { seedTasks } from '../../tasks/index.js';
import { checkRecords } from '../record-history/record-check.js';
import { seedLogs } from '../seed.js';
import { seedCorrectiveActions } from './seed.js';

// A fresh `npm start` shows corrective actions that tell one story: every deviation of the demo has its
// action; the old ones put right by staff and checked by someone else; Brighton's pass-fridge excursion
// recorded by its manager and verified by the owner; last week's failed delivery waiting for verification;
// one action overdue. Every site's last four weeks are reviewed and signed, the running four weeks drafted,
// and the Brighton officer's inspector link was opened twice. The record check holds over all of it.

let ctx: TestContext;
const now = new Date();
// The demo is made as of `now`; the queries read it as of that instant too, because a task that falls due
// during the minute the seeding takes is the minute scan's to open, not the demo's.
const seededAt = now.toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  const { organization, sites } = ctx.demo;
  const base = { orgId: organization.id, sites, now, storage: ctx.app.deps.storage };
  await ctx.db.transaction(async (tx) => {
    for (const seed of [
      seedEquipment,
      seedPeople,
      seedKitchen,
      seedTasks,
      seedLogs,
      seedCorrectiveActions,
      seedReports,
      seedAlerts,
    ]) {
      await seed(tx, base);
    }
  });
}, demoSeedTimeoutMs);
afterAll(() => ctx.close());

const rows = async <Row>(query: ReturnType<typeof sql>) =>
  // The query result's type depends on the driver (PgQueryResultHKT): say what each select answers.
  ((await ctx.db.execute(query)) as unknown as { rows: Row[] }).rows;

test('every deviation of the demo has exactly one corrective action', async () => {
  const missing = await rows<{ what: string; id: string }>(sql`
    select 'reading' as what, r.id from temperature_readings r
     where r.result = 'FAIL' and r.source = 'STAFF' and r.deleted_at is null
       and not exists (select 1 from corrective_actions a where a.source_id = r.id)
    union all
    select 'near miss', n.id from near_misses n
     where not exists (select 1 from corrective_actions a where a.source_id = n.id)
    union all
    select 'compliance log', c.id from compliance_logs c
     where c.result = 'FAIL' and not exists (select 1 from corrective_actions a where a.source_id = c.id)
    union all
    select 'failed line', t.id from individual_tasks t, jsonb_array_elements(t.items) as line
     where line ->> 'status' = 'FAILED' and t.status <> 'DELETED'
       and not exists (select 1 from corrective_actions a where a.source_id = t.id and a.line_id = line ->> 'id')
    union all
    select 'missed task', t.id from individual_tasks t join master_tasks m on m.id = t.master_task_id
     where t.status in ('PENDING', 'REPORTED') and t.expire_on <= ${seededAt}::timestamptz and m.follow_up is null
       and not exists (select 1 from corrective_actions a where a.source_id = t.id and a.kind = 'TASK_MISSED')`);
  expect(missing).toEqual([]);
  const twice = await rows<{ key: string }>(sql`
    select kind || ':' || source_id || ':' || coalesce(line_id, '') as key from corrective_actions
     group by kind, source_id, line_id having count(*) > 1`);
  expect(twice).toEqual([]);
  const [counts] = await rows<{ total: number; kinds: number }>(sql`
    select count(*)::int as total, count(distinct kind)::int as kinds from corrective_actions`);
  expect(counts?.total).toBeGreaterThan(20);
  expect(counts?.kinds).toBeGreaterThanOrEqual(5);
});

test('the old ones were put right by someone who can sign in and checked by someone else', async () => {
  const actions = await rows<{
    state: string;
    old: boolean;
    overdue: boolean;
    recorder_ok: boolean | null;
    verifier_ok: boolean | null;
    same: boolean;
  }>(sql`
    select a.state, a.occurred_at < ${seededAt}::timestamptz - interval '2 days' as old,
           a.state = 'OPEN' and a.due_at <= ${seededAt}::timestamptz as overdue,
           case when r.id is null then null else r.status = 'ACTIVE' and r.password_hash is not null end
             as recorder_ok,
           case when v.id is null then null else v.status = 'ACTIVE' and v.password_hash is not null end
             as verifier_ok,
           a.recorded_by = a.verified_by as same
      from corrective_actions a
      left join users r on r.id = a.recorded_by left join users v on v.id = a.verified_by`);
  const old = actions.filter((action) => action.old);
  expect(old.length).toBeGreaterThan(10);
  // All old ones verified, but for last week's failed delivery (and the overdue one, when the latest missed
  // task is more than two days old).
  expect(old.filter((action) => action.state !== 'VERIFIED' && !action.overdue)).toHaveLength(1);
  expect(actions.filter((action) => action.recorder_ok === false)).toEqual([]);
  expect(actions.filter((action) => action.verifier_ok === false)).toEqual([]);
  expect(actions.filter((action) => action.same)).toEqual([]);
});

test('Brighton’s pass-fridge excursion: recorded by its manager, verified by the owner', async () => {
  const [excursion] = await rows<{ state: string; recorder: string; verifier: string }>(sql`
    select a.state, r.first_name as recorder, v.first_name as verifier from corrective_actions a
      join users r on r.id = a.recorded_by join users v on v.id = a.verified_by
     where a.kind = 'SENSOR_EXCURSION'`);
  expect(excursion).toEqual({ state: 'VERIFIED', recorder: 'Marcus', verifier: 'Olivia' });
});

test('last week’s failed delivery waits for verification; one action is overdue', async () => {
  const delivery = await rows<{ state: string; action: string }>(sql`
    select state, action_taken as action from corrective_actions
     where source_subject = 'ComplianceLog' and check_type = 'FOOD_DELIVERY'`);
  expect(delivery).toEqual([{ state: 'ACTION_RECORDED', action: expect.stringMatching(/sent them back/) }]);
  const overdue = await rows<{ kind: string }>(sql`
    select kind from corrective_actions where state = 'OPEN' and due_at <= ${seededAt}::timestamptz`);
  expect(overdue).toEqual([{ kind: 'TASK_MISSED' }]);
});

test('every site’s last four weeks are signed and the running four weeks drafted', async () => {
  const reviews = await rows<{ site: string; state: string; signer: string | null; running: boolean }>(sql`
    select s.name as site, r.state, u.first_name as signer,
           -- Running by the site's own clock: near midnight UTC, Brooklyn is still on the day before.
           r.period_end >= (${seededAt}::timestamptz at time zone s.time_zone_id)::date as running
      from site_reviews r join sites s on s.id = r.site_id left join users u on u.id = r.signed_by
     order by s.name, r.period_start`);
  expect(reviews.filter((review) => review.running).map((review) => review.state)).toEqual([
    'DRAFT',
    'DRAFT',
    'DRAFT',
  ]);
  // By each site's manager: Marcus at Brighton, the owner where there is none.
  const signed = reviews.filter((review) => !review.running);
  expect(Object.fromEntries(signed.map((review) => [review.site, [review.state, review.signer]]))).toEqual({
    'The Harbour Kitchen, Brighton': ['SIGNED', 'Marcus'],
    [signed.find((review) => review.site.includes('Manchester'))?.site ?? 'Manchester']: ['SIGNED', 'Olivia'],
    [signed.find((review) => review.site.includes('Brooklyn'))?.site ?? 'Brooklyn']: ['SIGNED', 'Olivia'],
  });
});

test('the Brighton officer’s link was opened twice', async () => {
  const [link] = await rows<{ count: number; opened: number; sites: number }>(sql`
    select l.access_count as count, cardinality(l.site_ids) as sites,
           (select count(*)::int from inspector_link_accesses a
             where a.link_id = l.id and a.what = 'Opened the view') as opened
      from inspector_links l`);
  expect(link).toEqual({ count: 4, opened: 2, sites: 1 });
});

test('the record check holds over every site’s last ninety days', async () => {
  for (const site of Object.values(ctx.demo.sites)) {
    const today = DateTime.fromJSDate(now, { zone: site.timeZoneId }).toISODate() ?? '';
    const check = await checkRecords(
      ctx.db,
      {
        orgId: ctx.demo.organization.id,
        site: { id: site.id, timeZoneId: site.timeZoneId },
        startDate: addDays(today, -89),
        endDate: today,
      },
      now,
    );
    expect(check.chain.valid).toBe(true);
    expect(check.subjects.filter((subject) => subject.mismatched > 0)).toEqual([]);
  }
});
