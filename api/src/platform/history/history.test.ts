import { eq, sql } from 'drizzle-orm';
import { historyEntries } from './schema.js';
import { organizations } from '../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import {
  canonicalJson,
  entryHash,
  historyOf,
  recordHistories,
  recordHistory,
  verifyChain,
  type HistoryEntryInput,
} from './history.js';
import { newId } from '../db/ids.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A fresh organisation per test, so each chain starts empty. */
async function organisation(): Promise<string> {
  const id = newId();
  const now = new Date();
  await ctx.db
    .insert(organizations)
    .values({ id, name: `Chain test ${id}`, country: 'GB', createdAt: now, updatedAt: now });
  return id;
}

const entry = (orgId: string, change: Partial<HistoryEntryInput> = {}): HistoryEntryInput => ({
  orgId,
  siteId: null,
  subject: 'MasterType',
  recordId: newId(),
  action: 'update',
  before: { name: 'Bar fridge', temperatureItems: [{ name: 'Shelf', upperLimit: 5, lowerLimit: null }] },
  after: { name: 'Bar fridge', temperatureItems: [{ name: 'Shelf', upperLimit: 10, lowerLimit: null }] },
  reason: 'Soft drinks only',
  actor: { id: null, name: 'Olivia Bennett' },
  at: new Date('2026-03-29T00:59:00.000Z'),
  ...change,
});

const append = (input: HistoryEntryInput) => ctx.db.transaction((tx) => recordHistory(tx, input));

/** The database's own message, whichever wrapper the driver put around it. */
async function failureOf(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : (error as Error).message);
  }
  throw new Error('the query was not refused');
}

/** What someone with the database owner's rights could do behind the application's back. */
async function behindTheBack(statement: ReturnType<typeof sql>) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`alter table record_history disable trigger record_history_no_update_or_delete`);
    await tx.execute(statement);
    await tx.execute(sql`alter table record_history enable trigger record_history_no_update_or_delete`);
  });
}

test('canonical JSON sorts keys at every depth and drops undefined members', () => {
  expect(canonicalJson({ b: 1, a: { d: [2, { f: null, e: undefined }], c: 'x' } })).toBe(
    '{"a":{"c":"x","d":[2,{"f":null}]},"b":1}',
  );
});

test('entries of an organisation are chained: each holds the hash of the one before', async () => {
  const orgId = await organisation();
  const first = await append(entry(orgId, { action: 'create', before: null }));
  const second = await append(entry(orgId));
  const third = await append(entry(orgId, { action: 'delete', after: null, reason: null }));
  expect([first.position, second.position, third.position]).toEqual([1, 2, 3]);
  expect(first.previousHash).toBeNull();
  expect(second.previousHash).toBe(first.hash);
  expect(third.previousHash).toBe(second.hash);
  expect(new Set([first.hash, second.hash, third.hash]).size).toBe(3);
  expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(await verifyChain(ctx.db, orgId)).toEqual({ valid: true, entries: 3 });
  // Another organisation's chain is its own.
  const otherOrg = await organisation();
  expect((await append(entry(otherOrg))).position).toBe(1);
});

test('a record’s history lists its entries newest first', async () => {
  const orgId = await organisation();
  const recordId = newId();
  await append(entry(orgId, { recordId, action: 'create', before: null }));
  await append(entry(orgId));
  await append(entry(orgId, { recordId }));
  expect((await historyOf(ctx.db, orgId, 'MasterType', recordId)).map((row) => row.action)).toEqual([
    'update',
    'create',
  ]);
});

test('the database refuses to update, delete or truncate history entries', async () => {
  const orgId = await organisation();
  const kept = await append(entry(orgId));
  expect(
    await failureOf(
      ctx.db.update(historyEntries).set({ reason: 'Rewritten' }).where(eq(historyEntries.id, kept.id)),
    ),
  ).toMatch(/record_history is append-only: UPDATE refused/);
  expect(await failureOf(ctx.db.delete(historyEntries).where(eq(historyEntries.id, kept.id)))).toMatch(
    /record_history is append-only: DELETE refused/,
  );
  expect(await failureOf(ctx.db.execute(sql`truncate record_history`))).toMatch(
    /record_history is append-only: TRUNCATE refused/,
  );
  const [row] = await ctx.db.select().from(historyEntries).where(eq(historyEntries.id, kept.id));
  expect(row).toEqual(kept);
});

test('verifyChain finds an entry changed directly in the database', async () => {
  const orgId = await organisation();
  await append(entry(orgId));
  const changed = await append(entry(orgId));
  await append(entry(orgId));
  await behindTheBack(
    sql`update record_history set changes = jsonb_set(changes, '{after,temperatureItems,0,upperLimit}', '5')
        where id = ${changed.id}`,
  );
  expect(await verifyChain(ctx.db, orgId)).toEqual({
    valid: false,
    entries: 2,
    position: 2,
    problem: 'changed',
  });
});

test('verifyChain finds a forged entry with a recomputed hash (its successor no longer links)', async () => {
  const orgId = await organisation();
  await append(entry(orgId));
  const forged = await append(entry(orgId));
  await append(entry(orgId));
  const hash = entryHash({ ...forged, reason: 'A reason nobody gave' });
  await behindTheBack(
    sql`update record_history set reason = 'A reason nobody gave', hash = ${hash} where id = ${forged.id}`,
  );
  expect(await verifyChain(ctx.db, orgId)).toMatchObject({ valid: false, position: 3, problem: 'unlinked' });
});

test('verifyChain finds an entry removed from the middle of the chain', async () => {
  const orgId = await organisation();
  await append(entry(orgId));
  const removed = await append(entry(orgId));
  await append(entry(orgId));
  await behindTheBack(sql`delete from record_history where id = ${removed.id}`);
  expect(await verifyChain(ctx.db, orgId)).toMatchObject({ valid: false, position: 2, problem: 'missing' });
});

test('verifyChain reads a long chain in pages', async () => {
  const orgId = await organisation();
  for (let i = 0; i < 7; i += 1) await append(entry(orgId, { reason: `change ${i}` }));
  expect(await verifyChain(ctx.db, orgId, 3)).toEqual({ valid: true, entries: 7 });
});

test('concurrent appends in one organisation never share a predecessor', async () => {
  const orgId = await organisation();
  await Promise.all(Array.from({ length: 6 }, (_, i) => append(entry(orgId, { reason: `parallel ${i}` }))));
  expect(await verifyChain(ctx.db, orgId)).toEqual({ valid: true, entries: 6 });
});

test('a batch continues the chain after what is there, in the order given, and checks as one chain', async () => {
  const orgId = await organisation();
  await append(entry(orgId));
  const names = ['Walk-in chiller', 'Pass fridge', 'Bar fridge'];
  const rows = await ctx.db.transaction((tx) =>
    recordHistories(
      tx,
      orgId,
      names.map((name) => entry(orgId, { action: 'create', before: null, after: { name }, reason: null })),
    ),
  );
  expect(rows.map((row) => row.position)).toEqual([2, 3, 4]);
  expect(rows.map((row) => (row.changes.after as { name: string }).name)).toEqual(names);
  expect(rows[1]?.previousHash).toBe(rows[0]?.hash);
  expect(await verifyChain(ctx.db, orgId)).toEqual({ valid: true, entries: 4 });
  // One batch is one organisation's: mixing two is the caller's bug, and nothing is written.
  const other = await organisation();
  await expect(
    ctx.db.transaction((tx) => recordHistories(tx, orgId, [entry(orgId), entry(other)])),
  ).rejects.toThrow('one organisation at a time');
  expect(await verifyChain(ctx.db, orgId)).toEqual({ valid: true, entries: 4 });
});
