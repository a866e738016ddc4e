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

/** Where a temperature reading came from: a person with a probe, or a wireless sensor on its own. */
export const readingSources = ['STAFF', 'SENSOR'] as const;
export const readingSourceSchema = z.enum(readingSources);
export type ReadingSource = z.infer<typeof readingSourceSchema>;
export const readingSourceLabels: Record<ReadingSource, string> = { STAFF: 'Staff', SENSOR: 'Sensor' };
