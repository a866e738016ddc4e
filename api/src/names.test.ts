import { eq } from 'drizzle-orm';
import { normalizeText, requiredText } from '@console/shared-sdk/contract';
import { supplierTypes } from './domains/equipment/schema.js';
import { newId } from './platform/db/ids.js';
import { createTestContext, type TestContext } from './test/helper.js';

// Names that differ only by an invisible character or by how an accent is encoded are one name (issue 22,
// the attack's findings): normalised at the door by the contract's text primitives, and compared
// normalised by the unique-name rule, rows written before included.

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login('owner@harbourvine.example');
});
afterAll(() => ctx.close());

const createType = (name: string) =>
  ctx.inject<{ data: { _id: string; name: string } }>('POST', '/api/v1/supplierType/create-new-one', {
    token: owner,
    body: { name },
  });

test('the text primitives remove zero-width characters, compose accents (NFC) and trim', () => {
  const name = requiredText('Name');
  expect(name.parse(' supp\u200Blier\u200C\u200D\u2060\uFEFF ')).toBe('supplier');
  expect(name.parse('Cafe\u0301')).toBe('Café');
  expect(name.parse('Cafe\u0301')).toBe(name.parse('Caf\u00e9'));
  // Nothing visible is no name.
  expect(name.safeParse('\u200B \uFEFF').success).toBe(false);
  expect(normalizeText('\uFEFFa\u2060b ')).toBe('ab');
});

test('a name that differs only by an invisible character or by its accent encoding is taken', async () => {
  const first = await createType('Supplier');
  expect(first.statusCode).toBe(200);
  const hidden = await createType('supp\u200Blier');
  expect(hidden.statusCode).toBe(409);
  expect(hidden.json.details?.fieldErrors).toHaveProperty('name');

  const composed = await createType('Café');
  expect(composed.statusCode).toBe(200);
  const decomposed = await createType('Cafe\u0301');
  expect(decomposed.statusCode).toBe(409);

  // What is stored is the normalised name.
  const stored = await createType('Deli\u200D Wholesale');
  expect(stored.statusCode).toBe(200);
  expect(stored.json.data.name).toBe('Deli Wholesale');
  const [row] = await ctx.db.select().from(supplierTypes).where(eq(supplierTypes.id, stored.json.data._id));
  expect(row?.name).toBe('Deli Wholesale');
});

test('rows stored before names were normalised are compared normalised', async () => {
  const now = ctx.clock.now();
  await ctx.db.insert(supplierTypes).values({
    id: newId(),
    orgId: ctx.demo.organization.id,
    name: 'Fish\u200Bmonger',
    createdAt: now,
    updatedAt: now,
  });
  expect((await createType('Fishmonger')).statusCode).toBe(409);
  await ctx.db.insert(supplierTypes).values({
    id: newId(),
    orgId: ctx.demo.organization.id,
    name: 'Fromagerie Ble\u0301',
    createdAt: now,
    updatedAt: now,
  });
  expect((await createType('Fromagerie Blé')).statusCode).toBe(409);
});

test('site names follow the same rule', async () => {
  const site = (name: string) =>
    ctx.inject('POST', '/api/v1/site-panel/create-new-one', {
      token: owner,
      body: {
        name,
        add1: '1 Test Street',
        city: 'Leeds',
        country: 'gb',
        zip: 'LS1 1AA',
        lat_long: '53.8008,-1.5491',
        timeZoneId: 'Europe/London',
        timing: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
          day,
          isOpen: true,
          openTime: '09:00',
          closeTime: '17:00',
        })),
      },
    });
  expect((await site('Crêperie Leeds')).statusCode).toBe(200);
  const again = await site('Cre\u0302perie\u200B Leeds');
  expect(again.statusCode).toBe(409);
  expect(again.json.details?.fieldErrors).toHaveProperty('name');
});
