import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  commentCreateFieldsSchema,
  staffCommentFieldsSchema,
  uploadContentTypes,
  type IndividualTask,
  type TaskComment,
  type TaskRef,
  type TaskView,
} from '@console/shared-sdk/contract';
import type { Action } from '@console/shared-sdk/ability';
import type { AppDeps } from '../../platform/app-deps.js';
import { actorOf } from '../../platform/history/history.js';
import { transactionOnConnection, type Database, type Tx } from '../../platform/db/client.js';
import { assertCan, authOf, orgOf } from '../../platform/auth/guard.js';
import { badRequest, conflict, fieldError, notFound } from '../../platform/http/errors.js';
import { assertRecordAccess } from '../../platform/http/site-scope.js';
import { clientIdReused, writeOnce, type Claim } from '../../platform/http/client-writes.js';
import { parseFormFields, readForm, storeFiles } from '../../platform/files/uploads.js';
import { commentsOf, insertComment } from './comments.js';
import { taskComments } from './schema.js';
import {
  answerOf,
  findOccurrence,
  occurrenceDto,
  occurrenceHistory,
  type OccurrenceRow,
} from './occurrence.js';
import { loadForChange, type OccurrenceActor, type OccurrenceForChange } from './occurrence-changes.js';

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
): Promise<OccurrenceRow> {
  const row = await findOccurrence(db, orgOf(request), ref);
  return assertRecordAccess(request, action, 'Task', 'Task', row);
}

/** The signed-in person a request changes an occurrence for. */
function occurrenceActor(request: FastifyRequest): OccurrenceActor {
  return { ...actorOf(request), id: authOf(request).user.id };
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A change of an occurrence loaded for it (occurrence-changes.ts), answering the row as written. */
export type OccurrenceChange = (
  tx: Tx,
  occurrence: OccurrenceForChange,
  actor: OccurrenceActor,
  now: Date,
) => Promise<OccurrenceRow>;

export interface ChangeOptions {
  /** What the caller must be allowed to do to the task: 'update' unless said. */
  action?: Action;
  /** The staff's client id, claimed in the change's own statement (changeOccurrenceOnce). */
  claim?: Claim;
  /**
   * The change also changes the occurrence's master task (a follow-up's cancellation keeps why on it):
   * the answer is read again after it, not made from what was read before.
   */
  changesMasterTask?: boolean;
}

/**
 * Loads the occurrence `ref` names through the gate (404 / 403 for the action), locked for the change,
 * applies `change` in the same transaction, and answers the occurrence as it now is. The answer is made
 * from the row written and what the load read beside it, so an ordinary change is four statements in all
 * (occurrence-changes.ts).
 */
export async function changeOccurrence(
  request: FastifyRequest,
  deps: Deps,
  ref: TaskRef,
  change: OccurrenceChange,
  { action = 'update', claim, changesMasterTask = false }: ChangeOptions = {},
): Promise<IndividualTask> {
  const now = deps.clock.now();
  const actor = occurrenceActor(request);
  // On a connection of its own, so the load and the write are statements prepared once per connection.
  const changed = await transactionOnConnection(deps.db, async (tx) => {
    const loaded = await loadForChange(tx, orgOf(request), ref, actor.id);
    assertRecordAccess(request, action, 'Task', 'Task', loaded?.row);
    if (!loaded) throw notFound('Task');
    const updated = await change(tx, { row: loaded.row, rules: loaded.rules, claim }, actor, now);
    return { updated, answer: changesMasterTask ? undefined : answerOf(updated, loaded.answer, now) };
  });
  return changed.answer ?? occurrenceDto(deps.db, changed.updated, now);
}

/**
 * A staff change of the occurrence `ref` names, made once per client id (platform/http/client-writes.ts):
 * the id is claimed in the change's own statement, and a copy answers the occurrence as it is now. A copy
 * that names another task reused the id.
 */
export async function changeOccurrenceOnce(
  request: FastifyRequest,
  deps: Deps,
  ref: TaskRef & { clientId?: string | undefined },
  change: OccurrenceChange,
): Promise<IndividualTask> {
  return writeOnce(
    request,
    deps,
    ref.clientId,
    (claim) => changeOccurrence(request, deps, ref, change, { claim }),
    async (recordId) => {
      if (recordId !== ref.individualTaskID) throw clientIdReused();
      const row = await occurrenceFor(request, deps.db, 'update', ref);
      return occurrenceDto(deps.db, row, deps.clock.now());
    },
  );
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
const staffClientIdField = staffCommentFieldsSchema.pick({ clientId: true });

/**
 * Adds a comment or a photo from a multipart form: the console's POST /comment-task/create-new-one and the
 * staff's POST /task-new-version/comment (`staff`: the form may carry the action's `clientId`, and a copy
 * sent again answers the comment it added). The form holds masterTaskID, individualTaskID, an optional
 * checkListID, and either `comment` (text) or one image file. Whoever may read the task and comment on its
 * site may add one, while the task is not deleted.
 */
export async function addCommentFromForm(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  { staff = false }: { staff?: boolean } = {},
): Promise<TaskComment> {
  const form = await readForm(request);
  const fields = parseFormFields(commentCreateFieldsSchema, form.fields);
  const { clientId } = staff ? parseFormFields(staffClientIdField, form.fields) : { clientId: undefined };
  if (!form.file && !fields.comment) throw fieldError('comment', 'Write a comment or choose a photo');
  if (form.file && fields.comment) throw badRequest('Send a comment or a photo, not both');
  const auth = authOf(request);
  return writeOnce(
    request,
    deps,
    clientId,
    async (claim) => {
      const occurrence = await occurrenceFor(request, deps.db, 'read', fields);
      assertCan(request, 'create', 'Comment', { orgId: occurrence.orgId, siteID: occurrence.siteId });
      if (occurrence.status === 'DELETED') throw conflict('This task was deleted; it takes no more comments');
      if (fields.checkListID && !occurrence.items.some((item) => item.id === fields.checkListID))
        throw fieldError('checkListID', 'This task has no such checklist item');
      const images = await storeFiles(
        deps,
        { orgId: auth.orgId, userId: auth.user.id },
        form.file ? [form.file] : [],
        { types: imageTypes, message: 'A task photo must be an image (JPEG, PNG, WebP or GIF)' },
      );
      const comment = {
        checkListID: fields.checkListID ?? null,
        text: fields.comment ?? null,
        fileId: images.stored[0]?.id ?? null,
        authorId: auth.user.id,
      };
      const now = deps.clock.now();
      try {
        // With a client id the comment and its claim are one transaction; without, one statement needs none.
        if (clientId === undefined) return await insertComment(deps.db, occurrence, comment, now);
        return await deps.db.transaction(async (tx) => {
          const added = await insertComment(tx, occurrence, comment, now);
          await claim(tx, added._id);
          return added;
        });
      } catch (error) {
        await images.discard();
        throw error;
      }
    },
    async (recordId) => {
      const occurrence = await occurrenceFor(request, deps.db, 'read', fields);
      const [earlier] = await deps.db
        .select({ individualTaskId: taskComments.individualTaskId })
        .from(taskComments)
        .where(and(eq(taskComments.id, recordId), eq(taskComments.orgId, occurrence.orgId)));
      if (earlier?.individualTaskId !== occurrence.id) throw clientIdReused();
      const added = (await commentsOf(deps.db, occurrence)).find((one) => one._id === recordId);
      // Removed since it was added (by its author, or an admin of its site).
      if (!added) throw notFound('Comment');
      return added;
    },
  );
}
