import { z } from 'zod';

// What the console alerts people to (issue 24): each happening is one event, fanned out to the people who
// should hear of it on the channels their notification settings choose, and to the organisation's
// webhooks. The words of each kind are alertEventKindLabels.

export const alertEventKinds = [
  'TEMPERATURE_FAILED',
  'TASK_OVERDUE',
  'CHECKS_MISSED',
  'DOCUMENT_EXPIRING',
  'DOCUMENT_EXPIRED',
  'NEAR_MISS_REPORTED',
  'SENSOR_OFFLINE',
  'FOLLOW_UP_DUE',
  'CORRECTIVE_ACTION_OVERDUE',
  'PROBE_SENSOR_DISAGREE',
  'REVIEW_DUE',
] as const;
export const alertEventKindSchema = z.enum(alertEventKinds);
export type AlertEventKind = z.infer<typeof alertEventKindSchema>;

export const alertEventKindLabels: Record<AlertEventKind, string> = {
  TEMPERATURE_FAILED: 'Temperature failure',
  TASK_OVERDUE: 'Overdue task',
  CHECKS_MISSED: 'Opening or closing checks missed',
  DOCUMENT_EXPIRING: 'Document expiring',
  DOCUMENT_EXPIRED: 'Document expired',
  NEAR_MISS_REPORTED: 'Near miss reported',
  SENSOR_OFFLINE: 'Sensor offline',
  FOLLOW_UP_DUE: 'Follow-up check due',
  CORRECTIVE_ACTION_OVERDUE: 'Corrective action overdue',
  PROBE_SENSOR_DISAGREE: 'The sensor and the probe disagree',
  REVIEW_DUE: 'Four-weekly review due',
};

// ---- how urgent each kind is, and its words when several are told together ----------------------------

/**
 * How urgent an alert is, most urgent first: a failure or something overdue (food may be unsafe, a check
 * was not done), a warning (something to look at before it becomes one), information (nothing is wrong
 * yet). The bell lists the most urgent groups first.
 */
export const alertSeverities = ['URGENT', 'WARNING', 'INFORMATION'] as const;
export const alertSeveritySchema = z.enum(alertSeverities);
export type AlertSeverity = z.infer<typeof alertSeveritySchema>;
export const alertSeverityLabels: Record<AlertSeverity, string> = {
  URGENT: 'Failure or overdue',
  WARNING: 'Warning',
  INFORMATION: 'Information',
};

/** Each kind's severity. */
export const alertEventSeverities: Record<AlertEventKind, AlertSeverity> = {
  TEMPERATURE_FAILED: 'URGENT',
  TASK_OVERDUE: 'URGENT',
  CHECKS_MISSED: 'URGENT',
  FOLLOW_UP_DUE: 'URGENT',
  CORRECTIVE_ACTION_OVERDUE: 'URGENT',
  // A document past its date: the site trades without what it should hold (a certificate, an insurance).
  DOCUMENT_EXPIRED: 'URGENT',
  // A sensor gone silent or disagreeing with a probe: readings may be missing or wrong, nothing failed yet.
  SENSOR_OFFLINE: 'WARNING',
  PROBE_SENSOR_DISAGREE: 'WARNING',
  // A near miss happened and was dealt with on the spot; it asks for a look and an investigation.
  NEAR_MISS_REPORTED: 'WARNING',
  REVIEW_DUE: 'WARNING',
  // Weeks before the date: time to renew, nothing is wrong yet.
  DOCUMENT_EXPIRING: 'INFORMATION',
};

/** The minutes in which alerts of one kind (and place) are told together, unless the server says otherwise. */
export const defaultAlertGroupMinutes = 5;

/** A kind's words for one alert and for several, as titles count them ("4 sensors offline"). */
export const alertCountWords: Record<AlertEventKind, { one: string; many: string }> = {
  TEMPERATURE_FAILED: { one: 'temperature failure', many: 'temperature failures' },
  TASK_OVERDUE: { one: 'overdue task', many: 'overdue tasks' },
  CHECKS_MISSED: {
    one: 'missed round of opening or closing checks',
    many: 'missed rounds of opening or closing checks',
  },
  DOCUMENT_EXPIRING: { one: 'document expiring', many: 'documents expiring' },
  DOCUMENT_EXPIRED: { one: 'document expired', many: 'documents expired' },
  NEAR_MISS_REPORTED: { one: 'near miss reported', many: 'near misses reported' },
  SENSOR_OFFLINE: { one: 'sensor offline', many: 'sensors offline' },
  FOLLOW_UP_DUE: { one: 'follow-up check due', many: 'follow-up checks due' },
  CORRECTIVE_ACTION_OVERDUE: { one: 'corrective action overdue', many: 'corrective actions overdue' },
  PROBE_SENSOR_DISAGREE: {
    one: 'sensor disagreeing with its probe',
    many: 'sensors disagreeing with their probes',
  },
  REVIEW_DUE: { one: 'four-weekly review due', many: 'four-weekly reviews due' },
};

/** `count` alerts of a kind in words: "1 sensor offline", "4 sensors offline". */
export const alertCountText = (kind: AlertEventKind, count: number) =>
  `${count} ${count === 1 ? alertCountWords[kind].one : alertCountWords[kind].many}`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where a group's alerts are, as its title says it. */
export interface AlertGroupPlace {
  /** How many sites its alerts are at. */
  siteCount: number;
  /** The site's name, when they are all at one. */
  siteName: string | null;
  /** Whether some are the organisation's own (a document of the whole organisation). */
  wholeOrganisation: boolean;
}

function placeWords(place: AlertGroupPlace): string {
  if (place.siteCount === 0) return 'for the whole organisation';
  const sites =
    place.siteCount === 1 && place.siteName !== null ? `at ${place.siteName}` : `at ${place.siteCount} sites`;
  return place.wholeOrganisation ? `${sites} and for the whole organisation` : sites;
}

/**
 * A group of alerts in words, as the bell, the notifications page and the e-mails say it: one alert keeps
 * its own title; several at one site are counted there ("4 sensors offline at Brighton"); at several sites,
 * the sites are ("Sensors offline at 6 sites").
 */
export function alertGroupTitle(
  group: { kind: AlertEventKind; count: number; title: string } & AlertGroupPlace,
): string {
  if (group.count === 1) return group.title;
  if (group.siteCount > 1) return `${capitalised(alertCountWords[group.kind].many)} ${placeWords(group)}`;
  return `${alertCountText(group.kind, group.count)} ${placeWords(group)}`;
}

/**
 * The alerts of a group that came after its first, told together once its time is up: "3 more sensors
 * offline at Brighton" (or without "more" to someone who was not told of the first).
 */
export function alertFollowUpTitle(
  group: { kind: AlertEventKind; count: number; more: boolean } & AlertGroupPlace,
): string {
  const words = group.count === 1 ? alertCountWords[group.kind].one : alertCountWords[group.kind].many;
  return `${group.count} ${group.more ? 'more ' : ''}${words} ${placeWords(group)}`;
}

/** Where a temperature reading came from: a person with a probe, or a wireless sensor on its own. */
export const readingSources = ['STAFF', 'SENSOR'] as const;
export const readingSourceSchema = z.enum(readingSources);
export type ReadingSource = z.infer<typeof readingSourceSchema>;
export const readingSourceLabels: Record<ReadingSource, string> = { STAFF: 'Staff', SENSOR: 'Sensor' };
