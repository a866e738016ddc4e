import {
  checkLabelOf,
  checkOf,
  equipmentItemLimits,
  failureOf,
  isAboveLegalLimit,
  judgeReading,
  limitsText,
  logTypesFor,
  resultText,
  standardsOf,
  storedLimits,
  temperatureStandards,
  type TemperatureLimits,
} from './temperature-standards.js';
import { isInScotland } from './site.js';
import { logTypeSchema, type LogType } from './enums.js';
import { defaultJurisdictionFor, ruleSets, type Jurisdiction } from './rule-sets/index.js';
import { temperatureLogCreateSchema, temperatureLogListQuerySchema } from './temperature-logs.js';
import { toCelsius } from './units.js';

// DOMAIN.md's limits table and the judge every reading goes through: pass, warn and fail at each edge,
// under each jurisdiction's rule set, with values typed in the set's own unit as the forms take them.

const limitsOf = (
  logType: LogType,
  kind: string,
  jurisdiction: Jurisdiction | null = 'GB-ENG',
): TemperatureLimits => {
  const check = checkOf(logType, kind, jurisdiction);
  if (!check) throw new Error(`${jurisdiction ?? 'the default set'} has no ${kind} check of ${logType}`);
  return check.limits;
};

/** A value as a site under `jurisdiction` types it, in °C as the form sends it. */
const typed = (value: number, jurisdiction: Jurisdiction) => toCelsius(value, ruleSets[jurisdiction].unit);

test.each([
  ['FRIDGE', 'FRIDGE', 5, 'PASS'],
  ['FRIDGE', 'FRIDGE', 5.01, 'WARN'],
  ['FRIDGE', 'FRIDGE', 8, 'WARN'],
  ['FRIDGE', 'FRIDGE', 8.01, 'FAIL'],
  ['FREEZER', 'FREEZER', -18, 'PASS'],
  ['FREEZER', 'FREEZER', -17.9, 'FAIL'],
  ['CELLAR', 'CELLAR', 10, 'PASS'],
  ['CELLAR', 'CELLAR', 14, 'PASS'],
  ['CELLAR', 'CELLAR', 9.9, 'FAIL'],
  ['CELLAR', 'CELLAR', 14.1, 'FAIL'],
  ['FOOD_DELIVERY', 'CHILLED', 8, 'PASS'],
  ['FOOD_DELIVERY', 'CHILLED', 8.1, 'FAIL'],
  ['FOOD_DELIVERY', 'FROZEN', -15, 'PASS'],
  ['FOOD_DELIVERY', 'FROZEN', -14.9, 'FAIL'],
  ['PROBE_CALIBRATION', 'ICE_WATER', -1, 'PASS'],
  ['PROBE_CALIBRATION', 'ICE_WATER', 1, 'PASS'],
  ['PROBE_CALIBRATION', 'ICE_WATER', 1.1, 'FAIL'],
  ['PROBE_CALIBRATION', 'ICE_WATER', -1.1, 'FAIL'],
  ['PROBE_CALIBRATION', 'BOILING_WATER', 99, 'PASS'],
  ['PROBE_CALIBRATION', 'BOILING_WATER', 101.1, 'FAIL'],
  ['COOKING_COOLING', 'COOKED', 75, 'PASS'],
  ['COOKING_COOLING', 'COOKED', 74.9, 'FAIL'],
  ['COOKING_COOLING', 'COOLED', 8, 'PASS'],
  ['COOKING_COOLING', 'COOLED', 8.1, 'FAIL'],
  ['HOT_HOLD_DISPLAY', 'HOT_HOLD', 63, 'PASS'],
  ['HOT_HOLD_DISPLAY', 'HOT_HOLD', 62.9, 'FAIL'],
  ['REHEATING', 'REHEATED', 75, 'PASS'],
  ['REHEATING', 'REHEATED', 74.9, 'FAIL'],
  ['LEGIONELLA_WATER', 'HOT_OUTLET', 50, 'PASS'],
  ['LEGIONELLA_WATER', 'HOT_OUTLET', 49.9, 'FAIL'],
  ['LEGIONELLA_WATER', 'STORED_HOT', 60, 'PASS'],
  ['LEGIONELLA_WATER', 'STORED_HOT', 59.9, 'FAIL'],
  ['LEGIONELLA_WATER', 'COLD', 19.9, 'PASS'],
  ['LEGIONELLA_WATER', 'COLD', 20, 'FAIL'],
  ['HOT_WATER', 'HOT_WATER', 50, 'PASS'],
  ['HOT_WATER', 'HOT_WATER', 49.9, 'FAIL'],
] as const)('England: %s %s at %d °C is %s', (logType, kind, celsius, result) => {
  expect(judgeReading(celsius, limitsOf(logType, kind, 'GB-ENG'))).toBe(result);
  // A site whose jurisdiction was never set is judged by England's set.
  expect(judgeReading(celsius, limitsOf(logType, kind, null))).toBe(result);
});

describe('England judges exactly as it did before the rule sets', () => {
  // The table as it was written out before England became one set among several: kind, label and limits
  // of each check, in order (the first is a reading's default).
  const atMost = (upperLimit: number, warnUpTo: number | null = null) => ({
    lowerLimit: null,
    upperLimit,
    warnUpTo,
  });
  const atLeast = (lowerLimit: number) => ({ lowerLimit, upperLimit: null, warnUpTo: null });
  const between = (lowerLimit: number, upperLimit: number) => ({ lowerLimit, upperLimit, warnUpTo: null });
  const before: Record<LogType, { kind: string; label: string; limits: TemperatureLimits }[]> = {
    FRIDGE: [{ kind: 'FRIDGE', label: 'Fridge', limits: atMost(5, 8) }],
    FREEZER: [{ kind: 'FREEZER', label: 'Freezer', limits: atMost(-18) }],
    CELLAR: [{ kind: 'CELLAR', label: 'Cellar', limits: between(10, 14) }],
    FOOD_DELIVERY: [
      { kind: 'CHILLED', label: 'Chilled delivery', limits: atMost(8) },
      { kind: 'FROZEN', label: 'Frozen delivery', limits: atMost(-15) },
    ],
    PROBE_CALIBRATION: [
      { kind: 'ICE_WATER', label: 'Ice water', limits: between(-1, 1) },
      { kind: 'BOILING_WATER', label: 'Boiling water', limits: between(99, 101) },
    ],
    COOKING_COOLING: [
      { kind: 'COOKED', label: 'Cooked core', limits: atLeast(75) },
      { kind: 'COOLED', label: 'Cooled within 90 minutes', limits: atMost(8) },
    ],
    HOT_HOLD_DISPLAY: [{ kind: 'HOT_HOLD', label: 'Hot holding', limits: atLeast(63) }],
    REHEATING: [{ kind: 'REHEATED', label: 'Reheated core', limits: atLeast(75) }],
    LEGIONELLA_WATER: [
      { kind: 'HOT_OUTLET', label: 'Hot outlet within 1 minute', limits: atLeast(50) },
      { kind: 'STORED_HOT', label: 'Stored hot water', limits: atLeast(60) },
      { kind: 'COLD', label: 'Cold water', limits: { ...atMost(20), upperExclusive: true } },
    ],
    HOT_WATER: [{ kind: 'HOT_WATER', label: 'Hot water', limits: atLeast(50) }],
  };
  // Every hundredth of a degree a reading may hold (the API takes -60 to 300 °C).
  const readings = Array.from({ length: 36_001 }, (_, index) => (index - 6_000) / 100);

  test.each(logTypeSchema.options)('%s: the same checks, judging every reading alike', (logType) => {
    for (const standards of [standardsOf('GB-ENG'), standardsOf(null), temperatureStandards]) {
      const checks = standards[logType].checks;
      expect(checks.map(({ kind, label }) => ({ kind, label }))).toEqual(
        before[logType].map(({ kind, label }) => ({ kind, label })),
      );
      checks.forEach((check, index) => {
        const old = before[logType][index];
        if (!old) throw new Error(`no check ${index} of ${logType} before`);
        // The legal figures the set adds (8 °C on a fridge, 63 °C on hot holding) sit on the check's own
        // limits and so change no result.
        expect(check.limits).toMatchObject(old.limits);
        const differ = readings.filter(
          (celsius) => judgeReading(celsius, check.limits) !== judgeReading(celsius, old.limits),
        );
        expect(differ).toEqual([]);
      });
    }
  });
});

describe('each jurisdiction at its edges, in the unit its sites type', () => {
  test.each([
    // No warning band in the US: 41 °F is the law.
    ['US-NYC', 'FRIDGE', 'FRIDGE', 41, 'PASS'],
    ['US-NYC', 'FRIDGE', 'FRIDGE', 41.1, 'FAIL'],
    ['US-NYC', 'FRIDGE', 'FRIDGE', 42, 'FAIL'],
    ['US-FDA', 'FRIDGE', 'FRIDGE', 41, 'PASS'],
    ['US-FDA', 'FRIDGE', 'FRIDGE', 42, 'FAIL'],
    ['US-FDA', 'FREEZER', 'FREEZER', 0, 'PASS'],
    ['US-FDA', 'FREEZER', 'FREEZER', 0.1, 'FAIL'],
    ['US-FDA', 'CELLAR', 'CELLAR', 50, 'PASS'],
    ['US-FDA', 'CELLAR', 'CELLAR', 57, 'PASS'],
    ['US-FDA', 'CELLAR', 'CELLAR', 49.9, 'FAIL'],
    ['US-FDA', 'CELLAR', 'CELLAR', 57.1, 'FAIL'],
    ['US-FDA', 'FOOD_DELIVERY', 'CHILLED', 41, 'PASS'],
    ['US-FDA', 'FOOD_DELIVERY', 'CHILLED', 41.1, 'FAIL'],
    ['US-NYC', 'FOOD_DELIVERY', 'CHILLED', 41, 'PASS'],
    ['US-NYC', 'FOOD_DELIVERY', 'CHILLED', 41.1, 'FAIL'],
    ['US-NYC', 'FOOD_DELIVERY', 'FROZEN', 10, 'PASS'],
    ['US-NYC', 'FOOD_DELIVERY', 'FROZEN', 10.1, 'FAIL'],
    ['US-FDA', 'PROBE_CALIBRATION', 'ICE_WATER', 30, 'PASS'],
    ['US-FDA', 'PROBE_CALIBRATION', 'ICE_WATER', 34, 'PASS'],
    ['US-FDA', 'PROBE_CALIBRATION', 'ICE_WATER', 29.9, 'FAIL'],
    ['US-FDA', 'PROBE_CALIBRATION', 'ICE_WATER', 34.1, 'FAIL'],
    ['US-FDA', 'PROBE_CALIBRATION', 'BOILING_WATER', 210, 'PASS'],
    ['US-FDA', 'PROBE_CALIBRATION', 'BOILING_WATER', 214.1, 'FAIL'],
    ['US-FDA', 'COOKING_COOLING', 'COOKED', 165, 'PASS'],
    ['US-FDA', 'COOKING_COOLING', 'COOKED', 164.9, 'FAIL'],
    ['US-NYC', 'COOKING_COOLING', 'COOLED_TO_70F', 70, 'PASS'],
    ['US-NYC', 'COOKING_COOLING', 'COOLED_TO_70F', 70.1, 'FAIL'],
    ['US-NYC', 'COOKING_COOLING', 'COOLED_TO_41F', 41, 'PASS'],
    ['US-NYC', 'COOKING_COOLING', 'COOLED_TO_41F', 41.1, 'FAIL'],
    ['US-FDA', 'COOKING_COOLING', 'COOLED_TO_70F', 70, 'PASS'],
    ['US-FDA', 'COOKING_COOLING', 'COOLED_TO_41F', 42, 'FAIL'],
    // Hot holding: the FDA's 135 °F, New York City's 140 °F.
    ['US-FDA', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 135, 'PASS'],
    ['US-FDA', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 134.9, 'FAIL'],
    ['US-NYC', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 135, 'FAIL'],
    ['US-NYC', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 139, 'FAIL'],
    ['US-NYC', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 139.9, 'FAIL'],
    ['US-NYC', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 140, 'PASS'],
    ['GB-ENG', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 62.9, 'FAIL'],
    ['GB-ENG', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 63, 'PASS'],
    ['GB-SCT', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 62.9, 'FAIL'],
    ['GB-SCT', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 63, 'PASS'],
    ['EU', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 63, 'PASS'],
    ['EU', 'HOT_HOLD_DISPLAY', 'HOT_HOLD', 62.9, 'FAIL'],
    // Reheating: 75 °C in England, 82 °C in Scotland, 165 °F in the US.
    ['GB-ENG', 'REHEATING', 'REHEATED', 75, 'PASS'],
    ['GB-SCT', 'REHEATING', 'REHEATED', 75, 'FAIL'],
    ['GB-SCT', 'REHEATING', 'REHEATED', 81.9, 'FAIL'],
    ['GB-SCT', 'REHEATING', 'REHEATED', 82, 'PASS'],
    ['EU', 'REHEATING', 'REHEATED', 75, 'PASS'],
    ['EU', 'REHEATING', 'REHEATED', 74.9, 'FAIL'],
    ['US-FDA', 'REHEATING', 'REHEATED', 165, 'PASS'],
    ['US-FDA', 'REHEATING', 'REHEATED', 164, 'FAIL'],
    ['US-NYC', 'REHEATING', 'REHEATED', 165, 'PASS'],
    ['US-NYC', 'REHEATING', 'REHEATED', 164, 'FAIL'],
    // England's and Scotland's fridges warn from their 5 °C target to 8 °C; the EU's has no band.
    ['GB-ENG', 'FRIDGE', 'FRIDGE', 5, 'PASS'],
    ['GB-ENG', 'FRIDGE', 'FRIDGE', 5.01, 'WARN'],
    ['GB-ENG', 'FRIDGE', 'FRIDGE', 8, 'WARN'],
    ['GB-ENG', 'FRIDGE', 'FRIDGE', 8.01, 'FAIL'],
    ['GB-SCT', 'FRIDGE', 'FRIDGE', 5, 'PASS'],
    ['GB-SCT', 'FRIDGE', 'FRIDGE', 5.01, 'WARN'],
    ['GB-SCT', 'FRIDGE', 'FRIDGE', 8, 'WARN'],
    ['GB-SCT', 'FRIDGE', 'FRIDGE', 8.01, 'FAIL'],
    ['EU', 'FRIDGE', 'FRIDGE', 5, 'PASS'],
    ['EU', 'FRIDGE', 'FRIDGE', 5.01, 'FAIL'],
    ['EU', 'FREEZER', 'FREEZER', -18, 'PASS'],
    ['EU', 'FREEZER', 'FREEZER', -17.9, 'FAIL'],
    ['EU', 'FOOD_DELIVERY', 'CHILLED', 5, 'PASS'],
    ['EU', 'FOOD_DELIVERY', 'CHILLED', 5.1, 'FAIL'],
    ['EU', 'FOOD_DELIVERY', 'FROZEN', -15, 'PASS'],
    ['EU', 'FOOD_DELIVERY', 'FROZEN', -14.9, 'FAIL'],
    // Cold water is "below" its figure, the figure itself fails.
    ['US-FDA', 'LEGIONELLA_WATER', 'COLD', 67.9, 'PASS'],
    ['US-FDA', 'LEGIONELLA_WATER', 'COLD', 68, 'FAIL'],
    ['US-FDA', 'LEGIONELLA_WATER', 'HOT_OUTLET', 122, 'PASS'],
    ['US-FDA', 'LEGIONELLA_WATER', 'HOT_OUTLET', 121.9, 'FAIL'],
    ['US-FDA', 'LEGIONELLA_WATER', 'STORED_HOT', 140, 'PASS'],
    ['US-FDA', 'LEGIONELLA_WATER', 'STORED_HOT', 139.9, 'FAIL'],
    ['US-FDA', 'HOT_WATER', 'HOT_WATER', 100, 'PASS'],
    ['US-FDA', 'HOT_WATER', 'HOT_WATER', 99.9, 'FAIL'],
    ['GB-SCT', 'LEGIONELLA_WATER', 'COLD', 20, 'FAIL'],
    ['EU', 'LEGIONELLA_WATER', 'COLD', 19.9, 'PASS'],
  ] as const)('%s: %s %s typed as %d is %s', (jurisdiction, logType, kind, value, result) => {
    expect(judgeReading(typed(value, jurisdiction), limitsOf(logType, kind, jurisdiction))).toBe(result);
  });

  test('a check a set does not have is not found there, yet its words are', () => {
    expect(checkOf('COOKING_COOLING', 'COOLED_TO_70F', 'GB-ENG')).toBeUndefined();
    expect(checkOf('COOKING_COOLING', 'COOLED', 'US-NYC')).toBeUndefined();
    // A reading stored under another set (its site changed jurisdiction) still reads in words.
    expect(checkLabelOf('COOKING_COOLING', 'COOLED_TO_70F', 'GB-ENG')).toBe('Cooled to 70 °F within 2 hours');
    expect(checkLabelOf('COOKING_COOLING', 'COOLED', 'US-NYC')).toBe('Cooled within 90 minutes');
    expect(checkLabelOf('COOKING_COOLING', 'WITHDRAWN')).toBe('WITHDRAWN');
  });

  test('limits and failures read in the site’s unit', () => {
    expect(limitsText(limitsOf('FRIDGE', 'FRIDGE', 'US-NYC'), 'F')).toBe('at most 41 °F');
    expect(limitsText(limitsOf('CELLAR', 'CELLAR', 'US-FDA'), 'F')).toBe('50 to 57 °F');
    expect(limitsText(limitsOf('LEGIONELLA_WATER', 'COLD', 'US-FDA'), 'F')).toBe('below 68 °F');
    expect(limitsText(limitsOf('HOT_HOLD_DISPLAY', 'HOT_HOLD', 'US-NYC'), 'F')).toBe('at least 140 °F');
    expect(limitsText(limitsOf('REHEATING', 'REHEATED', 'GB-SCT'))).toBe('at least 82 °C');
    expect(failureOf(typed(139, 'US-NYC'), limitsOf('HOT_HOLD_DISPLAY', 'HOT_HOLD', 'US-NYC'), 'F')).toBe(
      '139 °F is below the lower limit of 140 °F',
    );
    expect(failureOf(typed(42, 'US-NYC'), limitsOf('FRIDGE', 'FRIDGE', 'US-NYC'), 'F')).toBe(
      '42 °F is above the upper limit of 41 °F',
    );
    expect(failureOf(typed(68, 'US-FDA'), limitsOf('LEGIONELLA_WATER', 'COLD', 'US-FDA'), 'F')).toBe(
      '68 °F is not below the limit of 68 °F',
    );
  });
});

test('a warning band only ever sits above the upper limit; below the lower limit fails', () => {
  const band = { lowerLimit: 1, upperLimit: 5, warnUpTo: 8 };
  expect(judgeReading(0.9, band)).toBe('FAIL');
  expect(judgeReading(1, band)).toBe('PASS');
  expect(judgeReading(6, { ...band, warnUpTo: null })).toBe('FAIL');
  expect(judgeReading(1000, { lowerLimit: null, upperLimit: null, warnUpTo: null })).toBe('PASS');
});

test("a fridge's item is judged by its own limits, warning up to the legal 8 °C", () => {
  expect(equipmentItemLimits('FRIDGE', { lowerLimit: 0, upperLimit: 3 }, 'GB-ENG')).toEqual({
    lowerLimit: 0,
    upperLimit: 3,
    warnUpTo: 8,
    legalMaximum: 8,
  });
  // An upper limit never set takes the default; one at the legal maximum leaves no warning band.
  expect(equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: null }, 'GB-ENG')).toMatchObject({
    upperLimit: 5,
    warnUpTo: 8,
  });
  expect(equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: 8 }, 'GB-ENG').warnUpTo).toBeNull();
  expect(equipmentItemLimits('FREEZER', { lowerLimit: null, upperLimit: -20 }, 'GB-ENG')).toEqual({
    lowerLimit: null,
    upperLimit: -20,
    warnUpTo: null,
  });
  // A site whose jurisdiction was never set is England's.
  expect(equipmentItemLimits('FRIDGE', { lowerLimit: 0, upperLimit: 3 }, null)).toEqual(
    equipmentItemLimits('FRIDGE', { lowerLimit: 0, upperLimit: 3 }, 'GB-ENG'),
  );
});

test("a fridge's item under a set in °F defaults to the set's limit, with no warning band", () => {
  const standard = equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: null }, 'US-NYC');
  expect(standard).toEqual({
    lowerLimit: null,
    upperLimit: typed(41, 'US-NYC'),
    warnUpTo: null,
    legalMaximum: 5,
  });
  expect(judgeReading(typed(41, 'US-NYC'), standard)).toBe('PASS');
  expect(judgeReading(typed(42, 'US-NYC'), standard)).toBe('FAIL');
  const freezer = equipmentItemLimits('FREEZER', { lowerLimit: null, upperLimit: null }, 'US-FDA');
  expect(judgeReading(typed(0, 'US-FDA'), freezer)).toBe('PASS');
  expect(judgeReading(typed(1, 'US-FDA'), freezer)).toBe('FAIL');
});

test("a stored reading's limits take the check's comparison back", () => {
  const copied = { lowerLimit: null, upperLimit: 20, warnUpTo: null };
  expect(judgeReading(20, storedLimits('LEGIONELLA_WATER', 'COLD', copied, 'GB-ENG'))).toBe('FAIL');
  expect(judgeReading(20, storedLimits('COOKING_COOLING', 'COOLED', copied, 'GB-ENG'))).toBe('PASS');
});

test('failures name the limit they broke; the limits read as words', () => {
  expect(failureOf(9, limitsOf('FRIDGE', 'FRIDGE'))).toBe('9 °C is above the legal maximum of 8 °C');
  expect(failureOf(6, limitsOf('FRIDGE', 'FRIDGE'))).toBeNull();
  expect(failureOf(-17, limitsOf('FREEZER', 'FREEZER'))).toBe('-17 °C is above the upper limit of -18 °C');
  expect(failureOf(60, limitsOf('HOT_HOLD_DISPLAY', 'HOT_HOLD'))).toBe(
    '60 °C is below the lower limit of 63 °C',
  );
  expect(failureOf(20, limitsOf('LEGIONELLA_WATER', 'COLD'))).toBe('20 °C is not below the limit of 20 °C');
  expect(limitsText(limitsOf('FRIDGE', 'FRIDGE'))).toBe('at most 5 °C (warns up to 8 °C)');
  expect(limitsText(limitsOf('CELLAR', 'CELLAR'))).toBe('10 to 14 °C');
  expect(limitsText(limitsOf('LEGIONELLA_WATER', 'COLD'))).toBe('below 20 °C');
  expect(limitsText(limitsOf('REHEATING', 'REHEATED'))).toBe('at least 75 °C');
});

test('which log types each kind of item is read for', () => {
  expect(logTypesFor('TEMPERATURE_ITEM')).toEqual(['FRIDGE', 'FREEZER']);
  expect(logTypesFor('FOOD_ITEM')).toEqual([
    'FOOD_DELIVERY',
    'COOKING_COOLING',
    'HOT_HOLD_DISPLAY',
    'REHEATING',
  ]);
  expect(logTypesFor('PROBE')).not.toContain('FRIDGE');
  expect(logTypesFor('PROBE')).toContain('PROBE_CALIBRATION');
});

test('a reading names exactly one item, and a probe or food item its log type', () => {
  const base = { siteID: '01890000-0000-7000-8000-000000000001', celsius: 4, readAt: '2025-06-10T10:00:00Z' };
  const item = '01890000-0000-7000-8000-000000000002';
  expect(temperatureLogCreateSchema.safeParse({ ...base, temperatureItemID: item }).success).toBe(true);
  const neither = temperatureLogCreateSchema.safeParse(base);
  expect(neither.error?.issues[0]?.path).toEqual(['temperatureItemID']);
  const noType = temperatureLogCreateSchema.safeParse({ ...base, foodItemID: item });
  expect(noType.error?.issues[0]?.path).toEqual(['logType']);
  const blank = temperatureLogCreateSchema.parse({ ...base, temperatureItemID: item, correctiveAction: ' ' });
  expect(blank.correctiveAction).toBeNull();
});

test('the list is newest first by default; its range is both dates or neither, at most 366 days', () => {
  expect(temperatureLogListQuerySchema.parse({}).sort).toEqual({ column: 'readAt', direction: 'desc' });
  expect(temperatureLogListQuerySchema.parse({ sort: 'celsius' }).sort).toEqual({
    column: 'celsius',
    direction: 'asc',
  });
  expect(temperatureLogListQuerySchema.parse({ backFilled: 'true' }).backFilled).toBe(true);
  const half = temperatureLogListQuerySchema.safeParse({ endDate: '2025-01-01' });
  expect(half.error?.issues[0]?.path).toEqual(['startDate']);
  const year = { startDate: '2024-01-01', endDate: '2024-12-31' };
  expect(temperatureLogListQuerySchema.safeParse(year).success).toBe(true);
  expect(temperatureLogListQuerySchema.safeParse({ ...year, endDate: '2025-01-01' }).success).toBe(false);
});

describe('legal limits', () => {
  test('an England fridge loosened with a reason still warns above the legal 8 °C, and flags it', () => {
    const loosened = equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: 10 }, 'GB-ENG');
    expect(loosened).toEqual({ lowerLimit: null, upperLimit: 10, warnUpTo: null, legalMaximum: 8 });
    expect(judgeReading(9, loosened)).toBe('WARN');
    expect(judgeReading(8, loosened)).toBe('PASS');
    expect(judgeReading(10.5, loosened)).toBe('FAIL');
    expect(isAboveLegalLimit('FRIDGE', 9, 'GB-ENG')).toBe(true);
    expect(isAboveLegalLimit('FRIDGE', 8, 'GB-ENG')).toBe(false);
    expect(isAboveLegalLimit('FRIDGE', 9, null)).toBe(true);
    expect(isAboveLegalLimit('FREEZER', 9, 'GB-ENG')).toBe(false);
    expect(resultText('WARN', 'FRIDGE', 9, 'GB-ENG')).toBe('WARN (above the legal limit)');
    expect(resultText('PASS', 'FRIDGE', 4, 'GB-ENG')).toBe('PASS');
    expect(limitsText(loosened)).toBe('at most 10 °C; legal maximum 8 °C');
    // A stored reading takes the legal maximum from its rule set, not from copied numbers.
    expect(
      storedLimits('FRIDGE', 'FRIDGE', { lowerLimit: null, upperLimit: 10, warnUpTo: null }, 'GB-ENG'),
    ).toEqual(loosened);
    // At the default limits nothing changes: 5 to 8 °C warns, above 8 fails.
    const standard = equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: null }, 'GB-ENG');
    expect([5, 6, 8, 8.1].map((celsius) => judgeReading(celsius, standard))).toEqual([
      'PASS',
      'WARN',
      'WARN',
      'FAIL',
    ]);
  });

  test.each(['US-FDA', 'US-NYC'] as const)(
    '%s: a fridge loosened to 45 °F warns at 43 °F, above the legal 41 °F',
    (jurisdiction) => {
      const loosened = equipmentItemLimits(
        'FRIDGE',
        { lowerLimit: null, upperLimit: typed(45, jurisdiction) },
        jurisdiction,
      );
      expect(loosened).toEqual({
        lowerLimit: null,
        upperLimit: typed(45, jurisdiction),
        warnUpTo: null,
        legalMaximum: typed(41, jurisdiction),
      });
      expect(judgeReading(typed(43, jurisdiction), loosened)).toBe('WARN');
      expect(isAboveLegalLimit('FRIDGE', typed(43, jurisdiction), jurisdiction)).toBe(true);
      expect(resultText('WARN', 'FRIDGE', typed(43, jurisdiction), jurisdiction)).toBe(
        'WARN (above the legal limit)',
      );
      expect(judgeReading(typed(41, jurisdiction), loosened)).toBe('PASS');
      expect(isAboveLegalLimit('FRIDGE', typed(41, jurisdiction), jurisdiction)).toBe(false);
      expect(judgeReading(typed(45.1, jurisdiction), loosened)).toBe('FAIL');
      expect(limitsText(loosened, 'F')).toBe('at most 45 °F; legal maximum 41 °F');
    },
  );

  test('Scotland’s fridge has no legal maximum: a loosened item passes within its own limit', () => {
    const loosened = equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: 10 }, 'GB-SCT');
    expect(loosened).toEqual({ lowerLimit: null, upperLimit: 10, warnUpTo: null });
    expect(judgeReading(9, loosened)).toBe('PASS');
    expect(isAboveLegalLimit('FRIDGE', 9, 'GB-SCT')).toBe(false);
    expect(resultText('PASS', 'FRIDGE', 9, 'GB-SCT')).toBe('PASS');
    expect(limitsText(loosened)).toBe('at most 10 °C');
    // Its guidance still warns from 5 to 8 °C on an item left at the default.
    const standard = equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: null }, 'GB-SCT');
    expect([5, 6, 8, 8.1].map((celsius) => judgeReading(celsius, standard))).toEqual([
      'PASS',
      'WARN',
      'WARN',
      'FAIL',
    ]);
  });

  test('the EU set has no legal limits: the organisation’s own are the only ones', () => {
    expect(ruleSets.EU.legal).toEqual({});
    for (const logType of logTypeSchema.options) {
      for (const check of standardsOf('EU')[logType].checks) {
        expect(check.limits.legalMaximum).toBeUndefined();
        expect(check.limits.legalMinimum).toBeUndefined();
      }
      expect(isAboveLegalLimit(logType, 300, 'EU')).toBe(false);
    }
    const loosened = equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: 10 }, 'EU');
    expect(loosened).toEqual({ lowerLimit: null, upperLimit: 10, warnUpTo: null });
    expect(judgeReading(9, loosened)).toBe('PASS');
  });

  test('a stored reading takes the legal limits of the set it was judged under', () => {
    const copied = { lowerLimit: null, upperLimit: 10, warnUpTo: null };
    expect(judgeReading(9, storedLimits('FRIDGE', 'FRIDGE', copied, 'GB-ENG'))).toBe('WARN');
    expect(judgeReading(9, storedLimits('FRIDGE', 'FRIDGE', copied, 'GB-SCT'))).toBe('PASS');
    expect(storedLimits('REHEATING', 'REHEATED', { ...copied, lowerLimit: 82 }, 'GB-SCT')).toMatchObject({
      legalMinimum: 82,
    });
  });
});

describe('reheating and a site’s jurisdiction', () => {
  test('reheating is judged by the site’s rule set: 82 °C in Scotland, 75 °C in England', () => {
    expect(limitsOf('REHEATING', 'REHEATED', 'GB-SCT').lowerLimit).toBe(82);
    expect(limitsOf('REHEATING', 'REHEATED', 'GB-ENG').lowerLimit).toBe(75);
    expect(temperatureStandards.REHEATING.checks[0].limits.lowerLimit).toBe(75);
    // Scotland's hot holding is England's.
    expect(limitsOf('HOT_HOLD_DISPLAY', 'HOT_HOLD', 'GB-SCT')).toEqual(
      limitsOf('HOT_HOLD_DISPLAY', 'HOT_HOLD', 'GB-ENG'),
    );
  });

  test('a new site in Scotland starts at 82 °C', () => {
    expect(isInScotland({ country: 'GB', state: 'Edinburgh' })).toBe(true);
    expect(isInScotland({ country: 'gb', state: ' highland ' })).toBe(true);
    expect(isInScotland({ country: 'GB', county: 'Fife', state: null })).toBe(true);
    expect(isInScotland({ country: 'GB', state: 'Brighton and Hove' })).toBe(false);
    expect(isInScotland({ country: 'US', state: 'Highland' })).toBe(false);
    const reheatAt = (address: Parameters<typeof defaultJurisdictionFor>[0]) =>
      limitsOf('REHEATING', 'REHEATED', defaultJurisdictionFor(address)).lowerLimit;
    expect(reheatAt({ country: 'GB', state: 'Glasgow' })).toBe(82);
    expect(reheatAt({ country: 'gb', state: ' highland ' })).toBe(82);
    expect(reheatAt({ country: 'GB', county: 'Fife', state: null })).toBe(82);
    expect(reheatAt({ country: 'GB', state: 'Manchester' })).toBe(75);
  });
});
