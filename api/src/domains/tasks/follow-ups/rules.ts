import {
  checkOf,
  coolingDueMinutes,
  followUpDueMinutes,
  followUpKindLabels,
  formatInstant,
  hotHoldDueMinutes,
  readingFollowUps,
  type LogType,
  type TemperatureResult,
} from '@console/shared-sdk/contract';
import type { FollowUpRecord } from '../schema.js';

// The time-and-temperature rules of follow-up checks (DOMAIN.md "Time rules for records", UK FSA guidance),
// pure: which readings start, take and end them, when they fall due, and their words. follow-ups.ts
// writes them as one-off tasks.

export type FollowUpKind = FollowUpRecord['kind'];

const minuteMs = 60_000;

// The figures are the contract's, which the kitchen app times its checks by before the server has them.
export {
  coolingDueMinutes,
  coolingStartMaxMinutesBefore,
  hotHoldDueMinutes,
} from '@console/shared-sdk/contract';

/** What a reading means for follow-ups, as the tasks domain is told it (it reads no log table). */
export interface FollowUpReading {
  id: string;
  orgId: string;
  siteId: string;
  logType: LogType;
  checkKind: string;
  /** The probe or food item read; null for a fridge's item, which has no follow-ups. */
  foodItemId: string | null;
  /** The item's name as it is now, for the task's name. */
  itemName: string;
  celsius: number;
  /** When it was read (the device's time, as accepted). */
  readAt: Date;
  result: TemperatureResult;
  /** A cooked-core reading: when cooling began; null means at `readAt`. */
  coolingStartedAt: Date | null;
  /** A hot-holding reading: the food left hot holding, so no re-check follows. */
  hotHoldEnded: boolean;
}

/** What one reading does: the follow-up it takes (completes), and the one it starts. */
export interface ReadingEffect {
  takes?: FollowUpKind;
  starts?: { kind: FollowUpKind; startAt: Date; dueAt: Date };
}

const plus = (at: Date, minutes: number) => new Date(at.getTime() + minutes * minuteMs);

/**
 * What a reading does to follow-ups (the contract's readingFollowUps), timed: cooling is due 90 minutes
 * after it began (the reading's time unless it said), a hot-holding re-check 2 hours after the reading.
 * Fridges' readings have none.
 */
export function effectOf(reading: FollowUpReading): ReadingEffect {
  if (reading.foodItemId === null) return {};
  const { takes, starts } = readingFollowUps(reading);
  if (!starts) return takes ? { takes } : {};
  const startAt = starts === 'COOLING' ? (reading.coolingStartedAt ?? reading.readAt) : reading.readAt;
  return {
    ...(takes ? { takes } : {}),
    starts: { kind: starts, startAt, dueAt: plus(startAt, followUpDueMinutes[starts]) },
  };
}

/** The limit a follow-up's reading must meet, from the temperature standards (8 °C at most, 63 °C at least). */
export const coolingLimit = checkOf('COOKING_COOLING', 'COOLED')?.limits.upperLimit ?? 8;
export const hotHoldLimit = checkOf('HOT_HOLD_DISPLAY', 'HOT_HOLD')?.limits.lowerLimit ?? 63;

const degrees = (celsius: number) => `${Number(celsius.toFixed(1))} °C`;

/** A wall time on the site's clock ("14:05"). */
export const wallTime = (at: Date, timeZoneId: string) => formatInstant(at, timeZoneId, 'time');

/** The kind in words, as a task's name and an alert say it. */
export const followUpKindWords: Record<FollowUpKind, string> = followUpKindLabels;

/** The single checklist line: what staff must do. */
export const followUpLine: Record<FollowUpKind, string> = {
  COOLING: `Probe the core: ${degrees(coolingLimit)} or below`,
  HOT_HOLD: `Probe it: ${degrees(hotHoldLimit)} or above`,
};

/** The task's name: "Cooling check: Chicken curry (cooling began 14:05)". */
export function followUpName(kind: FollowUpKind, itemName: string, startAt: Date, timeZoneId: string) {
  const since = kind === 'COOLING' ? 'cooling began' : 'last checked';
  return `${followUpKindWords[kind]}: ${itemName} (${since} ${wallTime(startAt, timeZoneId)})`;
}

/** The task's description: why it exists and how it is done (by a reading, not by ticking). */
export function followUpDescription(kind: FollowUpKind, itemName: string, dueAt: Date, timeZoneId: string) {
  const due = wallTime(dueAt, timeZoneId);
  return kind === 'COOLING'
    ? `Cooked food must cool to ${degrees(coolingLimit)} or below within ${coolingDueMinutes} minutes ` +
        `(FSA guidance). Record a "Cooled within 90 minutes" reading of ${itemName} in the temperature log ` +
        `by ${due}: it completes this check.`
    : `Food on hot hold is checked again every ${hotHoldDueMinutes / 60} hours and must stay at ` +
        `${degrees(hotHoldLimit)} or above (FSA guidance). Record a hot-holding reading of ${itemName} by ` +
        `${due}: it completes this check and starts the next one, unless the food has left hot holding.`;
}

/** How a follow-up's reading went: done (on time and within the limit), or failed with why in words. */
export type FollowUpVerdict = { passed: true } | { passed: false; comment: string };

/** Judges the reading that takes a follow-up due at `dueAt`: its limit, then its time. */
export function verdictOf(
  kind: FollowUpKind,
  reading: Pick<FollowUpReading, 'celsius' | 'readAt' | 'result'>,
  dueAt: Date,
  timeZoneId: string,
): FollowUpVerdict {
  const problems: string[] = [];
  if (reading.result === 'FAIL') {
    problems.push(
      kind === 'COOLING'
        ? `Read ${degrees(reading.celsius)}, above ${degrees(coolingLimit)}`
        : `Read ${degrees(reading.celsius)}, below ${degrees(hotHoldLimit)}`,
    );
  }
  if (reading.readAt.getTime() > dueAt.getTime()) {
    problems.push(
      `Read at ${wallTime(reading.readAt, timeZoneId)}, after its due time ${wallTime(dueAt, timeZoneId)}`,
    );
  }
  if (problems.length === 0) return { passed: true };
  const [first = '', ...rest] = problems;
  return {
    passed: false,
    comment: [first, ...rest.map((one) => one.charAt(0).toLowerCase() + one.slice(1))].join('; '),
  };
}
