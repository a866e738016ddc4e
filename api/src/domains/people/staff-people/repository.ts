import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  notInArray,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Gender, ListQuery, Role, StaffSortColumn, StaffStatus } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { departments, userDepartments } from '../schema.js';
import { passwordTokens, siteMembers, sites, users } from '../../../platform/db/schema.js';
import { conflict, fieldError } from '../../../platform/http/errors.js';
import {
  likePattern,
  listIsPrepared,
  offsetOf,
  pageOf,
  pageOfPrepared,
  preparedPage,
  type PreparedPage,
} from '../../../platform/http/list.js';
import { PreparedQueries } from '../../../platform/db/prepared.js';
import { searchWhere } from '../../../platform/http/records.js';
import type { RecordScope } from '../../../platform/http/repository.js';
import { liveSiteIds } from '../../../platform/http/site-scope.js';
import { assertEmailFree } from '../../../platform/auth/users/repository.js';

// Staff are the organisation's users, so they are read and written here rather than through recordsOf
// (which places one record on one site): a person works at several sites, sits in departments of those
// sites, and belongs to the organisation itself. The same pieces apply: every query is scoped to one
// organisation (and, for a site admin, to people of its sites), a page and its total are one query
// (pageOf), and search is searchWhere.

/** A value of a query, or a prepared statement's placeholder for it. */
type Given<T> = T | Placeholder;

/** What the staff screens read of a person: never the password hash, only whether one is set. */
const staffColumns = {
  id: users.id,
  // The scope always names the organisation, so it is never null here.
  orgId: sql<string>`${users.orgId}`,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  mobileNumber: users.mobileNumber,
  gender: users.gender,
  status: users.status,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  provisionedBy: users.provisionedBy,
};

export interface StaffRow {
  id: string;
  orgId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  mobileNumber: string | null;
  gender: Gender | null;
  status: StaffStatus;
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  hasPassword: boolean;
  provisionedBy: 'SCIM' | 'SSO' | null;
}

export type StaffListFilters = {
  search: string;
  sort: ListQuery<StaffSortColumn>['sort'];
  role?: Role | undefined;
  status?: StaffStatus | undefined;
  departmentID?: string | undefined;
};

/**
 * People of the organisation `orgId`: its live users, and with `siteIds` those working at one of them. The
 * values may be a prepared statement's placeholders.
 */
function scopeCondition(
  db: Database | Tx,
  orgId: Given<string>,
  siteIds: readonly Given<string>[] | undefined,
): SQL | undefined {
  return and(
    eq(users.orgId, orgId),
    isNull(users.deletedAt),
    siteIds === undefined ? undefined : inArray(users.id, peopleOfSites(db, orgId, siteIds)),
  );
}

/** Ids of the people working at some live sites of the organisation, as a subquery. */
export function peopleOfSites(db: Database | Tx, orgId: Given<string>, siteIds: readonly Given<string>[]) {
  return db
    .select({ id: siteMembers.userId })
    .from(siteMembers)
    .where(inArray(siteMembers.siteId, liveSiteIds(db, orgId, siteIds)));
}

/** Ids of the people sitting in some departments (and still working at each one's site), as a subquery. */
export function peopleOfDepartments(db: Database | Tx, departmentIds: readonly Given<string>[]) {
  return db
    .select({ id: userDepartments.userId })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .innerJoin(
      siteMembers,
      and(eq(siteMembers.userId, userDepartments.userId), eq(siteMembers.siteId, departments.siteId)),
    )
    .where(and(inArray(departments.id, [...departmentIds]), isNull(departments.deletedAt)));
}

/** Full name order: first names, then last names, ignoring case (the same on every collation). */
const byFullName = [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`];

const sortColumns: Record<StaffSortColumn, (PgColumn | SQL)[]> = {
  _id: [],
  fullName: byFullName,
  email: [users.email],
  userRole: [users.role, ...byFullName],
  status: [users.status, ...byFullName],
  createdAt: [users.createdAt],
  updatedAt: [users.updatedAt],
};

function orderOf(sort: StaffListFilters['sort']): SQL[] {
  const direction = sort.direction === 'desc' ? desc : asc;
  return [...sortColumns[sort.column].map((column) => direction(column)), direction(users.id)];
}

/**
 * The list's condition: with `prepared`, each value is the placeholder of its name in `listValues` (the
 * shape, `listShape`, says which filters there are).
 */
function listWhere(
  db: Database | Tx,
  scope: RecordScope,
  filters: StaffListFilters,
  prepared = false,
): SQL | undefined {
  const given = <T>(name: string, value: T): Given<T> => (prepared ? sql.placeholder(name) : value);
  return and(
    scopeCondition(
      db,
      given('orgId', scope.orgId),
      scope.siteIds?.map((siteId, index) => given(`site${index}`, siteId)),
    ),
    filters.search === ''
      ? undefined
      : searchWhere(prepared ? sql.placeholder('search') : filters.search, [
          users.firstName,
          users.lastName,
          users.email,
          users.mobileNumber,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
        ]),
    filters.role ? eq(users.role, given('role', filters.role)) : undefined,
    filters.status ? eq(users.status, given('status', filters.status)) : undefined,
    filters.departmentID
      ? inArray(users.id, peopleOfDepartments(db, [given('departmentID', filters.departmentID)]))
      : undefined,
  );
}

/** What tells one staff list statement from another: the sort, which filters there are, how many sites. */
const listShape = (scope: RecordScope, filters: StaffListFilters) =>
  [
    filters.sort.column,
    filters.sort.direction,
    filters.search === '' ? '' : 'search',
    filters.role ? 'role' : '',
    filters.status ? 'status' : '',
    filters.departmentID ? 'department' : '',
    scope.siteIds?.length ?? 'all',
  ].join(' ');

/** The values of a prepared staff list's placeholders. */
function listValues(scope: RecordScope, filters: StaffListFilters, now: Date): Record<string, unknown> {
  const values: Record<string, unknown> = {
    orgId: scope.orgId,
    search: likePattern(filters.search),
    role: filters.role,
    status: filters.status,
    departmentID: filters.departmentID,
    now: now.toISOString(),
  };
  scope.siteIds?.forEach((siteId, index) => (values[`site${index}`] = siteId));
  return values;
}

const staffPages = new PreparedQueries<PreparedPage>();

/** One page of people with what their DTO adds, and how many match in all, from one query. */
export async function listStaff(
  db: Database | Tx,
  scope: RecordScope,
  query: StaffListFilters & { page: number; limit: number },
  now: Date,
): Promise<{ rows: { person: StaffRow; details: PersonDetails }[]; total: number }> {
  const { rows, total } = !listIsPrepared(db, scope.siteIds)
    ? await pageOf<StaffRow & PersonDetailRow>(
        db,
        { table: users, columns: { ...staffColumns, ...personDetailColumns(now) } },
        listWhere(db, scope, query),
        orderOf(query.sort),
        query,
      )
    : await pageOfPrepared<StaffRow & PersonDetailRow>(
        db,
        staffPages.get(db, listShape(scope, query), () =>
          preparedPage(
            db,
            { table: users, columns: { ...staffColumns, ...personDetailColumns(sql.placeholder('now')) } },
            listWhere(db, scope, query, true),
            orderOf(query.sort),
            'staff_page',
          ),
        ),
        listValues(scope, query, now),
        users,
        () => listWhere(db, scope, query),
        query,
      );
  return { rows: rows.map((row) => ({ person: row, details: personDetailsOf(row) })), total };
}

/** Every person matching the filters, `batch` at a time in list order (the export streams them). */
export async function* eachStaffBatch(
  db: Database,
  scope: RecordScope,
  filters: StaffListFilters,
  batch: number,
): AsyncGenerator<StaffRow[]> {
  for (let page = 1; ; page += 1) {
    const rows: StaffRow[] = await db
      .select(staffColumns)
      .from(users)
      .where(listWhere(db, scope, filters))
      .orderBy(...orderOf(filters.sort))
      .limit(batch)
      .offset(offsetOf({ page, limit: batch }));
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

/** A live person of the organisation; another organisation's is not found. */
export async function findStaff(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StaffRow | undefined> {
  const query = db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.orgId, orgId), isNull(users.deletedAt)));
  const [row] = await (options.forUpdate ? query.for('update', { of: users }) : query);
  return row;
}

/** People for pickers: `where` within the organisation, by full name. */
export function staffOptions(db: Database | Tx, orgId: string, where: (SQL | undefined)[]) {
  return db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      userRole: users.role,
    })
    .from(users)
    .where(and(eq(users.orgId, orgId), isNull(users.deletedAt), ...where))
    .orderBy(...byFullName, users.id);
}

// ---- what the DTO adds to a person ------------------------------------------------------------------

export interface PersonSite {
  _id: string;
  name: string;
}
export interface PersonDepartment {
  _id: string;
  name: string;
  siteID: string;
}
export interface PersonInvitation {
  /** When the newest invitation was sent. */
  invitedAt: Date | null;
  /** Whether an invitation link is unused and unexpired. */
  pending: boolean;
}

export interface PersonDetails {
  sites: PersonSite[];
  departments: PersonDepartment[];
  invitation: PersonInvitation;
}

/**
 * What the DTO adds to each person, as columns on a row of `users`: the live sites they work at and the live
 * departments they sit in on those sites (each by name), and their newest invitation.
 */
function personDetailColumns(now: Date | Placeholder) {
  // Each subquery is its own SQL object: drizzle writes the columns of a single-table select without
  // their table, which would make the correlated ones ambiguous; nested SQL keeps its qualified names.
  const invites = sql`${passwordTokens} where ${passwordTokens.userId} = ${users.id}
    and ${passwordTokens.purpose} = 'INVITE'`;
  const sitesJson = sql`coalesce((
    select json_agg(json_build_object('_id', ${sites.id}, 'name', ${sites.name})
                    order by lower(${sites.name}), ${sites.id})
    from ${siteMembers} join ${sites} on ${sites.id} = ${siteMembers.siteId}
    where ${siteMembers.userId} = ${users.id} and ${sites.deletedAt} is null), '[]'::json)`;
  const departmentsJson = sql`coalesce((
    select json_agg(json_build_object('_id', ${departments.id}, 'name', ${departments.name},
                                      'siteID', ${departments.siteId})
                    order by lower(${departments.name}), ${departments.id})
    from ${userDepartments}
    join ${departments} on ${departments.id} = ${userDepartments.departmentId}
    join ${siteMembers} on ${siteMembers.userId} = ${userDepartments.userId}
                       and ${siteMembers.siteId} = ${departments.siteId}
    join ${sites} on ${sites.id} = ${departments.siteId}
    where ${userDepartments.userId} = ${users.id} and ${departments.deletedAt} is null
      and ${sites.deletedAt} is null), '[]'::json)`;
  const invitedAt = sql`(select max(${passwordTokens.createdAt}) from ${invites})`;
  const pending = sql`coalesce((select bool_or(${passwordTokens.usedAt} is null
    and ${passwordTokens.expiresAt} > ${now instanceof Date ? now.toISOString() : now}::timestamptz)
    from ${invites}), false)`;
  return {
    sites: sql<PersonSite[]>`${sitesJson}`,
    departments: sql<PersonDepartment[]>`${departmentsJson}`,
    invitedAt: sql<Date | null>`${invitedAt}`.mapWith(passwordTokens.createdAt),
    pending: sql<boolean>`${pending}`,
  };
}

type PersonDetailRow = {
  sites: PersonSite[];
  departments: PersonDepartment[];
  invitedAt: Date | null;
  pending: boolean;
};

const personDetailsOf = (row: PersonDetailRow): PersonDetails => ({
  sites: row.sites,
  departments: row.departments,
  invitation: { invitedAt: row.invitedAt, pending: row.pending === true },
});

/** What the DTO adds to each person of `userIds`, in one query. */
export async function detailsOfPeople(
  db: Database | Tx,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, PersonDetails>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...personDetailColumns(now) })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, personDetailsOf(row)]));
}

// ---- writes ---------------------------------------------------------------------------------------------

/** The live departments among `departmentIds` that belong to one of `siteIds` (of the organisation). */
export async function departmentsOnSites(
  db: Database | Tx,
  orgId: string,
  departmentIds: readonly string[],
  siteIds: readonly string[],
): Promise<{ id: string; siteId: string }[]> {
  if (departmentIds.length === 0 || siteIds.length === 0) return [];
  return db
    .select({ id: departments.id, siteId: departments.siteId })
    .from(departments)
    .where(
      and(
        inArray(departments.id, [...departmentIds]),
        eq(departments.orgId, orgId),
        isNull(departments.deletedAt),
        inArray(departments.siteId, liveSiteIds(db, orgId, siteIds)),
      ),
    );
}

/**
 * 400 on `departmentID` unless every department is one of the person's sites'. Another organisation's or
 * a missing department gets the same answer, so ids cannot be probed.
 */
export async function assertDepartmentsOnSites(
  db: Database | Tx,
  orgId: string,
  departmentIds: readonly string[],
  siteIds: readonly string[],
): Promise<{ id: string; siteId: string }[]> {
  const found = await departmentsOnSites(db, orgId, departmentIds, siteIds);
  if (found.length < departmentIds.length) {
    throw fieldError('departmentID', 'Choose departments of the sites this person works at');
  }
  return found;
}

/**
 * The departments (id and site) a person sits in now, as their DTO shows them: live ones on live sites the
 * person works at. A leftover seat elsewhere (a site they were taken off) is not theirs to change and is
 * dropped by the next edit.
 */
export async function currentDepartments(db: Database | Tx, userId: string) {
  return db
    .select({ id: departments.id, siteId: departments.siteId })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .innerJoin(
      siteMembers,
      and(eq(siteMembers.userId, userDepartments.userId), eq(siteMembers.siteId, departments.siteId)),
    )
    .innerJoin(sites, eq(sites.id, departments.siteId))
    .where(and(eq(userDepartments.userId, userId), isNull(departments.deletedAt), isNull(sites.deletedAt)));
}

/** The sites a person works at now (live ones). */
export async function currentSites(db: Database | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: siteMembers.siteId })
    .from(siteMembers)
    .innerJoin(sites, eq(sites.id, siteMembers.siteId))
    .where(and(eq(siteMembers.userId, userId), isNull(sites.deletedAt)));
  return rows.map((row) => row.id);
}

// A person's sites are written by the platform's people code too (the directory's groups give them).
export { replaceSites } from '../../../platform/auth/users/site-access.js';

/** Makes the person's departments exactly `departmentIds`. */
export async function replaceDepartments(
  tx: Tx,
  userId: string,
  departmentIds: readonly string[],
  now: Date,
) {
  await tx
    .delete(userDepartments)
    .where(
      and(
        eq(userDepartments.userId, userId),
        departmentIds.length > 0 ? notInArray(userDepartments.departmentId, [...departmentIds]) : undefined,
      ),
    );
  if (departmentIds.length === 0) return;
  await tx
    .insert(userDepartments)
    .values(departmentIds.map((departmentId) => ({ userId, departmentId, createdAt: now })))
    .onConflictDoNothing();
}

export interface StaffColumns {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  gender: Gender | null;
  role: Role;
}

/** Writes a person's own columns; 409 when the new address is someone else's. */
export async function updateStaffColumns(tx: Tx, userId: string, columns: StaffColumns, now: Date) {
  await assertEmailFree(tx, columns.email, userId);
  await tx
    .update(users)
    .set({ ...columns, email: columns.email.toLowerCase(), updatedAt: now })
    .where(eq(users.id, userId));
}

/** ACTIVE or INACTIVE; callers end an inactive person's sessions in the same transaction. */
export async function setStatus(tx: Tx, userId: string, status: StaffStatus, now: Date) {
  await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * 409 unless the organisation keeps another active organisation admin besides `userId`: nobody could
 * appoint a new one otherwise. The admins' rows are locked, so two admins removing each other at once
 * cannot both pass.
 */
export async function assertAnotherActiveAdmin(tx: Tx, orgId: string, userId: string, refusal: string) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.role, 'ORGANIZATION_ADMIN'),
        eq(users.status, 'ACTIVE'),
        isNull(users.deletedAt),
      ),
    )
    .for('update');
  if (!admins.some((admin) => admin.id !== userId)) throw conflict(refusal);
}
