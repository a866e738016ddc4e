// `npm run bench:api`: the API's cost per request, on PostgreSQL. It creates a scratch database, starts the
// built API on it with the demo organisation (whose sites run a dozen tasks a day with sixty days of history),
// loads realistic volumes (2,000 suppliers and 2,000 staff on one site; 200 sites with a year of task
// occurrences, about two million), then
// for each main list endpoint prints requests per second and p50/p99 latency at 50 connections
// (autocannon), beside the same page read straight from PostgreSQL in the same run (pgbench with the SQL a
// hand-written query needs for that page), and the ratio of the two. It prints; it asserts nothing.
// Goals (issue 8): the API at >= 0.8 of raw SQL, and p99 < 50 ms for a page of a site's records. Issue 10:
// the daily task list likewise, the dashboard's week < 100 ms, and making a day for all 200 sites < 2 s.
// Issue 11: a page of a site's 90-day temperature list likewise (among 2 million readings), and exporting
// 100,000 readings to XLSX <= 3 s with the server's memory flat. Issue 12: every site's scores over 90 days
// < 300 ms, one site's daily scores for a year < 100 ms, and the busy site's 90-day inspection pack (PDF) < 10 s
// with the server's memory flat. Issue 24: 1,000 wireless sensors' batches sustained on PostgreSQL, and an
// excursion's alert fanned out within 5 s of its ingest. The overview’s portfolio: p50 < 200 ms for
// 400 sites (bench/api-portfolio.mjs). And each of those calls beside its floor, the same page served by
// a bare Fastify route on node-postgres with the same SQL, a verified token and the same answer
// (bench/floor-server.mjs, a process of its own), the API and the floor alternated at 50 connections, each
// with its throughput and its CPU time per request (goals: the API at >= 0.5 of the floor's throughput and
// at most twice its CPU per request). Before anything is measured, each call's answer from the floor is
// checked against the API's (the same shape, the same records in the same order).
//
// Options: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: the server where the
// scratch database is created and dropped), --seconds N (default 10 per measurement), --no-build,
// --keep-database (leaves the loaded scratch database for a closer look, and prints its address).
import { performance } from 'node:perf_hooks';
import { setInterval, clearInterval } from 'node:timers';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';
import { measureCompression } from './api-compression.mjs';
import { measurePortfolio } from './api-portfolio.mjs';
import { adminUrl, call, databaseUrl, fetchRetried, psql, startApi, stopApi } from './postgres-api.mjs';
import { measureVerifyPack } from './api-verify-pack.mjs';
import {
  answerDifference,
  checkChainTail,
  floorUsage,
  startFloor,
  stopFloor,
  valueDifferences,
} from './floor.mjs';

ensureInstalled();
if (!process.argv.includes('--no-build')) ensureBuilt();
const { default: autocannon } = await import('autocannon');

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const connections = 50;
const keepDatabase = process.argv.includes('--keep-database');
const database = `console_bench_${process.pid}`;
const metricsToken = `bench-metrics-${process.pid}-${Date.now()}`;
const jsonOut = process.env.BENCH_JSON;
const benchPassword = 'Demo-pass-2026';
const benchUrl = databaseUrl(database);

/**
 * Requests per second and latency percentiles of one endpoint under `clients` concurrent connections.
 * `requests`: autocannon's request list, for calls that differ from one request to the next (the staff
 * sync's phones and tasks); otherwise a GET of `url` with `token`.
 */
async function measureHttp(url, token, { clients = connections, requests, amount } = {}) {
  const result = await autocannon({
    url,
    connections: clients,
    duration: seconds,
    ...(amount ? { amount } : {}),
    headers: token ? { authorization: token } : {},
    ...(requests ? { requests } : {}),
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    note: errors > 0 ? `${errors} failed` : '',
  };
}

/** The API's own counters (GET /metrics): requests answered, SQL statements sent, CPU seconds. */
async function scrape(base) {
  const text = await fetchRetried(`${base}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  }).then((reply) => reply.text());
  const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    requests: value('console_http_requests_total'),
    statements: value('console_db_statements_total'),
    cpuSeconds: value('process_cpu_seconds_total'),
  };
}

/** The same page through pgbench: transactions per second and per-transaction latency percentiles. */
function measureSql(sql, clients = connections) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-pgbench-'));
  const script = path.join(dir, 'page.sql');
  fs.writeFileSync(script, `${sql.trim()};\n`);
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(clients),
      '-j',
      String(Math.min(2, clients)),
      '-T',
      String(seconds),
      '-f',
      script,
      '-l',
      benchUrl,
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr}`);
  const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1] ?? 0);
  // Each log line: client, transaction, latency in microseconds, ...
  const latencies = fs
    .readdirSync(dir)
    .filter((file) => file.startsWith('pgbench_log'))
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').trim().split('\n'))
    .map((line) => Number(line.split(' ')[2]) / 1000)
    .sort((a, b) => a - b);
  fs.rmSync(dir, { recursive: true, force: true });
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: tps, p50: at(0.5), p99: at(0.99) };
}

/** A figure right-aligned in a column of the printed tables. */
const fmt = (n, digits = 0) => n.toFixed(digits).padStart(8);

psql(adminUrl, `create database ${database}`);
let api;
let floor;
/** What the API costs while nothing is asked of it (measured before the calls). */
let atRest;
try {
  const apiSettings = {
    // The bench reads the statements and CPU time each measurement cost from /metrics.
    METRICS_TOKEN: metricsToken,
    // The staff sync's 2,000 phones sign in from addresses of their own (X-Forwarded-For), as they would
    // behind a load balancer, rather than meeting the per-address sign-in limit.
    TRUST_PROXY: 'true',
    // The phones sign in once, and each call is measured four times beside the floor: the tokens must last.
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  };
  api = await startApi(benchUrl, apiSettings);
  // Access tokens last 15 minutes: the bench signs in again before each part that needs one.
  const signInTo = async (base) =>
    (
      await call(base, 'POST', 'authentication/web-app-login', {
        body: { email: 'owner@harbourvine.example', password: benchPassword },
      })
    ).accessToken;
  const signIn = () => signInTo(api.url);
  let token = await signIn();
  const sites = await call(api.url, 'GET', 'site-panel/simple-list', { token });
  const brighton = sites.find((site) => site.name.includes('Brighton'))._id;

  // 2,000 suppliers on Brighton, each with one or two of the organisation's supplier types.
  psql(
    benchUrl,
    `insert into suppliers (id, org_id, site_id, supplier_name, contact_person_name, email, mobile_number,
                            created_at, updated_at)
     select gen_random_uuid(), s.org_id, s.id, 'Bench supplier ' || lpad(n::text, 5, '0'), 'Contact ' || n,
            'orders' || n || '@bench.example', '+44 1273 ' || lpad(n::text, 6, '0'), now(), now()
     from sites s, generate_series(1, 2000) n where s.id = '${brighton}';
     insert into supplier_supplier_types (supplier_id, supplier_type_id)
     select sp.id, st.id from suppliers sp
     join lateral (select id from supplier_types t where t.org_id = sp.org_id order by t.id
                   offset (abs(hashtext(sp.id::text)) % 5) limit 2) st on true
     where sp.site_id = '${brighton}' and sp.supplier_name like 'Bench%';
     analyze;`,
  );

  // 2,000 staff on Brighton, each in one of its departments, every tenth still invited (no password).
  psql(
    benchUrl,
    `insert into users (id, org_id, email, password_hash, first_name, last_name, role, mobile_number,
                        notification_settings, status, created_at, updated_at)
     select gen_random_uuid(), s.org_id, 'bench.staff' || n || '@bench.example',
            case when n % 10 = 0 then null else 'not-a-hash' end,
            (array['Alex','Sam','Jo','Chris','Pat','Robin','Kim','Lee'])[1 + n % 8], 'Bench ' || lpad(n::text, 5, '0'),
            'STAFF', '+44 7700 ' || lpad(n::text, 6, '0'), '{}'::jsonb,
            case when n % 25 = 0 then 'INACTIVE' else 'ACTIVE' end, now(), now()
     from sites s, generate_series(1, 2000) n where s.id = '${brighton}';
     insert into site_members (site_id, user_id, created_at)
     select '${brighton}', u.id, now() from users u where u.email like 'bench.staff%';
     insert into user_departments (user_id, department_id, created_at)
     select u.id, d.id, now() from users u
     join lateral (select id from departments d where d.site_id = '${brighton}' and d.deleted_at is null
                   order by d.id offset (abs(hashtext(u.id::text)) % 3) limit 1) d on true
     where u.email like 'bench.staff%';
     insert into password_tokens (id, user_id, purpose, token_hash, expires_at, created_at)
     select gen_random_uuid(), u.id, 'INVITE', md5(u.id::text), now() + interval '7 days', now()
     from users u where u.email like 'bench.staff%' and u.password_hash is null;
     analyze;`,
  );

  // Tasks at the issue's scale: 199 more sites like Brighton, each with 36 routine tasks, and a year of their
  // occurrences (330 days back, 35 ahead): about two million rows. Most of those already due were done on
  // time, some late, some missed; the rest are still to do. Each task's made_through is where the occurrence
  // maker would have left it: the last date loaded. (Today's tasks already due are done as the past days'
  // are: left all to do, they were thousands of overdue tasks for the fresh API's alert scan to catch up on,
  // 500 a minute with their events and corrective actions, through every measurement.)
  const owner = psql(benchUrl, `select id from users where email = 'owner@harbourvine.example'`);
  const startedLoad = Date.now();
  psql(
    benchUrl,
    `create temp table bench_site as select * from sites where id = '${brighton}';
     do $$ begin for n in 1..199 loop
       update bench_site set id = gen_random_uuid(), name = 'Bench site ' || lpad(n::text, 3, '0');
       insert into sites select * from bench_site;
     end loop; end $$;
     insert into master_tasks (id, org_id, created_at, updated_at, site_id, name, description, category_id,
                               template_id, items, photo_required, repeat, start_date, end_date, weekdays,
                               day_of_month, due_slot, due_time, made_through)
     select gen_random_uuid(), m.org_id, now(), now(), s.id, m.name || copy.suffix, m.description, m.category_id,
            m.template_id, m.items, m.photo_required, m.repeat, current_date - 330, null, m.weekdays,
            m.day_of_month, m.due_slot, m.due_time, current_date + 34
     from master_tasks m
     cross join sites s
     cross join (values (''), (' (second shift)'), (' (night shift)')) as copy(suffix)
     where m.site_id = '${brighton}' and m.deleted_at is null and m.repeat <> 'ONCE'
       and s.name like 'Bench site %';
     create temp table bench_items as
       select m.id, (select jsonb_agg(i || jsonb_build_object('status', 'COMPLETED',
                       'statusChangeOn', null, 'changedBy', null, 'comment', null)) from jsonb_array_elements(m.items) i) as done,
                    (select jsonb_agg(i || jsonb_build_object('status', 'PENDING',
                       'statusChangeOn', null, 'changedBy', null, 'comment', null)) from jsonb_array_elements(m.items) i) as todo
       from master_tasks m join sites s on s.id = m.site_id where s.name like 'Bench site %';
     insert into individual_tasks (id, org_id, site_id, master_task_id, task_date, opens_at, expire_on, status,
                                   items, completed_at, completed_by, synced_at, created_at, updated_at)
     select gen_random_uuid(), m.org_id, m.site_id, m.id, o.day, o.expires - interval '8 hours', o.expires,
            case when o.done then 'COMPLETED' else 'PENDING' end,
            case when o.done then i.done else i.todo end,
            case when not o.done then null when o.roll < 0.9 then o.expires - interval '2 hours'
                 else least(o.expires + interval '1 hour', now()) end,
            case when o.done then '${owner}'::uuid end,
            case when o.done then o.expires end, now(), now()
     from master_tasks m
     join sites s on s.id = m.site_id
     join bench_items i on i.id = m.id
     cross join lateral (
       select d::date as day,
              (d::date + coalesce(m.due_time, '14:00')::time) at time zone s.time_zone_id as expires,
              (d::date + coalesce(m.due_time, '14:00')::time) at time zone s.time_zone_id < now()
                and random() < 0.94 as done,
              random() as roll
       from generate_series(current_date - 330, current_date + 34, interval '1 day') d
       where m.repeat = 'DAILY'
          or (m.repeat = 'WEEKLY' and m.weekdays @> to_jsonb(extract(dow from d)::int))
          or (m.repeat = 'MONTHLY' and extract(day from d)::int = least(m.day_of_month,
                extract(day from date_trunc('month', d) + interval '1 month - 1 day')::int))
     ) o
     where s.name like 'Bench site %';
     analyze;`,
  );
  const benchSite = psql(benchUrl, `select id from sites where name = 'Bench site 100'`);
  const occurrences = Number(psql(benchUrl, 'select count(*) from individual_tasks'));
  const benchSiteIds = psql(benchUrl, `select id from sites where name like 'Bench site %'`).split('\n');
  console.log(
    `loaded ${benchSiteIds.length} more sites and ${occurrences.toLocaleString('en-GB')} occurrences in ` +
      `${((Date.now() - startedLoad) / 1000).toFixed(0)} s`,
  );

  // Temperature readings at issue 11's scale: about two million across the 200 sites, a year of about 26 a
  // day on each bench site (on Brighton's fridge and freezer items), and one busy site with 100,000 more for
  // the export. One reading in 40 fails with a corrective action, one in 200 was typed in hours later.
  const startedReadings = Date.now();
  psql(
    benchUrl,
    `create temp table bench_items_t as
       select i.id, m.type, i.upper_limit from temperature_items i join master_types m on m.id = i.master_type_id
       where m.site_id = '${brighton}' and i.deleted_at is null;
     insert into temperature_readings (id, org_id, created_at, updated_at, site_id, log_type, temperature_item_id,
       check_kind, celsius, read_at, received_at, read_by, lower_limit, upper_limit, warn_up_to, result,
       corrective_action)
     select gen_random_uuid(), s.org_id, r.at, r.at, s.id, i.type, i.id, i.type, r.celsius, r.at,
            r.at + case when r.roll < 0.005 then interval '4 hours' else interval '1 minute' end,
            '${owner}', null, i.upper_limit, case when i.type = 'FRIDGE' then 8 end,
            case when r.failing then 'FAIL' else 'PASS' end,
            case when r.failing then 'Stock moved and the engineer called' end
     from sites s
     cross join lateral (select * from bench_items_t order by id) i
     cross join lateral (
       select now() - (n * interval '1 day') / case when s.name = 'Bench site 001' then 45.5 else 4.4 end
                - random() * interval '2 hours' as at,
              random() < 0.025 as failing, random() as roll,
              case when i.type = 'FRIDGE' then 3 else -20 end + random() * 2 as celsius0
       from generate_series(1, case when s.name = 'Bench site 001' then 16600 else 1600 end) n
     ) r0
     cross join lateral (select r0.at, r0.failing, r0.roll,
       case when r0.failing then r0.celsius0 + 7 else r0.celsius0 end as celsius) r
     where s.name like 'Bench site %';
     analyze temperature_readings;`,
  );
  const readings = Number(psql(benchUrl, 'select count(*) from temperature_readings'));
  const busySite = psql(benchUrl, `select id from sites where name = 'Bench site 001'`);
  console.log(
    `loaded ${readings.toLocaleString('en-GB')} temperature readings in ` +
      `${((Date.now() - startedReadings) / 1000).toFixed(0)} s`,
  );

  // Start-up on a large database. The occurrences above were loaded without history, as those of a database
  // from before every task change was kept: the first start on it writes a baseline entry for each used one,
  // in the background. The API is started again as that first start would be, and timed: until it answers
  // /health, and until it answers a sign-in while /ready still says what it is doing. That start is then
  // stopped between two batches, the baseline marked done (the calls are measured, not the baseline), and
  // the API started again for the rest; its keys are new, so the bench signs in again.
  await stopApi(api);
  psql(benchUrl, `delete from start_up_work where name = 'task history baseline'`);
  const restarted = await startApi(benchUrl, apiSettings, { untilReady: false });
  // Until its app is built (the database opened and migrated) every call but /health and /ready is a 503
  // saying so: the first sign-in that is not one is when the instance serves.
  for (;;) {
    const answered = await signInTo(restarted.url).then(
      () => true,
      (error) => {
        if (!/: 503 /.test(error.message)) throw error;
        return false;
      },
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const firstCallMs = performance.now() - restarted.startedAt;
  const readiness = await (await fetchRetried(`${restarted.url}/ready`)).json();
  await stopApi(restarted);
  psql(
    benchUrl,
    `insert into start_up_work (name, done_at) values ('task history baseline', now()) on conflict (name) do nothing`,
  );
  api = await startApi(benchUrl, apiSettings);
  token = await signIn();
  const startUp = {
    healthMs: restarted.healthMs,
    firstCallMs,
    waitingFor: readiness.waitingFor ?? [],
  };
  console.log(
    `started on ${occurrences.toLocaleString('en-GB')} occurrences without history: /health after ` +
      `${startUp.healthMs.toFixed(0)} ms (goal < 1 s), a sign-in answered after ${startUp.firstCallMs.toFixed(0)} ms, ` +
      `/ready then ${readiness.status ?? 'ready'}${startUp.waitingFor.length > 0 ? ` (${JSON.stringify(startUp.waitingFor)})` : ''}`,
  );

  const page = 7;
  const limit = 10;
  // Brighton's local today, and the Monday of its week, as the console asks for them.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const monday = (() => {
    const date = new Date(`${today}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
    return date.toISOString().slice(0, 10);
  })();
  const ninetyDaysAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 89 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const sunday = new Date(Date.parse(`${monday}T12:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  const endpoints = [
    {
      name: 'supplier list (page 7 of 2,000+, by name)',
      url: `supplier/web-app-list?siteID=${brighton}&sort=supplierName&page=${page}&limit=${limit}`,
      sql: `select s.*,
              (select count(*) from suppliers c where c.site_id = '${brighton}' and c.deleted_at is null) as total,
              (select coalesce(json_agg(json_build_object('value', t.id, 'label', t.name) order by t.name), '[]')
                 from supplier_supplier_types x join supplier_types t on t.id = x.supplier_type_id
                 where x.supplier_id = s.id) as types
            from suppliers s
            where s.site_id = '${brighton}' and s.deleted_at is null
            order by lower(s.supplier_name), s.id limit ${limit} offset ${(page - 1) * limit}`,
    },
    {
      name: 'fridge list with temperature items',
      url: `masterType/web-app-list?siteID=${brighton}&type=FRIDGE`,
      sql: `select m.*,
              (select count(*) from master_types c
                 where c.site_id = '${brighton}' and c.type = 'FRIDGE' and c.deleted_at is null) as total,
              (select coalesce(json_agg(i order by i.position), '[]') from temperature_items i
                 where i.master_type_id = m.id and i.deleted_at is null) as items
            from master_types m
            where m.site_id = '${brighton}' and m.type = 'FRIDGE' and m.deleted_at is null
            order by m.id limit 10`,
    },
    {
      name: 'staff list (page 7 of 2,000+, by full name)',
      url: `staff-people/web-app-list?siteID=${brighton}&sort=fullName&page=${page}&limit=${limit}`,
      sql: `select u.id, u.org_id, u.email, u.first_name, u.last_name, u.role, u.mobile_number, u.gender,
              u.status, u.last_sign_in_at, u.created_at, u.updated_at, u.password_hash is not null,
              (select count(*) from users c join site_members cm on cm.user_id = c.id
                 where cm.site_id = '${brighton}' and c.deleted_at is null) as total,
              (select coalesce(json_agg(json_build_object('_id', s.id, 'name', s.name) order by lower(s.name)), '[]')
                 from site_members m join sites s on s.id = m.site_id
                 where m.user_id = u.id and s.deleted_at is null) as sites,
              (select coalesce(json_agg(json_build_object('_id', d.id, 'name', d.name, 'siteID', d.site_id)
                                        order by lower(d.name)), '[]')
                 from user_departments x join departments d on d.id = x.department_id
                 join site_members m on m.user_id = x.user_id and m.site_id = d.site_id
                 where x.user_id = u.id and d.deleted_at is null) as departments,
              (select json_build_object('invitedAt', max(t.created_at),
                                        'pending', bool_or(t.used_at is null and t.expires_at > now()))
                 from password_tokens t where t.user_id = u.id and t.purpose = 'INVITE') as invitation
            from users u
            where u.org_id = (select org_id from sites where id = '${brighton}') and u.deleted_at is null
              and u.id in (select user_id from site_members where site_id = '${brighton}')
            order by lower(u.first_name), lower(u.last_name), u.id limit ${limit} offset ${(page - 1) * limit}`,
    },
    {
      name: "task day list (a site's today, by due time)",
      url: `master-task/web-app-list?siteID=${benchSite}&taskListDate=${today}&sort=expireOn&limit=20`,
      sql: `select t.*, m.name, m.description,
              (select count(*) from individual_tasks c
                 where c.site_id = '${benchSite}' and c.task_date = '${today}' and c.status <> 'DELETED') as total,
              (select count(*) from task_comments k where k.individual_task_id = t.id and k.deleted_at is null)
                as comments
            from individual_tasks t join master_tasks m on m.id = t.master_task_id
            where t.site_id = '${benchSite}' and t.task_date = '${today}' and t.status <> 'DELETED'
            order by t.expire_on, t.id limit 20`,
    },
    {
      name: "site dashboard (a week's buckets per day)",
      url: `task-dashboard/site?siteID=${benchSite}&startDate=${monday}&endDate=${sunday}`,
      sql: `select task_date, case
                when status = 'COMPLETED' and completed_at <= expire_on then 'ON_TIME'
                when status = 'COMPLETED' then 'LATE'
                when now() < expire_on then 'UPCOMING' else 'INCOMPLETE' end as bucket, count(*)
            from individual_tasks
            where site_id = '${benchSite}' and task_date between '${monday}' and '${sunday}' and status <> 'DELETED'
            group by 1, 2`,
    },
    {
      name: "temperature list (a site's 90 days, page 1)",
      url: `temperature-logs/web-app-list-for-web?siteID=${benchSite}&startDate=${ninetyDaysAgo}&endDate=${today}&limit=10`,
      sql: `select r.*, i.name as item, m.name as equipment, u.first_name, u.last_name,
              (select count(*) from temperature_readings c where c.site_id = '${benchSite}' and c.deleted_at is null
                 and c.read_at >= '${ninetyDaysAgo}'::date and c.read_at < '${today}'::date + 1) as total
            from temperature_readings r
            left join temperature_items i on i.id = r.temperature_item_id
            left join master_types m on m.id = i.master_type_id
            join users u on u.id = r.read_by
            where r.site_id = '${benchSite}' and r.deleted_at is null
              and r.read_at >= '${ninetyDaysAgo}'::date and r.read_at < '${today}'::date + 1
            order by r.read_at desc, r.id desc limit 10`,
    },
    {
      name: 'view-me (session check only)',
      url: 'user-profile/view-me',
      sql: `select u.* from users u where u.email = 'owner@harbourvine.example'`,
    },
  ];

  // The staff's mobile sync (issue 26): a chain of 200 sites with 10 staff each, every phone signed in to
  // its app. Their passwords are hashed cheaply here: sign-in is not what is measured, and 2,000 production
  // hashes (64 MiB, 3 passes) would take minutes.
  const { hashPassword, setPasswordHashCost } = await import('../api/dist/platform/auth/passwords.js');
  setPasswordHashCost({ memoryCost: 1024, timeCost: 1 });
  const phoneHash = await hashPassword(benchPassword);
  psql(
    benchUrl,
    `insert into users (id, org_id, email, password_hash, first_name, last_name, role, notification_settings,
                        status, created_at, updated_at)
     select gen_random_uuid(), s.org_id, 'phone' || n || '.' || s.id || '@bench.example', '${phoneHash}',
            'Phone', 'Staff ' || n, 'STAFF', '{}'::jsonb, 'ACTIVE', now(), now()
     from sites s, generate_series(1, 10) n where s.id = '${brighton}' or s.name like 'Bench site %';
     insert into site_members (site_id, user_id, created_at)
     select split_part(split_part(u.email, '.', 2), '@', 1)::uuid, u.id, now() from users u
     where u.email like 'phone%@bench.example';
     analyze;`,
  );
  const phoneRows = psql(
    benchUrl,
    `select u.email || ',' || m.site_id from users u join site_members m on m.user_id = u.id
      where u.email like 'phone%@bench.example' order by u.email`,
  )
    .split('\n')
    .map((line) => line.split(','));
  const startedPhones = Date.now();
  const phones = [];
  for (let start = 0; start < phoneRows.length; start += 20) {
    phones.push(
      ...(await Promise.all(
        phoneRows.slice(start, start + 20).map(async ([email, siteId], n) => {
          const reply = await fetch(`${api.url}/api/v1/authentication/mobile-app-login`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(start + n) >> 16}.${((start + n) >> 8) & 255}.${(start + n) & 255}`,
            },
            body: JSON.stringify({ email, password: benchPassword }),
          });
          const body = await reply.json();
          if (!reply.ok) throw new Error(`phone sign-in: ${reply.status} ${JSON.stringify(body)}`);
          return { token: body.data.accessToken, siteId };
        }),
      )),
    );
  }
  const phonesBySite = new Map();
  for (const phone of phones)
    phonesBySite.set(phone.siteId, [...(phonesBySite.get(phone.siteId) ?? []), phone]);
  console.log(
    `signed in ${phones.length.toLocaleString('en-GB')} phones on ${phonesBySite.size} sites in ` +
      `${((Date.now() - startedPhones) / 1000).toFixed(0)} s`,
  );
  // What they tick and complete: open occurrences of the last four days, on checklists of two lines or more
  // without photos (a photo line needs its upload first). Ticks toggle one line of a pending task between
  // done and not done (its other lines stay pending, so it never completes): 4,000 of them are plenty to go
  // round. Completions take tasks whose lines are all done, each once, over four runs (the API's and the
  // floor's, twice each): the rest of the picked tasks are theirs. None falls due in the alert scan's last
  // 24 hours or during the bench, so undoing them raises no overdue alert in the background.
  const openTasks = psql(
    benchUrl,
    `with picked as (
       select t.id from individual_tasks t join sites s on s.id = t.site_id
        where s.name like 'Bench site %' and t.task_date between current_date - 4 and current_date
          and t.opens_at < now() - interval '10 minutes' and jsonb_array_length(t.items) >= 2
          and (t.expire_on <= now() - interval '25 hours' or t.expire_on > now() + interval '30 minutes')
          and not exists (select 1 from jsonb_array_elements(t.items) i where (i ->> 'photoRequired')::boolean)
        order by md5(t.id::text) limit 32000)
     update individual_tasks t
        set status = 'PENDING', completed_at = null, completed_by = null, synced_at = null,
            items = (select jsonb_agg(i || jsonb_build_object('status', case when p.n <= 4000 then 'PENDING'
                                                                            else 'COMPLETED' end,
                                       'statusChangeOn', null, 'changedBy', null, 'comment', null))
                       from jsonb_array_elements(t.items) i)
       from (select id, row_number() over (order by id) as n from picked) p
      where t.id = p.id
     returning case when p.n <= 4000 then 'tick' else 'complete' end || ',' || t.id || ',' || t.master_task_id || ',' || t.site_id || ',' ||
               (t.items -> 0 ->> 'id');`,
  )
    .split('\n')
    .map((line) => {
      const [kind, individualTaskID, masterTaskID, siteId, checkListID] = line.split(',');
      return { kind, individualTaskID, masterTaskID, siteId, checkListID, ticked: false };
    });
  const toTick = openTasks.filter((task) => task.kind === 'tick');
  const toComplete = openTasks.filter((task) => task.kind === 'complete');
  if (toTick.length === 0 || toComplete.length === 0)
    throw new Error('the staff sync found no open task of the last four days to tick and complete');
  console.log(
    `staff sync: ${toTick.length.toLocaleString('en-GB')} tasks to tick and untick, ` +
      `${toComplete.length.toLocaleString('en-GB')} to complete`,
  );
  let nextPhone = 0;
  let nextTick = 0;
  let nextCompletion = 0;
  const phoneOf = (siteId) => {
    const onSite = phonesBySite.get(siteId) ?? phones;
    return onSite[nextPhone++ % onSite.length];
  };
  const json = (phone, body) => ({
    headers: { 'content-type': 'application/json', authorization: phone.token },
    body: JSON.stringify(body),
  });
  const sampleTask = toTick[0];
  // The tasks the floor's check changes through each server, kept out of the load: one line ticked through
  // the API and unticked through the floor, and two tasks completed, one through each.
  const checkedTick = toTick.pop();
  const checkedCompletions = { API: toComplete.pop(), floor: toComplete.pop() };
  // One phone asks both servers, so that their answers name the same person.
  const checkPhones = { poll: phoneOf(benchSite), tick: phoneOf(checkedTick.siteId) };
  const tickBody = (task, status) => ({
    masterTaskID: task.masterTaskID,
    individualTaskID: task.individualTaskID,
    checkListID: task.checkListID,
    status,
    changedAt: new Date().toISOString(),
    // The kitchen app sends every write with an id of its own, recorded once with the write.
    clientId: randomUUID(),
  });
  const completionBody = (task) => ({
    masterTaskID: task.masterTaskID,
    individualTaskID: task.individualTaskID,
    completedAt: new Date().toISOString(),
    clientId: randomUUID(),
  });
  endpoints.push(
    {
      name: 'staff sync: a phone polls its day (my-tasks)',
      url: 'task-new-version/my-tasks',
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            headers: { authorization: phones[nextPhone++ % phones.length].token },
          }),
        },
      ],
      probe: () => ({ headers: { authorization: checkPhones.poll.token } }),
      sql: `select t.*, m.name, m.description, s.time_zone_id,
              (select count(*) from task_comments k where k.individual_task_id = t.id and k.deleted_at is null)
                as comments
            from individual_tasks t join master_tasks m on m.id = t.master_task_id
            join sites s on s.id = t.site_id
            where t.site_id = '${benchSite}' and t.task_date = '${today}' and t.status <> 'DELETED'
              and (not exists (select 1 from master_task_assignees a where a.master_task_id = m.id)
                   or exists (select 1 from master_task_assignees a
                               where a.master_task_id = m.id and a.user_id = '${owner}'))
            order by t.expire_on, t.id`,
    },
    {
      name: 'staff sync: a phone ticks a checklist line',
      url: 'task-new-version/check-list-item-status-change',
      requests: [
        {
          method: 'PUT',
          setupRequest: (request) => {
            const task = toTick[nextTick++ % toTick.length];
            task.ticked = !task.ticked;
            return {
              ...request,
              ...json(phoneOf(task.siteId), tickBody(task, task.ticked ? 'COMPLETED' : 'PENDING')),
            };
          },
        },
      ],
      probe: (server) => ({
        method: 'PUT',
        ...json(checkPhones.tick, tickBody(checkedTick, server === 'API' ? 'COMPLETED' : 'PENDING')),
      }),
      sql: `update individual_tasks set items = jsonb_set(items, '{0,status}', '"COMPLETED"'), updated_at = now()
            where id = '${sampleTask?.individualTaskID}' returning *`,
    },
    {
      name: 'staff sync: a phone completes a task',
      url: 'task-new-version/complete',
      // Each task is completed once: the runs share out those left.
      remaining: () => toComplete.length - nextCompletion,
      requests: [
        {
          method: 'PUT',
          setupRequest: (request) => {
            const task = toComplete[nextCompletion++ % toComplete.length];
            return { ...request, ...json(phoneOf(task.siteId), completionBody(task)) };
          },
        },
      ],
      probe: (server) => {
        const task = checkedCompletions[server];
        return { method: 'PUT', ...json(phoneOf(task.siteId), completionBody(task)) };
      },
      // Two tasks, one completed through each: their answers differ in the task they are.
      sameRecords: false,
      sql: `update individual_tasks set status = 'PENDING', completed_at = now(), synced_at = now(), updated_at = now()
            where id = '${sampleTask?.individualTaskID}' returning *`,
    },
  );

  // The floor (bench/floor-server.mjs): each call served by a bare Fastify route on node-postgres with the
  // API's SQL. Before anything is measured, each call's answer from the floor is checked against the
  // API's: the same shape and the same records in the same order, or the floor's figures for that call
  // are left out and the bench ends with a failure.
  floor = await startFloor(benchUrl, api.url);
  token = await signIn();
  // The history chain the staff sync appends to, through the API and through the floor: checked from here.
  const chainOrg = psql(benchUrl, `select org_id from sites where id = '${brighton}'`);
  const chainFrom = Number(
    psql(benchUrl, `select coalesce(max(position), 0) + 1 from record_history where org_id = '${chainOrg}'`),
  );
  const servers = [
    { name: 'API', base: api.url, usage: () => scrape(api.url) },
    { name: 'floor', base: floor.url, usage: () => floorUsage(floor) },
  ];
  const floorChecks = new Map();
  for (const endpoint of endpoints) {
    const answers = [];
    for (const server of servers) {
      const request = endpoint.probe?.(server.name) ?? { headers: { authorization: token } };
      const reply = await fetchRetried(`${server.base}/api/v1/${endpoint.url}`, request);
      answers.push({ status: reply.status, body: await reply.json().catch(() => null) });
    }
    const [apiAnswer, floorAnswer] = answers;
    const problem =
      apiAnswer.status !== 200 || floorAnswer.status !== 200
        ? `the API answered ${apiAnswer.status}, the floor ${floorAnswer.status} (${JSON.stringify(floorAnswer.body)?.slice(0, 300)})`
        : answerDifference(apiAnswer.body, floorAnswer.body, { sameRecords: endpoint.sameRecords ?? true });
    floorChecks.set(endpoint, problem);
    if (problem) {
      console.error(
        `\nFLOOR CHECK FAILED: ${endpoint.name}: ${problem}.\nThe floor (bench/floor-server.mjs) no longer ` +
          `answers this call as the API does: bring its SQL and answer back to the API's. Its figures are left out.\n`,
      );
      process.exitCode = 1;
      continue;
    }
    const records = JSON.stringify(apiAnswer.body).match(/"_id":/g)?.length ?? 0;
    const values = valueDifferences(apiAnswer.body, floorAnswer.body);
    console.log(
      `floor check: ${endpoint.name}: the same answer's shape` +
        (records > 0 ? ` and its ${records} ids in order` : '') +
        (values.length ? ` (${values.length} values differ, e.g. ${values.slice(0, 3).join('; ')})` : ''),
    );
  }

  // The API at rest: what its background jobs (the alert scans, the dispatch, the occurrence maker) cost
  // while nothing is asked of it, over a minute, which holds one run of each minute's scans. Every API run's
  // CPU and statements include them; the floor runs none.
  const restSeconds = 60;
  const restBefore = await scrape(api.url);
  await new Promise((resolve) => setTimeout(resolve, restSeconds * 1000));
  const restAfter = await scrape(api.url);
  atRest = {
    statementsPerSecond: (restAfter.statements - restBefore.statements) / restSeconds,
    cpuMsPerSecond: ((restAfter.cpuSeconds - restBefore.cpuSeconds) * 1000) / restSeconds,
  };
  console.log(
    `the API at rest for ${restSeconds} s (its background jobs): ${atRest.statementsPerSecond.toFixed(1)} ` +
      `statements and ${atRest.cpuMsPerSecond.toFixed(1)} ms of CPU a second`,
  );

  // Each call at 50 connections, the API and the floor alternated (API, floor, API, floor), each run with
  // the CPU time its server spent and the requests it answered (the API's own counters at /metrics, which
  // count its SQL statements too; the floor's at /floor/usage); then the API at 1 connection, beside the
  // call's SQL in pgbench at 50 connections and at 1. Completions are used up as they go: they are
  // measured at 50 connections only.
  const rounds = 2;
  const rows = [];
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  /** The runs of one server on one call, taken together. */
  const together = (runs) =>
    runs.length === 0
      ? null
      : {
          rps: mean(runs.map((run) => run.rps)),
          p50: mean(runs.map((run) => run.p50)),
          p99: mean(runs.map((run) => run.p99)),
          note: [...new Set(runs.map((run) => run.note).filter(Boolean))].join('; '),
          cpuMsPerRequest:
            (runs.reduce((sum, run) => sum + run.cpuSeconds, 0) * 1000) /
            runs.reduce((sum, run) => sum + run.served, 0),
          statementsPerRequest:
            runs.reduce((sum, run) => sum + (run.statements ?? NaN), 0) /
            runs.reduce((sum, run) => sum + run.served, 0),
          runs,
        };
  for (const endpoint of endpoints) {
    const measured = servers.filter((server) => server.name === 'API' || !floorChecks.get(endpoint));
    const runs = { API: [], floor: [] };
    let runsLeft = rounds * measured.length;
    for (let round = 0; round < rounds; round += 1) {
      for (const server of measured) {
        const amount = endpoint.remaining ? Math.floor(endpoint.remaining() / runsLeft) : undefined;
        runsLeft -= 1;
        const before = await server.usage();
        const http = await measureHttp(`${server.base}/api/v1/${endpoint.url}`, token, {
          requests: endpoint.requests,
          amount,
        });
        const after = await server.usage();
        runs[server.name].push({
          ...http,
          served: after.requests - before.requests,
          cpuSeconds: after.cpuSeconds - before.cpuSeconds,
          statements: after.statements === undefined ? undefined : after.statements - before.statements,
        });
      }
    }
    const http = together(runs.API);
    const floorHttp = together(runs.floor);
    const cost = { statementsPerRequest: http.statementsPerRequest, cpuMsPerRequest: http.cpuMsPerRequest };
    const url = `${api.url}/api/v1/${endpoint.url}`;
    const http1 = endpoint.remaining
      ? null
      : await measureHttp(url, token, { requests: endpoint.requests, clients: 1 });
    let sql;
    let sql1;
    try {
      sql = measureSql(endpoint.sql);
      sql1 = measureSql(endpoint.sql, 1);
    } catch (error) {
      sql = { rps: 0, p50: 0, p99: 0, note: String(error).split('\n')[0] };
      sql1 = sql;
    }
    rows.push({
      endpoint,
      http,
      http1,
      sql,
      sql1,
      cost,
      floor: floorHttp,
      floorCheck: floorChecks.get(endpoint),
    });
  }
  const chain = await checkChainTail(benchUrl, chainOrg, chainFrom);
  if (chain.problem) {
    console.error(`\nHISTORY CHAIN BROKEN after the staff sync's writes: ${chain.problem}\n`);
    process.exitCode = 1;
  }
  // Each call beside the floor, a bare Fastify route on node-postgres sending the same SQL, with a verified
  // token and the same answer (bench/floor-server.mjs), alternated with the API at 50 connections: the API
  // should keep at least half the floor's throughput at no more than twice its CPU per request.
  const floorGoals = { ratio: 0.5, cpuTimes: 2 };
  console.log(
    `\neach call beside the floor (a bare Fastify route on node-postgres, the same SQL, a verified token, the ` +
      `same answer), ${connections} connections, API and floor alternated, ${rounds} runs of ${seconds} s each ` +
      `(goals: ratio >= ${floorGoals.ratio}, × <= ${floorGoals.cpuTimes})\n`,
  );
  console.log(
    `${'endpoint'.padEnd(44)} ${'API req/s'.padStart(9)} ${'floor req/s'.padStart(11)} ${'ratio'.padStart(6)}` +
      ` ${'API CPU ms/req'.padStart(14)} ${'floor CPU ms/req'.padStart(16)} ${'×'.padStart(6)}  goals`,
  );
  const rangeOf = (runs) => runs.map((run) => run.rps.toFixed(0)).join('/');
  let goalsMet = 0;
  for (const row of rows) {
    const { endpoint, http, floor: floorHttp } = row;
    if (!floorHttp) {
      console.log(
        `${endpoint.name.padEnd(44)} ${fmt(http.rps).padStart(9)}  floor left out: ${row.floorCheck}`,
      );
      continue;
    }
    row.floorRatio = http.rps / floorHttp.rps;
    row.cpuTimes = http.cpuMsPerRequest / floorHttp.cpuMsPerRequest;
    const ratioMet = row.floorRatio >= floorGoals.ratio;
    const cpuMet = row.cpuTimes <= floorGoals.cpuTimes;
    if (ratioMet && cpuMet) goalsMet += 1;
    const goals =
      ratioMet && cpuMet
        ? 'met'
        : [ratioMet ? '' : 'ratio', cpuMet ? '' : '×'].filter(Boolean).join(' and ') + ' not met';
    console.log(
      `${endpoint.name.padEnd(44)} ${fmt(http.rps).padStart(9)} ${fmt(floorHttp.rps).padStart(11)}` +
        ` ${row.floorRatio.toFixed(2).padStart(6)} ${fmt(http.cpuMsPerRequest, 2).padStart(14)}` +
        ` ${fmt(floorHttp.cpuMsPerRequest, 2).padStart(16)} ${row.cpuTimes.toFixed(1).padStart(6)}  ${goals}` +
        `  (runs: API ${rangeOf(http.runs)}, floor ${rangeOf(floorHttp.runs)} req/s` +
        `${http.note || floorHttp.note ? `; API ${http.note || 'no failure'}, floor ${floorHttp.note || 'no failure'}` : ''})`,
    );
  }
  console.log(`goals met by ${goalsMet} of ${rows.length} calls`);
  console.log(
    `the history chain after the staff sync's writes through both: ${chain.entries.toLocaleString('en-GB')} ` +
      `entries ${chain.problem ? `BROKEN: ${chain.problem}` : 'linked and matching their hashes'}`,
  );
  const health = await measureHttp(`${api.url}/health`);
  token = await signIn();

  // What compressing a list's answer costs at each level, and the lists' throughput with and without it.
  const compression = await measureCompression({
    base: api.url,
    token,
    seconds,
    connections,
    lists: [
      {
        name: 'temperature logs, 100 rows',
        url: `temperature-logs/web-app-list-for-web?siteID=${benchSite}&startDate=${ninetyDaysAgo}&endDate=${today}&limit=100`,
      },
      {
        name: "a bench site's day of tasks",
        url: `master-task/web-app-list?siteID=${benchSite}&taskListDate=${today}&sort=expireOn&limit=100`,
      },
      {
        name: 'staff, 100 rows',
        url: `staff-people/web-app-list?siteID=${brighton}&sort=fullName&limit=100`,
      },
    ],
  });
  token = await signIn();

  // A download with the server's memory (resident set, from /proc) before, at its highest during, and after.
  const rssOf = () =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  async function download(route) {
    const rssBefore = rssOf();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf())), 50);
    const started = Date.now();
    const reply = await fetchRetried(`${api.url}/api/v1/${route}`, { headers: { authorization: token } });
    const bytes = (await reply.arrayBuffer()).byteLength;
    const ms = Date.now() - started;
    clearInterval(sampler);
    return { status: reply.status, bytes, ms, rssBefore, rssPeak, rssAfter: rssOf() };
  }
  // The public pack check flooded by 16 clients at once: /health meanwhile and the server's memory.
  const verifyPackFlood = await measureVerifyPack({ base: api.url, residentMiB: rssOf });
  const memoryWords = ({ rssBefore, rssPeak, rssAfter }) =>
    `server RSS ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at most during, ` +
    `${rssAfter.toFixed(0)} MB after`;
  /** The median of `times` sequential calls of a route, and the first (cold) one. */
  async function timedCalls(route, times = 7) {
    const durations = [];
    let status = 0;
    for (let n = 0; n < times; n += 1) {
      const started = performance.now();
      const reply = await fetchRetried(`${api.url}/api/v1/${route}`, { headers: { authorization: token } });
      await reply.arrayBuffer();
      status = reply.status;
      durations.push(performance.now() - started);
    }
    const sorted = [...durations].sort((a, b) => a - b);
    return { status, first: durations[0], median: sorted[Math.floor(sorted.length / 2)] };
  }

  // Exporting a year of the busy site's readings (about 100,000 rows) to XLSX.
  const yearAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  const exported = await download(
    `temperature-logs/export-web-app-list-for-web?siteID=${busySite}` +
      `&startDate=${yearAgo}&endDate=${today}&downloadFileType=EXCEL`,
  );
  // Issue 12: the scores of every site for 90 days, one site's days for a year, and the busy site's
  // inspection pack for 90 days as a PDF.
  const ninetyDaysBefore = new Date(Date.parse(`${today}T12:00:00Z`) - 89 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const allScores = await timedCalls(
    `site-panel/all-sites-score-list?startDate=${ninetyDaysBefore}&endDate=${today}`,
  );
  const siteYear = await timedCalls(
    `site-panel/site-report-scoreList?siteID=${benchSite}&startDate=${yearAgo}&endDate=${today}`,
  );
  const pack = await download(
    `report/inspection-pack/download?siteID=${busySite}&startDate=${ninetyDaysBefore}&endDate=${today}&format=PDF`,
  );
  // The longest pack (366 days, four times the readings): its memory beside the quarter's shows whether the
  // pack's memory grows with what it holds.
  const yearBefore = new Date(Date.parse(`${today}T12:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  const yearPack = await download(
    `report/inspection-pack/download?siteID=${busySite}&startDate=${yearBefore}&endDate=${today}&format=PDF`,
  );
  // The same two packs' live memory (forced collections, in a process of their own: bench/pack-memory.mjs).
  const busyOrg = psql(benchUrl, `select org_id from sites where id = '${busySite}'`);
  const packMemory = (startDate) => {
    const result = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        path.join(root, 'bench', 'pack-memory.mjs'),
        benchUrl,
        busyOrg,
        busySite,
        startDate,
        today,
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`pack-memory failed: ${result.stderr}`);
    return JSON.parse(result.stdout.trim().split('\n').at(-1));
  };
  const quarterLive = packMemory(ninetyDaysBefore);
  const yearLive = packMemory(yearBefore);
  const exportedRows = Number(
    psql(
      benchUrl,
      `select count(*) from temperature_readings where site_id = '${busySite}' and deleted_at is null
         and read_at >= '${yearAgo}'::date`,
    ),
  );

  // Making a day nobody has read yet for every site at once, with the code the background job runs
  // (ensureOccurrences over all sites for one date), then the next day through the sites' daily lists, 10 at
  // a time, as the console's first readers would. Nothing is made past the making horizon (today + 7, issue
  // 22), and the load made the weeks ahead already: the last two days of the horizon are unmade first (their
  // occurrences are all untouched, and each task's made_through goes back before them), so the job and the
  // readers have a day to make.
  const jobDay = new Date(Date.parse(`${today}T12:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  const readDay = new Date(Date.parse(`${today}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  psql(
    benchUrl,
    `delete from individual_tasks where task_date in ('${jobDay}', '${readDay}') and status = 'PENDING';
     update master_tasks set made_through = '${jobDay}'::date - 1 where made_through >= '${jobDay}'::date;`,
  );
  const allSiteIds = [brighton, ...benchSiteIds];
  const { openDatabase } = await import('../api/dist/platform/db/client.js');
  const { ensureOccurrences } = await import('../api/dist/domains/tasks/index.js');
  const handle = await openDatabase({ kind: 'postgres', url: benchUrl });
  const startedJobDay = Date.now();
  const madeByJob = await ensureOccurrences(handle.db, {}, jobDay, jobDay, new Date());
  const jobDayMs = Date.now() - startedJobDay;
  await handle.close();
  const readBefore = Number(
    psql(benchUrl, `select count(*) from individual_tasks where task_date = '${readDay}'`),
  );
  const startedReadDay = Date.now();
  for (let start = 0; start < allSiteIds.length; start += 10) {
    await Promise.all(
      allSiteIds.slice(start, start + 10).map((siteID) =>
        call(api.url, 'GET', `master-task/web-app-list?siteID=${siteID}&taskListDate=${readDay}&limit=20`, {
          token,
        }),
      ),
    );
  }
  const readDayMs = Date.now() - startedReadDay;
  const madeByReads =
    Number(psql(benchUrl, `select count(*) from individual_tasks where task_date = '${readDay}'`)) -
    readBefore;

  // Issue 24: wireless sensors. 1,000 sensors on the bench sites' fridge items, each sending its gateway's
  // batches of 5 minutes' readings (one a minute), as fast as 50 connections carry them: the readings stored
  // per second. Meanwhile 20 sensors each send an excursion (20 minutes above the limit, past the debounce):
  // the time from its ingest to its alert reaching people is when the dispatch job fanned it out (the
  // event's dispatched_at) after the ingest call was sent.
  const sensorCount = 1000;
  const items = psql(
    benchUrl,
    `select ti.id || ',' || mt.site_id || ',' || mt.org_id from temperature_items ti
       join master_types mt on mt.id = ti.master_type_id
      where mt.type = 'FRIDGE' and ti.deleted_at is null and mt.deleted_at is null
        and mt.site_id <> '${busySite}'
      order by mt.site_id, ti.id`,
  )
    .split('\n')
    .map((line) => line.split(','));
  const { createHash, randomBytes } = await import('node:crypto');
  const benchSensors = Array.from({ length: sensorCount }, (_, n) => {
    const [itemId, siteId, orgId] = items[n % items.length];
    const key = `sk_${randomBytes(32).toString('base64url')}`;
    return { n, itemId, siteId, orgId, key, sequence: 0 };
  });
  psql(
    benchUrl,
    `insert into sensors (id, org_id, site_id, created_at, updated_at, name, temperature_item_id, key_hash,
                          key_prefix, key_created_at, last_seen_at)
     values ${benchSensors
       .map(
         (sensor) =>
           `(gen_random_uuid(), '${sensor.orgId}', '${sensor.siteId}', now(), now(), 'Bench sensor ${sensor.n}',
             '${sensor.itemId}', '${createHash('sha256').update(sensor.key, 'utf8').digest('hex')}',
             '${sensor.key.slice(0, 10)}', now(), now())`,
       )
       .join(',\n')};`,
  );
  const batchLines = 5;
  const ingestStarted = Date.now();
  /** The next batch of a sensor: its next `lines` sequences, a minute apart, ending a minute ago. */
  const batchOf = (sensor, lines, celsius) => {
    const newest = Date.now() - 60_000;
    return Array.from({ length: lines }, (_, i) => {
      sensor.sequence += 1;
      return {
        sequence: sensor.sequence,
        readAt: new Date(newest - (lines - 1 - i) * 60_000).toISOString(),
        celsius: celsius(i),
      };
    });
  };
  let nextSensor = 0;
  const ingestLoad = autocannon({
    url: `${api.url}/api/v1/sensor/ingest`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          // The 20 excursion senders are left out of the steady load.
          const sensor = benchSensors[20 + (nextSensor++ % (sensorCount - 20))];
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-sensor-key': sensor.key },
            body: JSON.stringify({
              readings: batchOf(sensor, batchLines, (i) => 3 + ((sensor.n + i) % 10) / 10),
            }),
          };
        },
      },
    ],
  });
  const excursionSent = [];
  for (let n = 0; n < 20; n += 1) {
    await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 25));
    const sensor = benchSensors[n];
    excursionSent.push({ sensor, at: Date.now() });
    await fetch(`${api.url}/api/v1/sensor/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sensor-key': sensor.key },
      body: JSON.stringify({ readings: batchOf(sensor, 20, () => 11.5) }),
    });
  }
  const ingest = await ingestLoad;
  const ingestErrors = ingest.non2xx + ingest.errors + ingest.timeouts;
  const readingsPerSecond = ((ingest.requests.total - ingest.non2xx) * batchLines) / seconds;
  // Each excursion's alert: when its event was fanned out, after its ingest call went (waiting up to 30 s).
  const alertDelays = [];
  for (const { sensor, at } of excursionSent) {
    let dispatched = '';
    for (let tries = 0; tries < 300 && !dispatched; tries += 1) {
      dispatched = psql(
        benchUrl,
        `select extract(epoch from e.dispatched_at) * 1000 from alert_events e
           join sensors s on s.id = (e.details ->> 'sensorId')::uuid
          where s.name = 'Bench sensor ${sensor.n}' and e.dispatched_at is not null`,
      );
      if (!dispatched) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    alertDelays.push(dispatched ? Number(dispatched) - at : Infinity);
  }
  alertDelays.sort((a, b) => a - b);
  const alertP99 = alertDelays[Math.min(alertDelays.length - 1, Math.floor(0.99 * alertDelays.length))];
  const ingestSeconds = (Date.now() - ingestStarted) / 1000;

  // The overview’s portfolio at 200 sites and at 400: last, as it adds 200 sites.
  const portfolio = await measurePortfolio({
    base: api.url,
    url: benchUrl,
    siteId: brighton,
    signIn,
    apiPid: api.child.pid,
  });

  console.log(
    `\nbench:api — PostgreSQL, ${connections} connections, ${seconds} s each (goal: ratio >= 0.80, p99 < 50 ms)\n`,
  );
  console.log(
    `${'endpoint'.padEnd(44)} ${'API req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}` +
      ` ${'SQL tx/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(6)}`,
  );
  for (const { endpoint, http, sql } of rows) {
    const ratio = sql.rps > 0 ? (http.rps / sql.rps).toFixed(2) : '-';
    console.log(
      `${endpoint.name.padEnd(44)} ${fmt(http.rps).padStart(9)} ${fmt(http.p50, 1)} ${fmt(http.p99, 1)}` +
        ` ${fmt(sql.rps).padStart(9)} ${fmt(sql.p50, 1)} ${fmt(sql.p99, 1)} ${ratio.padStart(6)}` +
        `${http.note || sql.note ? `  ${[http.note, sql.note].filter(Boolean).join('; ')}` : ''}`,
    );
  }
  console.log(`${'/health (no database, no session)'.padEnd(44)} ${fmt(health.rps).padStart(9)}`);
  console.log(
    `\nwhat a request costs (goals: at most 2 statements, a list at most 1 ms of the API's CPU; at 1 ` +
      `connection the API's p50 beside its SQL's)\n`,
  );
  console.log(
    `${'endpoint'.padEnd(44)} ${'statements'.padStart(10)} ${'CPU ms'.padStart(8)} ${'API p50 @1'.padStart(11)}` +
      ` ${'SQL p50 @1'.padStart(11)} ${'ratio @1'.padStart(9)}`,
  );
  for (const { endpoint, http1, sql1, cost } of rows) {
    const ratio1 = http1 && http1.p50 > 0 ? (sql1.p50 / http1.p50).toFixed(2) : '-';
    console.log(
      `${endpoint.name.padEnd(44)} ${fmt(cost.statementsPerRequest, 2).padStart(10)} ${fmt(cost.cpuMsPerRequest, 2)}` +
        ` ${(http1 ? fmt(http1.p50, 2) : '-').padStart(11)} ${fmt(sql1.p50, 2).padStart(11)} ${ratio1.padStart(9)}`,
    );
  }
  // Phones one instance serves: each polls every 30 s, and sends (on a busy shift) a tick a minute and a
  // completion every ten; the instance's capacity is what this run measured for each call at 50 connections.
  // The same from the floor's rates: what Node itself could serve with the same SQL, the bound the API's
  // figure is held against.
  const rateOf = (prefix, side = 'http') =>
    rows.find((row) => row.endpoint.name.startsWith(prefix))?.[side]?.rps ?? NaN;
  const phonesServed = (side) =>
    Math.floor(
      1 /
        (1 / 30 / rateOf('staff sync: a phone polls', side) +
          1 / 60 / rateOf('staff sync: a phone ticks', side) +
          1 / 600 / rateOf('staff sync: a phone completes', side)),
    );
  const pollRate = rateOf('staff sync: a phone polls');
  const phonesPerInstance = phonesServed('http');
  const floorPhones = phonesServed('floor');
  const chainPhones = 2000 * 10;
  console.log(
    `\nstaff sync: one instance (this machine's share of its 2 cores) serves about ` +
      `${phonesPerInstance.toLocaleString('en-GB')} phones polling every 30 s, ticking a line a minute and ` +
      `completing a task every ten (${Math.floor(pollRate * 30).toLocaleString('en-GB')} if they only polled; ` +
      `${Number.isFinite(floorPhones) ? floorPhones.toLocaleString('en-GB') : '-'} at the floor's rates); a chain ` +
      `of 2,000 sites with 10 staff each (${chainPhones.toLocaleString('en-GB')} phones) needs ` +
      `${Math.ceil(chainPhones / phonesPerInstance)} such instances`,
  );
  console.log(
    `\namong ${occurrences.toLocaleString('en-GB')} occurrences on ${allSiteIds.length} sites:\n` +
      `making ${jobDay} for every site at once (the background job's code): ${jobDayMs} ms, ` +
      `${madeByJob.toLocaleString('en-GB')} made (goal < 2,000 ms)\n` +
      `making ${readDay} through each site's first daily list, 10 at a time: ${readDayMs} ms, ` +
      `${madeByReads.toLocaleString('en-GB')} made`,
  );
  console.log(
    `exporting ${exportedRows.toLocaleString('en-GB')} readings to XLSX (${(exported.bytes / 1048576).toFixed(1)} MB, ` +
      `status ${exported.status}): ${exported.ms} ms (goal <= 3,000 ms); ${memoryWords(exported)}`,
  );
  const callWords = ({ status, first, median }) =>
    `median ${median.toFixed(0)} ms, first ${first.toFixed(0)} ms (status ${status})`;
  console.log(
    `all-sites-score-list, ${allSiteIds.length} sites over 90 days: ${callWords(allScores)} (goal < 300 ms)\n` +
      `site-report-scoreList, one site's year of days: ${callWords(siteYear)} (goal < 100 ms)\n` +
      `inspection pack PDF of the busy site's 90 days (${(pack.bytes / 1048576).toFixed(1)} MB, status ` +
      `${pack.status}): ${pack.ms} ms (goal < 10,000 ms); ${memoryWords(pack)}\n` +
      `inspection pack PDF of the busy site's 366 days (${(yearPack.bytes / 1048576).toFixed(1)} MB, status ` +
      `${yearPack.status}): ${yearPack.ms} ms; ${memoryWords(yearPack)}\n` +
      `sensor ingest, ${sensorCount.toLocaleString('en-GB')} sensors in batches of ${batchLines}, ${connections} connections: ` +
      `${readingsPerSecond.toFixed(0)} readings stored a second (${ingest.requests.average.toFixed(0)} batches/s, p99 ` +
      `${ingest.latency.p99} ms${ingestErrors > 0 ? `, ${ingestErrors} failed` : ''}; the load one reading a minute ` +
      `each makes: ${(sensorCount / 60).toFixed(0)} a second)\n` +
      `ingest to alert (the event fanned out), 20 excursions during that load: p99 ` +
      `${Number.isFinite(alertP99) ? `${(alertP99 / 1000).toFixed(1)} s` : 'never within 30 s'} (goal < 5 s; ` +
      `${ingestSeconds.toFixed(0)} s in all)\n` +
      `the packs' live memory (JS heap and buffers after a full collection every 100 ms, at most above ` +
      `before): 90 days ${(quarterLive.livePeakMb - quarterLive.baselineMb).toFixed(0)} MB, 366 days ` +
      `${(yearLive.livePeakMb - yearLive.baselineMb).toFixed(0)} MB`,
  );
  if (jsonOut) {
    const round = (n, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
    fs.writeFileSync(
      jsonOut,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          seconds,
          connections,
          startUp: { healthMs: round(startUp.healthMs, 0), firstCallMs: round(startUp.firstCallMs, 0) },
          atRest: atRest && {
            statementsPerSecond: round(atRest.statementsPerSecond, 1),
            cpuMsPerSecond: round(atRest.cpuMsPerSecond, 1),
          },
          endpoints: rows.map(
            ({ endpoint, http, http1, sql, sql1, cost, floor: floorHttp, floorRatio, cpuTimes }) => ({
              name: endpoint.name,
              apiRps: round(http.rps, 0),
              apiP50: round(http.p50),
              apiP99: round(http.p99),
              sqlTps: round(sql.rps, 0),
              ratio: sql.rps > 0 ? round(http.rps / sql.rps) : null,
              statementsPerRequest: round(cost.statementsPerRequest),
              cpuMsPerRequest: round(cost.cpuMsPerRequest),
              latency1: http1 ? round(http1.p50) : null,
              sqlLatency1: round(sql1.p50),
              floorRps: floorHttp ? round(floorHttp.rps, 0) : null,
              floorCpuMsPerRequest: floorHttp ? round(floorHttp.cpuMsPerRequest) : null,
              // The API's throughput over the floor's, and its CPU per request over the floor's (×).
              floorRatio: floorHttp ? round(floorRatio) : null,
              cpuTimes: floorHttp ? round(cpuTimes) : null,
              runs: {
                api: http.runs.map((run) => ({
                  rps: round(run.rps, 0),
                  cpuMsPerRequest: round((run.cpuSeconds * 1000) / run.served),
                })),
                floor: (floorHttp?.runs ?? []).map((run) => ({
                  rps: round(run.rps, 0),
                  cpuMsPerRequest: round((run.cpuSeconds * 1000) / run.served),
                })),
              },
            }),
          ),
          jobs: {
            makeDayMs: jobDayMs,
            makeDayThroughListsMs: readDayMs,
            exportMs: exported.ms,
            exportRows: exportedRows,
            packMs: pack.ms,
            yearPackMs: yearPack.ms,
            allScoresMs: round(allScores.median, 0),
            siteYearMs: round(siteYear.median, 0),
            sensorReadingsPerSecond: round(readingsPerSecond, 0),
            alertP99Ms: Number.isFinite(alertP99) ? Math.round(alertP99) : null,
          },
          staffSync: {
            phonesPerInstance,
            floorPhonesPerInstance: Number.isFinite(floorPhones) ? floorPhones : null,
            instancesFor2000Sites: Math.ceil(chainPhones / phonesPerInstance),
            historyEntriesChecked: chain.entries,
            historyChainHolds: !chain.problem,
          },
          compression,
          verifyPackFlood,
          portfolio,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nwrote ${jsonOut}`);
  }
} finally {
  if (floor) await stopFloor(floor);
  if (api) await stopApi(api);
  if (keepDatabase) console.log(`kept the scratch database: ${benchUrl}`);
  else psql(adminUrl, `drop database if exists ${database} with (force)`);
}
