import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Database, Tx } from '../db/client.js';
import { staffClientWrites } from '../db/schema.js';
import type { Bound } from '../db/prepared.js';
import { authOf, orgOf } from '../auth/guard.js';
import { HttpError } from './errors.js';

// Staff writes sent again. The kitchen app queues every action offline with an id it makes (`clientId`)
// and sends its queue again whenever an answer was lost, so any write may arrive twice, or twice at once.
// The id is kept with the record the write made or changed, in the write's own transaction, keyed by the
// organisation and the id: the primary key decides between two copies in flight (the second waits for
// the first to commit, then finds its id taken), and a write that was refused keeps nothing, so sending it
// again is judged afresh. A copy answers the record as it is now, as the first write answered it.
//
// The hot path pays one statement (the claim's insert, in a transaction the write opens anyway), or none
// when the write puts the insert in a statement of its own (a task's tick or completion: `values` and
// `claimInsert`); the id is looked up only when a write fails: a copy of a write that succeeded is usually
// refused by the rules it passed the first time (a completed task takes no second completion, a device time
// ages out of the sync window), and that refusal is not the answer it is owed.

/**
 * Claims the write's client id for the record it made or changed, in the write's transaction (a statement
 * of its own); a copy's claim ends the write, which then answers the first.
 */
export interface Claim {
  (tx: Tx, recordId: string): Promise<void>;
  /**
   * The same claim for a write that puts it in a statement of its own making (a data-modifying CTE): the
   * values of its insert (claimInsert), undefined when the write has no client id. A write whose insert
   * claimed nothing calls `taken`, which ends it as the claim itself would.
   */
  values(recordId: string): ClaimValues | undefined;
  taken(tx: Tx): Promise<never>;
}

/** What a claim writes: the client id, whose it is, for which call, and the record the write made. */
export interface ClaimValues {
  orgId: string;
  clientId: string;
  userId: string;
  call: string;
  recordId: string;
  createdAt: Date;
}

/**
 * A claim's insert, `on conflict do nothing returning record_id`, for a write that makes it part of a
 * statement of its own; its values may be placeholders, for a statement prepared once.
 */
export const claimInsert = (tx: Tx, values: Bound<ClaimValues>) =>
  tx
    .insert(staffClientWrites)
    .values(values)
    .onConflictDoNothing()
    .returning({ recordId: staffClientWrites.recordId });

interface EarlierWrite {
  userId: string;
  call: string;
  recordId: string;
}

/** Thrown inside a write's transaction when its id is taken, to roll the copy back and answer the first. */
class WrittenBefore extends Error {
  constructor(readonly earlier: EarlierWrite) {
    super('this write was made before under the same client id');
  }
}

export const clientIdReused = () =>
  new HttpError(
    409,
    'CLIENT_ID_REUSED',
    'This action’s id (clientId) was already used by another person or for another kind of action; ' +
      'make a new id for it and send it again',
  );

/** What a call that takes a client id says of it in the API document; `where` says where the id goes. */
export const clientIdWords = (where = 'in the body') =>
  `\`clientId\` (optional, ${where}) is a UUID the app made for this action, so that it may be sent again ` +
  'safely: sent again by the same person to this call, nothing more is written and the answer is what the ' +
  'first write answered (the record as it is now, with the same status and message; 404 if it was deleted ' +
  'since), also when the copy arrives while the first is still being written. A write that was refused ' +
  'keeps no id, so sending it again is judged afresh. The same `clientId` from another person or on ' +
  'another call is 409 CLIENT_ID_REUSED.';

/** The call as audience.ts names it (`PUT /task-new-version/complete`): a copy must be of the same call. */
const callOf = (request: FastifyRequest) =>
  `${request.method} ${request.routeOptions.url?.replace(/^\/api\/v\d+(?=\/)/, '') ?? request.url}`;

/**
 * Makes a staff write once per client id. `write` makes the change and calls `claim` in its transaction
 * with the id of the record it made or changed; `replay` answers that record as it is now, for a copy of a
 * write that was made (by the same person, to the same call). Without an id, `write` runs as it is.
 */
export async function writeOnce<T>(
  request: FastifyRequest,
  deps: Pick<AppDeps, 'db' | 'clock'>,
  clientId: string | undefined,
  write: (claim: Claim) => Promise<T>,
  replay: (recordId: string) => Promise<T>,
): Promise<T> {
  if (clientId === undefined) {
    const none: Claim = Object.assign(async () => undefined, {
      values: () => undefined,
      taken: () => Promise.reject(new Error('a write without a client id claims nothing')),
    });
    return write(none);
  }
  const key = { orgId: orgOf(request), clientId };
  const mine = { userId: authOf(request).user.id, call: callOf(request) };
  const answerFor = (earlier: EarlierWrite) => {
    if (earlier.userId !== mine.userId || earlier.call !== mine.call) throw clientIdReused();
    return replay(earlier.recordId);
  };
  const values = (recordId: string): ClaimValues => ({
    ...key,
    ...mine,
    recordId,
    createdAt: deps.clock.now(),
  });
  // Taken: by a write committed before, or by one in flight that the insert waited for. Read in a
  // statement of its own, whose snapshot sees that commit.
  const taken = async (tx: Tx): Promise<never> => {
    const earlier = await earlierWrite(tx, key);
    if (!earlier) throw new Error('a client id was taken but its write cannot be read');
    throw new WrittenBefore(earlier);
  };
  const claim: Claim = Object.assign(
    async (tx: Tx, recordId: string) => {
      const [claimed] = await claimInsert(tx, values(recordId));
      if (!claimed) await taken(tx);
    },
    { values, taken },
  );
  try {
    return await write(claim);
  } catch (error) {
    if (error instanceof WrittenBefore) return answerFor(error.earlier);
    // Refused, or failed against the first copy's rows (a unique key it had just taken): whether this is
    // a copy decides the answer. Without a way to tell, the write's own error stands.
    const earlier = await earlierWrite(deps.db, key).catch(() => undefined);
    if (!earlier) throw error;
    return answerFor(earlier);
  }
}

async function earlierWrite(
  db: Database | Tx,
  key: { orgId: string; clientId: string },
): Promise<EarlierWrite | undefined> {
  const [row] = await db
    .select({
      userId: staffClientWrites.userId,
      call: staffClientWrites.call,
      recordId: staffClientWrites.recordId,
    })
    .from(staffClientWrites)
    .where(and(eq(staffClientWrites.orgId, key.orgId), eq(staffClientWrites.clientId, key.clientId)));
  return row;
}
