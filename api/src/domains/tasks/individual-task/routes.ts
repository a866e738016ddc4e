import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checklistItemStatusChangeSchema,
  envelope,
  followUpCancelSchema,
  individualTaskSchema,
  siteQuerySchema,
  taskStatusChangeSchema,
} from '@console/shared-sdk/contract';
import { ok } from '../../../platform/http/respond.js';
import { allow } from '../../../platform/auth/guard.js';
import { changeOccurrence } from '../calls.js';
import { cancelFollowUp } from '../follow-ups/follow-ups.js';
import { changeChecklistItem, changeOccurrenceStatus, type ChangeTime } from '../occurrence-changes.js';

// The console's admins moving an occurrence (the spec's /individual-task): a checklist line, or the task
// itself. The same rules serve the staff's calls (/task-new-version); an admin's change happens when it
// reaches the server. An earlier time an admin sends is a correction entered after the fact: it needs a
// reason, is kept in the task's history and never counts on time (occurrence-changes.ts).

const tags = ['individual-task'];

export default async function individualTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const consoleTime = (field: ChangeTime['field'], at: string | undefined): ChangeTime => ({
    source: 'console',
    at: at === undefined ? undefined : new Date(at),
    field,
    syncWindowHours: deps.config.syncWindowHours,
  });

  r.put(
    '/check-list-item-status-change',
    {
      schema: {
        tags,
        summary:
          'Set one checklist line of an occurrence to PENDING, COMPLETED or FAILED (FAILED needs a comment; a ' +
          'completed task needs a reason, kept in its history). Completes the task when its last required line is done.',
        description:
          'Without `changedAt` the change happens at the server’s time; an earlier `changedAt` is a correction ' +
          'entered after the fact, which needs `reason` (400 on `reason` without one), and a task it completes ' +
          'is marked `enteredAfterTheFact` and never counts on time. `changedAt` is refused with 400 when it is ' +
          'more than 2 minutes ahead of the server, older than the sync window (72 hours by default), or before ' +
          'the task opens or was created. A line that needs a photo (`photoRequired`) is marked COMPLETED or ' +
          'FAILED only once its photo was added with its `checkListID`: before, 400 on `checkListID`.',
        querystring: siteQuerySchema,
        body: checklistItemStatusChangeSchema,
        response: { 200: envelope(individualTaskSchema) },
      },
      onRequest: allow('update', 'Task'),
    },
    async (request) => {
      const body = request.body;
      const task = await changeOccurrence(request, deps, body, (tx, occurrence, actor, now) =>
        changeChecklistItem(
          tx,
          occurrence,
          { ...body, time: consoleTime('changedAt', body.changedAt) },
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
        description:
          'A completion happens at the server’s time; an earlier `completedAt` is a correction entered after the ' +
          'fact: it needs `reason` (400 on `reason` without one), is kept in the task’s history, marks the task ' +
          '`enteredAfterTheFact` and counts LATE, never ON_TIME. `completedAt` is refused with 400 when it is ' +
          'more than 2 minutes ahead of the server, older than the sync window (72 hours by default), or before ' +
          'the task opens or was created.',
        querystring: siteQuerySchema,
        body: taskStatusChangeSchema,
        response: { 200: envelope(individualTaskSchema) },
      },
      onRequest: allow('update', 'Task'),
    },
    async (request) => {
      const body = request.body;
      const task = await changeOccurrence(request, deps, body, (tx, occurrence, actor, now) =>
        changeOccurrenceStatus(
          tx,
          occurrence,
          { ...body, time: consoleTime('completedAt', body.completedAt) },
          actor,
          now,
        ),
      );
      const words = { COMPLETED: 'Task completed', REPORTED: 'Problem reported', PENDING: 'Task reopened' };
      return ok(task, words[body.status]);
    },
  );

  r.put(
    '/cancel-follow-up',
    {
      schema: {
        tags,
        summary:
          'Cancel a follow-up check still open (pending or reported), with a reason the task’s history keeps: ' +
          'the food was thrown away, so nothing is left to probe.',
        description:
          'The task becomes DELETED and shows as cancelled with its reason (`followUp.cancelled`). It then ' +
          'raises no "Follow-up check due" alert and no escalation (its alerts are acknowledged), and counts ' +
          'in no bucket, score, portfolio or inspection pack. The site’s admins and organisation admins may ' +
          'cancel (403 for another site). A scheduled task is 409 (delete it from its master task), and so is ' +
          'a completed or already cancelled check. Deleting or correcting the reading that started a check ' +
          'cancels or re-times it by itself.',
        querystring: siteQuerySchema,
        body: followUpCancelSchema,
        response: { 200: envelope(individualTaskSchema) },
      },
      onRequest: allow('delete', 'Task'),
    },
    async (request) => {
      const { reason } = request.body;
      const task = await changeOccurrence(
        request,
        deps,
        request.body,
        (tx, occurrence, actor, now) => cancelFollowUp(tx, occurrence.row, reason, actor, now),
        { action: 'delete', changesMasterTask: true },
      );
      return ok(task, 'Follow-up check cancelled');
    },
  );
}
