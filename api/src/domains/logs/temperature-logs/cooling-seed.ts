import { DateTime } from 'luxon';
import {
  checkOf,
  judgeReading,
  ruleSetOf,
  toCelsius,
  type TemperatureLimits,
} from '@console/shared-sdk/contract';
import type { Tx } from '../../../platform/db/client.js';
import type { sites } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { temperatureReadings } from '../schema.js';
import { followUpsOfReading } from './follow-ups.js';

// The demo's American cooling (DOMAIN.md "Other jurisdictions"): at Brooklyn, on the last open day before
// today, a braise cooked to 168 °F starts cooling at 3:10 PM; New York's Health Code makes two checks of it,
// due at 5:10 PM (70 °F) and 9:10 PM (41 °F). The first is probed in time at 66 °F; the second at 9:35 PM,
// 25 minutes late, at 39 °F: the check is done, and late, as an inspector would read it. The readings go
// through the same follow-up code as a phone's, so the checks are made, taken and judged as in service.

/** Generous enough for a reading of yesterday: the seed writes what staff sent at the time. */
const seedSyncWindowHours = 24 * 14;

export async function seedTwoStageCooling(
  tx: Tx,
  site: typeof sites.$inferSelect,
  dish: { id: string },
  readBy: string,
  now: Date,
): Promise<void> {
  const set = ruleSetOf(site.jurisdiction);
  const [first, second] = set.cooling.stages;
  if (!first || !second) return;
  // The last open day before today, so the whole evening has happened.
  let day = DateTime.fromJSDate(now, { zone: site.timeZoneId }).startOf('day');
  do day = day.minus({ days: 1 });
  while (!site.timing.find((hours) => hours.day === day.weekday % 7)?.isOpen);
  const local = (time: string) => {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    return day.set({ hour, minute }).toJSDate();
  };
  const limitsOf = (checkKind: string): TemperatureLimits => {
    const check = checkOf('COOKING_COOLING', checkKind, set.jurisdiction);
    if (!check) throw new Error(`${set.jurisdiction} has no ${checkKind} check`);
    return check.limits;
  };
  const read = async (checkKind: string, time: string, degrees: number) => {
    const readAt = local(time);
    const receivedAt = new Date(readAt.getTime() + 60_000);
    const celsius = toCelsius(degrees, set.unit);
    const limits = limitsOf(checkKind);
    const [row] = await tx
      .insert(temperatureReadings)
      .values({
        id: newId(),
        orgId: site.orgId,
        siteId: site.id,
        logType: 'COOKING_COOLING',
        checkKind,
        foodItemId: dish.id,
        celsius,
        readAt,
        receivedAt,
        readBy,
        lowerLimit: limits.lowerLimit,
        upperLimit: limits.upperLimit,
        warnUpTo: limits.warnUpTo,
        jurisdiction: set.jurisdiction,
        result: judgeReading(celsius, limits),
        coolingStartedAt: checkKind === set.cooking.kind ? readAt : null,
        createdAt: receivedAt,
        updatedAt: receivedAt,
      })
      .returning();
    if (!row) throw new Error('the cooling story wrote no reading');
    await followUpsOfReading(tx, row, readBy, receivedAt, seedSyncWindowHours);
  };
  await read(set.cooking.kind, '15:10', 168);
  await read(first.kind, '16:55', 66);
  await read(second.kind, '21:35', 39);
}
