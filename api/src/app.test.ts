import { createTestContext, type TestContext } from './test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

test('health answers and checks the database', async () => {
  const reply = await ctx.inject('GET', '/api/v1/health');
  expect(reply.statusCode).toBe(200);
  expect(reply.json).toMatchObject({ status: 'ok' });
});

test('an unknown route answers the error body with 404', async () => {
  const reply = await ctx.inject('GET', '/api/v1/no-such-thing');
  expect(reply.statusCode).toBe(404);
  expect(reply.json).toMatchObject({ status: false, error: 'NOT_FOUND' });
});

test('the OpenAPI document is generated', async () => {
  const reply = await ctx.inject('GET', '/api/docs/json');
  expect(reply.statusCode).toBe(200);
  expect(reply.json).toMatchObject({ openapi: '3.0.3' });
});
