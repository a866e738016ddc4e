import { and, asc, eq, gt, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { v5 } from 'uuid';
import { limitsText, standardsOf } from '@console/shared-sdk/contract';
import type { Tx } from '../../platform/db/client.js';
import { sites } from '../../platform/db/schema.js';
import { newId } from '../../platform/db/ids.js';
import { localDate, rulesOfSite } from '../sites/index.js';
import { ensureOccurrences } from './occurrences.js';
import { checklistTemplates, individualTasks, masterTasks, type ChecklistItemRecord } from './schema.js';

// A probe that a wireless sensor disagrees with may be reading wrong: the site calibrates it that day. The
// check is an ordinary occurrence, due by the end of the site's local day, so it shows in the day's tasks
// and counts in the scores like any other. Where the site has its own task of log type PROBE_CALIBRATION
// (a master task made from such a template) and that task is still to do today, that is the day's check.
// Otherwise a one-off task is made for the day: a copy of the site's own calibration task's name and
// checklist where it has one (done already, or not due today), else "Calibrate the probe" with a line per
// calibration check of the site's rules. Once per site and day: the one-off task's id is named by the site
// and the date, so two readings racing make one.

/** The namespace of the one-off calibration tasks' name-based ids. */
const calibrationNamespace = '0b7a4c1e-5f0d-4d36-9a8e-7d3f2c61b5a9';

/** The one-off task's name where the site has no calibration task of its own. */
export const probeCalibrationTaskName = 'Calibrate the probe';

export interface ProbeCalibrationDue {
  occurrenceId: string;
  masterTaskId: string;
  /** False when the site's own task was still to do that day. */
  made: boolean;
}

/** The lines of the one-off task: each calibration check of the site's rules, in the site's unit. */
async function calibrationLines(tx: Tx, siteId: string): Promise<ChecklistItemRecord[]> {
  const rules = await rulesOfSite(tx, siteId);
  return standardsOf(rules).PROBE_CALIBRATION.checks.map((check) => ({
    id: newId(),
    text: `Probe reads ${limitsText(check.limits, rules.unit)} in ${check.label.toLowerCase()}`,
    required: true,
    photoRequired: false,
  }));
}

/** The occurrence a master task has on a date, when it is still to do. */
async function openOccurrenceOn(tx: Tx, masterTaskId: string, taskDate: string, now: Date) {
  const [found] = await tx
    .select({ id: individualTasks.id })
    .from(individualTasks)
    .where(
      and(
        eq(individualTasks.masterTaskId, masterTaskId),
        eq(individualTasks.taskDate, taskDate),
        inArray(individualTasks.status, ['PENDING', 'REPORTED']),
        gt(individualTasks.expireOn, now),
      ),
    );
  return found?.id;
}

/**
 * Makes a probe calibration check due at the site by the end of its local day at `now`, unless the day
 * has one still to do. `why` is the one-off task's description (the disagreement in words).
 */
export async function probeCalibrationDue(
  tx: Tx,
  place: { orgId: string; siteId: string },
  why: string,
  now: Date,
): Promise<ProbeCalibrationDue | undefined> {
  const [site] = await tx
    .select({ timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(and(eq(sites.id, place.siteId), eq(sites.orgId, place.orgId)));
  if (!site) return undefined;
  const taskDate = localDate(site.timeZoneId, now);

  // The site's own calibration task, live on the day.
  const [own] = await tx
    .select({
      id: masterTasks.id,
      name: masterTasks.name,
      items: masterTasks.items,
      templateId: masterTasks.templateId,
      categoryId: masterTasks.categoryId,
    })
    .from(masterTasks)
    .innerJoin(checklistTemplates, eq(checklistTemplates.id, masterTasks.templateId))
    .where(
      and(
        eq(masterTasks.orgId, place.orgId),
        eq(masterTasks.siteId, place.siteId),
        eq(checklistTemplates.type, 'PROBE_CALIBRATION'),
        isNull(masterTasks.deletedAt),
        isNull(masterTasks.followUp),
        lte(masterTasks.startDate, taskDate),
        or(isNull(masterTasks.endDate), gte(masterTasks.endDate, taskDate)),
        or(isNull(masterTasks.stoppedFrom), gt(masterTasks.stoppedFrom, taskDate)),
      ),
    )
    .orderBy(asc(masterTasks.createdAt), asc(masterTasks.id))
    .limit(1);
  if (own) {
    // Its day's occurrence as its schedule makes it, when the schedule covers today.
    await ensureOccurrences(tx, { orgId: place.orgId, masterTaskIds: [own.id] }, taskDate, taskDate, now);
    const occurrenceId = await openOccurrenceOn(tx, own.id, taskDate, now);
    if (occurrenceId !== undefined) return { occurrenceId, masterTaskId: own.id, made: false };
  }

  const masterTaskId = v5(`${place.siteId}:${taskDate}`, calibrationNamespace);
  const items = own ? own.items : await calibrationLines(tx, place.siteId);
  const [master] = await tx
    .insert(masterTasks)
    .values({
      id: masterTaskId,
      orgId: place.orgId,
      siteId: place.siteId,
      name: own?.name ?? probeCalibrationTaskName,
      description: why,
      templateId: own?.templateId ?? null,
      categoryId: own?.categoryId ?? null,
      items,
      repeat: 'ONCE',
      startDate: taskDate,
      endDate: taskDate,
      // A due time of 00:00 is the end of its date (schedule.ts): the check is due by the end of the day.
      dueTime: '00:00',
      // Its only date is made here, now: no making looks at it again.
      madeThrough: taskDate,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: masterTasks.id })
    .returning({ id: masterTasks.id });
  if (!master) return undefined;
  const [made] = await tx
    .insert(individualTasks)
    .values({
      id: newId(),
      orgId: place.orgId,
      siteId: place.siteId,
      masterTaskId,
      taskDate,
      opensAt: now,
      expireOn: DateTime.fromISO(taskDate, { zone: site.timeZoneId }).plus({ days: 1 }).toJSDate(),
      status: 'PENDING',
      items: items.map((item) => ({
        ...item,
        status: 'PENDING' as const,
        statusChangeOn: null,
        changedBy: null,
        comment: null,
      })),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [individualTasks.masterTaskId, individualTasks.taskDate] })
    .returning({ id: individualTasks.id });
  return made && { occurrenceId: made.id, masterTaskId, made: true };
}
