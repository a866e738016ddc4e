import { DateTime } from 'luxon';
import {
  checkedSubjectLabels,
  type LogStatus,
  type RecordMismatch,
  type Score,
} from '@console/shared-sdk/contract';

// The pack's words, shared by the PDF and the XLSX, so both say the same thing the same way.

/** "3 Nov 2026". */
export const dateWords = (date: string) => DateTime.fromISO(date, { zone: 'utc' }).toFormat('d LLL yyyy');

/** "3 Nov 2026 14:05" in the site's zone. */
export const instantWords = (instant: string, zone: string) =>
  DateTime.fromISO(instant, { zone }).toFormat('d LLL yyyy HH:mm');

/** "26 Aug 2026 to 23 Nov 2026". */
export const rangeWords = (startDate: string, endDate: string) =>
  `${dateWords(startDate)} to ${dateWords(endDate)}`;

/** "92.5 (amber): 120 due, 108 on time, 6 late, 6 missed". */
export function scoreWords(score: Score): string {
  const counts = `${score.due} due, ${score.onTime} on time, ${score.late} late, ${score.missed} missed`;
  if (score.score === null) return `no score (nothing was due): ${counts}`;
  return `${score.score} (${(score.band ?? '').toLowerCase()}): ${counts}`;
}

export const complianceStatusWords: Record<LogStatus, string> = {
  REPORTED: 'Awaiting review',
  PENDING: 'Follow-up',
  COMPLETED: 'Reviewed',
};

export const nearMissStatusWords: Record<LogStatus, string> = {
  REPORTED: 'Reported',
  PENDING: 'Under investigation',
  COMPLETED: 'Closed',
};

const problemWords: Record<RecordMismatch['problem'], string> = {
  CHANGED: 'changed in the database, not through the console',
  NO_HISTORY: 'no history: made outside the console',
  DELETED: 'deleted outside the console',
};

/** "Temperature readings: Walk-in 9 °C at … — changed in the database (celsius)". */
export const mismatchWords = (mismatch: RecordMismatch) =>
  `${checkedSubjectLabels[mismatch.subject]}: ${mismatch.label}: ${problemWords[mismatch.problem]}` +
  (mismatch.fields.length > 0 ? ` (${mismatch.fields.join(', ')})` : '');
