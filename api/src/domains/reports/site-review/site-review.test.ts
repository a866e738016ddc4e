import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MasterTask, SiteReview } from '@console/shared-sdk/contract';
import { demoLogins, demoPassword } from '../../../demo.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { raiseEvent } from '../../../platform/events/raise.js';
import { historyOf } from '../../../platform/history/history.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { mobileLogin, nearMissRow } from '../../../test/logs.js';
import { plannedBefore } from '../../../test/tasks.js';
import { refusedOnMobile } from '../../../platform/auth/guard.js';
import { scanReviewsDue } from '../../alerts/review-scan.js';
import { masterTypes, sensors, temperatureItems } from '../../equipment/index.js';
import { documents, nearMisses, temperatureReadings } from '../../logs/index.js';
import { addDays } from '../../sites/index.js';
import { ensureOccurrences, individualTasks } from '../../tasks/index.js';
import { draftContents } from './drafting.js';

// The four-weekly review over a crafted four weeks at Brighton (6 Oct to 2 Nov 2025, British Summer Time
// ending inside it): what it drafts from the records, the reminder once they are over, and signing it.

// The crafted month is a few dozen writes and every read drafts the month: slow on a busy machine.
jest.setTimeout(120_000);

const v1 = '/api/v1/siteReview';
/** The crafted period, and its dates by day number. */
const period = { start: '2025-10-06', end: '2025-11-02' };
const day = (n: number) => addDays(period.start, n);
/** 10:00 on a date of the period in Brighton (BST until 26 Oct, GMT after). */
const tenAm = (date: string) => new Date(`${date}T${date < '2025-10-26' ? '09' : '10'}:00:00Z`);
/** Two days into the next period (3 Nov to 30 Nov): the crafted one is over. */
const afterwards = '2025-11-04T10:00:00Z';

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
let staff: string;

const brighton = () => ctx.demo.sites.brighton.id;
const orgId = () => ctx.demo.organization.id;
const scanDeps = () => ({ db: ctx.db, log: { debug: () => undefined, error: () => undefined } });

/** What the crafted records are, by name, for the expectations. */
const made = {
  fridgeA: '',
  fridgeB: '',
  sensor: '',
  openAction: '',
  verifiedAction: '',
  nearMiss: '',
  certificate: '',
  insurance: '',
};
/** The review of the crafted period, once the reminder made it. */
let reviewId = '';

type Reply<T> = { data: T };

/** A fridge with one item, made as an admin does; answers its item's id. */
async function fridge(name: string, siteID = brighton()): Promise<string> {
  const reply = await ctx.inject<Reply<{ _id: string }>>('POST', '/api/v1/masterType/create-new-one', {
    token: owner,
    body: { siteID, type: 'FRIDGE', name, temperatureItems: [{ name: 'Main', upperLimit: 5 }] },
  });
  if (reply.statusCode !== 200) throw new Error(`a fridge: ${reply.raw}`);
  const [item] = await ctx.db
    .select({ id: temperatureItems.id })
    .from(temperatureItems)
    .innerJoin(masterTypes, eq(masterTypes.id, temperatureItems.masterTypeId))
    .where(eq(masterTypes.id, reply.json.data._id));
  if (!item) throw new Error('the fridge has no item');
  return item.id;
}

/** A fridge reading at 10:00 on `date`, failed (9 °C) or passed (3 °C). */
async function reading(
  temperatureItemId: string,
  date: string,
  result: 'FAIL' | 'PASS',
  siteId = brighton(),
) {
  const at = tenAm(date);
  await ctx.db.insert(temperatureReadings).values({
    id: newId(),
    orgId: orgId(),
    siteId,
    logType: 'FRIDGE',
    temperatureItemId,
    checkKind: 'FRIDGE',
    celsius: result === 'FAIL' ? 9 : 3,
    readAt: at,
    receivedAt: at,
    readBy: ctx.demo.siteAdmin.id,
    upperLimit: 5,
    result,
    correctiveAction: result === 'FAIL' ? 'Moved the food to the reach-in' : null,
    createdAt: at,
    updatedAt: at,
  });
}

/** A daily master task at 09:00 over [from, to], planned before it starts. */
async function daily(name: string, from: string, to: string): Promise<MasterTask> {
  const reply = await plannedBefore(ctx, from, () =>
    ctx.inject<Reply<MasterTask>>('POST', '/api/v1/master-task/create-new-one', {
      token: owner,
      body: {
        siteID: brighton(),
        name,
        checkListItems: [{ text: 'Bins emptied and washed' }],
        schedule: { repeat: 'DAILY', startDate: from, endDate: to, dueTime: '09:00' },
      },
    }),
  );
  if (reply.statusCode !== 200) throw new Error(`a task: ${reply.raw}`);
  return reply.json.data;
}

/** Completes the task's occurrence of `date` on time with its line failed, as staff would have. */
async function doneWithFailedLine(task: MasterTask, date: string) {
  // Made on the day's morning, as the background job would have (days are made only so far ahead).
  await ensureOccurrences(
    ctx.db,
    { orgId: orgId(), siteIds: [brighton()] },
    date,
    date,
    new Date(`${date}T05:00:00Z`),
  );
  const [row] = await ctx.db
    .select()
    .from(individualTasks)
    .where(and(eq(individualTasks.masterTaskId, task._id), eq(individualTasks.taskDate, date)));
  if (!row) throw new Error(`no occurrence of ${task.name} on ${date}`);
  const doneAt = new Date(row.expireOn.getTime() - 60 * 60_000);
  await ctx.db
    .update(individualTasks)
    .set({
      status: 'COMPLETED',
      completedAt: doneAt,
      completedBy: ctx.demo.siteAdmin.id,
      syncedAt: doneAt,
      items: row.items.map((item) => ({
        ...item,
        status: 'FAILED' as const,
        statusChangeOn: doneAt.toISOString(),
        changedBy: ctx.demo.siteAdmin.id,
        comment: 'Bin store not washed',
      })),
    })
    .where(eq(individualTasks.id, row.id));
}

/** A corrective action of a failed reading at Brighton, open or verified. */
async function action(state: 'OPEN' | 'VERIFIED', occurredAt: Date, siteId = brighton()): Promise<string> {
  const id = newId();
  const recorded =
    state === 'VERIFIED'
      ? {
          actionTaken: 'Moved the food to the reach-in',
          foodDiscarded: false,
          recordedBy: ctx.demo.organizationAdmin.id,
          recordedAt: occurredAt,
          verifiedBy: ctx.demo.siteAdmin.id,
          verifiedAt: occurredAt,
        }
      : {};
  await ctx.db.insert(correctiveActions).values({
    id,
    orgId: orgId(),
    siteId,
    kind: 'READING_FAILED',
    checkType: 'FRIDGE',
    sourceSubject: 'TemperatureLog',
    sourceId: newId(),
    dedupeKey: `READING_FAILED:${id}`,
    deviation: `Walk-in fridge: Main read 9 °C (${state})`,
    occurredAt,
    dueAt: new Date(occurredAt.getTime() + 24 * 3_600_000),
    state,
    ...recorded,
    createdAt: occurredAt,
    updatedAt: occurredAt,
  });
  return id;
}

/** A document expiring on `expiresOn`, of the site or (null) of the whole organisation. */
async function document(name: string, expiresOn: string, siteId: string | null = brighton()) {
  const id = newId();
  const at = new Date('2025-09-01T09:00:00Z');
  await ctx.db.insert(documents).values({
    id,
    orgId: orgId(),
    siteId,
    name,
    category: 'LICENCE',
    expiresOn,
    createdBy: ctx.demo.organizationAdmin.id,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

/** The sensor went silent at `at` (its SENSOR_OFFLINE event, as the offline job raises it). */
const silence = (at: string) =>
  raiseEvent(
    ctx.db,
    {
      orgId: orgId(),
      siteId: brighton(),
      kind: 'SENSOR_OFFLINE',
      subject: 'Sensor',
      recordId: made.sensor,
      dedupeKey: `SENSOR_OFFLINE:${made.sensor}:${at}`,
      title: 'Sensor “Walk-in probe” has sent nothing for 30 minutes',
      occurredAt: new Date(at),
    },
    new Date(at),
  );

const find = (id: string, token = owner) =>
  ctx.inject<Reply<SiteReview>>('GET', `${v1}/find-one/${id}`, { token });
const current = (siteID: string, token = owner) =>
  ctx.inject<Reply<SiteReview>>('GET', `${v1}/current`, { token, query: { siteID } });
const sign = (body: Record<string, unknown>, token = manager) =>
  ctx.inject<Reply<SiteReview>>('PUT', `${v1}/sign`, { token, body });
const update = (body: Record<string, unknown>, token = manager) =>
  ctx.inject<Reply<SiteReview>>('PUT', `${v1}/update-one`, { token, body });
/** The reviews the site's dashboard counts as waiting for a signature. */
const reviewsDueOnDashboard = async (siteID: string) => {
  const reply = await ctx.inject<Reply<{ attention: { reviewsDue: number } }>>(
    'GET',
    '/api/v1/task-dashboard/site',
    { token: owner, query: { siteID } },
  );
  expect(reply.statusCode).toBe(200);
  return reply.json.data.attention.reviewsDue;
};

beforeAll(async () => {
  ctx = await createTestContext();
  // The demo's sites opened long before the crafted period.
  await ctx.db.execute(sql`update sites set created_at = '2025-01-01T00:00:00Z'`);
  ctx.clock.set('2025-10-01T12:00:00Z');
  owner = await ctx.login(demoLogins.organizationAdmin);

  made.fridgeA = await fridge('Walk-in fridge');
  made.fridgeB = await fridge('Reach-in fridge');
  const manchesterFridge = await fridge('Bar fridge', ctx.demo.sites.manchester.id);
  // Walk-in: failed on three dates (and the day before the period); reach-in: twice, below the threshold.
  for (const date of [day(1), day(2), day(8)]) await reading(made.fridgeA, date, 'FAIL');
  await reading(made.fridgeA, day(3), 'PASS');
  await reading(made.fridgeA, addDays(period.start, -1), 'FAIL');
  for (const date of [day(2), day(9)]) await reading(made.fridgeB, date, 'FAIL');
  for (const date of [day(1), day(2), day(3)]) {
    await reading(manchesterFridge, date, 'FAIL', ctx.demo.sites.manchester.id);
  }

  // A delivery check missed on two dates, and the cleaning done on time on three with its line failed.
  await daily('Delivery check', day(3), day(4));
  const cleaning = await daily('Cleaning schedule', day(5), day(7));
  for (const date of [day(5), day(6), day(7)]) await doneWithFailedLine(cleaning, date);

  const origin = { orgId: orgId(), siteId: brighton(), by: ctx.demo.siteAdmin.id };
  const nearMiss = {
    ...nearMissRow({ ...origin, at: tenAm(day(10)) }, 'REPORTED'),
    title: 'Slip by the dish wash',
  };
  made.nearMiss = nearMiss.id;
  await ctx.db
    .insert(nearMisses)
    .values([
      nearMiss,
      { ...nearMissRow({ ...origin, at: tenAm(addDays(period.start, -3)) }, 'COMPLETED'), title: 'Before' },
    ]);

  made.certificate = await document('Food hygiene certificate', addDays(period.end, 10));
  made.insurance = await document('Public liability insurance', day(5), null);
  await document('Pest control contract', addDays(period.end, 90));
  await document('Manchester licence', day(5), ctx.demo.sites.manchester.id);

  // An action still open from before the period, one verified; Manchester's open one is its own.
  made.openAction = await action('OPEN', tenAm(addDays(period.start, -10)));
  made.verifiedAction = await action('VERIFIED', tenAm(day(1)));
  await action('OPEN', tenAm(day(1)), ctx.demo.sites.manchester.id);

  made.sensor = newId();
  const at = new Date('2025-09-01T09:00:00Z');
  await ctx.db.insert(sensors).values({
    id: made.sensor,
    orgId: orgId(),
    siteId: brighton(),
    name: 'Walk-in probe',
    temperatureItemId: made.fridgeA,
    keyHash: `review-test-${made.sensor}`,
    keyPrefix: 'rev',
    keyCreatedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  await silence(`${day(11)}T02:00:00.000Z`);
  await silence(`${day(20)}T23:30:00.000Z`);
  // Just after the period's last local date: the next period's.
  await silence(`${addDays(period.end, 1)}T00:30:00.000Z`);

  ctx.clock.set(afterwards);
  [owner, manager, otherOwner, staff] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login('owner@other.example'),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
  ]);
});
afterAll(() => ctx.close());

const reminders = (siteId: string) =>
  ctx.db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.kind, 'REVIEW_DUE'), eq(alertEvents.siteId, siteId)));

test('once the four weeks are over, the reminder makes their review and raises one event, however often it scans', async () => {
  expect(await scanReviewsDue(scanDeps(), ctx.clock.now())).toBeGreaterThan(0);
  expect(await scanReviewsDue(scanDeps(), ctx.clock.now())).toBe(0);
  const raised = await reminders(brighton());
  expect(raised).toHaveLength(1);
  reviewId = raised[0]?.recordId ?? '';
  expect(raised[0]).toMatchObject({
    orgId: orgId(),
    subject: 'SiteReview',
    dedupeKey: `REVIEW_DUE:${brighton()}:${period.start}`,
    title: 'The four-weekly review of 6 Oct to 2 Nov at The Harbour Kitchen, Brighton is due for signing',
    acknowledgedAt: null,
  });
  const review = await find(reviewId);
  expect(review.statusCode).toBe(200);
  expect(review.json.data).toMatchObject({
    siteID: brighton(),
    periodStart: period.start,
    periodEnd: period.end,
    state: 'DRAFT',
    due: true,
  });
  // Brooklyn writes its dates month first.
  const [brooklyn] = await reminders(ctx.demo.sites.brooklyn.id);
  expect(brooklyn?.title).toMatch(/^The four-weekly review of Oct 6 to Nov 2 at /);
});

test('a draft is drafted from the records of its four weeks: exactly the problems they show', async () => {
  const { contents } = (await find(reviewId)).json.data;
  expect(contents.recurringProblems).toEqual([
    { of: 'task', name: 'Cleaning schedule', failures: 3, dates: [day(5), day(6), day(7)] },
    { of: 'equipment', name: 'Walk-in fridge: Main', failures: 3, dates: [day(1), day(2), day(8)] },
  ]);
  expect(contents.missedChecks).toEqual([{ task: 'Delivery check', missed: 2, dates: [day(3), day(4)] }]);
  expect(contents.unresolvedActions).toEqual([
    {
      _id: made.openAction,
      ref: `CA-${made.openAction.replace(/-/g, '').slice(-6).toUpperCase()}`,
      deviation: 'Walk-in fridge: Main read 9 °C (OPEN)',
      state: 'OPEN',
      occurredAt: tenAm(addDays(period.start, -10)).toISOString(),
    },
  ]);
  expect(contents.nearMisses).toEqual([
    {
      _id: made.nearMiss,
      title: 'Slip by the dish wash',
      occurredAt: tenAm(day(10)).toISOString(),
      status: 'Reported',
    },
  ]);
  expect(contents.documents).toEqual([
    { _id: made.insurance, name: 'Public liability insurance', expiresOn: day(5), expired: true },
    {
      _id: made.certificate,
      name: 'Food hygiene certificate',
      expiresOn: addDays(period.end, 10),
      expired: false,
    },
  ]);
  expect(contents.sensorsOffline).toEqual([{ _id: made.sensor, name: 'Walk-in probe', times: 2 }]);
  // The period before had nothing due; the first week two missed and two on time, the second one on time.
  expect(contents.scoreTrend).toEqual([
    { startDate: '2025-09-08', endDate: '2025-10-05', score: null, band: null },
    { startDate: day(0), endDate: day(6), score: 50, band: 'RED' },
    { startDate: day(7), endDate: day(13), score: 100, band: 'GREEN' },
    { startDate: day(14), endDate: day(20), score: null, band: null },
    { startDate: day(21), endDate: day(27), score: null, band: null },
  ]);
});

test('the site’s list answers its reviews latest first, the unsigned one of four weeks over as due', async () => {
  const now = await current(brighton());
  expect(now.statusCode).toBe(200);
  expect(now.json.data).toMatchObject({ periodStart: '2025-11-03', periodEnd: '2025-11-30', due: false });
  // Asked again at once (twice together), still one review of the period.
  const [again, together] = await Promise.all([current(brighton()), current(brighton())]);
  expect(again.json.data._id).toBe(now.json.data._id);
  expect(together.json.data._id).toBe(now.json.data._id);
  const list = await ctx.inject<Reply<{ list: SiteReview[]; records: number }>>('GET', `${v1}/web-app-list`, {
    token: manager,
    query: { siteID: brighton(), state: 'DRAFT' },
  });
  expect(list.statusCode).toBe(200);
  expect(list.json.data.records).toBe(2);
  expect(list.json.data.list.map(({ periodStart, due }) => ({ periodStart, due }))).toEqual([
    { periodStart: '2025-11-03', due: false },
    { periodStart: period.start, due: true },
  ]);
  const signed = await ctx.inject<Reply<{ records: number }>>('GET', `${v1}/web-app-list`, {
    token: manager,
    query: { siteID: brighton(), state: 'SIGNED' },
  });
  expect(signed.json.data.records).toBe(0);
});

test('staff, another site’s admin and another organisation cannot reach a review', async () => {
  const onMobile = await current(brighton(), staff);
  expect(onMobile.statusCode).toBe(403);
  expect(onMobile.json.message).toBe(refusedOnMobile);
  const manchester = await current(ctx.demo.sites.manchester.id);
  expect(manchester.statusCode).toBe(200);
  expect((await find(manchester.json.data._id, manager)).statusCode).toBe(403);
  expect((await current(ctx.demo.sites.manchester.id, manager)).statusCode).toBe(403);
  expect((await sign({ _id: manchester.json.data._id, password: demoPassword })).statusCode).toBe(403);
  for (const reply of [
    await find(reviewId, otherOwner),
    await current(brighton(), otherOwner),
    await update({ _id: reviewId, notes: 'Not mine' }, otherOwner),
    await sign({ _id: reviewId, password: demoPassword }, otherOwner),
  ]) {
    expect(reply.statusCode).toBe(404);
  }
  expect((await find(reviewId)).json.data.notes).toBe('');
});

test('a draft takes notes and changes, each change kept in its history', async () => {
  const noted = await update({ _id: reviewId, notes: 'The walk-in keeps failing in the mornings' });
  expect(noted.statusCode).toBe(200);
  expect(noted.json.message).toBe('Review saved');
  const changed = await update({ _id: reviewId, changes: 'New door seal ordered' });
  expect(changed.json.data).toMatchObject({
    notes: 'The walk-in keeps failing in the mornings',
    changes: 'New door seal ordered',
    state: 'DRAFT',
  });
  expect(await historyOf(ctx.db, orgId(), 'SiteReview', reviewId)).toHaveLength(2);
});

test('signing needs the signer’s own password: a wrong one is refused on the field', async () => {
  const wrong = await sign({ _id: reviewId, password: 'not my password' });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json.details).toHaveProperty(['fieldErrors', 'password']);
  const missing = await sign({ _id: reviewId });
  expect(missing.statusCode).toBe(400);
  expect((await find(reviewId)).json.data.state).toBe('DRAFT');
});

test('a signed review keeps what was signed, refuses changes, and its reminder is acknowledged', async () => {
  const drafted = (await find(reviewId)).json.data.contents;
  // Until it is signed, the site's dashboard says it waits.
  expect(await reviewsDueOnDashboard(brighton())).toBe(1);
  const signed = await sign({ _id: reviewId, password: demoPassword, changes: 'New door seal fitted' });
  expect(signed.statusCode).toBe(200);
  expect(await reviewsDueOnDashboard(brighton())).toBe(0);
  expect(signed.json.message).toBe('Review signed');
  expect(signed.json.data).toMatchObject({
    state: 'SIGNED',
    due: false,
    changes: 'New door seal fitted',
    signedBy: { _id: ctx.demo.siteAdmin.id },
    signedAt: ctx.clock.now().toISOString(),
    contents: drafted,
  });
  const [reminder] = await reminders(brighton());
  expect(reminder?.acknowledgedBy).toBe(ctx.demo.siteAdmin.id);

  // The records change afterwards: the reach-in fails a third time in the period, the action is verified.
  await reading(made.fridgeB, day(12), 'FAIL');
  await ctx.db.delete(correctiveActions).where(inArray(correctiveActions.id, [made.openAction]));
  const redrafted = await draftContents(
    ctx.db,
    { id: brighton(), orgId: orgId(), timeZoneId: 'Europe/London' },
    period,
    ctx.clock.now(),
  );
  expect(redrafted.recurringProblems.map((problem) => problem.name)).toContain('Reach-in fridge: Main');
  expect(redrafted.unresolvedActions).toEqual([]);
  const later = await find(reviewId);
  expect(later.json.data.contents).toEqual(drafted);

  const refused = await update({ _id: reviewId, notes: 'One more thing' });
  expect(refused.statusCode).toBe(409);
  expect(refused.json.message).toBe('A signed review cannot be changed; add to the next one');
  expect((await sign({ _id: reviewId, password: demoPassword })).statusCode).toBe(409);
  expect((await find(reviewId)).json.data.notes).toBe('The walk-in keeps failing in the mornings');
  const [signing] = await historyOf(ctx.db, orgId(), 'SiteReview', reviewId);
  expect(signing?.changes).toMatchObject({ after: { state: 'SIGNED', contents: drafted } });
});

test('wrong passwords count toward the sign-in limit: past it, signing is refused with 429', async () => {
  const review = (await current(brighton())).json.data;
  const answers: number[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1) {
    answers.push((await sign({ _id: review._id, password: 'guessing' })).statusCode);
  }
  // Five attempts of the sign-in window (the right password at the signing above started them afresh).
  expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  // Refused before the password is looked at: the right one too, until the window frees.
  expect((await sign({ _id: review._id, password: demoPassword })).statusCode).toBe(429);
  expect((await find(review._id)).json.data.state).toBe('DRAFT');
});

test('four weeks later the next review is reminded of once; the signed one never again', async () => {
  ctx.clock.set('2025-12-02T10:00:00Z');
  expect(await scanReviewsDue(scanDeps(), ctx.clock.now())).toBeGreaterThan(0);
  expect(await scanReviewsDue(scanDeps(), ctx.clock.now())).toBe(0);
  const raised = await reminders(brighton());
  expect(raised.map((event) => event.dedupeKey).sort()).toEqual([
    `REVIEW_DUE:${brighton()}:${period.start}`,
    `REVIEW_DUE:${brighton()}:2025-11-03`,
  ]);
});
