import type { FastifyRequest } from 'fastify';
import {
  commentCreateFieldsSchema,
  uploadContentTypes,
  type IndividualTask,
  type TaskComment,
  type TaskRef,
  type TaskView,
} from '@console/shared-sdk/contract';
import type { Action } from '@console/shared-sdk/ability';
import type { AppDeps } from '../../platform/app-deps.js';
import type { Database, Tx } from '../../platform/db/client.js';
import { actorOf } from '../../platform/history/history.js';
import { assertCan, authOf, orgOf } from '../../platform/auth/guard.js';
import { badRequest, conflict, fieldError } from '../../platform/http/errors.js';
import { assertRecordAccess } from '../../platform/http/site-scope.js';
import { parseFormFields, readForm, storeFile } from '../../platform/files/uploads.js';
import { commentsOf, insertComment } from './comments.js';
import { findOccurrence, occurrenceDto, occurrenceHistory, type OccurrenceRow } from './occurrence.js';
import type { OccurrenceActor } from './occurrence-changes.js';

// The HTTP steps several of the task roots' routes share: the console's (/master-task view-task,
// /individual-task, /comment-task) and the staff's (/task-new-version) differ in their schemas and words,
// not in these. The rules they apply are the domain's plain functions (occurrence-changes.ts, comments.ts),
// which take a database handle and know no request.

/**
 * The gate for an occurrence the request names: missing, another organisation's, or on a closed site is
 * 404 'Task not found'; on a site the caller may not `action` tasks of, 403.
 */
export async function occurrenceFor(
  request: FastifyRequest,
  db: Database | Tx,
  action: Action,
  ref: TaskRef,
  options: { forUpdate?: boolean } = {},
): Promise<OccurrenceRow> {
  const row = await findOccurrence(db, orgOf(request), ref, options);
  return assertRecordAccess(request, action, 'Task', 'Task', row);
}

/** The signed-in person a request changes an occurrence for. */
function occurrenceActor(request: FastifyRequest): OccurrenceActor {
  return { ...actorOf(request), id: authOf(request).user.id };
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Loads the occurrence `ref` names through the gate (404 / 403 for `action`), locked for the change,
 * applies `change` in the same transaction, and answers the occurrence as it now is.
 */
export async function changeOccurrence(
  request: FastifyRequest,
  deps: Deps,
  ref: TaskRef,
  change: (tx: Tx, row: OccurrenceRow, actor: OccurrenceActor, now: Date) => Promise<OccurrenceRow>,
  action: Action = 'update',
): Promise<IndividualTask> {
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const row = await occurrenceFor(request, tx, action, ref, { forUpdate: true });
    return change(tx, row, occurrenceActor(request), now);
  });
  return occurrenceDto(deps.db, updated, now);
}

/** One occurrence with its comments and photos, and its history, once the gate let the caller read it. */
export async function viewOccurrence(request: FastifyRequest, deps: Deps, ref: TaskRef): Promise<TaskView> {
  const row = await occurrenceFor(request, deps.db, 'read', ref);
  const now = deps.clock.now();
  const [task, comments, history] = await Promise.all([
    occurrenceDto(deps.db, row, now),
    commentsOf(deps.db, row),
    occurrenceHistory(deps.db, row.orgId, row.id),
  ]);
  return { ...task, comments, history };
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
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
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
  return insertComment(
    deps.db,
    occurrence,
    {
      checkListID: fields.checkListID ?? null,
      text: fields.comment ?? null,
      fileId: image?.id ?? null,
      authorId: auth.user.id,
    },
    now,
  );
}
