import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checklistItemStatusChangeSchema,
  envelope,
  individualTaskSchema,
  siteQuerySchema,
  taskStatusChangeSchema,
} from '@console/shared-sdk/contract';
import { ok } from '../../../platform/http/respond.js';
import { allow } from '../../../platform/auth/guard.js';
import { changeOccurrence } from '../calls.js';
import { changeChecklistItem, changeOccurrenceStatus } from '../occurrence-changes.js';

// The console's admins moving an occurrence (the spec's /individual-task): a checklist line, or the task
// itself. The same rules serve the staff's calls (/task-new-version); an admin's change happens when it
// reaches the server.

const tags = ['individual-task'];

export default async function individualTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.put(
    '/check-list-item-status-change',
    {
      schema: {
        tags,
        summary:
          'Set one checklist line of an occurrence to PENDING, COMPLETED or FAILED (FAILED needs a comment; a ' +
          'completed task needs a reason, kept in its history). Completes the task when its last required line is done.',
        querystring: siteQuerySchema,
        body: checklistItemStatusChangeSchema,
        response: { 200: envelope(individualTaskSchema) },
      },
      onRequest: allow('update', 'Task'),
    },
    async (request) => {
      const body = request.body;
      const task = await changeOccurrence(request, deps, body, (tx, row, actor, now) =>
        changeChecklistItem(
          tx,
          row,
          { ...body, happenedAt: body.changedAt ? new Date(body.changedAt) : undefined },
          actor,
          now,
        ),
      );
      return ok(task, 'Checklist updated');
    },
  );

  r.put(
    '/task-status-complete',
    {
      schema: {
        tags,
        summary:
          'Complete an occurrence (refused, naming what is missing, while a required line or photo is), report a ' +
          'problem with it (status REPORTED), or reopen it (status PENDING; a completed one needs a reason).',
        querystring: siteQuerySchema,
        body: taskStatusChangeSchema,
        response: { 200: envelope(individualTaskSchema) },
      },
      onRequest: allow('update', 'Task'),
    },
    async (request) => {
      const body = request.body;
      const task = await changeOccurrence(request, deps, body, (tx, row, actor, now) =>
        changeOccurrenceStatus(
          tx,
          row,
          { ...body, happenedAt: body.completedAt ? new Date(body.completedAt) : undefined },
          actor,
          now,
        ),
      );
      const words = { COMPLETED: 'Task completed', REPORTED: 'Problem reported', PENDING: 'Task reopened' };
      return ok(task, words[body.status]);
    },
  );
}
