// The alerts domain (issue 24): events fanned out to people (the console's bell, e-mail at once or in a
// daily digest, the staff's own tasks as system notifications) and to the organisation's webhooks,
// escalated when nobody acknowledges them, and the scans that raise events from the passing of time.
// Domains raise events through platform/events/raise.ts; what the app's wiring uses is here.

import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { AppConfig } from '../../platform/config/config.js';
import type { Database } from '../../platform/db/client.js';
import { dispatchJobName } from '../../platform/events/raise.js';
import type { JobDefinition, JobSender } from '../../platform/jobs/queue.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { raiseDocumentExpiryEvents } from '../logs/index.js';
import { makeDigests } from './digest.js';
import { dispatchEvents } from './dispatch.js';
import { sendPendingEmails } from './email.js';
import { sendPendingPushes } from './push/deliver.js';
import { escalateEvents } from './escalation.js';
import { scanMissedChecks, scanOverdueTasks } from './scans.js';
import { scanOverdueActions } from './action-scan.js';
import { scanReviewsDue } from './review-scan.js';
import { webhookDeliveryJobName } from './webhook/index.js';

// The demo's alerts (after every other domain's demo).
export { seedAlerts } from './seed.js';

// Routes.
export { default as notificationRoutes } from './notification/routes.js';
export { default as pushRoutes } from './push/routes.js';

// Webhooks (./webhook, its own folder): routes, the fan-out dispatch calls, the delivery job.
export { webhookDeliveryJobName, webhookJobs, webhookRoutes } from './webhook/index.js';

// Background work, one function per pass (tests and tools call them directly).
export { makeDigests, digestFromHour } from './digest.js';
export { dispatchEvents } from './dispatch.js';
export { claimDelivery, claimStaleMs, emailAttempts, sendPendingEmails } from './email.js';
export { escalateEvents } from './escalation.js';
export { pushClaimStaleMs, sendPendingPushes } from './push/deliver.js';
export { scanMissedChecks, scanOverdueTasks } from './scans.js';
export { scanOverdueActions } from './action-scan.js';
export { scanReviewsDue } from './review-scan.js';
export { linkOf } from './links.js';

export interface AlertJobDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'push' | 'alertGroupMinutes'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** To nudge the webhooks' delivery job after a dispatch (without it, its own schedule takes them). */
  jobs?: JobSender;
}

/** The names of the alert jobs on the queue. */
export const alertJobNames = {
  dispatch: dispatchJobName,
  sendEmail: 'alerts.send-email',
  scanTasks: 'alerts.scan-tasks',
  escalate: 'alerts.escalate',
  documentExpiry: 'alerts.document-expiry',
  digest: 'alerts.digest',
} as const;

/**
 * The alerts' background work on the job queue (platform/jobs/queue.ts). Each is a sweep (at most one
 * waiting and one running across instances) that also runs on a schedule, so work a nudge missed (a crash
 * between a commit and its send) is done within the minute. Every pass is safe to run twice at once: rows
 * are claimed FOR UPDATE SKIP LOCKED and inserts have idempotency keys. A pass that makes new work does it
 * at once rather than waiting for the next job: raising dispatches, dispatching sends.
 */
export function alertJobs(deps: AlertJobDeps): JobDefinition[] {
  const now = () => deps.clock.now();
  const send = () => sendPendingEmails(deps, now);
  const push = () => sendPendingPushes(deps, now);
  // Pushes are owed only by a dispatch, so the dispatch's own runs (every instance's 30 s timer, and the
  // minute's sweep) send them, a failed one again once its claim has lapsed.
  const dispatchAndSend = async () => {
    if ((await dispatchEvents(deps, now())) > 0) await deps.jobs?.send(webhookDeliveryJobName);
    await send();
    await push();
  };
  return [
    {
      name: alertJobNames.dispatch,
      kind: 'sweep',
      cron: '* * * * *',
      // Every instance also fans out and sends on its own timer from its start: a run held by a killed
      // instance would otherwise block the sweep until it expires (5 minutes). Claims make runs at once safe.
      pollEverySeconds: 30,
      run: dispatchAndSend,
    },
    {
      name: alertJobNames.sendEmail,
      kind: 'sweep',
      cron: '* * * * *',
      run: async () => {
        await send();
      },
    },
    {
      name: alertJobNames.scanTasks,
      kind: 'sweep',
      cron: '* * * * *',
      run: async () => {
        const raised =
          (await scanOverdueTasks(deps, now())) +
          (await scanMissedChecks(deps, now())) +
          (await scanOverdueActions(deps, now())) +
          (await scanReviewsDue(deps, now()));
        if (raised > 0) await dispatchAndSend();
      },
    },
    {
      name: alertJobNames.escalate,
      kind: 'sweep',
      cron: '* * * * *',
      run: async () => {
        // Events raised since the last dispatch are dispatched first: an escalation follows its dispatch.
        await dispatchEvents(deps, now());
        if ((await escalateEvents(deps, now())) > 0) await send();
      },
    },
    {
      name: alertJobNames.documentExpiry,
      kind: 'sweep',
      // Each zone's new day reaches its documents within the quarter hour.
      cron: '*/15 * * * *',
      run: async () => {
        if ((await raiseDocumentExpiryEvents(deps.db, now())) > 0) await dispatchAndSend();
      },
    },
    {
      name: alertJobNames.digest,
      kind: 'sweep',
      cron: '*/15 * * * *',
      run: async () => {
        if ((await makeDigests(deps, now())).made > 0) await send();
      },
    },
  ];
}
