import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import {
  documentExpiryOf,
  documentExpiryWarningDays,
  formatDay,
  ruleSetOf,
} from '@console/shared-sdk/contract';
import type { Database } from '../../../platform/db/client.js';
import { organizations, sites } from '../../../platform/db/schema.js';
import { raiseEvents } from '../../../platform/events/raise.js';
import { documents } from '../schema.js';
import { daysBetween, defaultZone } from './repository.js';
import { addDays, localDate } from '../../sites/index.js';

/**
 * Documents expiring and expired as events (issue 24; the daily e-mail of issue 11 is now the alerts'
 * digest, which lists them grouped by site as that e-mail did). A scan raises DOCUMENT_EXPIRING when a
 * dated document comes within 30 days of its expiry on its site's today (the organisation's own documents
 * by UTC's), and DOCUMENT_EXPIRED once it has expired; once per document, state and expiry date
 * (`DOCUMENT_EXPIRING:<document>:<expiresOn>`), so a renewed document (a new date) is heard of again.
 * The scan runs on every instance's queue; the dedupe key makes a second raise do nothing. A site's
 * document's date is written as its site writes dates; the organisation's own as the console's default.
 */

const longDate = (date: string, locale?: string) => formatDay(date, 'weekdayDate', locale);

/** Raises the events of documents that reached a new state; answers how many it raised. */
export async function raiseDocumentExpiryEvents(db: Database, now: Date): Promise<number> {
  // Every zone's date is within a day of UTC's.
  const latest = addDays(localDate(defaultZone, now), documentExpiryWarningDays + 1);
  const rows = await db
    .select({
      id: documents.id,
      orgId: documents.orgId,
      siteId: documents.siteId,
      name: documents.name,
      category: documents.category,
      expiresOn: documents.expiresOn,
      siteName: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
    })
    .from(documents)
    .innerJoin(organizations, eq(organizations.id, documents.orgId))
    .leftJoin(sites, eq(sites.id, documents.siteId))
    .where(
      and(
        isNull(documents.deletedAt),
        isNull(organizations.deletedAt),
        isNotNull(documents.expiresOn),
        lte(documents.expiresOn, latest),
        or(isNull(documents.siteId), isNull(sites.deletedAt)),
      ),
    );
  const due = rows.flatMap((row) => {
    if (row.expiresOn === null) return [];
    const expiry = documentExpiryOf(
      daysBetween(localDate(row.timeZoneId ?? defaultZone, now), row.expiresOn),
    );
    if (expiry !== 'EXPIRING' && expiry !== 'EXPIRED') return [];
    const kind = expiry === 'EXPIRING' ? ('DOCUMENT_EXPIRING' as const) : ('DOCUMENT_EXPIRED' as const);
    const where = row.siteName ?? 'whole organisation';
    const on = longDate(
      row.expiresOn,
      row.jurisdiction === null ? undefined : ruleSetOf(row.jurisdiction).locale,
    );
    return [
      {
        orgId: row.orgId,
        siteId: row.siteId,
        kind,
        subject: 'Document',
        recordId: row.id,
        dedupeKey: `${kind}:${row.id}:${row.expiresOn}`,
        title: `${row.name} ${expiry === 'EXPIRING' ? 'expires' : 'expired'} on ${on} (${where})`,
        details: {
          documentId: row.id,
          name: row.name,
          category: row.category,
          expiresOn: row.expiresOn,
        },
        occurredAt: now,
      },
    ];
  });
  return raiseEvents(db, due, now);
}
