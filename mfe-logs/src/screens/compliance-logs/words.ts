import { logTypeSchema, type LogType, type Option } from '@console/shared-sdk';
import { complianceAnswerLabels } from '@console/shared-sdk/contract';
import {
  celsiusText,
  checkOf,
  judgeReading,
  limitsText,
  complianceAnswerSchema,
  temperatureStandards,
  type ComplianceAnswerRecord,
} from '@console/shared-sdk/logs';

// A compliance log's parts in words, from the same temperature standards the API judges by, so the
// console never tells a different story from the stored result.

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
  /** "4.2 °C" */
  reading: string;
  /** Pass, warn or fail against the limits kept on the line; null when it had none to judge by. */
  result: 'PASS' | 'WARN' | 'FAIL' | null;
  /** "at most 5 °C (warns up to 8 °C)", with the check's name when the type has several. */
  limits: string | null;
}

/** A line's temperature judged by the limits kept on the line when it was answered. */
export function temperatureVerdict(
  logType: LogType,
  line: Pick<ComplianceAnswerRecord, 'celsius' | 'checkKind' | 'limits'>,
): TemperatureVerdict | null {
  if (line.celsius === null) return null;
  const check = line.checkKind ? checkOf(logType, line.checkKind) : undefined;
  const limits = line.limits ? { ...line.limits, upperExclusive: check?.limits.upperExclusive } : null;
  const several = temperatureStandards[logType].checks.length > 1;
  return {
    reading: celsiusText(line.celsius),
    result: limits ? judgeReading(line.celsius, limits) : null,
    limits: limits ? `${several && check ? `${check.label}: ` : ''}${limitsText(limits)}` : null,
  };
}
