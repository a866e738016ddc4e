import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import {
  documentCategoryLabels,
  documentExpiryOf,
  documentExpiryWarningDays,
  type DocumentCategory,
} from '@console/shared-sdk/contract';
import type { AppConfig } from '../../../platform/config/config.js';
import type { Database } from '../../../platform/db/client.js';
import { documents, expiryDigests } from '../schema.js';
import { organizations, siteMembers, sites, users } from '../../../platform/db/schema.js';
import type { Clock } from '../../../platform/clock.js';
import { startPeriodicJob, type PeriodicJob } from '../../../platform/jobs/periodic.js';
import type { Mailer, MailMessage } from '../../../platform/mail/mailer.js';
import { daysBetween, defaultZone } from './repository.js';
import { addDays, localDate } from '../../sites/index.js';

/**
 * The daily document-expiry e-mail (issue 11): each admin whose notification settings ask for it
 * (documentExpiry) hears once a day of the documents expiring within 30 days and those expired, grouped by
 * site. An organisation admin hears of every site's and the organisation's own; a site admin of its sites'
 * and the organisation's own. Nothing to list, no e-mail.
 *
 * Several API instances may run it at once. Each person's day is claimed in expiry_digests (insert ... on
 * conflict do nothing) before the e-mail goes, so only the instance that claimed it sends: a person gets at
 * most one digest a day. A send that fails gives the claim back, so the next run tries again.
 *
 * A person has no zone of their own: their day is that of their first site (the organisation's first, for
 * an organisation admin), else UTC; the organisation's documents are judged against that day too, and a
 * site's against the site's own.
 */

export interface ExpiryDigestDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
}

/** The local hour a person's digest goes from: a morning e-mail, not one at midnight. */
export const digestFromHour = 7;

interface Recipient {
  id: string;
  orgId: string;
  email: string;
  firstName: string;
  role: 'ORGANIZATION_ADMIN' | 'SITE_ADMIN';
}

interface SiteOfOrg {
  id: string;
  orgId: string;
  name: string;
  timeZoneId: string;
}

interface DigestDocument {
  id: string;
  siteId: string | null;
  name: string;
  category: DocumentCategory;
  expiresOn: string;
}

/** One line of a digest: a document and how far it is from expiring, on its site's today. */
export interface DigestLine extends DigestDocument {
  siteName: string | null;
  daysToExpiry: number;
}

/** The admins who asked for the digest, of live organisations. */
async function recipients(db: Database): Promise<Recipient[]> {
  const rows = await db
    .select({
      id: users.id,
      orgId: users.orgId,
      email: users.email,
      firstName: users.firstName,
      role: users.role,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(
      and(
        isNull(users.deletedAt),
        isNull(organizations.deletedAt),
        eq(users.status, 'ACTIVE'),
        inArray(users.role, ['ORGANIZATION_ADMIN', 'SITE_ADMIN']),
        sql`(${users.notificationSettings} ->> 'documentExpiry') = 'true'`,
      ),
    )
    .orderBy(users.id);
  return rows.flatMap(({ orgId, role, ...person }) =>
    orgId !== null && (role === 'ORGANIZATION_ADMIN' || role === 'SITE_ADMIN')
      ? [{ ...person, orgId, role }]
      : [],
  );
}

/**
 * The dated documents of these organisations (on live sites, or the organisation's own) that could be
 * expiring within the warning on some zone's today: every zone's date is within a day of UTC's.
 */
async function datedDocuments(db: Database, orgIds: readonly string[], now: Date) {
  const latest = addDays(localDate(defaultZone, now), documentExpiryWarningDays + 1);
  const liveSites = db.select({ id: sites.id }).from(sites).where(isNull(sites.deletedAt));
  const rows = await db
    .select({
      id: documents.id,
      orgId: documents.orgId,
      siteId: documents.siteId,
      name: documents.name,
      category: documents.category,
      expiresOn: documents.expiresOn,
    })
    .from(documents)
    .where(
      and(
        inArray(documents.orgId, [...orgIds]),
        isNull(documents.deletedAt),
        isNotNull(documents.expiresOn),
        lte(documents.expiresOn, latest),
        or(isNull(documents.siteId), inArray(documents.siteId, liveSites)),
      ),
    );
  return rows.flatMap(({ expiresOn, ...document }) =>
    expiresOn === null ? [] : [{ ...document, expiresOn }],
  );
}

/** Each person's digest on `now`: their local date, and the documents to list (none: no e-mail). */
export async function digestsAt(db: Database, now: Date) {
  const people = await recipients(db);
  if (people.length === 0) return [];
  const orgIds = [...new Set(people.map((person) => person.orgId))];
  const orgSites: SiteOfOrg[] = await db
    .select({ id: sites.id, orgId: sites.orgId, name: sites.name, timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(and(inArray(sites.orgId, orgIds), isNull(sites.deletedAt)))
    .orderBy(sites.id);
  const memberships = await db
    .select({ userId: siteMembers.userId, siteId: siteMembers.siteId })
    .from(siteMembers)
    .where(
      inArray(
        siteMembers.userId,
        people.map((person) => person.id),
      ),
    );
  const dated = await datedDocuments(db, orgIds, now);
  const sitesById = new Map(orgSites.map((site) => [site.id, site]));

  return people.map((person) => {
    const administered = new Set(
      person.role === 'ORGANIZATION_ADMIN'
        ? orgSites.filter((site) => site.orgId === person.orgId).map((site) => site.id)
        : memberships.filter((member) => member.userId === person.id).map((member) => member.siteId),
    );
    const home = orgSites.find((site) => administered.has(site.id))?.timeZoneId ?? defaultZone;
    const lines: DigestLine[] = dated.flatMap((document) => {
      if (document.orgId !== person.orgId) return [];
      if (document.siteId !== null && !administered.has(document.siteId)) return [];
      const site = document.siteId === null ? undefined : sitesById.get(document.siteId);
      const daysToExpiry = daysBetween(localDate(site?.timeZoneId ?? home, now), document.expiresOn);
      const expiry = documentExpiryOf(daysToExpiry);
      if (expiry !== 'EXPIRING' && expiry !== 'EXPIRED') return [];
      const { orgId: _orgId, ...listed } = document;
      return [{ ...listed, siteName: site?.name ?? null, daysToExpiry }];
    });
    const hour = DateTime.fromJSDate(now, { zone: home }).hour;
    return { person, date: localDate(home, now), hour, lines };
  });
}

const longDate = (date: string) => DateTime.fromISO(date, { zone: 'utc' }).toFormat('cccc d LLLL yyyy');

function whenWords(line: DigestLine): string {
  const on = longDate(line.expiresOn);
  if (line.daysToExpiry < 0) {
    const ago = -line.daysToExpiry;
    return `EXPIRED on ${on} (${ago === 1 ? '1 day' : `${ago} days`} ago)`;
  }
  if (line.daysToExpiry === 0) return `expires TODAY, ${on}`;
  if (line.daysToExpiry === 1) return `expires tomorrow, ${on}`;
  return `expires in ${line.daysToExpiry} days, on ${on}`;
}

/** The e-mail: the organisation's documents first, then each site's by name; soonest expiry first. */
export function digestMail(
  publicUrl: string,
  to: Pick<Recipient, 'email' | 'firstName'>,
  date: string,
  lines: readonly DigestLine[],
): MailMessage {
  const screen = `${publicUrl}/dashboard/documentmanagement`;
  const groups = new Map<string, DigestLine[]>();
  const sorted = [...lines].sort(
    (a, b) =>
      (a.siteName === null ? 0 : 1) - (b.siteName === null ? 0 : 1) ||
      (a.siteName ?? '').localeCompare(b.siteName ?? '') ||
      a.expiresOn.localeCompare(b.expiresOn) ||
      a.name.localeCompare(b.name),
  );
  for (const line of sorted) {
    const group = line.siteName ?? 'Whole organisation';
    groups.set(group, [...(groups.get(group) ?? []), line]);
  }
  const expired = lines.filter((line) => line.daysToExpiry < 0).length;
  const expiring = lines.length - expired;
  const counts = [
    expiring > 0 ? `${expiring} expiring` : undefined,
    expired > 0 ? `${expired} expired` : undefined,
  ].filter((part) => part !== undefined);
  const body = [
    `Hello ${to.firstName},`,
    '',
    `These documents expire within ${documentExpiryWarningDays} days or have expired (${longDate(date)}):`,
    ...[...groups].flatMap(([group, listed]) => [
      '',
      group,
      ...listed.flatMap((line) => [
        `- ${line.name} (${documentCategoryLabels[line.category]}): ${whenWords(line)}`,
        `  ${screen}?view=${line.id}`,
      ]),
    ]),
    '',
    `Every document expiring soon: ${screen}?expiring=${documentExpiryWarningDays}`,
    '',
    'You get this e-mail once a day because your notification settings ask for document expiry reminders.',
  ];
  return {
    to: to.email,
    subject: `Documents to renew: ${counts.join(', ')}`,
    text: `${body.join('\n')}\n`,
  };
}

export interface ExpiryDigestRun {
  /** E-mails this run sent. */
  sent: number;
}

/**
 * One run: every person whose local day has reached the digest hour and who has something to hear of gets
 * their digest, unless one went already that day (from this instance or another).
 */
export async function runExpiryDigest(deps: ExpiryDigestDeps, now: Date): Promise<ExpiryDigestRun> {
  let sent = 0;
  for (const digest of await digestsAt(deps.db, now)) {
    if (digest.lines.length === 0 || digest.hour < digestFromHour) continue;
    const day = and(eq(expiryDigests.userId, digest.person.id), eq(expiryDigests.digestDate, digest.date));
    const claimed = await deps.db
      .insert(expiryDigests)
      .values({
        userId: digest.person.id,
        digestDate: digest.date,
        documentCount: digest.lines.length,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ userId: expiryDigests.userId });
    if (claimed.length === 0) continue;
    try {
      await deps.mailer.send(digestMail(deps.config.publicUrl, digest.person, digest.date, digest.lines));
    } catch (err) {
      await deps.db.delete(expiryDigests).where(day);
      deps.log.error(
        { err, userId: digest.person.id },
        'a document expiry e-mail failed; the next run retries',
      );
      continue;
    }
    await deps.db.update(expiryDigests).set({ sentAt: now }).where(day);
    sent += 1;
  }
  if (sent > 0) deps.log.debug({ sent }, 'sent document expiry e-mails');
  return { sent };
}

export interface ExpiryDigestJobOptions extends ExpiryDigestDeps {
  clock: Clock;
  /** Time between runs: a person's digest goes at most this long after the digest hour. */
  everyMs?: number;
  /** The first run, shortly after start rather than while the server is still starting. */
  firstRunAfterMs?: number;
}

/** `runOnce` answers what it sent (a failure is logged, and counts as nothing sent). */
export type ExpiryDigestJob = PeriodicJob<ExpiryDigestRun>;

const hourMs = 60 * 60_000;

/** Starts the job: a first run shortly after start, then one every `everyMs`. */
export function startExpiryDigestJob({
  clock,
  everyMs = hourMs,
  firstRunAfterMs = 30_000,
  ...deps
}: ExpiryDigestJobOptions): ExpiryDigestJob {
  return startPeriodicJob({
    what: 'the document expiry digest',
    run: () => runExpiryDigest(deps, clock.now()),
    onFailure: { sent: 0 },
    log: deps.log,
    everyMs,
    firstRunAfterMs,
  });
}
