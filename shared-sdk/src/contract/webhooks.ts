import { z } from 'zod';
import { alertEventKindLabels, alertEventKindSchema, alertEventKinds } from './alerts.js';
import { idSchema, instantSchema, listQuerySchema, requiredText, siteQuerySchema } from './common.js';

// Webhooks (issue 24): an organisation admin registers an address that hears of the organisation's events,
// for an integrator or for Slack's or Teams' incoming webhooks. Each delivery is a signed JSON POST, retried
// with backoff until the receiver answers 2xx; each webhook keeps a log of its deliveries.

/** The longest URL a webhook may have (browsers and proxies agree on about this much). */
export const webhookUrlMaxLength = 2000;

/** Whether `value` is an absolute http(s) address with a host (a webhook's, a push service's). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An absolute http(s) address; whether its host is public is the API's check (it may resolve it). */
export const webhookUrlSchema = z
  .string({ message: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(webhookUrlMaxLength, `URL must be at most ${webhookUrlMaxLength} characters`)
  .refine(isWebAddress, 'Must be a web address starting with https:// or http://');

export const webhookInputSchema = z.object({
  name: requiredText('Name', 100),
  url: webhookUrlSchema,
  /** The kinds of event it hears of; each at most once. */
  events: z
    .array(alertEventKindSchema, { message: 'Choose the events it should hear of' })
    .min(1, 'Choose at least one event')
    .max(alertEventKinds.length)
    .transform((kinds) => [...new Set(kinds)]),
  /** Off: no event is sent to it (a test call still is). */
  enabled: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookUpdateSchema = webhookInputSchema.extend({ _id: idSchema });
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  url: z.string(),
  events: z.array(alertEventKindSchema),
  enabled: z.boolean(),
  /** The start of its secret, to tell which one a receiver holds; the whole secret is shown only once. */
  secretPrefix: z.string(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** A new webhook, or one whose secret was rotated: the only answers that hold the whole secret. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookSortColumns = ['_id', 'name', 'createdAt', 'updatedAt'] as const;
export type WebhookSortColumn = (typeof webhookSortColumns)[number];
export const webhookListQuerySchema = listQuerySchema(webhookSortColumns).extend(siteQuerySchema.shape);

/** The calls on one webhook named in the query (send-test, rotate-secret, delivery-list). */
export const webhookIdQuerySchema = siteQuerySchema.extend({ webhookID: idSchema });
export type WebhookIdQuery = z.input<typeof webhookIdQuerySchema>;

// ---- deliveries -----------------------------------------------------------------------------------------

/** The type of a test call's delivery, beside the kinds of event. */
export const webhookTestType = 'TEST';
export const webhookDeliveryTypes = [...alertEventKinds, webhookTestType] as const;
export const webhookDeliveryTypeSchema = z.enum(webhookDeliveryTypes);
export type WebhookDeliveryType = z.infer<typeof webhookDeliveryTypeSchema>;
export const webhookDeliveryTypeLabels: Record<WebhookDeliveryType, string> = {
  ...alertEventKindLabels,
  TEST: 'Test call',
};

export const webhookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const webhookDeliveryStatusSchema = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;
export const webhookDeliveryStatusLabels: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

/**
 * The JSON body of every delivery, the same on each attempt: what a receiver may rely on (the README's
 * "Webhooks" shows one).
 */
export const webhookPayloadSchema = z.object({
  /** The delivery's id, as in X-Console-Delivery. */
  id: idSchema,
  /** The kind of event (TEST for a test call). */
  type: webhookDeliveryTypeSchema,
  occurredAt: instantSchema,
  organisation: z.object({ id: idSchema }),
  /** Null for an event of the whole organisation, and for a test call. */
  site: z.object({ id: idSchema, name: z.string() }).nullable(),
  /**
   * The event's group: events of one kind at one site within the grouping window (ALERT_GROUP_MINUTES)
   * share the id of the group's first event, whose own is its id. Each event is still delivered on its
   * own; a receiver may fold a group into one message. Null for a test call.
   */
  groupId: idSchema.nullable(),
  title: z.string(),
  /** The event in words with its link, which Slack's and Teams' incoming webhooks show. */
  text: z.string(),
  /** The record it is about, with its address in the console; null for a test call. */
  record: z.object({ subject: z.string(), id: idSchema, url: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** How many times a delivery is tried before it is given up as failed. */
export const webhookMaxAttempts = 6;

export const webhookDeliverySchema = z.object({
  _id: idSchema,
  webhookID: idSchema,
  /** Null for a test call. */
  eventID: idSchema.nullable(),
  type: webhookDeliveryTypeSchema,
  /** The type in words. */
  typeLabel: z.string(),
  status: webhookDeliveryStatusSchema,
  statusLabel: z.string(),
  attempts: z.number().int().min(0),
  /** The HTTP status of the last answer, or null when there was none (timeout, refused connection). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: instantSchema,
  /** When it is tried again, while pending. */
  nextAttemptAt: instantSchema.nullable(),
  deliveredAt: instantSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = listQuerySchema(['_id'])
  .pick({ page: true, limit: true })
  .extend(webhookIdQuerySchema.shape);
export type WebhookDeliveryListQuery = z.input<typeof webhookDeliveryListQuerySchema>;
