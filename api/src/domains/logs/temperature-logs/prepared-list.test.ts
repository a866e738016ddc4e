import { and, eq } from 'drizzle-orm';
import {
  temperatureLogListQuerySchema,
  type LogType,
  type MasterType,
  type TemperatureResult,
} from '@console/shared-sdk/contract';
import { users } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { temperatureReadings } from '../schema.js';
import { readingPage } from './repository.js';

// The console's temperature list is one statement prepared per shape (its sort, which filters it has, how
// many sites, and the range's constant bounds) and kept, then run with each request's values. A statement
// kept from one request must answer the next of its shape with that request's organisation, sites, filter
// values, page and time, never the first one's: each request here is of the shape the one before it left
// a statement for, and its answer is the readings it names, the same as a statement built for it alone.

let ctx: TestContext;
let orgId: string;
let theirOrgId: string;
let brighton: string;
let manchester: string;
let theirSite: string;

/** The items read, by where they are. */
let items: Record<'brightonFridge' | 'brightonFreezer' | 'manchesterFridge' | 'theirFridge', string>;
/** The short name of each reading this file wrote, by its id. */
const names = new Map<string, string>();

/** Readings of their own, on 1 and 2 May 2025 (BST, UTC+1), far from the demo's. */
const may = { startDate: '2025-05-01', endDate: '2025-05-02' };

async function itemOf(token: string, siteID: string, type: 'FRIDGE' | 'FREEZER', name: string) {
  const reply = await ctx.inject<{ data: MasterType }>('POST', '/api/v1/masterType/create-new-one', {
    token,
    body: { siteID, type, name, temperatureItems: [{ name: `${name} shelf` }] },
  });
  if (reply.statusCode !== 200) throw new Error(`creating ${name}: ${reply.raw}`);
  const item = reply.json.data.temperatureItems[0];
  if (!item) throw new Error(`${name} has no item`);
  return item._id;
}

async function readerOf(org: string): Promise<string> {
  const [reader] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, org), eq(users.role, 'ORGANIZATION_ADMIN')));
  if (!reader) throw new Error('no organisation admin to read');
  return reader.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = ctx.demo.organization.id;
  theirOrgId = ctx.other.organization.id;
  brighton = ctx.demo.sites.brighton.id;
  manchester = ctx.demo.sites.manchester.id;
  theirSite = ctx.other.site.id;
  const [owner, theirOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
  items = {
    brightonFridge: await itemOf(owner, brighton, 'FRIDGE', 'Walk-in fridge'),
    brightonFreezer: await itemOf(owner, brighton, 'FREEZER', 'Chest freezer'),
    manchesterFridge: await itemOf(owner, manchester, 'FRIDGE', 'Counter fridge'),
    theirFridge: await itemOf(theirOwner, theirSite, 'FRIDGE', 'Their fridge'),
  };
  const [ourReader, theirReader] = await Promise.all([readerOf(orgId), readerOf(theirOrgId)]);
  // Written as they were taken, outside the rules for recording one now (its device time, its limits):
  // what is listed is what matters here.
  const reading = (
    name: string,
    at: string,
    where: { org: string; site: string; item: string; type: LogType },
    result: TemperatureResult = 'PASS',
    syncedLate = false,
  ) => {
    const id = newId();
    names.set(id, name);
    const readAt = new Date(at);
    return {
      id,
      orgId: where.org,
      siteId: where.site,
      logType: where.type,
      checkKind: where.type,
      temperatureItemId: where.item,
      celsius: result === 'FAIL' ? 10 : 3,
      readAt,
      receivedAt: syncedLate ? new Date(readAt.getTime() + 2 * 3_600_000) : readAt,
      readBy: where.org === orgId ? ourReader : theirReader,
      upperLimit: 8,
      warnUpTo: 8,
      result,
      correctiveAction: result === 'FAIL' ? 'Stock moved' : null,
      createdAt: readAt,
      updatedAt: readAt,
    };
  };
  const brightonFridge = { org: orgId, site: brighton, item: items.brightonFridge, type: 'FRIDGE' as const };
  const brightonFreezer = {
    org: orgId,
    site: brighton,
    item: items.brightonFreezer,
    type: 'FREEZER' as const,
  };
  const manchesterFridge = {
    org: orgId,
    site: manchester,
    item: items.manchesterFridge,
    type: 'FRIDGE' as const,
  };
  const theirFridge = { org: theirOrgId, site: theirSite, item: items.theirFridge, type: 'FRIDGE' as const };
  await ctx.db
    .insert(temperatureReadings)
    .values([
      reading('brighton fridge 1 May, back-filled', '2025-05-01T08:00:00Z', brightonFridge, 'PASS', true),
      reading('brighton fridge 1 May, failed', '2025-05-01T09:00:00Z', brightonFridge, 'FAIL'),
      reading('brighton fridge 2 May', '2025-05-02T08:00:00Z', brightonFridge),
      reading('brighton freezer 1 May', '2025-05-01T10:00:00Z', brightonFreezer),
      reading('brighton freezer 2 May', '2025-05-02T10:00:00Z', brightonFreezer),
      reading('manchester fridge 1 May', '2025-05-01T11:00:00Z', manchesterFridge),
      reading('manchester fridge 2 May, failed', '2025-05-02T11:00:00Z', manchesterFridge, 'FAIL'),
      reading('their fridge 1 May', '2025-05-01T12:00:00Z', theirFridge),
      reading('their fridge 2 May', '2025-05-02T12:00:00Z', theirFridge),
    ]);
});
afterAll(() => ctx.close());

type Scope = { orgId: string; siteIds?: string[] };
/** A list request as the route parses it from its query string. */
const query = (fields: Record<string, unknown>) => temperatureLogListQuerySchema.parse(fields);

/** The statements sent while `read` runs: each one's name (a prepared one's, on PostgreSQL) and text. */
async function sentBy<T>(
  read: () => Promise<T>,
): Promise<{ answer: T; sent: { name?: string; text: string }[] }> {
  // The database's client comes from outside the test's module realm, so it is told by typeof, not
  // instanceof (as test/statements.ts does).
  const client: unknown = Reflect.get(ctx.db, '$client');
  if (typeof client !== 'object' || client === null) throw new Error('no client to watch');
  const original: unknown = Reflect.get(client, 'query');
  if (typeof original !== 'function') throw new Error('no client to watch');
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const sent: { name?: string; text: string }[] = [];
  Reflect.set(client, 'query', function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    if (typeof first === 'string') sent.push({ text: first });
    else if (typeof first === 'object' && first !== null) {
      const { name, text } = first as { name?: string; text: string };
      sent.push(name === undefined ? { text } : { name, text });
    }
    return Reflect.apply(original, this, args);
  });
  try {
    return { answer: await read(), sent };
  } finally {
    if (own) Reflect.set(client, 'query', original);
    else Reflect.deleteProperty(client, 'query');
  }
}

/**
 * The page `fields` lists in `scope` at `now`, by the readings' short names, with its total; checked to be
 * the page a statement built for this request alone answers (in a transaction, which never prepares).
 */
async function listed(scope: Scope, fields: Record<string, unknown>, now = new Date('2025-06-10T10:00:00Z')) {
  const { answer, sent } = await sentBy(() => readingPage(ctx.db, scope, query(fields), now));
  const built = await ctx.db.transaction((tx) => readingPage(tx, scope, query(fields), now));
  expect(answer).toEqual(built);
  const [statement] = sent;
  if (!statement) throw new Error('the list sent nothing');
  return {
    page: answer.rows.map((row) => names.get(row.reading.id) ?? `not this file's ${row.reading.id}`),
    total: answer.total,
    statement,
  };
}

/**
 * Lists each request in turn, all of one shape, expecting each page and total; the statement that
 * answers them is one: on PostgreSQL one name, the one the first request prepared; on either database one
 * text.
 */
async function inTurn(requests: [Scope, Record<string, unknown>, string[], number, Date?][]) {
  const statements: { name?: string; text: string }[] = [];
  for (const [scope, fields, page, total, now] of requests) {
    const answer = await listed(scope, fields, now);
    expect({ page: answer.page, total: answer.total }).toEqual({ page, total });
    statements.push(answer.statement);
  }
  expect(new Set(statements.map((one) => one.text)).size).toBe(1);
  if (ctx.databaseKind === 'postgres') {
    expect(statements[0]?.name).toMatch(/^temperature_page_/);
    expect(new Set(statements.map((one) => one.name)).size).toBe(1);
  }
}

const our = (...siteIds: string[]): Scope => ({ orgId, siteIds });
const their = (...siteIds: string[]): Scope => ({ orgId: theirOrgId, siteIds });

test("a kept statement answers each request of its shape with that request's sites, organisation, filter values and page", async () => {
  const fridges = { ...may, type: 'FRIDGE', limit: 2 };
  // Twice over: the second time every request finds its shape's statement kept, and on PostgreSQL most
  // have run more than five times, past which a generic plan may answer.
  for (let round = 0; round < 2; round += 1) {
    await inTurn([
      [our(brighton), fridges, ['brighton fridge 2 May', 'brighton fridge 1 May, failed'], 3],
      [our(brighton), { ...fridges, page: 2 }, ['brighton fridge 1 May, back-filled'], 3],
      [
        our(brighton),
        { ...fridges, type: 'FREEZER' },
        ['brighton freezer 2 May', 'brighton freezer 1 May'],
        2,
      ],
      [our(manchester), fridges, ['manchester fridge 2 May, failed', 'manchester fridge 1 May'], 2],
      [their(theirSite), fridges, ['their fridge 2 May', 'their fridge 1 May'], 2],
      // Another organisation's site named in our scope, or ours in theirs: nothing.
      [our(theirSite), fridges, [], 0],
      [their(brighton), fridges, [], 0],
      [our(brighton), { ...fridges, page: 3 }, [], 3],
    ]);
    await inTurn([
      [our(brighton), { ...may, result: 'FAIL' }, ['brighton fridge 1 May, failed'], 1],
      [our(manchester), { ...may, result: 'FAIL' }, ['manchester fridge 2 May, failed'], 1],
      [
        our(brighton),
        { ...may, result: 'PASS', limit: 3 },
        ['brighton freezer 2 May', 'brighton fridge 2 May', 'brighton freezer 1 May'],
        4,
      ],
    ]);
    await inTurn([
      [
        our(brighton),
        { ...may, itemID: items.brightonFreezer, backFilled: 'false' },
        ['brighton freezer 2 May', 'brighton freezer 1 May'],
        2,
      ],
      [
        our(brighton),
        { ...may, itemID: items.brightonFridge, backFilled: 'true' },
        ['brighton fridge 1 May, back-filled'],
        1,
      ],
      [
        our(brighton),
        { ...may, itemID: items.brightonFridge, backFilled: 'false' },
        ['brighton fridge 2 May', 'brighton fridge 1 May, failed'],
        2,
      ],
      [
        our(manchester),
        { ...may, itemID: items.manchesterFridge, backFilled: 'false' },
        ['manchester fridge 2 May, failed', 'manchester fridge 1 May'],
        2,
      ],
    ]);
    await inTurn([
      [
        our(brighton, manchester),
        { ...fridges, limit: 3 },
        ['manchester fridge 2 May, failed', 'brighton fridge 2 May', 'manchester fridge 1 May'],
        5,
      ],
      [their(brighton, theirSite), fridges, ['their fridge 2 May', 'their fridge 1 May'], 2],
    ]);
  }
});

test("without dates, a kept statement reads each site's last days from the request's time", async () => {
  // Both times are on 7 May in UTC, so one statement answers both; at 23:30 it is already 8 May in
  // Brighton, whose last 7 days then start on 2 May.
  await inTurn([
    [
      our(brighton),
      {},
      [
        'brighton freezer 2 May',
        'brighton fridge 2 May',
        'brighton freezer 1 May',
        'brighton fridge 1 May, failed',
        'brighton fridge 1 May, back-filled',
      ],
      5,
      new Date('2025-05-07T10:00:00Z'),
    ],
    [
      our(brighton),
      {},
      ['brighton freezer 2 May', 'brighton fridge 2 May'],
      2,
      new Date('2025-05-07T23:30:00Z'),
    ],
    [our(manchester), {}, ['manchester fridge 2 May, failed'], 1, new Date('2025-05-07T23:30:00Z')],
  ]);
});

test('a search is built for its request, whatever was searched before', async () => {
  for (const [search, page] of [
    ['freezer', ['brighton freezer 2 May', 'brighton freezer 1 May']],
    [
      'walk-in',
      ['brighton fridge 2 May', 'brighton fridge 1 May, failed', 'brighton fridge 1 May, back-filled'],
    ],
    ['nothing by this name', []],
  ] as const) {
    const answer = await listed(our(brighton), { ...may, search });
    expect(answer.page).toEqual(page);
    expect(answer.statement.name).toBeUndefined();
  }
});
