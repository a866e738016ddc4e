import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { HistoryAction } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { historyEntries, type HistoryChanges } from './schema.js';
import { organizations } from '../db/schema.js';
import { authOf } from '../auth/guard.js';
import { newId } from '../db/ids.js';
import type { Bound } from '../db/prepared.js';

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

/** canonicalJson's order of an object's members (by UTF-16 code units, as the hash has always had it). */
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
        .sort(([a], [b]) => byKey(a, b))
        .map(([key, member]) => `${JSON.stringify(key)}:${write(member)}`);
      return `{${members.join(',')}}`;
    }
    return JSON.stringify(node);
  };
  return write(normalised);
}

/** What an entry's hash covers: all of its content, its place in the chain and its predecessor's hash. */
function hashedContent(row: Omit<HistoryRow, 'id' | 'hash'>) {
  return {
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
}

/** An entry's hash: SHA-256 (hex) of its hashed content as canonical JSON. */
export function entryHash(row: Omit<HistoryRow, 'id' | 'hash'>): string {
  return createHash('sha256')
    .update(canonicalJson(hashedContent(row)))
    .digest('hex');
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

/** What an entry's hash covers but its place in the chain: its record, change, reason, actor and time. */
function contentOf(entry: HistoryEntryInput) {
  return {
    orgId: entry.orgId,
    siteId: entry.siteId,
    subject: entry.subject,
    recordId: entry.recordId,
    action: entry.action,
    changes: JSON.parse(canonicalJson({ before: entry.before, after: entry.after })) as HistoryChanges,
    reason: entry.reason,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    at: entry.at,
  };
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
  await lockChain(tx, orgId);
  const [last] = await tx
    .select({ position: historyEntries.position, hash: historyEntries.hash })
    .from(historyEntries)
    .where(eq(historyEntries.orgId, orgId))
    .orderBy(desc(historyEntries.position))
    .limit(1);
  let previous = { position: last?.position ?? 0, hash: last?.hash ?? null };
  const rows = entries.map((entry) => {
    const content = {
      ...contentOf(entry),
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

/**
 * Serialises appends to the organisation's chain until the transaction ends: a row lock on the
 * organisation, FOR NO KEY UPDATE, which does not block the foreign-key checks of rows that point at it. A
 * read that locks rows of its own for a change may take the same lock in its statement instead (joining
 * `organizations` and locking it FOR NO KEY UPDATE beside them), as the tasks' changes do.
 */
export async function lockChain(tx: Tx, orgId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update');
}

/**
 * The text `entryHash` hashes, cut around the entry's two links (its position, its predecessor's hash),
 * which only the statement that appends it knows: head + position + middle + previous hash (JSON) + tail.
 * It is written as canonicalJson writes the whole entry, member by member in its order, with the changes
 * given as their canonical text (`changesText`, written once for the entry). Every other member sorts
 * before "position" or after "previousHash"; one that would sit between them cannot be placed.
 */
function linkTemplate(
  content: Omit<HistoryRow, 'id' | 'hash' | 'position' | 'previousHash' | 'changes'>,
  changesText: string,
) {
  const members: Record<string, unknown> = hashedContent({
    ...content,
    changes: null as unknown as HistoryChanges,
    position: 0,
    previousHash: null,
  });
  const before: string[] = [];
  const after: string[] = [];
  for (const key of Object.keys(members).sort(byKey)) {
    if (key === 'position' || key === 'previousHash') continue;
    const member = `${JSON.stringify(key)}:${key === 'changes' ? changesText : canonicalJson(members[key])}`;
    if (key < 'position') before.push(member);
    else if (key > 'previousHash') after.push(member);
    else throw new Error(`a history entry's member ${key} sorts between its two links`);
  }
  return {
    head: `{${before.map((member) => `${member},`).join('')}"position":`,
    middle: ',"previousHash":',
    tail: `${after.map((member) => `,${member}`).join('')}}`,
  };
}

/** record_history's columns, in the order appendHistorySql gives their values. */
const appendedColumns = [
  historyEntries.id,
  historyEntries.orgId,
  historyEntries.siteId,
  historyEntries.subject,
  historyEntries.recordId,
  historyEntries.action,
  historyEntries.changes,
  historyEntries.reason,
  historyEntries.actorId,
  historyEntries.actorName,
  historyEntries.at,
  historyEntries.position,
  historyEntries.previousHash,
  historyEntries.hash,
].map((column) => sql.identifier(column.name));

/**
 * What appendHistorySql writes of an entry: its id and content as the statement's values (`changes` as
 * JSON text, `at` as an ISO time), and the text its hash covers cut around its links (linkTemplate).
 */
export interface AppendedEntry {
  id: string;
  orgId: string;
  siteId: string | null;
  subject: string;
  recordId: string;
  action: string;
  changes: string;
  reason: string | null;
  actorId: string | null;
  actorName: string;
  at: string;
  head: string;
  middle: string;
  tail: string;
}

/** An entry's values for appendHistorySql. */
export function appendedEntry(entry: HistoryEntryInput): AppendedEntry {
  // The changes' canonical text is both what the entry keeps and what its hash covers: written once.
  const changes = canonicalJson({ before: entry.before, after: entry.after });
  const content = {
    orgId: entry.orgId,
    siteId: entry.siteId,
    subject: entry.subject,
    recordId: entry.recordId,
    action: entry.action,
    reason: entry.reason,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    at: entry.at,
  };
  return {
    id: newId(),
    ...content,
    changes,
    at: entry.at.toISOString(),
    ...linkTemplate(content, changes),
  };
}

/**
 * One entry appended to its organisation's chain as an INSERT ... SELECT returning the entry's id, for a
 * write that makes its change and its entry in one statement (a data-modifying CTE). The statement reads
 * the chain's end itself and hashes in the database the same text `entryHash` hashes (PostgreSQL's
 * sha256), so the entry is the one recordHistory would append and verifyChain checks it the same way.
 * Its values (appendedEntry) may be placeholders, for a statement prepared once and run for each entry.
 *
 * The caller must hold the chain's lock (lockChain, or a read that took it) from an EARLIER statement of
 * its transaction: a statement's snapshot is taken before any lock it waits for, so only a statement that
 * starts once the lock is held is sure to see the last entry of an append that held it before.
 * `when`: the entry is written only when it holds (say, when a claim of the same statement succeeded).
 */
export function appendHistorySql(entry: Bound<AppendedEntry>, when?: SQL): SQL {
  return sql`insert into ${historyEntries} (${sql.join(appendedColumns, sql`, `)})
    select ${entry.id}::uuid, ${entry.orgId}::uuid, ${entry.siteId}::uuid, ${entry.subject}::text,
      ${entry.recordId}::uuid, ${entry.action}::text, ${entry.changes}::jsonb, ${entry.reason}::text,
      ${entry.actorId}::uuid, ${entry.actorName}::text, ${entry.at}::timestamptz, link.position,
      link.previous_hash,
      encode(sha256(convert_to(${entry.head}::text || link.position::text || ${entry.middle}::text
        || coalesce(to_json(link.previous_hash)::text, 'null') || ${entry.tail}::text, 'UTF8')), 'hex')
    from (select coalesce(last_entry.position, 0) + 1 as position, last_entry.hash as previous_hash
          from (select 1) as anchor
          left join (select ${historyEntries.position} as position, ${historyEntries.hash} as hash
                     from ${historyEntries} where ${historyEntries.orgId} = ${entry.orgId}::uuid
                     order by ${historyEntries.position} desc limit 1) as last_entry on true) as link
    ${when ? sql`where ${when}` : sql``}
    returning ${sql.identifier(historyEntries.id.name)}`;
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
