import { createTestContext, type TestContext } from './test/helper.js';
import { demoLogins } from './demo.js';
import { demoEquipment, seedEquipment } from './domains/equipment/index.js';

// A fresh `npm start` opens on the demo: every equipment screen of every demo site has records to show.

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { organization, sites } = ctx.demo;
  await ctx.db.transaction((tx) => seedEquipment(tx, { orgId: organization.id, sites, now: new Date() }));
  token = await ctx.login(demoLogins.organizationAdmin);
});
afterAll(() => ctx.close());

type List = { data: { list: Record<string, unknown>[]; records: number } };

const sitesOf = () => Object.entries(ctx.demo.sites) as [keyof typeof demoEquipment, { id: string }][];

test('each demo site has its suppliers, each with at least one supplier type', async () => {
  for (const [key, site] of sitesOf()) {
    const reply = await ctx.inject<List>('GET', '/api/v1/supplier/web-app-list', {
      token,
      query: { siteID: site.id, limit: 100 },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json.data.records).toBe(demoEquipment[key].suppliers.length);
    expect(reply.json.data.records).toBeGreaterThanOrEqual(4);
    for (const supplier of reply.json.data.list) {
      expect((supplier.supplierTypes as unknown[]).length).toBeGreaterThan(0);
    }
  }
});

test('each demo site has food items, probes, fridges and freezers with temperature items', async () => {
  for (const [, site] of sitesOf()) {
    for (const [path, type] of [
      ['foodItem', 'FOODITEM'],
      ['foodItem', 'PROB'],
      ['masterType', 'FRIDGE'],
      ['masterType', 'FREEZER'],
    ] as const) {
      const reply = await ctx.inject<List>('GET', `/api/v1/${path}/web-app-list`, {
        token,
        query: { siteID: site.id, type },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json.data.records).toBeGreaterThan(0);
      if (path === 'masterType') {
        for (const storage of reply.json.data.list) {
          expect((storage.temperatureItems as unknown[]).length).toBeGreaterThan(0);
        }
      }
    }
  }
});
