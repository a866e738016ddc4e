import {
  checkedSubjectLabels,
  complianceLogWorkflow,
  complianceResultLabels,
  correctiveActionKindLabels,
  correctiveActionStateLabels,
  correctiveCheckTypeLabels,
  documentCategoryLabels,
  documentExpiryLabels,
  formatDay,
  formatDayRange,
  formatInstant,
  formatWallTime,
  fromCelsius,
  nearMissCategoryLabels,
  nearMissWorkflow,
  ruleSetOf,
  scoreBandLabels,
  taskBucketLabels,
  temperatureItemKindLabels,
  temperatureResultLabels,
  unitSymbols,
  type ComplianceLog,
  type DocumentRecord,
  type NearMiss,
  type RecordCheck,
  type RecordMismatch,
  type RuleSet,
  type Score,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import type {
  PackCorrectiveAction,
  PackCorrection,
  PackDeletion,
  PackEquipmentLine,
  PackReading,
  PackReview,
  PackTarget,
  PackTaskEntry,
} from './pack-content.js';

// The pack's words, shared by the PDF and the XLSX, so both say the same thing the same way. Every code of
// the contract goes through the contract's own labels (the console's), never printed as the code.

/**
 * How the pack writes its site's records: temperatures in the site's unit (the records' °C converted), dates
 * and times on its clock in its locale (month first and a 12-hour clock at an American site), as the
 * console's date words write them.
 */
export interface PackWriting {
  unit: TemperatureUnit;
  zone: string;
  locale: string;
}

/** The writing of a pack's site, from its rule set. */
export function packWritingOf(site: Pick<PackTarget['site'], 'jurisdiction' | 'timeZoneId'>): PackWriting {
  const set = ruleSetOf(site.jurisdiction);
  return { unit: set.unit, zone: site.timeZoneId, locale: set.locale };
}

/** "3 Nov 2026", "Nov 3, 2026". */
export const dateWords = (date: string, writing: PackWriting) => formatDay(date, 'date', writing.locale);

/** "Tue, 3 Nov 2026". */
export const dayWords = (date: string, writing: PackWriting) =>
  formatDay(date, 'weekdayDate', writing.locale);

/** "Tue, 3 Nov", "Tue, Nov 3": a day of a week's grid. */
export const weekDayWords = (date: string, writing: PackWriting) =>
  `${formatDay(date, 'weekday', writing.locale)}, ${formatDay(date, 'dayMonth', writing.locale)}`;

/** "3 Nov 2026, 14:05", "Nov 3, 2026, 2:05 PM" in the site's zone. */
export const instantWords = (instant: string, writing: PackWriting) =>
  formatInstant(instant, writing.zone, 'dateTime', writing.locale);

/** A wall clock already ("YYYY-MM-DD HH:MM", the site's), written as UTC's. */
const wallClock = (local: string) => `${local.replace(' ', 'T')}:00Z`;

/** "3 Nov 2026, 14:05" from a local "YYYY-MM-DD HH:MM". */
export const localWords = (local: string, writing: PackWriting) =>
  formatInstant(wallClock(local), 'UTC', 'dateTime', writing.locale);

/** "14:05", "2:05 PM" from a local "HH:MM". */
export const timeWords = (time: string, writing: PackWriting) => formatWallTime(time, writing.locale);

/** "26 Aug 2026 to 23 Nov 2026". */
export const rangeWords = (startDate: string, endDate: string, writing: PackWriting) =>
  `${dateWords(startDate, writing)} to ${dateWords(endDate, writing)}`;

/** "92.5 (Amber): 120 due, 108 on time, 6 late, 6 missed". */
export function scoreWords(score: Score): string {
  const counts = `${score.due} due, ${score.onTime} on time, ${score.late} late, ${score.missed} missed`;
  if (score.score === null || score.band === null) return `no score (nothing was due): ${counts}`;
  return `${score.score} (${scoreBandLabels[score.band]}): ${counts}`;
}

/** A stored °C value in the site's unit as a bare number, with the typographic minus: "−17.5", "41". */
export const degreesWords = (celsius: number, writing: PackWriting) => {
  const value = fromCelsius(celsius, writing.unit);
  return `${value < 0 ? '−' : ''}${Math.abs(value)}`;
};

/** "−17.5 °C", "41 °F": the minus typographic, so a freezer's reading never reads as a positive temperature. */
export const temperatureWords = (celsius: number, writing: PackWriting) =>
  `${degreesWords(celsius, writing)} ${unitSymbols[writing.unit]}`;

export const resultWords = (result: PackReading['result']) => temperatureResultLabels[result];

/** What a failed or warned reading comes to, in full. */
export function excursionWords(reading: PackReading, writing: PackWriting): string {
  return [
    `${temperatureWords(reading.celsius, writing)}: ${resultWords(reading.result)}`,
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
 * A reading in an item's day line: "07:02 3.1", "7:02 AM 37.6", marked when it failed, warned, was
 * back-filled or was logged by a sensor.
 */
export function compactReadingWords(reading: PackReading, writing: PackWriting): string {
  const marks = [
    reading.result === 'PASS' ? null : resultWords(reading.result),
    reading.aboveLegalLimit && reading.result === 'PASS' ? 'above the legal limit' : null,
    reading.backFilled ? 'back-filled' : null,
    reading.sensor ? 'sensor' : null,
  ].filter(Boolean);
  return `${timeWords(reading.time, writing)} ${degreesWords(reading.celsius, writing)}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`;
}

/**
 * What of a day is not due yet (today's later tasks, the days ahead), so a day listed with nothing due says
 * why rather than reading as a day without tasks; empty when everything of the day is past due.
 */
export function notYetDueWords(day: { upcoming: number }): string {
  return day.upcoming > 0 ? `${day.upcoming} not yet due` : '';
}

/** What happened to an occurrence worth naming: "Missed", "Completed late 10:42 by Ana Silva (synced late)". */
export function taskEntryWords(entry: PackTaskEntry, writing: PackWriting): string {
  const outcome =
    entry.bucket === 'INCOMPLETE'
      ? 'Missed'
      : entry.bucket === 'LATE' || entry.bucket === 'ON_TIME'
        ? `${taskBucketLabels[entry.bucket]}${entry.completed ? ` ${timeWords(entry.completed.slice(11), writing)}` : ''}${entry.completedBy ? ` by ${entry.completedBy}` : ''}`
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

export const correctionWords = (correction: PackCorrection, writing: PackWriting) =>
  `${temperatureWords(correction.before, writing)} → ${temperatureWords(correction.after, writing)}` +
  (correction.otherChanges.length > 0 ? `; also changed: ${correction.otherChanges.join(', ')}` : '') +
  ` — by ${correction.by} on ${instantWords(correction.at, writing)}: ${correction.reason}`;

export const deletionWords = (deletion: PackDeletion, writing: PackWriting) =>
  `${temperatureWords(deletion.celsius, writing)} deleted by ${deletion.by} on ${instantWords(deletion.at, writing)}: ${deletion.reason}`;

export const complianceStatusWords = (log: ComplianceLog) => complianceLogWorkflow.labels[log.status];
export const complianceResultWords = (log: ComplianceLog) => complianceResultLabels[log.result];

export const nearMissStatusWords = (report: NearMiss) => nearMissWorkflow.labels[report.status];
/** "Slip or trip: Wet floor by the pass". */
export const nearMissTitleWords = (report: NearMiss) =>
  `${nearMissCategoryLabels[report.category]}: ${report.title}`;

export const documentCategoryWords = (document: DocumentRecord) => documentCategoryLabels[document.category];
export const documentExpiryWords = (document: DocumentRecord) =>
  document.expiry === null || document.expiry === undefined ? '' : documentExpiryLabels[document.expiry];

// ---- corrective actions ------------------------------------------------------------------------------------

/** "Failed reading (Fridge temperatures)". */
export const correctiveKindWords = (action: PackCorrectiveAction) =>
  `${correctiveActionKindLabels[action.kind]} (${correctiveCheckTypeLabels[action.checkType]})`;

/** "Awaiting action", "Awaiting action (overdue)", "Awaiting verification", "Verified". */
export const correctiveStateWords = (action: PackCorrectiveAction) =>
  `${correctiveActionStateLabels[action.state]}${action.overdue ? ' (overdue)' : ''}`;

/** "Food discarded: 2 kg chicken", "No food discarded", or nothing while no action is recorded. */
export function discardedWords(action: PackCorrectiveAction): string {
  if (action.foodDiscarded === null) return '';
  if (!action.foodDiscarded) return 'No food discarded';
  return `Food discarded${action.discardedQuantity ? `: ${action.discardedQuantity}` : ''}`;
}

/** "by Ana Silva on 3 Nov 2026, 14:05", or nothing when no one did it yet. */
const byOnWords = (by: string | null, at: string | null, writing: PackWriting) =>
  at === null ? '' : `${by ? `by ${by} ` : ''}on ${instantWords(at, writing)}`;

/** "Recorded by Ana Silva on 3 Nov 2026, 14:05". */
export const recordedWords = (action: PackCorrectiveAction, writing: PackWriting) => {
  const words = byOnWords(action.recordedBy, action.recordedAt, writing);
  return words ? `Recorded ${words}` : '';
};

/** "Verified by Tom Reed on 4 Nov 2026, 09:10: checked the fridge holds 3 °C". */
export const verifiedWords = (action: PackCorrectiveAction, writing: PackWriting) => {
  const words = byOnWords(action.verifiedBy, action.verifiedAt, writing);
  if (!words) return '';
  return `Verified ${words}${action.verificationNote ? `: ${action.verificationNote}` : ''}`;
};

/** "Reopened 2 times; latest reason: the fridge failed again", or nothing. */
export const reopenedWords = (action: PackCorrectiveAction) =>
  action.reopenCount === 0
    ? ''
    : `Reopened ${action.reopenCount === 1 ? 'once' : `${action.reopenCount} times`}` +
      (action.reopenReason ? `; latest reason: ${action.reopenReason}` : '');

/** What was done, food discarded, who recorded and who verified it, and any reopening, each on its line. */
export const correctiveOutcomeWords = (action: PackCorrectiveAction, writing: PackWriting) =>
  [
    action.actionTaken ?? 'Nothing recorded yet',
    discardedWords(action),
    recordedWords(action, writing),
    verifiedWords(action, writing),
    reopenedWords(action),
  ]
    .filter(Boolean)
    .join('\n');

export const noCorrectiveActionsWords = 'No deviation in these dates opened a corrective action.';

/** The first page's sentence when no action of the range awaits anything. */
export const allVerifiedWords = (count: number) =>
  count === 0
    ? noCorrectiveActionsWords
    : `Every deviation in these dates has a verified corrective action (${count}).`;

/** The first page's line after the unverified actions it names; `where` names the full list's place. */
export const moreUnverifiedWords = (more: number, where: string) => `And ${more} more, listed in ${where}.`;

// ---- four-weekly reviews -----------------------------------------------------------------------------------

/** "Four weeks of 30 Mar – 26 Apr 2026", in the site's date words. */
export const reviewPeriodWords = (review: PackReview, writing: PackWriting) =>
  `Four weeks of ${formatDayRange(review.periodStart, review.periodEnd, writing.locale)}`;

/** "Signed by Marcus Reid on 27 Apr 2026, 09:30" on the site's clock. */
export const reviewSignedWords = (review: PackReview, writing: PackWriting) =>
  `Signed ${review.signedBy ? `by ${review.signedBy} ` : ''}on ${instantWords(review.signedAt, writing)}`;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 recurring problems, 3 checks missed, 1 unresolved action, 0 near misses, 1 document due, 0 sensors offline". */
export const reviewFoundWords = ({ found }: PackReview) =>
  [
    counted(found.recurringProblems, 'recurring problem', 'recurring problems'),
    counted(found.checksMissed, 'check missed', 'checks missed'),
    counted(found.unresolvedActions, 'unresolved action', 'unresolved actions'),
    counted(found.nearMisses, 'near miss', 'near misses'),
    counted(found.documents, 'document due', 'documents due'),
    counted(found.sensorsOffline, 'sensor offline', 'sensors offline'),
  ].join(', ');

export const noReviewsWords = 'No four-weekly review of these dates is signed.';

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

// ---- the rules the pack's limits come from ---------------------------------------------------------------

/** The rule set a pack's site is judged by, in a sentence: its name, who enforces it and its unit. */
export const ruleSetWords = (set: RuleSet) =>
  `Judged by the rules of ${set.name}, enforced by ${set.authority}; temperatures in ${unitSymbols[set.unit]}.`;
