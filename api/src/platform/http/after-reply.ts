import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

/**
 * Work a request starts once its reply has gone out (e-mails, notably), so how long the reply takes does not
 * tell the client what the work was (forgot-password must answer as fast for an unknown address as for a
 * known one). Closing the app waits for the work in flight, so a shutdown loses no mail.
 */
export class AfterReplyWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `task` when `reply` has been sent (or the client went away); a failure is logged, not thrown. */
  run(reply: FastifyReply, what: string, task: () => Promise<void>) {
    const sent = new Promise<void>((resolve) => {
      if (reply.raw.writableFinished) resolve();
      reply.raw.once('finish', resolve);
      reply.raw.once('close', resolve);
    });
    const work = sent
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed after the reply`))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves when every task started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    afterReply: AfterReplyWork;
  }
}

export function registerAfterReply(app: FastifyInstance) {
  app.decorate('afterReply', new AfterReplyWork(app.log));
  app.addHook('onClose', async () => app.afterReply.idle());
}
