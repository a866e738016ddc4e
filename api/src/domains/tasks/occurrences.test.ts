import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { individualTasks, masterTasks } from './schema.js';
import { sites } from '../../platform/db/schema.js';
import { newId } from '../../platform/db/ids.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { makeOccurrencesAhead, occurrenceJobLockName } from './occurrence-job.js';
import { advanceMadeThrough, ensureOccurrences, maxOccurrenceRangeDays, remakeFrom } from './occurrences.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Each test starts with no live master task, so the job (which covers every site) sees only its own.
afterEach(async () => {
  await ctx.db.update(masterTasks).set({ deletedAt: ctx.clock.now() }).where(isNull(masterTasks.deletedAt));
});

type MasterTaskFields = Partial<typeof masterTasks.$inferInsert> &
  Pick<typeof masterTasks.$inferInsert, 'repeat'>;

/** A master task on Brighton (Europe/London) unless told otherwise, due at 09:00 every day from 1 January. */
async function masterTask(fields: MasterTaskFields) {
  const [task] = await ctx.db
    .insert(masterTasks)
    .values({
      id: newId(),
      orgId: ctx.demo.organization.id,
      siteId: ctx.demo.sites.brighton.id,
      name: 'Fridge temperatures',
      items: [
        { id: newId(), text: 'Walk-in fridge below 5 °C', required: true, photoRequired: false },
        { id: newId(), text: 'Photo of the display', required: false, photoRequired: true },
      ],
      startDate: '2026-01-01',
      dueTime: '09:00',
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
      ...fields,
    })
    .returning();
  if (!task) throw new Error('no master task');
  return task;
}

const occurrencesOf = (masterTaskId: string) =>
  ctx.db
    .select()
    .from(individualTasks)
    .where(eq(individualTasks.masterTaskId, masterTaskId))
    .orderBy(asc(individualTasks.taskDate));

const datesOf = async (masterTaskId: string) => (await occurrencesOf(masterTaskId)).map((o) => o.taskDate);

describe('ensureOccurrences', () => {
  // A moment after every date these tests make (the widest reaches 4 February 2027), so none of them is
  // past the making horizon (the site's today + 7 days), whatever the date the suite runs on.
  beforeEach(() => ctx.clock.set('2027-02-10T12:00:00.000Z'));

  test('makes one pending occurrence per scheduled date, with its window and a copy of the checklist', async () => {
    // The week before: 30 March is inside the horizon (24 March + 7 days).
    const now = new Date('2026-03-24T10:00:00.000Z');
    const task = await masterTask({ repeat: 'DAILY', startDate: '2026-03-27' });
    const made = await ensureOccurrences(ctx.db, { orgId: task.orgId }, '2026-03-25', '2026-03-30', now);
    expect(made).toBe(4);
    const occurrences = await occurrencesOf(task.id);
    expect(occurrences.map((o) => o.taskDate)).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
    // 09:00 in London: GMT, then BST from Sunday 29 March.
    expect(occurrences.map((o) => o.expireOn.toISOString())).toEqual([
      '2026-03-27T09:00:00.000Z',
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
    expect(occurrences[3]?.opensAt.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(occurrences[0]).toMatchObject({
      orgId: task.orgId,
      siteId: task.siteId,
      status: 'PENDING',
      completedAt: null,
      completedBy: null,
      syncedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    expect(occurrences[0]?.items).toEqual(
      task.items.map((item) => ({
        ...item,
        status: 'PENDING',
        statusChangeOn: null,
        changedBy: null,
        comment: null,
      })),
    );
    expect(new Set(occurrences.map((o) => o.id)).size).toBe(4);
  });

  test('makes only what is missing, and nothing the second time', async () => {
    const now = ctx.clock.now();
    const task = await masterTask({ repeat: 'DAILY' });
    expect(
      await ensureOccurrences(ctx.db, { masterTaskIds: [task.id] }, '2026-04-01', '2026-04-03', now),
    ).toBe(3);
    expect(
      await ensureOccurrences(ctx.db, { masterTaskIds: [task.id] }, '2026-04-01', '2026-04-05', now),
    ).toBe(2);
    expect(
      await ensureOccurrences(ctx.db, { masterTaskIds: [task.id] }, '2026-04-01', '2026-04-05', now),
    ).toBe(0);
    expect(await datesOf(task.id)).toHaveLength(5);
  });

  test('dates made from the start date on are not looked at again, until they are taken back', async () => {
    const now = ctx.clock.now();
    const task = await masterTask({ repeat: 'DAILY', startDate: '2026-04-01' });
    const make = (from: string, to: string) =>
      ensureOccurrences(ctx.db, { masterTaskIds: [task.id] }, from, to, now);
    const madeThrough = async () =>
      (
        await ctx.db
          .select({ madeThrough: masterTasks.madeThrough })
          .from(masterTasks)
          .where(eq(masterTasks.id, task.id))
      )[0]?.madeThrough;
    // A range after the start date leaves the dates before it unknown…
    expect(await make('2026-04-10', '2026-04-12')).toBe(3);
    expect(await madeThrough()).toBeNull();
    // …one from the start date makes everything through its end, and a range that continues it moves on.
    expect(await make('2026-04-01', '2026-04-12')).toBe(9);
    expect(await madeThrough()).toBe('2026-04-12');
    expect(await make('2026-04-13', '2026-04-14')).toBe(2);
    expect(await madeThrough()).toBe('2026-04-14');
    // Inside it nothing is read again: a row removed behind the application's back stays missing.
    await ctx.db
      .delete(individualTasks)
      .where(and(eq(individualTasks.masterTaskId, task.id), eq(individualTasks.taskDate, '2026-04-05')));
    expect(await make('2026-04-01', '2026-04-14')).toBe(0);
    // Taken back (a new schedule, new opening hours), the dates from then on are read again.
    await remakeFrom(ctx.db, eq(masterTasks.id, task.id), '2026-04-03');
    expect(await madeThrough()).toBe('2026-04-02');
    expect(await make('2026-04-01', '2026-04-14')).toBe(1);
    expect(await madeThrough()).toBe('2026-04-14');
    expect(await datesOf(task.id)).toHaveLength(14);
  });

  test('a making that read a task before its schedule changed does not move its watermark on', async () => {
    const task = await masterTask({ repeat: 'DAILY', startDate: '2026-04-01' });
    await ensureOccurrences(
      ctx.db,
      { masterTaskIds: [task.id] },
      '2026-04-01',
      '2026-04-05',
      ctx.clock.now(),
    );
    const read = async () => {
      const [row] = await ctx.db
        .select({
          id: masterTasks.id,
          startDate: masterTasks.startDate,
          madeThrough: masterTasks.madeThrough,
          version: sql<string>`${masterTasks}.xmin::text`,
        })
        .from(masterTasks)
        .where(eq(masterTasks.id, task.id));
      if (!row) throw new Error('no master task');
      return row;
    };
    // A making reads the task, then a new schedule takes the watermark back before the making moves it.
    const seen = await read();
    expect(seen.madeThrough).toBe('2026-04-05');
    await remakeFrom(ctx.db, eq(masterTasks.id, task.id), '2026-04-06');
    await advanceMadeThrough(ctx.db, [{ ...seen, through: '2026-04-10' }], '2026-04-06');
    expect((await read()).madeThrough).toBe('2026-04-05');
    // Read afresh, the same making moves it.
    await advanceMadeThrough(ctx.db, [{ ...(await read()), through: '2026-04-10' }], '2026-04-06');
    expect((await read()).madeThrough).toBe('2026-04-10');
  });

  test('a task due in a slot has no occurrence on a day the site is closed, and keeps its local hours', async () => {
    // Brooklyn (America/New_York) is closed on Mondays and opens at 10:00 on Sundays: OPEN is 10:00-11:00.
    const task = await masterTask({
      repeat: 'DAILY',
      siteId: ctx.demo.sites.brooklyn.id,
      dueTime: null,
      dueSlot: 'OPEN',
    });
    const scope = { siteIds: [task.siteId] };
    expect(await ensureOccurrences(ctx.db, scope, '2026-03-01', '2026-03-10', ctx.clock.now())).toBe(8);
    const occurrences = await occurrencesOf(task.id);
    expect(occurrences.map((o) => o.taskDate)).toEqual([
      '2026-03-01',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-10',
    ]);
    const window = (date: string) => {
      const occurrence = occurrences.find((o) => o.taskDate === date);
      return [occurrence?.opensAt.toISOString(), occurrence?.expireOn.toISOString()];
    };
    // The second Sunday of March moves the instants an hour earlier; the wall clock stays at 10:00-11:00.
    expect(window('2026-03-01')).toEqual(['2026-03-01T15:00:00.000Z', '2026-03-01T16:00:00.000Z']);
    expect(window('2026-03-08')).toEqual(['2026-03-08T14:00:00.000Z', '2026-03-08T15:00:00.000Z']);
  });

  test('a task due at a time has no occurrence on a day the site is closed, whatever its repeat', async () => {
    // Brooklyn is closed on Mondays (2, 9 and 16 March 2026). Made anyway, a Monday's task counted as missed.
    const brooklyn = { siteId: ctx.demo.sites.brooklyn.id, dueTime: '09:00' };
    const daily = await masterTask({ repeat: 'DAILY', ...brooklyn });
    const weekly = await masterTask({ repeat: 'WEEKLY', weekdays: [1, 2], ...brooklyn });
    const monthly = await masterTask({ repeat: 'MONTHLY', dayOfMonth: 9, ...brooklyn });
    const once = await masterTask({ repeat: 'ONCE', startDate: '2026-03-16', ...brooklyn });
    const scope = { siteIds: [brooklyn.siteId] };
    expect(await ensureOccurrences(ctx.db, scope, '2026-03-01', '2026-04-10', ctx.clock.now())).toBe(
      35 + 6 + 1,
    );
    const dailyDates = await datesOf(daily.id);
    expect(dailyDates).toHaveLength(35);
    expect(dailyDates.filter((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 1)).toEqual([]);
    expect(await datesOf(weekly.id)).toEqual([
      '2026-03-03',
      '2026-03-10',
      '2026-03-17',
      '2026-03-24',
      '2026-03-31',
      '2026-04-07',
    ]);
    // The 9th of March is a Monday: that month has none; the 9th of April is a Thursday.
    expect(await datesOf(monthly.id)).toEqual(['2026-04-09']);
    expect(await datesOf(once.id)).toEqual([]);
  });

  test('a task due in a slot the day does not have gets no occurrence that day', async () => {
    // Brooklyn opens at 11:00 on weekdays, after MORNING (06:00-11:30) has all but ended: only the
    // weekend, opening at 10:00, has a MORNING (11:00-11:30).
    const task = await masterTask({
      repeat: 'DAILY',
      siteId: ctx.demo.sites.brooklyn.id,
      dueTime: null,
      dueSlot: 'MORNING',
    });
    const scope = { masterTaskIds: [task.id] };
    expect(await ensureOccurrences(ctx.db, scope, '2026-03-01', '2026-03-10', ctx.clock.now())).toBe(3);
    expect(await datesOf(task.id)).toEqual(['2026-03-01', '2026-03-07', '2026-03-08']);
  });

  test('weekly, monthly and once schedules make their dates only', async () => {
    const now = ctx.clock.now();
    const weekly = await masterTask({ repeat: 'WEEKLY', weekdays: [1, 4] });
    const monthly = await masterTask({ repeat: 'MONTHLY', dayOfMonth: 31 });
    const once = await masterTask({ repeat: 'ONCE', startDate: '2026-04-15' });
    const scope = { masterTaskIds: [weekly.id, monthly.id, once.id] };
    expect(await ensureOccurrences(ctx.db, scope, '2026-04-01', '2026-05-01', now)).toBe(9 + 1 + 1);
    expect(await datesOf(weekly.id)).toEqual([
      '2026-04-02',
      '2026-04-06',
      '2026-04-09',
      '2026-04-13',
      '2026-04-16',
      '2026-04-20',
      '2026-04-23',
      '2026-04-27',
      '2026-04-30',
    ]);
    expect(await datesOf(monthly.id)).toEqual(['2026-04-30']);
    expect(await datesOf(once.id)).toEqual(['2026-04-15']);
  });

  test('an end date and a stop date end the occurrences', async () => {
    const now = ctx.clock.now();
    const ending = await masterTask({ repeat: 'DAILY', endDate: '2026-05-03' });
    const stopped = await masterTask({ repeat: 'DAILY', stoppedFrom: '2026-05-02' });
    const scope = { masterTaskIds: [ending.id, stopped.id] };
    expect(await ensureOccurrences(ctx.db, scope, '2026-05-01', '2026-05-10', now)).toBe(4);
    expect(await datesOf(ending.id)).toEqual(['2026-05-01', '2026-05-02', '2026-05-03']);
    expect(await datesOf(stopped.id)).toEqual(['2026-05-01']);
  });

  test('only live master tasks on live sites in scope get occurrences', async () => {
    const now = ctx.clock.now();
    const range = ['2026-06-01', '2026-06-02'] as const;
    const brighton = await masterTask({ repeat: 'DAILY' });
    const manchester = await masterTask({ repeat: 'DAILY', siteId: ctx.demo.sites.manchester.id });
    const deleted = await masterTask({ repeat: 'DAILY', deletedAt: now });
    const otherTenant = await masterTask({
      repeat: 'DAILY',
      orgId: ctx.other.organization.id,
      siteId: ctx.other.site.id,
    });

    expect(await ensureOccurrences(ctx.db, { siteIds: [] }, ...range, now)).toBe(0);
    expect(await ensureOccurrences(ctx.db, { siteIds: [ctx.demo.sites.manchester.id] }, ...range, now)).toBe(
      2,
    );
    expect(await datesOf(brighton.id)).toEqual([]);
    expect(await ensureOccurrences(ctx.db, { orgId: ctx.demo.organization.id }, ...range, now)).toBe(2);
    expect(await datesOf(brighton.id)).toHaveLength(2);
    expect(await datesOf(manchester.id)).toHaveLength(2);
    expect(await datesOf(deleted.id)).toEqual([]);
    expect(await datesOf(otherTenant.id)).toEqual([]);

    // A site closed down (soft-deleted) gets no more occurrences.
    await ctx.db.update(sites).set({ deletedAt: now }).where(eq(sites.id, ctx.other.site.id));
    try {
      expect(await ensureOccurrences(ctx.db, {}, '2026-06-03', '2026-06-03', now)).toBe(2);
      expect(await datesOf(otherTenant.id)).toEqual([]);
    } finally {
      await ctx.db.update(sites).set({ deletedAt: null }).where(eq(sites.id, ctx.other.site.id));
    }
  });

  test("makes nothing past the site's today + 7 days, unless one date is asked for past it", async () => {
    // 10 February 2027 in London: the horizon is the 17th.
    const now = ctx.clock.now();
    const task = await masterTask({ repeat: 'DAILY', startDate: '2027-02-10' });
    const scope = { masterTaskIds: [task.id] };
    expect(await ensureOccurrences(ctx.db, scope, '2027-02-10', '2027-03-10', now)).toBe(8);
    expect((await datesOf(task.id)).at(-1)).toBe('2027-02-17');
    expect(await ensureOccurrences(ctx.db, scope, '2027-02-20', '2027-02-28', now)).toBe(0);
    // Deleting one date ahead of time makes that date, so that no later making brings it back.
    expect(
      await ensureOccurrences(ctx.db, scope, '2027-03-01', '2027-03-01', now, { pastHorizon: true }),
    ).toBe(1);
    expect((await datesOf(task.id)).at(-1)).toBe('2027-03-01');
  });

  test('a range wider than the limit is refused', async () => {
    const now = ctx.clock.now();
    await expect(ensureOccurrences(ctx.db, {}, '2026-01-01', '2027-12-31', now)).rejects.toThrow(RangeError);
    const task = await masterTask({ repeat: 'WEEKLY', weekdays: [3] });
    // The widest allowed range, 400 days from 1 January 2026, holds 57 Wednesdays.
    expect(maxOccurrenceRangeDays).toBe(400);
    expect(
      await ensureOccurrences(ctx.db, { masterTaskIds: [task.id] }, '2026-01-01', '2027-02-04', now),
    ).toBe(57);
  });

  test('two calls making the same range at once make each occurrence once', async () => {
    const now = ctx.clock.now();
    // Five daily tasks for a year: 1,825 rows, more than one insert batch.
    const tasks = await Promise.all([1, 2, 3, 4, 5].map(() => masterTask({ repeat: 'DAILY' })));
    const scope = { masterTaskIds: tasks.map((task) => task.id) };
    const made = await Promise.all([
      ensureOccurrences(ctx.db, scope, '2026-01-01', '2026-12-31', now),
      ensureOccurrences(ctx.db, scope, '2026-01-01', '2026-12-31', now),
      ctx.db.transaction((tx) => ensureOccurrences(tx, scope, '2026-01-01', '2026-12-31', now)),
      ctx.db.transaction((tx) => ensureOccurrences(tx, scope, '2026-01-01', '2026-12-31', now)),
    ]);
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(5 * 365);
    const [rows] = await ctx.db
      .select({
        n: count(),
        dates: sql<number>`count(distinct (${individualTasks.masterTaskId}, ${individualTasks.taskDate}))`,
      })
      .from(individualTasks)
      .where(inArray(individualTasks.masterTaskId, scope.masterTaskIds));
    expect(Number(rows?.n)).toBe(5 * 365);
    expect(Number(rows?.dates)).toBe(5 * 365);
  });

  test('a call that read before another committed the same dates inserts nothing and does not fail', async () => {
    const now = ctx.clock.now();
    const task = await masterTask({ repeat: 'DAILY' });
    const scope = { masterTaskIds: [task.id] };
    let second: Promise<number> | undefined;
    await ctx.db.transaction(async (tx) => {
      expect(await ensureOccurrences(tx, scope, '2026-08-01', '2026-08-10', now)).toBe(10);
      // On PostgreSQL this call, on another connection, does not see the uncommitted rows: it tries to
      // insert them all and waits on the unique key until this transaction commits. (PGlite has one
      // connection, so there it simply runs after the commit.)
      second = ensureOccurrences(ctx.db, scope, '2026-08-01', '2026-08-10', now);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await second).toBe(0);
    expect(await datesOf(task.id)).toHaveLength(10);
  });
});

/** A logger that keeps what it was told. */
function recordingLog() {
  const lines: { level: 'debug' | 'error'; args: unknown[] }[] = [];
  return {
    lines,
    debug: (...args: unknown[]) => void lines.push({ level: 'debug', args }),
    error: (...args: unknown[]) => void lines.push({ level: 'error', args }),
  };
}

describe('the occurrence job', () => {
  // 03:00 UTC on Saturday 7 March 2026: already the 7th in London, still the evening of the 6th in New York.
  const now = new Date('2026-03-07T03:00:00.000Z');
  beforeEach(() => ctx.clock.set(now));

  async function dailyTasksOnEverySite() {
    return {
      brighton: await masterTask({ repeat: 'DAILY' }),
      brooklyn: await masterTask({ repeat: 'DAILY', siteId: ctx.demo.sites.brooklyn.id }),
      otherTenant: await masterTask({
        repeat: 'DAILY',
        orgId: ctx.other.organization.id,
        siteId: ctx.other.site.id,
      }),
    };
  }

  /** The 8 dates from `from` on, less those the site is closed: no task is made on a closed day. */
  const week = (from: string, closed: string[] = []) =>
    Array.from({ length: 8 }, (_, i) => {
      const date = new Date(`${from}T00:00:00.000Z`);
      date.setUTCDate(date.getUTCDate() + i);
      return date.toISOString().slice(0, 10);
    }).filter((date) => !closed.includes(date));
  // Brighton opens every day; the other tenant's site has Manchester's hours (closed on Sundays, 8 March);
  // Brooklyn is closed on Mondays (9 March).
  const madeAtFirst = 8 + 7 + 7;

  test("a run makes each site's local today and the 7 days after it, then nothing new", async () => {
    const log = recordingLog();
    const run = () => makeOccurrencesAhead({ db: ctx.db, clock: ctx.clock, log });
    const tasks = await dailyTasksOnEverySite();

    expect(await run()).toBe(madeAtFirst);
    expect(await datesOf(tasks.brighton.id)).toEqual(week('2026-03-07'));
    expect(await datesOf(tasks.otherTenant.id)).toEqual(week('2026-03-07', ['2026-03-08']));
    expect(await datesOf(tasks.brooklyn.id)).toEqual(week('2026-03-06', ['2026-03-09']));
    const [made] = await occurrencesOf(tasks.brooklyn.id);
    expect(made?.createdAt).toEqual(now);

    expect(await run()).toBe(0);
    // The next day, one more date per site open on it: the other tenant's new date is Sunday 15 March.
    ctx.clock.advance(24 * 60 * 60_000);
    expect(await run()).toBe(2);
    expect(await datesOf(tasks.otherTenant.id)).not.toContain('2026-03-15');
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  test('two instances running at once make each occurrence once', async () => {
    const tasks = await dailyTasksOnEverySite();
    const run = () => makeOccurrencesAhead({ db: ctx.db, clock: ctx.clock, log: recordingLog() });

    const made = await Promise.all([run(), run()]);
    // One made them all; the other skipped (lock held) or found nothing missing.
    expect([...made].sort((a, b) => a - b)).toEqual([0, madeAtFirst]);
    const [rows] = await ctx.db
      .select({ n: count() })
      .from(individualTasks)
      .where(
        inArray(
          individualTasks.masterTaskId,
          Object.values(tasks).map((task) => task.id),
        ),
      );
    expect(rows?.n).toBe(madeAtFirst);
  });

  // PGlite is one connection in one process: a second instance cannot exist, and a lock held in one
  // transaction would only make the run wait behind it.
  (process.env.DATABASE_URL ? test : test.skip)(
    'while another instance holds the lock, a run skips and makes nothing',
    async () => {
      const log = recordingLog();
      const run = () => makeOccurrencesAhead({ db: ctx.db, clock: ctx.clock, log });
      const tasks = await dailyTasksOnEverySite();

      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${occurrenceJobLockName}, 0))`);
        expect(await run()).toBe(0);
      });
      expect(await datesOf(tasks.brighton.id)).toEqual([]);
      expect(log.lines.some((line) => line.level === 'debug' && String(line.args[0]).includes('skips'))).toBe(
        true,
      );
      // Once the lock is free the next run makes them.
      expect(await run()).toBe(madeAtFirst);
    },
  );
});
