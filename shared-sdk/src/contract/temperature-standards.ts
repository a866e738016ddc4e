import type { LogType } from './enums.js';
import { logTypeLabels } from './log-type-labels.js';
import { defaultTemperatureLimits, type MasterTypeType } from './cold-storage-limits.js';
import type { TemperatureResult } from './temperature-logs.js';

// DOMAIN.md's "Temperature checks" table as data, and the one function that judges a reading against
// limits. The API judges with it when a reading is recorded or corrected, the seed when it makes the demo's
// readings, and the console shows the same limits in its filters and charts, so the three never disagree.

/**
 * The limits a reading is judged by, in °C; null is no bound on that side. A reading above `upperLimit`
 * but at most `warnUpTo` warns instead of failing (a fridge between 5 and 8 °C).
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
   * The legal maximum of the reading's log type (a fridge's 8 °C). It belongs to the log type, not to the
   * numbers an organisation sets, so a stored reading takes it from its type: a reading above it is never
   * a plain PASS (`judgeReading`), even on an item whose upper limit was loosened with a reason.
   */
  legalMaximum?: number;
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

const atMost = (upperLimit: number, warnUpTo: number | null = null): TemperatureLimits => ({
  lowerLimit: null,
  upperLimit,
  warnUpTo,
});
const atLeast = (lowerLimit: number): TemperatureLimits => ({ lowerLimit, upperLimit: null, warnUpTo: null });
const between = (lowerLimit: number, upperLimit: number): TemperatureLimits => ({
  lowerLimit,
  upperLimit,
  warnUpTo: null,
});

/** The UK legal maximum for chilled food: a fridge above its own limit but at most this warns. */
export const fridgeWarnUpTo = 8;

/**
 * Legal maxima by log type (DOMAIN.md): a reading above one is "above the legal limit" whatever limits
 * its item has. Only a fridge's can be loosened (its item's upper limit, with a reason); a chilled
 * delivery's 8 °C is its check's limit itself.
 */
export const legalMaximums: Partial<Record<LogType, number>> = { FRIDGE: fridgeWarnUpTo };

/** Whether a reading of `logType` at `celsius` is above the legal maximum of its type. */
export function isAboveLegalLimit(logType: LogType, celsius: number): boolean {
  const maximum = legalMaximums[logType];
  return maximum !== undefined && celsius > maximum;
}

/** The words a reading above the legal maximum is flagged with, in the console and the inspection pack. */
export const aboveLegalLimitLabel = 'Above the legal limit';

/** A reading's result as the exports and the inspection pack print it: "WARN (above the legal limit)". */
export function resultText(result: TemperatureResult, logType: LogType, celsius: number): string {
  return isAboveLegalLimit(logType, celsius) ? `${result} (${aboveLegalLimitLabel.toLowerCase()})` : result;
}

/** A site's reheating limit (DOMAIN.md): 75 °C, 82 °C in Scotland. A site setting. */
export const defaultReheatLimitCelsius = 75;
export const scotlandReheatLimitCelsius = 82;
/** The limits a site may choose for reheating: England, Wales and Northern Ireland's, and Scotland's. */
export const reheatLimitChoices = [defaultReheatLimitCelsius, scotlandReheatLimitCelsius] as const;

/** What of a site changes the limits its readings are judged by. */
export interface SiteTemperatureSettings {
  reheatLimitCelsius: number;
}

/** A probe's or food item's check limits at a site: reheating is judged by the site's own limit. */
export function checkLimitsAtSite(
  logType: LogType,
  limits: TemperatureLimits,
  site: SiteTemperatureSettings | undefined,
): TemperatureLimits {
  return logType === 'REHEATING' && site ? { ...limits, lowerLimit: site.reheatLimitCelsius } : limits;
}

/**
 * DOMAIN.md's default limits per log type. A fridge's or freezer's item carries its own limits (set on the
 * equipment, defaulting to these); probes and food items are judged by these.
 */
export const temperatureStandards = {
  FRIDGE: {
    label: logTypeLabels.FRIDGE,
    itemKinds: ['TEMPERATURE_ITEM'],
    checks: [
      {
        kind: 'FRIDGE',
        label: 'Fridge',
        limits: atMost(defaultTemperatureLimits.FRIDGE.upperLimit, fridgeWarnUpTo),
      },
    ],
  },
  FREEZER: {
    label: logTypeLabels.FREEZER,
    itemKinds: ['TEMPERATURE_ITEM'],
    checks: [
      { kind: 'FREEZER', label: 'Freezer', limits: atMost(defaultTemperatureLimits.FREEZER.upperLimit) },
    ],
  },
  CELLAR: {
    label: logTypeLabels.CELLAR,
    itemKinds: ['PROBE'],
    checks: [{ kind: 'CELLAR', label: 'Cellar', limits: between(10, 14) }],
  },
  FOOD_DELIVERY: {
    label: logTypeLabels.FOOD_DELIVERY,
    itemKinds: ['FOOD_ITEM', 'PROBE'],
    checks: [
      { kind: 'CHILLED', label: 'Chilled delivery', limits: atMost(8) },
      { kind: 'FROZEN', label: 'Frozen delivery', limits: atMost(-15) },
    ],
  },
  PROBE_CALIBRATION: {
    label: logTypeLabels.PROBE_CALIBRATION,
    itemKinds: ['PROBE'],
    checks: [
      { kind: 'ICE_WATER', label: 'Ice water', limits: between(-1, 1) },
      { kind: 'BOILING_WATER', label: 'Boiling water', limits: between(99, 101) },
    ],
  },
  COOKING_COOLING: {
    label: logTypeLabels.COOKING_COOLING,
    itemKinds: ['FOOD_ITEM', 'PROBE'],
    checks: [
      { kind: 'COOKED', label: 'Cooked core', limits: atLeast(75) },
      { kind: 'COOLED', label: 'Cooled within 90 minutes', limits: atMost(8) },
    ],
  },
  HOT_HOLD_DISPLAY: {
    label: logTypeLabels.HOT_HOLD_DISPLAY,
    itemKinds: ['FOOD_ITEM', 'PROBE'],
    checks: [{ kind: 'HOT_HOLD', label: 'Hot holding', limits: atLeast(63) }],
  },
  REHEATING: {
    label: logTypeLabels.REHEATING,
    itemKinds: ['FOOD_ITEM', 'PROBE'],
    checks: [{ kind: 'REHEATED', label: 'Reheated core', limits: atLeast(defaultReheatLimitCelsius) }],
  },
  LEGIONELLA_WATER: {
    label: logTypeLabels.LEGIONELLA_WATER,
    itemKinds: ['PROBE'],
    checks: [
      { kind: 'HOT_OUTLET', label: 'Hot outlet within 1 minute', limits: atLeast(50) },
      { kind: 'STORED_HOT', label: 'Stored hot water', limits: atLeast(60) },
      {
        kind: 'COLD',
        label: 'Cold water',
        limits: { ...atMost(20), upperExclusive: true },
      },
    ],
  },
  HOT_WATER: {
    label: logTypeLabels.HOT_WATER,
    itemKinds: ['PROBE'],
    checks: [{ kind: 'HOT_WATER', label: 'Hot water', limits: atLeast(50) }],
  },
} as const satisfies Record<LogType, TemperatureStandard>;

/** The check `kind` of a log type, or undefined when the type has no such check. */
export function checkOf(logType: LogType, kind: string): TemperatureCheck | undefined {
  const checks: readonly TemperatureCheck[] = temperatureStandards[logType].checks;
  return checks.find((check) => check.kind === kind);
}

/** The log types an item of `kind` is read for, in the table's order. */
export function logTypesFor(kind: TemperatureItemKind): LogType[] {
  return (Object.keys(temperatureStandards) as LogType[]).filter((logType) => {
    const kinds: readonly TemperatureItemKind[] = temperatureStandards[logType].itemKinds;
    return kinds.includes(kind);
  });
}

/**
 * A fridge's or freezer's item is judged by its own limits (an upper limit never set takes the type's
 * default); a fridge whose upper limit is below the legal 8 °C warns up to 8 °C rather than failing.
 */
export function equipmentItemLimits(
  type: MasterTypeType,
  item: { lowerLimit: number | null; upperLimit: number | null },
): TemperatureLimits {
  const upperLimit = item.upperLimit ?? defaultTemperatureLimits[type].upperLimit;
  const legalMaximum = legalMaximums[type];
  return {
    lowerLimit: item.lowerLimit,
    upperLimit,
    warnUpTo: type === 'FRIDGE' && upperLimit < fridgeWarnUpTo ? fridgeWarnUpTo : null,
    ...(legalMaximum === undefined ? {} : { legalMaximum }),
  };
}

/**
 * The limits a stored reading was judged by: its copied numbers with its check's comparison and its log
 * type's legal maximum.
 */
export function storedLimits(
  logType: LogType,
  checkKind: string,
  copied: Pick<TemperatureLimits, 'lowerLimit' | 'upperLimit' | 'warnUpTo'>,
): TemperatureLimits {
  const upperExclusive = checkOf(logType, checkKind)?.limits.upperExclusive === true;
  const legalMaximum = legalMaximums[logType];
  return {
    ...copied,
    ...(upperExclusive ? { upperExclusive } : {}),
    ...(legalMaximum === undefined ? {} : { legalMaximum }),
  };
}

const isAboveUpper = (celsius: number, limits: TemperatureLimits) =>
  limits.upperLimit !== null &&
  (limits.upperExclusive ? celsius >= limits.upperLimit : celsius > limits.upperLimit);

/**
 * PASS within the limits (both ends included, unless the upper one is exclusive); WARN above the upper
 * limit but at most `warnUpTo`; FAIL anywhere else, below the lower limit included. A reading within
 * limits an admin loosened but above the legal maximum is a WARN, never a plain PASS (the reading's DTO
 * flags it `aboveLegalLimit`); it does not fail, as the looser limit was given with a reason.
 */
export function judgeReading(celsius: number, limits: TemperatureLimits): TemperatureResult {
  if (limits.lowerLimit !== null && celsius < limits.lowerLimit) return 'FAIL';
  if (!isAboveUpper(celsius, limits)) {
    return limits.legalMaximum !== undefined && celsius > limits.legalMaximum ? 'WARN' : 'PASS';
  }
  return limits.warnUpTo !== null && celsius <= limits.warnUpTo ? 'WARN' : 'FAIL';
}

/** `5 °C`, `-0.5 °C`: a temperature as the messages and the export write it. */
export const celsiusText = (celsius: number) => `${celsius} °C`;

/** The limits in words: "at most 5 °C (warns up to 8 °C)", "10 to 14 °C", "below 20 °C", "at least 63 °C". */
export function limitsText(limits: TemperatureLimits): string {
  const { lowerLimit, upperLimit, warnUpTo } = limits;
  const upper =
    upperLimit === null ? null : `${limits.upperExclusive ? 'below' : 'at most'} ${celsiusText(upperLimit)}`;
  const range =
    lowerLimit !== null && upperLimit !== null && !limits.upperExclusive
      ? `${lowerLimit} to ${celsiusText(upperLimit)}`
      : [lowerLimit === null ? null : `at least ${celsiusText(lowerLimit)}`, upper]
          .filter((part) => part !== null)
          .join(' and ') || 'no limits';
  const text = warnUpTo === null ? range : `${range} (warns up to ${celsiusText(warnUpTo)})`;
  // A limit looser than the legal maximum says so.
  return limits.legalMaximum !== undefined && upperLimit !== null && upperLimit > limits.legalMaximum
    ? `${text}; legal maximum ${celsiusText(limits.legalMaximum)}`
    : text;
}

/**
 * Why a reading fails, naming the limit it broke ("9 °C is above the upper limit of 8 °C"), or null when
 * it does not fail.
 */
export function failureOf(celsius: number, limits: TemperatureLimits): string | null {
  if (judgeReading(celsius, limits) !== 'FAIL') return null;
  const reading = celsiusText(celsius);
  if (limits.lowerLimit !== null && celsius < limits.lowerLimit) {
    return `${reading} is below the lower limit of ${celsiusText(limits.lowerLimit)}`;
  }
  const upperLimit = limits.upperLimit ?? 0;
  if (limits.upperExclusive) return `${reading} is not below the limit of ${celsiusText(upperLimit)}`;
  const ceiling = limits.warnUpTo ?? upperLimit;
  return `${reading} is above the ${limits.warnUpTo === null ? 'upper limit' : 'legal maximum'} of ${celsiusText(ceiling)}`;
}
