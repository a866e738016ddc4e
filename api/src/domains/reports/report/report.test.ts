import ExcelJS from 'exceljs';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { InspectionPackPreview } from '@console/shared-sdk/contract';
import { sites } from '../../../platform/db/schema.js';
import { temperatureReadings } from '../../logs/index.js';
import { demoLogins } from '../../../demo.js';
import { seedEquipment } from '../../equipment/index.js';
import { seedLogs } from '../../logs/index.js';
import { seedPeople } from '../../people/index.js';
import { seedTasks } from '../../tasks/index.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { mobileLogin } from '../../../test/logs.js';

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

async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  // Loaded when first needed: the PDF reader is large, and only these tests read PDFs.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { pages: pdf.numPages, text: parts.join('\n').replace(/\s+/g, ' ') };
}

/** Brighton's newest failed reading: the demo's excursions have corrective actions. */
async function anExcursion() {
  const [row] = await ctx.db
    .select()
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.siteId, brighton()),
        eq(temperatureReadings.result, 'FAIL'),
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
}, 240_000);
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
  const { pages, text } = await pdfText(reply.rawPayload);
  expect(pages).toBeGreaterThan(5);
  expect(text).toContain('Temperature readings');
  // pdfkit breaks long cells into lines: the action's first words are enough to find it.
  expect(text).toContain((excursion.correctiveAction ?? '').split(' ').slice(0, 4).join(' '));
  expect(text).toContain(`${pack.sections.tasks.missed} missed`);
  expect(text).toContain('Failed checklist items');
  expect(text).toContain('Records intact');
  expect(text).toContain(pack.digest);
});

test('the XLSX has a sheet per section, the readings at the site’s local time, and the same digest', async () => {
  const excursion = await anExcursion();
  const pack = await previewed();
  const reply = await downloaded('EXCEL');
  expect(reply.headers['content-type']).toMatch(/spreadsheetml/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    'Site',
    'Equipment',
    'Temperature readings',
    'Tasks per day',
    'Failed checklist items',
    'Compliance logs',
    'Near misses',
    'Documents',
    'Record check',
    'Summary',
  ]);
  const readings = workbook.getWorksheet('Temperature readings');
  const rows = readings?.getSheetValues() ?? [];
  const row = rows.find(
    (values) => Array.isArray(values) && values.includes(excursion.correctiveAction ?? '-'),
  ) as unknown[] | undefined;
  expect(row).toBeDefined();
  // 11:00 BST is written as 11:00: the wall clock of the site.
  const [site] = await ctx.db.select().from(sites).where(eq(sites.id, brighton()));
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: site?.timeZoneId,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(excursion.readAt);
  // The columns are the temperature log export's: site, read, received, …, reading (9th), result (12th).
  expect(row?.[1]).toBe(site?.name);
  expect((row?.[2] as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(local);
  expect(row?.[9]).toBe(excursion.celsius);
  expect(row?.[12]).toBe('FAIL');
  expect(readings?.rowCount).toBe(pack.sections.temperature.readings + 1);
  const summary = workbook.getWorksheet('Summary')?.getSheetValues() ?? [];
  expect(summary.some((values) => Array.isArray(values) && values.includes(pack.digest))).toBe(true);
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
