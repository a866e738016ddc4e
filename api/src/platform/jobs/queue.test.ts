import { createTestContext, type TestContext } from '../../test/helper.js';
import { startJobQueue, type JobDefinition, type JobQueue } from './queue.js';

// The job queue on the test's database (PGlite in process, or PostgreSQL with DATABASE_URL): what runs,
// how often, and what survives an instance going away.

let ctx: TestContext;
const queues: JobQueue[] = [];
const errors: unknown[] = [];
const log = {
  error: (...args: unknown[]) => errors.push(args),
  warn: () => undefined,
  debug: () => undefined,
};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});
afterAll(async () => {
  await ctx.close();
});

async function start(definitions: JobDefinition[]) {
  const queue = await startJobQueue(ctx.jobStore, definitions, { log, pollingSeconds: 0.5 });
  queues.push(queue);
  return queue;
}

/** Waits until `done()` holds; fails the test when it never does. */
async function until(done: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('each job sent runs once with its data, and a failing one is tried again', async () => {
  const seen: number[] = [];
  let failuresLeft = 1;
  const queue = await start([
    {
      name: 'test.each',
      kind: 'each',
      retryDelaySeconds: 1,
      run: async (data) => {
        const { n } = data as { n: number };
        if (n === 3 && failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('receiver down');
        }
        seen.push(n);
      },
    },
  ]);
  for (const n of [1, 2, 3]) await queue.send('test.each', { n });

  await until(() => seen.length === 3, 'all three jobs done');
  expect([...seen].sort()).toEqual([1, 2, 3]);
  // The failure was logged before the retry that succeeded.
  expect(errors).toHaveLength(1);
  errors.length = 0;
});

test('a sweep nudged many times while it runs runs at most once more', async () => {
  let runs = 0;
  let release: () => void = () => undefined;
  const blocked = new Promise<void>((resolve) => (release = resolve));
  const queue = await start([
    {
      name: 'test.sweep',
      kind: 'sweep',
      run: async () => {
        runs += 1;
        if (runs === 1) await blocked;
      },
    },
  ]);
  await queue.send('test.sweep');
  await until(() => runs === 1, 'the first run started');
  for (let n = 0; n < 5; n += 1) await queue.send('test.sweep');
  release();
  await until(() => runs === 2, 'the waiting run ran');
  // Nothing else was waiting: the four nudges after the first were absorbed by it.
  await queue.send('test.sweep');
  await until(() => runs === 3, 'a later nudge runs again');
  expect(runs).toBe(3);
});

test('a job left by an instance that stopped is run by the next one', async () => {
  const ranBy: string[] = [];
  const definition = (instance: string): JobDefinition => ({
    name: 'test.later',
    kind: 'each',
    run: async () => {
      ranBy.push(instance);
    },
  });
  const first = await start([definition('first')]);
  await first.send('test.later', {}, { startAfter: 2 });
  await first.stop();
  queues.splice(queues.indexOf(first), 1);

  await start([definition('second')]);
  await until(() => ranBy.length === 1, 'the job ran');
  expect(ranBy).toEqual(['second']);
});

test('two instances share the jobs and run each one once', async () => {
  const ran = new Map<number, number>();
  const definition: JobDefinition = {
    name: 'test.shared',
    kind: 'each',
    concurrency: 2,
    run: async (data) => {
      const { n } = data as { n: number };
      ran.set(n, (ran.get(n) ?? 0) + 1);
    },
  };
  const first = await start([definition]);
  await start([definition]);
  for (let n = 0; n < 20; n += 1) await first.send('test.shared', { n });

  await until(() => ran.size === 20, 'every job ran');
  expect([...ran.values()].every((times) => times === 1)).toBe(true);
});

test('a sweep that polls runs in every instance from its start, unsent, and again on its timer', async () => {
  const ranBy: string[] = [];
  const definition = (instance: string): JobDefinition => ({
    name: 'test.poll',
    kind: 'sweep',
    pollEverySeconds: 1,
    run: async () => {
      ranBy.push(instance);
    },
  });
  await start([definition('first')]);
  await start([definition('second')]);
  // Nothing was sent: a job a dead instance still holds in the queue would not hold these runs back.
  await until(
    () => ['first', 'second'].every((instance) => ranBy.filter((one) => one === instance).length >= 2),
    'each instance to run it twice',
  );
});
