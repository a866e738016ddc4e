import { and, eq } from 'drizzle-orm';
import {
  toCelsius,
  type IndividualTask,
  type MasterType,
  type Site,
  type SiteScoreReport,
  type TaskListData,
  type TemperatureLog,
} from '@console/shared-sdk/contract';
import { siteMembers, users } from '../../../platform/db/schema.js';
import { alertEvents } from '../../../platform/events/schema.js';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { judgeSiteBy, mobileLogin } from '../../../test/logs.js';
import { raiseDueFollowUps } from '../../tasks/index.js';

// Each site is judged by its own law (the contract's rule sets): a New York City site made through the API,
// with no limits of its own, judges a walk-in, hot holding and cooling by the Health Code in °F, while an
// English site judges the same readings as it always did. A site whose rules change keeps the verdicts and
// scores of what it recorded before.

const minute = 60_000;
const log = { debug: () => undefined, error: () => undefined };
const fahrenheit = (value: number) => toCelsius(value, 'F');

let ctx: TestContext;
let owner: string;
let diego: string;
let aisha: string;

/** The New York site made here, and what is read at it; Brighton's own items to compare. */
const york = { site: '', walkIn: '', probe: '', shortRib: '', soup: '', chili: '', beans: '' };
const brighton = { walkIn: '', probe: '', soup: '', stew: '' };

const at = (iso: string) => ctx.clock.set(iso);
const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * minute).toISOString();

async function created<T extends { _id: string }>(url: string, body: unknown): Promise<T> {
  const reply = await ctx.inject<{ data: T }>('POST', `/api/v1/${url}/create-new-one`, {
    token: owner,
    body,
  });
  if (reply.statusCode !== 200) throw new Error(`creating ${url}: ${reply.raw}`);
  return reply.json.data;
}

const record = (body: Record<string, unknown>, token: string) =>
  ctx.inject<{ data: TemperatureLog }>('POST', '/api/v1/temperature-logs/create-new-one', { token, body });

async function recorded(body: Record<string, unknown>, token: string): Promise<TemperatureLog> {
  const reply = await record(body, token);
  if (reply.statusCode !== 200) throw new Error(`recording: ${reply.raw}`);
  return reply.json.data;
}

/** A reading at the New York site by Diego, read now; `celsius` converted from °F as the forms do. */
const atYork = (fields: Record<string, unknown>, degreesF: number) =>
  record(
    { siteID: york.site, celsius: fahrenheit(degreesF), readAt: ctx.clock.now().toISOString(), ...fields },
    diego,
  );
const atBrighton = (fields: Record<string, unknown>, celsius: number) =>
  record(
    {
      siteID: ctx.demo.sites.brighton.id,
      celsius,
      readAt: ctx.clock.now().toISOString(),
      ...fields,
    },
    aisha,
  );

async function dayList(siteID: string, taskListDate: string): Promise<IndividualTask[]> {
  const reply = await ctx.inject<{ data: TaskListData }>('GET', '/api/v1/master-task/web-app-list', {
    token: owner,
    query: { siteID, taskListDate, limit: 100 },
  });
  if (reply.statusCode !== 200) throw new Error(`the day's list: ${reply.raw}`);
  return reply.json.data.list;
}

/** The follow-up checks a reading started, by their due time. */
const checksOf = async (siteID: string, date: string, readingID: string) =>
  (await dayList(siteID, date))
    .filter((task) => task.followUp?.readingID === readingID)
    .sort((a, b) => a.expireOn.localeCompare(b.expireOn));

const lineOf = (task: IndividualTask | undefined) =>
  task && [task.status, task.itemCheckList[0]?.status, task.itemCheckList[0]?.comment ?? null];

beforeAll(async () => {
  ctx = await createTestContext();
  at('2025-07-20T00:00:00.000Z');
  [owner, diego, aisha] = await Promise.all([
    ctx.login(demoLogins.organizationAdmin),
    mobileLogin(ctx, 'diego.ramirez@harbourvine.example'),
    mobileLogin(ctx, 'aisha.khan@harbourvine.example'),
  ]);
  at('2025-07-01T12:00:00.000Z');
  // A New York site made as an admin makes one: its rules come from its address, nothing else is set.
  const site = await created<Site>('site-panel', {
    name: 'Harbour Kitchen Williamsburg',
    add1: '98 Berry Street',
    city: 'Brooklyn',
    county: 'Kings County',
    state: 'New York',
    country: 'US',
    zip: '11249',
    lat_long: '40.7195,-73.9587',
    timeZoneId: 'America/New_York',
    timing: JSON.stringify(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, isOpen: true, openTime: '07:00', closeTime: '23:00' })),
    ),
  });
  expect(site).toMatchObject({ jurisdiction: 'US-NYC', temperatureUnit: 'F', locale: 'en-US' });
  york.site = site._id;
  const [diegoRow] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'diego.ramirez@harbourvine.example'));
  await ctx.db.insert(siteMembers).values({ siteId: york.site, userId: diegoRow!.id, createdAt: new Date() });
  // Diego's sites are read at sign-in: sign in again now that he works here too (after the last moment the
  // tests move the clock to, so the token still serves then).
  at('2025-07-20T00:00:00.000Z');
  diego = await mobileLogin(ctx, 'diego.ramirez@harbourvine.example');
  at('2025-07-01T12:00:00.000Z');

  const walkIn = await created<MasterType>('masterType', {
    siteID: york.site,
    type: 'FRIDGE',
    name: 'Walk-in',
    temperatureItems: [{ name: 'Main' }],
  });
  york.walkIn = walkIn.temperatureItems[0]?._id ?? '';
  const foodItem = async (siteID: string, name: string, type = 'FOODITEM') =>
    (await created<{ _id: string }>('foodItem', { siteID, type, name }))._id;
  york.probe = await foodItem(york.site, 'Probe 1', 'PROB');
  york.shortRib = await foodItem(york.site, 'Short rib');
  york.soup = await foodItem(york.site, 'Clam chowder');
  york.chili = await foodItem(york.site, 'Chili');
  york.beans = await foodItem(york.site, 'Black beans');
  const brightonWalkIn = await created<MasterType>('masterType', {
    siteID: ctx.demo.sites.brighton.id,
    type: 'FRIDGE',
    name: 'Rules walk-in',
    temperatureItems: [{ name: 'Main' }],
  });
  brighton.walkIn = brightonWalkIn.temperatureItems[0]?._id ?? '';
  brighton.probe = await foodItem(ctx.demo.sites.brighton.id, 'Rules probe', 'PROB');
  brighton.soup = await foodItem(ctx.demo.sites.brighton.id, 'Rules soup');
  brighton.stew = await foodItem(ctx.demo.sites.brighton.id, 'Rules stew');
});

afterAll(() => ctx.close());

describe('a New York City site with no limits of its own', () => {
  test('a 42 °F walk-in fails and 41 °F passes; the refusal and the limits are in °F', async () => {
    at('2025-07-01T14:00:00.000Z');
    const fortyOne = await atYork({ temperatureItemID: york.walkIn }, 41);
    expect(fortyOne.json.data).toMatchObject({
      result: 'PASS',
      jurisdiction: 'US-NYC',
      temperatureUnit: 'F',
      celsius: 5,
    });
    const refused = await atYork({ temperatureItemID: york.walkIn }, 42);
    expect(refused.statusCode).toBe(400);
    expect(refused.json.details?.fieldErrors.correctiveAction?.[0]).toBe(
      '42 °F is above the upper limit of 41 °F: say what was done about it (corrective action)',
    );
    const fortyTwo = await atYork({ temperatureItemID: york.walkIn, correctiveAction: 'Stock moved' }, 42);
    expect(fortyTwo.json.data).toMatchObject({ result: 'FAIL', aboveLegalLimit: true });
  });

  test('hot holding: 140 °F passes, 139 °F fails', async () => {
    at('2025-07-01T15:00:00.000Z');
    const hot = { foodItemID: york.soup, logType: 'HOT_HOLD_DISPLAY', hotHoldEnded: true };
    expect((await atYork(hot, 140)).json.data).toMatchObject({ result: 'PASS' });
    const cold = await atYork({ ...hot, correctiveAction: 'Reheated to 165 °F' }, 139);
    expect(cold.json.data).toMatchObject({ result: 'FAIL', checkLabel: 'Hot holding' });
  });

  test('what can be read there is New York’s checks, cooling in two stages', async () => {
    const reply = await ctx.inject<{
      data: { _id: string; logTypes: { logType: string; checks: { kind: string; label: string }[] }[] }[];
    }>('GET', '/api/v1/temperature-logs/item-list', { token: diego, query: { siteID: york.site } });
    const cooking = reply.json.data
      .find((item) => item._id === york.shortRib)
      ?.logTypes.find((type) => type.logType === 'COOKING_COOLING');
    expect(cooking?.checks.map((check) => [check.kind, check.label])).toEqual([
      ['COOKED', 'Cooked core'],
      ['COOLED_TO_70F', 'Cooled to 70 °F within 2 hours'],
      ['COOLED_TO_41F', 'Cooled to 41 °F within 6 hours'],
    ]);
    // England's one-stage check is not New York's.
    at('2025-07-01T15:10:00.000Z');
    const english = await atYork(
      { foodItemID: york.shortRib, logType: 'COOKING_COOLING', checkKind: 'COOLED' },
      60,
    );
    expect(english.statusCode).toBe(400);
    expect(english.json.details?.fieldErrors).toHaveProperty('checkKind');
  });

  test('cooling makes two checks, due 2 and 6 hours after it began; both on time complete them', async () => {
    at('2025-07-02T16:00:00.000Z');
    const cookedAt = ctx.clock.now().toISOString();
    const cooked = await recorded(
      {
        siteID: york.site,
        foodItemID: york.shortRib,
        logType: 'COOKING_COOLING',
        checkKind: 'COOKED',
        celsius: fahrenheit(170),
        readAt: cookedAt,
      },
      diego,
    );
    const [first, second] = await checksOf(york.site, '2025-07-02', cooked._id);
    expect([first?.name, first?.expireOn, first?.followUp?.checkKind]).toEqual([
      'Cooling check 1 of 2: Short rib (cooling began 12:00 PM)',
      later(cookedAt, 120),
      'COOLED_TO_70F',
    ]);
    expect([second?.name, second?.expireOn, second?.followUp?.checkKind]).toEqual([
      'Cooling check 2 of 2: Short rib (cooling began 12:00 PM)',
      later(cookedAt, 360),
      'COOLED_TO_41F',
    ]);
    expect(first?.itemCheckList[0]?.text).toBe('Probe the core: 70 °F or below');
    expect(second?.itemCheckList[0]?.text).toBe('Probe the core: 41 °F or below');
    expect(first?.description).toMatch(/within 2 hours of cooling beginning \(NYC Health Code, Article 81/);

    at(later(cookedAt, 110));
    await atYork({ foodItemID: york.shortRib, logType: 'COOKING_COOLING', checkKind: 'COOLED_TO_70F' }, 66);
    at(later(cookedAt, 330));
    await atYork({ foodItemID: york.shortRib, logType: 'COOKING_COOLING', checkKind: 'COOLED_TO_41F' }, 39);
    const [firstDone, secondDone] = await checksOf(york.site, '2025-07-02', cooked._id);
    expect([lineOf(firstDone), firstDone?.bucket]).toEqual([['COMPLETED', 'COMPLETED', null], 'ON_TIME']);
    expect([lineOf(secondDone), secondDone?.bucket]).toEqual([['COMPLETED', 'COMPLETED', null], 'ON_TIME']);
  });

  test('a stage read late, or read too warm, is failed with why in °F', async () => {
    at('2025-07-03T16:00:00.000Z');
    const cookedAt = ctx.clock.now().toISOString();
    const cooked = await recorded(
      {
        siteID: york.site,
        foodItemID: york.chili,
        logType: 'COOKING_COOLING',
        checkKind: 'COOKED',
        celsius: fahrenheit(172),
        readAt: cookedAt,
      },
      diego,
    );
    at(later(cookedAt, 100));
    const warm = await atYork(
      {
        foodItemID: york.chili,
        logType: 'COOKING_COOLING',
        checkKind: 'COOLED_TO_70F',
        correctiveAction: 'Split into shallow pans in the blast chiller',
      },
      75,
    );
    expect(warm.json.data).toMatchObject({ result: 'FAIL' });
    at(later(cookedAt, 390));
    await atYork({ foodItemID: york.chili, logType: 'COOKING_COOLING', checkKind: 'COOLED_TO_41F' }, 40);
    const [first, second] = await checksOf(york.site, '2025-07-03', cooked._id);
    expect(lineOf(first)).toEqual(['COMPLETED', 'FAILED', 'Read 75 °F, above 70 °F']);
    expect(lineOf(second)).toEqual(['COMPLETED', 'FAILED', 'Read at 6:30 PM, after its due time 6:00 PM']);
    expect(second?.bucket).toBe('LATE');
  });

  test('a stage missed is alerted; the other stands on its own', async () => {
    at('2025-07-04T16:00:00.000Z');
    const cookedAt = ctx.clock.now().toISOString();
    const cooked = await recorded(
      {
        siteID: york.site,
        foodItemID: york.beans,
        logType: 'COOKING_COOLING',
        checkKind: 'COOKED',
        celsius: fahrenheit(168),
        readAt: cookedAt,
      },
      diego,
    );
    at(later(cookedAt, 121));
    expect(await raiseDueFollowUps({ db: ctx.db, log }, ctx.clock.now())).toBeGreaterThanOrEqual(1);
    const [first, second] = await checksOf(york.site, '2025-07-04', cooked._id);
    const events = await ctx.db
      .select()
      .from(alertEvents)
      .where(and(eq(alertEvents.recordId, first?._id ?? ''), eq(alertEvents.kind, 'FOLLOW_UP_DUE')));
    expect(events).toHaveLength(1);
    expect(second?.status).toBe('PENDING');
    at(later(cookedAt, 300));
    await atYork({ foodItemID: york.beans, logType: 'COOKING_COOLING', checkKind: 'COOLED_TO_41F' }, 38);
    const [stillOpen, done] = await checksOf(york.site, '2025-07-04', cooked._id);
    expect(stillOpen?.status).toBe('PENDING');
    expect(lineOf(done)).toEqual(['COMPLETED', 'COMPLETED', null]);
  });
});

describe('the same readings at an English site, judged as they always were', () => {
  test('a 42 °F (5.6 °C) fridge warns, 60 °C hot holding fails, and cooling is one check at 90 minutes', async () => {
    at('2025-07-05T13:00:00.000Z');
    expect(
      (await atBrighton({ temperatureItemID: brighton.walkIn }, fahrenheit(42))).json.data,
    ).toMatchObject({
      result: 'WARN',
      jurisdiction: 'GB-ENG',
      temperatureUnit: 'C',
    });
    const hot = { foodItemID: brighton.soup, logType: 'HOT_HOLD_DISPLAY', hotHoldEnded: true };
    expect((await atBrighton({ ...hot, correctiveAction: 'Reheated' }, 60)).json.data).toMatchObject({
      result: 'FAIL',
    });
    expect((await atBrighton({ ...hot }, 63)).json.data).toMatchObject({ result: 'PASS' });
    const refused = await atBrighton(hot, 62.9);
    expect(refused.json.details?.fieldErrors.correctiveAction?.[0]).toMatch(
      /^62.9 °C is below the lower limit of 63 °C/,
    );
    const cookedAt = ctx.clock.now().toISOString();
    const cooked = (
      await atBrighton({ foodItemID: brighton.stew, logType: 'COOKING_COOLING', checkKind: 'COOKED' }, 80)
    ).json.data;
    const checks = await checksOf(ctx.demo.sites.brighton.id, '2025-07-05', cooked._id);
    expect(checks.map((task) => [task.name, task.expireOn, task.followUp?.checkKind])).toEqual([
      ['Cooling check: Rules stew (cooling began 14:00)', later(cookedAt, 90), 'COOLED'],
    ]);
  });
});

describe('a site whose rules change', () => {
  test('keeps the verdicts and scores of what it recorded before; readings after are judged by the new rules', async () => {
    const brightonId = ctx.demo.sites.brighton.id;
    at('2025-07-08T09:00:00.000Z');
    const before = (await atBrighton({ temperatureItemID: brighton.walkIn }, 7)).json.data;
    expect(before).toMatchObject({ result: 'WARN', jurisdiction: 'GB-ENG' });
    const score = async () => {
      const reply = await ctx.inject<{ data: SiteScoreReport }>(
        'GET',
        '/api/v1/site-panel/site-report-scoreList',
        {
          token: owner,
          query: { siteID: brightonId, startDate: '2025-07-01', endDate: '2025-07-08' },
        },
      );
      if (reply.statusCode !== 200) throw new Error(`scores: ${reply.raw}`);
      return reply.json.data;
    };
    const scoresBefore = await score();

    at('2025-07-15T09:00:00.000Z');
    const changed = await judgeSiteBy(
      ctx,
      owner,
      brightonId,
      'US-NYC',
      'Testing the American rules on this kitchen',
    );
    expect(changed.statusCode).toBe(200);
    try {
      const after = (await atBrighton({ temperatureItemID: brighton.walkIn, correctiveAction: 'Moved' }, 7))
        .json.data;
      expect(after).toMatchObject({ result: 'FAIL', jurisdiction: 'US-NYC', temperatureUnit: 'F' });
      const earlier = (
        await ctx.inject<{ data: TemperatureLog }>('GET', `/api/v1/temperature-logs/find-one/${before._id}`, {
          token: owner,
        })
      ).json.data;
      // Judged by England's rules when taken: still a WARN with England's limits, now shown in the site's °F.
      expect(earlier).toMatchObject({
        result: 'WARN',
        jurisdiction: 'GB-ENG',
        temperatureUnit: 'F',
        limits: { upperLimit: 5, warnUpTo: 8, legalMaximum: 8 },
      });
      expect(await score()).toEqual(scoresBefore);
    } finally {
      await judgeSiteBy(ctx, owner, brightonId, 'GB-ENG', 'Back to England');
    }
  });
});
