import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  canMove,
  isReopening,
  type LoggedPerson,
  type LogStatus,
  type LogWorkflow,
} from '@console/shared-sdk/contract';
import { badRequest, conflict, fieldError, type FieldErrors } from '../../platform/http/errors.js';
import { acceptDeviceTime, reachedLate } from '../../platform/device-time.js';

// What the logs share: staff make compliance logs and near misses on the mobile app, with a short
// reference, the device's time checked against the server's, the back-filled mark and a status workflow
// whose refusals name the moves there are; every log names people and lists by a range of its site's own
// local dates.

/**
 * "CL-3F9A1C": the last six hex digits of the id. The id is a UUIDv7 whose first digits are a timestamp
 * shared by everything made in the same few hours, so the random end is what tells two logs apart.
 */
export const logReference = (prefix: string, id: string) =>
  `${prefix}-${id.replace(/-/g, '').slice(-6).toUpperCase()}`;

/** The same reference in SQL, so a list can be searched by it. */
export const logReferenceSql = (prefix: string, id: AnyColumn): SQL<string> =>
  sql<string>`(${`${prefix}-`}::text || upper(right(${id}::text, 6)))`;

/**
 * A log's device time checked by the shared rule (platform/device-time.ts), answering the time to keep:
 * 400 on `field` when it is after the server's receipt beyond the clock skew, or, given `syncWindowHours`,
 * older than the sync window. Without it (when something happened, as opposed to when it was recorded)
 * only the future is refused. Ahead by up to the skew, the time kept is `now`, the receipt: a log stores
 * this answer, never the time as sent, so nothing is recorded in the future.
 */
export function assertDeviceTime(
  field: string,
  at: string,
  now: Date,
  label: string,
  syncWindowHours?: number,
): Date {
  return acceptDeviceTime(new Date(at), { field, label, receivedAt: now, syncWindowHours });
}

/** Whether a log reached the server more than 30 minutes after it was made (DOMAIN.md's back-filled). */
export const isBackFilled = reachedLate;

/**
 * A log list's default order in words, for its OpenAPI description: the spec's default sort is `_id`
 * ascending, and the logs keep their own (docs/decisions.md, "The logs' default order").
 */
export const defaultOrderWords = (order: string, why = 'an admin reads a log from what happened last') =>
  `Without \`sort\`, ${order}, not the spec's \`_id\` ascending (oldest first): ${why}. Send ` +
  '`sort=_id` for the spec’s order.';

export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** A joined person as a log names them; null when the join found nobody. */
export function loggedPerson(
  id: string | null,
  person: { firstName: string; lastName: string } | null,
): LoggedPerson | null {
  return id === null || person === null ? null : { _id: id, name: personName(person) };
}

/** The range a list asked for, in local dates; left out, the last `defaultDays` days of each site. */
export interface LocalDateRange {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/**
 * Rows whose `column` instant falls on the range's local dates of their own site (`timeZoneId`, a joined
 * site's zone), both ends included. The bounds are the instants of local midnight, so a site's index on
 * (site, instant) answers it; without dates, each site's today and the `defaultDays - 1` days before.
 */
export function localDateRangeWhere(
  column: AnyColumn,
  timeZoneId: AnyColumn,
  range: LocalDateRange,
  now: Date,
  defaultDays: number,
): SQL {
  const given = range.startDate !== undefined && range.endDate !== undefined;
  const end = given
    ? sql`${range.endDate}::date`
    : sql`(${now.toISOString()}::timestamptz at time zone ${timeZoneId})::date`;
  const start = given ? sql`${range.startDate}::date` : sql`(${end} - ${defaultDays - 1}::int)`;
  return sql`(${column} >= (${start})::timestamp at time zone ${timeZoneId} and ${column} < (${end} + 1)::timestamp at time zone ${timeZoneId})`;
}

/**
 * Checks a status change against a workflow: staying put is no move; a move the workflow has not is 409
 * naming the moves there are (or saying what to do instead, from `hint`); reopening a closed log without
 * a reason is a 400 on `reason` (a mistake in what was sent, as for tasks and readings). Returns whether
 * the status moves.
 */
export function assertMove(
  workflow: LogWorkflow,
  what: string,
  from: LogStatus,
  to: LogStatus | undefined,
  reason: string | undefined,
  hint?: (from: LogStatus, to: LogStatus) => string | undefined,
): boolean {
  if (to === undefined || to === from) return false;
  const label = (status: LogStatus) => `${workflow.labels[status]} (${status})`;
  if (!canMove(workflow, from, to)) {
    const allowed = workflow.moves[from].map(label).join(' or ');
    throw conflict(
      hint?.(from, to) ??
        `A ${what} that is ${label(from)} cannot move to ${label(to)}; it can move to ${allowed}`,
    );
  }
  // A missing reason is a mistake in what was sent, like a task's or a reading's: a 400 on the field.
  if (reason === undefined && isReopening(workflow, from, to)) {
    throw fieldError(
      'reason',
      `Give a reason to reopen this ${what}: reopening a closed ${what} is kept in its history`,
    );
  }
  return true;
}

/** A 400 naming the first problem, with every problem of the lines sent as field errors; none, nothing. */
export function refuseFieldErrors(errors: FieldErrors) {
  const [first] = Object.entries(errors);
  if (first) throw badRequest(`${first[0]}: ${first[1][0] ?? 'Not valid'}`, errors);
}

/** A text a form may clear: blank is none. */
export const textOrNull = (value: string | null | undefined) => (value ? value : null);
