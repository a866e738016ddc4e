import type { FastifyBaseLogger } from 'fastify';

// Background work of the API (making task occurrences ahead, the document expiry digest): each run is safe
// with several instances by its own means (an advisory lock, a claimed row), so the schedule itself can be
// a plain timer in every instance.

export interface PeriodicJob<Result> {
  /** Ends the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now; a failure is logged and answers `onFailure`. */
  runOnce(): Promise<Result>;
}

export interface PeriodicJobOptions<Result> {
  /** Names the work in the log line of a failed run. */
  what: string;
  run: () => Promise<Result>;
  /** What a failed run answers (e.g. nothing made, nothing sent). */
  onFailure: Result;
  log: Pick<FastifyBaseLogger, 'error'>;
  everyMs: number;
  /** The first run: at once, or shortly after start rather than while the server is still starting. */
  firstRunAfterMs?: number;
}

/** Runs `run` after `firstRunAfterMs` (default at once), then `everyMs` after each run ends. */
export function startPeriodicJob<Result>({
  what,
  run,
  onFailure,
  log,
  everyMs,
  firstRunAfterMs = 0,
}: PeriodicJobOptions<Result>): PeriodicJob<Result> {
  async function runOnce(): Promise<Result> {
    try {
      return await run();
    } catch (err) {
      log.error({ err }, `${what} failed; the next run tries again`);
      return onFailure;
    }
  }

  let stopped = false;
  let running: Promise<Result> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (afterMs: number) => {
    timer = setTimeout(tick, afterMs);
    // The job alone never keeps the process running.
    timer.unref();
  };
  const tick = () => {
    running = runOnce().finally(() => {
      running = undefined;
      if (!stopped) schedule(everyMs);
    });
  };
  if (firstRunAfterMs > 0) schedule(firstRunAfterMs);
  else tick();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
