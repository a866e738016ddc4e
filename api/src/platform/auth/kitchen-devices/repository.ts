import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  enrolmentCodeMinutes,
  type KitchenDevice,
  type KitchenDeviceSortColumn,
  type KitchenDeviceStatus,
  type KitchenPerson,
  type ListQuery,
  type TabletDevice,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { kitchenDevices, organizations, siteMembers, sites, users } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { orderBy, pageOf } from '../../http/list.js';
import { searchWhere } from '../../http/records.js';
import { sameName } from '../../http/repository.js';
import { liveSiteIds, type RecordScope, type SitePlace } from '../../http/site-scope.js';
import { revokeSessionsOfDevice } from '../sessions.js';
import { hashDeviceSecret, newDeviceSecret, newEnrolmentCode } from './secrets.js';

// Kitchen tablets in SQL. A device is never deleted, only revoked: the sessions made on it name it. Every
// read is scoped to one organisation and to its live sites, as the other site records' are.

export type KitchenDeviceRow = typeof kitchenDevices.$inferSelect;

const minuteMs = 60_000;
/** A tablet asks for its people every half minute: its last-seen time is written at most once a minute. */
const seenEveryMs = minuteMs;

const sortColumns = {
  _id: kitchenDevices.id,
  name: sql`lower(${kitchenDevices.name})`,
  enrolledAt: kitchenDevices.enrolledAt,
  lastSeenAt: kitchenDevices.lastSeenAt,
  createdAt: kitchenDevices.createdAt,
  updatedAt: kitchenDevices.updatedAt,
};

const inScope = (db: Database | Tx, scope: RecordScope) =>
  and(
    eq(kitchenDevices.orgId, scope.orgId),
    inArray(kitchenDevices.siteId, liveSiteIds(db, scope.orgId, scope.siteIds)),
  );

/** One page of devices in `scope`, and how many match in all. */
export function listDevices(
  db: Database,
  scope: RecordScope,
  query: ListQuery<KitchenDeviceSortColumn>,
): Promise<{ rows: KitchenDeviceRow[]; total: number }> {
  return pageOf<KitchenDeviceRow>(
    db,
    { table: kitchenDevices, columns: getTableColumns(kitchenDevices) },
    and(inScope(db, scope), searchWhere(query.search, [kitchenDevices.name])),
    orderBy(query, sortColumns, kitchenDevices.id),
    query,
  );
}

/** One device of the organisation on a live site; another organisation's is not found. */
export async function findDevice(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<KitchenDeviceRow | undefined> {
  const query = db
    .select()
    .from(kitchenDevices)
    .where(and(eq(kitchenDevices.id, id), inScope(db, { orgId })));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** 409 when a device of the site that is not revoked already has the name (the list could not tell them apart). */
async function assertNameFree(db: Database | Tx, siteId: string, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: kitchenDevices.id })
    .from(kitchenDevices)
    .where(
      and(
        eq(kitchenDevices.siteId, siteId),
        isNull(kitchenDevices.revokedAt),
        sameName(kitchenDevices.name, name),
        exceptId === undefined ? undefined : ne(kitchenDevices.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) {
    throw conflict(`A tablet called "${name}" already exists on this site`, {
      name: ['A tablet with this name already exists on this site'],
    });
  }
}

/**
 * A code no other device holds now (expired ones included, so an expired code is still told apart from a
 * wrong one). Eight digits make a clash rare, never impossible.
 */
async function freeCode(db: Database | Tx): Promise<{ code: string; hash: string }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newEnrolmentCode();
    const hash = hashDeviceSecret(code);
    const [taken] = await db
      .select({ id: kitchenDevices.id })
      .from(kitchenDevices)
      .where(eq(kitchenDevices.enrolmentCodeHash, hash));
    if (!taken) return { code, hash };
  }
  throw new Error('no free enrolment code after 5 attempts');
}

const codeExpiry = (now: Date, minutes = enrolmentCodeMinutes) =>
  new Date(now.getTime() + minutes * minuteMs);

/** A new device waiting to be enrolled; answers the row and its code, which is not kept. */
export async function insertDevice(
  tx: Tx,
  place: SitePlace,
  fields: { name: string },
  by: string | null,
  now: Date,
  code?: { code: string; validMinutes: number },
): Promise<{ row: KitchenDeviceRow; code: string }> {
  await assertNameFree(tx, place.siteID, fields.name);
  const issued = code ? { code: code.code, hash: hashDeviceSecret(code.code) } : await freeCode(tx);
  const [row] = await tx
    .insert(kitchenDevices)
    .values({
      id: newId(),
      orgId: place.orgId,
      siteId: place.siteID,
      name: fields.name,
      enrolmentCodeHash: issued.hash,
      enrolmentExpiresAt: codeExpiry(now, code?.validMinutes),
      createdBy: by,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { row, code: issued.code };
}

async function setDevice(
  db: Database | Tx,
  current: KitchenDeviceRow,
  values: Partial<typeof kitchenDevices.$inferInsert>,
  now: Date,
): Promise<KitchenDeviceRow> {
  const [row] = await db
    .update(kitchenDevices)
    .set({ ...values, updatedAt: now })
    .where(eq(kitchenDevices.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function renameDevice(db: Database | Tx, current: KitchenDeviceRow, name: string, now: Date) {
  await assertNameFree(db, current.siteId, name, current.id);
  return setDevice(db, current, { name }, now);
}

/**
 * A new one-time code for a device that is not revoked. An enrolled tablet keeps working until the code is
 * used: then the tablet that used it takes the device's place, and the old one is signed out.
 */
export async function newCodeFor(
  db: Database | Tx,
  current: KitchenDeviceRow,
  now: Date,
): Promise<{ row: KitchenDeviceRow; code: string }> {
  if (current.revokedAt !== null) {
    throw conflict('This tablet was revoked: enrol it again as a new tablet');
  }
  const issued = await freeCode(db);
  const row = await setDevice(
    db,
    current,
    { enrolmentCodeHash: issued.hash, enrolmentExpiresAt: codeExpiry(now) },
    now,
  );
  return { row, code: issued.code };
}

/**
 * Revokes a device: its secret and any code stop working, and every session made on it ends at once
 * (through auth_sessions, whose changes every instance hears). Revoking it again changes nothing.
 */
export async function revokeDevice(db: Database | Tx, current: KitchenDeviceRow, by: string, now: Date) {
  if (current.revokedAt !== null) return current;
  const row = await setDevice(
    db,
    current,
    { revokedAt: now, revokedBy: by, secretHash: null, enrolmentCodeHash: null, enrolmentExpiresAt: null },
    now,
  );
  await revokeSessionsOfDevice(db, current.id, 'device revoked', now);
  return row;
}

// ---- the tablet -----------------------------------------------------------------------------------------

/** The device columns a tablet's calls read, with its site and organisation as the tablet shows them. */
const tabletColumns = {
  device: getTableColumns(kitchenDevices),
  siteName: sites.name,
  timeZoneId: sites.timeZoneId,
  organizationName: organizations.name,
};

type TabletRow = { device: KitchenDeviceRow; siteName: string; timeZoneId: string; organizationName: string };

export const tabletDeviceOf = (row: TabletRow): TabletDevice => ({
  _id: row.device.id,
  name: row.device.name,
  siteID: row.device.siteId,
  siteName: row.siteName,
  timeZoneId: row.timeZoneId,
  organizationName: row.organizationName,
});

/** Devices matching `where` that are not revoked, on a live site of an open organisation. */
const tabletRows = (db: Database | Tx, where: SQL) =>
  db
    .select(tabletColumns)
    .from(kitchenDevices)
    .innerJoin(sites, eq(sites.id, kitchenDevices.siteId))
    .innerJoin(organizations, eq(organizations.id, kitchenDevices.orgId))
    .where(
      and(where, isNull(kitchenDevices.revokedAt), isNull(sites.deletedAt), isNull(organizations.deletedAt)),
    );

/** The outcome of an enrolment code: the enrolled device and its new secret, or why the code was refused. */
export type Enrolment =
  { kind: 'enrolled'; row: TabletRow; secret: string } | { kind: 'unknown' } | { kind: 'expired' };

/**
 * Trades a code (its 8 digits) for a device secret, once. A device enrolled before is enrolled again: the
 * new tablet takes its place, and every session of the old one ends.
 */
export function enrolDevice(db: Database, code: string, now: Date): Promise<Enrolment> {
  return db.transaction(async (tx) => {
    const [found] = await tabletRows(tx, eq(kitchenDevices.enrolmentCodeHash, hashDeviceSecret(code))).for(
      'update',
      { of: kitchenDevices },
    );
    if (!found) return { kind: 'unknown' as const };
    const { device } = found;
    if (device.enrolmentExpiresAt === null || device.enrolmentExpiresAt <= now) {
      return { kind: 'expired' as const };
    }
    const secret = newDeviceSecret();
    const enrolled = await setDevice(
      tx,
      device,
      {
        secretHash: hashDeviceSecret(secret),
        enrolmentCodeHash: null,
        enrolmentExpiresAt: null,
        enrolledAt: now,
        lastSeenAt: now,
      },
      now,
    );
    if (device.secretHash !== null) await revokeSessionsOfDevice(tx, device.id, 'device enrolled again', now);
    return { kind: 'enrolled' as const, row: { ...found, device: enrolled }, secret };
  });
}

/** The enrolled, unrevoked device a secret names, on a live site; undefined for any other secret. */
export async function deviceOfSecret(db: Database | Tx, secret: string): Promise<TabletRow | undefined> {
  const [row] = await tabletRows(db, eq(kitchenDevices.secretHash, hashDeviceSecret(secret)));
  return row;
}

/** Notes that the tablet called in, at most once a minute (it polls every half minute). */
export async function markSeen(db: Database | Tx, device: KitchenDeviceRow, now: Date) {
  const last = device.lastSeenAt?.getTime();
  if (last !== undefined && now.getTime() - last < seenEveryMs) return;
  await db.update(kitchenDevices).set({ lastSeenAt: now }).where(eq(kitchenDevices.id, device.id));
}

/** Who may sign in on the site's tablet: its live, active staff with a password or a PIN. */
const canSignInOnSite = (orgId: string, siteId: string) =>
  and(
    eq(siteMembers.siteId, siteId),
    eq(users.orgId, orgId),
    eq(users.role, 'STAFF'),
    eq(users.status, 'ACTIVE'),
    isNull(users.deletedAt),
    or(isNotNull(users.passwordHash), isNotNull(users.pinHash)),
  );

/** The site's staff who can sign in, by first name. */
export async function peopleOfSite(
  db: Database | Tx,
  orgId: string,
  siteId: string,
): Promise<KitchenPerson[]> {
  const rows = await db
    .select({
      userID: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      pinHash: users.pinHash,
      language: users.language,
    })
    .from(users)
    .innerJoin(siteMembers, eq(siteMembers.userId, users.id))
    .where(canSignInOnSite(orgId, siteId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), users.id);
  return rows.map(({ pinHash, ...person }) => ({ ...person, hasPin: pinHash !== null }));
}

/** A person who may sign in on the site's tablet, with what the sign-in checks; undefined for anyone else. */
export async function personOnSite(db: Database | Tx, orgId: string, siteId: string, userId: string) {
  const [row] = await db
    .select(getTableColumns(users))
    .from(users)
    .innerJoin(siteMembers, eq(siteMembers.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(siteMembers.siteId, siteId),
        eq(users.orgId, orgId),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

// ---- what the console shows -----------------------------------------------------------------------------

/** Where a device stands at `now`, in the words of the contract's kitchenDeviceStatuses. */
export function statusOf(row: KitchenDeviceRow, now: Date): KitchenDeviceStatus {
  if (row.revokedAt !== null) return 'REVOKED';
  if (row.secretHash !== null) return 'ENROLLED';
  if (row.enrolmentExpiresAt !== null && row.enrolmentExpiresAt > now) return 'PENDING';
  return 'EXPIRED';
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/** DTOs for a page of devices, their sites' names and zones read in one query. */
export async function deviceDtos(
  db: Database | Tx,
  rows: readonly KitchenDeviceRow[],
  now: Date,
): Promise<KitchenDevice[]> {
  const siteIds = [...new Set(rows.map((row) => row.siteId))];
  const found =
    siteIds.length === 0
      ? []
      : await db
          .select({ id: sites.id, name: sites.name, timeZoneId: sites.timeZoneId })
          .from(sites)
          .where(inArray(sites.id, siteIds));
  const siteOf = new Map(found.map((site) => [site.id, site]));
  return rows.map((row) => {
    const site = siteOf.get(row.siteId);
    if (!site) throw new Error(`kitchen device ${row.id} has no site`);
    return {
      _id: row.id,
      orgId: row.orgId,
      name: row.name,
      siteID: row.siteId,
      siteName: site.name,
      timeZoneId: site.timeZoneId,
      status: statusOf(row, now),
      // Only while a code is out: a used or revoked code has no expiry to show.
      enrolmentExpiresAt: row.enrolmentCodeHash === null ? null : iso(row.enrolmentExpiresAt),
      enrolledAt: iso(row.enrolledAt),
      lastSeenAt: iso(row.lastSeenAt),
      createdAt: row.createdAt.toISOString(),
      revokedAt: iso(row.revokedAt),
    };
  });
}
