import {
  complianceLogWorkflow,
  complianceResultLabels,
  correctiveActionStateLabels,
  documentCategoryLabels,
  formatDay,
  formatInstant,
  inspectorSectionLabels,
  logTypeLabels,
  nearMissCategoryLabels,
  nearMissWorkflow,
  siteReviewStateLabels,
  temperatureResultLabels,
  temperatureText,
  type HistoryAction,
  type InspectionPackFormat,
  type InspectorSection,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import type { HistoryRow } from '../../../platform/history/history.js';

// The inspector's view in words: what each subject is called, what an access opened, and a record's
// history as changed fields ("Temperature: 9.4 °C → 4.1 °C"). The history is read generically from each
// record's snapshots, so a subject that adds a field shows it without a change here; known fields are
// named and their codes and times written as the console writes them.

/** The subjects the view opens, in the words a row and an access name them. */
export const inspectorSubjects = {
  TemperatureLog: 'Temperature reading',
  Task: 'Task',
  ComplianceLog: 'Compliance log',
  NearMiss: 'Near miss',
  CorrectiveAction: 'Corrective action',
  Document: 'Document',
  SiteReview: 'Four-weekly review',
} as const;
export type InspectorSubject = keyof typeof inspectorSubjects;

export const isInspectorSubject = (subject: string): subject is InspectorSubject =>
  Object.hasOwn(inspectorSubjects, subject);

/** How a site writes times, dates and temperatures. */
export interface SiteWriting {
  zone: string;
  locale: string;
  unit: TemperatureUnit;
}

export const instantWords = (instant: Date | string, writing: SiteWriting) =>
  formatInstant(instant, writing.zone, 'dateTime', writing.locale);
export const dayWords = (day: string, writing: SiteWriting) => formatDay(day, 'date', writing.locale);
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

// ---- accesses ---------------------------------------------------------------------------------------------

export const accessWords = {
  view: () => 'Opened the view',
  section: (section: InspectorSection, siteName: string | null) =>
    `Listed ${inspectorSectionLabels[section]} (${siteName ?? 'all sites'})`,
  record: (subject: InspectorSubject, when: string) => `Opened ${inspectorSubjects[subject]} of ${when}`,
  pack: (format: InspectionPackFormat, siteName: string) =>
    `Downloaded the ${format === 'PDF' ? 'PDF' : 'Excel'} pack of ${siteName}`,
};

// ---- history ----------------------------------------------------------------------------------------------

const historyActionWords: Record<HistoryAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
};

/** Snapshot fields in words; any other is its name split into words ("discardedQuantity": "Discarded quantity"). */
const fieldWords: Record<string, string> = {
  celsius: 'Temperature',
  readAt: 'Time read',
  receivedAt: 'Time received',
  limits: 'Limits',
  result: 'Result',
  correctiveAction: 'Corrective action',
  note: 'Note',
  itemID: 'Item',
  checkKind: 'Check',
  logType: 'Log type',
  siteID: 'Site',
  readByID: 'Read by',
  coolingStartedAt: 'Cooling started',
  hotHoldEnded: 'Left hot holding',
  title: 'Title',
  answers: 'Answers',
  status: 'Status',
  reviewNote: 'Review note',
  reviewedBy: 'Reviewed by',
  category: 'Category',
  whatHappened: 'What happened',
  location: 'Where',
  occurredAt: 'When it happened',
  peopleInvolved: 'People involved',
  injuries: 'Injuries',
  immediateAction: 'Immediate action',
  followUps: 'Follow-up actions',
  outcome: 'Outcome',
  photoIDs: 'Photos',
  name: 'Name',
  expiresOn: 'Expires on',
  fileIDs: 'Files',
  state: 'State',
  actionTaken: 'What was done',
  foodDiscarded: 'Food discarded',
  discardedQuantity: 'Quantity discarded',
  recordedBy: 'Recorded by',
  verifiedBy: 'Verified by',
  verificationNote: 'Verification note',
  completedAt: 'Completed at',
  completedBy: 'Completed by',
  enteredAfterTheFact: 'Entered after the fact',
  items: 'Checklist',
  notes: 'Notes',
  changes: 'Changes',
  signedBy: 'Signed by',
  signedAt: 'Signed at',
};

/** The codes a field holds, per subject where the same field means different things. */
const codeWords: Record<string, Record<string, string>> = {
  result: { ...temperatureResultLabels, ...complianceResultLabels },
  state: { ...correctiveActionStateLabels, ...siteReviewStateLabels },
  logType: logTypeLabels,
};
const statusWords: Partial<Record<string, Record<string, string>>> = {
  ComplianceLog: complianceLogWorkflow.labels,
  NearMiss: nearMissWorkflow.labels,
  Task: { PENDING: 'To do', COMPLETED: 'Completed', REPORTED: 'Reported', DELETED: 'Deleted' },
};
const categoryWords: Partial<Record<string, Record<string, string>>> = {
  NearMiss: nearMissCategoryLabels,
  Document: documentCategoryLabels,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

const splitWords = (field: string) => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const fieldName = (field: string) => fieldWords[field] ?? splitWords(field);

/** A value in words, or null when it is no words to an inspector (an id, a nested record). */
function valueWords(subject: string, field: string, value: unknown, writing: SiteWriting): string | null {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number')
    return field === 'celsius' ? temperatureText(value, writing.unit) : String(value);
  if (typeof value !== 'string') return null;
  if (uuidPattern.test(value)) return null;
  const codes =
    field === 'status'
      ? statusWords[subject]
      : field === 'category'
        ? categoryWords[subject]
        : codeWords[field];
  if (codes?.[value]) return codes[value];
  if (instantPattern.test(value) && !Number.isNaN(Date.parse(value))) return instantWords(value, writing);
  if (dayPattern.test(value)) return dayWords(value, writing);
  return value;
}

const snapshotOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a change changed, a line per field: "Temperature: 9.4 °C → 4.1 °C", or "Answers changed". */
export function changedFields(
  subject: string,
  before: unknown,
  after: unknown,
  writing: SiteWriting,
): string[] {
  const was = snapshotOf(before);
  const now = snapshotOf(after);
  const lines: string[] = [];
  // A task's entry says what happened in words of its own.
  if (typeof now.summary === 'string' && now.summary !== '') lines.push(now.summary);
  if (before === null || after === null) return lines;
  // In the order the fields are named above (PostgreSQL gives a snapshot's keys back in its own order).
  const known = Object.keys(fieldWords);
  const place = (field: string) => (known.includes(field) ? known.indexOf(field) : known.length);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .filter((field) => field !== 'summary')
    .sort((a, b) => place(a) - place(b) || a.localeCompare(b));
  for (const field of fields) {
    if (same(was[field], now[field])) continue;
    const from = valueWords(subject, field, was[field], writing);
    const to = valueWords(subject, field, now[field], writing);
    lines.push(
      from === null || to === null ? `${fieldName(field)} changed` : `${fieldName(field)}: ${from} → ${to}`,
    );
  }
  return lines;
}

/** A record's history entries, newest first, in words. */
export function historyInWords(rows: readonly HistoryRow[], writing: SiteWriting) {
  return rows.map((row) => ({
    when: instantWords(row.at, writing),
    action: historyActionWords[row.action],
    actor: row.actorName,
    reason: row.reason,
    changes: changedFields(row.subject, row.changes.before, row.changes.after, writing),
  }));
}
