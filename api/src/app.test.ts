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

test('a page on an allowed origin may call every method the API uses', async () => {
  const { buildApp } = await import('./app.js');
  const app = await buildApp(
    { ...ctx.app.deps, config: { ...ctx.config, corsOrigins: ['https://intranet.example'] } },
    {
      serveWeb: false,
    },
  );
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/api/v1/supplier/update-one',
    headers: {
      origin: 'https://intranet.example',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
  expect(preflight.statusCode).toBe(204);
  expect(String(preflight.headers['access-control-allow-methods'])).toContain('PUT');
  expect(preflight.headers['access-control-allow-origin']).toBe('https://intranet.example');
  const stranger = await app.inject({
    method: 'OPTIONS',
    url: '/api/v1/supplier/update-one',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
  });
  expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  await app.close();
});
