import { and, eq, sql } from 'drizzle-orm';
import {
  correctiveCheckTypes,
  defaultStandardActions,
  type CorrectiveAction,
  type CorrectiveActionCounts,
  type CorrectiveActionHistoryEntry,
  type ListData,
  type RecordCheck,
  type StandardActionList,
} from '@console/shared-sdk/contract';
import { loginFailures } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { raiseEvent } from '../../../platform/events/raise.js';
import { historyEntries } from '../../../platform/history/schema.js';
import { verifyChain } from '../../../platform/history/history.js';
import { loginLimits } from '../../../platform/auth/login-limit.js';
import { refusedOnMobile } from '../../../platform/auth/guard.js';
import {
  openCorrectiveAction,
  type CorrectiveActionRow,
  type OpenedDeviation,
} from '../../../platform/corrective-actions/open.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { demoLogins, demoPassword } from '../../../demo.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';
import { missingId, mobileLogin } from '../../../test/logs.js';
import { scanOverdueActions } from '../../alerts/index.js';
import { ownActionRefused } from './repository.js';

// Corrective actions (/correctiveAction): opened by deviations (here directly, as a deviation's transaction
// does), recorded by staff on the kitchen app or by an admin, verified by a site admin or above who did not
// record them with their password typed again, reopened with a reason, overdue past the site's action
// hours, and the organisation's standard actions offered when recording.

const base = '/api/v1/correctiveAction';
/** A Tuesday: 11:00 in Brighton (BST), 06:00 in Brooklyn (EDT). */
const now = '2025-06-10T10:00:00.000Z';
const hours = (n: number) => n * 3_600_000;
const before = (ms: number) => new Date(Date.parse(now) - ms);

let ctx: TestContext;
/** Olivia, organisation admin; Marcus, Brighton's site admin; the other organisation's admin. */
let owner: string;
let manager: string;
let otherOwner: string;
/** Aisha (Brighton) and Chloe (Manchester), staff on the mobile app. */
let aisha: string;
let chloe: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;
const orgId = () => ctx.demo.organization.id;
const ours = (siteId = brighton()) => ({ orgId: orgId(), siteId });
const theirs = () => ({ orgId: ctx.other.organization.id, siteId: ctx.other.site.id });

let opened = 0;
/**
 * Opens an action as a deviation's transaction does: a failed fridge reading an hour ago on Brighton
 * unless told otherwise. `at` is when it was opened (its due time is that plus the site's action hours).
 */
async function open(
  place: { orgId: string; siteId: string } = ours(),
  change: Partial<OpenedDeviation> = {},
  at: Date = before(hours(1)),
): Promise<CorrectiveActionRow> {
  opened += 1;
  const row = await ctx.db.transaction((tx) =>
    openCorrectiveAction(
      tx,
      {
        ...place,
        kind: 'READING_FAILED',
        checkType: 'FRIDGE',
        source: { subject: 'TemperatureLog', recordId: newId() },
        dedupeKey: `TEST:${opened}`,
        deviation: `Walk-in fridge, shelf ${opened} read 9.4 °C (limit 8 °C)`,
        occurredAt: at,
        actor: { id: null, name: 'Console' },
        ...change,
      },
      at,
    ),
  );
  if (!row) throw new Error('the action was not opened');
  return row;
}

const list = (query: Record<string, string | number | boolean> = {}, token = owner) =>
  ctx.inject<{ data: ListData<CorrectiveAction> }>('GET', `${base}/web-app-list`, { token, query });

async function listedIds(query: Record<string, string | number | boolean> = {}, token = owner) {
  const reply = await list({ limit: 100, ...query }, token);
  expect(reply.statusCode).toBe(200);
  return reply.json.data.list.map((action) => action._id);
}

const find = (id: string, token = owner) =>
  ctx.inject<{ data: CorrectiveAction }>('GET', `${base}/find-one/${id}`, { token });

const record = (body: Record<string, unknown>, token = aisha) =>
  ctx.inject<{ data: CorrectiveAction }>('PUT', `${base}/record-action`, { token, body });

const recordWith = (_id: string, token = aisha) =>
  record({ _id, actionTaken: 'Moved food to another fridge', foodDiscarded: false }, token);

const verify = (body: Record<string, unknown>, token = owner) =>
  ctx.inject<{ data: CorrectiveAction }>('PUT', `${base}/verify`, { token, body });

const verifyWith = (_id: string, token = owner, password = demoPassword) => verify({ _id, password }, token);

const reopen = (body: Record<string, unknown>, token = manager) =>
  ctx.inject<{ data: CorrectiveAction }>('PUT', `${base}/reopen`, { token, body });

const history = (id: string, token = owner) =>
  ctx.inject<{ data: CorrectiveActionHistoryEntry[] }>('GET', `${base}/log-history-list/${id}`, { token });

const counts = (query: Record<string, string> = {}, token = owner) =>
  ctx.inject<{ data: CorrectiveActionCounts }>('GET', `${base}/counts`, { token, query });

const eventsAbout = (recordId: string) =>
  ctx.db.select().from(alertEvents).where(eq(alertEvents.recordId, recordId));

const scanDeps = () => ({ db: ctx.db, log: { debug: () => {}, error: () => {} } });

/** Everyone's failed sign-in attempts forgotten, so one test's wrong passwords do not limit another's. */
const forgetFailures = () => ctx.db.delete(loginFailures);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  [owner, manager, otherOwner, aisha, chloe] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
    mobileLogin(ctx, 'chloe.evans@harbourvine.example'),
  ]);
});
afterEach(async () => {
  ctx.clock.set(now);
  await forgetFailures();
});
afterAll(() => ctx.close());

describe('web-app-list', () => {
  let fridge: CorrectiveActionRow;
  let task: CorrectiveActionRow;
  let overdue: CorrectiveActionRow;
  let old: CorrectiveActionRow;
  let recorded: CorrectiveActionRow;

  beforeAll(async () => {
    fridge = await open(ours(), { deviation: 'Walk-in fridge, top shelf read 9.4 °C (limit 8 °C)' });
    task = await open(
      ours(manchester()),
      {
        kind: 'TASK_MISSED',
        checkType: 'TASK',
        source: { subject: 'Task', recordId: newId() },
        deviation: '“Close down the grill” was not done by 22:00',
      },
      before(hours(72)),
    );
    // Opened two days ago: due a day ago, still open.
    overdue = await open(ours(), { deviation: 'Dessert fridge read 11 °C (limit 8 °C)' }, before(hours(48)));
    old = await open(ours(), { deviation: 'Freezer read -12 °C (limit -18 °C)' }, before(hours(24 * 100)));
    recorded = await open(ours(), { deviation: 'Salad fridge read 8.6 °C (limit 8 °C)' });
    expect((await recordWith(recorded.id)).statusCode).toBe(200);
  });

  test('answers each action with its ref, site, source and people, the latest deviation first', async () => {
    const reply = await list({ siteID: brighton(), limit: 100 });
    expect(reply.statusCode).toBe(200);
    const byId = new Map(reply.json.data.list.map((action) => [action._id, action]));
    expect(byId.get(fridge.id)).toMatchObject({
      ref: `CA-${fridge.id.replace(/-/g, '').slice(-6).toUpperCase()}`,
      siteID: brighton(),
      siteName: 'The Harbour Kitchen, Brighton',
      timeZoneId: 'Europe/London',
      kind: 'READING_FAILED',
      checkType: 'FRIDGE',
      state: 'OPEN',
      source: { subject: 'TemperatureLog', recordID: fridge.sourceId, lineID: null },
      deviation: 'Walk-in fridge, top shelf read 9.4 °C (limit 8 °C)',
      occurredAt: before(hours(1)).toISOString(),
      // Brighton's action hours: 24.
      dueAt: new Date(before(hours(1)).getTime() + hours(24)).toISOString(),
      overdue: false,
      actionTaken: null,
      recordedBy: null,
      verifiedBy: null,
      reopenCount: 0,
    });
    expect(byId.get(overdue.id)?.overdue).toBe(true);
    expect(byId.get(recorded.id)).toMatchObject({
      state: 'ACTION_RECORDED',
      actionTaken: 'Moved food to another fridge',
      foodDiscarded: false,
      recordedBy: { name: 'Aisha Khan' },
    });
    const occurred = reply.json.data.list.map((action) => action.occurredAt);
    expect(occurred).toEqual([...occurred].sort().reverse());
  });

  test('filters by state, kind, check type, overdue, search and local dates (default the last 90 days, but what is still to do whenever it happened)', async () => {
    const mine = [fridge.id, task.id, overdue.id, old.id, recorded.id];
    const only = async (query: Record<string, string | boolean>) =>
      (await listedIds(query)).filter((id) => mine.includes(id)).sort();
    const sorted = (...ids: string[]) => [...ids].sort();
    expect(await only({})).toEqual(sorted(fridge.id, task.id, overdue.id, recorded.id));
    expect(await only({ state: 'ACTION_RECORDED' })).toEqual([recorded.id]);
    // The action left open a hundred days ago is still to do: listed by its state, and overdue.
    expect(await only({ state: 'OPEN', siteID: brighton() })).toEqual(sorted(fridge.id, overdue.id, old.id));
    expect(await only({ kind: 'TASK_MISSED' })).toEqual([task.id]);
    expect(await only({ checkType: 'TASK' })).toEqual([task.id]);
    // Manchester's missed task was opened three days ago: due two days ago, and still open.
    expect(await only({ overdue: true })).toEqual(sorted(task.id, overdue.id, old.id));
    expect(await only({ overdue: false })).toEqual(sorted(fridge.id, recorded.id));
    expect(await only({ search: 'dessert' })).toEqual([overdue.id]);
    const ref = `CA-${task.id.replace(/-/g, '').slice(-6).toUpperCase()}`;
    expect(await only({ search: ref.toLowerCase() })).toEqual([task.id]);
    const hundredDaysAgo = before(hours(24 * 100))
      .toISOString()
      .slice(0, 10);
    expect(await only({ startDate: hundredDaysAgo, endDate: hundredDaysAgo })).toEqual([old.id]);
  });

  test('a site admin and staff see the sites they hold; another site is 403, another organisation’s 404', async () => {
    expect(await listedIds({}, manager)).not.toContain(task.id);
    expect(await listedIds({}, manager)).toContain(fridge.id);
    expect(await listedIds({}, aisha)).toContain(fridge.id);
    expect(await listedIds({}, aisha)).not.toContain(task.id);
    expect(await listedIds({}, chloe)).toEqual(expect.arrayContaining([task.id]));
    expect((await list({ siteID: manchester() }, manager)).statusCode).toBe(403);
    expect((await list({ siteID: ctx.other.site.id })).statusCode).toBe(404);
    expect(await listedIds({}, otherOwner)).not.toContain(fridge.id);
  });

  test('a malformed filter is a 400 naming the field', async () => {
    const reply = await list({ state: 'DONE' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors.state).toBeDefined();
    const half = await list({ startDate: '2025-06-01' });
    expect(half.statusCode).toBe(400);
  });
});

describe('find-one and log-history-list', () => {
  test('one action of the organisation; another organisation’s or a missing one is 404', async () => {
    const action = await open();
    const found = await find(action.id);
    expect(found.statusCode).toBe(200);
    expect(found.json.data).toMatchObject({
      _id: action.id,
      state: 'OPEN',
      openedAt: action.createdAt.toISOString(),
    });
    expect((await find(action.id, aisha)).statusCode).toBe(200);
    expect((await find(action.id, chloe)).statusCode).toBe(403);
    const foreign = await open(theirs());
    expect((await find(foreign.id)).statusCode).toBe(404);
    expect((await find(missingId)).statusCode).toBe(404);
    expect((await find(foreign.id, otherOwner)).statusCode).toBe(200);
    expect((await history(foreign.id)).statusCode).toBe(404);
    expect((await find('not-an-id')).statusCode).toBe(400);
  });

  test('the history starts with the action’s opening', async () => {
    const action = await open();
    const reply = await history(action.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toHaveLength(1);
    expect(reply.json.data[0]).toMatchObject({
      action: 'create',
      actor: { _id: null, name: 'Console' },
      changes: { before: null, after: { state: 'OPEN', actionTaken: null } },
    });
  });
});

describe('record-action', () => {
  test('staff record on the mobile app: the action awaits verification, named by who recorded it', async () => {
    const action = await open();
    const reply = await record({
      _id: action.id,
      actionTaken: 'Discarded high-risk food',
      foodDiscarded: true,
      discardedQuantity: '2 kg chicken thighs',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Corrective action recorded');
    expect(reply.json.data).toMatchObject({
      state: 'ACTION_RECORDED',
      actionTaken: 'Discarded high-risk food',
      foodDiscarded: true,
      discardedQuantity: '2 kg chicken thighs',
      recordedBy: { name: 'Aisha Khan' },
      recordedAt: now,
      overdue: false,
    });
    const entries = (await history(action.id)).json.data;
    expect(entries[0]).toMatchObject({
      action: 'update',
      actor: { name: 'Aisha Khan' },
      changes: {
        before: { state: 'OPEN', actionTaken: null },
        after: { state: 'ACTION_RECORDED', actionTaken: 'Discarded high-risk food', foodDiscarded: true },
      },
    });
  });

  test('an admin records in the console; a quantity without discarded food is not kept', async () => {
    const action = await open();
    const reply = await record(
      { _id: action.id, actionTaken: 'Called an engineer', foodDiscarded: false, discardedQuantity: '1 kg' },
      owner,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      recordedBy: { name: 'Olivia Bennett' },
      foodDiscarded: false,
      discardedQuantity: null,
    });
  });

  test('only an open action takes one: a second is 409 with words', async () => {
    const action = await open();
    expect((await recordWith(action.id)).statusCode).toBe(200);
    const again = await recordWith(action.id, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toMatch(/already has its action recorded.*reopen it/);
    // Nothing of the first was changed.
    expect((await find(action.id)).json.data.recordedBy?.name).toBe('Aisha Khan');
  });

  test('staff of another site are refused (403); another organisation’s action is 404', async () => {
    const action = await open();
    expect((await recordWith(action.id, chloe)).statusCode).toBe(403);
    expect((await find(action.id)).json.data.state).toBe('OPEN');
    const foreign = await open(theirs());
    expect((await recordWith(foreign.id, owner)).statusCode).toBe(404);
    expect((await recordWith(foreign.id, aisha)).statusCode).toBe(404);
    expect((await recordWith(missingId)).statusCode).toBe(404);
  });

  test('a malformed body is a 400 with field messages', async () => {
    const action = await open();
    const noQuantity = await record({
      _id: action.id,
      actionTaken: 'Discarded the batch',
      foodDiscarded: true,
    });
    expect(noQuantity.statusCode).toBe(400);
    expect(noQuantity.json.details?.fieldErrors.discardedQuantity).toEqual([
      'Say how much food was discarded',
    ]);
    const blank = await record({ _id: action.id, actionTaken: '   ', foodDiscarded: false });
    expect(blank.statusCode).toBe(400);
    expect(blank.json.details?.fieldErrors.actionTaken).toEqual(['What was done is required']);
    const unsaid = await record({ _id: action.id, actionTaken: 'Moved the food' });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json.details?.fieldErrors.foodDiscarded).toEqual(['Say whether food was discarded']);
    const badId = await record({ _id: 'nope', actionTaken: 'Moved the food', foodDiscarded: false });
    expect(badId.statusCode).toBe(400);
    expect(badId.json.details?.fieldErrors._id).toBeDefined();
    expect((await find(action.id)).json.data.state).toBe('OPEN');
  });

  test('acknowledges the action’s own overdue alert', async () => {
    const action = await open(ours(), {}, before(hours(30)));
    await scanOverdueActions(scanDeps(), ctx.clock.now());
    const [event] = await eventsAbout(action.id);
    expect(event).toMatchObject({ kind: 'CORRECTIVE_ACTION_OVERDUE', acknowledgedAt: null });
    expect((await recordWith(action.id)).statusCode).toBe(200);
    const [acknowledged] = await eventsAbout(action.id);
    expect(acknowledged?.acknowledgedAt?.toISOString()).toBe(now);
  });
});

describe('verify', () => {
  test('staff cannot verify (403)', async () => {
    const action = await open();
    expect((await recordWith(action.id, owner)).statusCode).toBe(200);
    const reply = await verifyWith(action.id, aisha);
    expect(reply.statusCode).toBe(403);
    expect(reply.json.message).toBe(refusedOnMobile);
    expect((await find(action.id)).json.data.state).toBe('ACTION_RECORDED');
  });

  test('the person who recorded it cannot verify it (403, in words)', async () => {
    const action = await open();
    expect((await recordWith(action.id, manager)).statusCode).toBe(200);
    const reply = await verifyWith(action.id, manager);
    expect(reply.statusCode).toBe(403);
    expect(reply.json.message).toBe(ownActionRefused);
    expect(reply.json.message).toBe('You recorded this action: someone else must verify it');
  });

  test('a wrong password is a 400 on `password`; the right one verifies, with the note', async () => {
    const action = await open();
    expect((await recordWith(action.id)).statusCode).toBe(200);
    const wrong = await verify({ _id: action.id, password: 'not-my-password' }, manager);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.details?.fieldErrors.password).toEqual(['Password is incorrect']);
    expect((await find(action.id)).json.data.state).toBe('ACTION_RECORDED');
    const blank = await verify({ _id: action.id, password: '' }, manager);
    expect(blank.statusCode).toBe(400);
    expect(blank.json.details?.fieldErrors.password).toEqual(['Type your password to verify']);
    const right = await verify(
      { _id: action.id, password: demoPassword, note: 'Checked the fridge myself' },
      manager,
    );
    expect(right.statusCode).toBe(200);
    expect(right.json.message).toBe('Corrective action verified');
    expect(right.json.data).toMatchObject({
      state: 'VERIFIED',
      verifiedBy: { name: 'Marcus Reid' },
      verifiedAt: now,
      verificationNote: 'Checked the fridge myself',
      recordedBy: { name: 'Aisha Khan' },
    });
  });

  test('only a recorded action is verified: open, or verified twice, is 409', async () => {
    const action = await open();
    const early = await verifyWith(action.id);
    expect(early.statusCode).toBe(409);
    expect(early.json.message).toMatch(/must be recorded before it is verified/);
    expect((await recordWith(action.id)).statusCode).toBe(200);
    expect((await verifyWith(action.id)).statusCode).toBe(200);
    const twice = await verifyWith(action.id, manager);
    expect(twice.statusCode).toBe(409);
    expect(twice.json.message).toBe('This corrective action is already verified');
    expect((await find(action.id)).json.data.verifiedBy?.name).toBe('Olivia Bennett');
  });

  test('of two verifications at once, one wins and the other is 409', async () => {
    const action = await open();
    expect((await recordWith(action.id)).statusCode).toBe(200);
    const replies = await Promise.all([verifyWith(action.id, owner), verifyWith(action.id, manager)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const entries = (await history(action.id)).json.data;
    expect(entries.filter((entry) => entry.changes.after?.state === 'VERIFIED')).toHaveLength(1);
  });

  test('acknowledges every open alert about the action and about the record that went wrong', async () => {
    const action = await open(ours(), {}, before(hours(30)));
    await scanOverdueActions(scanDeps(), ctx.clock.now());
    await raiseEvent(
      ctx.db,
      {
        orgId: orgId(),
        siteId: brighton(),
        kind: 'TEMPERATURE_FAILED',
        subject: 'TemperatureLog',
        recordId: action.sourceId,
        title: 'Walk-in fridge read 9.4 °C',
        occurredAt: action.occurredAt,
      },
      ctx.clock.now(),
    );
    expect(
      (await record({ _id: action.id, actionTaken: 'Moved food', foodDiscarded: false })).statusCode,
    ).toBe(200);
    // Recording acknowledged the action's own; the reading's waits for the verification.
    expect((await eventsAbout(action.sourceId))[0]?.acknowledgedAt).toBeNull();
    ctx.clock.set('2025-06-10T10:05:00.000Z');
    expect((await verifyWith(action.id, manager)).statusCode).toBe(200);
    const [reading] = await eventsAbout(action.sourceId);
    expect(reading?.acknowledgedAt?.toISOString()).toBe('2025-06-10T10:05:00.000Z');
    expect((await eventsAbout(action.id)).every((event) => event.acknowledgedAt !== null)).toBe(true);
  });

  test('another organisation’s action is 404 and another site’s 403, before any password is tried', async () => {
    const foreign = await open(theirs());
    expect((await verify({ _id: foreign.id, password: 'guess' })).statusCode).toBe(404);
    const onManchester = await open(ours(manchester()));
    expect((await recordWith(onManchester.id, chloe)).statusCode).toBe(200);
    expect((await verify({ _id: onManchester.id, password: 'guess' }, manager)).statusCode).toBe(403);
    const [counted] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(loginFailures);
    expect(counted?.n).toBe(0);
  });

  test('wrong passwords count as failed sign-ins: past the limit it is 429, as sign-in is', async () => {
    const action = await open();
    expect((await recordWith(action.id)).statusCode).toBe(200);
    for (let attempt = 0; attempt < loginLimits.perAccount; attempt += 1) {
      expect((await verify({ _id: action.id, password: `guess-${attempt}` }, manager)).statusCode).toBe(400);
    }
    const limited = await verifyWith(action.id, manager);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The account's sign-in is limited too: the same attempts.
    const signIn = await ctx.inject('POST', '/api/v1/authentication/web-app-login', {
      body: { email: demoLogins.siteAdmin, password: demoPassword },
      headers: fromNewAddress(),
    });
    expect(signIn.statusCode).toBe(429);
    expect((await find(action.id)).json.data.state).toBe('ACTION_RECORDED');
  });
});

describe('reopen', () => {
  test('back to awaiting action with a reason; the history keeps the recorded action and its verification', async () => {
    const action = await open();
    expect(
      (
        await record({
          _id: action.id,
          actionTaken: 'Discarded high-risk food',
          foodDiscarded: true,
          discardedQuantity: '3 trays',
        })
      ).statusCode,
    ).toBe(200);
    expect((await verify({ _id: action.id, password: demoPassword, note: 'Seen' })).statusCode).toBe(200);
    ctx.clock.set('2025-06-10T10:10:00.000Z');
    const reply = await reopen({ _id: action.id, reason: 'The fridge failed again the next check' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Corrective action reopened');
    expect(reply.json.data).toMatchObject({
      state: 'OPEN',
      actionTaken: null,
      foodDiscarded: null,
      discardedQuantity: null,
      recordedBy: null,
      recordedAt: null,
      verifiedBy: null,
      verifiedAt: null,
      verificationNote: null,
      reopenCount: 1,
      reopenReason: 'The fridge failed again the next check',
      reopenedAt: '2025-06-10T10:10:00.000Z',
      // Due again the site's 24 action hours from the reopening.
      dueAt: '2025-06-11T10:10:00.000Z',
      overdue: false,
    });
    const entries = (await history(action.id)).json.data;
    expect(entries.map((entry) => entry.changes.after?.state)).toEqual([
      'OPEN',
      'VERIFIED',
      'ACTION_RECORDED',
      'OPEN',
    ]);
    const [reopening] = entries;
    expect(reopening).toMatchObject({
      reason: 'The fridge failed again the next check',
      actor: { name: 'Marcus Reid' },
      changes: {
        before: {
          state: 'VERIFIED',
          actionTaken: 'Discarded high-risk food',
          foodDiscarded: true,
          discardedQuantity: '3 trays',
          verifiedBy: ctx.demo.organizationAdmin.id,
          verificationNote: 'Seen',
        },
        after: { state: 'OPEN', actionTaken: null, verifiedBy: null },
      },
    });
    // And it takes a new action.
    expect((await recordWith(action.id)).statusCode).toBe(200);
  });

  test('a recorded one reopens too; an open one is 409; staff cannot (403); a reason is needed', async () => {
    const action = await open();
    const early = await reopen({ _id: action.id, reason: 'Not done' });
    expect(early.statusCode).toBe(409);
    expect((await recordWith(action.id)).statusCode).toBe(200);
    expect((await reopen({ _id: action.id, reason: 'Not done' }, aisha)).statusCode).toBe(403);
    const noReason = await reopen({ _id: action.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json.details?.fieldErrors.reason).toEqual(['Reason is required']);
    expect((await reopen({ _id: action.id, reason: 'Not what we do' })).statusCode).toBe(200);
    const foreign = await open(theirs());
    expect((await reopen({ _id: foreign.id, reason: 'Probe' }, owner)).statusCode).toBe(404);
  });
});

describe('record-list', () => {
  let readingId: string;

  /** A passing reading of a new probe on the site, as the kitchen app records one. */
  async function reading(token: string, siteID: string): Promise<string> {
    const item = await ctx.inject<{ data: { _id: string } }>('POST', '/api/v1/foodItem/create-new-one', {
      token,
      body: { siteID, type: 'PROB', name: `Probe ${newId().slice(-6)}` },
    });
    expect(item.statusCode).toBe(200);
    const log = await ctx.inject<{ data: { _id: string } }>(
      'POST',
      '/api/v1/temperature-logs/create-new-one',
      {
        token,
        body: {
          siteID,
          foodItemID: item.json.data._id,
          logType: 'HOT_WATER',
          celsius: 55,
          readAt: before(hours(2)).toISOString(),
        },
      },
    );
    expect(log.statusCode).toBe(200);
    return log.json.data._id;
  }

  beforeAll(async () => {
    readingId = await reading(owner, brighton());
  });

  test('the actions of one record, oldest first', async () => {
    const later = await open(ours(), { source: { subject: 'TemperatureLog', recordId: readingId } });
    const earlier = await open(
      ours(),
      { source: { subject: 'TemperatureLog', recordId: readingId } },
      before(hours(2)),
    );
    await open();
    const reply = await ctx.inject<{ data: CorrectiveAction[] }>('GET', `${base}/record-list`, {
      token: manager,
      query: { subject: 'TemperatureLog', recordID: readingId },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.map((action) => action._id)).toEqual([earlier.id, later.id]);
  });

  test('another organisation’s record is 404 like a missing one; another site’s is 403', async () => {
    const foreign = await reading(otherOwner, ctx.other.site.id);
    await open(theirs(), { source: { subject: 'TemperatureLog', recordId: foreign } });
    const recordList = (query: Record<string, string>, token = owner) =>
      ctx.inject('GET', `${base}/record-list`, { token, query });
    const reply = await recordList({ subject: 'TemperatureLog', recordID: foreign });
    expect(reply.statusCode).toBe(404);
    expect(reply.json.message).toBe('Temperature log not found');
    expect((await recordList({ subject: 'TemperatureLog', recordID: missingId })).statusCode).toBe(404);
    // The other organisation's admin reads its own.
    expect((await recordList({ subject: 'TemperatureLog', recordID: foreign }, otherOwner)).statusCode).toBe(
      200,
    );
    const onManchester = await reading(owner, manchester());
    expect(
      (await recordList({ subject: 'TemperatureLog', recordID: onManchester }, manager)).statusCode,
    ).toBe(403);
    const badSubject = await recordList({ subject: 'Fridge', recordID: readingId });
    expect(badSubject.statusCode).toBe(400);
    expect(badSubject.json.details?.fieldErrors.subject).toBeDefined();
  });
});

describe('counts', () => {
  test('awaiting action, awaiting verification and overdue, of a site or of every site the caller holds', async () => {
    const start = (await counts({ siteID: brooklyn() })).json.data;
    const all = (await counts()).json.data;
    await open(ours(brooklyn()));
    await open(ours(brooklyn()), {}, before(hours(48)));
    const recorded = await open(ours(brooklyn()));
    expect((await recordWith(recorded.id, owner)).statusCode).toBe(200);
    const reply = await counts({ siteID: brooklyn() });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual({
      awaitingAction: start.awaitingAction + 2,
      awaitingVerification: start.awaitingVerification + 1,
      overdue: start.overdue + 1,
    });
    expect((await counts()).json.data.awaitingAction).toBe(all.awaitingAction + 2);
    // The site's dashboard and the overview count the same.
    const dashboard = await ctx.inject<{ data: { attention: Record<string, number> } }>(
      'GET',
      '/api/v1/task-dashboard/site',
      { token: owner, query: { siteID: brooklyn() } },
    );
    expect(dashboard.json.data.attention).toMatchObject({
      actionsAwaitingAction: reply.json.data.awaitingAction,
      actionsAwaitingVerification: reply.json.data.awaitingVerification,
      actionsOverdue: reply.json.data.overdue,
    });
    // Brighton's site admin counts Brighton alone.
    const brightonOnly = (await counts({ siteID: brighton() }, manager)).json.data;
    expect((await counts({}, manager)).json.data).toEqual(brightonOnly);
    expect((await counts({ siteID: brooklyn() }, manager)).statusCode).toBe(403);
    expect((await counts({ siteID: ctx.other.site.id })).statusCode).toBe(404);
    expect((await counts({ siteID: 'nope' })).statusCode).toBe(400);
  });
});

describe('the overdue scan', () => {
  test('an action open past its due time raises one overdue alert, in words of the site', async () => {
    const action = await open(
      ours(),
      { deviation: 'Walk-in fridge, middle shelf read 9.1 °C (limit 8 °C)' },
      // Due 10:00 UTC today: 11:00 in Brighton.
      before(hours(24)),
    );
    const notYet = await open(ours(), {}, before(hours(23)));
    const recorded = await open(ours(), {}, before(hours(30)));
    expect((await recordWith(recorded.id)).statusCode).toBe(200);
    const [first, second] = await Promise.all([
      scanOverdueActions(scanDeps(), ctx.clock.now()),
      scanOverdueActions(scanDeps(), ctx.clock.now()),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await scanOverdueActions(scanDeps(), ctx.clock.now())).toBe(0);
    const events = await eventsAbout(action.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'CORRECTIVE_ACTION_OVERDUE',
      subject: 'CorrectiveAction',
      siteId: brighton(),
      dedupeKey: `CORRECTIVE_ACTION_OVERDUE:${action.id}:0`,
      title:
        'Corrective action for “Walk-in fridge, middle shelf read 9.1 °C (limit 8 °C)” is overdue at ' +
        'The Harbour Kitchen, Brighton (due 11:00)',
    });
    expect(await eventsAbout(notYet.id)).toEqual([]);
    expect(await eventsAbout(recorded.id)).toEqual([]);
  });

  test('a Brooklyn action’s due time reads as Brooklyn writes it', async () => {
    const action = await open(
      ours(brooklyn()),
      { deviation: 'Reach-in fridge read 46 °F' },
      before(hours(25)),
    );
    await scanOverdueActions(scanDeps(), ctx.clock.now());
    const [event] = await eventsAbout(action.id);
    // Due 09:00 UTC: 5:00 AM in Brooklyn.
    expect(event?.title).toMatch(
      /^Corrective action for “Reach-in fridge read 46 °F” is overdue at Harbour Kitchen Brooklyn \(due 5:00\sAM\)$/,
    );
  });

  test('a reopened action can be overdue again', async () => {
    const action = await open(ours(), {}, before(hours(30)));
    await scanOverdueActions(scanDeps(), ctx.clock.now());
    expect((await recordWith(action.id)).statusCode).toBe(200);
    expect((await reopen({ _id: action.id, reason: 'Not done properly' })).statusCode).toBe(200);
    await scanOverdueActions(scanDeps(), ctx.clock.now());
    expect(await eventsAbout(action.id)).toHaveLength(1);
    // A day later it is still open.
    const dayLater = new Date(Date.parse(now) + hours(25));
    await scanOverdueActions(scanDeps(), dayLater);
    const events = await eventsAbout(action.id);
    expect(events.map((event) => event.dedupeKey).sort()).toEqual([
      `CORRECTIVE_ACTION_OVERDUE:${action.id}:0`,
      `CORRECTIVE_ACTION_OVERDUE:${action.id}:1`,
    ]);
  });
});

describe('standard actions', () => {
  const standard = (query: Record<string, string> = {}, token = owner) =>
    ctx.inject<{ data: StandardActionList[] }>('GET', `${base}/standard-action-list`, { token, query });
  const setStandard = (body: Record<string, unknown>, token = owner) =>
    ctx.inject<{ data: StandardActionList }>('PUT', `${base}/standard-actions`, { token, body });

  test('every check type offers the defaults until the organisation sets its own', async () => {
    const reply = await standard({}, otherOwner);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual(
      correctiveCheckTypes.map((checkType) => ({
        checkType,
        actions: [...defaultStandardActions[checkType]],
        isDefault: true,
      })),
    );
    const fridge = await standard({ checkType: 'FRIDGE' }, aisha);
    expect(fridge.statusCode).toBe(200);
    expect(fridge.json.data).toEqual([
      { checkType: 'FRIDGE', actions: [...defaultStandardActions.FRIDGE], isDefault: true },
    ]);
  });

  test('an organisation admin replaces one check type’s list, kept in the history; others keep theirs', async () => {
    const actions = ['Moved food to the walk-in', 'Called Coldline on 0800 000 000'];
    const reply = await setStandard({ checkType: 'FRIDGE', actions });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual({ checkType: 'FRIDGE', actions, isDefault: false });
    const listed = (await standard({}, manager)).json.data;
    expect(listed.find((one) => one.checkType === 'FRIDGE')).toEqual({
      checkType: 'FRIDGE',
      actions,
      isDefault: false,
    });
    expect(listed.find((one) => one.checkType === 'FREEZER')?.isDefault).toBe(true);
    // Another organisation still has the defaults.
    expect((await standard({ checkType: 'FRIDGE' }, otherOwner)).json.data[0]?.isDefault).toBe(true);
    const changed = ['Moved food to the walk-in'];
    expect((await setStandard({ checkType: 'FRIDGE', actions: changed })).statusCode).toBe(200);
    const entries = await ctx.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.subject, 'StandardAction'), eq(historyEntries.recordId, orgId())))
      .orderBy(historyEntries.position);
    expect(entries.map((entry) => entry.changes)).toEqual([
      { before: null, after: { checkType: 'FRIDGE', actions, isDefault: false } },
      {
        before: { checkType: 'FRIDGE', actions, isDefault: false },
        after: { checkType: 'FRIDGE', actions: changed, isDefault: false },
      },
    ]);
    expect((await verifyChain(ctx.db, orgId())).valid).toBe(true);
  });

  test('a site admin may not change them (403); a malformed list is a 400 with field messages', async () => {
    const refused = await setStandard({ checkType: 'FREEZER', actions: ['Moved the food'] }, manager);
    expect(refused.statusCode).toBe(403);
    expect((await standard({ checkType: 'FREEZER' })).json.data[0]?.isDefault).toBe(true);
    const twice = await setStandard({ checkType: 'FREEZER', actions: ['Moved the food', 'moved the food'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json.details?.fieldErrors.actions).toEqual(['Each standard action once']);
    const blank = await setStandard({ checkType: 'FREEZER', actions: [''] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json.details?.fieldErrors['actions.0']).toEqual(['Action is required']);
    const tooMany = await setStandard({
      checkType: 'FREEZER',
      actions: Array.from({ length: 31 }, (_, n) => `Action ${n}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json.details?.fieldErrors.actions).toEqual(['At most 30 standard actions per check']);
    const unknown = await setStandard({ checkType: 'BAKERY', actions: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.details?.fieldErrors.checkType).toBeDefined();
  });
});

describe('the record check', () => {
  test('compares each action of the range with its history: an edit behind the console’s back shows', async () => {
    const action = await open(ours(manchester()));
    expect((await recordWith(action.id, chloe)).statusCode).toBe(200);
    const check = async () => {
      const reply = await ctx.inject<{ data: RecordCheck }>('GET', '/api/v1/record-history/check', {
        token: owner,
        query: { siteID: manchester() },
      });
      expect(reply.statusCode).toBe(200);
      return reply.json.data;
    };
    const intact = await check();
    const subject = intact.subjects.find((one) => one.subject === 'CorrectiveAction');
    expect(subject?.checked).toBeGreaterThan(0);
    expect(subject?.mismatched).toBe(0);
    await ctx.db
      .update(correctiveActions)
      .set({ actionTaken: 'Nothing was done' })
      .where(eq(correctiveActions.id, action.id));
    const tampered = await check();
    expect(tampered.intact).toBe(false);
    expect(tampered.mismatches).toContainEqual(
      expect.objectContaining({
        subject: 'CorrectiveAction',
        recordID: action.id,
        problem: 'CHANGED',
        fields: ['actionTaken'],
      }),
    );
  });
});
