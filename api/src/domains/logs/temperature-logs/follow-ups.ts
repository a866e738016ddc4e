import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import { ruleSetOf, withNationalFigures } from '@console/shared-sdk/contract';
import { foodItems } from '../../equipment/index.js';
import { nationalFiguresOf } from '../../sites/index.js';
import {
  followUpsOnReading,
  followUpsOnReadingCorrected,
  followUpsOnReadingDeleted,
  type CorrectionOutcome,
  type FollowUpOutcome,
  type FollowUpReading,
} from '../../tasks/index.js';
import type { TemperatureReadingRow } from './repository.js';

// A reading's follow-up checks (issue 24, DOMAIN.md "Time rules for records") are tasks: the tasks domain
// makes, completes, re-times and cancels them (domains/tasks/follow-ups). Here a reading recorded,
// corrected or deleted is told to it, in the transaction of that change, with the name of the food it names.

/** The log types whose readings start or take follow-ups; any other reading costs nothing here. */
const followedTypes = new Set<TemperatureReadingRow['logType']>(['COOKING_COOLING', 'HOT_HOLD_DISPLAY']);

const isFollowed = (row: TemperatureReadingRow) => row.foodItemId !== null && followedTypes.has(row.logType);

/** The set a reading was judged by, with the organisation's national figures where the set takes them. */
async function rulesJudgedBy(tx: Tx, row: TemperatureReadingRow) {
  const set = ruleSetOf(row.jurisdiction);
  return set.organisationSetsLimits ? withNationalFigures(set, await nationalFiguresOf(tx, row.orgId)) : set;
}

/** The reading as the tasks domain is told it (it reads no log or equipment table). */
async function followUpReadingOf(tx: Tx, row: TemperatureReadingRow): Promise<FollowUpReading> {
  const [item] =
    row.foodItemId === null
      ? []
      : await tx.select({ name: foodItems.name }).from(foodItems).where(eq(foodItems.id, row.foodItemId));
  return {
    id: row.id,
    orgId: row.orgId,
    siteId: row.siteId,
    logType: row.logType,
    checkKind: row.checkKind,
    jurisdiction: await rulesJudgedBy(tx, row),
    foodItemId: row.foodItemId,
    itemName: item?.name ?? '',
    celsius: row.celsius,
    readAt: row.readAt,
    result: row.result,
    coolingStartedAt: row.coolingStartedAt,
    hotHoldEnded: row.hotHoldEnded,
    correctiveAction: row.correctiveAction,
  };
}

/** Tells the tasks domain of a person's new reading; `by` read it. */
export async function followUpsOfReading(
  tx: Tx,
  row: TemperatureReadingRow,
  by: string,
  now: Date,
  syncWindowHours: number,
): Promise<FollowUpOutcome> {
  if (!isFollowed(row)) return {};
  return followUpsOnReading(tx, await followUpReadingOf(tx, row), by, now, { syncWindowHours });
}

/** Tells the tasks domain of a correction (`row` as corrected), made by `by` for `reason`. */
export async function followUpsOfCorrectedReading(
  tx: Tx,
  row: TemperatureReadingRow,
  change: { by: string; reason: string },
  now: Date,
): Promise<CorrectionOutcome> {
  if (!isFollowed(row)) return 'unchanged';
  return followUpsOnReadingCorrected(tx, await followUpReadingOf(tx, row), change, now);
}

/** Tells the tasks domain that a reading was deleted by `by` for `reason`. */
export async function followUpsOfDeletedReading(
  tx: Tx,
  row: Pick<TemperatureReadingRow, 'id' | 'orgId'>,
  change: { by: string; reason: string },
  now: Date,
): Promise<number> {
  return followUpsOnReadingDeleted(tx, { readingId: row.id, orgId: row.orgId, ...change }, now);
}
