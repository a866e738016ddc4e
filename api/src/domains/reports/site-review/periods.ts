import { reviewPeriodDays, reviewPeriodEpoch } from '@console/shared-sdk/contract';
import { addDays, localDate } from '../../sites/index.js';

// A review's four weeks are local dates counted from the contract's epoch in blocks of 28, the same dates
// at every site, so an organisation's reviews line up; which block is running is read on each site's clock.

/** A review's first and last local dates. */
export interface ReviewPeriod {
  start: string;
  end: string;
}

const msPerDay = 86_400_000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / msPerDay;

/** The period a local date falls in (dates before the epoch included, in the blocks before it). */
export function periodOf(isoDate: string): ReviewPeriod {
  const offset = dayNumber(isoDate) - dayNumber(reviewPeriodEpoch);
  const start = addDays(reviewPeriodEpoch, Math.floor(offset / reviewPeriodDays) * reviewPeriodDays);
  return { start, end: addDays(start, reviewPeriodDays - 1) };
}

/** The period just before `period`. */
export const periodBefore = (period: ReviewPeriod): ReviewPeriod => periodOf(addDays(period.start, -1));

/** The period running at `now` on the clock of `timeZoneId`. */
export const currentPeriod = (timeZoneId: string, now: Date): ReviewPeriod =>
  periodOf(localDate(timeZoneId, now));

/** Whether a period's last date has passed at the site: from then on an unsigned review is due. */
export const isOver = (periodEnd: string, timeZoneId: string, now: Date) =>
  periodEnd < localDate(timeZoneId, now);
