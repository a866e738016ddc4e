import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AlertEventKind } from '@console/shared-sdk/contract';
import { createdAt, instant, updatedAt } from '../../platform/db/columns.js';
import { organizations, sites, users } from '../../platform/db/schema.js';
import { alertEvents } from '../../platform/events/schema.js';

// How events reach people (issue 24): a notification in the console per person, e-mails, and the
// organisation's webhooks. Each has a key per event, recipient and channel, so it is sent once however
// many instances run and after a restart.

/** An event in a person's notification centre (the shell's bell). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => alertEvents.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Whether it reached this person by escalation (nobody acknowledged it in time). */
    escalated: boolean('escalated').notNull().default(false),
    /** The event's kind and site, kept here so a person's bell filters and groups without the events. */
    kind: text('kind').$type<AlertEventKind>().notNull(),
    siteId: uuid('site_id').references(() => sites.id),
    /**
     * The person's group it is in: notifications of one kind that reach the person within the grouping
     * window (of one site for a site admin, of any site for an organisation admin) share the id of the
     * group's first notification, which is its own.
     */
    groupId: uuid('group_id').notNull(),
    createdAt: createdAt(),
    readAt: instant('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_event_user_key').on(t.eventId, t.userId),
    index('notifications_user_group_idx').on(t.userId, t.groupId),
    index('notifications_user_kind_created_idx').on(t.userId, t.kind, t.createdAt),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

export type EmailDeliveryStatus = 'PENDING' | 'SENT' | 'FAILED';

/**
 * An e-mail owed to a person: one for the event at once (a failure), or a line of their day's digest.
 * `idempotency_key` is the event, person and channel (`<event>:<user>:EMAIL`), or the digest's person and
 * day (`digest:<user>:<date>`).
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Null for a digest, which covers several events. */
    eventId: uuid('event_id').references(() => alertEvents.id),
    /**
     * The event's group, for an e-mail at once: the group's first event is e-mailed at once, and the later
     * members' deliveries wait until the grouping window ends, then go together as one e-mail.
     */
    groupId: uuid('group_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<EmailDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    uniqueIndex('email_deliveries_idempotency_key').on(t.idempotencyKey),
    index('email_deliveries_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** An integrator's (or Slack's or Teams') address that hears of the organisation's events. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The kinds of event it wants. */
    events: jsonb('events').$type<AlertEventKind[]>().notNull(),
    /** Signs each delivery's body (HMAC-SHA256); shown to the organisation's admins, never to others. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('webhooks_org_idx')
      .on(t.orgId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

/**
 * One event's delivery to one webhook (or a test call's), with its attempts: retried with backoff until
 * delivered or out of attempts. `idempotency_key` is `<event>:<webhook>` (a test call's own id).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id),
    /** Null for a test call. */
    eventId: uuid('event_id').references(() => alertEvents.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The JSON body sent, the same on every attempt. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_idempotency_key').on(t.idempotencyKey),
    index('webhook_deliveries_webhook_created_idx').on(t.webhookId, t.createdAt.desc().nullsFirst()),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/**
 * A browser's Web Push subscription (the kitchen app on a phone or a tablet) for one person: where the
 * staff's own alerts (a follow-up check due, a task of theirs overdue) go as system notifications. On a
 * shared tablet the subscription is the device's and follows whoever signed in on it last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when the push service said the subscription is gone (404/410): it is not used again. */
    goneAt: instant('gone_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** A system notification owed to a person for an event, once per event and person however many instances run. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => alertEvents.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<EmailDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    uniqueIndex('push_deliveries_event_user_key').on(t.eventId, t.userId),
    index('push_deliveries_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
