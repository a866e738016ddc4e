import type { Country, CountryRegions } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

const base = '/api/v1/location';

let ctx: TestContext;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.login(demoLogins.siteAdmin);
});
afterAll(() => ctx.close());

describe('GET /simple-list-countries', () => {
  test('lists every country with its time zones, sorted by name', async () => {
    const reply = await ctx.inject<{ data: Country[] }>('GET', `${base}/simple-list-countries`, {
      token: manager,
    });
    expect(reply.statusCode).toBe(200);
    const names = reply.json.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(reply.json.data.length).toBeGreaterThan(200);
    expect(reply.json.data).toContainEqual({
      code: 'GB',
      name: 'United Kingdom',
      timezones: ['Europe/London'],
    });
    expect(reply.json.data.find((c) => c.code === 'US')?.timezones).toContain('America/New_York');
  });

  test('needs a token', async () => {
    expect((await ctx.inject('GET', `${base}/simple-list-countries`)).statusCode).toBe(401);
  });
});

describe('GET /web-app-list', () => {
  const regions = (country: string, token = manager) =>
    ctx.inject<{ data: CountryRegions }>('GET', `${base}/web-app-list`, { token, query: { country } });
  const anonymous = (country: string) => ctx.inject('GET', `${base}/web-app-list`, { query: { country } });

  test("lists a country's regions with their cities, sorted", async () => {
    const reply = await regions('gb');
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.country).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      timezones: ['Europe/London'],
    });
    const list = reply.json.data.regions;
    expect(list.find((r) => r.name === 'Brighton and Hove')).toEqual({
      name: 'Brighton and Hove',
      cities: ['Brighton'],
    });
    expect(list.map((r) => r.name)).toEqual(
      [...list.map((r) => r.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
    for (const region of list) {
      expect(region.cities).toEqual([...region.cities].sort((a, b) => a.localeCompare(b, 'en')));
    }
    const us = await regions('US');
    expect(us.json.data.regions.find((r) => r.name === 'New York')?.cities).toContain('New York');
  });

  test('a malformed code is a 400 naming country; an unknown one is a 404; no token is a 401', async () => {
    const malformed = await regions('GBR');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json.details?.fieldErrors).toHaveProperty('country');
    const missing = await ctx.inject('GET', `${base}/web-app-list`, { token: manager });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.details?.fieldErrors).toHaveProperty('country');
    expect((await regions('ZZ')).statusCode).toBe(404);
    expect((await anonymous('GB')).statusCode).toBe(401);
  });
});
