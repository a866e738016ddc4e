import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from '../../test/helper.js';

// /metrics: what an instance served and what it cost, for a scraper holding METRICS_TOKEN, and for nobody
// else (a 404 saying why when the setting is unset).

const metricsToken = 'metrics-token-for-the-tests-0123';
let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN: metricsToken } });
  owner = await ctx.login(ctx.demo.organizationAdmin.email);
});
afterAll(() => ctx.close());

async function scraped(): Promise<Map<string, number>> {
  const reply = await ctx.inject('GET', '/metrics', { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Map(
    reply.raw
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => {
        const [name = '', value = ''] = line.split(' ');
        return [name, Number(value)];
      }),
  );
}

test('a scrape counts the requests answered and the SQL statements they sent, not itself', async () => {
  const before = await scraped();
  const siteID = ctx.demo.sites.brighton.id;
  for (let n = 0; n < 3; n += 1) {
    const reply = await ctx.inject('GET', '/api/v1/supplier/web-app-list', {
      token: owner,
      query: { siteID },
    });
    expect(reply.statusCode).toBe(200);
  }
  const after = await scraped();
  expect(
    (after.get('console_http_requests_total') ?? 0) - (before.get('console_http_requests_total') ?? 0),
  ).toBe(3);
  const statements =
    (after.get('console_db_statements_total') ?? 0) - (before.get('console_db_statements_total') ?? 0);
  expect(statements).toBeGreaterThanOrEqual(3);
  expect(after.get('process_cpu_seconds_total')).toBeGreaterThan(0);
  expect(after.get('process_resident_memory_bytes')).toBeGreaterThan(0);
});

test('without the token, or with another, the metrics are refused', async () => {
  for (const authorization of [undefined, 'Bearer not-the-metrics-token-at-all', owner]) {
    const reply = await ctx.inject('GET', '/metrics', authorization ? { headers: { authorization } } : {});
    expect(reply.statusCode).toBe(401);
    expect(reply.raw).not.toContain('console_db_statements_total');
  }
});

test('an instance without METRICS_TOKEN says it has no /metrics, even where it serves the console', async () => {
  const webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'console-web-'));
  await fs.mkdir(path.join(webRoot, 'shell/dist'), { recursive: true });
  await fs.writeFile(
    path.join(webRoot, 'shell/dist/index.html'),
    '<!doctype html><title>Compliance Console</title>',
  );
  const plain = await createTestContext({ env: { WEB_ROOT: webRoot }, serveWeb: true });
  try {
    // The console's page answers the paths it does not know, so its deep links open.
    expect((await plain.inject('GET', '/metricsx')).raw).toContain('Compliance Console');
    const reply = await plain.inject<{ message: string }>('GET', '/metrics', {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json.message).toMatch(/METRICS_TOKEN/);
  } finally {
    await plain.close();
    await fs.rm(webRoot, { recursive: true, force: true });
  }
});
