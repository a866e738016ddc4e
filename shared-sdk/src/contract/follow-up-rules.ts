import type { LogType } from './enums.js';
import { ruleSetOf, type RuleChoice } from './rule-sets/index.js';
import { checkOf, type TemperatureLimits } from './temperature-standards.js';
import type { FollowUpKind } from './task-occurrences.js';
import type { TemperatureResult } from './temperature-logs.js';

// The time rules of follow-up checks (DOMAIN.md "Time rules for records") that a reading sets off, from the
// rule set it is judged by: the API makes and completes the checks by them, and the kitchen app shows a
// check's timer by them before the reading has reached the server.

/**
 * How long before a cooked-core reading cooling may have begun: a longer gap means the cooking reading was
 * not what started the cooling, and the rule has nothing to time from.
 */
export const coolingStartMaxMinutesBefore = 120;

/** One follow-up check a reading starts: due `dueMinutes` after it starts, taken by a reading of `checkKind`. */
export interface FollowUpStage {
  kind: FollowUpKind;
  checkKind: string;
  /** 1-based, of `stages`: American cooling's second stage is 2 of 2. */
  stage: number;
  stages: number;
  dueMinutes: number;
  /** What the taking reading must meet, in °C. */
  limits: TemperatureLimits;
}

/**
 * The checks a follow-up of `kind` is made of under `jurisdiction`'s rule set: cooling's stages (England's
 * one, 8 °C within 90 minutes; America's two, 70 °F within 2 hours and 41 °F within 6), or hot holding's
 * re-check.
 */
export function followUpStagesOf(kind: FollowUpKind, jurisdiction: RuleChoice): FollowUpStage[] {
  const set = ruleSetOf(jurisdiction);
  const limitsOf = (logType: LogType, checkKind: string): TemperatureLimits => {
    const check = checkOf(logType, checkKind, set);
    if (!check) throw new Error(`${set.jurisdiction} has no ${checkKind} check of ${logType}`);
    return check.limits;
  };
  if (kind === 'COOLING') {
    const { stages } = set.cooling;
    return stages.map((stage, index) => ({
      kind,
      checkKind: stage.kind,
      stage: index + 1,
      stages: stages.length,
      dueMinutes: stage.withinMinutes,
      limits: limitsOf('COOKING_COOLING', stage.kind),
    }));
  }
  return [
    {
      kind,
      checkKind: set.hotHolding.kind,
      stage: 1,
      stages: 1,
      dueMinutes: set.hotHolding.recheckMinutes,
      limits: limitsOf('HOT_HOLD_DISPLAY', set.hotHolding.kind),
    },
  ];
}

/** What of a reading decides its follow-ups. */
export interface FollowUpReadingFacts {
  logType: LogType;
  checkKind: string;
  result: TemperatureResult;
  /** A hot-holding reading after which the food left hot holding. */
  hotHoldEnded: boolean;
}

/** The follow-up check a reading takes (completes), by its kind and check, and the one it starts, if any. */
export interface ReadingFollowUps {
  takes?: { kind: FollowUpKind; checkKind: string };
  starts?: FollowUpKind;
}

/**
 * Cooling begins with a passing cooked-core reading (the set's cooking check) and each of its stages is
 * taken by a reading of that stage's check of the same item. Hot holding takes the open re-check and,
 * unless the hold ended, starts the next. Every other check has none. Only probes' and food items'
 * readings have follow-ups (a fridge's item is never read for these log types).
 */
export function readingFollowUps(reading: FollowUpReadingFacts, jurisdiction: RuleChoice): ReadingFollowUps {
  const set = ruleSetOf(jurisdiction);
  if (reading.logType === 'COOKING_COOLING') {
    if (reading.checkKind === set.cooking.kind) {
      // A core that did not reach its temperature is not cooled yet: it is cooked again (its corrective
      // action), and the reading that passes starts the cooling.
      return reading.result === 'FAIL' ? {} : { starts: 'COOLING' };
    }
    const stage = set.cooling.stages.find((one) => one.kind === reading.checkKind);
    return stage ? { takes: { kind: 'COOLING', checkKind: stage.kind } } : {};
  }
  if (reading.logType === 'HOT_HOLD_DISPLAY' && reading.checkKind === set.hotHolding.kind) {
    const takes = { kind: 'HOT_HOLD' as const, checkKind: set.hotHolding.kind };
    return reading.hotHoldEnded ? { takes } : { takes, starts: 'HOT_HOLD' };
  }
  return {};
}
