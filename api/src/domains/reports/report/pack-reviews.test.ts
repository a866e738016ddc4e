import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import {
  formatDayRange,
  formatInstant,
  type InspectionPackPreview,
  type SiteReviewContents,
} from '@console/shared-sdk/contract';
import { newId } from '../../../platform/db/ids.js';
import { siteReviews } from '../schema.js';
import { currentPeriod, periodBefore, type ReviewPeriod } from '../site-review/periods.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { pdfText } from '../../../test/pdf-text.js';

// The pack's four-weekly reviews, as an inspector reads them: each signed review whose four weeks meet the
// range, with its period, who signed it and when, the notes and changes and what it found; never a draft.
// The demo already signed Brighton's last four weeks, so these reviews are of the two periods before.

const base = '/api/v1/report/inspection-pack';
let ctx: TestContext;
let owner: string;

const brighton = () => ctx.demo.sites.brighton;
const zone = 'Europe/London';

/** The signed review's four weeks and the draft's (the four weeks after it). */
let signedPeriod: ReviewPeriod;
let draftPeriod: ReviewPeriod;
let range: { startDate: string; endDate: string };
const ids = { signed: newId(), draft: newId() };
let signedAt: Date;
/** The range's digest before any review of it, and once only its draft was in. */
const digests = { none: '', draftOnly: '' };

const empty: SiteReviewContents = {
  recurringProblems: [],
  missedChecks: [],
  unresolvedActions: [],
  nearMisses: [],
  documents: [],
  sensorsOffline: [],
  scoreTrend: [],
};

const words = {
  notes: 'Walk-in door left open twice during deliveries; closing checks missed on two Sundays.',
  changes: 'Door alarm fitted to the walk-in; Sunday closing handed to the shift lead.',
  draftNotes: 'Half-written thoughts on the probe calibrations',
};

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

const query = () => ({ siteID: brighton().id, ...range });

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login('owner@harbourvine.example');
  const now = ctx.clock.now();
  draftPeriod = periodBefore(periodBefore(currentPeriod(zone, now)));
  signedPeriod = periodBefore(draftPeriod);
  range = { startDate: signedPeriod.start, endDate: draftPeriod.end };
  digests.none = (await preview(query())).digest;

  const orgId = ctx.demo.organization.id;
  await ctx.db.insert(siteReviews).values({
    id: ids.draft,
    orgId,
    siteId: brighton().id,
    periodStart: draftPeriod.start,
    periodEnd: draftPeriod.end,
    notes: words.draftNotes,
    createdAt: now,
    updatedAt: now,
  });
  digests.draftOnly = (await preview(query())).digest;

  signedAt = new Date(Date.parse(`${signedPeriod.end}T00:00:00Z`) + 33.5 * 3_600_000);
  await ctx.db.insert(siteReviews).values({
    id: ids.signed,
    orgId,
    siteId: brighton().id,
    periodStart: signedPeriod.start,
    periodEnd: signedPeriod.end,
    state: 'SIGNED',
    contents: {
      ...empty,
      recurringProblems: [
        { of: 'equipment', name: 'Walk-in fridge', failures: 3, dates: [signedPeriod.start] },
      ],
      missedChecks: [
        { task: 'Closing checks', missed: 2, dates: [signedPeriod.start, signedPeriod.end] },
        { task: 'Delivery check', missed: 1, dates: [signedPeriod.end] },
      ],
    },
    notes: words.notes,
    changes: words.changes,
    signedBy: ctx.demo.siteAdmin.id,
    signedAt,
    createdAt: now,
    updatedAt: signedAt,
  });
}, 120_000);
afterAll(() => ctx.close());

jest.setTimeout(60_000);

const periodWords = (period: ReviewPeriod) =>
  `Four weeks of ${formatDayRange(period.start, period.end, 'en-GB')}`;
const signedWords = () =>
  `Signed by Marcus Reid on ${formatInstant(signedAt.toISOString(), zone, 'dateTime', 'en-GB')}`;
const foundWords =
  '1 recurring problem, 3 checks missed, 0 unresolved actions, 0 near misses, 0 documents due, 0 sensors offline';

test('the preview counts the signed reviews whose four weeks meet the range, not the draft', async () => {
  expect((await preview(query())).sections.reviews).toEqual({ signed: 1 });
  // One day of the signed four weeks is enough; the draft's weeks alone have none signed.
  expect(
    (await preview({ siteID: brighton().id, startDate: signedPeriod.end, endDate: signedPeriod.end }))
      .sections.reviews,
  ).toEqual({ signed: 1 });
  expect(
    (await preview({ siteID: brighton().id, startDate: draftPeriod.start, endDate: draftPeriod.end }))
      .sections.reviews,
  ).toEqual({ signed: 0 });
  // Another site's pack has none of Brighton's.
  expect((await preview({ siteID: ctx.demo.sites.manchester.id, ...range })).sections.reviews).toEqual({
    signed: 0,
  });
});

test('the PDF prints the signed review’s four weeks, signer, notes, changes and findings, and not the draft', async () => {
  const { text } = await pdfText(await downloaded('PDF', query()));
  const at = text.indexOf('Four-weekly reviews (1)');
  expect(at).toBeGreaterThan(text.indexOf('Corrective actions ('));
  expect(at).toBeLessThan(text.lastIndexOf('Documents'));
  const section = text.slice(at);
  expect(section).toContain(periodWords(signedPeriod));
  expect(section).toContain(signedWords());
  expect(section).toContain(`Notes: ${words.notes}`);
  expect(section).toContain(`Changes: ${words.changes}`);
  expect(section).toContain(`Found: ${foundWords}`);
  expect(text).not.toContain(periodWords(draftPeriod));
  expect(text).not.toContain(words.draftNotes);
});

test('a range without a signed review says so', async () => {
  const earlier = {
    siteID: brighton().id,
    startDate: draftPeriod.start,
    endDate: draftPeriod.end,
  };
  const { text } = await pdfText(await downloaded('PDF', earlier));
  expect(text).toContain('Four-weekly reviews (0) No four-weekly review of these dates is signed.');
});

test('the XLSX has a sheet of the signed reviews after the corrective actions, and the digest counts them', async () => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloaded('EXCEL', query())) as unknown as ArrayBuffer);
  const rows = (name: string): string[][] =>
    (workbook.getWorksheet(name)?.getSheetValues() ?? []).flatMap((values) =>
      Array.isArray(values) ? [values.slice(1).map((cell) => String(cell ?? ''))] : [],
    );
  const names = workbook.worksheets.map((sheet) => sheet.name);
  expect(names.indexOf('Four-weekly reviews')).toBe(names.indexOf('Corrective actions') + 1);
  const [header, ...lines] = rows('Four-weekly reviews');
  expect(header).toEqual(['Four weeks', 'From', 'To', 'Signed by', 'Signed on', 'Notes', 'Changes', 'Found']);
  expect(lines).toHaveLength(1);
  const [line] = lines;
  expect(line?.[0]).toBe(periodWords(signedPeriod));
  expect(line?.slice(3)).toEqual([
    'Marcus Reid',
    formatInstant(signedAt.toISOString(), zone, 'dateTime', 'en-GB'),
    words.notes,
    words.changes,
    foundWords,
  ]);
  expect(rows('Digest')).toContainEqual(['Four-weekly reviews', '1 signed']);
});

test('a draft leaves the digest as it was; signing it changes the digest and the count', async () => {
  expect(digests.draftOnly).toBe(digests.none);
  const before = await preview(query());
  expect(before.digest).not.toBe(digests.none);
  await ctx.db
    .update(siteReviews)
    .set({
      state: 'SIGNED',
      contents: empty,
      notes: 'Probes all calibrated on time.',
      signedBy: ctx.demo.siteAdmin.id,
      signedAt: ctx.clock.now(),
    })
    .where(eq(siteReviews.id, ids.draft));
  const after = await preview(query());
  expect(after.sections.reviews).toEqual({ signed: 2 });
  expect(after.digest).not.toBe(before.digest);
  expect((await preview(query())).digest).toBe(after.digest);
});
