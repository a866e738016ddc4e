// The floor of `npm run bench:api`: each call the bench measures, served by a bare Fastify route on
// node-postgres with none of the API's code, so that the API's cost per request can be held against what
// Node itself needs for the same work. Every route verifies the caller's access token on every request
// (jose, against the keys the API publishes, no verified token kept), reads with the SQL the API sends for
// that page (its statements as PostgreSQL received them, with the same parameters) and answers the same
// JSON envelope with the same field names. It runs as a process of its own, so its CPU time is its own.
//
// bench/api.mjs starts it with FLOOR_DATABASE_URL (the bench's database) and FLOOR_JWKS_URL (the API's
// /.well-known/jwks.json); it listens on 127.0.0.1 at a free port and prints `{"port":N}` once it does.
// FLOOR_POOL_SIZE: the pool's connections (default 10, as the API's).
//
// What a floor leaves out: the session's check against the database (the API serves it from memory once
// warm), abilities (the SQL holds the caller to their organisation, and a staff member to their sites),
// validation beyond what the SQL needs, and what the bench never meets (said where it is left out).
import Fastify from 'fastify';
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';

const databaseUrl = process.env.FLOOR_DATABASE_URL;
const jwksUrl = process.env.FLOOR_JWKS_URL;
if (!databaseUrl || !jwksUrl) throw new Error('floor-server needs FLOOR_DATABASE_URL and FLOOR_JWKS_URL');

// Dates as the API answers them ('2026-11-30'), and counts as numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.FLOOR_POOL_SIZE ?? 10) });
pool.on('error', () => undefined);

const statementNames = new Map();
/**
 * Runs `text` on `db` (the pool, or a client in a transaction) as a statement prepared once per connection,
 * as the API prepares its lists' statements: the floor is the least Node and node-postgres need.
 */
function prepared(db, text, values) {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `floor_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return db.query({ name, text, values });
}

// The keys are read once; each token is verified against them on every request.
const keys = createLocalJWKSet(await fetch(jwksUrl).then((reply) => reply.json()));

/** A refusal, answered in the API's error envelope. */
class Refusal extends Error {
  constructor(statusCode, code, message) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}
const notFound = (what) => new Refusal(404, 'NOT_FOUND', `${what} not found`);
const badRequest = (message) => new Refusal(400, 'VALIDATION_ERROR', message);
const conflict = (message) => new Refusal(409, 'CONFLICT', message);

/** The caller, from the request's access token verified for `audience` (web: the console; mobile: staff). */
async function caller(request, audience) {
  const token = (request.headers.authorization ?? '').replace(/^bearer\s+/i, '').trim();
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: 'compliance-console',
      audience,
      algorithms: ['EdDSA'],
      requiredClaims: ['exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'string') throw new Error('no subject');
    return { userId: payload.sub, orgId: payload.org };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new Refusal(401, 'TOKEN_EXPIRED', 'Your session has expired');
    throw new Refusal(401, 'UNAUTHORIZED', 'Your session is not valid; please sign in again');
  }
}

const ok = (data, message) =>
  message === undefined ? { status: true, data } : { status: true, message, data };
const isoOrNull = (date) => (date === null ? null : date.toISOString());
/** A list's page and limit, as the API's list queries default and bound them. */
const pageOf = (query) => ({
  page: Math.max(1, Number(query.page ?? 1) || 1),
  limit: Math.min(100, Math.max(1, Number(query.limit ?? 10) || 10)),
});
const dateFormats = new Map();
/** Today's date in `zone`. */
function localDate(zone, now) {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    dateFormats.set(zone, format);
  }
  return format.format(now);
}

const offsetFormats = new Map();
/** The instant local midnight begins `date` in `zone`, as an ISO string. */
function midnightIn(zone, date) {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(zone, format);
  }
  const offsetAt = (instant) => {
    const part = Object.fromEntries(
      format.formatToParts(instant).map(({ type, value }) => [type, Number(value)]),
    );
    return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second) - instant;
  };
  const wall = Date.parse(`${date}T00:00:00Z`);
  return new Date(wall - offsetAt(wall - offsetAt(wall))).toISOString();
}

let served = 0;
const app = Fastify({ logger: false });
app.setErrorHandler((error, _request, reply) => {
  if (error instanceof Refusal) {
    return reply.code(error.statusCode).send({ status: false, message: error.message, error: error.code });
  }
  console.error(error);
  return reply.code(500).send({ status: false, message: String(error.message), error: 'INTERNAL_ERROR' });
});
app.addHook('onResponse', async () => {
  served += 1;
});

// The bench reads the floor's CPU time and the requests it answered before and after each measurement.
app.get('/floor/usage', async () => {
  const { user, system } = process.cpuUsage();
  return { cpuSeconds: (user + system) / 1e6, requests: served };
});

// ---------------------------------------------------------------------------------------------------
// The console's lists, each read by the statements the API sends for it.

/** `in (...)` of `values` as parameters from `$first` on, as drizzle writes an id list. */
const placeholders = (values, first) => values.map((_, n) => `$${first + n}`).join(', ');

/** A site record's place in a list: live, of the caller's organisation, on the live site asked for. */
const onSite = (
  table,
) => `"${table}"."org_id" = $1 and "${table}"."deleted_at" is null and "${table}"."site_id" in
  (select "id" from "sites" where ("sites"."org_id" = $1 and "sites"."deleted_at" is null and "sites"."id" in ($2)))`;

const supplierSorts = { _id: 's.id', supplierName: 'lower(s.supplier_name)' };
app.get('/api/v1/supplier/web-app-list', async (request) => {
  const { orgId } = await caller(request, 'web');
  const query = pageOf(request.query);
  const sort = supplierSorts[request.query.sort ?? '_id'];
  if (!sort) throw badRequest('The floor sorts suppliers by _id or supplierName');
  const { rows } = await prepared(
    pool,
    `select s.*, (select count(*) from suppliers where ${onSite('suppliers')}) as total
       from suppliers s where ${onSite('s').replaceAll('"s"', 's')}
      order by ${sort === 's.id' ? 's.id' : `${sort}, s.id`} limit $3 offset $4`,
    [orgId, request.query.siteID, query.limit, (query.page - 1) * query.limit],
  );
  const ids = rows.map((row) => row.id);
  const types = new Map();
  if (ids.length > 0) {
    const found = await prepared(
      pool,
      `select x.supplier_id, t.id, t.name from supplier_supplier_types x
         join supplier_types t on t.id = x.supplier_type_id
        where x.supplier_id in (${placeholders(ids, 1)}) and t.deleted_at is null
        order by lower(t.name), t.id`,
      ids,
    );
    for (const type of found.rows)
      types.set(type.supplier_id, [...(types.get(type.supplier_id) ?? []), type]);
  }
  const list = rows.map((row) => {
    const own = types.get(row.id) ?? [];
    return {
      _id: row.id,
      orgId: row.org_id,
      siteID: row.site_id,
      supplierName: row.supplier_name,
      supplierContactPersonName: row.contact_person_name,
      email: row.email,
      mobileNumber: row.mobile_number,
      supplierTypes: own.map((type) => ({ value: type.id, label: type.name })),
      supplierTypeIDs: own.map((type) => type.id),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  });
  return ok({ list, records: rows[0]?.total ?? 0, ...query });
});

app.get('/api/v1/masterType/web-app-list', async (request) => {
  const { orgId } = await caller(request, 'web');
  const query = pageOf(request.query);
  const type = request.query.type ?? null;
  const where = `${onSite('master_types')} and ($5::text is null or "master_types"."type" = $5)`;
  const { rows } = await prepared(
    pool,
    `select m.*, (select count(*) from master_types where ${where}) as total
       from master_types m where ${where.replaceAll('"master_types"', 'm')}
      order by m.id limit $3 offset $4`,
    [orgId, request.query.siteID, query.limit, (query.page - 1) * query.limit, type],
  );
  const ids = rows.map((row) => row.id);
  const items = new Map();
  if (ids.length > 0) {
    const found = await prepared(
      pool,
      `select * from temperature_items where master_type_id in (${placeholders(ids, 1)}) and deleted_at is null
        order by position, id`,
      ids,
    );
    for (const item of found.rows)
      items.set(item.master_type_id, [...(items.get(item.master_type_id) ?? []), item]);
  }
  const list = rows.map((row) => ({
    _id: row.id,
    orgId: row.org_id,
    siteID: row.site_id,
    name: row.name,
    type: row.type,
    temperatureItems: (items.get(row.id) ?? []).map((item) => ({
      _id: item.id,
      name: item.name,
      location: item.location,
      lowerLimit: item.lower_limit,
      upperLimit: item.upper_limit,
    })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }));
  return ok({ list, records: rows[0]?.total ?? 0, ...query });
});

const staffSorts = {
  _id: 'u.id',
  fullName: 'lower(u.first_name), lower(u.last_name), u.id',
};
app.get('/api/v1/staff-people/web-app-list', async (request) => {
  const { orgId } = await caller(request, 'web');
  const query = pageOf(request.query);
  const sort = staffSorts[request.query.sort ?? '_id'];
  if (!sort) throw badRequest('The floor sorts people by _id or fullName');
  const where = (u) => `${u}.org_id = $1 and ${u}.deleted_at is null and ${u}.id in
    (select sm.user_id from site_members sm where sm.site_id in
      (select id from sites where org_id = $1 and deleted_at is null and id in ($2)))`;
  const { rows } = await prepared(
    pool,
    `select u.id, u.org_id, u.email, u.first_name, u.last_name, u.role, u.mobile_number, u.gender, u.status,
            u.last_sign_in_at, u.created_at, u.updated_at, (u.password_hash is not null) as has_password,
            u.provisioned_by,
            coalesce((select json_agg(json_build_object('_id', s.id, 'name', s.name) order by lower(s.name), s.id)
                        from site_members sm join sites s on s.id = sm.site_id
                       where sm.user_id = u.id and s.deleted_at is null), '[]'::json) as sites,
            coalesce((select json_agg(json_build_object('_id', d.id, 'name', d.name, 'siteID', d.site_id)
                                      order by lower(d.name), d.id)
                        from user_departments ud join departments d on d.id = ud.department_id
                        join site_members sm on sm.user_id = ud.user_id and sm.site_id = d.site_id
                        join sites s on s.id = d.site_id
                       where ud.user_id = u.id and d.deleted_at is null and s.deleted_at is null), '[]'::json)
              as departments,
            (select max(t.created_at) from password_tokens t where t.user_id = u.id and t.purpose = 'INVITE')
              as invited_at,
            coalesce((select bool_or(t.used_at is null and t.expires_at > $5::timestamptz) from password_tokens t
                       where t.user_id = u.id and t.purpose = 'INVITE'), false) as pending,
            (select count(*) from users c where ${where('c')}) as total
       from users u where ${where('u')}
      order by ${sort} limit $3 offset $4`,
    [orgId, request.query.siteID, query.limit, (query.page - 1) * query.limit, new Date()],
  );
  const list = rows.map((row) => ({
    _id: row.id,
    userID: row.id,
    orgId: row.org_id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
    email: row.email,
    mobileNumber: row.mobile_number,
    gender: row.gender,
    userRole: row.role,
    status: row.status,
    siteIDs: row.sites.map((site) => site._id),
    sites: row.sites,
    departmentID: row.departments.map((department) => department._id),
    departments: row.departments,
    invitation: row.has_password ? 'ACCEPTED' : row.pending ? 'PENDING' : 'EXPIRED',
    provisionedBy: row.provisioned_by,
    invitedAt: isoOrNull(row.invited_at),
    lastSignInAt: isoOrNull(row.last_sign_in_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }));
  return ok({ list, records: rows[0]?.total ?? 0, ...query });
});

// The words and legal limits of a reading's check come from the API's rule sets; the bench's readings are
// fridges' and freezers' under England's, which is all the floor knows.
const checkLabels = { FRIDGE: 'Fridge', FREEZER: 'Freezer' };
const legalLimits = { FRIDGE: { legalMaximum: 8 } };

/** A site's readings over a range of its local dates, newest first: one statement with the total. */
app.get('/api/v1/temperature-logs/web-app-list-for-web', async (request) => {
  const { orgId } = await caller(request, 'web');
  const query = pageOf(request.query);
  const { siteID, startDate, endDate } = request.query;
  if (!siteID || !startDate || !endDate) throw badRequest('The floor lists one site over a range of dates');
  // The range in any zone, a little wider than the site's (UTC-12 to UTC+14), for the index to scan.
  const from = new Date(Date.parse(`${startDate}T00:00:00Z`) - 14 * 3_600_000).toISOString();
  const until = new Date(Date.parse(`${endDate}T00:00:00Z`) + 36 * 3_600_000).toISOString();
  const zone = `(select time_zone_id from sites where id = $2)`;
  const where = (r, s) => `${r}.deleted_at is null and ${s}.org_id = $1 and ${s}.deleted_at is null
    and ${r}.site_id = $2 and (${r}.read_at >= $3::timestamptz and ${r}.read_at < $4::timestamptz)
    and (${r}.read_at >= ($5::date)::timestamp at time zone ${zone}) is true
    and (${r}.read_at < ($6::date + 1)::timestamp at time zone ${zone}) is true`;
  const { rows } = await prepared(
    pool,
    `select r.*, s.name as site_name, s.time_zone_id, s.jurisdiction as site_jurisdiction,
            ti.name as item_name, ti.master_type_id as equipment_id, mt.name as equipment_name,
            fi.name as food_item_name, fi.type as food_item_type, u.first_name as reader_first_name,
            u.last_name as reader_last_name, se.name as sensor_name,
            (select count(*) from temperature_readings cr inner join sites cs on cs.id = cr.site_id
              where ${where('cr', 'cs')}) as total
       from temperature_readings r
       join sites s on s.id = r.site_id
       left join temperature_items ti on ti.id = r.temperature_item_id
       left join master_types mt on mt.id = ti.master_type_id
       left join food_items fi on fi.id = r.food_item_id
       left join users u on u.id = r.read_by
       left join sensors se on se.id = r.sensor_id
      where ${where('r', 's')}
      order by r.read_at desc, r.id desc limit $7 offset $8`,
    [orgId, siteID, from, until, startDate, endDate, query.limit, (query.page - 1) * query.limit],
  );
  const list = rows.map((row) => {
    const legal = row.jurisdiction === 'GB-ENG' ? (legalLimits[row.log_type] ?? {}) : {};
    return {
      _id: row.id,
      orgId: row.org_id,
      siteID: row.site_id,
      siteName: row.site_name,
      timeZoneId: row.time_zone_id,
      logType: row.log_type,
      checkKind: row.check_kind,
      checkLabel: checkLabels[row.check_kind] ?? row.check_kind,
      item:
        row.temperature_item_id !== null
          ? {
              _id: row.temperature_item_id,
              kind: 'TEMPERATURE_ITEM',
              name: row.item_name,
              equipmentID: row.equipment_id,
              equipmentName: row.equipment_name,
            }
          : {
              _id: row.food_item_id,
              kind: row.food_item_type === 'PROB' ? 'PROBE' : 'FOOD_ITEM',
              name: row.food_item_name,
              equipmentID: null,
              equipmentName: null,
            },
      celsius: row.celsius,
      readAt: row.read_at.toISOString(),
      receivedAt: row.received_at.toISOString(),
      backFilled: row.back_filled,
      readBy:
        row.source === 'SENSOR'
          ? { _id: row.sensor_id, name: `Sensor “${row.sensor_name ?? ''}”` }
          : { _id: row.read_by, name: `${row.reader_first_name ?? ''} ${row.reader_last_name ?? ''}`.trim() },
      source: row.source,
      limits: {
        lowerLimit: row.lower_limit,
        upperLimit: row.upper_limit,
        warnUpTo: row.warn_up_to,
        ...legal,
      },
      result: row.result,
      aboveLegalLimit: legal.legalMaximum !== undefined && row.celsius > legal.legalMaximum,
      jurisdiction: row.jurisdiction,
      temperatureUnit: 'C',
      correctiveAction: row.corrective_action,
      note: row.note,
      coolingStartedAt: isoOrNull(row.cooling_started_at),
      hotHoldEnded: row.hot_hold_ended,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  });
  return ok({ list, records: rows[0]?.total ?? 0, ...query });
});

// Stored settings with the keys they lack at their defaults, as the API answers a profile.
const defaultNotificationSettings = JSON.stringify({
  taskOverdue: true,
  temperatureFailure: true,
  nearMissReported: true,
  documentExpiry: true,
  weeklySummary: false,
  checksMissed: true,
  sensorOffline: true,
  followUpDue: true,
  temperatureFailureInConsole: true,
  sensorOfflineInConsole: true,
  nearMissReportedInConsole: true,
  taskOverdueInConsole: true,
  checksMissedInConsole: true,
  followUpDueInConsole: true,
  documentExpiryInConsole: true,
  inConsole: true,
  allSites: true,
});

app.get('/api/v1/user-profile/view-me', async (request) => {
  const { userId } = await caller(request, 'web');
  const {
    rows: [row],
  } = await prepared(
    pool,
    `select u.*, o.name as organization_name from users u left join organizations o on o.id = u.org_id
      where u.id = $1 and u.deleted_at is null`,
    [userId],
  );
  if (!row) throw notFound('User');
  return ok({
    _id: row.id,
    userID: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    mobileNumber: row.mobile_number,
    gender: row.gender,
    orgId: row.org_id,
    organizationName: row.organization_name,
    notificationSettings: { ...JSON.parse(defaultNotificationSettings), ...row.notification_settings },
    language: row.language,
    dateFormat: row.date_format,
    hasPin: row.pin_hash !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  });
});

// ---------------------------------------------------------------------------------------------------
// An occurrence of a task, as the console's day list and the staff's calls answer it.

const statusWords = { PENDING: 'pending', COMPLETED: 'done', FAILED: 'failed' };

/**
 * The columns an occurrence's answer reads beside its row, for a statement joining `individual_tasks t`,
 * `master_tasks m`, the master task's site `s` and its live category `c`.
 */
const occurrenceDetails = `m.name, m.description, m.photo_required, m.due_slot, m.due_time, m.follow_up,
  m.created_at as master_created_at, c.id as category_id, c.name as category_name, s.time_zone_id,
  (select coalesce(json_agg(json_build_object('_id', d.id, 'name', d.name) order by lower(d.name)), '[]')
     from master_task_departments md join departments d on d.id = md.department_id and d.deleted_at is null
    where md.master_task_id = m.id) as departments,
  (select coalesce(json_agg(json_build_object('_id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
                                              'email', u.email)), '[]')
     from master_task_assignees a join users u on u.id = a.user_id where a.master_task_id = m.id) as assignees,
  (select count(*) from task_comments k
    where k.individual_task_id = t.id and k.type = 'TEXT' and k.deleted_at is null) as text_comments,
  (select count(*) from task_comments k
    where k.individual_task_id = t.id and k.type = 'IMAGE' and k.deleted_at is null) as image_comments,
  (select coalesce(json_agg(json_build_object('_id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
                                              'email', u.email)), '[]')
     from users u where u.id = any(array(select t.completed_by union
       select (line ->> 'changedBy')::uuid from jsonb_array_elements(t.items) as line))) as people`;
const occurrenceJoins = `join master_tasks m on m.id = t.master_task_id
  join sites s on s.id = m.site_id
  left join task_categories c on c.id = m.category_id and c.deleted_at is null`;

function bucketOf(row, now) {
  if (row.status === 'DELETED') return 'DELETED';
  if (row.status === 'COMPLETED') {
    if (row.entered_after_the_fact) return 'LATE';
    return (row.completed_at ?? row.expire_on) <= row.expire_on ? 'ON_TIME' : 'LATE';
  }
  return now < row.expire_on ? 'UPCOMING' : 'INCOMPLETE';
}

const byFullName = (a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`);
const lateSyncMs = 30 * 60_000;

/** An occurrence's answer from a row read with `occurrenceDetails`. */
function occurrenceOf(row, now) {
  const people = new Map(row.people.map((person) => [person._id, person]));
  const person = (id) => (id ? (people.get(id) ?? null) : null);
  return {
    _id: row.id,
    orgId: row.org_id,
    masterTaskID: row.master_task_id,
    siteID: row.site_id,
    name: row.name,
    description: row.description,
    category: row.category_id && row.category_name ? { _id: row.category_id, name: row.category_name } : null,
    assignees: row.assignees.sort(byFullName),
    departments: row.departments,
    taskDate: row.task_date,
    opensAt: row.opens_at.toISOString(),
    expireOn: row.expire_on.toISOString(),
    dueSlot: row.due_slot,
    dueTime: row.due_time,
    status: row.status,
    bucket: bucketOf(row, now),
    photoRequired: row.photo_required,
    itemCheckList: row.items.map((item) => ({
      _id: item.id,
      text: item.text,
      required: item.required,
      photoRequired: item.photoRequired,
      status: item.status,
      statusChangeOn: item.statusChangeOn,
      changedBy: person(item.changedBy),
      comment: item.comment,
    })),
    completedAt: isoOrNull(row.completed_at),
    completedBy: person(row.completed_by),
    syncedAt: isoOrNull(row.synced_at),
    syncedLate:
      row.completed_at !== null &&
      row.synced_at !== null &&
      !row.entered_after_the_fact &&
      row.synced_at - row.completed_at > lateSyncMs,
    enteredAfterTheFact: row.entered_after_the_fact,
    commentCount: row.text_comments,
    imageCount: row.image_comments,
    timeZoneId: row.time_zone_id,
    // A follow-up check is made by a temperature reading; the bench's tasks are all scheduled ones.
    followUp: null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The dashboard bucket of the occurrence `t` at `$now`, as SQL. */
const bucketSql = (now) => `case
  when t.status = 'DELETED' then 'DELETED'
  when t.status = 'COMPLETED' then
    case when not t.entered_after_the_fact and coalesce(t.completed_at, t.expire_on) <= t.expire_on
      then 'ON_TIME' else 'LATE' end
  when ${now}::timestamptz < t.expire_on then 'UPCOMING'
  else 'INCOMPLETE' end`;

const daySorts = { _id: 't.id', expireOn: 't.expire_on, t.id', name: 'lower(m.name), t.id' };
// A site's day of tasks in two statements, as the API reads a made day: the site with the day's counts,
// then the page. The API's first statement also checks that the day is made; the floor makes no day.
app.get('/api/v1/master-task/web-app-list', async (request) => {
  const { orgId } = await caller(request, 'web');
  const query = pageOf(request.query);
  const sort = daySorts[request.query.sort ?? '_id'];
  if (!sort) throw badRequest('The floor sorts a day by _id, expireOn or name');
  const now = new Date();
  const {
    rows: [day],
  } = await prepared(
    pool,
    `select ls.time_zone_id, ${madeSql('$1', '$2', '$3', '$3')} as made, (
       select coalesce(json_agg(json_build_object('bucket', counted.bucket, 'n', counted.n, 'listed', counted.listed)), '[]')
         from (select ${bucketSql('$4')} as bucket, count(*) as n, count(*) filter (where t.status <> 'DELETED') as listed
                 from individual_tasks t where t.site_id = $2 and t.task_date = $3 group by 1) as counted) as buckets
       from sites ls where ls.id = $2 and ls.org_id = $1 and ls.deleted_at is null`,
    [orgId, request.query.siteID, request.query.taskListDate, now],
  );
  if (!day) throw notFound('Site');
  const counts = { ALL: 0, UPCOMING: 0, ON_TIME: 0, LATE: 0, INCOMPLETE: 0, DELETED: 0 };
  let records = 0;
  for (const bucket of day.buckets) {
    counts[bucket.bucket] = bucket.n;
    if (bucket.bucket !== 'DELETED') counts.ALL += bucket.n;
    records += bucket.listed;
  }
  const offset = (query.page - 1) * query.limit;
  const { rows } =
    offset < records
      ? await prepared(
          pool,
          `select t.*, ${occurrenceDetails} from individual_tasks t ${occurrenceJoins}
            where t.site_id = $1 and t.task_date = $2 and t.status <> 'DELETED'
            order by ${sort} limit $3 offset $4`,
          [request.query.siteID, request.query.taskListDate, query.limit, offset],
        )
      : { rows: [] };
  return ok({
    list: rows.map((row) => occurrenceOf(row, now)),
    records,
    ...query,
    timeZoneId: day.time_zone_id,
    counts,
  });
});

/**
 * Whether the master tasks' watermarks say the site's days from `$from` to `$to` are all made, as the API's
 * reads check beside their counts (site `$site` of organisation `$org`).
 */
const madeSql = (org, site, from, to) => `not exists (select mk.id from master_tasks mk
  inner join sites ms on ms.id = mk.site_id inner join organizations mo on mo.id = mk.org_id
  where mk.deleted_at is null and ms.deleted_at is null and mo.deleted_at is null and mk.org_id = ${org}
    and mk.site_id in (${site}) and mk.start_date <= ${to} and (mk.repeat <> 'ONCE' or mk.start_date >= ${from})
    and (mk.end_date is null or mk.end_date >= ${from}) and (mk.stopped_from is null or mk.stopped_from > ${from})
    and (mk.made_through is null or mk.made_through < ${to}))`;

/** What the logs hold for the site `place`, counted for the dashboard as the API counts them ($1 now, $2 org). */
const attentionSql = `(select json_build_object(
    'documentsExpiring', (select count(*) from documents dc
      where dc.org_id = $2 and dc.deleted_at is null and (dc.site_id = place.site_id or dc.site_id is null)
        and dc.expires_on is not null and (dc.expires_on - ($1::timestamptz at time zone coalesce(
          (select zs.time_zone_id from sites zs where zs.id = dc.site_id), place.zone))::date) between 0 and 30),
    'documentsExpired', (select count(*) from documents dc
      where dc.org_id = $2 and dc.deleted_at is null and (dc.site_id = place.site_id or dc.site_id is null)
        and dc.expires_on is not null and (dc.expires_on - ($1::timestamptz at time zone coalesce(
          (select zs.time_zone_id from sites zs where zs.id = dc.site_id), place.zone))::date) <= -1),
    'temperatureFailures', (select count(*) from temperature_readings tr
      where tr.site_id = place.site_id and tr.deleted_at is null and tr.read_at >= place.from_at
        and tr.read_at < place.until_at and tr.result = 'FAIL'),
    'openNearMisses', (select count(*) from near_misses nm
      where nm.site_id = place.site_id and nm.deleted_at is null and nm.status in ('REPORTED', 'PENDING')),
    'actionsAwaitingAction', (select count(*) from corrective_actions ca
      where ca.site_id = place.site_id and ca.deleted_at is null and ca.state = 'OPEN'),
    'actionsAwaitingVerification', (select count(*) from corrective_actions ca
      where ca.site_id = place.site_id and ca.deleted_at is null and ca.state = 'ACTION_RECORDED'),
    'actionsOverdue', (select count(*) from corrective_actions ca
      where ca.site_id = place.site_id and ca.deleted_at is null and ca.state = 'OPEN' and ca.due_at <= $1),
    'reviewsDue', (select count(*) from site_reviews sr
      where sr.site_id = place.site_id and sr.deleted_at is null and sr.state = 'DRAFT'
        and sr.period_end < ($1::timestamptz at time zone place.zone)::date))
  from unnest($3::uuid[], $4::text[], $5::timestamptz[], $6::timestamptz[]) as place(site_id, zone, from_at, until_at))`;

const dayMs = 86_400_000;
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

// A site's week of tasks by day and bucket beside the logs' counts: the site (with its hours) as the API's
// gate reads it, then one statement of counts. The opening hours are the site's stored ones: the API's
// also move a time the clocks skip (a daylight-saving night), which the bench's week does not hold.
app.get('/api/v1/task-dashboard/site', async (request) => {
  const { orgId } = await caller(request, 'web');
  const { siteID, startDate, endDate } = request.query;
  if (!siteID || !startDate || !endDate) throw badRequest('The floor answers a site over a range of dates');
  const {
    rows: [site],
  } = await prepared(
    pool,
    `select id, time_zone_id, timing, slot_windows from sites where id = $1 and org_id = $2 and deleted_at is null`,
    [siteID, orgId],
  );
  if (!site) throw notFound('Site');
  const now = new Date();
  const zone = site.time_zone_id;
  const {
    rows: [read],
  } = await prepared(
    pool,
    `select ${madeSql('$2', '$7', '$8', '$9')} as made,
       (select coalesce(json_agg(json_build_object('taskDate', to_char(bucketed.task_date, 'YYYY-MM-DD'),
                                                   'bucket', bucketed.bucket, 'n', bucketed.n)), '[]')
          from (select t.task_date, ${bucketSql('$1')} as bucket, count(*) as n from individual_tasks t
                 where t.site_id = $7 and t.task_date between $8 and $9 and t.status <> 'DELETED'
                 group by 1, 2) as bucketed) as counted,
       ${attentionSql} as attention
     from sites ds where ds.id = $7`,
    [
      now,
      orgId,
      [siteID],
      [zone],
      [midnightIn(zone, startDate)],
      [midnightIn(zone, addDays(endDate, 1))],
      siteID,
      startDate,
      endDate,
    ],
  );
  const empty = () => ({ UPCOMING: 0, ON_TIME: 0, LATE: 0, INCOMPLETE: 0 });
  const byDate = new Map();
  const buckets = empty();
  for (const { taskDate, bucket, n } of read.counted) {
    if (bucket === 'DELETED') continue;
    const day = byDate.get(taskDate) ?? empty();
    day[bucket] += n;
    byDate.set(taskDate, day);
    buckets[bucket] += n;
  }
  const days = [];
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const hours = site.timing.find((entry) => entry.day === weekday);
    const open = hours?.isOpen === true;
    const day = byDate.get(date) ?? empty();
    days.push({
      date,
      isOpen: open,
      openTime: open ? hours.openTime : null,
      closeTime: open ? hours.closeTime : null,
      due: day.UPCOMING + day.ON_TIME + day.LATE + day.INCOMPLETE,
      onTime: day.ON_TIME,
      late: day.LATE,
      incomplete: day.INCOMPLETE,
      upcoming: day.UPCOMING,
    });
  }
  return ok({ timeZoneId: zone, startDate, endDate, buckets, days, attention: read.attention });
});

// ---------------------------------------------------------------------------------------------------
// The staff's sync: a phone polls its day, ticks a checklist line, completes a task.

/** Whether the occurrence `t` is `$person`'s: assigned to them, to a department of theirs, or to nobody. */
const forPerson = (person) => `(
  exists (select 1 from master_task_assignees a where a.master_task_id = t.master_task_id and a.user_id = ${person})
  or exists (select 1 from master_task_departments md join departments d on d.id = md.department_id
               join user_departments ud on ud.department_id = md.department_id
              where md.master_task_id = t.master_task_id and d.deleted_at is null and ud.user_id = ${person})
  or (not exists (select 1 from master_task_assignees a where a.master_task_id = t.master_task_id)
      and not exists (select 1 from master_task_departments md join departments d on d.id = md.department_id
                       where md.master_task_id = t.master_task_id and d.deleted_at is null)))`;

// The day's tasks are made ahead by the API's job, and the bench's were loaded: the floor reads them and
// makes none, in two statements (the caller's sites, then their tasks with everything the answer shows).
const staffSitesSql = `select s.id, s.name, s.time_zone_id from sites s
  join site_members sm on sm.site_id = s.id and sm.user_id = $1
  where s.org_id = $2 and s.deleted_at is null order by s.name, s.id`;
const staffDaySql = `select t.*, ${occurrenceDetails}
  from individual_tasks t ${occurrenceJoins}
  where t.org_id = $1 and (t.site_id, t.task_date) in (select * from unnest($2::uuid[], $3::date[]))
    and t.status <> 'DELETED' and ${forPerson('$4::uuid')}
  order by t.expire_on, t.id`;

app.get('/api/v1/task-new-version/my-tasks', async (request) => {
  const { userId, orgId } = await caller(request, 'mobile');
  const now = new Date();
  const { rows: siteRows } = await prepared(pool, staffSitesSql, [userId, orgId]);
  const sites = siteRows.map((site) => ({
    siteID: site.id,
    name: site.name,
    timeZoneId: site.time_zone_id,
    date: request.query.date ?? localDate(site.time_zone_id, now),
  }));
  const { rows } = sites.length
    ? await prepared(pool, staffDaySql, [
        orgId,
        sites.map((site) => site.siteID),
        sites.map((site) => site.date),
        userId,
      ])
    : { rows: [] };
  return ok({ list: rows.map((row) => occurrenceOf(row, now)), records: rows.length, sites });
});

/**
 * The occurrence a staff change names, locked for the change with its organisation (whose row lock
 * serialises the organisation's history chain, as the API's does), with its master task's rules, its
 * photos, everything its answer shows, and who the caller is; only on a live site the caller works at.
 */
const lockedOccurrenceSql = `select t.*, ${occurrenceDetails},
    (select coalesce(json_agg(k.checklist_item_id), '[]') from task_comments k
      where k.individual_task_id = t.id and k.type = 'IMAGE' and k.deleted_at is null) as image_lines,
    me.first_name as actor_first_name, me.last_name as actor_last_name, me.email as actor_email
  from individual_tasks t
  join sites ts on ts.id = t.site_id and ts.deleted_at is null
  join site_members sm on sm.site_id = t.site_id and sm.user_id = $4
  join users me on me.id = $4
  join organizations o on o.id = t.org_id
  ${occurrenceJoins}
  where t.id = $1 and t.master_task_id = $2 and t.org_id = $3
  for no key update of t, o`;

/**
 * The change in one statement, which starts once the chain's lock is held and so sees its last entry: the
 * client's id of the write claimed (a copy sent again claims nothing and changes nothing), the occurrence
 * written, its history entry appended after the chain's last one, and on a completion the task's alerts
 * acknowledged, as the API does. The entry's hash is the API's, SHA-256 of the entry's canonical JSON,
 * taken in the database around the two links only it knows (`$12` + position + `$13` + previous hash +
 * `$14`), so the record check holds over the floor's writes too.
 */
const writeSql = `with claim as (
    insert into staff_client_writes (org_id, client_id, user_id, "call", record_id, created_at)
    values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning record_id),
  changed as (
    update individual_tasks set items = $7::jsonb, status = $8, completed_at = $9, completed_by = $10,
           synced_at = $11, entered_after_the_fact = false, updated_at = $6
     where id = $5 and exists (select 1 from claim) returning id),
  link as (
    select coalesce(last_entry.position, 0) + 1 as position, last_entry.hash as previous_hash
      from (select 1) as anchor
      left join (select "position", hash from record_history where org_id = $1
                  order by "position" desc limit 1) as last_entry on true),
  entry as (
    insert into record_history (id, org_id, site_id, subject, record_id, action, changes, reason, actor_id,
                                actor_name, at, "position", previous_hash, hash)
    select $15::uuid, $1::uuid, $16::uuid, 'Task', $5::uuid, 'update', $17::jsonb, null, $3::uuid, $18::text,
           $6::timestamptz, link.position, link.previous_hash,
           encode(sha256(convert_to($12::text || link.position::text || $13::text
             || coalesce(to_json(link.previous_hash)::text, 'null') || $14::text, 'UTF8')), 'hex')
      from link where exists (select 1 from changed)),
  acknowledged as (
    update alert_events set acknowledged_at = $6, acknowledged_by = $3
     where $19::boolean and org_id = $1 and record_id = $5 and acknowledged_at is null
       and exists (select 1 from changed))
  select count(*) as written from changed`;

/** JSON with object keys sorted at every depth: what a history entry's hash covers. */
function canonicalJson(value) {
  const write = (node) => {
    if (Array.isArray(node)) return `[${node.map(write).join(',')}]`;
    if (node !== null && typeof node === 'object') {
      const members = Object.keys(node)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${write(node[key])}`);
      return `{${members.join(',')}}`;
    }
    return JSON.stringify(node);
  };
  return write(JSON.parse(JSON.stringify(value)));
}

/** What a history entry keeps of an occurrence. */
const snapshotOf = (row, summary) => ({
  summary,
  status: row.status,
  completedAt: isoOrNull(row.completed_at),
  completedBy: row.completed_by,
  enteredAfterTheFact: row.entered_after_the_fact,
  items: row.items.map((item) => ({
    id: item.id,
    status: item.status,
    statusChangeOn: item.statusChangeOn,
    changedBy: item.changedBy,
    comment: item.comment,
  })),
});

const syncWindowMs = Number(process.env.FLOOR_SYNC_WINDOW_HOURS ?? 72) * 3_600_000;
const clockSkewMs = 2 * 60_000;

/** The device's time of a change, by the API's rule: not ahead beyond the skew, not too old, not too early. */
function deviceTime(text, row, now, field) {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw badRequest(`${field} is not a time`);
  if (at - now > clockSkewMs) throw badRequest(`${field} is after the server's time`);
  if (now - at > syncWindowMs) throw badRequest(`${field} is older than the sync window`);
  if (at < row.opens_at || at < row.master_created_at) throw badRequest(`${field} is before the task opens`);
  return at > now ? now : at;
}

/** The links of a chain entry cut out of its canonical JSON: the text before, between and after them. */
function linkTemplate(content) {
  const text = canonicalJson({ ...content, position: 0, previousHash: null });
  const links = '"position":0,"previousHash":null';
  const at = text.lastIndexOf(links);
  return [`${text.slice(0, at)}"position":`, ',"previousHash":', text.slice(at + links.length)];
}

/**
 * A staff change of one occurrence in one transaction of four statements (begin, the locked read, the
 * write, commit). `decide` answers the row's new state and the history's summary from the locked row.
 */
async function changeOccurrence(request, call, decide) {
  const { userId, orgId } = await caller(request, 'mobile');
  const body = request.body ?? {};
  if (typeof body.individualTaskID !== 'string' || typeof body.masterTaskID !== 'string')
    throw badRequest('masterTaskID and individualTaskID are required');
  // The kitchen app sends an id of its own with every write; a copy sent again is the API's to answer.
  if (typeof body.clientId !== 'string') throw badRequest('The floor takes writes with a clientId');
  const client = await pool.connect();
  try {
    await client.query('begin');
    const now = new Date();
    const {
      rows: [row],
    } = await prepared(client, lockedOccurrenceSql, [
      body.individualTaskID,
      body.masterTaskID,
      orgId,
      userId,
    ]);
    if (!row) throw notFound('Task');
    if (row.status === 'DELETED') throw conflict('This task was deleted; it can no longer be changed');
    const { after, summary } = decide(row, body, now, userId);
    const actorName = `${row.actor_first_name} ${row.actor_last_name}`.trim();
    const changes = JSON.parse(
      canonicalJson({ before: snapshotOf(row, summary), after: snapshotOf(after, summary) }),
    );
    const [head, middle, tail] = linkTemplate({
      orgId,
      siteId: row.site_id,
      subject: 'Task',
      recordId: row.id,
      action: 'update',
      changes,
      reason: null,
      actorId: userId,
      actorName,
      at: now.toISOString(),
    });
    const {
      rows: [written],
    } = await prepared(client, writeSql, [
      orgId,
      body.clientId,
      userId,
      call,
      row.id,
      now,
      JSON.stringify(after.items),
      after.status,
      after.completed_at,
      after.completed_by,
      after.synced_at,
      head,
      middle,
      tail,
      uuidv7(),
      row.site_id,
      JSON.stringify(changes),
      actorName,
      after.status === 'COMPLETED' && row.status !== 'COMPLETED',
    ]);
    if (written.written !== 1)
      throw conflict('This write was made before (its clientId); the floor answers no copy');
    await client.query('commit');
    // The answer names the caller where the change does.
    const actor = {
      _id: userId,
      firstName: row.actor_first_name,
      lastName: row.actor_last_name,
      email: row.actor_email,
    };
    const people = [...row.people.filter((one) => one._id !== userId), actor];
    return occurrenceOf({ ...after, people, updated_at: now }, now);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The state of a completed occurrence. */
const completedBy = (row, at, userId, now) => ({
  ...row,
  status: 'COMPLETED',
  completed_at: at,
  completed_by: userId,
  synced_at: now,
  entered_after_the_fact: false,
});

/** Why an occurrence cannot be completed yet: a required line still pending, a photo missing. */
function completionProblems(items, photoRequired, imageLines) {
  const problems = [];
  for (const item of items) {
    if (item.required && item.status === 'PENDING') problems.push(`"${item.text}" is not done yet`);
    if (item.photoRequired && !imageLines.includes(item.id)) problems.push(`"${item.text}" needs a photo`);
  }
  if (photoRequired && imageLines.length === 0) problems.push('This task needs a photo');
  return problems;
}

app.put('/api/v1/task-new-version/check-list-item-status-change', async (request) => {
  const task = await changeOccurrence(
    request,
    'PUT /task-new-version/check-list-item-status-change',
    (row, body, now, userId) => {
      // A follow-up check is ticked by its reading; the bench's tasks are all scheduled ones.
      if (row.follow_up !== null)
        throw conflict('This follow-up check is done by recording a temperature reading');
      const item = row.items.find((line) => line.id === body.checkListID);
      if (!item) throw badRequest('This task has no such checklist item');
      if (!(body.status in statusWords)) throw badRequest('status is not a checklist status');
      // A FAILED line opens its corrective action in the API; the bench ticks and unticks only.
      if (body.status === 'FAILED') throw badRequest('The floor ticks and unticks lines only');
      if (body.status !== 'PENDING' && item.photoRequired && !row.image_lines.includes(item.id))
        throw badRequest(`"${item.text}" needs a photo`);
      // A change to a completed task needs a reason, which the bench never sends.
      if (row.status === 'COMPLETED')
        throw badRequest('Say why you are changing a task that was already completed');
      const at = deviceTime(body.changedAt, row, now, 'changedAt');
      const items = row.items.map((line) =>
        line.id === item.id
          ? {
              ...line,
              status: body.status,
              statusChangeOn: at.toISOString(),
              changedBy: userId,
              comment: body.comment ?? null,
            }
          : line,
      );
      let after = { ...row, items };
      if (
        row.status === 'PENDING' &&
        items.every((line) => !line.required || line.status !== 'PENDING') &&
        completionProblems(items, row.photo_required, row.image_lines).length === 0
      )
        after = completedBy(after, at, userId, now);
      const summary =
        `"${item.text}" changed from ${statusWords[item.status]} to ${statusWords[body.status]}` +
        (after.status === 'COMPLETED' && row.status !== 'COMPLETED' ? ', completing the task' : '');
      return { after, summary };
    },
  );
  return ok(task, 'Checklist updated');
});

app.put('/api/v1/task-new-version/complete', async (request) => {
  const task = await changeOccurrence(request, 'PUT /task-new-version/complete', (row, body, now, userId) => {
    if (row.status === 'COMPLETED') throw conflict('This task is already completed');
    // A follow-up check is completed by its reading; the bench's tasks are all scheduled ones.
    if (row.follow_up !== null)
      throw conflict('This follow-up check is done by recording a temperature reading');
    const at = deviceTime(body.completedAt, row, now, 'completedAt');
    const problems = completionProblems(row.items, row.photo_required, row.image_lines);
    if (problems.length > 0) throw badRequest(`This task cannot be completed yet: ${problems.join('; ')}`);
    return { after: completedBy(row, at, userId, now), summary: 'Completed' };
  });
  return ok(task, 'Task completed');
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
