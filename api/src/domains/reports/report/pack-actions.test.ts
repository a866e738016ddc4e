import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import {
  correctiveActionKindLabels,
  correctiveActionKinds,
  correctiveActionStateLabels,
  correctiveActionStates,
  correctiveCheckTypeLabels,
  formatInstant,
  type CorrectiveActionKind,
  type CorrectiveCheckType,
  type InspectionPackPreview,
} from '@console/shared-sdk/contract';
import { sites, users } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { recordHistories, type HistoryActor } from '../../../platform/history/history.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import {
  correctiveActionEntry,
  openCorrectiveAction,
  type CorrectiveActionRow,
} from '../../../platform/corrective-actions/open.js';
import { addDays, localDate } from '../../sites/index.js';
import { logReference } from '../../logs/index.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { pdfText } from '../../../test/pdf-text.js';

// The pack's corrective actions, as an inspector reads them: every deviation of the range with what was
// done, who recorded it and who verified it; the first page naming those not verified yet; the XLSX's sheet
// of them; counts in the preview; and a digest that moves when an action is verified. The actions are
// opened as the deviations' own transactions open them, and moved on with their history kept.

const base = '/api/v1/report/inspection-pack';
let ctx: TestContext;
let owner: string;

const brighton = () => ctx.demo.sites.brighton;
const brooklyn = () => ctx.demo.sites.brooklyn;

/** The range every Brighton test reads: the last three weeks of the site's dates. */
let range: { startDate: string; endDate: string };
let staff: HistoryActor;
let manager: HistoryActor;

/** The instant of a site's local wall clock, as PostgreSQL reads it in the site's zone. */
async function localInstant(date: string, time: string, site: { id: string }): Promise<Date> {
  const [row] = await ctx.db
    .select({
      at: sql<string>`to_char(((${`${date} ${time}`})::timestamp at time zone ${sites.timeZoneId}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(sites)
    .where(eq(sites.id, site.id));
  if (!row) throw new Error('no such site');
  return new Date(row.at);
}

interface Deviation {
  site: { id: string };
  kind: CorrectiveActionKind;
  checkType: CorrectiveCheckType;
  deviation: string;
  occurredAt: Date;
  /** When it was opened: its due time is a day (the site's action hours) later. */
  openedAt?: Date;
}

async function open(deviation: Deviation): Promise<CorrectiveActionRow> {
  const subject =
    deviation.kind === 'NEAR_MISS'
      ? 'NearMiss'
      : deviation.kind === 'READING_FAILED'
        ? 'TemperatureLog'
        : 'Task';
  const row = await ctx.db.transaction((tx) =>
    openCorrectiveAction(
      tx,
      {
        orgId: ctx.demo.organization.id,
        siteId: deviation.site.id,
        kind: deviation.kind,
        checkType: deviation.checkType,
        source: { subject, recordId: newId() },
        deviation: deviation.deviation,
        occurredAt: deviation.occurredAt,
        actor: { id: null, name: 'Console' },
      },
      deviation.openedAt ?? ctx.clock.now(),
    ),
  );
  if (!row) throw new Error('not opened');
  return row;
}

/** Moves an action on as the console does: the row changed and its history entry kept, in one transaction. */
async function change(
  id: string,
  set: Partial<typeof correctiveActions.$inferInsert>,
  actor: HistoryActor,
  reason: string | null = null,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(correctiveActions)
      .where(eq(correctiveActions.id, id))
      .for('update');
    const [row] = await tx
      .update(correctiveActions)
      .set({ ...set, updatedAt: now })
      .where(eq(correctiveActions.id, id))
      .returning();
    if (!before || !row) throw new Error(`no action ${id}`);
    await recordHistories(tx, row.orgId, [
      correctiveActionEntry(row, { action: 'update', before, reason }, actor, now),
    ]);
  });
}

const recordedBy = (actionTaken: string, more: Partial<typeof correctiveActions.$inferInsert> = {}) => ({
  state: 'ACTION_RECORDED' as const,
  actionTaken,
  foodDiscarded: false,
  recordedBy: staff.id,
  recordedAt: ctx.clock.now(),
  ...more,
});
const verifiedBy = (note: string) => ({
  state: 'VERIFIED' as const,
  verifiedBy: manager.id,
  verifiedAt: ctx.clock.now(),
  verificationNote: note,
});

const preview = async (query: Record<string, string>) => {
  const reply = await ctx.inject<{ data: InspectionPackPreview }>('GET', `${base}/preview`, {
    token: owner,
    query,
  });
  if (reply.statusCode !== 200) throw new Error(`preview: ${reply.raw}`);
  return reply.json.data;
};

async function downloaded(format: 'PDF' | 'EXCEL', query: Record<string, string>) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `${base}/download`,
    query: { ...query, format },
    headers: { authorization: owner },
  });
  if (reply.statusCode !== 200) throw new Error(`download: ${reply.statusCode} ${reply.body}`);
  return reply.rawPayload;
}

async function workbookOf(query: Record<string, string>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloaded('EXCEL', query)) as unknown as ArrayBuffer);
  const rows = (name: string): string[][] =>
    (workbook.getWorksheet(name)?.getSheetValues() ?? []).flatMap((values) =>
      Array.isArray(values) ? [values.slice(1).map((cell) => String(cell ?? ''))] : [],
    );
  return { workbook, rows };
}

/** "3 Nov 2026, 14:05" at Brighton. */
const brightonWords = (at: Date | null) =>
  formatInstant(at?.toISOString() ?? '', 'Europe/London', 'dateTime', 'en-GB');

const deviations = {
  fridge: 'Walk-in fridge, Top shelf read 9.4 °C (limit 8 °C)',
  missed: 'Closing checks at Brighton were not done by 23:00',
  slicer: 'Clean the slicer: “Blade guard fitted” failed',
  wetFloor: 'Wet floor by the pass',
  beforeRange: 'Freezer 2 read −9 °C the night before the range',
  manchester: 'Manchester’s cellar read 16 °C',
};

let actions: Record<'fridge' | 'missed' | 'slicer' | 'wetFloor', CorrectiveActionRow>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login('owner@harbourvine.example');
  const [aisha] = await ctx.db.select().from(users).where(eq(users.email, 'aisha.khan@harbourvine.example'));
  if (!aisha) throw new Error('the demo has no Aisha');
  staff = { id: aisha.id, name: 'Aisha Khan' };
  manager = { id: ctx.demo.siteAdmin.id, name: 'Marcus Reid' };
  const zone = 'Europe/London';
  const today = localDate(zone, ctx.clock.now());
  range = { startDate: addDays(today, -20), endDate: today };
  const on = (days: number, time: string) => localInstant(addDays(range.startDate, days), time, brighton());

  // The first minutes of the range's first local day are in it; the last minutes of the day before are not.
  const fridge = await open({
    site: brighton(),
    kind: 'READING_FAILED',
    checkType: 'FRIDGE',
    deviation: deviations.fridge,
    occurredAt: await on(0, '00:30'),
    // Opened when it happened, so its day to act has long passed: overdue.
    openedAt: await on(0, '00:30'),
  });
  await open({
    site: brighton(),
    kind: 'READING_FAILED',
    checkType: 'FREEZER',
    deviation: deviations.beforeRange,
    occurredAt: await on(-1, '23:30'),
  });
  const missed = await open({
    site: brighton(),
    kind: 'TASK_MISSED',
    checkType: 'TASK',
    deviation: deviations.missed,
    occurredAt: await on(3, '23:00'),
  });
  const slicer = await open({
    site: brighton(),
    kind: 'CHECKLIST_LINE_FAILED',
    checkType: 'TASK',
    deviation: deviations.slicer,
    occurredAt: await on(6, '10:15'),
  });
  const wetFloor = await open({
    site: brighton(),
    kind: 'NEAR_MISS',
    checkType: 'NEAR_MISS',
    deviation: deviations.wetFloor,
    occurredAt: await on(9, '12:40'),
  });
  await open({
    site: ctx.demo.sites.manchester,
    kind: 'READING_FAILED',
    checkType: 'CELLAR',
    deviation: deviations.manchester,
    occurredAt: await on(4, '09:00'),
  });

  await change(missed.id, recordedBy('Done late and checked'), staff);
  await change(
    slicer.id,
    recordedBy('Refitted the guard and retrained the closing team', {
      foodDiscarded: true,
      discardedQuantity: '2 kg sliced ham',
    }),
    staff,
  );
  await change(slicer.id, verifiedBy('Saw the guard fitted the next morning'), manager);
  // Recorded, verified, then reopened: back to awaiting action, with its reason.
  await change(wetFloor.id, recordedBy('Mopped and put out a sign'), staff);
  await change(wetFloor.id, verifiedBy('Dry when checked'), manager);
  await change(
    wetFloor.id,
    {
      state: 'OPEN',
      actionTaken: null,
      foodDiscarded: null,
      recordedBy: null,
      recordedAt: null,
      verifiedBy: null,
      verifiedAt: null,
      verificationNote: null,
      reopenCount: 1,
      reopenReason: 'The floor was wet again at lunch',
      reopenedAt: ctx.clock.now(),
    },
    manager,
    'The floor was wet again at lunch',
  );
  const reread = async (id: string) => {
    const [row] = await ctx.db.select().from(correctiveActions).where(eq(correctiveActions.id, id));
    if (!row) throw new Error(`no action ${id}`);
    return row;
  };
  actions = {
    fridge,
    missed: await reread(missed.id),
    slicer: await reread(slicer.id),
    wetFloor: await reread(wetFloor.id),
  };
}, 120_000);
afterAll(() => ctx.close());

jest.setTimeout(60_000);

const ref = (action: CorrectiveActionRow) => logReference('CA', action.id);
const query = () => ({ siteID: brighton().id, ...range });

test('the preview counts the actions of the deviations that happened in the range, at the site’s local dates', async () => {
  const pack = await preview(query());
  expect(pack.sections.correctiveActions).toEqual({
    total: 4,
    awaitingAction: 2,
    awaitingVerification: 1,
    verified: 1,
  });
  // The range's first day alone: the action of its first half hour, not the one of the evening before.
  const firstDay = await preview({
    siteID: brighton().id,
    startDate: range.startDate,
    endDate: range.startDate,
  });
  expect(firstDay.sections.correctiveActions).toEqual({
    total: 1,
    awaitingAction: 1,
    awaitingVerification: 0,
    verified: 0,
  });
  expect((await preview(query())).digest).toBe(pack.digest);
});

test('the PDF lists every action with what was done, who recorded and verified it, and names the unverified on its first page', async () => {
  const { text, pageTexts } = await pdfText(await downloaded('PDF', query()));
  const first = pageTexts[0] ?? '';
  expect(first).toContain('Corrective actions not verified (3)');
  for (const action of [actions.fridge, actions.missed, actions.wetFloor]) {
    expect(first).toContain(ref(action));
    expect(first).toContain(action.deviation);
  }
  expect(first).toContain(`${correctiveActionStateLabels.OPEN} (overdue)`);
  expect(first).toContain(correctiveActionStateLabels.ACTION_RECORDED);
  // The verified one waits for nothing: it is in the section, not on the first page.
  expect(first).not.toContain(deviations.slicer);

  const section = text.slice(text.indexOf('Corrective actions (4)'));
  expect(section.length).toBeLessThan(text.length);
  // In the order the deviations happened, each with its kind and check in words.
  const order = [actions.fridge, actions.missed, actions.slicer, actions.wetFloor].map((action) =>
    section.indexOf(action.deviation),
  );
  expect(order.every((at) => at >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  expect(section).toContain(
    `${correctiveActionKindLabels.READING_FAILED} (${correctiveCheckTypeLabels.FRIDGE})`,
  );
  expect(section).toContain(
    `${correctiveActionKindLabels.NEAR_MISS} (${correctiveCheckTypeLabels.NEAR_MISS})`,
  );
  expect(section).toContain(brightonWords(actions.fridge.occurredAt));
  // What was done, the food thrown away, who recorded it and who verified it, when, and why.
  expect(section).toContain('Refitted the guard and retrained the closing team');
  expect(section).toContain('Food discarded: 2 kg sliced ham');
  expect(section).toContain(`Recorded by Aisha Khan on ${brightonWords(actions.slicer.recordedAt)}`);
  expect(section).toContain(
    `Verified by Marcus Reid on ${brightonWords(actions.slicer.verifiedAt)}: Saw the guard fitted the next morning`,
  );
  expect(section).toContain('No food discarded');
  expect(section).toContain('Nothing recorded yet');
  expect(section).toContain('Reopened once; latest reason: The floor was wet again at lunch');
  // Another day’s and another site’s deviations are not this pack’s.
  expect(text).not.toContain(deviations.beforeRange);
  expect(text).not.toContain(deviations.manchester);
  // Every code in words.
  const codes = [...correctiveActionKinds, ...correctiveActionStates].filter((code) =>
    new RegExp(`(^|[^A-Za-z_])${code}([^A-Za-z_]|$)`).test(text),
  );
  expect(codes).toEqual([]);
});

test('the XLSX has a sheet of the actions with the same columns, and the summary names the unverified', async () => {
  const { workbook, rows } = await workbookOf(query());
  const names = workbook.worksheets.map((sheet) => sheet.name);
  expect(names.indexOf('Corrective actions')).toBe(names.indexOf('Near misses') + 1);
  const [header, ...lines] = rows('Corrective actions');
  expect(header).toEqual([
    'When',
    'Reference',
    'Deviation kind',
    'Deviation',
    'State',
    'What was done',
    'Food discarded',
    'Recorded by',
    'Recorded on',
    'Verified by',
    'Verified on',
    'Verification note',
    'Reopened',
  ]);
  expect(lines.map((line) => line[1])).toEqual(
    [actions.fridge, actions.missed, actions.slicer, actions.wetFloor].map(ref),
  );
  expect(lines[2]).toEqual([
    brightonWords(actions.slicer.occurredAt),
    ref(actions.slicer),
    `${correctiveActionKindLabels.CHECKLIST_LINE_FAILED} (${correctiveCheckTypeLabels.TASK})`,
    deviations.slicer,
    correctiveActionStateLabels.VERIFIED,
    'Refitted the guard and retrained the closing team',
    'Food discarded: 2 kg sliced ham',
    'Aisha Khan',
    brightonWords(actions.slicer.recordedAt),
    'Marcus Reid',
    brightonWords(actions.slicer.verifiedAt),
    'Saw the guard fitted the next morning',
  ]);
  expect(lines[0]?.[4]).toBe(`${correctiveActionStateLabels.OPEN} (overdue)`);
  expect(lines[3]?.[12]).toBe('Reopened once; latest reason: The floor was wet again at lunch');

  const summary = rows('Summary');
  expect(summary.some((row) => row[0] === 'Corrective actions not verified (3)')).toBe(true);
  expect(summary).toContainEqual(
    expect.arrayContaining([
      ref(actions.missed),
      deviations.missed,
      correctiveActionStateLabels.ACTION_RECORDED,
    ]),
  );
  expect(summary.some((row) => row.includes(deviations.slicer))).toBe(false);
  expect(rows('Digest')).toContainEqual([
    'Corrective actions',
    '4 (2 awaiting action, 1 awaiting verification, 1 verified)',
  ]);
});

test('the digest changes when an action is verified, and the counts with it', async () => {
  const before = await preview(query());
  await change(actions.missed.id, verifiedBy('Closing checks seen done the next night'), manager);
  const after = await preview(query());
  expect(after.digest).not.toBe(before.digest);
  expect(after.sections.correctiveActions).toEqual({
    total: 4,
    awaitingAction: 2,
    awaitingVerification: 0,
    verified: 2,
  });
  expect(after.recordCheck.intact).toBe(true);
});

test('a range whose actions are all verified says so; one without any says that', async () => {
  const slicerDay = {
    siteID: brighton().id,
    startDate: addDays(range.startDate, 6),
    endDate: addDays(range.startDate, 6),
  };
  const verified = (await pdfText(await downloaded('PDF', slicerDay))).pageTexts[0] ?? '';
  expect(verified).toContain('Corrective actions not verified (0)');
  expect(verified).toContain('Every deviation in these dates has a verified corrective action (1).');
  const earlier = {
    siteID: brighton().id,
    startDate: addDays(range.startDate, -60),
    endDate: addDays(range.startDate, -40),
  };
  const { pageTexts, text } = await pdfText(await downloaded('PDF', earlier));
  expect(pageTexts[0]).toContain('No deviation in these dates opened a corrective action.');
  expect(text).toContain('Corrective actions (0)');
  expect((await workbookOf(earlier)).rows('Corrective actions')[1]?.[0]).toBe(
    'No deviation in these dates opened a corrective action.',
  );
});

test('a busy range: the first page names the first ten unverified and counts the rest, in the site’s own date words', async () => {
  const zone = 'America/New_York';
  const today = localDate(zone, ctx.clock.now());
  const startDate = addDays(today, -14);
  const opened: CorrectiveActionRow[] = [];
  for (let hour = 0; hour < 12; hour += 1)
    opened.push(
      await open({
        site: brooklyn(),
        kind: 'SENSOR_EXCURSION',
        checkType: 'FREEZER',
        deviation: `Freezer ${hour + 1} sensor read −9 °C for 40 minutes`,
        occurredAt: await localInstant(
          addDays(startDate, 1),
          `${String(hour + 8).padStart(2, '0')}:05`,
          brooklyn(),
        ),
      }),
    );
  const { pageTexts, text } = await pdfText(
    await downloaded('PDF', { siteID: brooklyn().id, startDate, endDate: today }),
  );
  const first = pageTexts[0] ?? '';
  expect(first).toContain('Corrective actions not verified (12)');
  opened.slice(0, 10).forEach((action) => expect(first).toContain(action.deviation));
  opened.slice(10).forEach((action) => expect(first).not.toContain(action.deviation));
  expect(first).toContain('And 2 more, listed in the Corrective actions section.');
  // Month first on a 12-hour clock, in New York's zone.
  const when = formatInstant(opened[0]?.occurredAt.toISOString() ?? '', zone, 'dateTime', 'en-US');
  expect(when).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, 8:05 AM$/);
  expect(first).toContain(when);
  opened.forEach((action) => expect(text).toContain(action.deviation));
});
