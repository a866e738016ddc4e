import { eq } from 'drizzle-orm';
import { sites } from '../../platform/db/schema.js';
import { alertEvents } from '../../platform/events/schema.js';
import { demoLogins } from '../../demo.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { createOccurrence, plannedBefore } from '../../test/tasks.js';
import { dispatchEvents, scanMissedChecks, scanOverdueTasks } from './index.js';

// The scans raise events from the passing of time (issue 24): a task still open at its due time is
// overdue, once; a site's opening checks not done by the end of its day are missed, once per slot; a
// completion acknowledges the overdue event, so it does not escalate.

/** A Tuesday: 11:00 in Brighton (BST). */
const now = '2025-06-10T10:00:00.000Z';
const date = '2025-06-10';

let ctx: TestContext;
let owner: string;
const log = { debug: jest.fn(), error: jest.fn() };
const deps = () => ({ db: ctx.db, log });

const events = (kind: string) =>
  ctx.db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.kind, kind as 'TASK_OVERDUE'));

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(now);
  owner = await ctx.login(demoLogins.organizationAdmin);
});
afterAll(() => ctx.close());

test('an open task past its due time is overdue once; its completion acknowledges it', async () => {
  const task = await plannedBefore(ctx, date, () =>
    createOccurrence(
      ctx,
      owner,
      {
        siteID: ctx.demo.sites.brighton.id,
        name: 'Check the walk-in fridge',
        checkListItems: [{ text: 'Door seals clean' }],
        schedule: { repeat: 'ONCE', startDate: date, dueTime: '10:30' },
      },
      date,
    ),
  );
  const [first, second] = await Promise.all([
    scanOverdueTasks(deps(), ctx.clock.now()),
    scanOverdueTasks(deps(), ctx.clock.now()),
  ]);
  expect((first ?? 0) + (second ?? 0)).toBe(1);
  expect(await scanOverdueTasks(deps(), ctx.clock.now())).toBe(0);
  const [overdue] = await events('TASK_OVERDUE');
  expect(overdue).toMatchObject({
    recordId: task.individualTaskID,
    siteId: ctx.demo.sites.brighton.id,
    title: '“Check the walk-in fridge” was due by 10:30 at The Harbour Kitchen, Brighton and is not done',
    acknowledgedAt: null,
  });
  expect(overdue?.details).toMatchObject({ masterTaskId: task.masterTaskID, taskDate: date });

  // Its last checklist line done completes it.
  const done = await ctx.inject('PUT', '/api/v1/individual-task/check-list-item-status-change', {
    token: await ctx.login(demoLogins.organizationAdmin),
    body: {
      masterTaskID: task.masterTaskID,
      individualTaskID: task.individualTaskID,
      checkListID: task.master.checkListItems[0]?._id,
      status: 'COMPLETED',
    },
  });
  expect(done.statusCode).toBe(200);
  const [acknowledged] = await events('TASK_OVERDUE');
  expect(acknowledged?.acknowledgedAt?.toISOString()).toBe(now);
  expect(acknowledged?.acknowledgedBy).toBe(ctx.demo.organizationAdmin.id);
});

test('opening checks not done by the end of the site’s day are missed, once per site, date and slot', async () => {
  await plannedBefore(ctx, date, () =>
    createOccurrence(
      ctx,
      owner,
      {
        siteID: ctx.demo.sites.brighton.id,
        name: 'Opening checks',
        checkListItems: [{ text: 'Probe calibrated' }],
        schedule: { repeat: 'ONCE', startDate: date, dueSlot: 'OPEN' },
      },
      date,
    ),
  );
  // The site's day has not ended: nothing missed yet.
  expect(await scanMissedChecks(deps(), ctx.clock.now())).toBe(0);
  ctx.clock.set('2025-06-11T03:00:00.000Z');
  expect(await scanMissedChecks(deps(), ctx.clock.now())).toBe(1);
  expect(await scanMissedChecks(deps(), ctx.clock.now())).toBe(0);
  const [missed] = await events('CHECKS_MISSED');
  expect(missed).toMatchObject({
    dedupeKey: `CHECKS_MISSED:${ctx.demo.sites.brighton.id}:${date}:OPENING`,
    title: 'Opening checks missed at The Harbour Kitchen, Brighton on Tue, 10 Jun 2025 (1 of 1 not done)',
  });
  expect(await dispatchEvents(deps(), ctx.clock.now())).toBeGreaterThan(0);
});

test('an American site’s overdue task names its due time as its locale writes it: a 12-hour clock', async () => {
  ctx.clock.set(now);
  const brighton = ctx.demo.sites.brighton.id;
  await ctx.db.update(sites).set({ jurisdiction: 'US-NYC' }).where(eq(sites.id, brighton));
  try {
    const task = await plannedBefore(ctx, date, () =>
      createOccurrence(
        ctx,
        owner,
        {
          siteID: brighton,
          name: 'Check the reach-in cooler',
          checkListItems: [{ text: 'Door seals clean' }],
          schedule: { repeat: 'ONCE', startDate: date, dueTime: '10:15' },
        },
        date,
      ),
    );
    // The opening checks of the test before are overdue too, raised now beside it.
    expect(await scanOverdueTasks(deps(), ctx.clock.now())).toBeGreaterThanOrEqual(1);
    const overdue = (await events('TASK_OVERDUE')).find((event) => event.recordId === task.individualTaskID);
    expect(overdue?.title).toBe(
      '“Check the reach-in cooler” was due by 10:15 AM at The Harbour Kitchen, Brighton and is not done',
    );
  } finally {
    await ctx.db.update(sites).set({ jurisdiction: 'GB-ENG' }).where(eq(sites.id, brighton));
  }
});
