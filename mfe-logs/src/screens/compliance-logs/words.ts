import { logTypeSchema, type LogType, type Option } from '@console/shared-sdk';
import { complianceAnswerLabels, temperatureText, type TemperatureUnit } from '@console/shared-sdk/contract';
import {
  checkKindAt,
  checkOf,
  judgeReading,
  limitsText,
  complianceAnswerSchema,
  standardsOf,
  temperatureStandards,
  type ComplianceAnswerRecord,
  type ComplianceLog,
} from '@console/shared-sdk/logs';

// A compliance log's parts in words, from the same temperature standards the API judges by, so the
// console never tells a different story from the stored result. Temperatures are in the unit of the log's
// site, checks and limits in the words of the rule set the log was judged by.

export const logTypeLabel = (type: LogType) => temperatureStandards[type].label;

export const logTypeOptions: readonly Option[] = logTypeSchema.options.map((type) => ({
  value: type,
  label: logTypeLabel(type),
}));

export const answerOptions: readonly Option[] = complianceAnswerSchema.options.map((answer) => ({
  value: answer,
  label: complianceAnswerLabels[answer],
}));

export interface TemperatureVerdict {
  /** "4.2 °C", "39.6 °F" */
  reading: string;
  /** Pass, warn or fail against the limits kept on the line; null when it had none to judge by. */
  result: 'PASS' | 'WARN' | 'FAIL' | null;
  /** "at most 5 °C (warns up to 8 °C)", with the check's name when the type has several. */
  limits: string | null;
}

/**
 * A line's temperature judged by the limits kept on the line when it was answered, written in `unit` (the
 * log's site's), its check named by the rule set the log was judged by: the log's own, kept when its site's
 * rules change later.
 */
export function temperatureVerdict(
  log: Pick<ComplianceLog, 'logType' | 'jurisdiction'>,
  line: Pick<ComplianceAnswerRecord, 'celsius' | 'checkKind' | 'limits'>,
  unit: TemperatureUnit,
): TemperatureVerdict | null {
  if (line.celsius === null) return null;
  const { logType, jurisdiction } = log;
  // The API stores the check of the log's set; a template's kind of another set is read as this set's.
  const kind = line.checkKind && (checkKindAt(logType, line.checkKind, jurisdiction) ?? line.checkKind);
  const check = kind ? checkOf(logType, kind, jurisdiction) : undefined;
  const limits = line.limits ? { ...line.limits, upperExclusive: check?.limits.upperExclusive } : null;
  const several = standardsOf(jurisdiction)[logType].checks.length > 1;
  return {
    reading: temperatureText(line.celsius, unit),
    result: limits ? judgeReading(line.celsius, limits) : null,
    limits: limits ? `${several && check ? `${check.label}: ` : ''}${limitsText(limits, unit)}` : null,
  };
}
