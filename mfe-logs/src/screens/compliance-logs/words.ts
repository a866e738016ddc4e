import { logTypeSchema, type LogType, type Option } from '@console/shared-sdk';
import {
  complianceAnswerLabels,
  jurisdictions,
  temperatureText,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import {
  checkOf,
  judgeReading,
  limitsText,
  complianceAnswerSchema,
  standardsOf,
  temperatureStandards,
  type ComplianceAnswerRecord,
  type TemperatureCheck,
} from '@console/shared-sdk/logs';

// A compliance log's parts in words, from the same temperature standards the API judges by, so the
// console never tells a different story from the stored result. Temperatures are in the unit of the log's
// site.

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
 * The check `kind` of a log type under the log's site's rule set; where that set is not known (a site the
 * site list has not given) or has no such check, under the first set that has it.
 */
function checkOfLine(
  logType: LogType,
  kind: string,
  jurisdiction: string | null,
): TemperatureCheck | undefined {
  const own = jurisdiction ? checkOf(logType, kind, jurisdiction) : undefined;
  if (own) return own;
  for (const set of jurisdictions) {
    const found = checkOf(logType, kind, set);
    if (found) return found;
  }
  return undefined;
}

/**
 * A line's temperature judged by the limits kept on the line when it was answered, written in `unit`
 * (its site's); `jurisdiction` is its site's rule set, when known.
 */
export function temperatureVerdict(
  logType: LogType,
  line: Pick<ComplianceAnswerRecord, 'celsius' | 'checkKind' | 'limits'>,
  unit: TemperatureUnit,
  jurisdiction: string | null,
): TemperatureVerdict | null {
  if (line.celsius === null) return null;
  const check = line.checkKind ? checkOfLine(logType, line.checkKind, jurisdiction) : undefined;
  const limits = line.limits ? { ...line.limits, upperExclusive: check?.limits.upperExclusive } : null;
  const several = standardsOf(jurisdiction)[logType].checks.length > 1;
  return {
    reading: temperatureText(line.celsius, unit),
    result: limits ? judgeReading(line.celsius, limits) : null,
    limits: limits ? `${several && check ? `${check.label}: ` : ''}${limitsText(limits, unit)}` : null,
  };
}
