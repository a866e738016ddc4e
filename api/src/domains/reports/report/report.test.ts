import ExcelJS from 'exceljs';
import { and, asc, between, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  checklistItemStatusSchema,
  correctiveActionKinds,
  correctiveActionStates,
  correctiveCheckTypes,
  documentCategories,
  documentExpiries,
  formatDay,
  logStatusSchema,
  logTypeSchema,
  nearMissCategorySchema,
  roles,
  taskBuckets,
  temperatureItemKinds,
  temperatureResultSchema,
  temperatureStandards,
  type InspectionPackPreview,
  type PackVerification,
} from '@console/shared-sdk/contract';
import { sites, users } from '../../../platform/db/schema.js';
import { temperatureReadings } from '../../logs/index.js';
import { demoLogins } from '../../../demo.js';
import { seedEquipment } from '../../equipment/index.js';
import { seedLogs } from '../../logs/index.js';
import { seedPeople } from '../../people/index.js';
import { individualTasks, masterTasks, seedTasks } from '../../tasks/index.js';
import { createTestContext, type TestContext, demoSeedTimeoutMs } from '../../../test/helper.js';
import { mobileLogin, multipartBody } from '../../../test/logs.js';
import { pdfText } from '../../../test/pdf-text.js';

// The inspection pack over the whole demo, as a site admin would download it before a visit: what the
// preview counts, what the PDF says (its text extracted as an inspector's reader would), what the XLSX
// holds at the site's local time, and a digest that stays put until a record changes.

const base = '/api/v1/report/inspection-pack';
let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;

const brighton = () => ctx.demo.sites.brighton.id;
const manchester = () => ctx.demo.sites.manchester.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;

const preview = (query: Record<string, string>, token = owner) =>
  ctx.inject<{ data: InspectionPackPreview }>('GET', `${base}/preview`, { token, query });

async function previewed(query: Record<string, string> = { siteID: brighton() }) {
  const reply = await preview(query);
  if (reply.statusCode !== 200) throw new Error(`preview: ${reply.raw}`);
  return reply.json.data;
}

async function downloaded(format: 'PDF' | 'EXCEL', query: Record<string, string> = { siteID: brighton() }) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `${base}/download`,
    query: { ...query, format },
    headers: { authorization: owner },
  });
  if (reply.statusCode !== 200) throw new Error(`download: ${reply.statusCode} ${reply.body}`);
  return reply;
}

/** Every code of the contract that is printed somewhere as words. */
const contractCodes = [
  ...documentCategories,
  ...documentExpiries,
  ...nearMissCategorySchema.options,
  ...logStatusSchema.options,
  ...temperatureResultSchema.options,
  ...taskBuckets,
  ...temperatureItemKinds,
  ...checklistItemStatusSchema.options,
  ...roles,
  ...logTypeSchema.options,
  ...correctiveActionKinds,
  ...correctiveActionStates,
  ...correctiveCheckTypes,
  ...Object.values(temperatureStandards).flatMap((standard) => standard.checks.map((check) => check.kind)),
].filter((code, index, all) => all.indexOf(code) === index);

const origin = 'http://console.test';

/** "3 Nov 2026", the console's date style. */
const dateWords = (date: string) => formatDay(date);

/** "−17.5 °C", as the pack prints a temperature. */
const celsius = (value: number) => `${value < 0 ? '−' : ''}${Math.abs(value)} °C`;

/** A task of Brighton's range that nobody did, by its date and name. */
async function aMissedTask(startDate: string, endDate: string) {
  const [row] = await ctx.db
    .select({ date: individualTasks.taskDate, name: masterTasks.name })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .where(
      and(
        eq(individualTasks.siteId, brighton()),
        between(individualTasks.taskDate, startDate, endDate),
        eq(individualTasks.status, 'PENDING'),
        lt(individualTasks.expireOn, ctx.clock.now()),
      ),
    )
    .orderBy(asc(individualTasks.taskDate))
    .limit(1);
  if (!row) throw new Error('the demo has no missed task at Brighton');
  return row;
}

/**
 * Brighton's newest failed reading taken by a person: the demo's have corrective actions (a sensor's
 * excursion has one, on the reading it alerted on).
 */
async function anExcursion() {
  const [row] = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.siteId, brighton()),
        eq(temperatureReadings.result, 'FAIL'),
        eq(temperatureReadings.source, 'STAFF'),
        isNull(temperatureReadings.deletedAt),
      ),
    )
    .orderBy(desc(temperatureReadings.readAt))
    .limit(1);
  if (!row?.correctiveAction) throw new Error('the demo has no Brighton excursion');
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { organization, sites: demoSites } = ctx.demo;
  const seedBase = {
    orgId: organization.id,
    sites: demoSites,
    now: ctx.clock.now(),
    storage: ctx.app.deps.storage,
  };
  await ctx.db.transaction(async (tx) => {
    for (const seed of [seedEquipment, seedPeople, seedTasks, seedLogs]) await seed(tx, seedBase);
  });
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
}, demoSeedTimeoutMs);
afterAll(() => ctx.close());

jest.setTimeout(60_000);

test('the preview counts every section of the last 90 days, with an intact record check and a steady digest', async () => {
  const pack = await previewed();
  expect(Date.parse(pack.endDate) - Date.parse(pack.startDate)).toBe(89 * 86_400_000);
  expect(pack.siteName).toMatch(/Brighton/);
  expect(pack.sections.equipment.items).toBeGreaterThan(3);
  expect(pack.sections.temperature.readings).toBeGreaterThan(200);
  expect(pack.sections.temperature.failed).toBeGreaterThan(0);
  expect(pack.sections.temperature.backFilled).toBeLessThanOrEqual(1);
  expect(pack.sections.tasks.due).toBeGreaterThan(100);
  expect(pack.sections.tasks.missed).toBeGreaterThan(0);
  expect(pack.sections.complianceLogs.total).toBeGreaterThan(5);
  expect(pack.sections.nearMisses.total).toBeGreaterThan(0);
  expect(pack.sections.documents.total).toBeGreaterThan(0);
  expect(pack.recordCheck.intact).toBe(true);
  expect(pack.digest).toMatch(/^[0-9a-f]{64}$/);
  expect((await previewed()).digest).toBe(pack.digest);
});

test('the PDF holds the demo’s excursions with their corrective action, the missed tasks and the digest', async () => {
  const excursion = await anExcursion();
  const pack = await previewed();
  const reply = await downloaded('PDF');
  expect(reply.headers['content-type']).toBe('application/pdf');
  expect(reply.headers['content-disposition']).toMatch(
    /^attachment; filename="Inspection pack - .*Brighton.*\.pdf"/,
  );
  expect(reply.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const { pages, text, pageTexts } = await pdfText(reply.rawPayload);
  expect(pages).toBeGreaterThan(5);
  // The first page says what went wrong, before anything else.
  const first = pageTexts[0] ?? '';
  expect(first).toContain('Excursions (');
  // pdfkit breaks long cells into lines: the action's first words are enough to find it.
  expect(first).toContain((excursion.correctiveAction ?? '').split(' ').slice(0, 4).join(' '));
  expect(first).toContain(`${pack.sections.tasks.missed} missed`);
  expect(first).toContain('Missed and failed tasks (');
  expect(first).toContain('Records intact');
  expect(first).toContain(`${origin}/verify`);
  // An English site's pack names its rules and stays in °C, its dates day first.
  expect(first).toContain(
    'Judged by the rules of England, Wales and Northern Ireland (FSA guidance), enforced by Food Standards ' +
      'Agency; temperatures in °C.',
  );
  expect(first).toContain(dateWords(pack.startDate));
  expect(text).toContain('time, then °C');
  expect(text).toContain('Reviewed by');
  expect(text).toContain('Signature');
  expect(text).toContain('Temperature readings');
  expect(text).toContain('Corrected readings');
  expect(text).toContain('Deleted readings');
  // Every page: its number of the whole, the site, the range and the digest.
  pageTexts.forEach((page, index) => {
    expect(page).toContain(`Page ${index + 1} of ${pages}`);
    expect(page).toContain(pack.digest);
    expect(page).toContain('Brighton · Inspection pack');
  });
  // A missed task is named, on its day.
  const missed = await aMissedTask(pack.startDate, pack.endDate);
  expect(text).toContain(`${dateWords(missed.date)} ${missed.name}: Missed`);
  // Checks only where they apply: no cellar range for a probe never read in a cellar, no frozen delivery
  // for a dessert.
  expect(text).not.toMatch(/Crème brûlée Food item [^:]*Frozen delivery/);
  expect(text).not.toContain('Cellar: Cellar');
  // No day before the site's first record is listed as a row of zeros; a day with nothing due yet (today,
  // early in the morning) says how many of its tasks are still to come.
  expect(text).not.toMatch(/0 0 0 0 –(?! \d+ not yet due)/);
});

test('no contract code reaches the PDF or the XLSX: every one is printed through the console’s labels', async () => {
  const { text } = await pdfText((await downloaded('PDF')).rawPayload);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloaded('EXCEL')).rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        // A merged cell's text is its master's, read once there.
        if (cell.type !== ExcelJS.ValueType.Merge) cells.push(String(cell.text));
      }),
    ),
  );
  for (const [where, printed] of [
    ['PDF', text],
    ['XLSX', cells.join(' | ')],
  ] as const) {
    const found = contractCodes.filter((code) =>
      new RegExp(`(^|[^A-Za-z_])${code}([^A-Za-z_]|$)`).test(printed),
    );
    expect({ where, found }).toEqual({ where, found: [] });
  }
});

test('the XLSX has a sheet per section, the readings at the site’s local time, and the same digest', async () => {
  const excursion = await anExcursion();
  const pack = await previewed();
  const reply = await downloaded('EXCEL');
  expect(reply.headers['content-type']).toMatch(/spreadsheetml/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    'Summary',
    'Equipment',
    'Rules',
    'Tasks',
    'Readings',
    'Corrections',
    'Deleted readings',
    'Compliance logs',
    'Near misses',
    'Corrective actions',
    'Four-weekly reviews',
    'Documents',
    'Record check',
    'Digest',
  ]);
  const cellsOf = (name: string): unknown[][] =>
    (workbook.getWorksheet(name)?.getSheetValues() ?? []).flatMap((values) =>
      Array.isArray(values) ? [values as unknown[]] : [],
    );
  // The summary names the excursion and its action up front.
  const action = (excursion.correctiveAction ?? '-').split(' ').slice(0, 4).join(' ');
  expect(cellsOf('Summary').some((values) => values.some((cell) => String(cell).includes(action)))).toBe(
    true,
  );
  // In the readings, the failure in full under its item's day, at the wall clock of the site.
  const [site] = await ctx.db.select().from(sites).where(eq(sites.id, brighton()));
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: site?.timeZoneId,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(excursion.readAt);
  const row = cellsOf('Readings').find((values) => values.some((cell) => String(cell).includes(action)));
  expect(row).toBeDefined();
  expect(`${(row?.[1] as Date).toISOString().slice(0, 10)} ${String(row?.[2])}`).toBe(local);
  expect(String(row?.[6])).toContain(`${excursion.celsius} °C: Fail`);
  expect(cellsOf('Digest').some((values) => values.some((cell) => String(cell).includes(pack.digest)))).toBe(
    true,
  );
  // Every sheet prints with its page number of the whole.
  workbook.worksheets.forEach((sheet) => expect(sheet.headerFooter.oddFooter).toContain('&P of &N'));
});

test('a New York site’s pack: in °F, its dates month first on a 12-hour clock, its rule set, authority and sources named, its digest steady', async () => {
  const query = { siteID: brooklyn() };
  const pack = await previewed(query);
  expect(pack.sections.temperature.readings).toBeGreaterThan(50);
  expect((await previewed(query)).digest).toBe(pack.digest);
  // The demo's Brooklyn excursion: its freezer at −11.5 °C, which New York reads as 11.3 °F.
  const [excursion] = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.siteId, brooklyn()),
        eq(temperatureReadings.result, 'FAIL'),
        eq(temperatureReadings.celsius, -11.5),
      ),
    );
  if (!excursion) throw new Error('the demo has no Brooklyn freezer excursion');
  const newYork = 'New York City (Health Code Article 81)';
  const sentence =
    `Judged by the rules of ${newYork}, enforced by NYC Department of Health and Mental Hygiene; ` +
    'temperatures in °F.';
  const cold = 'NYC Health Code, Article 81, §81.09, cold holding';
  const usDate = (date: string) => formatDay(date, 'date', 'en-US');

  const { text, pageTexts } = await pdfText((await downloaded('PDF', query)).rawPayload);
  const first = pageTexts[0] ?? '';
  expect(first).toContain(sentence);
  expect(first).toContain(`Records of ${usDate(pack.startDate)} to ${usDate(pack.endDate)}`);
  expect(first).toContain('11.3 °F: Fail');
  expect(text).toContain('time, then °F');
  expect(text).toContain('The rules these limits come from');
  expect(text).toContain(`Fridge: Fridge at most 41 °F ${cold}`);
  expect(text).toContain('Cooking and cooling: Cooled to 70 °F within 2 hours at most 70 °F');
  // Opening hours and readings' times on a 12-hour clock.
  expect(text).toContain('Tuesday: 11:00 AM–11:00 PM');
  expect(text).toMatch(/\d{1,2}:\d{2} (AM|PM) \d+(\.\d)? /);
  expect(text).toContain(pack.digest);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloaded('EXCEL', query)).rawPayload as unknown as ArrayBuffer);
  const rows = (name: string): string[][] =>
    (workbook.getWorksheet(name)?.getSheetValues() ?? []).flatMap((values) =>
      Array.isArray(values) ? [values.slice(1).map((cell) => String(cell ?? ''))] : [],
    );
  expect(rows('Summary')).toContainEqual(
    expect.arrayContaining(['Rules', expect.stringContaining(sentence) as unknown as string]),
  );
  expect(rows('Rules')[0]).toEqual(['Rules', newYork]);
  expect(rows('Rules')).toContainEqual(['Fridge: Fridge', 'at most 41 °F', cold]);
  expect(rows('Rules')).toContainEqual([
    'Hot holding and display: the legal limit',
    'at least 140 °F',
    'NYC Health Code, Article 81, §81.09, hot holding',
  ]);
  expect(rows('Readings')[0]?.[5]).toBe('Readings (time, °F), or the reading in full');
  expect(rows('Readings').some((row) => row.some((cell) => cell.includes('11.3 °F: Fail')))).toBe(true);
  const dated = workbook.getWorksheet('Readings')?.getRow(2).getCell(1);
  expect(dated?.numFmt).toBe('mmm d", "yyyy');
  expect(rows('Digest').some((row) => row.includes(pack.digest))).toBe(true);
});

test('the digest changes when a record of the pack changes', async () => {
  const before = (await previewed()).digest;
  const reading = await anExcursion();
  const reply = await ctx.inject('PUT', '/api/v1/temperature-logs/update-one', {
    token: owner,
    body: {
      _id: reading.id,
      correctiveAction: `${reading.correctiveAction ?? ''} Engineer called.`,
      reason: 'Added the call',
    },
  });
  expect(reply.statusCode).toBe(200);
  const after = await previewed();
  expect(after.digest).not.toBe(before);
  expect(after.recordCheck.intact).toBe(true);
});

test('corrections, deletions, late syncs and text as typed: names, Polish, Greek, Cyrillic, the minus; a placeholder for what the font lacks', async () => {
  const excursion = await anExcursion();
  // A reading's reader renamed, its corrective action and note in the languages a kitchen team writes in.
  await ctx.db
    .update(users)
    .set({ firstName: 'Łucja', lastName: 'Wójcik' })
    .where(eq(users.id, excursion.readBy ?? ''));
  const polish = 'Zamrażarka pokazała −17.5 °C; żywność przeniesiona, serwis wezwany.';
  const greek = 'Ελέγχθηκε ξανά σε 3,8 °C.';
  const cyrillic = 'Проверено шеф-поваром.';
  expect(
    (
      await ctx.inject('PUT', '/api/v1/temperature-logs/update-one', {
        token: owner,
        body: {
          _id: excursion.id,
          correctiveAction: polish,
          note: `${greek} ${cyrillic} 冷凍庫`,
          reason: 'The chef’s own words',
        },
      })
    ).statusCode,
  ).toBe(200);
  // A passing reading corrected, and another deleted, each with its reason.
  const passing = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.siteId, brighton()),
        eq(temperatureReadings.result, 'PASS'),
        eq(temperatureReadings.logType, 'FRIDGE'),
        isNull(temperatureReadings.deletedAt),
      ),
    )
    .orderBy(desc(temperatureReadings.readAt))
    .limit(2);
  const [corrected, deleted] = passing;
  if (!corrected || !deleted) throw new Error('the demo has too few fridge readings at Brighton');
  expect(
    (
      await ctx.inject('PUT', '/api/v1/temperature-logs/update-one', {
        token: owner,
        body: { _id: corrected.id, celsius: 4.4, reason: 'Typed 1.4 for 4.4: the display read 4.4' },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await ctx.inject('DELETE', `/api/v1/temperature-logs/delete-one/${deleted.id}`, {
        token: owner,
        body: { reason: 'Entered twice by mistake' },
      })
    ).statusCode,
  ).toBe(200);
  const [late] = await ctx.db
    .select({ name: masterTasks.name })
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .where(
      and(
        eq(individualTasks.siteId, brighton()),
        gt(sql`${individualTasks.syncedAt} - ${individualTasks.completedAt}`, sql`interval '30 minutes'`),
      ),
    )
    .limit(1);
  if (!late) throw new Error('the demo has no late-synced completion at Brighton');

  const { text } = await pdfText((await downloaded('PDF')).rawPayload);
  expect(text).toContain('Łucja Wójcik');
  expect(text).toContain(polish);
  expect(text).toContain(greek);
  expect(text).toContain(cyrillic);
  expect(text).toContain(`${celsius(excursion.celsius)}`);
  // The freezer's −17.5 keeps its minus: never a positive temperature.
  expect(text).toContain('−17.5 °C');
  expect(text).not.toContain('冷凍庫');
  expect(text).toContain(`${cyrillic} [?]`);
  expect(text).toContain(`${celsius(corrected.celsius)} → 4.4 °C`);
  expect(text).toContain('Typed 1.4 for 4.4: the display read 4.4');
  expect(text).toContain(`${celsius(deleted.celsius)} deleted by`);
  expect(text).toContain('Entered twice by mistake');
  expect(text).toMatch(new RegExp(`${late.name.replace(/[()]/g, '.')}: [^;]*\\(synced late`));
});

test('anyone can verify a pack: AUTHENTIC for the downloaded bytes, UNKNOWN for a changed copy, without signing in', async () => {
  const verify = async (bytes: Buffer, field = 'file') => {
    const { body, contentType } = await multipartBody([
      { field, file: { bytes, type: 'application/pdf', name: 'pack.pdf' } },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/report/verify-pack',
      payload: body,
      headers: { 'content-type': contentType },
    });
  };
  const pack = await previewed();
  for (const format of ['PDF', 'EXCEL'] as const) {
    const file = (await downloaded(format)).rawPayload;
    const authentic = await verify(file);
    expect(authentic.statusCode).toBe(200);
    const verdict = (authentic.json() as { data: PackVerification }).data;
    expect(verdict).toMatchObject({
      verdict: 'AUTHENTIC',
      site: expect.stringMatching(/Brighton/) as unknown as string,
      startDate: pack.startDate,
      endDate: pack.endDate,
      format,
      producedBy: 'Olivia Bennett',
      locale: 'en-GB',
    });
    const changed = Buffer.from(file);
    const at = Math.floor(changed.length / 2);
    changed[at] = (changed[at] ?? 0) ^ 1;
    const unknown = await verify(changed);
    expect(unknown.statusCode).toBe(200);
    expect((unknown.json() as { data: PackVerification }).data.verdict).toBe('UNKNOWN');
    // An unknown file learns nothing about anyone.
    expect(unknown.body).not.toMatch(/Brighton|Harbour|site|producedBy/i);
  }
  expect((await verify(Buffer.alloc(0))).statusCode).toBe(400);
  const notAForm = await ctx.app.inject({ method: 'POST', url: '/api/v1/report/verify-pack', payload: {} });
  expect(notAForm.statusCode).toBe(400);
  expect(notAForm.body).toContain('file');
  expect((await verify(Buffer.alloc(33 * 1024 * 1024, 1))).statusCode).toBe(413);
});

test('verifying is limited per address: 429 with a retry-after once the window’s checks are used', async () => {
  const { body, contentType } = await multipartBody([
    { field: 'file', file: { bytes: Buffer.from('not a pack'), type: 'text/plain', name: 'x.txt' } },
  ]);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 32; attempt += 1) {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/report/verify-pack',
      payload: body,
      headers: { 'content-type': contentType },
      remoteAddress: '203.0.113.9',
    });
    statuses.push(reply.statusCode);
    if (reply.statusCode === 429) expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
  }
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
  expect(statuses.at(-1)).toBe(429);
});

test('who may have which pack: 404 for another organisation’s site, 403 for a site admin’s other site and for staff', async () => {
  expect((await preview({ siteID: brighton() }, manager)).statusCode).toBe(200);
  expect((await preview({ siteID: manchester() }, manager)).statusCode).toBe(403);
  expect((await preview({ siteID: brighton() }, otherOwner)).statusCode).toBe(404);
  const staff = await mobileLogin(ctx, 'aisha.khan@harbourvine.example');
  expect((await preview({ siteID: brighton() }, staff)).statusCode).toBe(403);
  expect((await preview({ siteID: brighton() }, '')).statusCode).toBe(401);
});

test('bad input is a 400 that names the field', async () => {
  const wrongFormat = await ctx.inject<{ message: string }>('GET', `${base}/download`, {
    token: owner,
    query: { siteID: brighton(), format: 'WORD' },
  });
  expect(wrongFormat.statusCode).toBe(400);
  expect(wrongFormat.raw).toContain('format');
  expect((await preview({ siteID: brighton(), startDate: '2026-01-01' })).statusCode).toBe(400);
  expect(
    (await preview({ siteID: brighton(), startDate: '2026-02-01', endDate: '2026-01-01' })).statusCode,
  ).toBe(400);
  expect(
    (await preview({ siteID: brighton(), startDate: '2024-01-01', endDate: '2026-01-01' })).statusCode,
  ).toBe(400);
  expect((await preview({ siteID: 'x' })).statusCode).toBe(400);
});
