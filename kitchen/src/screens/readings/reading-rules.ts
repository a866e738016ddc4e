import {
  defaultDateLocale,
  defaultJurisdiction,
  deviceClockSkewMinutes,
  followUpStagesOf,
  judgeReading,
  readingFollowUps,
  type FollowUpKind,
  type FollowUpStage,
  type IndividualTask,
  type LogType,
  type NationalFigure,
  type RuleSet,
  type TemperatureItemKind,
  type TemperatureLimits,
  type TemperatureResult,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { siteRulesOf } from '../../app/site-rules';
import { i18n } from '../../i18n/i18n';
import { localDateOf, timeIn } from '../../i18n/format';
import type { OutboxAction } from '../../local/db';
import type { LocalRecords } from '../../local/records';
import { temperatureIn } from '../records/temperature';
import type { Recorder } from '../today/task-calls';
import { bucketOf } from '../today/task-rules';

// The reading rules the device applies before the server has the reading, with the contract's own
// functions the server judges by, under the rule set of the reading's site: whether it fails and which
// limit it broke, and the follow-up checks it starts or completes (cooling's stages, hot holding), shown in
// the person's day as timers until the server's own checks replace them at the next refresh.

/** Which limit a failing reading broke (the contract's failureOf, as the catalogue words it). */
export type Breach = { kind: 'below' | 'notBelow' | 'above' | 'aboveLegal'; limit: number };

export function breachOf(celsius: number, limits: TemperatureLimits): Breach | null {
  if (judgeReading(celsius, limits) !== 'FAIL') return null;
  if (limits.lowerLimit !== null && celsius < limits.lowerLimit)
    return { kind: 'below', limit: limits.lowerLimit };
  const upperLimit = limits.upperLimit ?? 0;
  if (limits.upperExclusive) return { kind: 'notBelow', limit: upperLimit };
  return limits.warnUpTo === null
    ? { kind: 'above', limit: upperLimit }
    : { kind: 'aboveLegal', limit: limits.warnUpTo };
}

/** How the reading's site judged and wrote it when it was read. */
export interface ReadingSite {
  jurisdiction: string;
  /**
   * Its organisation's national figures when it was read, in °C; left out by a version of the app older
   * than them: its set's own figures.
   */
  nationalFigures?: readonly NationalFigure[];
  unit: TemperatureUnit;
  /** The locale its follow-up checks' times are written in. */
  dateLocale: string;
}

/** What of a reading its follow-ups depend on, as the outbox keeps it. */
export interface ReadingFacts {
  siteID: string;
  item: { _id: string; kind: TemperatureItemKind; name: string };
  logType: LogType;
  checkKind: string;
  result: TemperatureResult;
  coolingStartedAt?: string;
  hotHoldEnded?: boolean;
  by: Recorder;
  /** Left out by a version of the app older than rule sets: England's, in °C. */
  site?: ReadingSite;
}

/** The site of a reading as it was kept, or England's for one kept before rule sets. */
export const readingSiteOf = (reading: Pick<ReadingFacts, 'site'>): ReadingSite =>
  reading.site ?? { jurisdiction: defaultJurisdiction, unit: 'C', dateLocale: defaultDateLocale };

/** The rules a reading was judged by on the device: its site's set with the figures kept with it. */
export function readingRulesOf(reading: Pick<ReadingFacts, 'site'>): RuleSet {
  const { jurisdiction, nationalFigures } = readingSiteOf(reading);
  return siteRulesOf(jurisdiction, nationalFigures);
}

const minuteMs = 60_000;

/** A follow-up check a reading starts, timed: one stage of cooling, or hot holding's re-check. */
export interface StartedCheck extends FollowUpStage {
  startAt: string;
  dueAt: string;
}

/**
 * The checks a reading starts, under its site's rule set: each stage of cooling due its time after cooling
 * began (England's one at 90 minutes, America's at 2 and 6 hours), or the hot-holding re-check after the
 * reading. None for a fridge's item.
 */
export function followUpStarts(reading: ReadingFacts, readAt: string): StartedCheck[] {
  const rules = readingRulesOf(reading);
  const { starts } = readingFollowUps({ ...reading, hotHoldEnded: reading.hotHoldEnded ?? false }, rules);
  if (!starts || reading.item.kind === 'TEMPERATURE_ITEM') return [];
  const startAt = starts === 'COOLING' ? (reading.coolingStartedAt ?? readAt) : readAt;
  return followUpStagesOf(starts, rules).map((stage) => ({
    ...stage,
    startAt,
    dueAt: new Date(new Date(startAt).getTime() + stage.dueMinutes * minuteMs).toISOString(),
  }));
}

/** The check a follow-up is taken by; one made before rule sets names none (England's single stage). */
const checkKindOf = (task: IndividualTask) =>
  task.followUp?.checkKind ?? (task.followUp?.kind === 'COOLING' ? 'COOLED' : 'HOT_HOLD');

const isOpenCheckOf = (task: IndividualTask, kind: FollowUpKind, itemId: string) =>
  task.followUp?.kind === kind &&
  task.followUp.foodItemID === itemId &&
  !task.followUp.cancelled &&
  task.status !== 'COMPLETED' &&
  task.status !== 'DELETED';

/**
 * The server's own check of a reading whose answer never arrived (it is sent again, and taken once): the
 * same kind and item, due when this one is, give or take the clock difference the server allows.
 */
const isServersOwn = (task: IndividualTask, reading: ReadingFacts, start: StartedCheck) =>
  isOpenCheckOf(task, start.kind, reading.item._id) &&
  checkKindOf(task) === start.checkKind &&
  Math.abs(new Date(task.followUp?.dueAt ?? task.expireOn).getTime() - new Date(start.dueAt).getTime()) <=
    deviceClockSkewMinutes * minuteMs;

/** A check taken by a reading: its one line done, or failed when the reading failed or came late. */
function taken(task: IndividualTask, reading: ReadingFacts, readAt: string): IndividualTask {
  const late = new Date(readAt).getTime() > new Date(task.expireOn).getTime();
  const status = reading.result === 'FAIL' || late ? ('FAILED' as const) : ('COMPLETED' as const);
  const done = {
    ...task,
    status: 'COMPLETED' as const,
    completedAt: readAt,
    completedBy: reading.by,
    itemCheckList: task.itemCheckList.map((line) => ({
      ...line,
      status,
      statusChangeOn: readAt,
      changedBy: reading.by,
    })),
  };
  return { ...done, bucket: bucketOf(done, Date.now()) };
}

/** The provisional check's id: its reading's for the first (or only) stage, the stage's after it. */
const provisionalId = (action: OutboxAction, start: StartedCheck) =>
  start.stage === 1 ? action.clientId : `${action.clientId}.${start.stage}`;

/** The limit the reading that takes a check must meet, in its unit: "8 °C or below", "140 °F or above". */
function limitWords(start: StartedCheck, unit: TemperatureUnit, language: string) {
  const { upperLimit, lowerLimit } = start.limits;
  const limit = temperatureIn(upperLimit ?? lowerLimit ?? 0, unit, language);
  return i18n.t(`readings.followUp.line.${start.kind}`, { limit });
}

/** The check a reading starts, as the day shows it until the server's own comes with the next refresh. */
function provisionalCheck(
  reading: ReadingFacts,
  action: OutboxAction,
  start: StartedCheck,
  site: { timeZoneId: string },
  orgId: string,
): IndividualTask {
  const zone = site.timeZoneId;
  const language = i18n.language;
  const { unit, dateLocale } = readingSiteOf(reading);
  const id = provisionalId(action, start);
  const words = {
    item: reading.item.name,
    time: timeIn(start.startAt, zone, language, dateLocale),
    stage: start.stage,
    stages: start.stages,
  };
  return {
    // Goes by its reading's id until the server's check replaces it.
    _id: id,
    orgId,
    masterTaskID: action.clientId,
    siteID: reading.siteID,
    name:
      start.stages > 1
        ? i18n.t(`readings.followUp.stageName.${start.kind}`, words)
        : i18n.t(`readings.followUp.name.${start.kind}`, words),
    description: i18n.t('readings.followUp.provisional'),
    category: null,
    assignees: [],
    departments: [],
    taskDate: localDateOf(start.dueAt, zone),
    opensAt: start.startAt,
    expireOn: start.dueAt,
    dueSlot: null,
    dueTime: null,
    status: 'PENDING',
    bucket: 'UPCOMING',
    photoRequired: false,
    itemCheckList: [
      {
        _id: id,
        text: limitWords(start, unit, language),
        required: true,
        photoRequired: false,
        status: 'PENDING',
        statusChangeOn: null,
        changedBy: null,
        comment: null,
      },
    ],
    completedAt: null,
    completedBy: null,
    syncedAt: null,
    syncedLate: false,
    enteredAfterTheFact: false,
    commentCount: 0,
    imageCount: 0,
    timeZoneId: zone,
    followUp: {
      kind: start.kind,
      readingID: action.clientId,
      foodItemID: reading.item._id,
      dueAt: start.dueAt,
      checkKind: start.checkKind,
      stage: start.stage,
      stages: start.stages,
      cancelled: null,
    },
    createdAt: action.deviceTime,
    updatedAt: action.deviceTime,
  };
}

/**
 * Shows a waiting reading's follow-ups in the person's day: the item's open check it takes is done, and
 * each check it starts counts down. Applied again on every rebuild, it changes nothing more; and where the
 * server already has the reading (its answer was lost, so it waits to be sent again), its own checks stand.
 */
export function applyFollowUps(records: LocalRecords, reading: ReadingFacts, action: OutboxAction): void {
  const day = records.day;
  if (!day || reading.item.kind === 'TEMPERATURE_ITEM') return;
  const readAt = action.deviceTime;
  const starts = followUpStarts(reading, readAt);
  const shows = (task: IndividualTask, start: StartedCheck) =>
    task._id === provisionalId(action, start) || isServersOwn(task, reading, start);
  const startedHere = (task: IndividualTask) => starts.some((start) => shows(task, start));
  const { takes } = readingFollowUps(
    { ...reading, hotHoldEnded: reading.hotHoldEnded ?? false },
    readingRulesOf(reading),
  );
  let list = day.list;
  if (takes) {
    list = list.map((task) =>
      !startedHere(task) &&
      isOpenCheckOf(task, takes.kind, reading.item._id) &&
      checkKindOf(task) === takes.checkKind &&
      new Date(task.opensAt).getTime() <= new Date(readAt).getTime()
        ? taken(task, reading, readAt)
        : task,
    );
  }
  const site = day.sites.find((one) => one.siteID === reading.siteID);
  if (site) {
    for (const start of starts) {
      if (!list.some((task) => shows(task, start)))
        list = [...list, provisionalCheck(reading, action, start, site, list[0]?.orgId ?? '')];
    }
  }
  records.day = { ...day, list };
}
