import { eq } from 'drizzle-orm';
import { sites } from '../../../platform/db/schema.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { foodItems } from '../schema.js';
import { foodItemRecords } from '../foodItem/repository.js';
import { supplierTypeRecords } from '../supplierType/repository.js';

// The repository every organisation record is read and written through: whatever scope a resource hands
// it, it never returns or touches another organisation's rows or rows on a closed site.

let ctx: TestContext;
let orgId: string;
let brighton: string;
let manchester: string;
const query = (overrides: Partial<Parameters<typeof foodItemRecords.list>[2]> = {}) => ({
  page: 1,
  limit: 10,
  search: '',
  sort: { column: 'name' as const, direction: 'asc' as const },
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = ctx.demo.organization.id;
  brighton = ctx.demo.sites.brighton.id;
  manchester = ctx.demo.sites.manchester.id;
  const now = new Date('2026-11-02T09:00:00Z');
  await ctx.db.transaction(async (tx) => {
    for (let n = 1; n <= 12; n += 1) {
      const name = `Item ${String(n).padStart(2, '0')}`;
      await foodItemRecords.insert(
        tx,
        { orgId, siteID: brighton },
        { name, type: 'FOODITEM', description: '' },
        now,
      );
    }
    await foodItemRecords.insert(
      tx,
      { orgId, siteID: manchester },
      { name: 'Scones', type: 'FOODITEM', description: '' },
      now,
    );
    await foodItemRecords.insert(
      tx,
      { orgId: ctx.other.organization.id, siteID: ctx.other.site.id },
      { name: 'Item 01', type: 'FOODITEM', description: '' },
      now,
    );
  });
});
afterAll(() => ctx.close());

test('a page and the total come from the scope, the total counting every page', async () => {
  const first = await foodItemRecords.list(ctx.db, { orgId, siteIds: [brighton] }, query());
  expect(first.total).toBe(12);
  expect(first.rows.map((row) => row.name)).toEqual(
    Array.from({ length: 10 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`),
  );
  const second = await foodItemRecords.list(ctx.db, { orgId, siteIds: [brighton] }, query({ page: 2 }));
  expect(second).toMatchObject({ total: 12 });
  expect(second.rows).toHaveLength(2);
  const pastTheEnd = await foodItemRecords.list(ctx.db, { orgId, siteIds: [brighton] }, query({ page: 5 }));
  expect(pastTheEnd).toEqual({ rows: [], total: 12 });
});

test('each sort, search, scope and filter answers its own page, one after another and inside a transaction', async () => {
  // A list's statement is prepared once per shape and then run with each request's values: a shape must
  // never answer for another.
  const names = async (scope: { orgId: string; siteIds?: string[] }, overrides = {}) =>
    (await foodItemRecords.list(ctx.db, scope, query({ limit: 3, ...overrides }))).rows.map(
      (row) => row.name,
    );
  const brightonOnly = { orgId, siteIds: [brighton] };
  for (let round = 0; round < 2; round += 1) {
    expect(await names(brightonOnly)).toEqual(['Item 01', 'Item 02', 'Item 03']);
    expect(await names(brightonOnly, { sort: { column: 'name', direction: 'desc' } })).toEqual([
      'Item 12',
      'Item 11',
      'Item 10',
    ]);
    expect(await names(brightonOnly, { search: 'item 1' })).toEqual(['Item 10', 'Item 11', 'Item 12']);
    expect(await names(brightonOnly, { search: '0%' })).toEqual([]);
    expect(await names(brightonOnly, { page: 2 })).toEqual(['Item 04', 'Item 05', 'Item 06']);
    expect(await names(brightonOnly, { type: 'PROB' })).toEqual([]);
    expect(await names(brightonOnly, { type: 'FOODITEM', search: '12' })).toEqual(['Item 12']);
    expect(await names({ orgId, siteIds: [manchester] })).toEqual(['Scones']);
    expect(await names({ orgId, siteIds: [manchester, brighton] }, { search: 'o' })).toEqual(['Scones']);
    expect(await names({ orgId, siteIds: [] })).toEqual([]);
    expect(await names({ orgId }, { sort: { column: 'name', direction: 'desc' } })).toEqual([
      'Scones',
      'Item 12',
      'Item 11',
    ]);
    // More sites than a statement is prepared for: built for this request, with the same answer.
    const many = [manchester, ...Array.from({ length: 30 }, () => ctx.other.site.id)];
    expect(await names({ orgId, siteIds: many })).toEqual(['Scones']);
    expect(await names({ orgId: ctx.other.organization.id, siteIds: [ctx.other.site.id] })).toEqual([
      'Item 01',
    ]);
  }
  const inTransaction = await ctx.db.transaction((tx) =>
    foodItemRecords.list(tx, brightonOnly, query({ limit: 3, search: 'item 1' })),
  );
  expect(inTransaction).toMatchObject({ total: 3 });
  expect(inTransaction.rows.map((row) => row.name)).toEqual(['Item 10', 'Item 11', 'Item 12']);
});

test("another organisation's rows are never listed or found, whatever sites the scope names", async () => {
  const everything = await foodItemRecords.list(
    ctx.db,
    { orgId, siteIds: [brighton, manchester, ctx.other.site.id] },
    query({ limit: 100 }),
  );
  expect(everything.total).toBe(13);
  expect(everything.rows.every((row) => row.orgId === orgId)).toBe(true);
  const [theirs] = await ctx.db
    .select()
    .from(foodItems)
    .where(eq(foodItems.orgId, ctx.other.organization.id));
  expect(await foodItemRecords.find(ctx.db, orgId, theirs!.id)).toBeUndefined();
  expect(await foodItemRecords.find(ctx.db, ctx.other.organization.id, theirs!.id)).toMatchObject({
    name: 'Item 01',
  });
});

test('rows on a closed site are gone from lists and finds', async () => {
  const scones = (await foodItemRecords.list(ctx.db, { orgId, siteIds: [manchester] }, query())).rows[0]!;
  await ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, manchester));
  try {
    expect((await foodItemRecords.list(ctx.db, { orgId }, query({ limit: 100 }))).total).toBe(12);
    expect(await foodItemRecords.find(ctx.db, orgId, scones.id)).toBeUndefined();
  } finally {
    await ctx.db.update(sites).set({ deletedAt: null }).where(eq(sites.id, manchester));
  }
});

test('a new record takes its timestamps from one clock, and an edit moves only updatedAt', async () => {
  const created = new Date('2026-11-03T10:00:00Z');
  const edited = new Date('2026-11-04T11:30:00Z');
  const type = await ctx.db.transaction((tx) =>
    supplierTypeRecords.insert(tx, { orgId }, { name: 'Florist' }, created),
  );
  expect(type.createdAt).toEqual(created);
  expect(type.updatedAt).toEqual(created);
  const renamed = await ctx.db.transaction((tx) =>
    supplierTypeRecords.update(tx, type, { name: 'Florists' }, edited),
  );
  expect(renamed).toMatchObject({ name: 'Florists', createdAt: created, updatedAt: edited });
});

test('a name is unique among live records of its place, ignoring case, and free again once deleted', async () => {
  const now = new Date();
  await expect(
    ctx.db.transaction((tx) =>
      foodItemRecords.insert(
        tx,
        { orgId, siteID: brighton },
        { name: 'ITEM 01', type: 'FOODITEM', description: '' },
        now,
      ),
    ),
  ).rejects.toMatchObject({
    statusCode: 409,
    fieldErrors: { name: ['A food item with this name already exists on this site'] },
  });
  // Another type, another site, another organisation: no clash.
  await ctx.db.transaction(async (tx) => {
    await foodItemRecords.insert(
      tx,
      { orgId, siteID: brighton },
      { name: 'Item 01', type: 'PROB', description: '' },
      now,
    );
    await foodItemRecords.insert(
      tx,
      { orgId, siteID: manchester },
      { name: 'Item 01', type: 'FOODITEM', description: '' },
      now,
    );
  });
  const [first] = (await foodItemRecords.list(ctx.db, { orgId, siteIds: [brighton] }, query({ limit: 1 })))
    .rows;
  await ctx.db.transaction((tx) => foodItemRecords.softDelete(tx, first!.id, now));
  expect(await foodItemRecords.find(ctx.db, orgId, first!.id)).toBeUndefined();
  const again = await ctx.db.transaction((tx) =>
    foodItemRecords.insert(
      tx,
      { orgId, siteID: brighton },
      { name: first!.name, type: 'FOODITEM', description: '' },
      now,
    ),
  );
  expect(again.id).not.toBe(first!.id);
});
