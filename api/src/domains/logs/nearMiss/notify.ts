import { formatInstantNamingZone, nearMissCategoryLabels, type NearMiss } from '@console/shared-sdk/contract';
import type { RaisedEvent } from '../../../platform/events/raise.js';
import type { OpenedDeviation } from '../../../platform/corrective-actions/open.js';

// A near miss reported is an event (issue 24): the admins of its site, and the organisation's admins who
// hear of every site, are told, by e-mail at once when their settings ask for near-miss reports
// (notificationSettings.nearMissReported) and in the console's bell. The reporter is not told of their own
// report (`actorUserId`). The e-mail's words are the report's, written here when it is raised, its time as
// the site writes dates (`locale`, its rule set's).
//
// A near miss is a deviation too (HACCP principle 5): it opens its corrective action, open for someone to
// record what was done, in the event's words.

/** The e-mail's body (between the greeting and the settings line), with the report's times in its site's zone. */
export function nearMissMailLines(publicUrl: string, report: NearMiss, locale?: string): string[] {
  const occurred = formatInstantNamingZone(report.occurredAt, report.timeZoneId, locale);
  return [
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
    `Open the report to investigate it: ${publicUrl}/dashboard/nearMiss?view=${report._id}`,
  ];
}

/** The event of a near miss reported at a site whose dates are written in `locale`. */
export function nearMissEvent(publicUrl: string, report: NearMiss, locale?: string): RaisedEvent {
  return {
    orgId: report.orgId,
    siteId: report.siteID,
    kind: 'NEAR_MISS_REPORTED',
    subject: 'NearMiss',
    recordId: report._id,
    title: `${nearMissCategoryLabels[report.category]} at ${report.siteName}: ${report.title} (${report.logID})`,
    details: {
      actorUserId: report.reportedBy._id,
      subject: `Near miss at ${report.siteName}: ${report.title}`,
      lines: nearMissMailLines(publicUrl, report, locale),
    },
    occurredAt: new Date(report.occurredAt),
  };
}

/** The corrective action a near miss opens: in its event's words, its reporter's, waiting for what was done. */
export function nearMissDeviation(report: NearMiss, event: RaisedEvent): OpenedDeviation {
  return {
    orgId: report.orgId,
    siteId: report.siteID,
    kind: 'NEAR_MISS',
    checkType: 'NEAR_MISS',
    source: { subject: 'NearMiss', recordId: report._id },
    deviation: event.title,
    details: { logID: report.logID, category: report.category, title: report.title },
    occurredAt: new Date(report.occurredAt),
    actor: { id: report.reportedBy._id, name: report.reportedBy.name },
  };
}
