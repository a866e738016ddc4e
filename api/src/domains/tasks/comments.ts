import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TaskComment } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../platform/db/client.js';
import { files } from '../../platform/db/schema.js';
import { taskComments } from './schema.js';
import { newId } from '../../platform/db/ids.js';
import { toUploadedFile } from '../../platform/files/common-uri/repository.js';
import { personsByIds } from '../../platform/auth/users/repository.js';
import type { OccurrenceRow } from './occurrence.js';

// Comments and photos on an occurrence (the spec's /comment-task), optionally about one checklist line.

export type CommentRow = typeof taskComments.$inferSelect;

/** The live comments of an occurrence (or of one of its lines), oldest first, as the API answers them. */
export async function commentsOf(
  db: Database | Tx,
  occurrence: Pick<OccurrenceRow, 'id' | 'masterTaskId'>,
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
      image: file ? toUploadedFile(file) : null,
      author,
      createdAt: comment.createdAt.toISOString(),
    };
  });
}

/** Writes a comment (text) or a photo (a stored file) on an occurrence, by its author, and answers it. */
export async function insertComment(
  db: Database | Tx,
  occurrence: Pick<OccurrenceRow, 'id' | 'orgId' | 'siteId' | 'masterTaskId'>,
  comment: { checkListID: string | null; text: string | null; fileId: string | null; authorId: string },
  now: Date,
): Promise<TaskComment> {
  const id = newId();
  await db.insert(taskComments).values({
    id,
    orgId: occurrence.orgId,
    siteId: occurrence.siteId,
    individualTaskId: occurrence.id,
    checklistItemId: comment.checkListID,
    type: comment.fileId ? 'IMAGE' : 'TEXT',
    text: comment.fileId ? null : comment.text,
    fileId: comment.fileId,
    authorId: comment.authorId,
    createdAt: now,
  });
  const written = (await commentsOf(db, occurrence)).find((one) => one._id === id);
  if (!written) throw new Error('a comment just written was not found');
  return written;
}
