import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { authChangesChannel } from './platform/auth/session-cache.js';
import { loadConfig, type AppConfig } from './platform/config/config.js';
import { openDatabase } from './platform/db/client.js';
import { systemClock } from './platform/clock.js';
import { TokenService } from './platform/auth/tokens.js';
import { openSigningKeys } from './platform/auth/signing-keys.js';
import { createMailer } from './platform/mail/mailer.js';
import { count } from 'drizzle-orm';
import { users } from './platform/db/schema.js';
import { demoLogins, seedDemoIfEmpty } from './demo.js';
import { ensureLibrary, recordTaskBaselines, taskBaselineWork } from './domains/tasks/index.js';
import type { Readiness } from './platform/start-up/readiness.js';
import { alertJobNames, alertJobs, webhookDeliveryJobName, webhookJobs } from './domains/alerts/index.js';
import { sensorJobs } from './domains/equipment/index.js';
import { startDemoSensors } from './domains/logs/index.js';
import { dispatchJobName } from './platform/events/raise.js';
import { followUpJobs, occurrenceJob, occurrenceJobName } from './domains/tasks/index.js';
import { startJobQueue, type JobQueue, type JobSender } from './platform/jobs/queue.js';
import { LocalStorage, S3Storage } from './platform/files/storage.js';

/**
 * JWT_SECRET, or one generated on first start and kept in DATA_DIR so sessions survive restarts: refresh
 * tokens, sealed secrets and upload links hang on it (access tokens on the signing keys).
 */
async function tokenSecret(config: AppConfig): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64url');
  } catch {
    const secret = randomBytes(48);
    await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    await fs.writeFile(file, secret.toString('base64url'), { mode: 0o600 });
    return secret;
  }
}

export interface Listening {
  /** The HTTP server, listening already, answering as `startingListener` until the app is built. */
  server: http.Server;
  /** Answers the server's requests with `listener` from now on. */
  answerWith(listener: http.RequestListener): void;
  log: Logger;
  readiness: Readiness;
  /** Ends the entry's own piece of `readiness`, once this has named its own. */
  loading: () => void;
}

/**
 * Everything the server does after it listens (server.ts): opens and migrates the database, builds the app
 * and answers with it, then the start-up work and the background jobs, each marked done on `readiness`.
 */
export async function serve({ server, answerWith, log, readiness, loading }: Listening) {
  const config = loadConfig();
  log.level = config.logLevel;
  // Every piece is named from the start, so `/ready` lists all that is left and is never ready between two.
  const opening = readiness.begin('opening the database');
  const seeding = readiness.begin(
    config.seedDemo ? 'the template library and the demo' : 'the template library',
  );
  const startingJobs = readiness.begin('the background jobs');
  const baselineDone = readiness.begin(taskBaselineWork);
  loading();

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
  });
  const storage = config.s3
    ? new S3Storage(config.s3)
    : new LocalStorage(path.join(config.dataDir, 'uploads'));
  const signingKeys = await openSigningKeys(config, systemClock);
  const tokens = new TokenService(
    await tokenSecret(config),
    systemClock,
    config.accessTokenTtlSeconds,
    signingKeys,
  );
  // What runs beside the requests, each stopped on shutdown: the job queue (started once the start-up work
  // is done; what routes send before that would be picked up by the jobs' own schedules), the demo's
  // sensors and the task history's baseline.
  const background: {
    queue?: JobQueue;
    demoSensors?: ReturnType<typeof startDemoSensors>;
    baseline?: Promise<void>;
  } = {};
  const jobs: JobSender = {
    send: async (name, data, options) => {
      await background.queue?.send(name, data, options);
    },
  };
  let appHandler: http.RequestListener | undefined;
  const app = await buildApp(
    {
      db: database.db,
      config,
      mailer,
      storage,
      clock: systemClock,
      tokens,
      authChanges: database.listen(authChangesChannel),
      jobs,
    },
    {
      loggerInstance: log,
      // The app answers on the server that is listening already.
      serverFactory: (handler) => {
        appHandler = handler;
        return server;
      },
      readiness,
    },
  );
  signingKeys.onReloadError = (err) =>
    app.log.error({ err }, 'the signing keys changed but cannot be read; still using the ones read before');

  // On SIGINT/SIGTERM stop accepting connections, let in-flight requests finish, then close the database.
  // Responses sent while closing ask the client to drop its keep-alive connection, so shutdown does not
  // wait for idle connections to time out. (The app did not open the server, so it does not close it.)
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    closing = true;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    // Closing the app waits for e-mails still being sent after their replies.
    await app.close();
    await background.demoSensors?.stop();
    await background.queue?.stop();
    // A batch of the baseline in flight ends before the database closes; the rest waits for the next start.
    await background.baseline;
    mailer.close?.();
    await database.close();
  });

  await app.ready();
  if (appHandler) answerWith(appHandler);
  opening();

  // The platform's template library ships with the code: every start adds the templates a release brought.
  // The demo (whose password is in the README) is seeded by default on the embedded database only; on
  // DATABASE_URL it takes SEED_DEMO=true, and a production install creates its own first admin. Both run
  // under the start-up lock, so instances starting together add the library and seed the demo once.
  const seeded = await database.exclusiveStartUp(async () => {
    await ensureLibrary(database.db, systemClock.now());
    return config.seedDemo && (await seedDemoIfEmpty(database.db, storage));
  });
  seeding();
  if (seeded) {
    app.log.info({ logins: demoLogins }, 'seeded the demo organisation (password in the README)');
  } else {
    const [accounts] = await database.db.select({ n: count() }).from(users);
    if ((accounts?.n ?? 0) === 0) {
      app.log.warn(
        'the database has no accounts: create the first platform admin with ' +
          '`npm run create-admin --workspace api -- --email you@example.com`',
      );
    }
  }

  // Background work runs on the job queue (platform/jobs/queue.ts), in this database: several instances
  // share it and each job runs once. Every site's week ahead of tasks is made at once and then on its
  // schedule, so the staff's app finds today's tasks even before anyone opens the console.
  const on = { db: database.db, clock: systemClock, log: app.log };
  // Its queues and schedules are set up under the start-up lock: two instances creating them at once
  // deadlock in PostgreSQL.
  const queue = await database.exclusiveStartUp(() =>
    startJobQueue(
      database.jobStore,
      [
        occurrenceJob(on),
        // Cooling and hot-holding follow-up checks not taken in time.
        ...followUpJobs({ ...on, jobs }),
        // Alerts: new events fanned out to people (bell, e-mail, the daily digest) and webhooks, overdue and
        // missed checks found, expiring documents, escalations.
        ...alertJobs({ ...on, mailer, config, jobs }),
        ...webhookJobs({ ...on, config }),
        // Sensors gone silent.
        ...sensorJobs(on),
      ],
      { log: app.log },
    ),
  );
  background.queue = queue;
  await queue.send(occurrenceJobName);
  // What an instance that died left owed goes out at once, not at the next minute's schedule: events to
  // fan out, e-mails and webhook calls to send (a claim it held is retried once stale).
  await queue.send(dispatchJobName);
  await queue.send(alertJobNames.sendEmail);
  await queue.send(webhookDeliveryJobName);
  startingJobs();
  // The demo's sensors keep reporting while the demo organisation exists (on PGlite, unless DEMO_SENSORS=off),
  // or every one of them would be reported offline half an hour from now.
  background.demoSensors = config.demoSensors
    ? startDemoSensors({ ...on, jobs, syncWindowHours: config.syncWindowHours })
    : undefined;

  // The task history's baseline: on a database that had tasks before the console kept their every change,
  // minutes of writing, done while the instance already serves (history-baseline.ts).
  background.baseline = recordTaskBaselines(database.db, systemClock.now(), {
    exclusive: database.exclusiveStartUp,
    stopping: () => closing,
    onProgress: (written) =>
      readiness.progress(taskBaselineWork, `${written.toLocaleString('en-GB')} occurrences so far`),
  }).then(
    (written) => {
      baselineDone();
      if (written > 0) app.log.info({ occurrences: written }, 'kept used tasks in the history as found');
      ready();
    },
    (err: unknown) => {
      if (closing) return;
      // The instance serves without it (only the record check reads it): the next start goes on with it.
      app.log.error({ err }, 'the task history baseline stopped');
      baselineDone();
      ready();
    },
  );

  function ready() {
    app.log.info(
      {
        database: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL',
        mail: mailer.description,
        files: storage.description,
      },
      `console API ready on ${config.publicUrl} (docs at /api/docs)`,
    );
  }
}
