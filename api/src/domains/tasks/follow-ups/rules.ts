import {
  followUpKindLabels,
  followUpStagesOf,
  formatInstant,
  readingFollowUps,
  ruleSetOf,
  temperatureText,
  type LogType,
  type RuleChoice,
  type TemperatureLimits,
  type TemperatureResult,
} from '@console/shared-sdk/contract';
import type { FollowUpRecord } from '../schema.js';

// The time-and-temperature rules of follow-up checks (DOMAIN.md "Time rules for records"), pure: which
// readings start, take and end them, when they fall due, and their words, from the rule set the reading
// is judged by (England's one cooling stage, America's two). follow-ups.ts writes them as one-off tasks.

export type FollowUpKind = FollowUpRecord['kind'];

const minuteMs = 60_000;

// The figure is the contract's, which the kitchen app checks cooling's start by before the server has it.
export { coolingStartMaxMinutesBefore } from '@console/shared-sdk/contract';

/** What a reading means for follow-ups, as the tasks domain is told it (it reads no log table). */
export interface FollowUpReading {
  id: string;
  orgId: string;
  siteId: string;
  logType: LogType;
  checkKind: string;
  /**
   * The rule set it was judged by, which times and words its follow-ups: its id, or the set with its
   * organisation's national figures.
   */
  jurisdiction: RuleChoice;
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
  /** What the person who read it says was done, when it failed: a follow-up it fails records it too. */
  correctiveAction?: string | null;
}

/** One follow-up check a reading starts, timed: a stage of cooling, or hot holding's re-check. */
export interface StartedCheck {
  kind: FollowUpKind;
  /** The check whose reading takes it. */
  checkKind: string;
  stage: number;
  stages: number;
  startAt: Date;
  dueAt: Date;
  /** What the taking reading must meet, in °C. */
  limits: Pick<TemperatureLimits, 'lowerLimit' | 'upperLimit'>;
  jurisdiction: string;
}

/** What one reading does: the follow-up it takes (completes), and those it starts. */
export interface ReadingEffect {
  takes?: { kind: FollowUpKind; checkKind: string };
  starts?: StartedCheck[];
}

const plus = (at: Date, minutes: number) => new Date(at.getTime() + minutes * minuteMs);

/**
 * What a reading does to follow-ups (the contract's readingFollowUps), timed by its rule set: each stage of
 * cooling falls due its time after cooling began (the reading's time unless it said), a hot-holding
 * re-check its interval after the reading. Fridges' readings have none.
 */
export function effectOf(reading: FollowUpReading): ReadingEffect {
  if (reading.foodItemId === null) return {};
  const { takes, starts } = readingFollowUps(reading, reading.jurisdiction);
  if (!starts) return takes ? { takes } : {};
  const startAt = starts === 'COOLING' ? (reading.coolingStartedAt ?? reading.readAt) : reading.readAt;
  return {
    ...(takes ? { takes } : {}),
    starts: followUpStagesOf(starts, reading.jurisdiction).map((stage) => ({
      kind: stage.kind,
      checkKind: stage.checkKind,
      stage: stage.stage,
      stages: stage.stages,
      startAt,
      dueAt: plus(startAt, stage.dueMinutes),
      limits: { lowerLimit: stage.limits.lowerLimit, upperLimit: stage.limits.upperLimit },
      jurisdiction: ruleSetOf(reading.jurisdiction).jurisdiction,
    })),
  };
}

/**
 * A stored follow-up as a check of its rule set. One made before rule sets holds no check: it is England's
 * (its cooling 8 °C within 90 minutes, its hot holding 63 °C), as it was made.
 */
export function checkOfFollowUp(
  followUp: FollowUpRecord,
): Pick<StartedCheck, 'checkKind' | 'stage' | 'stages' | 'limits' | 'jurisdiction'> {
  if (followUp.checkKind && followUp.limits && followUp.jurisdiction) {
    return {
      checkKind: followUp.checkKind,
      stage: followUp.stage ?? 1,
      stages: followUp.stages ?? 1,
      limits: followUp.limits,
      jurisdiction: followUp.jurisdiction,
    };
  }
  const [first] = followUpStagesOf(followUp.kind, 'GB-ENG');
  if (!first) throw new Error(`no ${followUp.kind} follow-up in England's rules`);
  return {
    checkKind: first.checkKind,
    stage: 1,
    stages: 1,
    limits: { lowerLimit: first.limits.lowerLimit, upperLimit: first.limits.upperLimit },
    jurisdiction: 'GB-ENG',
  };
}

/** A wall time on the site's clock ("14:05"). */
export const wallTime = (at: Date, timeZoneId: string) => formatInstant(at, timeZoneId, 'time');

/** A time on the site's clock as its rule set's locale writes it, for words: "14:05", "2:05 PM". */
export const clockWords = (at: Date, timeZoneId: string, jurisdiction: string) =>
  formatInstant(at, timeZoneId, 'time', ruleSetOf(jurisdiction).locale);

/** Which check takes a stored follow-up, and which stage of how many it is, as the API says it. */
export function stageOfFollowUp(followUp: FollowUpRecord) {
  const { checkKind, stage, stages } = checkOfFollowUp(followUp);
  return { checkKind, stage, stages };
}

/** The kind in words, as a task's name and an alert say it. */
export const followUpKindWords: Record<FollowUpKind, string> = followUpKindLabels;

type CheckWords = Pick<StartedCheck, 'kind' | 'stage' | 'stages' | 'limits' | 'jurisdiction'>;

/** The limit a check must meet, in its set's unit: "70 °F or below", "63 °C or above". */
function limitWords(check: CheckWords): string {
  const unit = ruleSetOf(check.jurisdiction).unit;
  const { upperLimit, lowerLimit } = check.limits;
  if (upperLimit !== null) return `${temperatureText(upperLimit, unit)} or below`;
  return `${temperatureText(lowerLimit ?? 0, unit)} or above`;
}

/** The single checklist line: what staff must do ("Probe the core: 70 °F or below"). */
export function followUpLine(check: CheckWords): string {
  return check.kind === 'COOLING' ? `Probe the core: ${limitWords(check)}` : `Probe it: ${limitWords(check)}`;
}

/** "Cooling check 1 of 2" where cooling has stages, else the kind's words. */
const kindWords = (check: CheckWords) =>
  check.stages > 1
    ? `${followUpKindWords[check.kind]} ${check.stage} of ${check.stages}`
    : followUpKindWords[check.kind];

/** The task's name: "Cooling check 1 of 2: Chicken curry (cooling began 14:05)". */
export function followUpName(check: CheckWords, itemName: string, startAt: Date, timeZoneId: string) {
  const since = check.kind === 'COOLING' ? 'cooling began' : 'last checked';
  return `${kindWords(check)}: ${itemName} (${since} ${clockWords(startAt, timeZoneId, check.jurisdiction)})`;
}

const durationWords = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;

/** The task's description: why it exists, under which rules, and how it is done (by a reading, not by ticking). */
export function followUpDescription(
  check: CheckWords & { checkKind: string },
  itemName: string,
  dueAt: Date,
  timeZoneId: string,
) {
  const set = ruleSetOf(check.jurisdiction);
  const due = clockWords(dueAt, timeZoneId, check.jurisdiction);
  if (check.kind === 'COOLING') {
    const stage = set.cooling.stages.find((one) => one.kind === check.checkKind);
    const within = stage ? ` within ${durationWords(stage.withinMinutes)} of cooling beginning` : '';
    const source = stage ? ` (${stage.source.code}, ${stage.source.section})` : '';
    return (
      `Cooked food must cool to ${limitWords(check)}${within}${source}. Record a ` +
      `"${stage?.label ?? 'cooled'}" reading of ${itemName} in the temperature log by ${due}: it completes ` +
      'this check.'
    );
  }
  const { hotHolding } = set;
  return (
    `Food on hot hold is checked again every ${durationWords(hotHolding.recheckMinutes)} and must stay at ` +
    `${limitWords(check)} (${hotHolding.source.code}, ${hotHolding.source.section}). Record a hot-holding ` +
    `reading of ${itemName} by ${due}: it completes this check and starts the next one, unless the food ` +
    'has left hot holding.'
  );
}

/** How a follow-up's reading went: done (on time and within the limit), or failed with why in words. */
export type FollowUpVerdict = { passed: true } | { passed: false; comment: string };

/** Judges the reading that takes a follow-up due at `dueAt`: its limit, then its time. */
export function verdictOf(
  check: CheckWords,
  reading: Pick<FollowUpReading, 'celsius' | 'readAt' | 'result'>,
  dueAt: Date,
  timeZoneId: string,
): FollowUpVerdict {
  const unit = ruleSetOf(check.jurisdiction).unit;
  const problems: string[] = [];
  if (reading.result === 'FAIL') {
    const { upperLimit, lowerLimit } = check.limits;
    problems.push(
      upperLimit !== null
        ? `Read ${temperatureText(reading.celsius, unit)}, above ${temperatureText(upperLimit, unit)}`
        : `Read ${temperatureText(reading.celsius, unit)}, below ${temperatureText(lowerLimit ?? 0, unit)}`,
    );
  }
  if (reading.readAt.getTime() > dueAt.getTime()) {
    problems.push(
      `Read at ${clockWords(reading.readAt, timeZoneId, check.jurisdiction)}, after its due time ` +
        clockWords(dueAt, timeZoneId, check.jurisdiction),
    );
  }
  if (problems.length === 0) return { passed: true };
  const [first = '', ...rest] = problems;
  return {
    passed: false,
    comment: [first, ...rest.map((one) => one.charAt(0).toLowerCase() + one.slice(1))].join('; '),
  };
}
