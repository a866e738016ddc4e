import type { z } from 'zod';
import { localDateSchema } from './common.js';

// A range of local dates as every dated list, report and export takes it: `startDate` and `endDate` both
// counted, both or neither (each call says what it means by neither), never backwards and never longer
// than the call allows. One rule, so the messages are the same on every screen.

const msPerDay = 86_400_000;

/** How many local dates [startDate, endDate] holds, both ends counted. */
export const datesIn = (startDate: string, endDate: string) =>
  Math.round((Date.parse(endDate) - Date.parse(startDate)) / msPerDay) + 1;

/** The fields of an optional range, to spread into a query's object. */
export const localDateRangeShape = {
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
};

/** A superRefine that refuses half a range, a backwards one, or one of more than `maxDays` dates. */
export function checkLocalDateRange(maxDays: number) {
  return (
    { startDate, endDate }: { startDate?: string | undefined; endDate?: string | undefined },
    context: z.RefinementCtx,
  ) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (startDate === undefined && endDate !== undefined) issue('startDate', 'Choose a start date too');
    if (startDate !== undefined && endDate === undefined) issue('endDate', 'Choose an end date too');
    if (startDate === undefined || endDate === undefined) return;
    if (endDate < startDate) issue('endDate', 'Must be on or after the start date');
    else if (datesIn(startDate, endDate) > maxDays) issue('endDate', `Choose at most ${maxDays} days`);
  };
}
