import type { DepartmentDetail, DepartmentOption } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { membersOf, type DepartmentRow } from './repository.js';

/**
 * Departments as the API answers them: each with its live members (by full name) and their count. The route
 * factory answers every call with one item schema, so the list carries the members that find-one's detail
 * view shows; a page's members load in one query.
 */
export async function departmentDtos(
  db: Database | Tx,
  rows: readonly DepartmentRow[],
): Promise<DepartmentDetail[]> {
  const members = await membersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = members
      .filter((member) => member.departmentId === row.id)
      .map((member) => ({
        userID: member.userId,
        firstName: member.firstName,
        lastName: member.lastName,
        fullName: `${member.firstName} ${member.lastName}`,
        userRole: member.role,
        status: member.status,
      }));
    return {
      _id: row.id,
      orgId: row.orgId,
      siteID: row.siteId,
      name: row.name,
      description: row.description,
      memberCount: own.length,
      members: own,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export const toDepartmentOption = (row: DepartmentRow): DepartmentOption => ({
  _id: row.id,
  value: row.id,
  label: row.name,
  name: row.name,
  siteID: row.siteId,
});
