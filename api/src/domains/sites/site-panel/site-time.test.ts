import type { ClosingTime, OpenTimeSlotResponse, Site, TimeSlot } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/site-panel';

let ctx: TestContext;
let owner: string;
let manager: string;

/** Moves the clock and signs in again, so access tokens are valid at the new instant. */
async function at(instant: string) {
  ctx.clock.set(instant);
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await at('2026-03-01T12:00:00Z');
});
afterAll(() => ctx.close());

const brighton = () => ctx.demo.sites.brighton.id;
const brooklyn = () => ctx.demo.sites.brooklyn.id;
const manchester = () => ctx.demo.sites.manchester.id;

async function slotsOf(id: string, findDate?: string, token = owner) {
  return ctx.inject<{ data: OpenTimeSlotResponse }>('GET', `${base}/open-time-slot/${id}`, {
    token,
    query: { findDate },
  });
}

async function slots(id: string, findDate: string): Promise<OpenTimeSlotResponse> {
  const reply = await slotsOf(id, findDate);
  expect(reply.statusCode).toBe(200);
  return reply.json.data;
}

const slot = (data: OpenTimeSlotResponse, label: string): TimeSlot | undefined =>
  data.openTimeSlot.find((s) => s.label === label);

async function closingList(body: Record<string, unknown>, token = owner) {
  return ctx.inject<{ data: ClosingTime[] }>('POST', `${base}/closing-time-list`, { token, body });
}

describe('GET /open-time-slot/:id', () => {
  test('returns the slots of the date with the site data and the label/value list', async () => {
    const data = await slots(brighton(), '2026-03-23');
    expect(data).toMatchObject({
      siteData: { _id: brighton(), name: 'The Harbour Kitchen, Brighton', timeZoneId: 'Europe/London' },
      date: '2026-03-23',
      isOpen: true,
    });
    expect(data.siteData.timing).toHaveLength(7);
    expect(data.openTimeSlot.map((s) => `${s.label} ${s.fromTime}-${s.toTime}`)).toEqual([
      'BEFORE_OPEN 06:00-08:00',
      'OPEN 08:00-09:00',
      'MORNING 09:00-11:30',
      'LUNCH 11:30-14:30',
      'AFTERNOON 14:30-17:30',
      'EVENING 17:30-21:30',
      'NIGHT 21:30-22:00',
      'CLOSE 22:00-23:00',
      'AFTER_CLOSE 23:00-01:00',
    ]);
    expect(data.timeSlotList).toEqual(data.openTimeSlot.map((s) => ({ label: s.label, value: s.label })));
  });

  test('London spring forward (29 March 2026): same local hours, UTC an hour earlier', async () => {
    const before = await slots(brighton(), '2026-03-22');
    const after = await slots(brighton(), '2026-03-29');
    expect(slot(before, 'OPEN')).toMatchObject({
      fromTime: '09:00',
      fromTimeUTC: '2026-03-22T09:00:00.000Z',
    });
    expect(slot(after, 'OPEN')).toMatchObject({ fromTime: '09:00', fromTimeUTC: '2026-03-29T08:00:00.000Z' });
    expect(slot(after, 'CLOSE')).toMatchObject({ toTime: '22:00', toTimeUTC: '2026-03-29T21:00:00.000Z' });
  });

  test('a late licence on the spring-forward night closes when the clocks jump (01:00 GMT = 02:00 BST)', async () => {
    const saturday = await slots(brighton(), '2026-03-28');
    expect(slot(saturday, 'OPEN')?.fromTimeUTC).toBe('2026-03-28T08:00:00.000Z');
    expect(slot(saturday, 'CLOSE')).toMatchObject({
      fromTime: '00:00',
      toTime: '02:00',
      fromTimeUTC: '2026-03-29T00:00:00.000Z',
      toTimeUTC: '2026-03-29T01:00:00.000Z',
    });
  });

  test('London fall back (25 October 2026): same local hours, UTC an hour later', async () => {
    const before = await slots(brighton(), '2026-10-18');
    const after = await slots(brighton(), '2026-10-25');
    expect(slot(before, 'OPEN')).toMatchObject({
      fromTime: '09:00',
      fromTimeUTC: '2026-10-18T08:00:00.000Z',
    });
    expect(slot(after, 'OPEN')).toMatchObject({ fromTime: '09:00', fromTimeUTC: '2026-10-25T09:00:00.000Z' });
    // Saturday's 01:00 closing falls in the repeated hour: the second 01:00, after the clocks go back.
    const saturday = await slots(brighton(), '2026-10-24');
    expect(slot(saturday, 'CLOSE')?.toTimeUTC).toBe('2026-10-25T01:00:00.000Z');
  });

  test('New York spring forward (8 March 2026) and fall back (1 November 2026)', async () => {
    expect(slot(await slots(brooklyn(), '2026-03-01'), 'OPEN')?.fromTimeUTC).toBe('2026-03-01T15:00:00.000Z');
    const spring = await slots(brooklyn(), '2026-03-08');
    expect(slot(spring, 'OPEN')).toMatchObject({
      fromTime: '10:00',
      fromTimeUTC: '2026-03-08T14:00:00.000Z',
    });
    expect(slot(await slots(brooklyn(), '2026-10-25'), 'OPEN')?.fromTimeUTC).toBe('2026-10-25T14:00:00.000Z');
    const autumn = await slots(brooklyn(), '2026-11-01');
    expect(slot(autumn, 'OPEN')).toMatchObject({
      fromTime: '10:00',
      fromTimeUTC: '2026-11-01T15:00:00.000Z',
    });
    // Saturday 31 October closes at 00:30, still daylight time.
    expect(slot(await slots(brooklyn(), '2026-10-31'), 'CLOSE')?.toTimeUTC).toBe('2026-11-01T04:30:00.000Z');
  });

  test('a New York bar closing at 02:30 on the spring-forward night closes at 03:30 EDT', async () => {
    const created = await ctx.inject<{ data: Site }>('POST', `${base}/create-new-one`, {
      token: owner,
      body: {
        name: 'Late Night Brooklyn',
        country: 'US',
        timeZoneId: 'America/New_York',
        timing: [{ day: 6, isOpen: true, openTime: '18:00', closeTime: '02:30' }],
      },
    });
    expect(created.statusCode).toBe(200);
    const night = await slots(created.json.data._id, '2026-03-07');
    expect(slot(night, 'CLOSE')).toMatchObject({ toTime: '03:30', toTimeUTC: '2026-03-08T07:30:00.000Z' });
    const list = await closingList({ siteID: created.json.data._id, startDate: '2026-03-07', days: 8 });
    expect(list.json.data.map((d) => [d.date, d.closeTimeLocal, d.closingTime])).toEqual([
      ['2026-03-07', '03:30', '2026-03-08T07:30:00.000Z'],
      ['2026-03-14', '02:30', '2026-03-15T06:30:00.000Z'],
    ]);
  });

  test('a closed day answers isOpen false with no slots', async () => {
    const monday = await slots(brooklyn(), '2026-03-09');
    expect(monday).toMatchObject({ isOpen: false, openTimeSlot: [], timeSlotList: [] });
  });

  test("without findDate it is the site's local today", async () => {
    // 23:30 UTC on 29 March is already 30 March in London (BST) but still 29 March in New York.
    await at('2026-03-29T23:30:00Z');
    expect((await slotsOf(brighton())).json.data.date).toBe('2026-03-30');
    expect((await slotsOf(brooklyn())).json.data.date).toBe('2026-03-29');
  });

  test('a malformed date or id is a 400 naming it', async () => {
    const date = await slotsOf(brighton(), '2026-02-30');
    expect(date.statusCode).toBe(400);
    expect(date.json.details?.fieldErrors).toHaveProperty('findDate');
    const id = await ctx.inject('GET', `${base}/open-time-slot/brighton`, { token: owner });
    expect(id.statusCode).toBe(400);
    expect(id.json.details?.fieldErrors).toHaveProperty('id');
  });

  test("another organisation's site is 404; a site admin reads only its own; no token is 401", async () => {
    expect((await slotsOf(ctx.other.site.id, '2026-03-23')).statusCode).toBe(404);
    expect((await slotsOf(brighton(), '2026-03-23', manager)).statusCode).toBe(200);
    expect((await slotsOf(manchester(), '2026-03-23', manager)).statusCode).toBe(403);
    expect((await ctx.inject('GET', `${base}/open-time-slot/${brighton()}`)).statusCode).toBe(401);
  });
});

describe('POST /closing-time-list', () => {
  test('London fall-back weekend: each open day with local and UTC opening and closing', async () => {
    const reply = await closingList({ siteID: brighton(), startDate: '2026-10-23', days: 4 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data).toEqual([
      {
        date: '2026-10-23',
        day: 5,
        openingTime: '2026-10-23T07:00:00.000Z',
        closingTime: '2026-10-24T00:00:00.000Z',
        openTimeLocal: '08:00',
        closeTimeLocal: '01:00',
      },
      {
        date: '2026-10-24',
        day: 6,
        openingTime: '2026-10-24T07:00:00.000Z',
        closingTime: '2026-10-25T01:00:00.000Z',
        openTimeLocal: '08:00',
        closeTimeLocal: '01:00',
      },
      {
        date: '2026-10-25',
        day: 0,
        openingTime: '2026-10-25T09:00:00.000Z',
        closingTime: '2026-10-25T22:00:00.000Z',
        openTimeLocal: '09:00',
        closeTimeLocal: '22:00',
      },
      {
        date: '2026-10-26',
        day: 1,
        openingTime: '2026-10-26T08:00:00.000Z',
        closingTime: '2026-10-26T23:00:00.000Z',
        openTimeLocal: '08:00',
        closeTimeLocal: '23:00',
      },
    ]);
  });

  test("closed days are skipped; without startDate it starts at the site's today, for 7 days", async () => {
    const weekend = await closingList({ siteID: manchester(), startDate: '2026-03-28', days: 3 });
    expect(weekend.json.data.map((d) => d.date)).toEqual(['2026-03-28', '2026-03-30']);
    await at('2026-03-29T23:30:00Z');
    const week = await closingList({ siteID: manchester() });
    // Manchester is closed on Sundays: 30 March to 5 April has six open days.
    expect(week.json.data.map((d) => d.date)).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
    expect(week.json.data[0]?.closingTime).toBe('2026-03-30T16:00:00.000Z');
  });

  test('malformed input is a 400 naming the field', async () => {
    for (const [body, field] of [
      [{ siteID: 'x' }, 'siteID'],
      [{ siteID: brighton(), days: 0 }, 'days'],
      [{ siteID: brighton(), days: 32 }, 'days'],
      [{ siteID: brighton(), startDate: '29/03/2026' }, 'startDate'],
    ] as const) {
      const reply = await closingList(body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors).toHaveProperty(field);
    }
  });

  test("another organisation's site is 404; a site admin reads only its own; no token is 401", async () => {
    expect((await closingList({ siteID: ctx.other.site.id })).statusCode).toBe(404);
    expect((await closingList({ siteID: brighton() }, manager)).statusCode).toBe(200);
    expect((await closingList({ siteID: manchester() }, manager)).statusCode).toBe(403);
    const anonymous = await ctx.inject('POST', `${base}/closing-time-list`, { body: { siteID: brighton() } });
    expect(anonymous.statusCode).toBe(401);
  });
});
