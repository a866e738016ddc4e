import {
  checkOf,
  deviceClockSkewMinutes,
  followUpDueMinutes,
  judgeReading,
  readingFollowUps,
  type FollowUpKind,
  type IndividualTask,
  type LogType,
  type TemperatureItemKind,
  type TemperatureLimits,
  type TemperatureResult,
} from '@console/shared-sdk/contract';
import { i18n } from '../../i18n/i18n';
import { localDateOf, timeIn } from '../../i18n/format';
import type { OutboxAction } from '../../local/db';
import type { LocalRecords } from '../../local/records';
import type { Recorder } from '../today/task-calls';
import { bucketOf } from '../today/task-rules';

// The reading rules the device applies before the server has the reading, with the contract's own
// functions the server judges by: whether it fails and which limit it broke, and the follow-up check it
// starts or completes (cooling, hot holding), shown in the person's day as a timer until the server's own
// check replaces it at the next refresh.

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

/** The limit the reading that takes a check must meet: a cooled core's at most, hot holding's at least. */
export const followUpLimit: Record<FollowUpKind, number | null> = {
  COOLING: checkOf('COOKING_COOLING', 'COOLED')?.limits.upperLimit ?? null,
  HOT_HOLD: checkOf('HOT_HOLD_DISPLAY', 'HOT_HOLD')?.limits.lowerLimit ?? null,
};

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
}

const minuteMs = 60_000;

/** When the check a reading starts falls due: from cooling's start, or from the reading itself. */
export function followUpStart(reading: ReadingFacts, readAt: string) {
  const { starts } = readingFollowUps({ ...reading, hotHoldEnded: reading.hotHoldEnded ?? false });
  if (!starts || reading.item.kind === 'TEMPERATURE_ITEM') return null;
  const startAt = starts === 'COOLING' ? (reading.coolingStartedAt ?? readAt) : readAt;
  const dueAt = new Date(new Date(startAt).getTime() + followUpDueMinutes[starts] * minuteMs);
  return { kind: starts, startAt, dueAt: dueAt.toISOString() };
}

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
const isServersOwn = (
  task: IndividualTask,
  reading: ReadingFacts,
  start: NonNullable<ReturnType<typeof followUpStart>>,
) =>
  isOpenCheckOf(task, start.kind, reading.item._id) &&
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

/** The check a reading starts, as the day shows it until the server's own comes with the next refresh. */
function provisionalCheck(
  reading: ReadingFacts,
  action: OutboxAction,
  start: NonNullable<ReturnType<typeof followUpStart>>,
  site: { timeZoneId: string },
  orgId: string,
): IndividualTask {
  const zone = site.timeZoneId;
  const language = i18n.language;
  const limit = followUpLimit[start.kind];
  return {
    // Goes by its reading's id until the server's check replaces it.
    _id: action.clientId,
    orgId,
    masterTaskID: action.clientId,
    siteID: reading.siteID,
    name: i18n.t(`readings.followUp.name.${start.kind}`, {
      item: reading.item.name,
      time: timeIn(start.startAt, zone, language),
    }),
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
        _id: action.clientId,
        text: i18n.t(`readings.followUp.line.${start.kind}`, { limit: limit ?? '' }),
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
      cancelled: null,
    },
    createdAt: action.deviceTime,
    updatedAt: action.deviceTime,
  };
}

/**
 * Shows a waiting reading's follow-ups in the person's day: the item's open check it takes is done, and
 * the check it starts counts down. Applied again on every rebuild, it changes nothing more; and where the
 * server already has the reading (its answer was lost, so it waits to be sent again), its own check stands.
 */
export function applyFollowUps(records: LocalRecords, reading: ReadingFacts, action: OutboxAction): void {
  const day = records.day;
  if (!day || reading.item.kind === 'TEMPERATURE_ITEM') return;
  const readAt = action.deviceTime;
  const start = followUpStart(reading, readAt);
  const startedHere = (task: IndividualTask) =>
    task._id === action.clientId || (start !== null && isServersOwn(task, reading, start));
  const { takes } = readingFollowUps({ ...reading, hotHoldEnded: reading.hotHoldEnded ?? false });
  let list = day.list;
  if (takes) {
    list = list.map((task) =>
      !startedHere(task) &&
      isOpenCheckOf(task, takes, reading.item._id) &&
      new Date(task.opensAt).getTime() <= new Date(readAt).getTime()
        ? taken(task, reading, readAt)
        : task,
    );
  }
  const site = day.sites.find((one) => one.siteID === reading.siteID);
  if (start && site && !list.some(startedHere)) {
    list = [...list, provisionalCheck(reading, action, start, site, list[0]?.orgId ?? '')];
  }
  records.day = { ...day, list };
}
