import ExcelJS from 'exceljs';
import type {
  MasterType,
  NationalFiguresHistoryEntry,
  Organization,
  Site,
  SiteOption,
  TaskListData,
  TemperatureLog,
} from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

// The EU's rule set leaves its figures to each member state's law: an organisation sets its country's own
// once, and its sites under that set are judged by them from then on. A reading keeps the limits it was
// judged by; sites under another set are not touched.

let ctx: TestContext;
let owner: string;
let manager: string;
let otherOwner: string;
const berlin = { site: '', goulash: '', firstReading: '' };

const germanFigures = [
  { logType: 'FRIDGE', kind: 'FRIDGE', atMost: 7, source: 'DIN 10508' },
  { logType: 'HOT_HOLD_DISPLAY', kind: 'HOT_HOLD', atLeast: 65, source: 'DIN 10508' },
];

const save = (body: unknown, token = owner) =>
  ctx.inject<{ data: Organization }>('PUT', '/api/v1/organization/national-figures', { token, body });

async function created<T extends { _id: string }>(url: string, body: unknown): Promise<T> {
  const reply = await ctx.inject<{ data: T }>('POST', `/api/v1/${url}/create-new-one`, {
    token: owner,
    body,
  });
  if (reply.statusCode !== 200) throw new Error(`creating ${url}: ${reply.raw}`);
  return reply.json.data;
}

const hotHeld = (celsius: number) =>
  ctx.inject<{ data: TemperatureLog }>('POST', '/api/v1/temperature-logs/create-new-one', {
    token: owner,
    body: {
      siteID: berlin.site,
      foodItemID: berlin.goulash,
      logType: 'HOT_HOLD_DISPLAY',
      celsius,
      readAt: ctx.clock.now().toISOString(),
    },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2025-07-01T10:00:00.000Z');
  [owner, manager, otherOwner] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    ctx.login(demoLogins.siteAdmin),
    ctx.login(ctx.other.organizationAdmin.email),
  ]);
  const site = await created<Site>('site-panel', {
    name: 'Harbour Kitchen Berlin',
    add1: 'Oranienstraße 1',
    city: 'Berlin',
    country: 'DE',
    zip: '10999',
    lat_long: '52.5020,13.4110',
    timeZoneId: 'Europe/Berlin',
    timing: JSON.stringify(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, isOpen: true, openTime: '08:00', closeTime: '22:00' })),
    ),
  });
  expect(site.jurisdiction).toBe('EU');
  berlin.site = site._id;
  berlin.goulash = (
    await created<{ _id: string }>('foodItem', { siteID: berlin.site, type: 'FOODITEM', name: 'Goulash' })
  )._id;
});

afterAll(() => ctx.close());

test('before any figure is set, an EU site is judged by the set’s common figures (63 °C hot holding)', async () => {
  const reply = await hotHeld(64);
  expect(reply.statusCode).toBe(200);
  expect(reply.json.data).toMatchObject({ result: 'PASS', jurisdiction: 'EU', limits: { lowerLimit: 63 } });
  berlin.firstReading = reply.json.data._id;
});

test('an organisation admin sets them with a reason; the organisation and its history show them', async () => {
  const reply = await save({ figures: germanFigures, reason: 'Our German sites follow DIN 10508' });
  expect(reply.statusCode).toBe(200);
  expect(reply.json.data.nationalFigures).toEqual([
    { logType: 'FRIDGE', kind: 'FRIDGE', atLeast: null, atMost: 7, source: 'DIN 10508' },
    { logType: 'HOT_HOLD_DISPLAY', kind: 'HOT_HOLD', atLeast: 65, atMost: null, source: 'DIN 10508' },
  ]);
  const history = await ctx.inject<{ data: NationalFiguresHistoryEntry[] }>(
    'GET',
    '/api/v1/organization/national-figures/history',
    { token: owner },
  );
  expect(history.statusCode).toBe(200);
  expect(history.json.data[0]).toMatchObject({
    reason: 'Our German sites follow DIN 10508',
    actor: { name: 'Olivia Bennett' },
    changes: { before: { nationalFigures: [] }, after: { nationalFigures: reply.json.data.nationalFigures } },
  });
});

test('from then on the EU site is judged by them, and a reading taken before keeps its verdict', async () => {
  const before = await ctx.inject<{ data: TemperatureLog }>(
    'GET',
    `/api/v1/temperature-logs/find-one/${berlin.firstReading}`,
    { token: owner },
  );
  expect(before.json.data).toMatchObject({ celsius: 64, result: 'PASS', limits: { lowerLimit: 63 } });

  const refused = await hotHeld(64);
  expect(refused.statusCode).toBe(400);
  expect(refused.json.details?.fieldErrors.correctiveAction?.[0]).toBe(
    '64 °C is below the lower limit of 65 °C: say what was done about it (corrective action)',
  );
  const held = await hotHeld(65);
  expect(held.json.data).toMatchObject({ result: 'PASS', limits: { lowerLimit: 65 } });
  // Its re-check, due in two hours, asks for the national figure too.
  const day = await ctx.inject<{ data: TaskListData }>('GET', '/api/v1/master-task/web-app-list', {
    token: owner,
    query: { siteID: berlin.site, taskListDate: '2025-07-01', limit: 100 },
  });
  const recheck = day.json.data.list.find((task) => task.followUp?.readingID === held.json.data._id);
  expect(recheck?.itemCheckList[0]?.text).toContain('65 °C');

  // A fridge whose item sets no limit takes the national 7 °C, and up to it needs no reason.
  const fridge = await created<MasterType>('masterType', {
    siteID: berlin.site,
    type: 'FRIDGE',
    name: 'Kühlraum',
    temperatureItems: [{ name: 'Air' }],
  });
  expect(fridge.temperatureItems[0]?.upperLimit).toBe(7);
});

test('the export’s Rules sheet prints the EU set with the organisation’s figures and their source', async () => {
  const day = ctx.clock.now().toISOString().slice(0, 10);
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/temperature-logs/export-web-app-list-for-web',
    query: { downloadFileType: 'EXCEL', siteID: berlin.site, startDate: day, endDate: day },
    headers: { authorization: owner },
  });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  const rules = (workbook.getWorksheet('Rules')?.getSheetValues() ?? []).flatMap((values) =>
    Array.isArray(values) ? [values.slice(1).map(String)] : [],
  );
  const eu = 'European Union (Regulation 852/2004, national limits)';
  expect(rules).toContainEqual([
    eu,
    'Hot holding and display: Hot holding',
    'at least 65 °C',
    'DIN 10508, national figure',
  ]);
  expect(rules).toContainEqual([eu, 'Fridge: Fridge', 'at most 7 °C', 'DIN 10508, national figure']);
});

test('sites under other rules are not touched, and only EU sites carry the figures in the site list', async () => {
  const brighton = await ctx.inject<{ data: TemperatureLog }>(
    'POST',
    '/api/v1/temperature-logs/create-new-one',
    {
      token: owner,
      body: {
        siteID: ctx.demo.sites.brighton.id,
        foodItemID: (
          await created<{ _id: string }>('foodItem', {
            siteID: ctx.demo.sites.brighton.id,
            type: 'FOODITEM',
            name: 'Figures soup',
          })
        )._id,
        logType: 'HOT_HOLD_DISPLAY',
        celsius: 64,
        readAt: ctx.clock.now().toISOString(),
      },
    },
  );
  expect(brighton.json.data).toMatchObject({
    result: 'PASS',
    jurisdiction: 'GB-ENG',
    limits: { lowerLimit: 63 },
  });
  const options = await ctx.inject<{ data: SiteOption[] }>('GET', '/api/v1/site-panel/simple-list', {
    token: owner,
  });
  const figuresOf = (id: string) => options.json.data.find((option) => option._id === id)?.nationalFigures;
  expect(figuresOf(berlin.site)).toHaveLength(2);
  expect(figuresOf(ctx.demo.sites.brighton.id)).toEqual([]);
});

test.each([
  [
    'a check no general set leaves to national law',
    [{ logType: 'FRIDGE', kind: 'WALK_IN', atMost: 7, source: 'x' }],
    '0.kind',
  ],
  [
    'a lower limit on a check that has none',
    [{ logType: 'FRIDGE', kind: 'FRIDGE', atLeast: 1, atMost: 7, source: 'x' }],
    '0.atLeast',
  ],
  ['a figure with no bound', [{ logType: 'FRIDGE', kind: 'FRIDGE', source: 'x' }], '0.atMost'],
  ['the same check twice', [...germanFigures, germanFigures[0]], '2.kind'],
  ['no source', [{ logType: 'FRIDGE', kind: 'FRIDGE', atMost: 7, source: ' ' }], '0.source'],
  [
    'a figure that is not a number',
    [{ logType: 'FRIDGE', kind: 'FRIDGE', atMost: '7', source: 'x' }],
    '0.atMost',
  ],
])('%s is a 400 on that field, and nothing is saved', async (_case, figures, field) => {
  const reply = await save({ figures, reason: 'Trying' });
  expect(reply.statusCode).toBe(400);
  expect(Object.keys(reply.json.details?.fieldErrors ?? {})).toContain(`figures.${field}`);
  const organization = await ctx.inject<{ data: Organization }>('GET', '/api/v1/organization/view-one', {
    token: owner,
  });
  expect(organization.json.data.nationalFigures).toHaveLength(2);
});

test('a reason is required; a site admin may not set them; another organisation’s is not found', async () => {
  expect((await save({ figures: [] })).json.details?.fieldErrors.reason).toBeDefined();
  expect((await save({ figures: [], reason: 'Mine' }, manager)).statusCode).toBe(403);
  const other = await save({ _id: ctx.other.organization.id, figures: [], reason: 'Theirs' }, owner);
  expect(other.statusCode).toBe(404);
  const theirs = await ctx.inject<{ data: Organization }>('GET', '/api/v1/organization/view-one', {
    token: otherOwner,
  });
  expect(theirs.json.data.nationalFigures).toEqual([]);
  expect(
    (await ctx.inject('PUT', '/api/v1/organization/national-figures', { body: { figures: [], reason: 'x' } }))
      .statusCode,
  ).toBe(401);
});
