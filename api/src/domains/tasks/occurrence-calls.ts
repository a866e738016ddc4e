import type { FastifyRequest } from 'fastify';
import type { IndividualTask, TaskRef, TaskView } from '@console/shared-sdk/contract';
import type { AppDeps } from '../../platform/app-deps.js';
import type { Tx } from '../../platform/db/client.js';
import { commentsOf } from './comments.js';
import { occurrenceDto, occurrenceFor, occurrenceHistory, type OccurrenceRow } from './occurrence.js';
import { occurrenceActor, type OccurrenceActor } from './occurrence-changes.js';

// What the console's calls (/master-task view-task, /individual-task) and the staff's (/task-new-version)
// do with one occurrence, written once: they differ in their schemas and words, not in these steps.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * Loads the occurrence `ref` names through the gate (404 / 403), locked for the change, applies `change`
 * in the same transaction, and answers the occurrence as it now is.
 */
export async function changeOccurrence(
  request: FastifyRequest,
  deps: Deps,
  ref: TaskRef,
  change: (tx: Tx, row: OccurrenceRow, actor: OccurrenceActor, now: Date) => Promise<OccurrenceRow>,
): Promise<IndividualTask> {
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const row = await occurrenceFor(request, tx, 'update', ref, { forUpdate: true });
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
    commentsOf(deps.db, row, deps.config.publicUrl),
    occurrenceHistory(deps.db, row.orgId, row.id),
  ]);
  return { ...task, comments, history };
}
