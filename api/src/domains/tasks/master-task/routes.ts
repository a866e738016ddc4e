import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  masterTaskDeleteQuerySchema,
  masterTaskInputSchema,
  masterTaskOptionSchema,
  masterTaskSchema,
  masterTaskSimpleListQuerySchema,
  masterTaskUpdateSchema,
  messageOnlySchema,
  siteScopedListQuerySchema,
} from '@console/shared-sdk/contract';
import { fieldError } from '../../../platform/http/errors.js';
import { actorOf, recordHistory } from '../../../platform/history/history.js';
import { onSites, resourceRoutes } from '../../../platform/http/resource-routes.js';
import { ok } from '../../../platform/http/respond.js';
import { siteListScope } from '../../../platform/http/site-scope.js';
import { allow, orgOf } from '../../../platform/auth/guard.js';
import { masterTaskDtos, masterTaskSnapshot, toMasterTaskOption } from './dto.js';
import { occurrenceRoutes } from './occurrence-routes.js';
import {
  deleteOccurrence,
  insertMasterTask,
  masterTaskRecords,
  masterTasksOfSites,
  masterTaskSortColumns,
  removeMasterTask,
  siteToday,
  stopFrom,
  updateMasterTask,
  type Deletion,
} from './repository.js';

// Master tasks (the spec's /master-task): what must be done on a site, by whom, and when. Their daily list
// (web-app-list of a day's occurrences) and view-task are the occurrences' calls, written beside these.

const tags = ['master-task'];
const subject = 'MasterTask';
const what = 'Master task';

/**
 * The factory's list of definitions, declared for its types but not registered: the spec's web-app-list is a
 * day's occurrences (occurrence-routes.ts), and pickers use simple-list.
 */
const definitionListQuerySchema = siteScopedListQuerySchema(masterTaskSortColumns);

const deletedMessage = (deletion: Deletion) =>
  deletion.kind === 'occurrence'
    ? `The task of ${deletion.date} was deleted`
    : deletion.kind === 'stopped'
      ? `Master task deleted from ${deletion.from} on`
      : 'Master task deleted';

export default async function masterTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tenancy = onSites(subject);
  const history = {
    place: (row: { orgId: string; siteId: string }) => ({ orgId: row.orgId, siteId: row.siteId }),
    snapshot: masterTaskSnapshot,
  };

  resourceRoutes(app, {
    tenancy,
    tags,
    what,
    label: what,
    summaries: {
      list: 'Master task definitions of one site (siteID) or of every site the caller may see, paged',
      create:
        'Add a master task to a site. With templateID and no checkListItems, the template’s items are ' +
        'copied (new ids). categoryID must apply on the site, departmentID be the site’s departments, ' +
        'assigneeIDs active people working at the site or organisation admins (400 naming who)',
      update:
        'Update a master task; checkListItems sent with their _id keep it. A changed schedule, checklist or ' +
        'site removes the occurrences from the site’s today on that nobody has used, to be made again',
      delete:
        'Delete a master task from its site’s today on: untouched occurrences become DELETED, used and ' +
        'past ones stay. The console deletes from a chosen day with DELETE /delete-one?masterTaskID&date',
      findOne: 'One master task with its category, departments, assignees, checklist and schedule',
    },
    schemas: {
      listQuery: definitionListQuerySchema,
      create: masterTaskInputSchema,
      update: masterTaskUpdateSchema,
      item: masterTaskSchema,
    },
    repository: {
      list: masterTaskRecords.list,
      find: masterTaskRecords.find,
      insert: insertMasterTask,
      update: updateMasterTask,
      remove: removeMasterTask,
    },
    toDtos: masterTaskDtos,
    history,
    // The spec's own calls of these names: a day's occurrences, and delete from a date.
    without: ['web-app-list', 'delete-one'],
  });
  occurrenceRoutes(app);

  r.get(
    '/simple-list',
    {
      schema: {
        tags,
        summary: 'Live master tasks of one site (siteID) or of every site the caller may see, by name',
        querystring: masterTaskSimpleListQuerySchema,
        response: { 200: envelope(z.array(masterTaskOptionSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const scope = await siteListScope(request, subject, request.query.siteID);
      const rows = await masterTasksOfSites(deps.db, scope);
      if (rows.length === 0) await scope.confirmSite?.();
      return ok(rows.map(toMasterTaskOption));
    },
  );

  r.delete(
    '/delete-one',
    {
      schema: {
        tags,
        summary:
          'Delete a master task from a day on (scope FUTURE, the default), or that day’s task only (ONE)',
        description:
          '`date` is the site’s local date the admin deleted from; today or later (past records stay). ' +
          'FUTURE: no task is made on or after it, and the ones already made that nobody has used become ' +
          'DELETED (completed, ticked or commented ones stay); from the start date or earlier the master ' +
          'task itself is deleted too. ONE: only the task of that date becomes DELETED (made first if it ' +
          'was not yet, so it stays deleted); a date it does not happen on is a 400.',
        querystring: masterTaskDeleteQuerySchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('delete', subject),
    },
    async (request) => {
      const { masterTaskID, date, scope } = request.query;
      const deletion = await deps.db.transaction(async (tx) => {
        const found = await masterTaskRecords.find(tx, orgOf(request), masterTaskID, { forUpdate: true });
        const current = tenancy.record(request, 'delete', what, found);
        const at = deps.clock.now();
        if (date < (await siteToday(tx, current.siteId, at))) {
          throw fieldError('date', 'A past day’s tasks are kept; choose today or a later date');
        }
        const [before] = await masterTaskDtos(tx, [current]);
        const done =
          scope === 'ONE'
            ? await deleteOccurrence(tx, current, date, at)
            : await stopFrom(tx, current, date, at);
        const [after] = done.kind === 'deleted' ? [] : await masterTaskDtos(tx, [done.row]);
        await recordHistory(tx, {
          ...history.place(current),
          subject,
          recordId: current.id,
          action: done.kind === 'deleted' ? 'delete' : 'update',
          before: before ? masterTaskSnapshot(before) : null,
          after: after ? masterTaskSnapshot(after) : null,
          reason: done.kind === 'occurrence' ? `The task of ${date} deleted` : `Deleted from ${date} on`,
          actor: actorOf(request),
          at,
        });
        return done;
      });
      return ok(null, deletedMessage(deletion));
    },
  );
}
