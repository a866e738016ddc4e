import { and, eq, exists, isNull, not, or, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../platform/db/client.js';
import { siteMembers, users } from '../../platform/db/schema.js';
import { departments, userDepartments } from '../people/index.js';
import { individualTasks, masterTaskAssignees, masterTaskDepartments } from './schema.js';

// Whose an occurrence is to do (DOMAIN.md "Tasks"): its master task's assignees, the people of its
// departments, or, when it has neither (no one and no live department), anyone on its site. The staff's
// own day lists theirs by it, and their system notifications go by it.

/** Whether the occurrence's master task has a live department `person` sits in. */
const inDepartmentOf = (db: Database | Tx, person: string | Placeholder | AnyPgColumn) =>
  exists(
    db
      .select({ one: masterTaskDepartments.departmentId })
      .from(masterTaskDepartments)
      .innerJoin(departments, eq(departments.id, masterTaskDepartments.departmentId))
      .innerJoin(userDepartments, eq(userDepartments.departmentId, masterTaskDepartments.departmentId))
      .where(
        and(
          eq(masterTaskDepartments.masterTaskId, individualTasks.masterTaskId),
          isNull(departments.deletedAt),
          eq(userDepartments.userId, person),
        ),
      ),
  );

/**
 * Whether the occurrence (a row of `individualTasks` in the query) is `person`'s to do: its master task is
 * assigned to them, to one of their departments, or to nobody at all, which makes it anyone's on the site.
 * `person` is a user's id, a prepared statement's placeholder for one, or a column holding one.
 */
export function forPerson(db: Database | Tx, person: string | Placeholder | AnyPgColumn): SQL | undefined {
  const assignees = (onlyPerson: boolean) =>
    db
      .select({ one: masterTaskAssignees.userId })
      .from(masterTaskAssignees)
      .where(
        and(
          eq(masterTaskAssignees.masterTaskId, individualTasks.masterTaskId),
          onlyPerson ? eq(masterTaskAssignees.userId, person) : undefined,
        ),
      );
  const liveDepartments = db
    .select({ one: masterTaskDepartments.departmentId })
    .from(masterTaskDepartments)
    .innerJoin(departments, eq(departments.id, masterTaskDepartments.departmentId))
    .where(
      and(
        eq(masterTaskDepartments.masterTaskId, individualTasks.masterTaskId),
        isNull(departments.deletedAt),
      ),
    );
  return or(
    exists(assignees(true)),
    inDepartmentOf(db, person),
    and(not(exists(assignees(false))), not(exists(liveDepartments))),
  );
}

/**
 * The active staff members of the occurrence's site whose occurrence it is (`forPerson`), as a query of
 * their ids for a statement to use.
 */
export function staffOfOccurrence(db: Database | Tx, orgId: string, occurrenceId: string) {
  return db
    .select({ userId: users.id })
    .from(individualTasks)
    .innerJoin(siteMembers, eq(siteMembers.siteId, individualTasks.siteId))
    .innerJoin(users, eq(users.id, siteMembers.userId))
    .where(
      and(
        eq(individualTasks.id, occurrenceId),
        eq(individualTasks.orgId, orgId),
        eq(users.orgId, orgId),
        eq(users.role, 'STAFF'),
        eq(users.status, 'ACTIVE'),
        isNull(users.deletedAt),
        forPerson(db, users.id),
      ),
    );
}
