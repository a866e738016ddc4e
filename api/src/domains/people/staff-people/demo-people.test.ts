import type { DepartmentDetail, ListData, StaffMember } from '@console/shared-sdk/contract';
import { demoLogins, demoPassword } from '../../../demo.js';
import { demoPeople, seedPeople } from '../seed.js';
import { createTestContext, fromNewAddress, type TestContext } from '../../../test/helper.js';

// A fresh `npm start` opens on people to manage: every demo site has its departments and four to six staff,
// some in two departments, one deactivated and one who has not accepted their invitation yet.

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { organization, sites } = ctx.demo;
  await ctx.db.transaction((tx) => seedPeople(tx, { orgId: organization.id, sites, now: ctx.clock.now() }));
  token = await ctx.login(demoLogins.organizationAdmin);
});
afterAll(() => ctx.close());

const sitesOf = () => Object.entries(ctx.demo.sites) as [keyof typeof demoPeople, { id: string }][];

test('each demo site has its departments, each with members', async () => {
  for (const [key, site] of sitesOf()) {
    const reply = await ctx.inject<{ data: ListData<DepartmentDetail> }>(
      'GET',
      '/api/v1/department-panel/web-app-list',
      { token, query: { siteID: site.id, sort: 'name' } },
    );
    expect(reply.statusCode).toBe(200);
    const names = reply.json.data.list.map((department) => department.name);
    expect(names).toEqual(demoPeople[key].departments.map((department) => department.name).sort());
    expect(names).toEqual(expect.arrayContaining(['Kitchen', 'Front of house']));
    for (const department of reply.json.data.list) expect(department.memberCount).toBeGreaterThan(0);
  }
});

test('each demo site has four to six staff: some in two departments, one inactive, one invited', async () => {
  for (const [, site] of sitesOf()) {
    const reply = await ctx.inject<{ data: ListData<StaffMember> }>(
      'GET',
      '/api/v1/staff-people/web-app-list',
      {
        token,
        query: { siteID: site.id, role: 'STAFF', limit: 100 },
      },
    );
    const staff = reply.json.data.list;
    expect(staff.length).toBeGreaterThanOrEqual(4);
    expect(staff.length).toBeLessThanOrEqual(6);
    expect(staff.some((person) => person.departmentID.length === 2)).toBe(true);
    expect(staff.filter((person) => person.status === 'INACTIVE')).toHaveLength(1);
    expect(staff.filter((person) => person.invitation === 'PENDING')).toHaveLength(1);
    expect(staff.every((person) => person.departmentID.length > 0)).toBe(true);
  }
});

test('the demo staff sign in to the mobile app with the demo password, except the deactivated ones', async () => {
  const login = (email: string) =>
    ctx.inject('POST', '/api/v1/authentication/mobile-app-login', {
      body: { email, password: demoPassword },
      headers: fromNewAddress(),
    });
  expect((await login('grace.liu@harbourvine.example')).statusCode).toBe(200);
  expect((await login('liam.obrien@harbourvine.example')).statusCode).toBe(403);
  expect((await login('noah.williams@harbourvine.example')).statusCode).toBe(401);
});
