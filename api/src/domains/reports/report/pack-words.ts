import {
  checkedSubjectLabels,
  complianceLogWorkflow,
  complianceResultLabels,
  documentCategoryLabels,
  documentExpiryLabels,
  formatDay,
  formatInstant,
  nearMissCategoryLabels,
  nearMissWorkflow,
  scoreBandLabels,
  taskBucketLabels,
  temperatureItemKindLabels,
  temperatureResultLabels,
  type ComplianceLog,
  type DocumentRecord,
  type NearMiss,
  type RecordCheck,
  type RecordMismatch,
  type Score,
} from '@console/shared-sdk/contract';
import type {
  PackCorrection,
  PackDeletion,
  PackEquipmentLine,
  PackReading,
  PackTaskEntry,
} from './pack-content.js';

// The pack's words, shared by the PDF and the XLSX, so both say the same thing the same way. Every code of
// the contract goes through the contract's own labels (the console's), never printed as the code.

// Dates in the console's one style (the contract's date words), as the screens and notifications write them.

/** "3 Nov 2026". */
export const dateWords = (date: string) => formatDay(date);

/** "Tue, 3 Nov 2026". */
export const dayWords = (date: string) => formatDay(date, 'weekdayDate');

/** "3 Nov 2026, 14:05" in the site's zone. */
export const instantWords = (instant: string, zone: string) => formatInstant(instant, zone);

/** "3 Nov 2026, 14:05" from a local "YYYY-MM-DD HH:MM": a wall clock already, written as UTC's. */
export const localWords = (local: string) => formatInstant(`${local.replace(' ', 'T')}:00Z`, 'UTC');

/** "26 Aug 2026 to 23 Nov 2026". */
export const rangeWords = (startDate: string, endDate: string) =>
  `${dateWords(startDate)} to ${dateWords(endDate)}`;

/** "92.5 (Amber): 120 due, 108 on time, 6 late, 6 missed". */
export function scoreWords(score: Score): string {
  const counts = `${score.due} due, ${score.onTime} on time, ${score.late} late, ${score.missed} missed`;
  if (score.score === null || score.band === null) return `no score (nothing was due): ${counts}`;
  return `${score.score} (${scoreBandLabels[score.band]}): ${counts}`;
}

/** "−17.5 °C", with the typographic minus, so a freezer's reading never reads as a positive temperature. */
export const celsiusWords = (celsius: number) => `${celsius < 0 ? '−' : ''}${Math.abs(celsius)} °C`;

export const resultWords = (result: PackReading['result']) => temperatureResultLabels[result];

/** What a failed or warned reading comes to, in full. */
export function excursionWords(reading: PackReading): string {
  return [
    `${celsiusWords(reading.celsius)}: ${resultWords(reading.result)}`,
    `limits ${reading.limits}`,
    reading.aboveLegalLimit ? 'above the legal limit' : null,
    reading.backFilled ? 'back-filled' : null,
    reading.sensor ? 'sensor' : null,
    reading.correctiveAction ? `corrective action: ${reading.correctiveAction}` : null,
    reading.note ? `note: ${reading.note}` : null,
    reading.readBy ? `read by ${reading.readBy}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * A reading in an item's day line: "07:02 3.1", marked when it failed, warned, was back-filled or was
 * logged by a sensor.
 */
export function compactReadingWords(reading: PackReading): string {
  const marks = [
    reading.result === 'PASS' ? null : resultWords(reading.result),
    reading.aboveLegalLimit && reading.result === 'PASS' ? 'above the legal limit' : null,
    reading.backFilled ? 'back-filled' : null,
    reading.sensor ? 'sensor' : null,
  ].filter(Boolean);
  return `${reading.time} ${celsiusWords(reading.celsius).replace(' °C', '')}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`;
}

/**
 * What of a day is not due yet (today's later tasks, the days ahead), so a day listed with nothing due says
 * why rather than reading as a day without tasks; empty when everything of the day is past due.
 */
export function notYetDueWords(day: { upcoming: number }): string {
  return day.upcoming > 0 ? `${day.upcoming} not yet due` : '';
}

/** What happened to an occurrence worth naming: "Missed", "Completed late 10:42 by Ana Silva (synced late)". */
export function taskEntryWords(entry: PackTaskEntry): string {
  const outcome =
    entry.bucket === 'INCOMPLETE'
      ? 'Missed'
      : entry.bucket === 'LATE' || entry.bucket === 'ON_TIME'
        ? `${taskBucketLabels[entry.bucket]}${entry.completed ? ` ${entry.completed.slice(11)}` : ''}${entry.completedBy ? ` by ${entry.completedBy}` : ''}`
        : taskBucketLabels[entry.bucket];
  const marks = [
    entry.syncedLate ? 'synced late' : null,
    entry.enteredAfterTheFact ? 'entered after the fact' : null,
  ].filter(Boolean);
  const failed = entry.failedLines.map(
    (line) => `failed “${line.item}”${line.notes.length > 0 ? `: ${line.notes.join('; ')}` : ''}`,
  );
  return [`${entry.task}: ${outcome}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`, ...failed].join(
    '; ',
  );
}

export const correctionWords = (correction: PackCorrection, zone: string) =>
  `${celsiusWords(correction.before)} → ${celsiusWords(correction.after)}` +
  (correction.otherChanges.length > 0 ? `; also changed: ${correction.otherChanges.join(', ')}` : '') +
  ` — by ${correction.by} on ${instantWords(correction.at, zone)}: ${correction.reason}`;

export const deletionWords = (deletion: PackDeletion, zone: string) =>
  `${celsiusWords(deletion.celsius)} deleted by ${deletion.by} on ${instantWords(deletion.at, zone)}: ${deletion.reason}`;

export const complianceStatusWords = (log: ComplianceLog) => complianceLogWorkflow.labels[log.status];
export const complianceResultWords = (log: ComplianceLog) => complianceResultLabels[log.result];

export const nearMissStatusWords = (report: NearMiss) => nearMissWorkflow.labels[report.status];
/** "Slip or trip: Wet floor by the pass". */
export const nearMissTitleWords = (report: NearMiss) =>
  `${nearMissCategoryLabels[report.category]}: ${report.title}`;

export const documentCategoryWords = (document: DocumentRecord) => documentCategoryLabels[document.category];
export const documentExpiryWords = (document: DocumentRecord) =>
  document.expiry === null || document.expiry === undefined ? '' : documentExpiryLabels[document.expiry];

const problemWords: Record<RecordMismatch['problem'], string> = {
  CHANGED: 'changed in the database, not through the console',
  NO_HISTORY: 'no history: made outside the console',
  DELETED: 'deleted outside the console',
};

/** "Temperature readings: Walk-in 9 °C at … — changed in the database (celsius)". */
export const mismatchWords = (mismatch: RecordMismatch) =>
  `${checkedSubjectLabels[mismatch.subject]}: ${mismatch.label}: ${problemWords[mismatch.problem]}` +
  (mismatch.fields.length > 0 ? ` (${mismatch.fields.join(', ')})` : '');

/** The record check's verdict in one sentence. */
export const recordCheckVerdict = (check: RecordCheck) =>
  check.intact
    ? 'Records intact: every record of the range reads as its history says it was left, and the history chain is unbroken.'
    : `Records changed outside the console: ${check.mismatches.length} record(s) differ from their history${check.chain.valid ? '' : ', and the history chain is broken'}.`;

const chainProblemWords: Record<NonNullable<RecordCheck['chain']['problem']>, string> = {
  changed: 'an entry was changed',
  missing: 'an entry is missing',
  unlinked: 'an entry does not follow the one before',
};

export const chainWords = (check: RecordCheck) =>
  check.chain.valid
    ? `History chain: ${check.chain.entries} entries, unbroken.`
    : `History chain broken at entry ${check.chain.brokenAt ?? '?'}: ${check.chain.problem ? chainProblemWords[check.chain.problem] : 'unknown'}.`;

/** What an item of the equipment is: "Fridge or freezer", "Probe", "Food item". */
export const equipmentKindWords = (kind: PackEquipmentLine['kind']) => temperatureItemKindLabels[kind];
