import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { siteRecord, users } from '../../platform/db/schema.js';

// People: departments of a site, and who sits in them. Who works at which site is core (site_members),
// because sign-in and every site gate read it.

/** A department of one site (kitchen, front of house, bar); its name is unique on the site among live ones. */
export const departments = pgTable(
  'departments',
  {
    ...siteRecord(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    uniqueIndex('departments_site_name_live_key')
      .on(t.siteId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('departments_org_site_idx').on(t.orgId, t.siteId),
  ],
);

/** The spec's `departmentID` of a person: each department on one of the person's sites. */
export const userDepartments = pgTable(
  'user_departments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.departmentId] }),
    index('user_departments_department_idx').on(t.departmentId),
  ],
);
