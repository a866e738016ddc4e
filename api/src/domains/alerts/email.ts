import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  alertEventKindLabels,
  formatInstantNamingZone,
  type AlertEventKind,
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

// Sending the e-mails owed (issue 24): each PENDING email_deliveries row, its e-mail written when it goes
// (an event's at once, or a person's digest). Sent once per key even with several instances and after a
// kill -9: a row is claimed in a committed update before its e-mail goes (`sent_at` set on a PENDING row
// is "being sent since then"), so no other run takes it while the claim is fresh; a claim with no result
// after `claimStaleMs` (the instance died mid-send, or the send failed) is taken again, and so tried once
// more, never twice at once. Each claim counts an attempt; after `emailAttempts` it is FAILED. A crash
// between the mail server's acceptance and the SENT mark can still send a message twice: SMTP has no
// idempotency, and that window is one statement long; the copy has the same Message-ID (messageIdOf).

/** Owes each of `people` the event's e-mail, once per event and person whoever queues it first. */
export async function queueEventEmails(
  tx: Tx,
  event: AlertEventRow,
  people: readonly Recipient[],
  now: Date,
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
  config: Pick<AppConfig, 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
}

/** Attempts before a delivery is given up (FAILED). */
export const emailAttempts = 5;
/** How long a claim holds: a claim older than this with no result is retried (the next attempt). */
export const claimStaleMs = 10 * 60_000;
/** Deliveries sent by one run at most; the next run (every minute) goes on. */
const perRun = 500;

type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** Claims the oldest claimable delivery: pending, and not claimed or its claim stale. */
export async function claimDelivery(db: Database, now: Date): Promise<DeliveryRow | undefined> {
  return db.transaction(async (tx) => {
    const claimable = and(
      eq(emailDeliveries.status, 'PENDING'),
      or(isNull(emailDeliveries.sentAt), lt(emailDeliveries.sentAt, new Date(now.getTime() - claimStaleMs))),
    );
    const [next] = await tx
      .select({ id: emailDeliveries.id })
      .from(emailDeliveries)
      .where(claimable)
      .orderBy(asc(emailDeliveries.createdAt), asc(emailDeliveries.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    const [claimed] = await tx
      .update(emailDeliveries)
      .set({ sentAt: now, attempts: sql`${emailDeliveries.attempts} + 1` })
      // Checked again, so a run that read the same row (the embedded PGlite has no row locks between
      // sessions) claims nothing.
      .where(and(eq(emailDeliveries.id, next.id), claimable))
      .returning();
    return claimed;
  });
}

const kindWords: Record<AlertEventKind, string> = {
  TEMPERATURE_FAILED: 'temperature failures',
  TASK_OVERDUE: 'overdue tasks',
  CHECKS_MISSED: 'missed opening and closing checks',
  DOCUMENT_EXPIRING: 'document expiry reminders',
  DOCUMENT_EXPIRED: 'document expiry reminders',
  NEAR_MISS_REPORTED: 'near-miss reports',
  SENSOR_OFFLINE: 'sensors that go silent',
  FOLLOW_UP_DUE: 'follow-up checks',
};

const lines = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((line) => typeof line === 'string') ? value : undefined;

export interface EventOfMail extends AlertEventRow {
  siteName: string | null;
  timeZoneId: string | null;
  escalationMinutes: number | null;
}

/**
 * An event's own e-mail. A producer may write the body (`details.lines`, `details.subject`: a near miss's
 * report as before events); otherwise it is the event's title, site and time, and the link to its record.
 * An escalation says so: the e-mail was owed once the event had been escalated.
 */
export function eventMail(
  publicUrl: string,
  to: { email: string; firstName: string },
  event: EventOfMail,
  escalated: boolean,
): MailMessage {
  const own = lines(event.details.lines);
  const zone = event.timeZoneId ?? 'UTC';
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
      `When: ${formatInstantNamingZone(event.occurredAt, zone)}`,
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

/** The e-mail a delivery owes, written now; undefined when there is nothing to say any more. */
async function mailOf(deps: EmailDeps, delivery: DeliveryRow): Promise<MailMessage | undefined> {
  const [person] = await deps.db
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, delivery.userId));
  if (!person || person.deletedAt !== null) return undefined;
  if (delivery.eventId === null) return digestMailOf(deps.db, deps.config.publicUrl, delivery, person);
  const [event] = await deps.db
    .select({
      event: alertEvents,
      siteName: sites.name,
      timeZoneId: sites.timeZoneId,
      escalationMinutes: sites.escalationMinutes,
    })
    .from(alertEvents)
    .leftJoin(sites, eq(sites.id, alertEvents.siteId))
    .where(eq(alertEvents.id, delivery.eventId));
  if (!event) return undefined;
  const escalated = event.event.escalatedAt !== null && delivery.createdAt >= event.event.escalatedAt;
  return eventMail(
    deps.config.publicUrl,
    person,
    {
      ...event.event,
      siteName: event.siteName,
      timeZoneId: event.timeZoneId,
      escalationMinutes: event.escalationMinutes,
    },
    escalated,
  );
}

export interface EmailRun {
  sent: number;
  failed: number;
}

/**
 * The Message-ID of a delivery's e-mail, the same for every attempt: a crash between the mail server's
 * acceptance and the SENT mark sends the message again (SMTP has no idempotency), and the copy carries the
 * same identity, which mail servers and clients use to drop it.
 */
export const messageIdOf = (publicUrl: string, delivery: Pick<DeliveryRow, 'id'>) =>
  `<alert-${delivery.id}@${new URL(publicUrl).hostname || 'console'}>`;

/** Sends what is owed: one claimed delivery at a time, until none is left or the run's share is done. */
export async function sendPendingEmails(deps: EmailDeps, now: () => Date): Promise<EmailRun> {
  const run: EmailRun = { sent: 0, failed: 0 };
  for (let count = 0; count < perRun; count += 1) {
    const delivery = await claimDelivery(deps.db, now());
    if (!delivery) break;
    const mine = and(
      eq(emailDeliveries.id, delivery.id),
      eq(emailDeliveries.sentAt, delivery.sentAt ?? now()),
    );
    if (delivery.attempts > emailAttempts) {
      // Its last attempt was claimed and never finished (the instance died): given up, not sent again.
      await deps.db.update(emailDeliveries).set({ status: 'FAILED' }).where(mine);
      run.failed += 1;
      continue;
    }
    try {
      const mail = await mailOf(deps, delivery);
      if (mail) await deps.mailer.send({ ...mail, messageId: messageIdOf(deps.config.publicUrl, delivery) });
      await deps.db
        .update(emailDeliveries)
        .set({ status: 'SENT', sentAt: now(), lastError: mail ? null : 'Nothing to send any more' })
        .where(mine);
      if (mail) run.sent += 1;
    } catch (err) {
      const last = delivery.attempts >= emailAttempts;
      // A failed attempt keeps its claim's time: the next attempt comes once the claim is stale.
      await deps.db
        .update(emailDeliveries)
        .set({
          status: last ? 'FAILED' : 'PENDING',
          lastError: err instanceof Error ? err.message : String(err),
        })
        .where(mine);
      if (last) run.failed += 1;
      deps.log.error({ err, deliveryId: delivery.id, attempt: delivery.attempts }, 'an alert e-mail failed');
    }
  }
  if (run.sent > 0) deps.log.debug(run, 'sent alert e-mails');
  return run;
}
