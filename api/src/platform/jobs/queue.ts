import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobStore } from '../db/client.js';
import { startPeriodicJob } from './periodic.js';

// The API's background work (issue 24) runs on pg-boss, a job queue kept in the same PostgreSQL: jobs are
// rows taken with SKIP LOCKED, so several instances share the work and none runs a job twice, and a job an
// instance was running when it died is taken up again after its expiry. Schedules (cron) are kept in the
// database too and fire once across all instances. On the embedded PGlite the same queue runs in process,
// on its one connection (JobStore 'in-process').
//
// Two kinds of job:
// - a sweep does a whole pass of some work (make the week's tasks, dispatch new events, find overdue
//   tasks). At most one waits and one runs (pg-boss's 'stately' policy), so nudging it after each change
//   and on a schedule never piles up runs;
// - an 'each' job does one thing (deliver one webhook call) and is retried on failure with backoff.

export interface JobDefinition<Data extends object = object> {
  name: string;
  kind: 'sweep' | 'each';
  run(data: Data): Promise<void>;
  /** When it runs by itself, as cron in UTC (pg-boss's schedules go to the minute). */
  cron?: string;
  /** Retries after a failure (default: none for a sweep, whose next run comes anyway; 5 for 'each'). */
  retryLimit?: number;
  /** The first retry's delay in seconds; each further one doubles it (default 30). */
  retryDelaySeconds?: number;
  /** Jobs run at once by one instance (default 1). */
  concurrency?: number;
  /**
   * How long a run may take before it counts as lost (its instance died) and is run again: 5 minutes for a
   * sweep, 2 for 'each' by default. A sweep's next run waits for it, so this bounds the delay a kill -9
   * can cause.
   */
  expireInSeconds?: number;
  /**
   * Also run in every instance on a timer of its own, this often, from the instance's start: for a sweep
   * whose runs claim what they work on (a row with a lease), so that runs at once in several instances are
   * safe. pg-boss finds a run lost with its instance only after `expireInSeconds`, at its next maintenance
   * (every two minutes), and a sweep's next run waits for that; the timer does not, so what a killed
   * instance held is taken up as soon as its claims lapse, by whichever instance is alive.
   */
  pollEverySeconds?: number;
}

/** Sends jobs: what routes and domains see of the queue. */
export interface JobSender {
  /** Queues `name`; a sweep already waiting absorbs it. `startAfter` in seconds or an instant. */
  send(name: string, data?: object, options?: { startAfter?: number | Date; key?: string }): Promise<void>;
}

export interface JobQueue extends JobSender {
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
}

/** For tests and tools that run no background work: sending does nothing. */
export const noJobs: JobSender = { send: async () => undefined };

export interface JobQueueOptions {
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'debug'>;
  /** How often an idle worker looks for jobs (seconds; pg-boss's least is 0.5). */
  pollingSeconds?: number;
}

export async function startJobQueue(
  store: JobStore,
  definitions: readonly JobDefinition[],
  { log, pollingSeconds = 2 }: JobQueueOptions,
): Promise<JobQueue> {
  const boss = new PgBoss({
    ...(store.kind === 'postgres'
      ? { connectionString: store.url, max: 4 }
      : { db: { executeSql: (text: string, values: unknown[]) => store.executeSql(text, values) } }),
    schema: 'pgboss',
    // Finished jobs are kept a week for a look into what ran, then removed.
    deleteAfterDays: 7,
  });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  await boss.start();

  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  for (const definition of definitions) {
    const sweep = definition.kind === 'sweep';
    const queue = {
      name: definition.name,
      policy: sweep ? ('stately' as const) : ('standard' as const),
      retryLimit: definition.retryLimit ?? (sweep ? 0 : 5),
      retryDelay: definition.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? (sweep ? 300 : 120),
    };
    // createQueue is not idempotent in every version: an existing queue is updated instead.
    const existing = await boss.getQueue(definition.name);
    if (existing) await boss.updateQueue(definition.name, queue);
    else await boss.createQueue(definition.name, queue);
    const concurrency = definition.concurrency ?? 1;
    for (let worker = 0; worker < concurrency; worker += 1) {
      await boss.work<object>(
        definition.name,
        { pollingIntervalSeconds: pollingSeconds, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          try {
            await definition.run(job.data ?? {});
          } catch (err) {
            log.error({ err, job: definition.name }, 'a background job failed');
            throw err;
          }
        },
      );
    }
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(definition.name).catch(() => undefined);
  }

  // Started once the queues are set up, so a first run never meets a half-made queue or start-up lock.
  const polls = definitions.flatMap((definition) =>
    definition.pollEverySeconds === undefined
      ? []
      : [
          startPeriodicJob({
            what: `the job ${definition.name}`,
            run: () => definition.run({}),
            onFailure: undefined,
            log,
            everyMs: definition.pollEverySeconds * 1000,
          }),
        ],
  );

  return {
    async send(name, data = {}, options = {}) {
      if (!byName.has(name)) throw new Error(`no job named ${name}`);
      await boss.send(name, data, {
        ...(options.startAfter === undefined ? {} : { startAfter: options.startAfter }),
        ...(options.key === undefined ? {} : { singletonKey: options.key }),
      });
    },
    async stop() {
      await Promise.all(polls.map((poll) => poll.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
