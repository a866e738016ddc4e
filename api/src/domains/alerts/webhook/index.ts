import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import type { AppConfig } from '../../../platform/config/config.js';
import type { Database } from '../../../platform/db/client.js';
import type { JobDefinition } from '../../../platform/jobs/queue.js';
import { webhookDeliveryJob } from './deliver.js';

// Webhooks (issue 24): what the alerts domain's index re-exports. The routes of /webhook, the fan-out of an
// event to the organisation's webhooks (called by the alerts dispatcher in its transaction), and the job that
// sends the deliveries.

export { default as webhookRoutes } from './routes.js';
export { enqueueWebhookDeliveries } from './fan-out.js';
export { webhookDeliveryJobName } from './deliver.js';
export { webhookRecords } from './repository.js';

/** The webhooks' background work, for server.ts to start with the other domains' jobs. */
export function webhookJobs(deps: {
  db: Database;
  clock: Clock;
  config: AppConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>;
}): JobDefinition[] {
  return [webhookDeliveryJob(deps)];
}
