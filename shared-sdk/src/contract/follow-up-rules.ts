import type { LogType } from './enums.js';
import type { FollowUpKind } from './task-occurrences.js';
import type { TemperatureResult } from './temperature-logs.js';

// The time rules of follow-up checks (DOMAIN.md "Time rules for records", UK FSA guidance) that a reading
// sets off: the API makes and completes the checks by them, and the kitchen app shows a check's timer by
// them before the reading has reached the server.

/** Cooling: the core must read 8 °C or below within this many minutes of cooling beginning. */
export const coolingDueMinutes = 90;
/** Hot holding: food held hot is checked again this many minutes after its last reading while held. */
export const hotHoldDueMinutes = 120;
/** How long after the time it counts from (cooling's start, the last hot-holding reading) a check falls due. */
export const followUpDueMinutes: Record<FollowUpKind, number> = {
  COOLING: coolingDueMinutes,
  HOT_HOLD: hotHoldDueMinutes,
};
/**
 * How long before a cooked-core reading cooling may have begun: a longer gap means the cooking reading was
 * not what started the cooling, and the rule has nothing to time from.
 */
export const coolingStartMaxMinutesBefore = 120;

/** What of a reading decides its follow-ups. */
export interface FollowUpReadingFacts {
  logType: LogType;
  checkKind: string;
  result: TemperatureResult;
  /** A hot-holding reading after which the food left hot holding. */
  hotHoldEnded: boolean;
}

/** The follow-up check a reading takes (completes) and the one it starts, if any. */
export interface ReadingFollowUps {
  takes?: FollowUpKind;
  starts?: FollowUpKind;
}

/**
 * Cooling begins with a passing cooked-core reading (COOKING_COOLING, COOKED) and is taken by a cooled
 * reading (COOLED) of the same item. Hot holding (HOT_HOLD_DISPLAY) takes the open re-check and, unless the
 * hold ended, starts the next. Every other check has none. Only probes' and food items' readings have
 * follow-ups (a fridge's item is never read for these log types).
 */
export function readingFollowUps(reading: FollowUpReadingFacts): ReadingFollowUps {
  if (reading.logType === 'COOKING_COOLING' && reading.checkKind === 'COOKED') {
    // A core that did not reach its temperature is not cooled yet: it is cooked again (its corrective
    // action), and the reading that passes starts the cooling.
    return reading.result === 'FAIL' ? {} : { starts: 'COOLING' };
  }
  if (reading.logType === 'COOKING_COOLING' && reading.checkKind === 'COOLED') return { takes: 'COOLING' };
  if (reading.logType === 'HOT_HOLD_DISPLAY' && reading.checkKind === 'HOT_HOLD') {
    return reading.hotHoldEnded ? { takes: 'HOT_HOLD' } : { takes: 'HOT_HOLD', starts: 'HOT_HOLD' };
  }
  return {};
}
