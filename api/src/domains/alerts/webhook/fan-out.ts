import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  alertEventKindLabels,
  webhookTestType,
  type WebhookPayload as WebhookBody,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { sites } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import type { alertEvents } from '../../../platform/events/schema.js';
import { webhookDeliveries, webhooks } from '../schema.js';
import { linkOf } from '../links.js';
import type { WebhookRow } from './repository.js';

// An event fanned out to the organisation's webhooks: one delivery per webhook that wants its kind, with the
// body fixed when it is queued, so every attempt sends the same JSON and a receiver can dedupe by its id.

type AlertEvent = typeof alertEvents.$inferSelect;

/**
 * What a delivery's body holds (the contract's webhookPayloadSchema): a console path in `record.url`, and
 * `text` without it, both made absolute when sent (`bodyOf`).
 */
export type WebhookPayload = WebhookBody & Record<string, unknown>;

/** The words Slack and Teams show: the kind, where, the title (the link is added when sent). */
function textOf(kindLabel: string, siteName: string | null, title: string): string {
  return `${kindLabel}${siteName ? ` at ${siteName}` : ''}: ${title}`;
}

/**
 * Queues a delivery of `event` to each enabled, live webhook of its organisation that wants its kind, and
 * answers how many were queued. Idempotent: a delivery's key is `<event id>:<webhook id>`, so fanning one
 * event out again (a dispatcher retried, two instances) queues nothing twice. Run it in the dispatcher's
 * transaction, so the deliveries exist exactly when the event is marked dispatched.
 */
export async function enqueueWebhookDeliveries(
  db: Database | Tx,
  event: AlertEvent,
  now: Date,
): Promise<number> {
  const listening = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.orgId, event.orgId),
        isNull(webhooks.deletedAt),
        eq(webhooks.enabled, true),
        sql`${webhooks.events} @> ${JSON.stringify([event.kind])}::jsonb`,
      ),
    )
    .orderBy(webhooks.id);
  if (listening.length === 0) return 0;

  const site = event.siteId
    ? ((
        await db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.id, event.siteId))
      )[0] ?? null)
    : null;
  const body = (id: string): WebhookPayload => ({
    id,
    type: event.kind,
    occurredAt: event.occurredAt.toISOString(),
    organisation: { id: event.orgId },
    site,
    // An event fanned out outside a dispatch (never grouped) is a group of its own.
    groupId: event.groupId ?? event.id,
    title: event.title,
    text: textOf(alertEventKindLabels[event.kind], site?.name ?? null, event.title),
    record: { subject: event.subject, id: event.recordId, url: linkOf(event) },
    details: event.details,
  });
  const rows = listening.map((webhook) => {
    const id = newId();
    return {
      id,
      orgId: event.orgId,
      webhookId: webhook.id,
      eventId: event.id,
      idempotencyKey: `${event.id}:${webhook.id}`,
      payload: body(id),
      status: 'PENDING' as const,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    };
  });
  const inserted = await db
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: webhookDeliveries.idempotencyKey })
    .returning({ id: webhookDeliveries.id });
  return inserted.length;
}

/** Queues a test call to one webhook (enabled or not): its own id is its key. */
export async function enqueueTestDelivery(db: Database | Tx, webhook: WebhookRow, now: Date) {
  const id = newId();
  const title = `Test call to "${webhook.name}"`;
  const payload: WebhookPayload = {
    id,
    type: webhookTestType,
    occurredAt: now.toISOString(),
    organisation: { id: webhook.orgId },
    site: null,
    groupId: null,
    title,
    text: `${title} from the compliance console: this webhook works.`,
    record: null,
    details: {},
  };
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      id,
      orgId: webhook.orgId,
      webhookId: webhook.id,
      eventId: null,
      idempotencyKey: id,
      payload,
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('a test delivery was not stored');
  return row;
}
