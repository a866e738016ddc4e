import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  commentCreateFieldsSchema,
  uploadContentTypes,
  type TaskComment,
} from '@console/shared-sdk/contract';
import type { AppDeps } from '../../platform/app-deps.js';
import type { Database, Tx } from '../../platform/db/client.js';
import { files } from '../../platform/db/schema.js';
import { taskComments } from './schema.js';
import { badRequest, conflict, fieldError } from '../../platform/http/errors.js';
import { newId } from '../../platform/db/ids.js';
import { parseFormFields, readForm, storeFile } from '../../platform/files/uploads.js';
import { assertCan, authOf } from '../../platform/auth/guard.js';
import { toUploadedFile } from '../../platform/files/common-uri/repository.js';
import { personsByIds } from '../../platform/auth/users/repository.js';
import { occurrenceFor, type OccurrenceRow } from './occurrence.js';

// Comments and photos on an occurrence (the spec's /comment-task), optionally about one checklist line.

export type CommentRow = typeof taskComments.$inferSelect;

/** The live comments of an occurrence (or of one of its lines), oldest first, as the API answers them. */
export async function commentsOf(
  db: Database | Tx,
  occurrence: Pick<OccurrenceRow, 'id' | 'masterTaskId'>,
  publicUrl: string,
  checkListID?: string,
): Promise<TaskComment[]> {
  const rows = await db
    .select({ comment: taskComments, file: files })
    .from(taskComments)
    .leftJoin(files, eq(files.id, taskComments.fileId))
    .where(
      and(
        eq(taskComments.individualTaskId, occurrence.id),
        isNull(taskComments.deletedAt),
        checkListID === undefined ? undefined : eq(taskComments.checklistItemId, checkListID),
      ),
    )
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
  const authors = await personsByIds(
    db,
    rows.map((row) => row.comment.authorId),
  );
  return rows.map(({ comment, file }) => {
    const author = authors.get(comment.authorId);
    if (!author) throw new Error(`comment ${comment.id} has no author`);
    return {
      _id: comment.id,
      masterTaskID: occurrence.masterTaskId,
      individualTaskID: comment.individualTaskId,
      checkListID: comment.checklistItemId,
      type: comment.type,
      text: comment.text,
      image: file ? toUploadedFile(file, publicUrl) : null,
      author,
      createdAt: comment.createdAt.toISOString(),
    };
  });
}

const imageTypes = uploadContentTypes.filter((type) => type.startsWith('image/'));

/**
 * Adds a comment or a photo from a multipart form: the console's POST /comment-task/create-new-one and the
 * staff's POST /task-new-version/comment. The form holds masterTaskID, individualTaskID, an optional
 * checkListID, and either `comment` (text) or one image file. Whoever may read the task and comment on its
 * site may add one, while the task is not deleted.
 */
export async function addCommentFromForm(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'config'>,
): Promise<TaskComment> {
  const form = await readForm(request);
  const fields = parseFormFields(commentCreateFieldsSchema, form.fields);
  if (!form.file && !fields.comment) throw fieldError('comment', 'Write a comment or choose a photo');
  if (form.file && fields.comment) throw badRequest('Send a comment or a photo, not both');
  const auth = authOf(request);
  const now = deps.clock.now();
  const occurrence = await occurrenceFor(request, deps.db, 'read', fields);
  assertCan(request, 'create', 'Comment', { orgId: occurrence.orgId, siteID: occurrence.siteId });
  if (occurrence.status === 'DELETED') throw conflict('This task was deleted; it takes no more comments');
  if (fields.checkListID && !occurrence.items.some((item) => item.id === fields.checkListID))
    throw fieldError('checkListID', 'This task has no such checklist item');
  const image = form.file
    ? await storeFile(deps, { orgId: auth.orgId, userId: auth.user.id }, form.file, {
        types: imageTypes,
        message: 'A task photo must be an image (JPEG, PNG, WebP or GIF)',
      })
    : undefined;
  const id = newId();
  await deps.db.insert(taskComments).values({
    id,
    orgId: occurrence.orgId,
    siteId: occurrence.siteId,
    individualTaskId: occurrence.id,
    checklistItemId: fields.checkListID ?? null,
    type: image ? 'IMAGE' : 'TEXT',
    text: image ? null : (fields.comment ?? null),
    fileId: image?.id ?? null,
    authorId: auth.user.id,
    createdAt: now,
  });
  const comment = (await commentsOf(deps.db, occurrence, deps.config.publicUrl)).find(
    (one) => one._id === id,
  );
  if (!comment) throw new Error('a comment just written was not found');
  return comment;
}
