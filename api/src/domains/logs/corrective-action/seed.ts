import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { defaultStandardActions, ruleSetOf, type CorrectiveCheckType } from '@console/shared-sdk/contract';
import type { Tx } from '../../../platform/db/client.js';
import { demoLogins, type DomainSeed } from '../../../platform/demo/base.js';
import { draw } from '../../../platform/demo/draw.js';
import { siteMembers, sites, users } from '../../../platform/db/schema.js';
import { correctiveActions } from '../../../platform/corrective-actions/schema.js';
import {
  actionValues,
  correctiveActionEntry,
  deviationKey,
  type CorrectiveActionRow,
  type OpenedDeviation,
} from '../../../platform/corrective-actions/open.js';
import {
  recordHistories,
  type HistoryActor,
  type HistoryEntryInput,
} from '../../../platform/history/history.js';
import {
  individualTasks,
  lineDeviation,
  masterTasks,
  missedDeviation,
  missedTaskTitle,
} from '../../tasks/index.js';
import { complianceLogs, nearMisses, temperatureReadings } from '../schema.js';
import { temperatureLogDtos } from '../temperature-logs/dto.js';
import { readingDeviation, readingFailureEvent } from '../temperature-logs/alert.js';
import { complianceLogDtos } from '../comlianceLog/repository.js';
import { failedLineDeviations } from '../comlianceLog/deviations.js';
import { nearMissDtos } from '../nearMiss/repository.js';
import { nearMissDeviation, nearMissEvent } from '../nearMiss/notify.js';

// The demo's corrective actions, after every other domain's records: each deviation the demo holds (a
// failed reading, a failed checklist line of a task or a compliance log, a missed task, a near miss) has
// the action it would have opened, and what became of it tells the story a manager would see:
// - what went wrong more than a day and a half ago was put right by the site's staff and checked by a manager
//   (Marcus at Brighton, Olivia elsewhere and wherever Marcus recorded it himself), so Brighton's pass-fridge
//   sensor excursion, recorded by Marcus, was verified by Olivia;
// - last week's failed delivery check (chicken rejected at the door) is recorded and waits for verification
//   while the supplier's van records are chased;
// - one missed task from yesterday morning is still open past its site's action time: overdue;
// - the rest waits: the last day and a half's recorded ones for verification, the last day's for an action.
// Every opening, recording and verification is in the history chain, in the order it happened.

const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;

interface Found {
  deviation: OpenedDeviation;
  openedAt: Date;
}

type Person = HistoryActor & { id: string };

/** The people who act: each site's active staff, its manager (Marcus at Brighton) and the owner. */
async function actorsOf(tx: Tx, orgId: string) {
  const rows = await tx
    .select({
      siteId: siteMembers.siteId,
      id: users.id,
      role: users.role,
      email: users.email,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(siteMembers)
    .innerJoin(users, eq(users.id, siteMembers.userId))
    .where(
      and(
        eq(users.orgId, orgId),
        isNull(users.deletedAt),
        eq(users.status, 'ACTIVE'),
        isNotNull(users.passwordHash),
      ),
    )
    .orderBy(users.id);
  const [owner] = await tx
    .select({ id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(eq(users.email, demoLogins.organizationAdmin));
  if (!owner) throw new Error('the corrective actions demo needs the organisation admin');
  const staffOf = (siteId: string): Person[] =>
    rows.filter((row) => row.siteId === siteId && row.role === 'STAFF');
  const managerOf = (siteId: string): Person =>
    rows.find((row) => row.siteId === siteId && row.role === 'SITE_ADMIN') ?? owner;
  return { owner, staffOf, managerOf, active: new Set(rows.map((row) => row.id)) };
}

/** Every deviation of the demo's records, as the console would have opened its action. */
async function deviationsOf(tx: Tx, orgId: string, now: Date): Promise<Found[]> {
  const found: Found[] = [];
  const siteRows = await tx
    .select({
      id: sites.id,
      name: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
    })
    .from(sites)
    .where(eq(sites.orgId, orgId));
  const localeOf = (siteId: string) =>
    ruleSetOf(siteRows.find((site) => site.id === siteId)?.jurisdiction ?? 'GB-ENG').locale;

  const readings = await tx
    .select()
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.orgId, orgId),
        eq(temperatureReadings.result, 'FAIL'),
        eq(temperatureReadings.source, 'STAFF'),
        isNull(temperatureReadings.deletedAt),
      ),
    );
  for (const log of await temperatureLogDtos(tx, readings)) {
    const reader = { id: log.readBy._id, name: log.readBy.name };
    found.push({
      deviation: readingDeviation(log, readingFailureEvent(log), reader),
      openedAt: new Date(log.receivedAt),
    });
  }

  const failedLogs = await tx
    .select()
    .from(complianceLogs)
    .where(and(eq(complianceLogs.orgId, orgId), eq(complianceLogs.result, 'FAIL')));
  for (const log of await complianceLogDtos(tx, failedLogs)) {
    for (const deviation of failedLineDeviations(log)) {
      found.push({ deviation, openedAt: new Date(log.receivedAt) });
    }
  }

  const reports = await tx
    .select()
    .from(nearMisses)
    .where(and(eq(nearMisses.orgId, orgId), isNull(nearMisses.deletedAt)));
  for (const report of await nearMissDtos(tx, reports)) {
    found.push({
      deviation: nearMissDeviation(report, nearMissEvent('', report, localeOf(report.siteID))),
      openedAt: new Date(report.receivedAt),
    });
  }

  const occurrence = {
    id: individualTasks.id,
    orgId: individualTasks.orgId,
    siteId: individualTasks.siteId,
    masterTaskId: individualTasks.masterTaskId,
    taskDate: individualTasks.taskDate,
    expireOn: individualTasks.expireOn,
    items: individualTasks.items,
    name: masterTasks.name,
    followUp: masterTasks.followUp,
    siteName: sites.name,
    timeZoneId: sites.timeZoneId,
  };
  const failing = await tx
    .select(occurrence)
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .innerJoin(sites, eq(sites.id, individualTasks.siteId))
    .where(
      and(
        eq(individualTasks.orgId, orgId),
        ne(individualTasks.status, 'DELETED'),
        sql`${individualTasks.items} @> '[{"status":"FAILED"}]'::jsonb`,
      ),
    );
  const names = new Map(
    (
      await tx
        .select({ id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
        .from(users)
        .where(eq(users.orgId, orgId))
    ).map((person) => [person.id, person.name]),
  );
  for (const row of failing) {
    for (const line of row.items) {
      if (line.status !== 'FAILED') continue;
      const actor = line.changedBy
        ? { id: line.changedBy, name: names.get(line.changedBy) ?? '' }
        : { id: null, name: 'Console' };
      const at = new Date(line.statusChangeOn ?? row.expireOn);
      found.push({ deviation: lineDeviation(row, line, row, row.siteName, { at, actor }), openedAt: at });
    }
  }

  // Missed tasks; a follow-up check's own job opens a missed follow-up's, in its own words.
  const missed = await tx
    .select(occurrence)
    .from(individualTasks)
    .innerJoin(masterTasks, eq(masterTasks.id, individualTasks.masterTaskId))
    .innerJoin(sites, eq(sites.id, individualTasks.siteId))
    .where(
      and(
        eq(individualTasks.orgId, orgId),
        inArray(individualTasks.status, ['PENDING', 'REPORTED']),
        lte(individualTasks.expireOn, now),
        isNull(masterTasks.followUp),
      ),
    );
  for (const row of missed) {
    found.push({
      deviation: missedDeviation(row, missedTaskTitle(row, localeOf(row.siteId))),
      openedAt: row.expireOn,
    });
  }
  return found;
}

/** A standard action of the check, picked for the action: the words staff would have chosen. */
const standardActionFor = (checkType: CorrectiveCheckType, key: string) => {
  const choices = defaultStandardActions[checkType];
  return choices[Math.floor(draw(key, 7) * choices.length)] ?? 'Put right and checked';
};

export const seedCorrectiveActions: DomainSeed = async (tx, base) => {
  const { now, orgId } = base;
  const people = await actorsOf(tx, orgId);
  const existing = await tx.select().from(correctiveActions).where(eq(correctiveActions.orgId, orgId));
  const taken = new Set(existing.map((row) => row.dedupeKey));
  const found = (await deviationsOf(tx, orgId, now)).filter(
    ({ deviation }) => !taken.has(deviationKey(deviation)),
  );

  // The one left overdue: the latest missed task whose site's action time (a day) is over.
  const overdue = found
    .filter(
      ({ deviation, openedAt }) =>
        deviation.kind === 'TASK_MISSED' && now.getTime() - openedAt.getTime() > dayMs + 2 * hourMs,
    )
    .sort((a, b) => b.openedAt.getTime() - a.openedAt.getTime())[0];

  const opened: CorrectiveActionRow[] = [];
  for (let start = 0; start < found.length; start += 200) {
    opened.push(
      ...(await tx
        .insert(correctiveActions)
        .values(
          found.slice(start, start + 200).map(({ deviation, openedAt }) => actionValues(deviation, openedAt)),
        )
        .returning()),
    );
  }

  const makerOf = new Map(found.map(({ deviation }) => [deviationKey(deviation), deviation.actor]));
  // Each opened as the console opens it: a failed reading already recorded with its reading's action.
  const history: HistoryEntryInput[] = opened.map((row) =>
    correctiveActionEntry(
      row,
      { action: 'create', before: null, reason: null },
      makerOf.get(row.dedupeKey) ?? { id: null, name: 'Console' },
      row.createdAt,
    ),
  );

  const settled: CorrectiveActionRow[] = [];
  for (const row of [...existing, ...opened]) {
    const age = now.getTime() - row.occurredAt.getTime();
    const isOverdue = overdue !== undefined && row.dedupeKey === deviationKey(overdue.deviation);
    const isFailedDelivery = row.sourceSubject === 'ComplianceLog' && row.checkType === 'FOOD_DELIVERY';
    if (isOverdue || age <= dayMs) continue;
    let current = row;
    if (current.state === 'OPEN') {
      // Put right by the site's staff a little after it happened (the person who made the record where
      // they are still at work).
      const staff = people.staffOf(row.siteId);
      const maker = staff.find((person) => person.id === makerOf.get(row.dedupeKey)?.id) ?? null;
      const recorder: Person =
        maker ?? staff[Math.floor(draw(row.id, 3) * staff.length)] ?? people.managerOf(row.siteId);
      const recordedAt = new Date(
        Math.min(row.occurredAt.getTime() + (1 + draw(row.id, 4) * 2) * hourMs, now.getTime() - hourMs),
      );
      const discarded = row.checkType === 'FRIDGE' && draw(row.id, 5) < 0.3;
      const actionTaken = isFailedDelivery
        ? 'Rejected the chilled crates and sent them back with the driver; supplier called.'
        : standardActionFor(row.checkType, row.id);
      const before = current;
      current = {
        ...current,
        state: 'ACTION_RECORDED',
        actionTaken,
        foodDiscarded: discarded,
        discardedQuantity: discarded ? '1.5 kg of cooked meats' : null,
        recordedBy: recorder.id,
        recordedAt,
        updatedAt: recordedAt,
      };
      history.push(
        correctiveActionEntry(current, { action: 'update', before, reason: null }, recorder, recordedAt),
      );
    }
    // Checked by a manager the next day, unless it is this week's failed delivery or too recent.
    if (current.state === 'ACTION_RECORDED' && age > 36 * hourMs && !isFailedDelivery && current.recordedAt) {
      const before = current;
      const manager = people.managerOf(row.siteId);
      const verifier = manager.id === current.recordedBy ? people.owner : manager;
      const verifiedAt = new Date(
        Math.min(current.recordedAt.getTime() + (18 + draw(row.id, 6) * 6) * hourMs, now.getTime() - hourMs),
      );
      current = {
        ...current,
        state: 'VERIFIED',
        verifiedBy: verifier.id,
        verifiedAt,
        verificationNote: draw(row.id, 8) < 0.5 ? 'Checked on my round: all in order.' : null,
        updatedAt: verifiedAt,
      };
      history.push(
        correctiveActionEntry(
          current,
          { action: 'update', before, reason: null },
          { id: verifier.id, name: verifier.name },
          verifiedAt,
        ),
      );
    }
    if (current !== row) settled.push(current);
  }

  for (const row of settled) {
    await tx
      .update(correctiveActions)
      .set({
        state: row.state,
        actionTaken: row.actionTaken,
        foodDiscarded: row.foodDiscarded,
        discardedQuantity: row.discardedQuantity,
        recordedBy: row.recordedBy,
        recordedAt: row.recordedAt,
        verifiedBy: row.verifiedBy,
        verifiedAt: row.verifiedAt,
        verificationNote: row.verificationNote,
        updatedAt: row.updatedAt,
      })
      .where(eq(correctiveActions.id, row.id));
  }
  // The chain in the order things happened.
  history.sort((a, b) => a.at.getTime() - b.at.getTime());
  await recordHistories(tx, orgId, history);
};
