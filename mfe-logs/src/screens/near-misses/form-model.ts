import {
  isReopening,
  nearMissUpdateSchema,
  nearMissWorkflow,
  type LogStatus,
  type NearMiss,
  type NearMissCategory,
  type NearMissUpdate,
} from '@console/shared-sdk/logs';
import { todayIn } from '@console/shared-sdk/ui';
import { z } from 'zod';

// The near-miss edit form as data: what it holds, what it sends, and what it refuses before sending. It
// sends only what changed, and a reason exactly when the API asks for one (what staff wrote changed, or a
// closed report is reopened), so the contract's own reason rule speaks in the form.

/** A follow-up action as the form edits it: no owner is '', no due date null. */
export interface FollowUpForm {
  _id?: string;
  action: string;
  ownerId: string;
  dueOn: string | null;
  done: boolean;
}

/** When it happened, as the site's calendar and clock show it. */
export interface LocalMoment {
  date: string | null;
  time: string | null;
}

/** What staff wrote on the mobile app: changing any of it needs a reason. */
interface StaffWritten {
  category: NearMissCategory;
  whatHappened: string;
  location: string;
  occurredAt: LocalMoment;
  peopleInvolved: string;
  injuries: string;
  immediateAction: string;
}

export interface NearMissForm extends StaffWritten {
  status: LogStatus;
  outcome: string;
  title: string;
  followUps: FollowUpForm[];
  reason: string;
  /**
   * The report as the form opened it: where the workflow starts from, what counts as a change, and which
   * report and site its follow-ups' owners are chosen for.
   */
  opened: StaffWritten & {
    reportID: string;
    siteID: string;
    status: LogStatus;
    outcome: string;
    title: string;
    followUps: FollowUpForm[];
    timeZone: string;
  };
}

const staffTextKeys = ['whatHappened', 'location', 'peopleInvolved', 'injuries', 'immediateAction'] as const;

// ---- the site's wall clock and instants -------------------------------------------------------------------

const msPerDay = 86_400_000;
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockIn(zone: string): Intl.DateTimeFormat {
  let found = clockFormats.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(zone, found);
  }
  return found;
}

/** The wall clock of `zone` at `ms`, read back as if it were UTC: the zone's offset is the difference. */
function wallClockAsUtc(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    clockIn(zone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
}

/** The site's date and time of an instant. */
export function localMoment(instant: string, zone: string): LocalMoment {
  const ms = Date.parse(instant);
  return { date: todayIn(zone, new Date(ms)), time: clockIn(zone).format(new Date(ms)).slice(-5) };
}

/**
 * The instant a site's date and time name. A time the clocks skip (going forward) is read an hour later,
 * as the clocks showed it; a time they repeat (going back) is its first occurrence.
 */
export function instantOf(date: string, time: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (ms: number) => wallClockAsUtc(ms, zone) - ms;
  // The zone's offsets a day either side: a DST change in between makes them differ.
  const earlier = wall - offsetAt(wall - msPerDay);
  const later = wall - offsetAt(wall + msPerDay);
  const shown = [earlier, later].filter((ms) => wallClockAsUtc(ms, zone) === wall);
  return new Date(shown.length > 0 ? Math.min(...shown) : earlier).toISOString();
}

// ---- the form and the request ------------------------------------------------------------------------------

const followUpForm = (row: NearMiss['followUps'][number]): FollowUpForm => ({
  _id: row._id,
  action: row.action,
  ownerId: row.owner?._id ?? '',
  dueOn: row.dueOn,
  done: row.doneAt !== null,
});

export function nearMissForm(row: NearMiss): NearMissForm {
  const staff: StaffWritten = {
    category: row.category,
    whatHappened: row.whatHappened,
    location: row.location,
    occurredAt: localMoment(row.occurredAt, row.timeZoneId),
    peopleInvolved: row.peopleInvolved,
    injuries: row.injuries,
    immediateAction: row.immediateAction,
  };
  const followUps = row.followUps.map(followUpForm);
  return {
    ...staff,
    status: row.status,
    outcome: row.outcome ?? '',
    title: row.title,
    followUps,
    reason: '',
    opened: {
      ...staff,
      reportID: row._id,
      siteID: row.siteID,
      status: row.status,
      outcome: row.outcome ?? '',
      title: row.title,
      followUps,
      timeZone: row.timeZoneId,
    },
  };
}

const sameMoment = (a: LocalMoment, b: LocalMoment) => a.date === b.date && a.time === b.time;

/** True when the form changes something staff wrote. */
export function changesStaffWords(form: NearMissForm): boolean {
  const { opened } = form;
  return (
    form.category !== opened.category ||
    !sameMoment(form.occurredAt, opened.occurredAt) ||
    staffTextKeys.some((key) => form[key].trim() !== opened[key].trim())
  );
}

/** Why the form needs a reason, or null when it does not. */
export function reasonNeeded(form: NearMissForm): 'reopen' | 'staff' | null {
  if (isReopening(nearMissWorkflow, form.opened.status, form.status)) return 'reopen';
  return changesStaffWords(form) ? 'staff' : null;
}

const followUpInput = (item: FollowUpForm) => ({
  ...(item._id ? { _id: item._id } : {}),
  action: item.action.trim(),
  ownerId: item.ownerId || null,
  dueOn: item.dueOn || null,
  done: item.done,
});

/** The update body: the report's id and what changed, with the reason when one is needed. */
export function nearMissUpdate(form: NearMissForm, id: string): NearMissUpdate {
  const { opened } = form;
  const body: NearMissUpdate = { _id: id };
  if (form.status !== opened.status) body.status = form.status;
  const outcome = form.outcome.trim();
  const outcomeChanged = outcome !== opened.outcome.trim();
  // A closed report keeps an outcome: closing sends it even when blank, and so does clearing it on a
  // closed report, for the check below to say it is needed. On an open report a cleared one is none.
  if (form.status === 'COMPLETED') {
    if (form.status !== opened.status || outcomeChanged) body.outcome = outcome;
  } else if (outcomeChanged) body.outcome = outcome || null;
  if (form.title.trim() !== opened.title.trim()) body.title = form.title;
  if (form.category !== opened.category) body.category = form.category;
  for (const key of staffTextKeys) if (form[key].trim() !== opened[key].trim()) body[key] = form[key];
  if (!sameMoment(form.occurredAt, opened.occurredAt)) {
    const { date, time } = form.occurredAt;
    // A half-typed date or time is sent as it is, for the check below to name.
    body.occurredAt = date && time ? instantOf(date, time, opened.timeZone) : '';
  }
  if (JSON.stringify(form.followUps) !== JSON.stringify(opened.followUps))
    body.followUps = form.followUps.map(followUpInput);
  if (reasonNeeded(form)) body.reason = form.reason;
  return body;
}

/**
 * The contract's update schema, with the rules it leaves to the server because they depend on the stored
 * report: a closed report has an outcome, and it did not happen in the future.
 */
export const nearMissFormSchema = z.unknown().superRefine((body, context) => {
  const own = new Set<string>();
  const issue = (path: string, message: string) => {
    own.add(path);
    context.addIssue({ code: 'custom', path: [path], message });
  };
  if (typeof body === 'object' && body !== null) {
    const { outcome, occurredAt } = body as { outcome?: unknown; occurredAt?: unknown };
    if (outcome === '') issue('outcome', 'Say what the outcome was: a report is closed with one');
    if (occurredAt === '') issue('occurredAt', 'Give the date and the time it happened');
    else if (typeof occurredAt === 'string' && Date.parse(occurredAt) > Date.now())
      issue('occurredAt', 'Cannot be in the future');
  }
  const checked = nearMissUpdateSchema.safeParse(body);
  if (checked.success) return;
  for (const found of checked.error.issues) {
    if (own.has(String(found.path[0]))) continue;
    context.addIssue({ code: 'custom', path: found.path, message: found.message });
  }
});
