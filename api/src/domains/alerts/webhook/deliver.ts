import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { webhookMaxAttempts } from '@console/shared-sdk/contract';
import type { Clock } from '../../../platform/clock.js';
import type { AppConfig } from '../../../platform/config/config.js';
import type { Database } from '../../../platform/db/client.js';
import type { JobDefinition } from '../../../platform/jobs/queue.js';
import { webhookDeliveries, webhooks } from '../schema.js';
import type { WebhookDeliveryRow } from './repository.js';
import type { WebhookPayload } from './fan-out.js';
import { postWebhook, type SendOutcome } from './send.js';
import { signatureOf, webhookHeaders } from './signature.js';
import type { Resolve } from '../../../platform/http/outbound-addresses.js';

// Sending the queued deliveries. A delivery is claimed before it is sent: the claim counts the attempt and
// moves its next attempt past the time a send can take, in one UPDATE over rows taken with SKIP LOCKED, so
// two instances never send one delivery at once; one that dies mid-send leaves it to be taken up again, by
// any instance's next look, once the claim has lapsed. The receiver dedupes by X-Console-Delivery, since a
// crash after its 2xx and before the outcome was written sends the delivery again.

/** The job that sends due deliveries: whenever one is queued, and every few seconds in each instance. */
export const webhookDeliveryJobName = 'alerts.webhook-deliveries';

/** A receiver has this long to answer. */
export const webhookTimeoutMs = 10_000;
/**
 * How long a claim holds a delivery: more than a send can take (the receiver's 10 s and the name's
 * lookup), and short, since it is also how long the deliveries a killed instance was sending wait.
 */
const claimMs = 3 * webhookTimeoutMs;
/**
 * Every instance looks for due deliveries this often, besides the nudge when some are queued: what a killed
 * instance held goes out within this of its claims lapsing, and a starting instance sends what is owed at once.
 */
const pollSeconds = 10;
/** The waits after the 1st, 2nd, ... failed attempt; after the last attempt the delivery has failed. */
export const retryDelaysMs = [30_000, 120_000, 480_000, 1_800_000, 7_200_000] as const;
/** Deliveries sent at once by one run, so that one slow receiver (10 s) does not hold up the others. */
const batchSize = 10;

export interface DeliveryDeps {
  db: Database;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'webhooksAllowPrivateUrls'>;
  /** Tests answer names without DNS. */
  resolve?: Resolve;
  /** Hears of deliveries given up as failed. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The body sent: the stored payload with the console's address on its record link and text. */
export function bodyOf(payload: WebhookPayload, publicUrl: string): string {
  if (!payload.record) return JSON.stringify(payload);
  const url = payload.record.url.startsWith('/') ? `${publicUrl}${payload.record.url}` : payload.record.url;
  return JSON.stringify({ ...payload, text: `${payload.text}\n${url}`, record: { ...payload.record, url } });
}

/** Claims up to `limit` due deliveries (or the one named), counting the attempt each is about to get. */
async function claim(db: Database, now: Date, limit: number, only?: string): Promise<WebhookDeliveryRow[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'PENDING'),
        lte(webhookDeliveries.nextAttemptAt, now),
        only === undefined ? undefined : eq(webhookDeliveries.id, only),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + claimMs),
    })
    .where(and(inArray(webhookDeliveries.id, due), eq(webhookDeliveries.status, 'PENDING')))
    .returning();
}

/**
 * Writes an attempt's outcome (`final`: no retry whatever it was), unless the claim lapsed and another
 * attempt has begun since.
 */
async function record(
  db: Database,
  claimed: WebhookDeliveryRow,
  outcome: SendOutcome,
  now: Date,
  final = false,
): Promise<WebhookDeliveryRow> {
  const retryIn = retryDelaysMs[claimed.attempts - 1];
  const givenUp = final || claimed.attempts >= webhookMaxAttempts || retryIn === undefined;
  const [row] = await db
    .update(webhookDeliveries)
    .set(
      outcome.delivered
        ? {
            status: 'DELIVERED',
            deliveredAt: now,
            nextAttemptAt: null,
            lastStatusCode: outcome.statusCode,
            lastError: null,
          }
        : {
            status: givenUp ? 'FAILED' : 'PENDING',
            nextAttemptAt: givenUp || retryIn === undefined ? null : new Date(now.getTime() + retryIn),
            lastStatusCode: outcome.statusCode,
            lastError: outcome.error,
          },
    )
    .where(
      and(
        eq(webhookDeliveries.id, claimed.id),
        eq(webhookDeliveries.status, 'PENDING'),
        eq(webhookDeliveries.attempts, claimed.attempts),
      ),
    )
    .returning();
  return row ?? claimed;
}

/** One attempt at a claimed delivery: to its webhook as it is now, signed with its current secret. */
async function attempt(deps: DeliveryDeps, claimed: WebhookDeliveryRow): Promise<WebhookDeliveryRow> {
  const [webhook] = await deps.db.select().from(webhooks).where(eq(webhooks.id, claimed.webhookId));
  const now = () => deps.clock.now();
  if (!webhook || webhook.deletedAt !== null) {
    return record(deps.db, claimed, gone('The webhook was deleted'), now(), true);
  }
  // A test call goes to a webhook that is off, too: it is how one checks a receiver before turning it on.
  if (!webhook.enabled && claimed.eventId !== null) {
    return record(deps.db, claimed, gone('The webhook was turned off'), now(), true);
  }
  // The payload is JSON this module wrote (fan-out.ts).
  const body = bodyOf(claimed.payload as WebhookPayload, deps.config.publicUrl);
  const timestamp = Math.floor(now().getTime() / 1000);
  const outcome = await postWebhook(
    webhook.url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': 'ComplianceConsole-Webhooks/1',
      [webhookHeaders.timestamp]: String(timestamp),
      [webhookHeaders.signature]: signatureOf(webhook.secret, timestamp, body),
      [webhookHeaders.delivery]: claimed.id,
      [webhookHeaders.event]: String(claimed.payload.type),
    },
    {
      allowPrivate: deps.config.webhooksAllowPrivateUrls,
      timeoutMs: webhookTimeoutMs,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    },
  );
  const after = await record(deps.db, claimed, outcome, now());
  if (after.status === 'FAILED') {
    deps.log?.warn(
      { delivery: after.id, webhook: webhook.id, error: after.lastError },
      'a webhook delivery failed after its last attempt',
    );
  }
  return after;
}

function gone(error: string): SendOutcome {
  return { delivered: false, statusCode: null, error };
}

/** Sends every due delivery, a batch at a time; answers how many were attempted. */
export async function sendDueDeliveries(deps: DeliveryDeps): Promise<number> {
  let attempted = 0;
  for (;;) {
    const claimed = await claim(deps.db, deps.clock.now(), batchSize);
    if (claimed.length === 0) return attempted;
    await Promise.all(claimed.map((one) => attempt(deps, one)));
    attempted += claimed.length;
  }
}

/**
 * Sends one delivery now, if it is due and nobody else holds it (a test call, answered with its outcome);
 * answers the delivery as it stands afterwards, or undefined when it was not claimed.
 */
export async function sendDeliveryNow(
  deps: DeliveryDeps,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [claimed] = await claim(deps.db, deps.clock.now(), 1, id);
  return claimed ? attempt(deps, claimed) : undefined;
}

/**
 * The webhook deliveries' job: a sweep nudged when deliveries are queued, and run by every instance on its
 * own timer from its start (the claims keep two instances off one delivery).
 */
export function webhookDeliveryJob(deps: DeliveryDeps): JobDefinition {
  return {
    name: webhookDeliveryJobName,
    kind: 'sweep',
    pollEverySeconds: pollSeconds,
    async run() {
      await sendDueDeliveries(deps);
    },
  };
}
