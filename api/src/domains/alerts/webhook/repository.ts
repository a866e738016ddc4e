import type { z } from 'zod';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  webhookDeliveryStatusLabels,
  webhookDeliveryTypeLabels,
  webhookDeliveryTypeSchema,
  type ListQuery,
  type Webhook,
  type WebhookDelivery,
  type webhookInputSchema,
  type WebhookSortColumn,
  type WebhookWithSecret,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { pageOf } from '../../../platform/http/list.js';
import { recordsOf, type Change } from '../../../platform/http/repository.js';
import { webhookDeliveries, webhooks } from '../schema.js';
import { newWebhookSecret, secretPrefixOf } from './signature.js';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The organisation's webhooks, scoped to it by the shared repository (another's are not found). */
export const webhookRecords = recordsOf<typeof webhooks, ListQuery<WebhookSortColumn>>({
  table: webhooks,
  placedOn: 'organisation',
  sort: {
    _id: webhooks.id,
    name: sql`lower(${webhooks.name})`,
    createdAt: webhooks.createdAt,
    updatedAt: webhooks.updatedAt,
  },
  search: [webhooks.name, webhooks.url],
  name: { column: webhooks.name, field: 'name', what: 'A webhook' },
});

/** A webhook's fields as the contract outputs them (`events` de-duplicated, `enabled` defaulted). */
export type WebhookFields = z.output<typeof webhookInputSchema>;

/** Adds a webhook with a new secret. */
export async function insertWebhook(
  tx: Tx,
  orgId: string,
  fields: WebhookFields,
  now: Date,
  change: Change,
): Promise<WebhookRow> {
  return webhookRecords.insert(
    tx,
    { orgId },
    {
      name: fields.name,
      url: fields.url,
      events: fields.events,
      enabled: fields.enabled,
      secret: newWebhookSecret(),
      createdBy: change.by,
    },
    now,
  );
}

/** Changes a webhook's name, address, events or state; its secret stays (rotate-secret changes it). */
export async function updateWebhook(
  tx: Tx,
  current: WebhookRow,
  _target: string,
  fields: WebhookFields,
  now: Date,
): Promise<WebhookRow> {
  return webhookRecords.update(
    tx,
    current,
    { name: fields.name, url: fields.url, events: fields.events, enabled: fields.enabled },
    now,
  );
}

/** Gives a webhook a new secret: deliveries from now on are signed with it. */
export async function rotateSecret(tx: Tx, current: WebhookRow, now: Date): Promise<WebhookRow> {
  return webhookRecords.update(tx, current, { secret: newWebhookSecret() }, now);
}

export function toWebhookDto(row: WebhookRow): Webhook {
  return {
    _id: row.id,
    orgId: row.orgId,
    name: row.name,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    secretPrefix: secretPrefixOf(row.secret),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The answers of create-new-one and rotate-secret: the only ones that show the whole secret. */
export function toWebhookWithSecret(row: WebhookRow): WebhookWithSecret {
  return { ...toWebhookDto(row), secret: row.secret };
}

/** The type a delivery's payload names: an event's kind, or a test call. */
function typeOf(row: WebhookDeliveryRow) {
  const parsed = webhookDeliveryTypeSchema.safeParse(row.payload.type);
  return parsed.success ? parsed.data : 'TEST';
}

export function toDeliveryDto(row: WebhookDeliveryRow): WebhookDelivery {
  const type = typeOf(row);
  return {
    _id: row.id,
    webhookID: row.webhookId,
    eventID: row.eventId,
    type,
    typeLabel: webhookDeliveryTypeLabels[type],
    status: row.status,
    statusLabel: webhookDeliveryStatusLabels[row.status],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'PENDING' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** A page of one webhook's deliveries, newest first. */
export async function deliveriesOf(
  db: Database | Tx,
  webhook: WebhookRow,
  query: { page: number; limit: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  return pageOf<WebhookDeliveryRow>(
    db,
    { table: webhookDeliveries, columns: getTableColumns(webhookDeliveries) },
    and(eq(webhookDeliveries.orgId, webhook.orgId), eq(webhookDeliveries.webhookId, webhook.id)),
    [desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)],
    query,
  );
}
