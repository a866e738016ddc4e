import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DomainSeed } from '../../platform/demo/base.js';
import { demoLogins } from '../../platform/demo/base.js';
import { users } from '../../platform/db/schema.js';
import { alertEvents } from '../../platform/events/schema.js';
import { dispatchBatch } from './dispatch.js';
import { emailDeliveries, notifications, webhookDeliveries, webhooks } from './schema.js';
import { enqueueTestDelivery } from './webhook/fan-out.js';
import { insertWebhook } from './webhook/repository.js';

// The demo's alerts (issue 24), after every other domain's records: the organisation's operations
// dashboard took the events by webhook until it was paused yesterday (a test call when it was added, then
// each alert), and the events the other domains' demo raised (the Brighton pass fridge sensor's
// excursion) went out when they happened: e-mailed, in the bells, delivered. The site's manager opened
// the notification at once and recorded the corrective action; the owner has not opened it yet.

const dayMs = 24 * 60 * 60_000;
const delivered = (at: Date) => ({
  status: 'DELIVERED' as const,
  attempts: 1,
  nextAttemptAt: null,
  lastStatusCode: 200,
  deliveredAt: new Date(at.getTime() + 1_500),
});

export const seedAlerts: DomainSeed = async (tx, base) => {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, base.orgId), eq(users.role, 'ORGANIZATION_ADMIN')))
    .orderBy(users.createdAt)
    .limit(1);
  const [manager] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoLogins.siteAdmin));
  if (!owner || !manager) throw new Error('the alerts demo needs the organisation admin and the site admin');

  const added = new Date(base.now.getTime() - 10 * dayMs);
  const webhook = await insertWebhook(
    tx,
    base.orgId,
    {
      name: 'Operations dashboard',
      url: 'https://ops.harbourvine.example/console-events',
      events: ['TEMPERATURE_FAILED', 'SENSOR_OFFLINE', 'NEAR_MISS_REPORTED'],
      enabled: true,
    },
    added,
    { by: owner.id, files: [] },
  );
  const test = await enqueueTestDelivery(tx, webhook, added);
  await tx.update(webhookDeliveries).set(delivered(added)).where(eq(webhookDeliveries.id, test.id));

  const pending = await tx
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.orgId, base.orgId), isNull(alertEvents.dispatchedAt)))
    .orderBy(asc(alertEvents.createdAt));
  for (const event of pending) {
    // Fanned out as it was raised, by the same dispatch the job runs.
    await dispatchBatch(tx, event.createdAt);
    await tx
      .update(emailDeliveries)
      .set({ status: 'SENT', attempts: 1, sentAt: event.createdAt })
      .where(eq(emailDeliveries.eventId, event.id));
    await tx
      .update(webhookDeliveries)
      .set(delivered(event.createdAt))
      .where(eq(webhookDeliveries.eventId, event.id));
    if (event.acknowledgedBy === manager.id && event.acknowledgedAt) {
      await tx
        .update(notifications)
        .set({ readAt: event.acknowledgedAt })
        .where(and(eq(notifications.eventId, event.id), eq(notifications.userId, manager.id)));
    }
  }

  // Paused yesterday while the dashboard moves to its new address: new events are no longer sent to it.
  await tx
    .update(webhooks)
    .set({ enabled: false, updatedAt: new Date(base.now.getTime() - dayMs) })
    .where(eq(webhooks.id, webhook.id));
};
