import { DateTime } from 'luxon';
import { formatDay, ruleSetOf } from '@console/shared-sdk/contract';
import { raiseEvents } from '../../platform/events/raise.js';
import { markReminded, reviewsToRemind } from '../reports/index.js';
import { addDays } from '../sites/index.js';
import type { ScanDeps } from './scans.js';

// REVIEW_DUE (the four-weekly review, "Safer food, better business"): once a site's four weeks are over and
// their review is not signed, its admins are reminded, once per site and period
// (`REVIEW_DUE:<site>:<period start>`). The scan makes the review's row where nobody opened it yet, so the
// reminder opens a review that exists; signing it acknowledges the reminder. Run with the minute's scans.

/** Raises REVIEW_DUE for every site whose last four weeks are over and unsigned; answers how many it raised. */
export async function scanReviewsDue(deps: ScanDeps, now: Date): Promise<number> {
  const due = await reviewsToRemind(deps.db, now);
  if (due.length === 0) return 0;
  const raised = await raiseEvents(
    deps.db,
    due.map((review) => {
      const { locale } = ruleSetOf(review.jurisdiction);
      const from = formatDay(review.periodStart, 'dayMonth', locale);
      const to = formatDay(review.periodEnd, 'dayMonth', locale);
      return {
        orgId: review.orgId,
        siteId: review.siteId,
        kind: 'REVIEW_DUE' as const,
        subject: 'SiteReview',
        recordId: review.id,
        dedupeKey: `REVIEW_DUE:${review.siteId}:${review.periodStart}`,
        title: `The four-weekly review of ${from} to ${to} at ${review.siteName} is due for signing`,
        details: { periodStart: review.periodStart, periodEnd: review.periodEnd },
        // When its four weeks ended: the first instant of the next local date at the site.
        occurredAt: DateTime.fromISO(addDays(review.periodEnd, 1), { zone: review.timeZoneId }).toJSDate(),
      };
    }),
    now,
  );
  await markReminded(
    deps.db,
    due.map((review) => review.id),
    now,
  );
  if (raised > 0) deps.log.debug({ raised }, 'raised four-weekly review reminders');
  return raised;
}
