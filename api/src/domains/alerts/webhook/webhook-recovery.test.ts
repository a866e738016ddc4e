import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { demoLogins, demoPassword } from '../../../demo.js';
import { emptyDatabase, insertWaitingNearMisses, startServer, until } from '../../../test/server-process.js';
import { webhookHeaders } from './signature.js';

// What a kill -9 leaves owed to webhooks goes out when an instance starts again, at once and once each: the
// deliveries the dead instance was sending are taken up as soon as their claims lapse, without waiting for
// the job queue to expire the job it held. Real processes on a fresh PostgreSQL; skipped on PGlite, whose
// database is one process's.

const onPostgres = process.env.DATABASE_URL ? test : test.skip;

/**
 * A receiver on 127.0.0.1 that first holds every call unanswered (deliveries in flight when the sender
 * dies), then answers each at once: `answered` counts the calls it acknowledged, by delivery id.
 */
async function startReceiver() {
  const state = { holding: true, held: 0 };
  const answered = new Map<string, number>();
  const server = http.createServer((request, response) => {
    request.resume();
    const id = String(request.headers[webhookHeaders.delivery.toLowerCase()] ?? '');
    if (state.holding) {
      state.held += 1;
      return;
    }
    response.on('finish', () => answered.set(id, (answered.get(id) ?? 0) + 1));
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, state, answered, close };
}

onPostgres(
  'after a kill -9 mid-delivery, a restarted instance sends every owed webhook call within a minute, once each',
  async () => {
    const database = await emptyDatabase('console_webhooks');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-webhooks-'));
    const receiver = await startReceiver();
    const env = { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' };
    const db = new pg.Client({ connectionString: database.url });
    const running: ReturnType<typeof startServer>[] = [];
    try {
      // The demo, and a webhook of its organisation that hears of near misses.
      const seeding = startServer(database.url, dataDir, env);
      running.push(seeding);
      const seedingPort = await seeding.ready;
      const api = `http://127.0.0.1:${seedingPort}/api/v1`;
      const login = await fetch(`${api}/authentication/web-app-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoLogins.organizationAdmin, password: demoPassword }),
      });
      const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
      const created = await fetch(`${api}/webhook/create-new-one`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({
          name: 'Receiver that crashes with us',
          url: `http://127.0.0.1:${receiver.port}/hook`,
          events: ['NEAR_MISS_REPORTED'],
        }),
      });
      expect(created.status).toBe(200);
      await seeding.stop();

      await db.connect();
      const events = 30;
      // Near misses waiting for the next instance's dispatch, which runs at its start.
      await insertWaitingNearMisses(db, 'webhook-crash:', events);
      const ours = `d.event_id in (select id from alert_events where dedupe_key like 'webhook-crash:%')`;
      const count = async (where: string) =>
        (await db.query(`select count(*)::int as n from webhook_deliveries d where ${ours} and ${where}`))
          .rows[0].n as number;

      const crashing = startServer(database.url, dataDir, env);
      running.push(crashing);
      await crashing.ready;
      // Every event fanned out (so what is owed is the calls alone), and calls in flight to the receiver.
      await until(async () => (await count('true')) === events, 'the events to be fanned out');
      await until(async () => receiver.state.held >= 10, 'deliveries to be in flight');
      await crashing.stop('SIGKILL');
      // Claimed and never finished, and none delivered.
      expect(await count(`d.status = 'PENDING' and d.attempts > 0`)).toBeGreaterThanOrEqual(10);
      expect(await count(`d.status = 'DELIVERED'`)).toBe(0);

      receiver.state.holding = false;
      const after = startServer(database.url, dataDir, env);
      running.push(after);
      await after.ready;
      // The promise of the README: an instance that starts sends at once what is owed. The claims of the
      // dead instance lapse 30 s after they were made and each instance looks every 10 s, where the job it
      // held would have blocked the next run until it expired (5 minutes, found up to 2 minutes later).
      await until(async () => (await count(`d.status = 'DELIVERED'`)) === events, 'every call', 60_000);

      const ids = (await db.query(`select d.id from webhook_deliveries d where ${ours}`)).rows.map(
        (row: { id: string }) => row.id,
      );
      // Each delivery was acknowledged exactly once by its id, and nothing else was.
      expect([...receiver.answered.keys()].sort()).toEqual([...ids].sort());
      expect([...receiver.answered.values()].every((times) => times === 1)).toBe(true);
    } finally {
      await Promise.all(running.map((server) => server.stop('SIGKILL')));
      await db.end().catch(() => undefined);
      await receiver.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
  300_000,
);
