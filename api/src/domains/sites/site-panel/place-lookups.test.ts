import type { PlaceDetail, PlacesResponse, TimezoneData } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/site-panel';

// The first place search reads the packaged place list (a second or two; longer on a busy machine).
jest.setTimeout(120_000);

let ctx: TestContext;
let owner: string;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-01-15T12:00:00Z');
  owner = await ctx.login(demoLogins.organizationAdmin);
  manager = await ctx.login(demoLogins.siteAdmin);
});
afterAll(() => ctx.close());

const post = <T>(path: string, body: unknown, token = owner) =>
  ctx.inject<{ data: T }>('POST', `${base}${path}`, { token, body });
const anonymous = (path: string, body: unknown) => ctx.inject('POST', `${base}${path}`, { body });

describe('POST /places', () => {
  test('suggests cities as the user types, the best known first', async () => {
    const reply = await post<PlacesResponse>('/places', { input: 'brigh' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.predictions[0]).toEqual({
      description: 'Brighton, Brighton and Hove, England, United Kingdom',
      place_id: 'city:GB:brighton',
      structured_formatting: {
        main_text: 'Brighton',
        secondary_text: 'Brighton and Hove, England, United Kingdom',
      },
    });
    const london = await post<PlacesResponse>('/places', { input: 'London' });
    expect(london.json.data.predictions[0]?.place_id).toBe('city:GB:london');
    expect(london.json.data.predictions.length).toBeLessThanOrEqual(10);
  });

  test('finds small towns by the start of their name, the most populous first', async () => {
    const names = async (input: string) =>
      (await post<PlacesResponse>('/places', { input })).json.data.predictions.map((p) => p.description);
    expect((await names('Hove'))[0]).toBe('Hove, Brighton and Hove, England, United Kingdom');
    expect((await names('Hove')).join(' ')).not.toMatch(/Eindhoven/);
    expect(await names('Whit')).toContain('Whitstable, Kent, England, United Kingdom');
    expect(await names('St Ives')).toEqual(
      expect.arrayContaining([
        'St Ives, Cornwall, England, United Kingdom',
        'Saint Ives, Cambridgeshire, England, United Kingdom',
      ]),
    );
  });

  test('narrows to a country and ignores accents; a site admin may use it too', async () => {
    const us = await post<PlacesResponse>('/places', { input: 'london', country: 'us' }, manager);
    expect(us.statusCode).toBe(200);
    expect(us.json.data.predictions.map((p) => p.description)).toContain(
      'London, Laurel County, Kentucky, United States of America',
    );
    expect(us.json.data.predictions.every((p) => p.place_id.startsWith('city:US:'))).toBe(true);
    const accented = await post<PlacesResponse>('/places', { input: 'Malmo' });
    expect(accented.json.data.predictions[0]?.structured_formatting.main_text).toBe('Malmö');
  });

  test('too short or malformed input is a 400 naming the field; no token is a 401', async () => {
    const short = await post('/places', { input: 'b' });
    expect(short.statusCode).toBe(400);
    expect(short.json.details?.fieldErrors).toHaveProperty('input');
    const country = await post('/places', { input: 'brighton', country: 'GBR' });
    expect(country.json.details?.fieldErrors).toHaveProperty('country');
    expect((await anonymous('/places', { input: 'brighton' })).statusCode).toBe(401);
  });
});

describe('POST /fetchCountry', () => {
  test('gives the address parts, coordinates and zone of a suggested place', async () => {
    const [first] = (await post<PlacesResponse>('/places', { input: 'new york' })).json.data.predictions;
    const reply = await post<{ result: PlaceDetail }>('/fetchCountry', { placeId: first?.place_id });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.result).toMatchObject({
      place_id: 'city:US:new-york-city',
      city: 'New York City',
      state: 'New York',
      country: 'US',
      countryName: 'United States of America',
      timeZoneId: 'America/New_York',
    });
    expect(reply.json.data.result.lat_long).toMatch(/^40\.7\d+,-7[34]\.\d+$/);
    expect(reply.json.data.result.address_components.find((c) => c.types.includes('country'))).toEqual({
      long_name: 'United States of America',
      short_name: 'US',
      types: ['country', 'political'],
    });
  });

  test('an unknown place is a 404; an empty one a 400; no token a 401', async () => {
    expect((await post('/fetchCountry', { placeId: 'city:GB:atlantis' })).statusCode).toBe(404);
    const empty = await post('/fetchCountry', { placeId: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json.details?.fieldErrors).toHaveProperty('placeId');
    expect((await anonymous('/fetchCountry', { placeId: 'city:GB:brighton' })).statusCode).toBe(401);
  });
});

describe('POST /fetchTimezoneData', () => {
  test('names a zone and gives its offsets at the instant asked', async () => {
    const summer = await post<TimezoneData>('/fetchTimezoneData', {
      timeZoneId: 'Europe/London',
      timestamp: '2026-07-01T12:00:00Z',
    });
    expect(summer.statusCode).toBe(200);
    expect(summer.json.data).toEqual({
      timeZoneId: 'Europe/London',
      timeZoneName: 'British Summer Time',
      rawOffset: 0,
      dstOffset: 3600,
      timeZoneDifferenceInMinute: 60,
    });
    // Without a timestamp it is now, per the server clock (January here).
    const now = await post<TimezoneData>('/fetchTimezoneData', { timeZoneId: 'Europe/London' });
    expect(now.json.data).toMatchObject({
      timeZoneName: 'Greenwich Mean Time',
      timeZoneDifferenceInMinute: 0,
    });
  });

  test('finds the zone of a coordinate offline, from the packaged zone boundaries', async () => {
    const reply = await post<TimezoneData>('/fetchTimezoneData', { lat: 40.7178, lng: -73.9636 });
    expect(reply.json.data).toEqual({
      timeZoneId: 'America/New_York',
      timeZoneName: 'Eastern Standard Time',
      rawOffset: -18000,
      dstOffset: 0,
      timeZoneDifferenceInMinute: -300,
    });
    const sydney = await post<TimezoneData>('/fetchTimezoneData', { lat: '-33.87', lng: '151.21' });
    expect(sydney.json.data).toMatchObject({
      timeZoneId: 'Australia/Sydney',
      timeZoneDifferenceInMinute: 660,
    });
  });

  test('malformed input is a 400 naming the field; no token is a 401', async () => {
    for (const [body, field] of [
      [{}, 'timeZoneId'],
      [{ lat: 51.5 }, 'timeZoneId'],
      [{ timeZoneId: 'Mars/Olympus' }, 'timeZoneId'],
      [{ lat: 100, lng: 0 }, 'lat'],
      [{ timeZoneId: 'Europe/London', timestamp: 'yesterday' }, 'timestamp'],
    ] as const) {
      const reply = await post('/fetchTimezoneData', body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json.details?.fieldErrors).toHaveProperty(field);
    }
    expect((await anonymous('/fetchTimezoneData', { timeZoneId: 'Europe/London' })).statusCode).toBe(401);
  });
});
