import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { demoLogins } from './demo.js';
import { emptyDatabase, insertWaitingNearMisses, startServer, until } from './test/server-process.js';

// Several API instances starting together on one empty PostgreSQL (issue 22, the attack's findings): each
// migrates, adds the library and seeds the demo under the start-up advisory lock, so none of them meets
// another's half-made tables and the demo is seeded once. PostgreSQL only: PGlite is one process's.

const url = process.env.DATABASE_URL;
const onPostgres = url ? test : test.skip;

onPostgres(
  'two instances starting at once on an empty database both come up, and the demo is seeded once',
  async () => {
    const database = await emptyDatabase('console_instances');
    const dirs = await Promise.all([1, 2].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'console-instance-'))));
    const servers = dirs.map((dir) => startServer(database.url, dir));
    try {
      const ports = await Promise.all(servers.map((server) => server.ready));
      const seeded = servers.filter((server) => server.output().includes('seeded the demo organisation'));
      expect(seeded).toHaveLength(1);
      for (const port of ports) {
        const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        expect(health.status).toBe(200);
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const owners = await client.query('select count(*)::int as n from users where lower(email) = $1', [
          demoLogins.organizationAdmin,
        ]);
        expect(owners.rows[0].n).toBe(1);
        const organisations = await client.query('select count(*)::int as n from organizations');
        expect(organisations.rows[0].n).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
      await database.drop();
    }
  },
  120_000,
);

/** A mail server that records what it accepts, and can be told to stop answering mid-message. */
async function startMailServer() {
  const received: string[] = [];
  const state = { hangAfter: Number.POSITIVE_INFINITY, hanging: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString()));
      stream.on('end', () => {
        // Swallows the message without an answer: the sender waits, as on a mail server that stalls.
        if (received.length >= state.hangAfter) {
          state.hanging += 1;
          return;
        }
        received.push(message);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const messageIds = () =>
    received.map((message) => /^Message-ID:\s*(<[^>]+>)/im.exec(message)?.[1] ?? 'no Message-ID');
  return { port, state, received, messageIds, close: () => new Promise<void>((done) => server.close(done)) };
}

onPostgres(
  'after a kill -9 mid-send, every alert reaches each person once in the bell and once by e-mail',
  async () => {
    const database = await emptyDatabase('console_crash');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-crash-'));
    const mail = await startMailServer();
    // No grouping window: each near miss is its own e-mail, so each delivery's message can be counted (a
    // group's later alerts, told together, are grouping.test.ts's).
    const env = { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, ALERT_GROUP_MINUTES: '0' };
    const db = new pg.Client({ connectionString: database.url });
    const running: ReturnType<typeof startServer>[] = [];
    try {
      const seeding = startServer(database.url, dataDir, env);
      running.push(seeding);
      await seeding.ready;
      await seeding.stop();
      await db.connect();
      const events = 60;
      // Near misses at Brighton (e-mailed at once, never escalated), waiting for the next instance's
      // dispatch: it runs at start.
      await insertWaitingNearMisses(db, 'crash-test:', events);
      const ours = `e.dedupe_key like 'crash-test:%'`;
      mail.state.hangAfter = mail.received.length + 25;

      const crashing = startServer(database.url, dataDir, env);
      running.push(crashing);
      await crashing.ready;
      await until(async () => mail.state.hanging > 0, 'the mail server to stall');
      await crashing.stop('SIGKILL');
      const inFlight = await db.query(
        `select d.id from email_deliveries d join alert_events e on e.id = d.event_id
          where ${ours} and d.status = 'PENDING' and d.sent_at is not null`,
      );
      // The kill came mid-send: an e-mail claimed and never finished, others not sent yet.
      expect(inFlight.rows.length).toBeGreaterThanOrEqual(1);
      // A claim goes stale after 10 minutes; a test cannot wait that long, so its clock is set back.
      await db.query(
        `update email_deliveries set sent_at = sent_at - interval '11 minutes' where id = any($1::uuid[])`,
        [inFlight.rows.map((row: { id: string }) => row.id)],
      );

      mail.state.hangAfter = Number.POSITIVE_INFINITY;
      const after = startServer(database.url, dataDir, env);
      running.push(after);
      await after.ready;
      const owed = async () =>
        (
          await db.query(
            `select count(*)::int as n from email_deliveries d join alert_events e on e.id = d.event_id
              where ${ours} and d.status <> 'SENT'`,
          )
        ).rows[0].n as number;
      await until(async () => (await owed()) === 0, 'every e-mail to be sent');

      const dispatched = await db.query(
        `select count(*)::int as n from alert_events e where ${ours} and e.dispatched_at is not null`,
      );
      expect(dispatched.rows[0].n).toBe(events);
      // Every event told the same people (the site's admin and the organisation's admins), once each.
      const told = await db.query(
        `select e.id, string_agg(n.user_id::text, ',' order by n.user_id) as people, count(*)::int as n
           from alert_events e join notifications n on n.event_id = e.id where ${ours} group by e.id`,
      );
      expect(told.rows).toHaveLength(events);
      expect(new Set(told.rows.map((row: { people: string }) => row.people)).size).toBe(1);
      const people = told.rows[0].n as number;
      expect(people).toBeGreaterThanOrEqual(2);

      const deliveries = await db.query(
        `select d.id from email_deliveries d join alert_events e on e.id = d.event_id where ${ours}`,
      );
      expect(deliveries.rows).toHaveLength(events * people);
      // Each e-mail reached the mail server exactly once, the stalled one included (sent by the next
      // instance), and nothing else of ours did.
      const host = 'localhost';
      const expected = deliveries.rows.map((row: { id: string }) => `<alert-${row.id}@${host}>`).sort();
      const ourIds = mail.messageIds().filter((id) => id.startsWith('<alert-') && expected.includes(id));
      expect(ourIds.sort()).toEqual(expected);
      expect(new Set(mail.messageIds()).size).toBe(mail.messageIds().length);
    } finally {
      await Promise.all(running.map((server) => server.stop('SIGKILL')));
      await db.end().catch(() => undefined);
      await mail.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
  300_000,
);
