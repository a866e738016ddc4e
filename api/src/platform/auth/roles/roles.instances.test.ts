import type { CustomRole } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { startSecondInstance, type SecondInstance } from '../../../test/second-instance.js';

// A custom role changed through one API instance reaches its holder's next call on another instance on the
// same database (PostgreSQL only: PGlite is one process's).

const v1 = '/api/v1';
const url = process.env.DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres('two instances on one database', () => {
  let ctx: TestContext;
  let second: SecondInstance;
  let owner: string;
  let siteAdmin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, siteAdmin] = await Promise.all([
      ctx.login(demoLogins.organizationAdmin),
      ctx.login(demoLogins.siteAdmin),
    ]);
    second = await startSecondInstance(ctx, url ?? '');
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  const writeSupplierOnSecond = () =>
    second.app.inject({
      method: 'POST',
      url: `${v1}/supplier/create-new-one`,
      headers: { authorization: siteAdmin },
      payload: {
        siteID: ctx.demo.sites.brighton.id,
        supplierName: `Fishmonger ${Math.random()}`,
        supplierTypeIDs: [],
      },
    });

  test('a role edited on one instance changes its holder’s rules on the other at their next call, every time', async () => {
    const made = await ctx.inject<{ data: CustomRole }>('POST', `${v1}/role/create-new-one`, {
      token: owner,
      body: { name: 'Supplier clerk', grants: [{ subject: 'Supplier', actions: ['read'] }] },
    });
    expect(made.statusCode).toBe(200);
    const role = made.json.data;
    const assigned = await ctx.inject('PUT', `${v1}/role/assign`, {
      token: owner,
      body: { userID: ctx.demo.siteAdmin.id, roleID: role._id },
    });
    expect(assigned.statusCode).toBe(200);
    const seen: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const mayWrite = round % 2 === 0;
      const edited = await ctx.inject('PUT', `${v1}/role/update-one`, {
        token: owner,
        body: {
          _id: role._id,
          name: 'Supplier clerk',
          grants: [{ subject: 'Supplier', actions: mayWrite ? ['read', 'create'] : ['read'] }],
        },
      });
      expect(edited.statusCode).toBe(200);
      seen.push((await writeSupplierOnSecond()).statusCode);
    }
    expect(seen).toEqual([200, 403, 200, 403, 200, 403]);
  });
});
