import { and, count, eq, isNull } from 'drizzle-orm';
import type { ListData, Site, SiteInput, SiteOption } from '@console/shared-sdk/contract';
import { individualTasks, masterTasks } from '../../tasks/index.js';
import { sites } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { historyOf } from '../../../platform/history/history.js';
import { demoLogins } from '../../../demo.js';
import { ensureOccurrences } from '../../tasks/index.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { mobileLogin } from '../../../test/logs.js';

const base = '/api/v1/site-panel';
const missingId = '01890000-0000-7000-8000-000000000000';

let ctx: TestContext;
let platform: string;
let owner: string;
let manager: string;
let otherOwner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // Offsets in the DTO are those in force "now": a summer instant makes them British Summer Time.
  ctx.clock.set('2026-07-01T12:00:00Z');
  platform = await ctx.login(demoLogins.platformAdmin);
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
  otherOwner = await ctx.login(ctx.other.organizationAdmin.email);
});
afterAll(() => ctx.close());

const demo = () => ctx.demo.sites;
const orgId = () => ctx.demo.organization.id;

async function liveSiteCount(org = orgId()): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(sites)
    .where(and(eq(sites.orgId, org), isNull(sites.deletedAt)));
  return row?.n ?? 0;
}

const week = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  isOpen: day !== 1,
  openTime: '09:00',
  closeTime: '17:00',
}));

function siteForm(name: string, extra: Partial<SiteInput> = {}): SiteInput {
  return {
    name,
    description: 'A test kitchen',
    add1: '1 Test Street',
    city: 'Leeds',
    county: 'West Yorkshire',
    state: 'England',
    country: 'gb',
    zip: 'LS1 1AA',
    lat_long: '53.8008,-1.5491',
    timeZoneId: 'Europe/London',
    timing: week,
    ...extra,
  };
}

/** A multipart body as a browser sends it, structured fields as JSON text. */
async function multipart(fields: Record<string, string>, file?: { field: string; name: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field, new Blob(['%PDF-1.4'], { type: 'application/pdf' }), file.name);
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

async function create(name: string, extra: Partial<SiteInput> = {}, token = owner) {
  return ctx.inject<{ data: Site }>('POST', `${base}/create-new-one`, { token, body: siteForm(name, extra) });
}

async function created(name: string, extra: Partial<SiteInput> = {}): Promise<Site> {
  const reply = await create(name, extra);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

async function findOne(id: string, token = owner) {
  return ctx.inject<{ data: Site }>('GET', `${base}/find-one/${id}`, { token });
}

async function list(query: Record<string, string | number | boolean> = {}, token = owner) {
  return ctx.inject<{ data: ListData<Site> }>('GET', `${base}/web-app-list`, { token, query });
}

async function options(token = owner) {
  return ctx.inject<{ data: SiteOption[] }>('GET', `${base}/simple-list`, { token });
}

async function update(body: Record<string, unknown>, token = owner) {
  return ctx.inject<{ data: Site }>('PUT', `${base}/update-one`, { token, body });
}

/** The full form of an existing site, as the edit screen would send it back. */
function formOf(site: Site): Record<string, unknown> {
  return {
    _id: site._id,
    name: site.name,
    description: site.description,
    add1: site.add1 ?? undefined,
    city: site.city ?? undefined,
    county: site.county ?? undefined,
    state: site.state ?? undefined,
    country: site.country,
    zip: site.zip ?? undefined,
    lat_long: site.lat_long ?? undefined,
    timeZoneId: site.timeZoneId,
    timing: site.timing,
  };
}

describe('GET /web-app-list', () => {
  test("an organisation admin sees its organisation's live sites with admins, address and zone", async () => {
    const reply = await list();
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ records: 3, page: 1, limit: 10 });
    const brighton = reply.json.data.list.find((s) => s._id === demo().brighton.id);
    expect(brighton).toMatchObject({
      orgId: orgId(),
      name: 'The Harbour Kitchen, Brighton',
      location: { country: 'GB', county: 'East Sussex', region: 'England', city: 'Brighton' },
      lat_long: '50.8194,-0.1335',
      timeZoneId: 'Europe/London',
      timeZoneName: 'British Summer Time',
      timeZoneDifferenceInMinute: 60,
      dstOffset: 3600,
      status: true,
      siteAdminList: [
        {
          _id: ctx.demo.siteAdmin.id,
          firstName: 'Marcus',
          lastName: 'Reid',
          email: demoLogins.siteAdmin,
        },
      ],
    });
    const brooklyn = reply.json.data.list.find((s) => s._id === demo().brooklyn.id);
    expect(brooklyn).toMatchObject({
      timeZoneName: 'Eastern Daylight Time',
      timeZoneDifferenceInMinute: -240,
    });
    expect(brooklyn?.siteAdminList).toEqual([]);
    expect(reply.json.data.list.some((s) => s._id === ctx.other.site.id)).toBe(false);
  });

  test('sorts, pages, searches the address and filters by country', async () => {
    const page1 = await list({ sort: '-name', limit: 2 });
    expect(page1.json.data.list.map((s) => s.name)).toEqual([
      'Vine Street Café, Manchester',
      'The Harbour Kitchen, Brighton',
    ]);
    expect(page1.json.data.records).toBe(3);
    const page2 = await list({ sort: '-name', limit: 2, page: 2 });
    expect(page2.json.data.list.map((s) => s.name)).toEqual(['Harbour Kitchen Brooklyn']);

    expect((await list({ search: 'bn2 1' })).json.data.list.map((s) => s._id)).toEqual([demo().brighton.id]);
    expect((await list({ search: 'KINGS' })).json.data.list.map((s) => s._id)).toEqual([demo().brooklyn.id]);
    expect((await list({ search: '%' })).json.data.records).toBe(0);
    const us = await list({ country: 'us' });
    expect(us.json.data.list.map((s) => s._id)).toEqual([demo().brooklyn.id]);
  });

  test('a site admin sees only the sites it administers', async () => {
    const reply = await list({}, manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.records).toBe(1);
    expect(reply.json.data.list.map((s) => s._id)).toEqual([demo().brighton.id]);
  });

  test('another organisation sees only its own sites', async () => {
    const reply = await list({}, otherOwner);
    expect(reply.json.data.list.map((s) => s._id)).toEqual([ctx.other.site.id]);
  });

  test('the platform admin must name the organisation it acts in', async () => {
    const none = await list({}, platform);
    expect(none.statusCode).toBe(400);
    expect(none.json.details?.fieldErrors).toHaveProperty('orgId');
    const demoOrg = await list({ orgId: orgId() }, platform);
    expect(demoOrg.json.data.records).toBe(3);
    const otherOrg = await list({ orgId: ctx.other.organization.id }, platform);
    expect(otherOrg.json.data.list.map((s) => s._id)).toEqual([ctx.other.site.id]);
  });

  test('malformed list parameters are a 400 naming the field', async () => {
    for (const [query, field] of [
      [{ sort: 'timing' }, 'sort'],
      [{ limit: 1000 }, 'limit'],
      [{ status: 'maybe' }, 'status'],
      [{ country: 'GBR' }, 'country'],
    ] as const) {
      const reply = await list(query);
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors).toHaveProperty(field);
    }
  });

  test('needs a token', async () => {
    expect((await ctx.inject('GET', `${base}/web-app-list`)).statusCode).toBe(401);
  });
});

describe('GET /simple-list', () => {
  test('lists every live site by name for pickers', async () => {
    const reply = await options();
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.map((s) => s.name)).toEqual([
      'Harbour Kitchen Brooklyn',
      'The Harbour Kitchen, Brighton',
      'Vine Street Café, Manchester',
    ]);
    expect(reply.json.data[1]).toEqual({
      _id: demo().brighton.id,
      name: 'The Harbour Kitchen, Brighton',
      location: { country: 'GB', county: 'East Sussex', region: 'England', city: 'Brighton' },
      timeZoneId: 'Europe/London',
      jurisdiction: 'GB-ENG',
      temperatureUnit: 'C',
      locale: 'en-GB',
      nationalFigures: [],
    });
  });

  test('a site admin gets only Brighton; no token is a 401', async () => {
    expect((await options(manager)).json.data.map((s) => s._id)).toEqual([demo().brighton.id]);
    expect((await ctx.inject('GET', `${base}/simple-list`)).statusCode).toBe(401);
  });

  test('staff on the kitchen app get the sites they work at, with the rules and units they record by', async () => {
    const diego = await mobileLogin(ctx, 'diego.ramirez@harbourvine.example');
    const reply = await options(diego);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual([
      expect.objectContaining({
        _id: demo().brooklyn.id,
        jurisdiction: 'US-NYC',
        temperatureUnit: 'F',
        locale: 'en-US',
      }),
    ]);
  });
});

describe('GET /find-one/:id', () => {
  test('returns the site', async () => {
    const reply = await findOne(demo().manchester.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      _id: demo().manchester.id,
      name: 'Vine Street Café, Manchester',
    });
    expect(reply.json.data.timing).toHaveLength(7);
  });

  test("another organisation's site and a missing one are both 404", async () => {
    expect((await findOne(ctx.other.site.id)).statusCode).toBe(404);
    expect((await findOne(missingId)).statusCode).toBe(404);
  });

  test('a site admin may read its own site only', async () => {
    expect((await findOne(demo().brighton.id, manager)).statusCode).toBe(200);
    expect((await findOne(demo().manchester.id, manager)).statusCode).toBe(403);
  });

  test('a malformed id is a 400; no token is a 401', async () => {
    const reply = await findOne('not-an-id');
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('id');
    expect((await ctx.inject('GET', `${base}/find-one/${demo().brighton.id}`)).statusCode).toBe(401);
  });
});

describe('the food-safety rules a site is judged by, a site setting', () => {
  test('a new site takes the rules of where it is: England, Scotland, New York City, with their units', async () => {
    const leeds = await created('Leeds Rules Kitchen');
    expect(leeds).toMatchObject({ jurisdiction: 'GB-ENG', temperatureUnit: 'C', locale: 'en-GB' });
    const edinburgh = await created('Edinburgh Rules Kitchen', {
      city: 'Edinburgh',
      county: '',
      state: 'Edinburgh',
      lat_long: '55.9533,-3.1883',
    });
    expect(edinburgh.jurisdiction).toBe('GB-SCT');
    const brooklyn = await created('Brooklyn Rules Kitchen', {
      city: 'Brooklyn',
      county: 'Kings County',
      state: 'New York',
      country: 'US',
      lat_long: '40.7178,-73.9636',
      timeZoneId: 'America/New_York',
    });
    expect(brooklyn).toMatchObject({ jurisdiction: 'US-NYC', temperatureUnit: 'F', locale: 'en-US' });
    const austin = await created('Austin Rules Kitchen', {
      city: 'Austin',
      county: '',
      state: 'Texas',
      country: 'US',
      lat_long: '30.2672,-97.7431',
      timeZoneId: 'America/Chicago',
    });
    expect(austin).toMatchObject({ jurisdiction: 'US-FDA', temperatureUnit: 'F' });
    // Chosen explicitly, the choice holds; an unknown one is a 400 on the field.
    expect((await created('Leeds Scottish Kitchen', { jurisdiction: 'GB-SCT' })).jurisdiction).toBe('GB-SCT');
    const odd = await create('Odd Rules Kitchen', { jurisdiction: 'XX' as SiteInput['jurisdiction'] });
    expect(odd.statusCode).toBe(400);
    expect(odd.json.details?.fieldErrors.jurisdiction?.[0]).toMatch(/^Choose a jurisdiction/);
  });

  test('a change needs a reason and an organisation admin, applies from then on, and is kept in the history', async () => {
    const site = await created('Hove Rules Kitchen');
    // An edit without it keeps it, and records nothing.
    const kept = await update({ ...formOf(site), description: 'Renamed' });
    expect(kept.json.data.jurisdiction).toBe('GB-ENG');
    const withoutReason = await update({ ...formOf(site), jurisdiction: 'GB-SCT' });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json.details?.fieldErrors.jurisdictionReason).toEqual([
      'Say why the site is judged by other rules from now on',
    ]);
    const changed = await update({
      ...formOf(site),
      jurisdiction: 'GB-SCT',
      jurisdictionReason: 'The kitchen moved to Edinburgh',
    });
    expect(changed.statusCode).toBe(200);
    expect((await findOne(site._id)).json.data.jurisdiction).toBe('GB-SCT');
    const entries = await historyOf(ctx.db, orgId(), 'Site', site._id);
    expect(entries.map((entry) => [entry.changes, entry.reason, entry.actorName])).toEqual([
      [
        { before: { jurisdiction: 'GB-ENG' }, after: { jurisdiction: 'GB-SCT' } },
        'The kitchen moved to Edinburgh',
        expect.stringMatching(/\S/),
      ],
    ]);
    // A site admin runs its site day to day but does not change the law it is judged by.
    const brighton = (await findOne(demo().brighton.id)).json.data;
    const byManager = await update(
      { ...formOf(brighton), jurisdiction: 'GB-SCT', jurisdictionReason: 'Trying' },
      manager,
    );
    expect(byManager.statusCode).toBe(403);
    expect((await findOne(demo().brighton.id)).json.data.jurisdiction).toBe('GB-ENG');
    // Sending the rules it already has is no change.
    expect((await update({ ...formOf(brighton), jurisdiction: 'GB-ENG' }, manager)).statusCode).toBe(200);
  });
});

describe('the alert timings, site settings', () => {
  test('a new site starts at 30 minutes to escalate and 15 of sensor delay; chosen, they hold', async () => {
    const plain = await created('Leeds Alert Kitchen');
    expect(plain).toMatchObject({ escalationMinutes: 30, excursionDebounceMinutes: 15 });
    const chosen = await created('Leeds Quick Kitchen', {
      escalationMinutes: 10,
      excursionDebounceMinutes: 5,
    });
    expect(chosen).toMatchObject({ escalationMinutes: 10, excursionDebounceMinutes: 5 });
    expect((await findOne(chosen._id)).json.data).toMatchObject({
      escalationMinutes: 10,
      excursionDebounceMinutes: 5,
    });
  });

  test('multipart text sets them, and the range ends are allowed', async () => {
    const { body, headers } = await multipart({
      name: 'Multipart Alert Bistro',
      country: 'GB',
      timeZoneId: 'Europe/London',
      timing: JSON.stringify(week),
      escalationMinutes: '1440',
      excursionDebounceMinutes: '1',
    });
    const reply = await ctx.inject<{ data: Site }>('POST', `${base}/create-new-one`, {
      token: owner,
      body,
      headers,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ escalationMinutes: 1440, excursionDebounceMinutes: 1 });
    const edited = await ctx.inject<{ data: Site }>('PUT', `${base}/update-one`, {
      token: owner,
      ...(await multipart({
        _id: reply.json.data._id,
        name: 'Multipart Alert Bistro',
        country: 'GB',
        timeZoneId: 'Europe/London',
        timing: JSON.stringify(week),
        escalationMinutes: '5',
        excursionDebounceMinutes: '240',
      })),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json.data).toMatchObject({ escalationMinutes: 5, excursionDebounceMinutes: 240 });
  });

  test('structured fields nested thousands deep are a 400 on the field, and no site is made', async () => {
    const before = await ctx.db.select({ n: count() }).from(sites).where(eq(sites.orgId, orgId()));
    const deepArray = '['.repeat(100_000) + ']'.repeat(100_000);
    const deepObject = '{"a":'.repeat(40_000) + '1' + '}'.repeat(40_000);
    for (const [field, value] of [
      ['timing', deepArray],
      ['timing', deepObject],
      ['siteAdminList', deepArray],
      ['location', deepObject],
      ['slotWindows', deepObject],
    ] as const) {
      const reply = await ctx.inject<{ details: { fieldErrors: Record<string, string[]> } }>(
        'POST',
        `${base}/create-new-one`,
        {
          token: owner,
          ...(await multipart({
            name: 'Deeply Nested Diner',
            country: 'GB',
            timeZoneId: 'Europe/London',
            timing: JSON.stringify(week),
            [field]: value,
          })),
        },
      );
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details.fieldErrors[field]).toContain('Nested deeper than 32 levels');
    }
    expect(await ctx.db.select({ n: count() }).from(sites).where(eq(sites.orgId, orgId()))).toEqual(before);
  });

  test('an edit without them keeps them; with them, changes them', async () => {
    const site = await created('Leeds Timed Kitchen', {
      escalationMinutes: 45,
      excursionDebounceMinutes: 20,
    });
    const kept = await update({ ...formOf(site), description: 'Renamed' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json.data).toMatchObject({ escalationMinutes: 45, excursionDebounceMinutes: 20 });
    // Sent empty, as a form with a blank box does, is left out too.
    const blank = await update({ ...formOf(site), escalationMinutes: '', excursionDebounceMinutes: '' });
    expect(blank.json.data).toMatchObject({ escalationMinutes: 45, excursionDebounceMinutes: 20 });
    const changed = await update({ ...formOf(site), escalationMinutes: 60 });
    expect(changed.statusCode).toBe(200);
    expect((await findOne(site._id)).json.data).toMatchObject({
      escalationMinutes: 60,
      excursionDebounceMinutes: 20,
    });
    await update({ ...formOf(site), excursionDebounceMinutes: '3' });
    expect((await findOne(site._id)).json.data).toMatchObject({
      escalationMinutes: 60,
      excursionDebounceMinutes: 3,
    });
  });

  test('out of range, fractional or not a number is a 400 on the field, and nothing is written', async () => {
    const escalation = 'Enter a whole number of minutes from 5 to 1440 (up to 24 hours)';
    const debounce = 'Enter a whole number of minutes from 1 to 240 (up to 4 hours)';
    const before = await liveSiteCount();
    for (const [extra, field, message] of [
      [{ escalationMinutes: 4 }, 'escalationMinutes', escalation],
      [{ escalationMinutes: 1441 }, 'escalationMinutes', escalation],
      [{ escalationMinutes: 30.5 }, 'escalationMinutes', escalation],
      [{ escalationMinutes: 'soon' }, 'escalationMinutes', escalation],
      [{ excursionDebounceMinutes: 0 }, 'excursionDebounceMinutes', debounce],
      [{ excursionDebounceMinutes: 241 }, 'excursionDebounceMinutes', debounce],
      [{ excursionDebounceMinutes: -5 }, 'excursionDebounceMinutes', debounce],
    ] as const) {
      const reply = await create('Out Of Range Kitchen', extra as Partial<SiteInput>);
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors[field]).toEqual([message]);
    }
    expect(await liveSiteCount()).toBe(before);

    const site = await created('Leeds Bounded Kitchen');
    const tooLong = await update({ ...formOf(site), escalationMinutes: 2000, excursionDebounceMinutes: 0 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json.details?.fieldErrors).toMatchObject({
      escalationMinutes: [escalation],
      excursionDebounceMinutes: [debounce],
    });
    expect((await findOne(site._id)).json.data).toMatchObject({
      escalationMinutes: 30,
      excursionDebounceMinutes: 15,
    });
  });

  test('a site admin sets them on its own site, not on a site it does not run', async () => {
    const brighton = (await findOne(demo().brighton.id, manager)).json.data;
    const own = await update(
      { ...formOf(brighton), escalationMinutes: 20, excursionDebounceMinutes: 10 },
      manager,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json.data).toMatchObject({ escalationMinutes: 20, excursionDebounceMinutes: 10 });
    const manchester = (await findOne(demo().manchester.id)).json.data;
    const notMine = await update({ ...formOf(manchester), escalationMinutes: 5 }, manager);
    expect(notMine.statusCode).toBe(403);
    expect((await findOne(demo().manchester.id)).json.data.escalationMinutes).toBe(
      manchester.escalationMinutes,
    );
    await update({
      ...formOf(brighton),
      escalationMinutes: brighton.escalationMinutes,
      excursionDebounceMinutes: brighton.excursionDebounceMinutes,
    });
  });

  test('another organisation cannot change them: its site is a 404 and keeps its timings', async () => {
    const other = (await findOne(ctx.other.site.id, otherOwner)).json.data;
    const reply = await update({ ...formOf(other), escalationMinutes: 5, excursionDebounceMinutes: 1 });
    expect(reply.statusCode).toBe(404);
    const after = (await findOne(ctx.other.site.id, otherOwner)).json.data;
    expect(after).toMatchObject({
      escalationMinutes: other.escalationMinutes,
      excursionDebounceMinutes: other.excursionDebounceMinutes,
    });
    // Nor may its admin change ours.
    const brighton = (await findOne(demo().brighton.id)).json.data;
    const theirs = await update({ ...formOf(brighton), escalationMinutes: 5 }, otherOwner);
    expect(theirs.statusCode).toBe(404);
    expect((await findOne(demo().brighton.id)).json.data.escalationMinutes).toBe(brighton.escalationMinutes);
  });
});

describe('POST /create-new-one', () => {
  test('creates a site from a JSON body with its admins', async () => {
    const before = await liveSiteCount();
    const reply = await create('Leeds Canteen', { siteAdminList: [ctx.demo.siteAdmin.id] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Site created');
    expect(reply.json.data).toMatchObject({
      orgId: orgId(),
      name: 'Leeds Canteen',
      country: 'GB',
      location: { country: 'GB', city: 'Leeds', county: 'West Yorkshire', region: 'England' },
      lat_long: '53.8008,-1.5491',
      status: true,
      siteAdminList: [{ _id: ctx.demo.siteAdmin.id, firstName: 'Marcus' }],
    });
    expect(await liveSiteCount()).toBe(before + 1);
    // The new admin sees the site on its next call.
    expect((await options(manager)).json.data.map((s) => s.name)).toContain('Leeds Canteen');
  });

  test('creates a site from multipart form data, structured fields as JSON text', async () => {
    const { body, headers } = await multipart({
      name: 'Multipart Bistro',
      description: 'Sent as a form',
      country: 'US',
      city: 'Brooklyn',
      state: 'New York',
      timeZoneId: 'America/New_York',
      timeZoneDifferenceInMinute: '-300',
      timing: JSON.stringify(week),
      slotWindows: JSON.stringify({ LUNCH: { from: '12:00', to: '15:00' } }),
      siteAdminList: '[]',
      lat_long: '40.7178,-73.9636',
    });
    const reply = await ctx.inject<{ data: Site }>('POST', `${base}/create-new-one`, {
      token: owner,
      body,
      headers,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({
      name: 'Multipart Bistro',
      timeZoneId: 'America/New_York',
      // Recomputed from the zone, not taken from the form.
      timeZoneDifferenceInMinute: -240,
      slotWindows: { LUNCH: { from: '12:00', to: '15:00' } },
    });
    expect(reply.json.data.timing.find((d) => d.day === 1)?.isOpen).toBe(false);
    expect((await findOne(reply.json.data._id)).json.data.name).toBe('Multipart Bistro');
  });

  test('a multipart form carrying a file is refused and writes nothing', async () => {
    const before = await liveSiteCount();
    const { body, headers } = await multipart(
      { name: 'With File', country: 'GB', timeZoneId: 'Europe/London', timing: '[]' },
      { field: 'logo', name: 'logo.pdf' },
    );
    const reply = await ctx.inject('POST', `${base}/create-new-one`, { token: owner, body, headers });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('logo');
    expect(await liveSiteCount()).toBe(before);
  });

  test('malformed input is a 400 naming each field, and writes nothing', async () => {
    const before = await liveSiteCount();
    const reply = await ctx.inject('POST', `${base}/create-new-one`, {
      token: owner,
      body: {
        ...siteForm(''),
        timeZoneId: 'Mars/Olympus',
        timing: [{ day: 9, isOpen: true, openTime: '25:00', closeTime: '17:00' }],
        lat_long: '123,456',
      },
    });
    expect(reply.statusCode).toBe(400);
    expect(Object.keys(reply.json.details?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['name', 'timeZoneId', 'timing.0.day', 'timing.0.openTime', 'lat_long']),
    );
    const badJson = await multipart({
      name: 'Bad JSON',
      country: 'GB',
      timeZoneId: 'Europe/London',
      timing: '[{',
    });
    const multipartReply = await ctx.inject('POST', `${base}/create-new-one`, { token: owner, ...badJson });
    expect(multipartReply.statusCode).toBe(400);
    expect(multipartReply.json.details?.fieldErrors).toHaveProperty('timing');
    expect(await liveSiteCount()).toBe(before);
  });

  test('a name already used in the organisation is a 409 on name and writes nothing', async () => {
    const before = await liveSiteCount();
    const reply = await create('the harbour kitchen, BRIGHTON');
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors).toHaveProperty('name');
    expect(await liveSiteCount()).toBe(before);
    // Names are unique per organisation only.
    const elsewhere = await create('The Harbour Kitchen, Brighton', {}, otherOwner);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json.data.orgId).toBe(ctx.other.organization.id);
  });

  test("another organisation's site admin cannot be made an admin here", async () => {
    const before = await liveSiteCount();
    const reply = await create('Borrowed Admin', { siteAdminList: [ctx.other.siteAdmin.id] });
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('siteAdminList');
    expect(await liveSiteCount()).toBe(before);
  });

  test('a site admin may not create sites; no token is a 401', async () => {
    const before = await liveSiteCount();
    expect((await create('Manager Made', {}, manager)).statusCode).toBe(403);
    const { body, headers } = await multipart({
      name: 'Anonymous',
      country: 'GB',
      timeZoneId: 'Europe/London',
    });
    expect((await ctx.inject('POST', `${base}/create-new-one`, { body, headers })).statusCode).toBe(401);
    expect(await liveSiteCount()).toBe(before);
  });

  test('the platform admin creates in the organisation it names', async () => {
    const reply = await ctx.inject<{ data: Site }>('POST', `${base}/create-new-one`, {
      token: platform,
      query: { orgId: ctx.other.organization.id },
      body: siteForm('Platform Placed'),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.orgId).toBe(ctx.other.organization.id);
  });
});

describe('PUT /update-one', () => {
  test('an organisation admin edits a site and replaces its admins', async () => {
    const site = await created('Edit Me', { siteAdminList: [ctx.demo.siteAdmin.id] });
    ctx.clock.set('2026-07-01T12:05:00Z');
    const reply = await update({
      ...formOf(site),
      name: 'Edited',
      timing: week.map((d) => ({ ...d, closeTime: '23:00' })),
      siteAdminList: [],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Site updated');
    expect(reply.json.data).toMatchObject({ _id: site._id, name: 'Edited', siteAdminList: [] });
    expect(reply.json.data.timing[0]?.closeTime).toBe('23:00');
    expect(reply.json.data.updatedAt).toBe('2026-07-01T12:05:00.000Z');
    expect(reply.json.data.createdAt).toBe(site.createdAt);
    expect((await findOne(site._id)).json.data.name).toBe('Edited');
  });

  test('new opening hours give the coming days their tasks: a day now open gets its occurrence', async () => {
    ctx.clock.set('2026-07-01T12:05:00Z');
    const site = await created('Opens on Mondays now');
    const [task] = await ctx.db
      .insert(masterTasks)
      .values({
        id: newId(),
        orgId: orgId(),
        siteId: site._id,
        name: 'Open up',
        items: [],
        repeat: 'DAILY',
        startDate: '2026-07-01',
        dueSlot: 'OPEN',
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .returning();
    if (!task) throw new Error('no master task');
    const week = () =>
      ensureOccurrences(ctx.db, { masterTaskIds: [task.id] }, '2026-07-01', '2026-07-08', ctx.clock.now());
    const dates = async () =>
      (
        await ctx.db
          .select({ taskDate: individualTasks.taskDate })
          .from(individualTasks)
          .where(eq(individualTasks.masterTaskId, task.id))
      ).map((row) => row.taskDate);
    expect(await week()).toBe(7);
    expect(await dates()).not.toContain('2026-07-06');
    const reply = await update({
      ...formOf(site),
      timing: site.timing.map((day) => ({ ...day, isOpen: true })),
    });
    expect(reply.statusCode).toBe(200);
    expect(await week()).toBe(1);
    expect(await dates()).toContain('2026-07-06');
  });

  test('accepts multipart form data', async () => {
    const site = await created('Multipart Edit');
    const fields = { _id: site._id, name: 'Multipart Edited', country: 'GB', timeZoneId: 'Europe/Dublin' };
    const reply = await ctx.inject<{ data: Site }>('PUT', `${base}/update-one`, {
      token: owner,
      ...(await multipart({ ...fields, timing: JSON.stringify(week) })),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toMatchObject({ name: 'Multipart Edited', timeZoneName: 'Irish Standard Time' });
  });

  test('a site admin edits its own site; leaving siteAdminList out keeps the admins', async () => {
    const brighton = (await findOne(demo().brighton.id, manager)).json.data;
    const reply = await update({ ...formOf(brighton), description: 'Now with a terrace' }, manager);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.description).toBe('Now with a terrace');
    expect(reply.json.data.siteAdminList.map((p) => p._id)).toEqual([ctx.demo.siteAdmin.id]);
    // Sending the same admins back is not a change.
    const same = await update({ ...formOf(brighton), siteAdminList: [ctx.demo.siteAdmin.id] }, manager);
    expect(same.statusCode).toBe(200);
  });

  test('a site admin may not change who administers its site, and nothing is written', async () => {
    const brighton = (await findOne(demo().brighton.id, manager)).json.data;
    const reply = await update({ ...formOf(brighton), description: 'Sneaky', siteAdminList: [] }, manager);
    expect(reply.statusCode).toBe(403);
    expect(reply.json.message).toBe('Only an organisation admin can change who administers a site');
    const after = (await findOne(demo().brighton.id)).json.data;
    expect(after.description).toBe(brighton.description);
    expect(after.siteAdminList.map((p) => p._id)).toEqual([ctx.demo.siteAdmin.id]);
  });

  test('a site admin may not edit a site it does not administer', async () => {
    const manchester = (await findOne(demo().manchester.id)).json.data;
    const reply = await update({ ...formOf(manchester), description: 'Not mine' }, manager);
    expect(reply.statusCode).toBe(403);
    expect((await findOne(demo().manchester.id)).json.data.description).toBe(manchester.description);
  });

  test("another organisation's site is a 404 and is not changed", async () => {
    const other = (await findOne(ctx.other.site.id, otherOwner)).json.data;
    const reply = await update({ ...formOf(other), name: 'Hijacked' });
    expect(reply.statusCode).toBe(404);
    expect((await findOne(ctx.other.site.id, otherOwner)).json.data.name).toBe(other.name);
    expect((await update({ ...formOf(other), _id: missingId })).statusCode).toBe(404);
  });

  test("renaming to another site's name is a 409 and writes nothing", async () => {
    const site = await created('Rename Clash');
    const reply = await update({
      ...formOf(site),
      name: 'Vine Street Café, Manchester',
      description: 'changed',
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json.details?.fieldErrors).toHaveProperty('name');
    expect((await findOne(site._id)).json.data).toMatchObject({
      name: 'Rename Clash',
      description: 'A test kitchen',
    });
  });

  test('malformed input is a 400 naming the field; no token is a 401', async () => {
    const brighton = (await findOne(demo().brighton.id)).json.data;
    const badId = await update({ ...formOf(brighton), _id: 'nope' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json.details?.fieldErrors).toHaveProperty('_id');
    const badTiming = await update({ ...formOf(brighton), timing: 'every day' });
    expect(badTiming.statusCode).toBe(400);
    expect(badTiming.json.details?.fieldErrors).toHaveProperty('timing');
    expect((await findOne(demo().brighton.id)).json.data.timing).toEqual(brighton.timing);
    expect((await ctx.inject('PUT', `${base}/update-one`, { body: formOf(brighton) })).statusCode).toBe(401);
  });
});

describe('PATCH /delete-one', () => {
  async function remove(siteID: string, token = owner) {
    return ctx.inject('PATCH', `${base}/delete-one`, { token, body: { siteID } });
  }

  test('deletes softly: gone from live lists, kept in the deleted list, name free again', async () => {
    const site = await created('Short Lived', { siteAdminList: [ctx.demo.siteAdmin.id] });
    const reply = await remove(site._id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json.message).toBe('Site deleted');

    expect((await list({ search: 'Short Lived' })).json.data.records).toBe(0);
    const deleted = await list({ status: false, search: 'Short Lived' });
    expect(deleted.json.data.list.map((s) => [s._id, s.status])).toEqual([[site._id, false]]);
    expect((await findOne(site._id)).json.data.status).toBe(false);
    // Its admin no longer sees it.
    expect((await options(manager)).json.data.map((s) => s._id)).not.toContain(site._id);
    expect((await remove(site._id)).statusCode).toBe(404);
    expect((await create('Short Lived')).statusCode).toBe(200);
  });

  test('a deleted site cannot be edited', async () => {
    const site = await created('Deleted Then Edited');
    expect((await remove(site._id)).statusCode).toBe(200);
    expect((await update({ ...formOf(site), description: 'again' })).statusCode).toBe(404);
  });

  test('a site admin may not delete, even its own site', async () => {
    expect((await remove(demo().brighton.id, manager)).statusCode).toBe(403);
    expect((await findOne(demo().brighton.id)).json.data.status).toBe(true);
  });

  test("another organisation's site and a missing one are 404, and stay", async () => {
    expect((await remove(ctx.other.site.id)).statusCode).toBe(404);
    expect((await remove(missingId)).statusCode).toBe(404);
    expect((await findOne(ctx.other.site.id, otherOwner)).json.data.status).toBe(true);
  });

  test('a malformed siteID is a 400; no token is a 401', async () => {
    const reply = await remove('42');
    expect(reply.statusCode).toBe(400);
    expect(reply.json.details?.fieldErrors).toHaveProperty('siteID');
    const anonymous = await ctx.inject('PATCH', `${base}/delete-one`, {
      body: { siteID: demo().brighton.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await findOne(demo().brighton.id)).json.data.status).toBe(true);
  });
});
