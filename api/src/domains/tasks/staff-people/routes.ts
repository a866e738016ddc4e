import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignableTaskSchema,
  bulkAssignSchema,
  envelope,
  siteQuerySchema,
  tasksForAssignSchema,
  type AssignableTask,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { masterTaskAssignees, masterTasks, taskCategories } from '../schema.js';
import { siteMembers } from '../../../platform/db/schema.js';
import { fieldError, notFound } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { assertSiteAccess } from '../../../platform/http/site-scope.js';
import { allow, assertCan, orgOf } from '../../../platform/auth/guard.js';
import { findLiveUser, type UserRow } from '../../../platform/auth/users/repository.js';
import { assertMayReadPerson } from '../../people/index.js';
import { personOnly } from '../../../platform/http/openapi.js';

// The staff view's "assign tasks" (spec: /staff-people get-tasks-for-assign and bulk-assign): which of a
// site's master tasks a person has, and giving or taking several at once. The caller must be allowed to
// change master tasks on their sites; the person must be of the organisation and work at those sites.

const tags = ['staff-people'];

const fullName = (person: Pick<UserRow, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`;

/**
 * The person tasks are assigned to: live, of the caller's organisation (else 404 like a missing one), and
 * one the caller may read, as staff-people/find-one says (else its 403, which does not name them).
 */
async function assigneeOf(request: FastifyRequest, db: Database | Tx, userID: string): Promise<UserRow> {
  const person = await findLiveUser(db, userID);
  if (!person || person.orgId !== orgOf(request)) throw notFound('Staff member');
  await assertMayReadPerson(request, db, { ...person, orgId: person.orgId });
  return person;
}

/** The sites among `siteIds` where the person works; an organisation admin works everywhere. */
async function sitesOfPerson(
  db: Database | Tx,
  person: UserRow,
  siteIds: readonly string[],
): Promise<Set<string>> {
  if (person.role === 'ORGANIZATION_ADMIN' || siteIds.length === 0) return new Set(siteIds);
  const rows = await db
    .select({ siteId: siteMembers.siteId })
    .from(siteMembers)
    .where(and(eq(siteMembers.userId, person.id), inArray(siteMembers.siteId, [...siteIds])));
  return new Set(rows.map((row) => row.siteId));
}

async function assignableTasks(db: Database | Tx, siteID: string, userID: string): Promise<AssignableTask[]> {
  const rows = await db
    .select({
      _id: masterTasks.id,
      name: masterTasks.name,
      siteID: masterTasks.siteId,
      repeat: masterTasks.repeat,
      dueSlot: masterTasks.dueSlot,
      dueTime: masterTasks.dueTime,
      categoryId: taskCategories.id,
      categoryName: taskCategories.name,
      assigned: sql<boolean>`exists (select 1 from ${masterTaskAssignees}
        where ${masterTaskAssignees.masterTaskId} = ${masterTasks.id} and ${masterTaskAssignees.userId} = ${userID})`,
    })
    .from(masterTasks)
    .leftJoin(
      taskCategories,
      and(eq(taskCategories.id, masterTasks.categoryId), isNull(taskCategories.deletedAt)),
    )
    // Follow-up checks (made by readings) are anyone's on the site: not given to people.
    .where(and(eq(masterTasks.siteId, siteID), isNull(masterTasks.deletedAt), isNull(masterTasks.followUp)))
    .orderBy(asc(sql`lower(${masterTasks.name})`), asc(masterTasks.id));
  return rows.map(({ categoryId, categoryName, ...task }) => ({
    ...task,
    category: categoryId && categoryName ? { _id: categoryId, name: categoryName } : null,
  }));
}

/** Which of a site's tasks a person has, and giving or taking several at once: served under /staff-people. */
export default async function taskAssignmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.post(
    '/get-tasks-for-assign',
    {
      schema: {
        tags,
        summary: "A site's master tasks by name, each saying whether the person (userID) is assigned to it",
        // The person it names is read as staff, which no key may: never a key's.
        security: personOnly,
        querystring: siteQuerySchema,
        body: tasksForAssignSchema,
        response: { 200: envelope(z.array(assignableTaskSchema)) },
      },
      onRequest: allow('read', 'MasterTask'),
    },
    async (request) => {
      const { siteID, userID } = request.body;
      await assertSiteAccess(request, 'read', 'MasterTask', siteID);
      const person = await assigneeOf(request, deps.db, userID);
      if (!(await sitesOfPerson(deps.db, person, [siteID])).has(siteID)) {
        throw fieldError('userID', `${fullName(person)} does not work at this site`);
      }
      return ok(await assignableTasks(deps.db, siteID, userID));
    },
  );

  r.post(
    '/bulk-assign',
    {
      schema: {
        tags,
        summary:
          'Give a person (assigneeID) the master tasks in `tasks` and take away those in `removedTasks`, in ' +
          'one change; each task must be on a site the caller may change tasks on and the person works at',
        querystring: siteQuerySchema,
        body: bulkAssignSchema,
        response: { 200: envelope(z.object({ assigned: z.number().int(), removed: z.number().int() })) },
      },
      onRequest: allow('update', 'MasterTask'),
    },
    async (request) => {
      const { assigneeID, tasks, removedTasks } = request.body;
      const orgId = orgOf(request);
      const result = await deps.db.transaction(async (tx) => {
        const person = await assigneeOf(request, tx, assigneeID);
        const ids = [...tasks, ...removedTasks];
        const found =
          ids.length === 0
            ? []
            : await tx
                .select({ id: masterTasks.id, siteId: masterTasks.siteId, orgId: masterTasks.orgId })
                .from(masterTasks)
                .where(
                  and(
                    inArray(masterTasks.id, ids),
                    eq(masterTasks.orgId, orgId),
                    isNull(masterTasks.deletedAt),
                    isNull(masterTasks.followUp),
                  ),
                )
                .for('update');
        if (found.length < ids.length) throw notFound('Master task');
        for (const task of found) assertCan(request, 'update', 'MasterTask', { orgId, siteID: task.siteId });
        const given = found.filter((task) => tasks.includes(task.id));
        if (given.length > 0) {
          if (person.status !== 'ACTIVE') {
            throw fieldError('assigneeID', `${fullName(person)} is inactive and cannot be given tasks`);
          }
          const worksAt = await sitesOfPerson(tx, person, [...new Set(given.map((task) => task.siteId))]);
          if (given.some((task) => !worksAt.has(task.siteId))) {
            throw fieldError('tasks', `${fullName(person)} does not work at the site of every chosen task`);
          }
          await tx
            .insert(masterTaskAssignees)
            .values(given.map((task) => ({ masterTaskId: task.id, userId: person.id })))
            .onConflictDoNothing();
        }
        const removed =
          removedTasks.length === 0
            ? []
            : await tx
                .delete(masterTaskAssignees)
                .where(
                  and(
                    eq(masterTaskAssignees.userId, person.id),
                    inArray(masterTaskAssignees.masterTaskId, removedTasks),
                  ),
                )
                .returning({ id: masterTaskAssignees.masterTaskId });
        return { person, assigned: given.length, removed: removed.length };
      });
      const words = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;
      const message =
        result.removed === 0
          ? `${words(result.assigned)} assigned to ${fullName(result.person)}`
          : `${words(result.assigned)} assigned to ${fullName(result.person)}, ${words(result.removed)} taken away`;
      return ok({ assigned: result.assigned, removed: result.removed }, message);
    },
  );
}
