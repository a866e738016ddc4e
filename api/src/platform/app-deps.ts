import type { SessionCache } from './auth/session-cache.js';
import type { TokenService } from './auth/tokens.js';
import type { Clock } from './clock.js';
import type { AppConfig } from './config/config.js';
import type { ChangeFeed, Database } from './db/client.js';
import type { Storage } from './files/storage.js';
import type { JobSender } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';

/** What every route stands on, handed to the app once by server.ts (or a test) and read as `app.deps`. */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  tokens: TokenService;
  /** Who changed sign-in state, from the database (DatabaseHandle.listen(authChangesChannel)). */
  authChanges: ChangeFeed;
  /** Queues background work (platform/jobs/queue.ts): a route nudges a job rather than waiting for it. */
  jobs: JobSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route as registered (method and full URL), for the tenancy conformance suite. */
    registeredRoutes: readonly { method: string; url: string }[];
    sessionCache: SessionCache;
  }
}
