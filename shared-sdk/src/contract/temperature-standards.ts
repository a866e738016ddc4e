import type { LogType } from './enums.js';
import { logTypeLabels } from './log-type-labels.js';
import type { MasterTypeType } from './cold-storage-limits.js';
import {
  defaultJurisdiction,
  jurisdictions,
  ruleSetOf,
  type CheckRule,
  type RuleChoice,
  type RuleSet,
} from './rule-sets/index.js';
import type { TemperatureResult } from './temperature-logs.js';
import { temperatureText, toCelsius, type TemperatureUnit } from './units.js';

// The limits a reading is judged by, from its site's rule set (rule-sets/: one file per jurisdiction), and
// the one function that judges a reading against them. The API judges with it when a reading is recorded
// or corrected, the seed when it makes the demo's readings, and the console and the kitchen app show the
// same limits, so none of them disagree.

/**
 * The limits a reading is judged by, in °C; null is no bound on that side. A reading above `upperLimit`
 * but at most `warnUpTo` warns instead of failing (England's fridge between 5 and 8 °C).
 */
export interface TemperatureLimits {
  lowerLimit: number | null;
  upperLimit: number | null;
  warnUpTo: number | null;
  /**
   * The reading must be strictly below `upperLimit` (legionella's cold water, "below 20 °C"). It belongs
   * to the check, not to the numbers an organisation sets, so a stored reading takes it from its check.
   */
  upperExclusive?: boolean;
  /**
   * The legal maximum and minimum of the reading's log type in its rule set (England's fridge: 8 °C). They
   * belong to the law, not to the numbers an organisation sets, so a stored reading takes them from its
   * rule set: a reading beyond one is never a plain PASS (`judgeReading`), even on an item whose limit was
   * loosened with a reason.
   */
  legalMaximum?: number;
  legalMinimum?: number;
}

/** What a reading is taken of: a fridge's or freezer's temperature item, a probe, or a food item. */
export const temperatureItemKinds = ['TEMPERATURE_ITEM', 'PROBE', 'FOOD_ITEM'] as const;
export type TemperatureItemKind = (typeof temperatureItemKinds)[number];

/** One check of a log type: a delivery is checked CHILLED or FROZEN, a probe in ICE_WATER or BOILING_WATER. */
export interface TemperatureCheck {
  kind: string;
  label: string;
  limits: TemperatureLimits;
}

export interface TemperatureStandard {
  /** The log type in words. */
  label: string;
  /** The items whose readings are of this type. */
  itemKinds: readonly TemperatureItemKind[];
  /** The first is the default when a reading does not name its check. */
  checks: readonly [TemperatureCheck, ...TemperatureCheck[]];
}

/** The items each log type is read with, the same under every rule set. */
const logTypeItemKinds: Record<LogType, readonly TemperatureItemKind[]> = {
  FRIDGE: ['TEMPERATURE_ITEM'],
  FREEZER: ['TEMPERATURE_ITEM'],
  CELLAR: ['PROBE'],
  FOOD_DELIVERY: ['FOOD_ITEM', 'PROBE'],
  PROBE_CALIBRATION: ['PROBE'],
  COOKING_COOLING: ['FOOD_ITEM', 'PROBE'],
  HOT_HOLD_DISPLAY: ['FOOD_ITEM', 'PROBE'],
  REHEATING: ['FOOD_ITEM', 'PROBE'],
  LEGIONELLA_WATER: ['PROBE'],
  HOT_WATER: ['PROBE'],
};

/** A rule's figures, in its set's unit, as °C limits. */
function limitsOfRule(
  rule: Omit<CheckRule, 'kind' | 'label' | 'source'>,
  unit: TemperatureUnit,
): TemperatureLimits {
  const celsius = (value: number | undefined) => (value === undefined ? null : toCelsius(value, unit));
  const upper = rule.below ?? rule.atMost;
  return {
    lowerLimit: celsius(rule.atLeast),
    upperLimit: celsius(upper),
    warnUpTo: celsius(rule.warnUpTo),
    ...(rule.below === undefined ? {} : { upperExclusive: true }),
  };
}

/** A set's legal limits of a log type, in °C. */
function legalOf(set: RuleSet, logType: LogType): Pick<TemperatureLimits, 'legalMaximum' | 'legalMinimum'> {
  const legal = set.legal[logType];
  if (!legal) return {};
  return {
    ...(legal.atMost === undefined ? {} : { legalMaximum: toCelsius(legal.atMost, set.unit) }),
    ...(legal.atLeast === undefined ? {} : { legalMinimum: toCelsius(legal.atLeast, set.unit) }),
  };
}

/** A rule set as the limits of every check of every log type, in °C. */
function compile(set: RuleSet): Record<LogType, TemperatureStandard> {
  const check = (logType: LogType, rule: CheckRule): TemperatureCheck => ({
    kind: rule.kind,
    label: rule.label,
    limits: { ...limitsOfRule(rule, set.unit), ...legalOf(set, logType) },
  });
  const standard = (logType: LogType, rules: readonly [CheckRule, ...CheckRule[]]): TemperatureStandard => {
    const [first, ...rest] = rules;
    return {
      label: logTypeLabels[logType],
      itemKinds: logTypeItemKinds[logType],
      checks: [check(logType, first), ...rest.map((rule) => check(logType, rule))],
    };
  };
  const stages = set.cooling.stages.map((stage) => ({ ...stage, atMost: stage.to }));
  return {
    FRIDGE: standard('FRIDGE', set.checks.FRIDGE),
    FREEZER: standard('FREEZER', set.checks.FREEZER),
    CELLAR: standard('CELLAR', set.checks.CELLAR),
    FOOD_DELIVERY: standard('FOOD_DELIVERY', set.checks.FOOD_DELIVERY),
    PROBE_CALIBRATION: standard('PROBE_CALIBRATION', set.checks.PROBE_CALIBRATION),
    COOKING_COOLING: standard('COOKING_COOLING', [set.cooking, ...stages]),
    HOT_HOLD_DISPLAY: standard('HOT_HOLD_DISPLAY', [set.hotHolding]),
    REHEATING: standard('REHEATING', [set.reheating]),
    LEGIONELLA_WATER: standard('LEGIONELLA_WATER', set.checks.LEGIONELLA_WATER),
    HOT_WATER: standard('HOT_WATER', set.checks.HOT_WATER),
  };
}

// Keyed by the set itself: the built-in sets are one object each, and a set with an organisation's national
// figures is made once per request or screen and compiled once with it.
const compiled = new WeakMap<RuleSet, Record<LogType, TemperatureStandard>>();

/** Every check of every log type under `jurisdiction`'s rule set, in °C. */
export function standardsOf(jurisdiction: RuleChoice): Record<LogType, TemperatureStandard> {
  const set = ruleSetOf(jurisdiction);
  let standards = compiled.get(set);
  if (!standards) {
    standards = compile(set);
    compiled.set(set, standards);
  }
  return standards;
}

/**
 * The default rule set's checks, for what is the same under every set: the log types' words and items,
 * and the filters of a list across sites. Anything judged or shown for one site reads its own set.
 */
export const temperatureStandards: Record<LogType, TemperatureStandard> = standardsOf(defaultJurisdiction);

/** The check `kind` of a log type under `jurisdiction`, or undefined when its set has no such check. */
export function checkOf(
  logType: LogType,
  kind: string,
  jurisdiction: RuleChoice,
): TemperatureCheck | undefined {
  return standardsOf(jurisdiction)[logType].checks.find((check) => check.kind === kind);
}

/**
 * A check kind named without knowing the site's rule set (a compliance-log template's line, shared by sites
 * under different sets) as this set's: the same kind where the set has it; a cooling stage of another set
 * ("COOLED", England's) as this set's last stage, the temperature cooling must end at. Else undefined.
 */
export function checkKindAt(logType: LogType, kind: string, jurisdiction: RuleChoice): string | undefined {
  if (checkOf(logType, kind, jurisdiction)) return kind;
  if (logType !== 'COOKING_COOLING') return undefined;
  const isCoolingStage = jurisdictions.some((other) =>
    ruleSetOf(other).cooling.stages.some((stage) => stage.kind === kind),
  );
  return isCoolingStage ? ruleSetOf(jurisdiction).cooling.stages.at(-1)?.kind : undefined;
}

/** A check in words ("Cooled to 70 °F within 2 hours"), from any set that has it; else the kind as stored. */
export function checkLabelOf(logType: LogType, kind: string, jurisdiction?: RuleChoice): string {
  const own = jurisdiction ? checkOf(logType, kind, jurisdiction) : undefined;
  if (own) return own.label;
  for (const set of jurisdictions) {
    const found = checkOf(logType, kind, set);
    if (found) return found.label;
  }
  return kind;
}

/** The log types an item of `kind` is read for, in the table's order. */
export function logTypesFor(kind: TemperatureItemKind): LogType[] {
  return (Object.keys(logTypeItemKinds) as LogType[]).filter((logType) =>
    logTypeItemKinds[logType].includes(kind),
  );
}

/** A fridge's or freezer's limits when its item sets none, under `jurisdiction`, in °C. */
export function coldStorageDefaults(
  type: MasterTypeType,
  jurisdiction: RuleChoice,
): { lowerLimit: number | null; upperLimit: number } {
  const { lowerLimit, upperLimit } = standardsOf(jurisdiction)[type].checks[0].limits;
  return { lowerLimit, upperLimit: upperLimit ?? 0 };
}

/**
 * The loosest upper limit a fridge's or freezer's item takes under `jurisdiction` without a reason, in °C:
 * the law's maximum where the set has one (England's fridge: 8 °C), else the set's own limit, warning band
 * included (a freezer's -18 °C, New York's 0 °F). An item set above it is saved only with a reason, which
 * its history keeps.
 */
export function loosestColdStorageLimit(
  type: MasterTypeType,
  jurisdiction: RuleChoice,
): { celsius: number; why: string } {
  const limits = standardsOf(jurisdiction)[type].checks[0].limits;
  const word = type === 'FRIDGE' ? 'fridge' : 'freezer';
  if (limits.legalMaximum !== undefined) {
    return { celsius: limits.legalMaximum, why: `the legal maximum for a ${word}` };
  }
  return { celsius: limits.warnUpTo ?? limits.upperLimit ?? 0, why: `the safe maximum for a ${word}` };
}

/** Whether an item's upper limit (°C) is looser than `jurisdiction` allows without a reason. */
export const isLooserThanDefault = (
  type: MasterTypeType,
  upperLimit: number | null | undefined,
  jurisdiction: RuleChoice,
): boolean =>
  typeof upperLimit === 'number' && upperLimit > loosestColdStorageLimit(type, jurisdiction).celsius;

/**
 * A fridge's or freezer's item is judged by its own limits (an upper limit never set takes its rule set's
 * default). Where the set has a warning band (England's fridge: up to 8 °C), an item whose upper limit is
 * below it warns up to it rather than failing; the set's legal limits always apply.
 */
export function equipmentItemLimits(
  type: MasterTypeType,
  item: { lowerLimit: number | null; upperLimit: number | null },
  jurisdiction: RuleChoice,
): TemperatureLimits {
  const standard = standardsOf(jurisdiction)[type].checks[0].limits;
  const upperLimit = item.upperLimit ?? standard.upperLimit ?? 0;
  const band = standard.warnUpTo;
  return {
    lowerLimit: item.lowerLimit,
    upperLimit,
    warnUpTo: band !== null && upperLimit < band ? band : null,
    ...legalOf(ruleSetOf(jurisdiction), type),
  };
}

/**
 * The limits a stored reading was judged by: its copied numbers with its check's comparison and the legal
 * limits of the rule set it was judged under.
 */
export function storedLimits(
  logType: LogType,
  checkKind: string,
  copied: Pick<TemperatureLimits, 'lowerLimit' | 'upperLimit' | 'warnUpTo'>,
  jurisdiction: RuleChoice,
): TemperatureLimits {
  const upperExclusive = checkOf(logType, checkKind, jurisdiction)?.limits.upperExclusive === true;
  return {
    ...copied,
    ...(upperExclusive ? { upperExclusive } : {}),
    ...legalOf(ruleSetOf(jurisdiction), logType),
  };
}

/** Whether a reading of `logType` at `celsius` is above the legal maximum of its type under `jurisdiction`. */
export function isAboveLegalLimit(logType: LogType, celsius: number, jurisdiction: RuleChoice): boolean {
  const maximum = legalOf(ruleSetOf(jurisdiction), logType).legalMaximum;
  return maximum !== undefined && celsius > maximum;
}

/** The words a reading above the legal maximum is flagged with, in the console and the inspection pack. */
export const aboveLegalLimitLabel = 'Above the legal limit';

/** A reading's result as the exports and the inspection pack print it: "WARN (above the legal limit)". */
export function resultText(
  result: TemperatureResult,
  logType: LogType,
  celsius: number,
  jurisdiction: RuleChoice,
): string {
  return isAboveLegalLimit(logType, celsius, jurisdiction)
    ? `${result} (${aboveLegalLimitLabel.toLowerCase()})`
    : result;
}

const isAboveUpper = (celsius: number, limits: TemperatureLimits) =>
  limits.upperLimit !== null &&
  (limits.upperExclusive ? celsius >= limits.upperLimit : celsius > limits.upperLimit);

/**
 * PASS within the limits (both ends included, unless the upper one is exclusive); WARN above the upper
 * limit but at most `warnUpTo`; FAIL anywhere else, below the lower limit included. A reading within
 * limits an admin loosened but beyond a legal limit is a WARN, never a plain PASS (the reading's DTO flags
 * it `aboveLegalLimit`); it does not fail, as the looser limit was given with a reason.
 */
export function judgeReading(celsius: number, limits: TemperatureLimits): TemperatureResult {
  if (limits.lowerLimit !== null && celsius < limits.lowerLimit) return 'FAIL';
  if (!isAboveUpper(celsius, limits)) {
    const beyondLaw =
      (limits.legalMaximum !== undefined && celsius > limits.legalMaximum) ||
      (limits.legalMinimum !== undefined && celsius < limits.legalMinimum);
    return beyondLaw ? 'WARN' : 'PASS';
  }
  return limits.warnUpTo !== null && celsius <= limits.warnUpTo ? 'WARN' : 'FAIL';
}

/** `5 °C`, `-0.5 °C`: a stored temperature as the messages and the export write it, in °C. */
export const celsiusText = (celsius: number) => temperatureText(celsius, 'C');

/**
 * The limits in words, in `unit`: "at most 5 °C (warns up to 8 °C)", "10 to 14 °C", "below 20 °C",
 * "at least 140 °F".
 */
export function limitsText(limits: TemperatureLimits, unit: TemperatureUnit = 'C'): string {
  const { lowerLimit, upperLimit, warnUpTo } = limits;
  const text = (celsius: number) => temperatureText(celsius, unit);
  const upper =
    upperLimit === null ? null : `${limits.upperExclusive ? 'below' : 'at most'} ${text(upperLimit)}`;
  const range =
    lowerLimit !== null && upperLimit !== null && !limits.upperExclusive
      ? `${text(lowerLimit).split(' ')[0]} to ${text(upperLimit)}`
      : [lowerLimit === null ? null : `at least ${text(lowerLimit)}`, upper]
          .filter((part) => part !== null)
          .join(' and ') || 'no limits';
  const words = warnUpTo === null ? range : `${range} (warns up to ${text(warnUpTo)})`;
  // A limit looser than the law says so.
  if (limits.legalMaximum !== undefined && upperLimit !== null && upperLimit > limits.legalMaximum) {
    return `${words}; legal maximum ${text(limits.legalMaximum)}`;
  }
  if (limits.legalMinimum !== undefined && lowerLimit !== null && lowerLimit < limits.legalMinimum) {
    return `${words}; legal minimum ${text(limits.legalMinimum)}`;
  }
  return words;
}

/**
 * Why a reading fails, naming the limit it broke in `unit` ("9 °C is above the upper limit of 8 °C"), or
 * null when it does not fail.
 */
export function failureOf(
  celsius: number,
  limits: TemperatureLimits,
  unit: TemperatureUnit = 'C',
): string | null {
  if (judgeReading(celsius, limits) !== 'FAIL') return null;
  const text = (value: number) => temperatureText(value, unit);
  const reading = text(celsius);
  if (limits.lowerLimit !== null && celsius < limits.lowerLimit) {
    return `${reading} is below the lower limit of ${text(limits.lowerLimit)}`;
  }
  const upperLimit = limits.upperLimit ?? 0;
  if (limits.upperExclusive) return `${reading} is not below the limit of ${text(upperLimit)}`;
  const ceiling = limits.warnUpTo ?? upperLimit;
  return `${reading} is above the ${limits.warnUpTo === null ? 'upper limit' : 'legal maximum'} of ${text(ceiling)}`;
}
