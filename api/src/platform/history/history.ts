import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { HistoryAction } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { historyEntries, type HistoryChanges } from './schema.js';
import { organizations } from '../db/schema.js';
import { authOf } from '../auth/guard.js';
import { newId } from '../db/ids.js';

// The change history of records (DOMAIN.md "Logs and incidents": who changed what, when and why; entries
// never updated or deleted; each carries a hash of the one before). Any subject can keep one: the route
// factory writes an entry for every create, update and delete of a resource that declares `history`, and
// other code calls recordHistory inside the transaction of its change.
//
// The chain runs per organisation rather than per record: a record's entries interleave with every other
// record's, so removing all of one record's history (or one entry anywhere) still breaks the chain, and
// the organisation is the unit an inspector audits. Appends are serialised per organisation by a row lock
// on the organisation, so two concurrent changes cannot both claim the same predecessor.

export type HistoryRow = typeof historyEntries.$inferSelect;

/** Who made a change, by name as it was then. Null id: the system (a seed, a scheduled job). */
export interface HistoryActor {
  id: string | null;
  name: string;
}

export interface HistoryEntryInput {
  orgId: string;
  siteId: string | null;
  /** The ability subject of the record, e.g. 'MasterType'. */
  subject: string;
  recordId: string;
  action: HistoryAction;
  /** JSON snapshots of the record: before is null on create, after is null on delete. */
  before: unknown;
  after: unknown;
  reason: string | null;
  actor: HistoryActor;
  at: Date;
}

/**
 * JSON with object keys sorted at every depth, so the same content always hashes the same (PostgreSQL's
 * jsonb gives keys back in its own order). Values are what JSON.stringify produces: undefined members are
 * dropped, dates become ISO strings.
 */
export function canonicalJson(value: unknown): string {
  const normalised: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
  const write = (node: unknown): string => {
    if (Array.isArray(node)) return `[${node.map(write).join(',')}]`;
    if (node !== null && typeof node === 'object') {
      const members = Object.entries(node)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, member]) => `${JSON.stringify(key)}:${write(member)}`);
      return `{${members.join(',')}}`;
    }
    return JSON.stringify(node);
  };
  return write(normalised);
}

/** What an entry's hash covers: all of its content, its place in the chain and its predecessor's hash. */
export function entryHash(row: Omit<HistoryRow, 'id' | 'hash'>): string {
  const content = {
    orgId: row.orgId,
    siteId: row.siteId,
    subject: row.subject,
    recordId: row.recordId,
    action: row.action,
    changes: row.changes,
    reason: row.reason,
    actorId: row.actorId,
    actorName: row.actorName,
    at: row.at.toISOString(),
    position: row.position,
    previousHash: row.previousHash,
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/**
 * Appends one entry to the organisation's chain. Call it inside the transaction of the change it records,
 * so a change is never kept without its entry nor an entry without its change.
 */
export async function recordHistory(tx: Tx, entry: HistoryEntryInput): Promise<HistoryRow> {
  const [row] = await recordHistories(tx, entry.orgId, [entry]);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Rows per insert: 14 parameters a row stays far below PostgreSQL's 65,535 per statement. */
const historyBatchSize = 500;

/**
 * Appends entries of one organisation to its chain in the order given, with one lock and one read of the
 * chain's end however many there are (a day's imported readings, the demo's records).
 */
export async function recordHistories(
  tx: Tx,
  orgId: string,
  entries: readonly HistoryEntryInput[],
): Promise<HistoryRow[]> {
  if (entries.length === 0) return [];
  if (entries.some((entry) => entry.orgId !== orgId)) {
    throw new Error('recordHistories appends to one organisation at a time');
  }
  // Serialises appends per organisation until the transaction ends; FOR NO KEY UPDATE does not block the
  // foreign-key checks of rows that point at the organisation.
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update');
  const [last] = await tx
    .select({ position: historyEntries.position, hash: historyEntries.hash })
    .from(historyEntries)
    .where(eq(historyEntries.orgId, orgId))
    .orderBy(desc(historyEntries.position))
    .limit(1);
  let previous = { position: last?.position ?? 0, hash: last?.hash ?? null };
  const rows = entries.map((entry) => {
    const changes = JSON.parse(canonicalJson({ before: entry.before, after: entry.after })) as HistoryChanges;
    const content = {
      orgId,
      siteId: entry.siteId,
      subject: entry.subject,
      recordId: entry.recordId,
      action: entry.action,
      changes,
      reason: entry.reason,
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      at: entry.at,
      position: previous.position + 1,
      previousHash: previous.hash,
    };
    const hash = entryHash(content);
    previous = { position: content.position, hash };
    return { id: newId(), ...content, hash };
  });
  const inserted: HistoryRow[] = [];
  for (let start = 0; start < rows.length; start += historyBatchSize) {
    inserted.push(
      ...(await tx
        .insert(historyEntries)
        .values(rows.slice(start, start + historyBatchSize))
        .returning()),
    );
  }
  return inserted;
}

/** True when an update changed nothing a history keeps and gave no reason: no entry is worth writing. */
export const isNoChange = (entry: Pick<HistoryEntryInput, 'before' | 'after' | 'reason'>) =>
  entry.reason === null && canonicalJson(entry.before) === canonicalJson(entry.after);

/** The person a request acts for, as a history names them; a call with an API key names the key. */
export function actorOf(request: FastifyRequest): HistoryActor {
  const { user, apiKey } = authOf(request);
  if (apiKey) return apiKeyActor(apiKey);
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
}

/** An API key as a history names the writes made with it: its id, and its name as it was then. */
export const apiKeyActor = (key: { id: string; name: string }): HistoryActor => ({
  id: key.id,
  name: `API key “${key.name}”`,
});

/** One record's entries, newest first. */
export async function historyOf(
  db: Database | Tx,
  orgId: string,
  subject: string,
  recordId: string,
): Promise<HistoryRow[]> {
  return db
    .select()
    .from(historyEntries)
    .where(
      and(
        eq(historyEntries.orgId, orgId),
        eq(historyEntries.subject, subject),
        eq(historyEntries.recordId, recordId),
      ),
    )
    .orderBy(desc(historyEntries.position));
}

/** A history entry as the API answers it (the contract's historyEntrySchema). */
export function historyEntryDto(row: HistoryRow) {
  return {
    _id: row.id,
    recordID: row.recordId,
    action: row.action,
    changes: row.changes,
    reason: row.reason,
    actor: { _id: row.actorId, name: row.actorName },
    at: row.at.toISOString(),
  };
}

export type ChainCheck =
  | { valid: true; entries: number }
  | {
      valid: false;
      entries: number;
      /** The first position where the chain does not hold. */
      position: number;
      problem: 'changed' | 'missing' | 'unlinked';
    };

/**
 * Walks an organisation's chain from the first entry and reports the first place it does not hold: an
 * entry whose content no longer matches its hash ('changed'), a gap in the positions ('missing'), or an
 * entry that does not carry its predecessor's hash ('unlinked'). Reads in pages, so a long history does
 * not have to fit in memory.
 */
export async function verifyChain(db: Database | Tx, orgId: string, pageSize = 500): Promise<ChainCheck> {
  let previous: { position: number; hash: string } | null = null;
  let entries = 0;
  for (;;) {
    const page: HistoryRow[] = await db
      .select()
      .from(historyEntries)
      .where(
        and(
          eq(historyEntries.orgId, orgId),
          previous ? gt(historyEntries.position, previous.position) : undefined,
        ),
      )
      .orderBy(asc(historyEntries.position))
      .limit(pageSize);
    for (const row of page) {
      entries += 1;
      const expected: number = (previous?.position ?? 0) + 1;
      if (row.position !== expected) {
        return { valid: false, entries, position: expected, problem: 'missing' };
      }
      if (row.previousHash !== (previous?.hash ?? null)) {
        return { valid: false, entries, position: row.position, problem: 'unlinked' };
      }
      if (row.hash !== entryHash(row)) {
        return { valid: false, entries, position: row.position, problem: 'changed' };
      }
      previous = { position: row.position, hash: row.hash };
    }
    if (page.length < pageSize) return { valid: true, entries };
  }
}
