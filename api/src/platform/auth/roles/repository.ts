import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CustomRole,
  customRoleInputSchema,
  customRoleListQuerySchema,
  RoleMember,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { customRoles, siteMembers, sites, users } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { orderBy, pageOf } from '../../http/list.js';
import { searchWhere } from '../../http/records.js';
import { sameName, type RecordScope } from '../../http/repository.js';
import { assertGrantable } from './subjects.js';

// An organisation's custom roles. A role is deleted outright: the people holding it go back to the site
// admin's rules (users.custom_role_id is set null by the database), and no record names a role.

export type CustomRoleRow = typeof customRoles.$inferSelect;
type CustomRoleListQuery = z.output<typeof customRoleListQuerySchema>;
type RoleFields = z.output<typeof customRoleInputSchema>;

const roleSort: Record<CustomRoleListQuery['sort']['column'], AnyColumn | SQL> = {
  _id: customRoles.id,
  name: sql`lower(${customRoles.name})`,
  createdAt: customRoles.createdAt,
  updatedAt: customRoles.updatedAt,
};

export function listRoles(
  db: Database | Tx,
  scope: RecordScope,
  query: CustomRoleListQuery,
): Promise<{ rows: CustomRoleRow[]; total: number }> {
  return pageOf<CustomRoleRow>(
    db,
    { table: customRoles, columns: getTableColumns(customRoles) },
    and(eq(customRoles.orgId, scope.orgId), searchWhere(query.search, [customRoles.name])),
    orderBy(query, roleSort, customRoles.id),
    query,
  );
}

/** One role of the organisation; another organisation's is not found. */
export async function findRole(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CustomRoleRow | undefined> {
  const query = db
    .select()
    .from(customRoles)
    .where(and(eq(customRoles.id, id), eq(customRoles.orgId, orgId)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** 409 on `name` when another role of the organisation has it, ignoring case. */
async function assertNameFree(tx: Tx, orgId: string, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: customRoles.id })
    .from(customRoles)
    .where(
      and(
        eq(customRoles.orgId, orgId),
        sameName(customRoles.name, name),
        exceptId === undefined ? undefined : ne(customRoles.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) {
    throw conflict(`A role called "${name}" already exists`, {
      name: ['A role with this name already exists in the organisation'],
    });
  }
}

/** What a role's name and pairs must be before they are written: a free name, pairs a role may hold. */
async function admitFields(tx: Tx, orgId: string, fields: RoleFields, exceptId?: string) {
  await assertNameFree(tx, orgId, fields.name, exceptId);
  await assertGrantable(tx, fields.grants);
}

export async function insertRole(
  tx: Tx,
  orgId: string,
  fields: RoleFields,
  now: Date,
): Promise<CustomRoleRow> {
  await admitFields(tx, orgId, fields);
  const [row] = await tx
    .insert(customRoles)
    .values({
      id: newId(),
      orgId,
      name: fields.name,
      description: fields.description,
      grants: fields.grants,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no role');
  return row;
}

export async function updateRole(
  tx: Tx,
  current: CustomRoleRow,
  fields: RoleFields,
  now: Date,
): Promise<CustomRoleRow> {
  await admitFields(tx, current.orgId, fields, current.id);
  const [row] = await tx
    .update(customRoles)
    .set({ name: fields.name, description: fields.description, grants: fields.grants, updatedAt: now })
    .where(eq(customRoles.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no role');
  return row;
}

/** Deletes a role; answers how many live people held it (now back on the site admin's rules). */
export async function deleteRole(tx: Tx, id: string): Promise<number> {
  const [held] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.customRoleId, id), isNull(users.deletedAt)));
  await tx.delete(customRoles).where(eq(customRoles.id, id));
  return held?.n ?? 0;
}

/** How many live people hold each role, in one grouped query. */
async function memberCountsOf(db: Database | Tx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ roleId: users.customRoleId, n: count() })
    .from(users)
    .where(and(inArray(users.customRoleId, [...ids]), isNull(users.deletedAt)))
    .groupBy(users.customRoleId);
  return new Map(rows.flatMap(({ roleId, n }) => (roleId ? [[roleId, n] as const] : [])));
}

/** The one mapping from role rows to what the API answers. */
export async function roleDtos(db: Database | Tx, rows: readonly CustomRoleRow[]): Promise<CustomRole[]> {
  const counts = await memberCountsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    orgId: row.orgId,
    name: row.name,
    description: row.description,
    grants: row.grants,
    memberCount: counts.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A role's live holders by name, each with the names of their live sites. */
export async function roleMembers(db: Database | Tx, roleId: string): Promise<RoleMember[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      // Aliased and qualified: a column inside raw SQL is written unqualified, which the subquery would
      // read as its own tables' columns.
      siteNames: sql<string[]>`coalesce((
        select array_agg(s.name order by lower(s.name))
        from ${siteMembers} m join ${sites} s on s.id = m.site_id
        where m.user_id = "users"."id" and s.deleted_at is null), '{}')`,
    })
    .from(users)
    .where(and(eq(users.customRoleId, roleId), isNull(users.deletedAt)))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  return rows.map((row) => ({
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    siteNames: row.siteNames,
  }));
}

export interface PersonForRole {
  id: string;
  role: string;
  customRoleId: string | null;
}

/** A live person of the organisation, locked while their role changes; another organisation's is not found. */
export async function personForRole(
  tx: Tx,
  orgId: string,
  userId: string,
): Promise<PersonForRole | undefined> {
  const [row] = await tx
    .select({ id: users.id, role: users.role, customRoleId: users.customRoleId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

export async function setCustomRole(tx: Tx, userId: string, roleId: string | null, now: Date) {
  await tx.update(users).set({ customRoleId: roleId, updatedAt: now }).where(eq(users.id, userId));
}

/** The organisation's live sites, by id. */
export async function liveSiteIdsOf(db: Database | Tx, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.orgId, orgId), isNull(sites.deletedAt)))
    .orderBy(asc(sites.id));
  return rows.map((row) => row.id);
}
