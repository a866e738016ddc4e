import { createTestContext, type TestContext } from '../../test/helper.js';

const url = '/api/v1/staff-people/simple-list';
interface Person {
  _id: string;
  fullName: string;
  userRole: string;
}

let ctx: TestContext;
let owner: string;
let siteAdmin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login('owner@harbourvine.example');
  siteAdmin = await ctx.login('brighton.manager@harbourvine.example');
});
afterAll(() => ctx.close());

test('an organisation admin lists its site admins, sorted by full name, and nobody else’s', async () => {
  const reply = await ctx.inject<{ data: Person[] }>('GET', url, {
    token: owner,
    query: { role: 'SITE_ADMIN' },
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.json.data.map((p) => p.fullName)).toEqual(['Marcus Reid']);
  const everyone = await ctx.inject<{ data: Person[] }>('GET', url, { token: owner });
  const names = everyone.json.data.map((p) => p.fullName);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  expect(names).not.toContain('Mia Other');
});

test('a site’s people are listed by siteID', async () => {
  const reply = await ctx.inject<{ data: Person[] }>('GET', url, {
    token: siteAdmin,
    query: { siteID: ctx.demo.sites.brighton.id, role: 'STAFF' },
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.json.data.map((p) => p.fullName)).toEqual(['Aisha Khan', 'Tom Fletcher']);
});

test('a site admin must name one of its own sites', async () => {
  expect((await ctx.inject('GET', url, { token: siteAdmin })).statusCode).toBe(403);
  const other = await ctx.inject('GET', url, {
    token: siteAdmin,
    query: { siteID: ctx.demo.sites.manchester.id },
  });
  expect(other.statusCode).toBe(403);
});

test('another organisation’s site is 404, a bad role 400, no token 401', async () => {
  expect(
    (await ctx.inject('GET', url, { token: owner, query: { siteID: ctx.other.site.id } })).statusCode,
  ).toBe(404);
  const bad = await ctx.inject('GET', url, { token: owner, query: { role: 'CHEF' } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json.details?.fieldErrors).toHaveProperty('role');
  expect((await ctx.inject('GET', url)).statusCode).toBe(401);
});
