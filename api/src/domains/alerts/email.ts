import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  alertEventKindLabels,
  alertFollowUpTitle,
  dateLocaleFor,
  formatInstantNamingZone,
  ruleSetOf,
  type AlertEventKind,
  type DateFormat,
} from '@console/shared-sdk/contract';
import type { AppConfig } from '../../platform/config/config.js';
import type { Database, Tx } from '../../platform/db/client.js';
import { sites, users } from '../../platform/db/schema.js';
import { alertEvents } from '../../platform/events/schema.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import { emailDeliveries } from './schema.js';
import { linkOf } from './links.js';
import { emailKeyOf, type AlertEventRow, type Recipient } from './recipients.js';
import { digestMailOf } from './digest.js';
import { claimOwed, sendOwed, type OwedKind, type OwedRun } from './owed.js';
import { groupWindowMs } from './grouping.js';

// Sending the e-mails owed (issue 24): each PENDING email_deliveries row, its e-mail written when it goes
// (an event's at once, or a person's digest). Sent once per key even with several instances and after a
// kill -9, claimed before it goes (owed.ts): a claim with no result after `claimStaleMs` is tried once
// more, and after `emailAttempts` the row is FAILED. A crash between the mail server's acceptance and the
// SENT mark can still send a message twice: SMTP has no idempotency, and that window is one statement
// long; the copy has the same Message-ID (messageIdOf).
//
// E-mails follow the event's group (grouping.ts): the group's first event is e-mailed at once; the e-mails
// of its later events are held until the group's window ends (its first event's time and the window), then
// each person's go as one ("3 more sensors offline at Brighton"), claimed together under a lock of the
// person and group, so two runs at once never split them (owed.ts). One dispatched after that goes on its
// own, at once.

/**
 * Owes each of `people` the event's e-mail, once per event and person whoever queues it first: in its
 * group (`groupId`, held when the event did not begin the group), or at once (null: an escalation).
 */
export async function queueEventEmails(
  tx: Tx,
  event: AlertEventRow,
  people: readonly Recipient[],
  now: Date,
  { groupId }: { groupId: string | null },
): Promise<void> {
  if (people.length === 0) return;
  await tx
    .insert(emailDeliveries)
    .values(
      people.map((person) => ({
        id: randomUUID(),
        orgId: event.orgId,
        userId: person.id,
        eventId: event.id,
        groupId,
        idempotencyKey: emailKeyOf(event.id, person.id),
        status: 'PENDING' as const,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: emailDeliveries.idempotencyKey });
}

export interface EmailDeps {
  db: Database;
  mailer: Mailer;
  /** `alertGroupMinutes` left out: the default window. */
  config: Pick<AppConfig, 'publicUrl'> & Partial<Pick<AppConfig, 'alertGroupMinutes'>>;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
}

/** Attempts before a delivery is given up (FAILED). */
export const emailAttempts = 5;
/** How long a claim holds: a claim older than this with no result is retried (the next attempt). */
export const claimStaleMs = 10 * 60_000;

/** The e-mails owed, a group's later ones held until the group's window of `windowMs` ends. */
const owedEmailsWithin = (windowMs: number): OwedKind<typeof emailDeliveries> => ({
  table: emailDeliveries,
  what: 'alert e-mails',
  attempts: emailAttempts,
  claimStaleMs,
  perRun: 500,
  due: (now) =>
    or(
      isNull(emailDeliveries.groupId),
      eq(emailDeliveries.groupId, emailDeliveries.eventId),
      // The group's first event happened a window ago.
      sql`exists (select 1 from ${alertEvents} as group_head where group_head.id = ${emailDeliveries.groupId}
        and group_head.occurred_at <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz)`,
    ) ?? sql`true`,
  // A group's later e-mails to one person go as one.
  together: (row) =>
    row.groupId !== null && row.eventId !== null && row.eventId !== row.groupId
      ? {
          where: and(
            eq(emailDeliveries.userId, row.userId),
            eq(emailDeliveries.groupId, row.groupId),
            ne(emailDeliveries.eventId, row.groupId),
          ) as SQL,
          lock: `alert-group-mail:${row.userId}:${row.groupId}`,
        }
      : undefined,
});

type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** Claims the oldest claimable delivery: pending, due, and not claimed or its claim stale. */
export const claimDelivery = (db: Database, now: Date): Promise<DeliveryRow | undefined> =>
  claimOwed(db, owedEmailsWithin(groupWindowMs()), now);

const kindWords: Record<AlertEventKind, string> = {
  TEMPERATURE_FAILED: 'temperature failures',
  TASK_OVERDUE: 'overdue tasks',
  CHECKS_MISSED: 'missed opening and closing checks',
  DOCUMENT_EXPIRING: 'document expiry reminders',
  DOCUMENT_EXPIRED: 'document expiry reminders',
  NEAR_MISS_REPORTED: 'near-miss reports',
  SENSOR_OFFLINE: 'sensors that go silent',
  FOLLOW_UP_DUE: 'follow-up checks',
  CORRECTIVE_ACTION_OVERDUE: 'overdue tasks',
  PROBE_SENSOR_DISAGREE: 'temperature failures',
  REVIEW_DUE: 'missed opening and closing checks',
};

const lines = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((line) => typeof line === 'string') ? value : undefined;

export interface EventOfMail extends AlertEventRow {
  siteName: string | null;
  timeZoneId: string | null;
  /** How its site writes dates (its rule set's locale); null for the organisation's own records. */
  locale: string | null;
  escalationMinutes: number | null;
}

/**
 * An event's own e-mail. A producer may write the body (`details.lines`, `details.subject`: a near miss's
 * report as before events); otherwise it is the event's title, site and time, and the link to its record.
 * An escalation says so: the e-mail was owed once the event had been escalated. Its time is written as the
 * site writes dates, unless the person chose their own date format.
 */
export function eventMail(
  publicUrl: string,
  to: { email: string; firstName: string; dateFormat?: DateFormat | null },
  event: EventOfMail,
  escalated: boolean,
): MailMessage {
  const own = lines(event.details.lines);
  const zone = event.timeZoneId ?? 'UTC';
  const locale = dateLocaleFor(to.dateFormat, event.locale);
  const body = [
    `Hello ${to.firstName},`,
    '',
    ...(escalated
      ? [
          `Nobody has acknowledged this within ${event.escalationMinutes ?? 30} minutes, so it comes to you as ` +
            'an organisation admin.',
          '',
        ]
      : []),
    ...(own ?? [
      event.title,
      '',
      ...(event.siteName ? [`Site: ${event.siteName}`] : []),
      `When: ${formatInstantNamingZone(event.occurredAt, zone, locale)}`,
      '',
      `Open it: ${publicUrl}${linkOf(event)}`,
    ]),
    '',
    `You get this e-mail because your notification settings ask for ${kindWords[event.kind]}.`,
  ];
  const subject =
    typeof event.details.subject === 'string'
      ? event.details.subject
      : `${alertEventKindLabels[event.kind]}: ${event.title}`;
  return {
    to: to.email,
    subject: escalated ? `Escalated: ${subject}` : subject,
    text: `${body.join('\n')}\n`,
  };
}

/** An event with what its e-mail says of its site. */
async function eventsOfMail(db: Database, eventIds: readonly string[]): Promise<EventOfMail[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({
      event: alertEvents,
      siteName: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
      escalationMinutes: sites.escalationMinutes,
    })
    .from(alertEvents)
    .leftJoin(sites, eq(sites.id, alertEvents.siteId))
    .where(inArray(alertEvents.id, [...eventIds]))
    .orderBy(asc(alertEvents.occurredAt), asc(alertEvents.id));
  return rows.map((row) => ({
    ...row.event,
    siteName: row.siteName,
    timeZoneId: row.timeZoneId,
    locale: row.jurisdiction === null ? null : ruleSetOf(row.jurisdiction).locale,
    escalationMinutes: row.escalationMinutes,
  }));
}

/**
 * The e-mail of a group's later events, together: "3 more sensors offline at Brighton" (without "more" to
 * someone who was not e-mailed the first), then each event's title, site, time and link, oldest first.
 */
export function groupMail(
  publicUrl: string,
  to: { email: string; firstName: string; dateFormat?: DateFormat | null },
  events: readonly EventOfMail[],
  more: boolean,
): MailMessage | undefined {
  const [first] = events;
  if (!first) return undefined;
  const siteIds = new Set(events.flatMap((event) => (event.siteId === null ? [] : [event.siteId])));
  const title = alertFollowUpTitle({
    kind: first.kind,
    count: events.length,
    more,
    siteCount: siteIds.size,
    siteName: first.siteName,
    wholeOrganisation: events.some((event) => event.siteId === null),
  });
  const told = events.flatMap((event) => {
    // A producer's own words (a near miss's report) are kept, under the event's title.
    const own = lines(event.details.lines);
    if (own) return [`- ${event.title}`, ...own.map((line) => (line === '' ? '' : `  ${line}`)), ''];
    const zone = event.timeZoneId ?? 'UTC';
    const when = formatInstantNamingZone(event.occurredAt, zone, dateLocaleFor(to.dateFormat, event.locale));
    return [`- ${event.title}`, `  ${when}`, `  ${publicUrl}${linkOf(event)}`];
  });
  const body = [
    `Hello ${to.firstName},`,
    '',
    `${title}${more ? ' since the first was e-mailed to you' : ''}:`,
    '',
    ...told,
    ...(told.at(-1) === '' ? [] : ['']),
    `You get this e-mail because your notification settings ask for ${kindWords[first.kind]}. Alerts of one ` +
      'kind at one site that come within minutes of each other are e-mailed together.',
  ];
  return {
    to: to.email,
    subject: `${alertEventKindLabels[first.kind]}: ${title}`,
    text: `${body.join('\n')}\n`,
  };
}

/** The e-mail a delivery (with those that go with it) owes, written now; undefined when there is nothing to say any more. */
async function mailOf(
  deps: EmailDeps,
  delivery: DeliveryRow,
  along: readonly DeliveryRow[],
): Promise<MailMessage | undefined> {
  const [person] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      dateFormat: users.dateFormat,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, delivery.userId));
  if (!person || person.deletedAt !== null) return undefined;
  if (delivery.eventId === null) return digestMailOf(deps.db, deps.config.publicUrl, delivery, person);
  const { groupId } = delivery;
  if (groupId !== null && delivery.eventId !== groupId) {
    const events = await eventsOfMail(
      deps.db,
      [delivery, ...along].flatMap((one) => one.eventId ?? []),
    );
    const [first] = await deps.db
      .select({ id: emailDeliveries.id })
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.userId, delivery.userId), eq(emailDeliveries.eventId, groupId)));
    return groupMail(deps.config.publicUrl, person, events, first !== undefined);
  }
  const [event] = await eventsOfMail(deps.db, [delivery.eventId]);
  if (!event) return undefined;
  const escalated = event.escalatedAt !== null && delivery.createdAt >= event.escalatedAt;
  return eventMail(deps.config.publicUrl, person, event, escalated);
}

/**
 * The Message-ID of a delivery's e-mail, the same for every attempt: a crash between the mail server's
 * acceptance and the SENT mark sends the message again (SMTP has no idempotency), and the copy carries the
 * same identity, which mail servers and clients use to drop it.
 */
export const messageIdOf = (publicUrl: string, delivery: Pick<DeliveryRow, 'id'>) =>
  `<alert-${delivery.id}@${new URL(publicUrl).hostname || 'console'}>`;

/**
 * Sends what is owed: one claimed delivery (a group's later ones together) at a time, until none is left
 * or the run's share is done.
 */
export function sendPendingEmails(deps: EmailDeps, now: () => Date): Promise<OwedRun> {
  const owed = owedEmailsWithin(groupWindowMs(deps.config.alertGroupMinutes));
  return sendOwed(deps, owed, now, async (delivery, along) => {
    const mail = await mailOf(deps, delivery, along);
    if (mail) await deps.mailer.send({ ...mail, messageId: messageIdOf(deps.config.publicUrl, delivery) });
    return mail !== undefined;
  });
}
