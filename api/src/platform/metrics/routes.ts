import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { statementCount } from '../db/statement-count.js';
import { HttpError } from '../http/errors.js';

// GET /metrics, in Prometheus' text format, when METRICS_TOKEN is set: what this instance has served and
// what it cost (requests, SQL statements, CPU seconds, memory). `npm run bench:api` reads it before and after
// each measurement for the statements and CPU milliseconds per request; a scraper reads it the same way.

const metricsPath = '/metrics';

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '', 'utf8');
  const expected = Buffer.from(token, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  if (token === undefined) {
    // Said as a 404 of its own, not left to the console's page that answers unknown paths: a scraper pointed
    // at an instance without metrics is told why, instead of reading an HTML page as figures.
    app.get(metricsPath, { schema: { hide: true } }, async () => {
      throw new HttpError(
        404,
        'NOT_FOUND',
        'This instance serves no metrics: set METRICS_TOKEN to turn them on',
      );
    });
    return;
  }
  let requests = 0;
  app.addHook('onResponse', async (request) => {
    // Scrapes are not what is measured.
    if (request.routeOptions.url !== metricsPath) requests += 1;
  });
  app.get(metricsPath, { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token))
      throw new HttpError(401, 'UNAUTHORIZED', 'Send the metrics token as "Bearer <token>"', undefined, {
        'www-authenticate': 'Bearer',
      });
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    const metric = (name: string, type: 'counter' | 'gauge', help: string, value: number) =>
      `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name} ${value}\n`;
    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        [
          metric('console_http_requests_total', 'counter', 'Requests answered (scrapes excluded).', requests),
          metric(
            'console_db_statements_total',
            'counter',
            'SQL statements sent to the database, begin and commit included.',
            statementCount.total,
          ),
          metric('process_cpu_user_seconds_total', 'counter', 'User CPU time.', cpu.user / 1e6),
          metric('process_cpu_system_seconds_total', 'counter', 'System CPU time.', cpu.system / 1e6),
          metric(
            'process_cpu_seconds_total',
            'counter',
            'User and system CPU time.',
            (cpu.user + cpu.system) / 1e6,
          ),
          metric('process_resident_memory_bytes', 'gauge', 'Resident memory.', memory.rss),
          metric('nodejs_heap_used_bytes', 'gauge', 'JavaScript heap in use.', memory.heapUsed),
        ].join(''),
      );
  });
}
