import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentsListingQuerySchema,
  envelope,
  messageOnlySchema,
  removeCommentSchema,
  siteQuerySchema,
  taskCommentSchema,
} from '@console/shared-sdk/contract';
import { individualTasks, taskComments } from '../schema.js';
import { conflict, notFound } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/respond.js';
import { allow, assertCan, authOf, orgOf } from '../../../platform/auth/guard.js';
import { commentsOf } from '../comments.js';
import { addCommentFromForm, occurrenceFor } from '../calls.js';
import { personOnly } from '../../../platform/http/openapi.js';

// Comments and photos on an occurrence (the spec's /comment-task). Anyone who may read the task may add
// one; its author, or an admin of its site, may remove it while the task is open. Once a task is
// completed its comments are part of its record: reopen it first.

const tags = ['comment-task'];

export default async function commentTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary:
          'Comment on an occurrence or one of its checklist lines: a multipart form with masterTaskID, ' +
          'individualTaskID, optional checkListID, and either `comment` (text) or one image file (JPEG, PNG, ' +
          'WebP or GIF, at most 10 MB).',
        consumes: ['multipart/form-data'],
        querystring: siteQuerySchema,
        response: { 200: envelope(taskCommentSchema) },
      },
      onRequest: allow('create', 'Comment'),
    },
    async (request) => {
      const comment = await addCommentFromForm(request, deps);
      return ok(comment, comment.type === 'IMAGE' ? 'Photo added' : 'Comment added');
    },
  );

  r.get(
    '/comments-listing',
    {
      schema: {
        tags,
        summary: "An occurrence's comments and photos, oldest first; with checkListID, one checklist line's.",
        querystring: commentsListingQuerySchema,
        response: { 200: envelope(z.array(taskCommentSchema)) },
      },
      onRequest: allow('read', 'Comment'),
    },
    async (request) => {
      const query = request.query;
      const occurrence = await occurrenceFor(request, deps.db, 'read', query);
      assertCan(request, 'read', 'Comment', { orgId: occurrence.orgId, siteID: occurrence.siteId });
      return ok(await commentsOf(deps.db, occurrence, query.checkListID));
    },
  );

  r.delete(
    '/remove-comments',
    {
      schema: {
        tags,
        summary:
          'Remove a comment or photo (the spec sends a body with its _id): its author or an admin of its site, ' +
          'while the task is not completed.',
        // A comment's removal is checked on the comment (its author or its site's admin): never a key's.
        security: personOnly,
        querystring: siteQuerySchema,
        body: removeCommentSchema,
        response: { 200: messageOnlySchema },
      },
      onRequest: allow('read', 'Comment'),
    },
    async (request) => {
      const orgId = orgOf(request);
      const auth = authOf(request);
      await deps.db.transaction(async (tx) => {
        const [comment] = await tx
          .select()
          .from(taskComments)
          .where(
            and(
              eq(taskComments.id, request.body._id),
              eq(taskComments.orgId, orgId),
              isNull(taskComments.deletedAt),
            ),
          )
          .for('update');
        if (!comment) throw notFound('Comment');
        const place = { orgId: comment.orgId, siteID: comment.siteId };
        assertCan(request, 'read', 'Comment', place);
        if (comment.authorId !== auth.user.id) assertCan(request, 'delete', 'Comment', place);
        const [task] = await tx
          .select({ status: individualTasks.status })
          .from(individualTasks)
          .where(eq(individualTasks.id, comment.individualTaskId));
        if (task?.status === 'COMPLETED')
          throw conflict('This task is completed, so its comments are part of its record; reopen it first');
        await tx
          .update(taskComments)
          .set({ deletedAt: deps.clock.now() })
          .where(eq(taskComments.id, comment.id));
      });
      return ok(null, 'Comment removed');
    },
  );
}
