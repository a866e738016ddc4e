import { logTypeSchema, type LogType } from '../enums.js';
import { logTypeLabels } from '../log-type-labels.js';
import { limitsText, standardsOf, type TemperatureStandard } from '../temperature-standards.js';
import { unitSymbols } from '../units.js';
import type { RuleSet, RuleSource } from './rule-set.js';

// A rule set's legend: what each check asks, in the set's own unit, and where the figure comes from. The
// temperature log's export (its Rules sheet) and the inspection pack (its legend) print the same lines, so
// an inspector reads one wording wherever they meet a set.

/** A line of a legend: a check, what it asks in its rule set's unit, and where that comes from. */
export interface RuleLine {
  check: string;
  figure: string;
  source: string;
}

/** Where a figure comes from, as one line: "FDA Food Code 2022, 3-501.16(A)(2)". */
export const ruleSourceText = (source: RuleSource) => `${source.code}, ${source.section}`;

/** The °C limits of `set`'s checks, which the legend writes back in the set's unit. */
const checksOf = (set: RuleSet): Record<LogType, TemperatureStandard> => standardsOf(set);

/** The rules of a log type in `set`, in the order its checks are listed. */
function rulesOf(set: RuleSet, logType: LogType): readonly { kind: string; source: RuleSource }[] {
  switch (logType) {
    case 'COOKING_COOLING':
      return [set.cooking, ...set.cooling.stages];
    case 'HOT_HOLD_DISPLAY':
      return [set.hotHolding];
    case 'REHEATING':
      return [set.reheating];
    default:
      return set.checks[logType];
  }
}

/**
 * The legend of `set`: each check's figure in the set's own unit with its source (every cooling stage,
 * hot holding's re-check and the time reheating must take included), then the legal limits. `logTypes`
 * keeps the lines of those log types only (an inspection pack's, those its equipment was read for); without
 * it, every log type's.
 */
export function ruleSetLegend(set: RuleSet, logTypes?: ReadonlySet<LogType>): RuleLine[] {
  const standards = checksOf(set);
  const listed = logTypeSchema.options.filter((logType) => !logTypes || logTypes.has(logType));
  const lines: RuleLine[] = [];
  for (const logType of listed) {
    for (const rule of rulesOf(set, logType)) {
      const check = standards[logType].checks.find((one) => one.kind === rule.kind);
      if (!check) continue;
      const within =
        logType === 'REHEATING' && set.reheating.withinMinutes !== null
          ? `, within ${set.reheating.withinMinutes} minutes`
          : '';
      lines.push({
        check: `${logTypeLabels[logType]}: ${check.label}`,
        figure: `${limitsText(check.limits, set.unit)}${within}`,
        source: ruleSourceText(rule.source),
      });
    }
    if (logType === 'HOT_HOLD_DISPLAY')
      lines.push({
        check: `${logTypeLabels[logType]}: checked again`,
        figure: `every ${set.hotHolding.recheckMinutes} minutes`,
        source: ruleSourceText(set.hotHolding.recheckSource),
      });
  }
  const unit = unitSymbols[set.unit];
  for (const logType of listed) {
    const legal = set.legal[logType];
    if (!legal) continue;
    const figures = [
      legal.atMost === undefined ? null : `at most ${legal.atMost} ${unit}`,
      legal.atLeast === undefined ? null : `at least ${legal.atLeast} ${unit}`,
    ].filter((figure) => figure !== null);
    lines.push({
      check: `${logTypeLabels[logType]}: the legal limit`,
      figure: figures.join(' and '),
      source: ruleSourceText(legal.source),
    });
  }
  return lines;
}
