import {
  checkLimitsAtSite,
  checkOf,
  equipmentItemLimits,
  failureOf,
  isAboveLegalLimit,
  judgeReading,
  limitsText,
  logTypesFor,
  resultText,
  storedLimits,
  temperatureStandards,
  type TemperatureLimits,
} from './temperature-standards.js';
import { defaultReheatLimitFor, isInScotland } from './site.js';
import type { LogType } from './enums.js';
import { temperatureLogCreateSchema, temperatureLogListQuerySchema } from './temperature-logs.js';

// DOMAIN.md's limits table and the judge every reading goes through: pass, warn and fail at each edge.

const limitsOf = (logType: LogType, kind: string): TemperatureLimits => {
  const check = checkOf(logType, kind);
  if (!check) throw new Error(`no ${kind} check of ${logType}`);
  return check.limits;
};

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
] as const)('%s %s at %d °C is %s', (logType, kind, celsius, result) => {
  expect(judgeReading(celsius, limitsOf(logType, kind))).toBe(result);
});

test('a warning band only ever sits above the upper limit; below the lower limit fails', () => {
  const band = { lowerLimit: 1, upperLimit: 5, warnUpTo: 8 };
  expect(judgeReading(0.9, band)).toBe('FAIL');
  expect(judgeReading(1, band)).toBe('PASS');
  expect(judgeReading(6, { ...band, warnUpTo: null })).toBe('FAIL');
  expect(judgeReading(1000, { lowerLimit: null, upperLimit: null, warnUpTo: null })).toBe('PASS');
});

test("a fridge's item is judged by its own limits, warning up to the legal 8 °C", () => {
  expect(equipmentItemLimits('FRIDGE', { lowerLimit: 0, upperLimit: 3 })).toEqual({
    lowerLimit: 0,
    upperLimit: 3,
    warnUpTo: 8,
    legalMaximum: 8,
  });
  // An upper limit never set takes the default; one at the legal maximum leaves no warning band.
  expect(equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: null })).toMatchObject({
    upperLimit: 5,
    warnUpTo: 8,
  });
  expect(equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: 8 }).warnUpTo).toBeNull();
  expect(equipmentItemLimits('FREEZER', { lowerLimit: null, upperLimit: -20 })).toEqual({
    lowerLimit: null,
    upperLimit: -20,
    warnUpTo: null,
  });
});

test("a stored reading's limits take the check's comparison back", () => {
  const copied = { lowerLimit: null, upperLimit: 20, warnUpTo: null };
  expect(judgeReading(20, storedLimits('LEGIONELLA_WATER', 'COLD', copied))).toBe('FAIL');
  expect(judgeReading(20, storedLimits('COOKING_COOLING', 'COOLED', copied))).toBe('PASS');
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

describe('the legal maximum and the site’s reheating limit', () => {
  test('a fridge loosened with a reason still warns above the legal 8 °C, and flags it', () => {
    const loosened = equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: 10 });
    expect(loosened).toEqual({ lowerLimit: null, upperLimit: 10, warnUpTo: null, legalMaximum: 8 });
    expect(judgeReading(9, loosened)).toBe('WARN');
    expect(judgeReading(8, loosened)).toBe('PASS');
    expect(judgeReading(10.5, loosened)).toBe('FAIL');
    expect(isAboveLegalLimit('FRIDGE', 9)).toBe(true);
    expect(isAboveLegalLimit('FRIDGE', 8)).toBe(false);
    expect(isAboveLegalLimit('FREEZER', 9)).toBe(false);
    expect(resultText('WARN', 'FRIDGE', 9)).toBe('WARN (above the legal limit)');
    expect(resultText('PASS', 'FRIDGE', 4)).toBe('PASS');
    expect(limitsText(loosened)).toBe('at most 10 °C; legal maximum 8 °C');
    // A stored reading takes the legal maximum from its type, not from copied numbers.
    expect(storedLimits('FRIDGE', 'FRIDGE', { lowerLimit: null, upperLimit: 10, warnUpTo: null })).toEqual(
      loosened,
    );
    // At the default limits nothing changes: 5 to 8 °C warns, above 8 fails.
    const standard = equipmentItemLimits('FRIDGE', { lowerLimit: null, upperLimit: null });
    expect([5, 6, 8, 8.1].map((celsius) => judgeReading(celsius, standard))).toEqual([
      'PASS',
      'WARN',
      'WARN',
      'FAIL',
    ]);
  });

  test('reheating is judged by the site’s limit', () => {
    const reheated = temperatureStandards.REHEATING.checks[0].limits;
    expect(checkLimitsAtSite('REHEATING', reheated, { reheatLimitCelsius: 82 }).lowerLimit).toBe(82);
    expect(checkLimitsAtSite('REHEATING', reheated, undefined).lowerLimit).toBe(75);
    const hot = temperatureStandards.HOT_HOLD_DISPLAY.checks[0].limits;
    expect(checkLimitsAtSite('HOT_HOLD_DISPLAY', hot, { reheatLimitCelsius: 82 })).toBe(hot);
  });

  test('a new site in Scotland starts at 82 °C', () => {
    expect(isInScotland({ country: 'GB', state: 'Edinburgh' })).toBe(true);
    expect(isInScotland({ country: 'gb', state: ' highland ' })).toBe(true);
    expect(isInScotland({ country: 'GB', county: 'Fife', state: null })).toBe(true);
    expect(isInScotland({ country: 'GB', state: 'Brighton and Hove' })).toBe(false);
    expect(isInScotland({ country: 'US', state: 'Highland' })).toBe(false);
    expect(defaultReheatLimitFor({ country: 'GB', state: 'Glasgow' })).toBe(82);
    expect(defaultReheatLimitFor({ country: 'GB', state: 'Manchester' })).toBe(75);
  });
});
