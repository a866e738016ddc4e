import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import { foodItems } from '../../equipment/index.js';
import { followUpsOnReading, type FollowUpOutcome } from '../../tasks/index.js';
import type { TemperatureReadingRow } from './repository.js';

// A reading's follow-up checks (issue 24, DOMAIN.md "Time rules for records") are tasks: the tasks domain
// makes and completes them (domains/tasks/follow-ups). Here a recorded reading is told to it, in the
// transaction that records it, with the name of the food it names.

/** The log types whose readings start or take follow-ups; any other reading costs nothing here. */
const followedTypes = new Set<TemperatureReadingRow['logType']>(['COOKING_COOLING', 'HOT_HOLD_DISPLAY']);

/** Tells the tasks domain of a person's new reading; `by` read it. */
export async function followUpsOfReading(
  tx: Tx,
  row: TemperatureReadingRow,
  by: string,
  now: Date,
  syncWindowHours: number,
): Promise<FollowUpOutcome> {
  if (row.foodItemId === null || !followedTypes.has(row.logType)) return {};
  const [item] = await tx
    .select({ name: foodItems.name })
    .from(foodItems)
    .where(eq(foodItems.id, row.foodItemId));
  return followUpsOnReading(
    tx,
    {
      id: row.id,
      orgId: row.orgId,
      siteId: row.siteId,
      logType: row.logType,
      checkKind: row.checkKind,
      foodItemId: row.foodItemId,
      itemName: item?.name ?? '',
      celsius: row.celsius,
      readAt: row.readAt,
      result: row.result,
      coolingStartedAt: row.coolingStartedAt,
      hotHoldEnded: row.hotHoldEnded,
    },
    by,
    now,
    { syncWindowHours },
  );
}
