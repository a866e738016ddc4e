import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import {
  alertCountText,
  alertEventKindLabels,
  alertEventKinds,
  documentCategoryLabels,
  documentCategorySchema,
  dateLocaleFor,
  documentExpiryWarningDays,
  formatDay,
  formatInstant,
  ruleSetOf,
  type DateFormat,
} from '@console/shared-sdk/contract';
import type { Database } from '../../platform/db/client.js';
import { organizations, sites } from '../../platform/db/schema.js';
import { alertEvents } from '../../platform/events/schema.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { localDate } from '../sites/index.js';
import { emailDeliveries } from './schema.js';
import { linkOf } from './links.js';
import {
  adminsOf,
  digestKeyOf,
  emailSettingOf,
  hearsOf,
  immediateKinds,
  wantsEmail,
  type AlertEventRow,
  type Recipient,
} from './recipients.js';

// The daily digest (issue 24): once a day, from 07:00 in the person's zone, each person hears by e-mail
// of the events of their day that do not go at once (an overdue task, missed checks, a document expiring
// or expired, ...), when there are any. It takes the place of the document expiry e-mail of issue 11,
// whose content it keeps: the documents grouped by site, the organisation's own first.
//
// A digest is one email_deliveries row keyed `digest:<person>:<local date>` (insert on conflict do
// nothing), so several instances make one digest a day per person, and it is sent like any other e-mail
// (email.ts, claimed before sending). It covers the events raised since the person's previous digest
// (or the day before it, for their first): its content is worked out when it is sent, from those bounds,
// so a retry says the same. Events that reached the person at once (an escalation) are left out.
//
// The alerts of one group (one kind at one site within the grouping window, grouping.ts) are one line of
// the digest, counted, linking to the notifications page showing that kind at that site.
//
// A person has no zone of their own: their day is that of their first site (the organisation's first,
// for an organisation admin), else UTC. Each event's time and each document's date is written as its site
// writes dates (the digest's own date as the person's first site does), unless the person chose their own
// date format.

export interface DigestDeps {
  db: Database;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
}

/** The local hour a person's digest goes from: a morning e-mail, not one at midnight. */
export const digestFromHour = 7;
/** A first digest covers the day before it. */
const firstDigestMs = 24 * 60 * 60_000;

const digestKinds = alertEventKinds.filter((kind) => !immediateKinds.has(kind));
const documentKinds = new Set(['DOCUMENT_EXPIRING', 'DOCUMENT_EXPIRED']);

type DeliveryRow = typeof emailDeliveries.$inferSelect;

interface DigestEvent extends AlertEventRow {
  siteName: string | null;
  timeZoneId: string | null;
  /** How its site writes dates; null for the organisation's own records. */
  locale: string | null;
}

/** Where a person's day is: a site's zone, and how that site writes dates. */
interface Home {
  zone: string;
  locale: string | undefined;
}

/** Each person's home: their first site, the organisation's first for an organisation admin. */
async function homesOf(db: Database, people: readonly Recipient[]): Promise<Map<string, Home>> {
  const orgIds = [...new Set(people.map((person) => person.orgId))];
  const orgSites =
    orgIds.length === 0
      ? []
      : await db
          .select({
            id: sites.id,
            orgId: sites.orgId,
            timeZoneId: sites.timeZoneId,
            jurisdiction: sites.jurisdiction,
          })
          .from(sites)
          .where(and(inArray(sites.orgId, orgIds), isNull(sites.deletedAt)))
          .orderBy(sites.id);
  return new Map(
    people.map((person) => {
      const home = orgSites.find((site) =>
        person.role === 'ORGANIZATION_ADMIN' ? site.orgId === person.orgId : person.siteIds.has(site.id),
      );
      return [
        person.id,
        home
          ? { zone: home.timeZoneId, locale: ruleSetOf(home.jurisdiction).locale }
          : { zone: 'UTC', locale: undefined },
      ];
    }),
  );
}

/** The events raised in (from, until] that the person hears of in a digest. */
async function digestEvents(
  db: Database,
  person: Recipient,
  from: Date,
  until: Date,
): Promise<DigestEvent[]> {
  const kinds = digestKinds.filter((kind) => wantsEmail(person, kind));
  if (kinds.length === 0) return [];
  const rows = await db
    .select({
      event: alertEvents,
      siteName: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
    })
    .from(alertEvents)
    .leftJoin(sites, eq(sites.id, alertEvents.siteId))
    .where(
      and(
        eq(alertEvents.orgId, person.orgId),
        inArray(alertEvents.kind, kinds),
        gt(alertEvents.createdAt, from),
        lte(alertEvents.createdAt, until),
      ),
    )
    .orderBy(asc(alertEvents.occurredAt), asc(alertEvents.id));
  const heard = rows
    .filter((row) => hearsOf(person, row.event))
    .map((row) => ({
      ...row.event,
      siteName: row.siteName,
      timeZoneId: row.timeZoneId,
      locale: row.jurisdiction === null ? null : ruleSetOf(row.jurisdiction).locale,
    }));
  if (heard.length === 0) return [];
  const mailedAtOnce = await db
    .select({ eventId: emailDeliveries.eventId })
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.userId, person.id),
        inArray(
          emailDeliveries.eventId,
          heard.map((event) => event.id),
        ),
      ),
    );
  const skip = new Set(mailedAtOnce.map((row) => row.eventId));
  return heard.filter((event) => !skip.has(event.id));
}

/** When the person's latest digest before `before` was made, if any. */
async function previousDigest(db: Database, userId: string, before: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: emailDeliveries.createdAt })
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.userId, userId),
        isNull(emailDeliveries.eventId),
        lt(emailDeliveries.createdAt, before),
      ),
    )
    .orderBy(desc(emailDeliveries.createdAt))
    .limit(1);
  return row?.createdAt;
}

export interface DigestRun {
  /** Digests made (each sent by the e-mail job). */
  made: number;
}

/**
 * One run: every person whose local day has reached the digest hour, who has no digest for that day yet
 * and has something to hear of, gets their digest made (from this instance or another, once).
 */
export async function makeDigests(deps: DigestDeps, now: Date): Promise<DigestRun> {
  const orgIds = (
    await deps.db.select({ id: organizations.id }).from(organizations).where(isNull(organizations.deletedAt))
  ).map((org) => org.id);
  const people = (await adminsOf(deps.db, orgIds)).filter((person) =>
    digestKinds.some((kind) => wantsEmail(person, kind)),
  );
  if (people.length === 0) return { made: 0 };
  const homes = await homesOf(deps.db, people);
  const due = people.flatMap((person) => {
    const zone = homes.get(person.id)?.zone ?? 'UTC';
    if (DateTime.fromJSDate(now, { zone }).hour < digestFromHour) return [];
    return [{ person, key: digestKeyOf(person.id, localDate(zone, now)) }];
  });
  if (due.length === 0) return { made: 0 };
  const made = new Set(
    (
      await deps.db
        .select({ key: emailDeliveries.idempotencyKey })
        .from(emailDeliveries)
        .where(
          inArray(
            emailDeliveries.idempotencyKey,
            due.map((one) => one.key),
          ),
        )
    ).map((row) => row.key),
  );
  let count = 0;
  for (const { person, key } of due) {
    if (made.has(key)) continue;
    const from = (await previousDigest(deps.db, person.id, now)) ?? new Date(now.getTime() - firstDigestMs);
    if ((await digestEvents(deps.db, person, from, now)).length === 0) continue;
    const inserted = await deps.db
      .insert(emailDeliveries)
      .values({
        id: randomUUID(),
        orgId: person.orgId,
        userId: person.id,
        eventId: null,
        idempotencyKey: key,
        status: 'PENDING',
        createdAt: now,
      })
      .onConflictDoNothing({ target: emailDeliveries.idempotencyKey })
      .returning({ id: emailDeliveries.id });
    count += inserted.length;
  }
  if (count > 0) deps.log.debug({ made: count }, 'made daily digests');
  return { made: count };
}

// ---- the e-mail -----------------------------------------------------------------------------------------

const longDate = (date: string, locale: string) => formatDay(date, 'weekdayDate', locale);

const daysBetween = (from: string, to: string) =>
  Math.round(
    DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days,
  );

interface DocumentLine {
  id: string;
  name: string;
  category: string;
  expiresOn: string;
  siteName: string | null;
  daysToExpiry: number;
  /** The locale its date is written in. */
  locale: string;
}

function whenWords(line: DocumentLine): string {
  const on = longDate(line.expiresOn, line.locale);
  if (line.daysToExpiry < 0) {
    const ago = -line.daysToExpiry;
    return `EXPIRED on ${on} (${ago === 1 ? '1 day' : `${ago} days`} ago)`;
  }
  if (line.daysToExpiry === 0) return `expires TODAY, ${on}`;
  if (line.daysToExpiry === 1) return `expires tomorrow, ${on}`;
  return `expires in ${line.daysToExpiry} days, on ${on}`;
}

/** A document event as a line, judged at `at` in its site's zone (the person's for the organisation's own). */
function documentLine(
  event: DigestEvent,
  at: Date,
  home: string,
  localeOf: (event: DigestEvent) => string,
): DocumentLine | undefined {
  const { documentId, name, category, expiresOn } = event.details;
  if (typeof name !== 'string' || typeof expiresOn !== 'string') return undefined;
  const parsed = documentCategorySchema.safeParse(category);
  return {
    id: typeof documentId === 'string' ? documentId : event.recordId,
    name,
    category: parsed.success ? documentCategoryLabels[parsed.data] : '',
    expiresOn,
    siteName: event.siteName,
    daysToExpiry: daysBetween(localDate(event.timeZoneId ?? home, at), expiresOn),
    locale: localeOf(event),
  };
}

/** Groups by site: the organisation's own first, then each site by name. */
function bySite<T extends { siteName: string | null }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  const sorted = [...items].sort(
    (a, b) =>
      (a.siteName === null ? 0 : 1) - (b.siteName === null ? 0 : 1) ||
      (a.siteName ?? '').localeCompare(b.siteName ?? ''),
  );
  for (const item of sorted) {
    const group = item.siteName ?? 'Whole organisation';
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  return [...groups];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The digest's e-mail: the day's alerts by site, then the documents to renew as before. Its dates are
 * written as each event's site writes them (the digest's own as the person's home site does), or in the
 * person's own date format.
 */
export function digestMail(
  publicUrl: string,
  to: { email: string; firstName: string; dateFormat?: DateFormat | null },
  date: string,
  at: Date,
  home: Home,
  events: readonly DigestEvent[],
): MailMessage | undefined {
  const ownLocale = dateLocaleFor(to.dateFormat, home.locale);
  const localeOf = (event: DigestEvent) => dateLocaleFor(to.dateFormat, event.locale ?? home.locale);
  const documentEvents = events.filter((event) => documentKinds.has(event.kind));
  const others = events.filter((event) => !documentKinds.has(event.kind));
  const documents = documentEvents.flatMap((event) => documentLine(event, at, home.zone, localeOf) ?? []);
  if (others.length === 0 && documents.length === 0) return undefined;
  const screen = `${publicUrl}/dashboard/documentmanagement`;

  const body: string[] = [`Hello ${to.firstName},`];
  if (others.length > 0) {
    body.push('', `What needs your attention (${longDate(date, ownLocale)}):`);
    const when = (event: DigestEvent) =>
      formatInstant(event.occurredAt, event.timeZoneId ?? home.zone, 'weekdayDateTime', localeOf(event));
    for (const [site, listed] of bySite(others)) {
      body.push('', site);
      // A group of alerts (one kind at one site within minutes) is one line, counted.
      const groups = new Map<string, DigestEvent[]>();
      for (const event of listed) {
        const key = event.groupId ?? event.id;
        groups.set(key, [...(groups.get(key) ?? []), event]);
      }
      for (const group of groups.values()) {
        const [event] = group;
        const last = group.at(-1);
        if (!event || !last) continue;
        if (group.length === 1) {
          body.push(
            `- ${alertEventKindLabels[event.kind]}: ${event.title} (${when(event)})`,
            `  ${publicUrl}${linkOf(event)}`,
          );
          continue;
        }
        const list = new URLSearchParams({ kind: event.kind });
        if (event.siteId) list.set('siteID', event.siteId);
        const span = when(event) === when(last) ? when(event) : `${when(event)} to ${when(last)}`;
        body.push(
          `- ${alertEventKindLabels[event.kind]}: ${alertCountText(event.kind, group.length)} (${span})`,
          `  ${publicUrl}/dashboard/notifications?${list.toString()}`,
        );
      }
    }
  }
  if (documents.length > 0) {
    body.push(
      '',
      `These documents expire within ${documentExpiryWarningDays} days or have expired (${longDate(date, ownLocale)}):`,
    );
    for (const [group, listed] of bySite(documents)) {
      body.push('', group);
      const sorted = [...listed].sort(
        (a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.name.localeCompare(b.name),
      );
      for (const line of sorted) {
        body.push(`- ${line.name} (${line.category}): ${whenWords(line)}`, `  ${screen}?view=${line.id}`);
      }
    }
    body.push('', `Every document expiring soon: ${screen}?expiring=${documentExpiryWarningDays}`);
  }
  const kinds = [...new Set(events.map((event) => emailSettingOf[event.kind]))];
  const asked = kinds
    .map((setting) => digestSettingWords[setting] ?? setting)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
  body.push('', `You get this e-mail once a day because your notification settings ask for ${asked}.`);

  const expired = documents.filter((line) => line.daysToExpiry < 0).length;
  const expiring = documents.length - expired;
  const documentWords = [
    expiring > 0 ? `${expiring} expiring` : undefined,
    expired > 0 ? `${expired} expired` : undefined,
  ].filter((part) => part !== undefined);
  const subject =
    others.length === 0
      ? `Documents to renew: ${documentWords.join(', ')}`
      : `Your daily digest: ${plural(others.length, 'alert', 'alerts')}` +
        (documents.length > 0 ? `; documents to renew: ${documentWords.join(', ')}` : '');
  return { to: to.email, subject, text: `${body.join('\n')}\n` };
}

const digestSettingWords: Partial<Record<string, string>> = {
  taskOverdue: 'overdue tasks',
  checksMissed: 'missed opening and closing checks',
  documentExpiry: 'document expiry reminders',
  followUpDue: 'follow-up checks',
  temperatureFailure: 'temperature failures',
  nearMissReported: 'near-miss reports',
  sensorOffline: 'sensors that go silent',
};

/** A digest delivery's e-mail, written from its bounds when it is sent (a retry says the same). */
export async function digestMailOf(
  db: Database,
  publicUrl: string,
  delivery: DeliveryRow,
  to: { email: string; firstName: string },
): Promise<MailMessage | undefined> {
  const person = (await adminsOf(db, [delivery.orgId])).find((one) => one.id === delivery.userId);
  if (!person) return undefined;
  const date = delivery.idempotencyKey.split(':').at(-1) ?? localDate('UTC', delivery.createdAt);
  const home = (await homesOf(db, [person])).get(person.id) ?? { zone: 'UTC', locale: undefined };
  const from =
    (await previousDigest(db, person.id, delivery.createdAt)) ??
    new Date(delivery.createdAt.getTime() - firstDigestMs);
  const events = await digestEvents(db, person, from, delivery.createdAt);
  return digestMail(
    publicUrl,
    { ...to, dateFormat: person.dateFormat },
    date,
    delivery.createdAt,
    home,
    events,
  );
}
