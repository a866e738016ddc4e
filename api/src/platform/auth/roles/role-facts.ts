import { and, eq, sql } from 'drizzle-orm';
import {
  noRoleFacts,
  type DeclaredSubjectRules,
  type RoleFacts,
  type RoleGrantRules,
} from '@console/shared-sdk/ability';
import type { SubjectDefaults } from '@console/shared-sdk/contract';
import type { Database } from '../../db/client.js';
import { customRoles, declaredSubjects, organizations, users } from '../../db/schema.js';

/**
 * The columns that, read beside a person's row (joined to their organisation and custom role, see
 * `joinRoleFacts`), give their `RoleFacts`: the session check reads them in its one query.
 */
export const roleFactsColumns = {
  subjectDefaults: organizations.subjectDefaults,
  customRoleName: customRoles.name,
  customRoleGrants: customRoles.grants,
  declaredSubjects: sql<DeclaredSubjectRules[]>`(
    select coalesce(json_agg(json_build_object(
      'name', d.name, 'siteScoped', d.site_scoped, 'defaults', d.defaults) order by d.name), '[]'::json)
    from ${declaredSubjects} d)`,
};

/** The custom role joined to a person's row: their organisation's only, as assigning one checks. */
export const customRoleOfUser = and(
  eq(customRoles.id, users.customRoleId),
  eq(customRoles.orgId, users.orgId),
);

export interface RoleFactsRow {
  subjectDefaults: Record<string, SubjectDefaults> | null;
  customRoleName: string | null;
  customRoleGrants: RoleGrantRules[] | null;
  declaredSubjects: DeclaredSubjectRules[] | string;
}

export function roleFactsFrom(row: RoleFactsRow): RoleFacts {
  // A driver may hand json back as text when it does not know the expression's type.
  const declared =
    typeof row.declaredSubjects === 'string'
      ? (JSON.parse(row.declaredSubjects) as DeclaredSubjectRules[])
      : row.declaredSubjects;
  return {
    declaredSubjects: declared,
    organisationDefaults: row.subjectDefaults ?? {},
    customRole:
      row.customRoleName !== null && row.customRoleGrants !== null
        ? { name: row.customRoleName, grants: row.customRoleGrants }
        : null,
  };
}

/** A person's role facts, read on their own (at sign-in and refresh, which build the browser's rules). */
export async function roleFactsOf(db: Database, userId: string): Promise<RoleFacts> {
  const [row] = await db
    .select(roleFactsColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(customRoles, customRoleOfUser)
    .where(eq(users.id, userId));
  return row ? roleFactsFrom(row) : noRoleFacts;
}
