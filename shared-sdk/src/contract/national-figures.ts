import { z } from 'zod';
import { logTypeSchema, type LogType } from './enums.js';
import { logTypeLabels } from './log-type-labels.js';
import { jurisdictions, ruleSetOf, type CheckRule, type RuleSet } from './rule-sets/index.js';
import { fromCelsius, temperatureText } from './units.js';

// A general rule set (the EU's Regulation 852/2004) leaves its figures to each member state's law: an
// organisation with sites under it sets its country's own figures once, for all those sites. They replace
// the set's common figures when a reading is judged, and the pack's legend cites the law they come from.
// A reading keeps the limits it was judged by, so changing a figure never re-judges a past record.
// (Apart from common.ts, whose site options carry the figures: this file is read before it.)

/** One check of a general set, as an organisation's national figure may replace it. */
export interface NationalFigureCheck {
  logType: LogType;
  kind: string;
  /** "Hot holding: Hot holding", "Food delivery: Chilled delivery". */
  label: string;
  /** Which bounds the check has, so a figure sets only those (a fridge's at most, hot holding's at least). */
  bounds: { atLeast: boolean; atMost: boolean };
}

/** The checks of a set as its organisation may set them: every plain check, cooking, each cooling stage, hot holding and reheating. */
function checksOf(set: RuleSet): NationalFigureCheck[] {
  const line = (
    logType: LogType,
    rule: Pick<CheckRule, 'kind' | 'label' | 'atLeast' | 'atMost' | 'below'>,
  ) => ({
    logType,
    kind: rule.kind,
    label: `${logTypeLabels[logType]}: ${rule.label}`,
    bounds: {
      atLeast: rule.atLeast !== undefined,
      atMost: rule.atMost !== undefined || rule.below !== undefined,
    },
  });
  const lines: NationalFigureCheck[] = [];
  for (const logType of logTypeSchema.options) {
    if (logType === 'COOKING_COOLING') {
      lines.push(line(logType, set.cooking));
      for (const stage of set.cooling.stages) lines.push(line(logType, { ...stage, atMost: stage.to }));
    } else if (logType === 'HOT_HOLD_DISPLAY') {
      lines.push(line(logType, set.hotHolding));
    } else if (logType === 'REHEATING') {
      lines.push(line(logType, set.reheating));
    } else {
      for (const rule of set.checks[logType]) lines.push(line(logType, rule));
    }
  }
  return lines;
}

/** The checks an organisation may set national figures for: those of every set that leaves them to it. */
export const nationalFigureChecks: readonly NationalFigureCheck[] = (() => {
  const seen = new Set<string>();
  const all: NationalFigureCheck[] = [];
  for (const jurisdiction of jurisdictions) {
    const set = ruleSetOf(jurisdiction);
    if (!set.organisationSetsLimits) continue;
    for (const check of checksOf(set)) {
      const key = `${check.logType}/${check.kind}`;
      if (seen.has(key)) continue;
      seen.add(key);
      all.push(check);
    }
  }
  return all;
})();

const figureSchema = z
  .number({ message: 'Must be a temperature in °C' })
  .min(-100, 'Must be at least -100 °C')
  .max(150, 'Must be at most 150 °C')
  .nullable();

/** One national figure, in °C as the API keeps every temperature. */
export const nationalFigureSchema = z.object({
  logType: logTypeSchema,
  kind: z.string().trim().min(1, 'Choose the check').max(40),
  atLeast: figureSchema.default(null),
  atMost: figureSchema.default(null),
  /** The national law the figure comes from, as the pack's legend cites it. */
  source: z
    .string({ message: 'Source is required' })
    .trim()
    .min(1, 'Source is required')
    .max(200, 'Source is too long'),
});
export type NationalFigure = z.output<typeof nationalFigureSchema>;
export type NationalFigureInput = z.input<typeof nationalFigureSchema>;

/**
 * An organisation's national figures: each a check a general set has, at most once, with the bounds that
 * check has, at least below at most.
 */
export const nationalFiguresSchema = z
  .array(nationalFigureSchema)
  .max(nationalFigureChecks.length, 'At most one figure per check')
  .superRefine((figures, ctx) => {
    const seen = new Set<string>();
    figures.forEach((figure, index) => {
      const key = `${figure.logType}/${figure.kind}`;
      const check = nationalFigureChecks.find((one) => `${one.logType}/${one.kind}` === key);
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [index, field], message });
      if (!check) {
        issue(
          'kind',
          `Not a check a general rule set leaves to national law (${logTypeLabels[figure.logType]})`,
        );
        return;
      }
      if (seen.has(key)) issue('kind', `${check.label} is set twice`);
      seen.add(key);
      if (figure.atLeast !== null && !check.bounds.atLeast)
        issue('atLeast', `${check.label} has no lower limit`);
      if (figure.atMost !== null && !check.bounds.atMost)
        issue('atMost', `${check.label} has no upper limit`);
      if (figure.atLeast === null && figure.atMost === null) issue('atMost', 'Give the figure');
      if (figure.atLeast !== null && figure.atMost !== null && figure.atLeast >= figure.atMost) {
        issue('atLeast', `Must be below the upper limit (${temperatureText(figure.atMost, 'C')})`);
      }
    });
  });

/**
 * `set` with an organisation's national figures in place of its own, where the set leaves them to it; any
 * other set as it is. The figures are in °C and the set keeps its unit.
 */
export function withNationalFigures(
  set: RuleSet,
  figures: readonly NationalFigure[] | null | undefined,
): RuleSet {
  if (!set.organisationSetsLimits || !figures || figures.length === 0) return set;
  const figureOf = (logType: LogType, kind: string) =>
    figures.find((figure) => figure.logType === logType && figure.kind === kind);
  const inUnit = (celsius: number) => fromCelsius(celsius, set.unit, 2);
  const source = (figure: NationalFigure) => ({ code: figure.source, section: 'national figure' });
  const apply = <Rule extends CheckRule>(logType: LogType, rule: Rule): Rule => {
    const figure = figureOf(logType, rule.kind);
    if (!figure) return rule;
    const replaced: Rule = { ...rule, source: source(figure) };
    delete replaced.warnUpTo;
    if (figure.atLeast !== null) replaced.atLeast = inUnit(figure.atLeast);
    if (figure.atMost !== null) {
      if (rule.below !== undefined) replaced.below = inUnit(figure.atMost);
      else replaced.atMost = inUnit(figure.atMost);
    }
    return replaced;
  };
  const checks = Object.fromEntries(
    Object.entries(set.checks).map(([logType, rules]) => [
      logType,
      rules.map((rule) => apply(logType as LogType, rule)),
    ]),
  ) as unknown as RuleSet['checks'];
  return {
    ...set,
    checks,
    cooking: apply('COOKING_COOLING', set.cooking),
    cooling: {
      stages: set.cooling.stages.map((stage) => {
        const figure = figureOf('COOKING_COOLING', stage.kind);
        return figure?.atMost == null
          ? stage
          : { ...stage, to: inUnit(figure.atMost), source: source(figure) };
      }) as unknown as RuleSet['cooling']['stages'],
    },
    hotHolding: apply('HOT_HOLD_DISPLAY', set.hotHolding),
    reheating: apply('REHEATING', set.reheating),
  };
}
