import type { LogType } from './enums.js';
import { followUpStagesOf, readingFollowUps, type FollowUpReadingFacts } from './follow-up-rules.js';
import { jurisdictions, ruleSets, type Jurisdiction } from './rule-sets/index.js';
import type { TemperatureResult } from './temperature-logs.js';
import { judgeReading } from './temperature-standards.js';
import { toCelsius } from './units.js';

// The follow-up checks a reading sets off, from the rule set its site is judged by: when each falls due,
// what the reading that takes it must meet, and which readings start or take one.

const reading = (
  logType: LogType,
  checkKind: string,
  result: TemperatureResult = 'PASS',
  hotHoldEnded = false,
): FollowUpReadingFacts => ({ logType, checkKind, result, hotHoldEnded });

describe('cooling', () => {
  test('New York City cools in two stages: 70 °F within 2 hours, 41 °F within 6', () => {
    const stages = followUpStagesOf('COOLING', 'US-NYC');
    expect(stages).toEqual([
      {
        kind: 'COOLING',
        checkKind: 'COOLED_TO_70F',
        stage: 1,
        stages: 2,
        dueMinutes: 120,
        limits: { lowerLimit: null, upperLimit: toCelsius(70, 'F'), warnUpTo: null },
      },
      {
        kind: 'COOLING',
        checkKind: 'COOLED_TO_41F',
        stage: 2,
        stages: 2,
        dueMinutes: 360,
        limits: { lowerLimit: null, upperLimit: toCelsius(41, 'F'), warnUpTo: null },
      },
    ]);
    const [first, second] = stages;
    if (!first || !second) throw new Error('two stages');
    expect(judgeReading(toCelsius(70, 'F'), first.limits)).toBe('PASS');
    expect(judgeReading(toCelsius(70.1, 'F'), first.limits)).toBe('FAIL');
    expect(judgeReading(toCelsius(41, 'F'), second.limits)).toBe('PASS');
    expect(judgeReading(toCelsius(42, 'F'), second.limits)).toBe('FAIL');
  });

  test('the FDA’s stages are due at the same times', () => {
    expect(
      followUpStagesOf('COOLING', 'US-FDA').map(({ checkKind, dueMinutes }) => ({ checkKind, dueMinutes })),
    ).toEqual([
      { checkKind: 'COOLED_TO_70F', dueMinutes: 120 },
      { checkKind: 'COOLED_TO_41F', dueMinutes: 360 },
    ]);
  });

  test.each(['GB-ENG', 'GB-SCT', 'EU'] as const)(
    '%s cools in one stage: 8 °C within 90 minutes',
    (jurisdiction) => {
      expect(followUpStagesOf('COOLING', jurisdiction)).toEqual([
        {
          kind: 'COOLING',
          checkKind: 'COOLED',
          stage: 1,
          stages: 1,
          dueMinutes: 90,
          limits: { lowerLimit: null, upperLimit: 8, warnUpTo: null },
        },
      ]);
    },
  );

  test('a site whose jurisdiction was never set cools as England does', () => {
    expect(followUpStagesOf('COOLING', null)).toEqual(followUpStagesOf('COOLING', 'GB-ENG'));
    expect(followUpStagesOf('COOLING', 'XX-WITHDRAWN')).toEqual(followUpStagesOf('COOLING', 'GB-ENG'));
  });
});

test.each(jurisdictions)('%s re-checks food held hot 120 minutes after its last reading', (jurisdiction) => {
  const set = ruleSets[jurisdiction];
  const stages = followUpStagesOf('HOT_HOLD', jurisdiction);
  expect(stages).toHaveLength(1);
  expect(stages[0]).toMatchObject({
    kind: 'HOT_HOLD',
    checkKind: 'HOT_HOLD',
    stage: 1,
    stages: 1,
    dueMinutes: 120,
    limits: { lowerLimit: toCelsius(set.hotHolding.atLeast, set.unit), upperLimit: null },
  });
});

describe('which readings start and take follow-ups', () => {
  test.each(jurisdictions)(
    '%s: a cooked core that passes starts cooling; one that fails starts nothing',
    (jurisdiction: Jurisdiction) => {
      expect(readingFollowUps(reading('COOKING_COOLING', 'COOKED', 'PASS'), jurisdiction)).toEqual({
        starts: 'COOLING',
      });
      expect(readingFollowUps(reading('COOKING_COOLING', 'COOKED', 'WARN'), jurisdiction)).toEqual({
        starts: 'COOLING',
      });
      expect(readingFollowUps(reading('COOKING_COOLING', 'COOKED', 'FAIL'), jurisdiction)).toEqual({});
    },
  );

  test('a reading of a cooling stage takes that stage, where the set has it', () => {
    expect(readingFollowUps(reading('COOKING_COOLING', 'COOLED_TO_70F'), 'US-NYC')).toEqual({
      takes: { kind: 'COOLING', checkKind: 'COOLED_TO_70F' },
    });
    expect(readingFollowUps(reading('COOKING_COOLING', 'COOLED_TO_41F', 'FAIL'), 'US-NYC')).toEqual({
      takes: { kind: 'COOLING', checkKind: 'COOLED_TO_41F' },
    });
    expect(readingFollowUps(reading('COOKING_COOLING', 'COOLED'), 'GB-ENG')).toEqual({
      takes: { kind: 'COOLING', checkKind: 'COOLED' },
    });
    // England has no 70 °F check, New York City no 90-minute one: such a reading takes nothing.
    expect(readingFollowUps(reading('COOKING_COOLING', 'COOLED_TO_70F'), 'GB-ENG')).toEqual({});
    expect(readingFollowUps(reading('COOKING_COOLING', 'COOLED'), 'US-NYC')).toEqual({});
  });

  test.each(jurisdictions)(
    '%s: hot holding takes the open re-check and, unless the hold ended, starts the next',
    (jurisdiction: Jurisdiction) => {
      const takes = { kind: 'HOT_HOLD', checkKind: 'HOT_HOLD' };
      expect(readingFollowUps(reading('HOT_HOLD_DISPLAY', 'HOT_HOLD'), jurisdiction)).toEqual({
        takes,
        starts: 'HOT_HOLD',
      });
      expect(readingFollowUps(reading('HOT_HOLD_DISPLAY', 'HOT_HOLD', 'PASS', true), jurisdiction)).toEqual({
        takes,
      });
    },
  );

  test.each([
    ['FRIDGE', 'FRIDGE'],
    ['REHEATING', 'REHEATED'],
    ['FOOD_DELIVERY', 'CHILLED'],
    ['PROBE_CALIBRATION', 'ICE_WATER'],
  ] as const)('a %s reading has no follow-up', (logType, checkKind) => {
    for (const jurisdiction of jurisdictions) {
      expect(readingFollowUps(reading(logType, checkKind), jurisdiction)).toEqual({});
    }
  });
});
