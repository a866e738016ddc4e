import { and, eq, exists, isNull, ne, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { nearMissCategoryLabels, type NearMiss } from '@console/shared-sdk/contract';
import type { AppDeps } from '../../../platform/app-deps.js';
import type { Database } from '../../../platform/db/client.js';
import { siteMembers, users } from '../../../platform/db/schema.js';
import type { MailMessage } from '../../../platform/mail/mailer.js';

// When a near miss is reported, the admins of its site who asked for it (notificationSettings.
// nearMissReported) hear by e-mail: the organisation's admins, who run every site, and the site's own
// admins. The reporter is not told of their own report.

interface Recipient {
  email: string;
  firstName: string;
}

/** The live, active admins of the report's site whose settings ask for near-miss e-mails. */
export async function nearMissRecipients(db: Database, report: NearMiss): Promise<Recipient[]> {
  const adminOfSite = exists(
    db
      .select({ one: siteMembers.userId })
      .from(siteMembers)
      .where(and(eq(siteMembers.siteId, report.siteID), eq(siteMembers.userId, users.id))),
  );
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.orgId, report.orgId),
        isNull(users.deletedAt),
        eq(users.status, 'ACTIVE'),
        ne(users.id, report.reportedBy._id),
        sql`(${users.notificationSettings} ->> 'nearMissReported') = 'true'`,
        or(eq(users.role, 'ORGANIZATION_ADMIN'), and(eq(users.role, 'SITE_ADMIN'), adminOfSite)),
      ),
    )
    .orderBy(users.email);
}

/** The e-mail one admin gets, with the report's times in its site's zone. */
export function nearMissMail(publicUrl: string, report: NearMiss, to: Recipient): MailMessage {
  const occurred = `${DateTime.fromISO(report.occurredAt, { zone: report.timeZoneId }).toFormat(
    "cccc d LLLL yyyy 'at' HH:mm",
  )} (${report.timeZoneId} time)`;
  const lines = [
    `Hello ${to.firstName},`,
    '',
    `${report.reportedBy.name} reported a near miss at ${report.siteName} (${report.logID}).`,
    '',
    `Category: ${nearMissCategoryLabels[report.category]}`,
    `What: ${report.title}`,
    `When: ${occurred}`,
    `Where: ${report.location}`,
    '',
    report.whatHappened,
    '',
    `Injuries: ${report.injuries || 'none reported'}`,
    `Immediate action: ${report.immediateAction || 'none reported'}`,
    `Photos: ${report.photos.length}`,
    '',
    `Open the report to investigate it: ${publicUrl}/dashboard/nearMiss`,
    '',
    'You get this e-mail because your notification settings ask for near-miss reports.',
  ];
  return {
    to: to.email,
    subject: `Near miss at ${report.siteName}: ${report.title}`,
    text: `${lines.join('\n')}\n`,
  };
}

/** E-mails every admin who should hear of the report, one by one. */
export async function notifyNearMiss(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, report: NearMiss) {
  for (const recipient of await nearMissRecipients(deps.db, report)) {
    await deps.mailer.send(nearMissMail(deps.config.publicUrl, report, recipient));
  }
}
