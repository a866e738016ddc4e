// The overview's portfolio (GET /site-panel/portfolio) for an organisation of 200 sites and of 400, on
// PostgreSQL: the latency of one admin's calls one after another (p50 and p99 of 40 after 3 to warm up),
// for the first page most attention first, a page sorted by score, one area's sites by name, and a search
// of those needing attention. The goal: p50 under 200 ms for 400 sites.
//
// `npm run bench:api` calls it on its loaded database (202 sites with a year of occurrences); on its own,
// `node bench/api-portfolio.mjs [--no-build] [--keep-database]` makes a scratch database with the demo and
// grows it (`--database-url <url>` measures a database kept before again). Either way each site it adds is a copy of Brighton: its routine tasks on three shifts, their
// occurrences of the fortnight around today (done, late or missed as the bench's are), a day of readings
// (one in 40 failing), two sensors (one in ten sites with one offline); and every site of the organisation
// is put in one of eight areas or none. It prints; it asserts nothing.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, ensureInstalled } from '../scripts/lib.mjs';
import { adminUrl, call, databaseUrl, fetchRetried, psql, startApi, stopApi } from './postgres-api.mjs';

const areaCount = 8;

/**
 * Adds copies of `siteId`'s site to its organisation until it has `count` live sites, each with what the
 * header says, and spreads every site over the areas (one in nine in none).
 */
function growTo(url, siteId, count) {
  const orgId = psql(url, `select org_id from sites where id = '${siteId}'`);
  const owner = psql(url, `select id from users where email = 'owner@harbourvine.example'`);
  psql(
    url,
    `create temp table p_site as select * from sites where id = '${siteId}';
     do $$ declare have int; begin
       select count(*) into have from sites where org_id = '${orgId}' and deleted_at is null;
       for n in (have + 1)..${count} loop
         update p_site set id = gen_random_uuid(), name = 'Portfolio site ' || lpad(n::text, 3, '0'),
                           area_id = null;
         insert into sites select * from p_site;
       end loop;
     end $$;
     create temp table p_new as
       select s.* from sites s
       where s.org_id = '${orgId}' and s.name like 'Portfolio site %'
         and not exists (select 1 from master_tasks m where m.site_id = s.id);
     insert into master_tasks (id, org_id, created_at, updated_at, site_id, name, description, category_id,
                               template_id, items, photo_required, repeat, start_date, end_date, weekdays,
                               day_of_month, due_slot, due_time, made_through)
     select gen_random_uuid(), m.org_id, now(), now(), s.id, m.name || copy.suffix, m.description, m.category_id,
            m.template_id, m.items, m.photo_required, m.repeat, current_date - 30, null, m.weekdays,
            m.day_of_month, m.due_slot, m.due_time, current_date + 34
     from master_tasks m
     cross join p_new s
     cross join (values (''), (' (second shift)'), (' (night shift)')) as copy(suffix)
     where m.site_id = '${siteId}' and m.deleted_at is null and m.repeat <> 'ONCE';
     insert into individual_tasks (id, org_id, site_id, master_task_id, task_date, opens_at, expire_on, status,
                                   items, completed_at, completed_by, synced_at, created_at, updated_at)
     select gen_random_uuid(), m.org_id, m.site_id, m.id, o.day, o.expires - interval '8 hours', o.expires,
            case when o.done then 'COMPLETED' else 'PENDING' end,
            (select jsonb_agg(i || jsonb_build_object('status', case when o.done then 'COMPLETED' else 'PENDING' end,
                    'statusChangeOn', null, 'changedBy', null, 'comment', null)) from jsonb_array_elements(m.items) i),
            case when not o.done then null when o.roll < 0.9 then o.expires - interval '2 hours'
                 else o.expires + interval '1 hour' end,
            case when o.done then '${owner}'::uuid end,
            case when o.done then o.expires end, now(), now()
     from master_tasks m
     join p_new s on s.id = m.site_id
     cross join lateral (
       select d::date as day,
              (d::date + coalesce(m.due_time, '14:00')::time) at time zone s.time_zone_id as expires,
              d::date < current_date and random() < 0.94 as done,
              random() as roll
       from generate_series(current_date - 8, current_date + 8, interval '1 day') d
       where m.repeat = 'DAILY'
          or (m.repeat = 'WEEKLY' and m.weekdays @> to_jsonb(extract(dow from d)::int))
          or (m.repeat = 'MONTHLY' and extract(day from d)::int = least(m.day_of_month,
                extract(day from date_trunc('month', d) + interval '1 month - 1 day')::int))
     ) o;
     insert into temperature_readings (id, org_id, created_at, updated_at, site_id, log_type, temperature_item_id,
       check_kind, celsius, read_at, received_at, read_by, lower_limit, upper_limit, warn_up_to, result,
       corrective_action)
     select gen_random_uuid(), s.org_id, r.at, r.at, s.id, m.type, i.id, m.type,
            case when r.failing then 12 else 3 end, r.at, r.at + interval '1 minute', '${owner}', null,
            i.upper_limit, case when m.type = 'FRIDGE' then 8 end, case when r.failing then 'FAIL' else 'PASS' end,
            case when r.failing then 'Stock moved and the engineer called' end
     from p_new s
     cross join lateral (select i.* from temperature_items i join master_types m on m.id = i.master_type_id
                         where m.site_id = '${siteId}' and i.deleted_at is null order by i.id limit 1) i
     join master_types m on m.id = i.master_type_id
     cross join lateral (select now() - n * interval '1 hour' as at, random() < 0.025 as failing
                         from generate_series(1, 24) n) r;
     insert into sensors (id, org_id, site_id, created_at, updated_at, name, temperature_item_id, key_hash,
                          key_prefix, key_created_at, last_seen_at, offline_since)
     select gen_random_uuid(), s.org_id, s.id, now() - interval '1 day', now() - interval '1 day',
            'Portfolio sensor ' || k, i.id, md5(random()::text || s.id || k), 'pf' || k, now() - interval '1 day',
            case when k = 1 and abs(hashtext(s.id::text)) % 10 = 0 then now() - interval '2 hours' else now() end,
            case when k = 1 and abs(hashtext(s.id::text)) % 10 = 0 then now() - interval '90 minutes' end
     from sites s
     cross join generate_series(1, 2) k
     cross join lateral (select i.id from temperature_items i join master_types m on m.id = i.master_type_id
                         where m.site_id = '${siteId}' and i.deleted_at is null order by i.id limit 1) i
     where s.org_id = '${orgId}' and s.deleted_at is null
       and not exists (select 1 from sensors x where x.site_id = s.id and x.name like 'Portfolio sensor %');
     insert into areas (id, org_id, name, created_at, updated_at)
     select gen_random_uuid(), '${orgId}', 'Region ' || n, now(), now()
     from generate_series(1, ${areaCount}) n
     where not exists (select 1 from areas a where a.org_id = '${orgId}' and a.name = 'Region ' || n
                         and a.deleted_at is null);
     update sites s set area_id = (select a.id from areas a where a.org_id = s.org_id and a.deleted_at is null
                                     and a.name = 'Region ' || (o.n % ${areaCount + 1}))
     from (select id, row_number() over (order by id) as n from sites
           where org_id = '${orgId}' and deleted_at is null) o
     where o.id = s.id;
     analyze;`,
  );
  return {
    sites: Number(psql(url, `select count(*) from sites where org_id = '${orgId}' and deleted_at is null`)),
    area: psql(
      url,
      `select id from areas where org_id = '${orgId}' and name = 'Region 1' and deleted_at is null`,
    ),
  };
}

/** CPU seconds (user and system) a process has used, from /proc; 0 when it is gone or not readable. */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are the 12th and 13th fields after the command: clock ticks, 100 a second on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU the API process and the database's server processes of `url` used, in seconds: what a call
 * costs whatever else the machine runs, where its latency is also the wait for a core.
 */
function cpuOf(url, apiPid) {
  const name = new URL(url).pathname.slice(1);
  const backends = psql(
    url,
    `select pid from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
  )
    .split('\n')
    .filter(Boolean);
  return {
    api: apiPid ? cpuSecondsOf(apiPid) : 0,
    database: new Map(backends.map((pid) => [pid, cpuSecondsOf(pid)])),
  };
}

/** CPU seconds the database's server processes used between two readings (a process new since counts whole). */
const databaseCpuBetween = (before, after) =>
  [...after.database].reduce((sum, [pid, seconds]) => sum + seconds - (before.database.get(pid) ?? 0), 0);

/** p50 and p99 of `times` calls of `route` one after another, after three to warm up. */
async function latencies(base, token, route, times) {
  const call1 = async () => {
    const started = performance.now();
    const reply = await fetchRetried(`${base}/api/v1/${route}`, { headers: { authorization: token } });
    const body = await reply.json();
    if (!reply.ok) throw new Error(`${route}: ${reply.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, records: body.data.records };
  };
  for (let warm = 0; warm < 3; warm += 1) await call1();
  const durations = [];
  let records = 0;
  for (let n = 0; n < times; n += 1) {
    const one = await call1();
    durations.push(one.ms);
    records = one.records;
  }
  durations.sort((a, b) => a - b);
  const at = (q) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))];
  return { min: durations[0], p50: at(0.5), p99: at(0.99), records };
}

/**
 * Grows the organisation of `siteId` to each of `sizes` sites in turn and measures the portfolio there.
 * `signIn` answers a fresh access token (they last 15 minutes); `apiPid` is the API's process, whose CPU
 * time is read beside the database's. Answers the figures, for BENCH_JSON.
 */
export async function measurePortfolio({
  base,
  url,
  siteId,
  signIn,
  apiPid,
  sizes = [200, 400],
  times = 40,
}) {
  console.log('\n## The portfolio (the overview), one admin calling one call after another');
  const results = [];
  for (const size of sizes) {
    const started = Date.now();
    const { sites, area } = growTo(url, siteId, size);
    console.log(`\n${sites} sites (${((Date.now() - started) / 1000).toFixed(0)} s to load)`);
    const token = await signIn();
    const variants = [
      { name: 'first page, most attention first', route: 'site-panel/portfolio' },
      { name: '50 by score, best first', route: 'site-panel/portfolio?sort=-score&limit=50' },
      { name: "one area's sites by name", route: `site-panel/portfolio?areaID=${area}&sort=name` },
      {
        name: 'a search of those needing attention',
        route: 'site-panel/portfolio?search=site%201&needsAttention=true',
      },
    ];
    for (const variant of variants) {
      const before = cpuOf(url, apiPid);
      const figures = await latencies(base, token, variant.route, times);
      const after = cpuOf(url, apiPid);
      // Per call, the three warming ones included.
      const apiCpuMs = ((after.api - before.api) * 1000) / (times + 3);
      const databaseCpuMs = (databaseCpuBetween(before, after) * 1000) / (times + 3);
      console.log(
        `  ${variant.name.padEnd(36)} p50 ${figures.p50.toFixed(0).padStart(5)} ms  p99 ` +
          `${figures.p99.toFixed(0).padStart(5)} ms  fastest ${figures.min.toFixed(0).padStart(4)} ms  ` +
          `CPU: API ${apiCpuMs.toFixed(0).padStart(3)} ms, PostgreSQL ${databaseCpuMs.toFixed(0).padStart(3)} ms  ` +
          `(${figures.records} matching)`,
      );
      results.push({
        sites,
        name: variant.name,
        p50: Math.round(figures.p50),
        p99: Math.round(figures.p99),
        fastest: Math.round(figures.min),
        apiCpuMs: Math.round(apiCpuMs),
        databaseCpuMs: Math.round(databaseCpuMs),
      });
    }
  }
  const worst = Math.max(...results.filter((one) => one.sites === Math.max(...sizes)).map((one) => one.p50));
  console.log(`\nthe slowest p50 at ${Math.max(...sizes)} sites: ${worst} ms (goal < 200 ms)`);
  return results;
}

// On its own: a scratch database with the demo, grown to 200 sites and then 400.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureInstalled();
  if (!process.argv.includes('--no-build')) ensureBuilt();
  // --database-url <url>: a database this script (or bench:api) kept, measured again as it is.
  const given = process.argv.indexOf('--database-url');
  const database = `console_bench_portfolio_${process.pid}`;
  const url = given > 0 ? process.argv[given + 1] : databaseUrl(database);
  if (given < 0) psql(adminUrl, `create database ${database}`);
  let api;
  try {
    api = await startApi(url);
    const signIn = async () =>
      (
        await call(api.url, 'POST', 'authentication/web-app-login', {
          body: { email: 'owner@harbourvine.example', password: 'Demo-pass-2026' },
        })
      ).accessToken;
    const siteId = psql(url, `select id from sites where name like '%Brighton%'`);
    await measurePortfolio({ base: api.url, url, siteId, signIn, apiPid: api.child.pid });
  } finally {
    if (api) await stopApi(api);
    if (given > 0 || process.argv.includes('--keep-database')) console.log(`kept the database: ${url}`);
    else psql(adminUrl, `drop database if exists ${database} with (force)`);
  }
}
