import { failureOf, type ComplianceAnswerRecord, type ComplianceLog } from '@console/shared-sdk/contract';
import type { Tx } from '../../../platform/db/client.js';
import { openCorrectiveAction, type OpenedDeviation } from '../../../platform/corrective-actions/open.js';
import { complianceLogDtos, type ComplianceLogRow } from './repository.js';

// A compliance log's failing lines are deviations (HACCP principle 5): each opens its corrective action in
// the transaction that records or corrects the log, once per line (its question's id), so a line corrected
// from failing to failing again, or a log sent twice, opens nothing new. The line's comment says what is
// wrong, not always what was done, so the action opens waiting for someone to record that.

/** What failed on a line, in the site's unit: the temperature's broken limit, or a NO answer. */
function lineFailure(log: ComplianceLog, line: ComplianceAnswerRecord): string {
  const broken =
    line.celsius !== null && line.limits !== null
      ? failureOf(line.celsius, line.limits, log.temperatureUnit)
      : null;
  const what = broken ?? 'answered No';
  return line.comment ? `${what} (“${line.comment}”)` : what;
}

/** The deviations of a compliance log's failing lines, its submitter's. */
export function failedLineDeviations(log: ComplianceLog): OpenedDeviation[] {
  return log.answers
    .filter((line) => line.result === 'FAIL')
    .map((line) => ({
      orgId: log.orgId,
      siteId: log.siteID,
      kind: 'CHECKLIST_LINE_FAILED' as const,
      checkType: log.logType,
      source: { subject: 'ComplianceLog' as const, recordId: log._id, lineId: line._id },
      deviation: `“${line.text}” failed on ${log.title} (${log.logID}) at ${log.siteName}: ${lineFailure(log, line)}`,
      details: {
        logID: log.logID,
        title: log.title,
        line: line.text,
        answer: line.answer,
        celsius: line.celsius,
        limits: line.limits,
        comment: line.comment,
        temperatureUnit: log.temperatureUnit,
      },
      occurredAt: new Date(log.submittedAt),
      actor: { id: log.submittedBy._id, name: log.submittedBy.name },
    }));
}

/** Opens the action of each failing line of `row` (as submitted or corrected). */
export async function openFailedLines(tx: Tx, row: ComplianceLogRow, now: Date): Promise<void> {
  if (!row.answers.some((line) => line.result === 'FAIL')) return;
  const [log] = await complianceLogDtos(tx, [row]);
  if (!log) return;
  for (const deviation of failedLineDeviations(log)) await openCorrectiveAction(tx, deviation, now);
}
