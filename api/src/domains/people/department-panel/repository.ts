import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DepartmentSortColumn, ListQuery, StaffStatus, Role } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { departments, userDepartments } from '../schema.js';
import { siteMembers, users } from '../../../platform/db/schema.js';
import { conflict } from '../../../platform/http/errors.js';
import { recordsOf, type RecordScope } from '../../../platform/http/repository.js';
import type { SitePlace } from '../../../platform/http/site-scope.js';

export type DepartmentRow = typeof departments.$inferSelect;
export type DepartmentFields = { name: string; description: string };

export const departmentRecords = recordsOf<typeof departments, ListQuery<DepartmentSortColumn>>({
  table: departments,
  placedOn: 'site',
  sort: {
    _id: departments.id,
    name: sql`lower(${departments.name})`,
    createdAt: departments.createdAt,
    updatedAt: departments.updatedAt,
  },
  search: [departments.name, departments.description],
  name: { column: departments.name, field: 'name', what: 'A department' },
});

/**
 * Who counts as a member of a department, for queries joining user_departments to departments and users:
 * a live person who sits in it and still works at its site (someone taken off a site on the site form is no
 * longer counted in that site's departments).
 */
export const liveMembership = (): SQL =>
  sql`${users.deletedAt} is null and exists (select 1 from ${siteMembers}
        where ${siteMembers.userId} = ${userDepartments.userId} and ${siteMembers.siteId} = ${departments.siteId})`;

/** How many live members each department has, in one query. */
export async function memberCounts(
  db: Database | Tx,
  departmentIds: readonly string[],
): Promise<Map<string, number>> {
  if (departmentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: departments.id, members: count() })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .innerJoin(users, eq(users.id, userDepartments.userId))
    .where(and(inArray(departments.id, [...departmentIds]), liveMembership()))
    .groupBy(departments.id);
  return new Map(rows.map((row) => [row.id, row.members]));
}

export interface DepartmentMember {
  departmentId: string;
  userId: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: StaffStatus;
}

/** The live members of several departments, each department's by full name. */
export async function membersOf(
  db: Database | Tx,
  departmentIds: readonly string[],
): Promise<DepartmentMember[]> {
  if (departmentIds.length === 0) return [];
  return db
    .select({
      departmentId: departments.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
    })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .innerJoin(users, eq(users.id, userDepartments.userId))
    .where(and(inArray(departments.id, [...departmentIds]), liveMembership()))
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, users.id);
}

/** "Kitchen has 3 members", for the refusals below. */
async function assertNoMembers(tx: Tx, row: DepartmentRow, refusal: (members: string) => string) {
  const members = (await memberCounts(tx, [row.id])).get(row.id) ?? 0;
  if (members === 0) return;
  // Tasks assigned to a department will be counted here too when tasks arrive (issue 10).
  throw conflict(refusal(`"${row.name}" has ${members} ${members === 1 ? 'member' : 'members'}`));
}

export async function insertDepartment(tx: Tx, place: SitePlace, fields: DepartmentFields, now: Date) {
  return departmentRecords.insert(tx, place, fields, now);
}

/**
 * Renames or re-describes a department; moving it to another site (`siteId`) is allowed only while nobody
 * sits in it, because its members work at the old site.
 */
export async function updateDepartment(
  tx: Tx,
  current: DepartmentRow,
  siteId: string,
  fields: DepartmentFields,
  now: Date,
) {
  if (siteId !== current.siteId) {
    await assertNoMembers(
      tx,
      current,
      (members) => `${members} on its site; move them to another department before moving it to another site`,
    );
  }
  return departmentRecords.update(tx, current, fields, now, siteId);
}

/** Deletes a department (soft) that nobody sits in; with members, a 409 says how many. */
export async function deleteDepartment(tx: Tx, id: string, now: Date) {
  const [row] = await tx.select().from(departments).where(eq(departments.id, id));
  if (!row) throw new Error('deleting a department that was not loaded');
  await assertNoMembers(tx, row, (members) => `${members}; move them to another department first`);
  await departmentRecords.softDelete(tx, id, now);
}

/** The live departments of some sites of the organisation, by name (pickers). */
export function departmentsOfSites(db: Database | Tx, scope: RecordScope) {
  return departmentRecords.all(db, scope, undefined, [asc(sql`lower(${departments.name})`)]);
}
