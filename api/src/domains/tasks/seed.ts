import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { masterTaskInputSchema, type MasterTaskInput, type SlotName } from '@console/shared-sdk/contract';
import { departments } from '../people/index.js';
import { individualTasks, libraryTemplates, taskComments, type OccurrenceItemRecord } from './schema.js';
import { siteMembers, sites, users } from '../../platform/db/schema.js';
import { newId } from '../../platform/db/ids.js';
import { insertMasterTask } from './master-task/repository.js';
import { importLibraryTemplate } from './pre-defined-template/repository.js';
import { insertTaskCategory } from './task-category/repository.js';
import { ensureLibrary, libraryTemplateIds, type LibraryKey } from './library.js';
import { ensureOccurrences } from './occurrences.js';
import type { DomainSeed } from '../../platform/demo/base.js';
import { displayPhoto } from './demo-photo.js';
import { draw } from '../../platform/demo/draw.js';
import { storeDemoFile } from '../../platform/files/demo-files.js';
import { recordHistories, type HistoryEntryInput } from '../../platform/history/history.js';
import { occurrenceHistorySnapshot } from './occurrence-changes.js';

// Each demo site's routine: a dozen master tasks made from the library (openings and closings, fridge and
// freezer checks, hot holding, deliveries, the weekly deep clean, monthly probe calibration), and sixty days
// of what staff did with them. Most were done on time, some late, some missed; a few checklist lines failed
// with a comment (and, for a temperature, a photo of the display); one completion reached the server hours
// after it happened. Today's tasks that are still open are left to do. Each completion has the history entry
// the console writes for one, so the record-history check finds the demo's tasks intact.

const historyDays = 60;

interface RoutineTask {
  name: string;
  template: LibraryKey;
  category: CategoryKey;
  department: 'Kitchen' | 'Front of house' | 'Bar';
  schedule: MasterTaskInput['schedule'];
  photoRequired?: boolean;
}

type CategoryKey = 'openClose' | 'temperatures' | 'cleaning' | 'deliveries';

const categories: Record<CategoryKey, { name: string; description: string }> = {
  openClose: {
    name: 'Opening and closing',
    description: 'What every shift checks before and after service.',
  },
  temperatures: { name: 'Temperature checks', description: 'Fridges, freezers, hot holding and cooling.' },
  cleaning: { name: 'Cleaning and pests', description: 'Deep cleans, pest sightings and water safety.' },
  deliveries: { name: 'Deliveries and allergens', description: 'Goods in, labelling and allergen control.' },
};

const daily = (slot: SlotName) => ({ repeat: 'DAILY' as const, dueSlot: slot });

/** The routine every demo site runs; start dates are filled in by the seed. */
const routine: readonly (Omit<RoutineTask, 'schedule'> & {
  schedule: Omit<MasterTaskInput['schedule'], 'startDate'>;
})[] = [
  {
    name: 'Opening checks',
    template: 'openingChecks',
    category: 'openClose',
    department: 'Kitchen',
    schedule: daily('OPEN'),
  },
  {
    name: 'Closing checks',
    template: 'closingChecks',
    category: 'openClose',
    department: 'Kitchen',
    schedule: daily('CLOSE'),
  },
  {
    name: 'Allergen board and labels',
    template: 'allergenCheck',
    category: 'deliveries',
    department: 'Front of house',
    schedule: daily('BEFORE_OPEN'),
  },
  {
    name: 'Fridge temperatures (morning)',
    template: 'fridgeCheck',
    category: 'temperatures',
    department: 'Kitchen',
    schedule: daily('MORNING'),
  },
  {
    name: 'Fridge temperatures (evening)',
    template: 'fridgeCheck',
    category: 'temperatures',
    department: 'Kitchen',
    schedule: daily('EVENING'),
  },
  {
    name: 'Freezer temperatures',
    template: 'freezerCheck',
    category: 'temperatures',
    department: 'Kitchen',
    schedule: daily('MORNING'),
  },
  {
    name: 'Hot holding at lunch',
    template: 'hotHolding',
    category: 'temperatures',
    department: 'Kitchen',
    schedule: daily('LUNCH'),
  },
  {
    name: 'Cooling log',
    template: 'cookingCooling',
    category: 'temperatures',
    department: 'Kitchen',
    schedule: daily('AFTERNOON'),
  },
  {
    name: 'Delivery intake',
    template: 'deliveryIntake',
    category: 'deliveries',
    department: 'Kitchen',
    schedule: { repeat: 'WEEKLY', weekdays: [2, 4], dueTime: '11:00' },
  },
  {
    name: 'Weekly deep clean',
    template: 'weeklyDeepClean',
    category: 'cleaning',
    department: 'Kitchen',
    schedule: { repeat: 'WEEKLY', weekdays: [1], dueSlot: 'CLOSE' },
  },
  {
    name: 'Pest control walk-round',
    template: 'pestSighting',
    category: 'cleaning',
    department: 'Kitchen',
    schedule: { repeat: 'WEEKLY', weekdays: [3], dueTime: '10:00' },
  },
  {
    name: 'Legionella flush of little-used outlets',
    template: 'legionellaFlush',
    category: 'cleaning',
    department: 'Bar',
    schedule: { repeat: 'WEEKLY', weekdays: [0], dueTime: '12:00' },
  },
  {
    name: 'Probe calibration',
    template: 'probeCalibration',
    category: 'temperatures',
    department: 'Kitchen',
    schedule: { repeat: 'MONTHLY', dayOfMonth: 1, dueTime: '11:00' },
  },
];

/** What staff wrote on a failed line, and the display they photographed when there was one to show. */
const failureNotes: readonly { note: string; photo?: { celsius: number; alarm: boolean } }[] = [
  { note: 'Seal on the door is split; reported to maintenance, stock moved to the walk-in.' },
  {
    note: 'Reading 9 °C at first check; door had been left ajar. Rechecked 4 °C after 30 minutes.',
    photo: { celsius: 9.1, alarm: true },
  },
  { note: 'Sanitiser had run out; new stock opened and the surface cleaned again.' },
  {
    note: 'Delivery van chiller at 11 °C; chicken rejected and the supplier told.',
    photo: { celsius: 11.2, alarm: true },
  },
];

export const seedTasks: DomainSeed = async (tx, { orgId, now, storage, sites: demoSiteIds }) => {
  await ensureLibrary(tx, now);
  const siteIds = Object.values(demoSiteIds).map((site) => site.id);

  // The organisation's templates: a copy of each library template the routine uses.
  const library = await tx
    .select()
    .from(libraryTemplates)
    .where(inArray(libraryTemplates.id, Object.values(libraryTemplateIds)));
  const templateIdByKey = new Map<LibraryKey, string>();
  for (const key of new Set(routine.map((task) => task.template))) {
    const source = library.find((row) => row.id === libraryTemplateIds[key]);
    if (!source) throw new Error(`the library has no ${key}`);
    templateIdByKey.set(
      key,
      (await importLibraryTemplate(tx, { orgId, ownerSiteId: null }, source, undefined, now)).id,
    );
  }

  const siteRows = await tx
    .select({ id: sites.id, timeZoneId: sites.timeZoneId })
    .from(sites)
    .where(inArray(sites.id, siteIds));
  const masterIdsByCategory = new Map<CategoryKey, string[]>();
  const staffBySite = new Map<string, string[]>();
  const nameOf = new Map<string, string>();
  for (const site of siteRows) {
    const historyStart = DateTime.fromJSDate(now, { zone: site.timeZoneId })
      .minus({ days: historyDays })
      .startOf('day');
    const startDate = historyStart.toISODate();
    if (!startDate) throw new Error(`no local date in ${site.timeZoneId}`);
    // The routine has been in place since the history began: its master tasks are created as of that
    // local midnight, so the sixty days are theirs to make (a task created today makes no day before
    // today) and the completions of those days come after the tasks existed.
    const createdAsOf = historyStart.toJSDate();
    const siteDepartments = await tx
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(and(eq(departments.siteId, site.id), isNull(departments.deletedAt)));
    // Those who can sign in: not deactivated, and past their invitation (a password of their own).
    const staff = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(siteMembers)
      .innerJoin(users, eq(users.id, siteMembers.userId))
      .where(
        and(
          eq(siteMembers.siteId, site.id),
          eq(users.role, 'STAFF'),
          eq(users.status, 'ACTIVE'),
          isNotNull(users.passwordHash),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(users.id);
    staffBySite.set(
      site.id,
      staff.map((person) => person.id),
    );
    for (const person of staff) nameOf.set(person.id, `${person.firstName} ${person.lastName}`);
    for (const task of routine) {
      const department = siteDepartments.find((row) => row.name === task.department) ?? siteDepartments[0];
      const fields = masterTaskInputSchema.parse({
        siteID: site.id,
        name: task.name,
        description: '',
        templateID: templateIdByKey.get(task.template),
        departmentID: department ? [department.id] : [],
        photoRequired: task.photoRequired ?? false,
        schedule: { ...task.schedule, startDate },
      });
      const { siteID: _siteID, ...own } = fields;
      const row = await insertMasterTask(tx, { orgId, siteID: site.id }, own, createdAsOf);
      masterIdsByCategory.set(task.category, [...(masterIdsByCategory.get(task.category) ?? []), row.id]);
    }
  }
  for (const [key, category] of Object.entries(categories) as [
    CategoryKey,
    (typeof categories)[CategoryKey],
  ][]) {
    await insertTaskCategory(
      tx,
      { orgId, siteIds, masterTaskIds: masterIdsByCategory.get(key) ?? [] },
      { name: category.name, description: category.description },
      now,
    );
  }

  // Sixty days of history: make the occurrences, then decide what became of each one that has expired.
  const earliest = siteRows
    .map(
      (site) =>
        DateTime.fromJSDate(now, { zone: site.timeZoneId }).minus({ days: historyDays }).toISODate() ?? '',
    )
    .sort()[0];
  const latest = DateTime.fromJSDate(now, { zone: 'Pacific/Kiritimati' }).toISODate();
  if (!earliest || !latest) throw new Error('no range for the demo history');
  await ensureOccurrences(tx, { orgId, siteIds }, earliest, latest, now);
  const past = await tx
    .select()
    .from(individualTasks)
    .where(and(inArray(individualTasks.siteId, siteIds), lt(individualTasks.expireOn, now)));

  // What became of each expired occurrence: missed (no completion), done late, or done within its window.
  const completionOf = (row: (typeof past)[number]): { completedAt: Date; late: boolean } | null => {
    const outcome = draw(row.id, 2);
    if (outcome < 0.07) return null; // missed: left pending past its expiry
    const window = row.expireOn.getTime() - row.opensAt.getTime();
    const late = outcome < 0.15;
    const completedAt = new Date(
      late
        ? row.expireOn.getTime() + (10 + draw(row.id, 3) * 110) * 60_000
        : row.opensAt.getTime() + window * (0.2 + 0.75 * draw(row.id, 3)),
    );
    return completedAt.getTime() > now.getTime() ? null : { completedAt, late };
  };
  // One completion at Brighton in the last week was made offline and synced three hours later: it still
  // counts with its real time, and the inspection pack says it was synced late. Chosen by the draw among
  // those that qualify, so every demo has exactly one.
  const weekAgo = now.getTime() - 7 * 24 * 60 * 60_000;
  const lateSyncedId = past
    .filter((row) => {
      const completion = completionOf(row);
      return (
        row.siteId === demoSiteIds.brighton.id &&
        (staffBySite.get(row.siteId)?.length ?? 0) > 0 &&
        completion !== null &&
        !completion.late &&
        completion.completedAt.getTime() >= weekAgo &&
        completion.completedAt.getTime() + 3 * 60 * 60_000 <= now.getTime()
      );
    })
    .sort((a, b) => draw(a.id, 7) - draw(b.id, 7) || a.id.localeCompare(b.id))[0]?.id;
  const updates: {
    id: string;
    status: 'PENDING' | 'COMPLETED';
    completedAt: Date | null;
    completedBy: string | null;
    syncedAt: Date | null;
    items: OccurrenceItemRecord[];
  }[] = [];
  const comments: (typeof taskComments.$inferInsert)[] = [];
  for (const row of past) {
    const staff = staffBySite.get(row.siteId) ?? [];
    const who = staff[Math.floor(draw(row.id, 1) * staff.length)];
    if (!who) continue;
    const completion = completionOf(row);
    if (!completion) continue;
    const { completedAt } = completion;
    const failIndex = draw(row.id, 4) < 0.04 ? Math.floor(draw(row.id, 5) * row.items.length) : -1;
    const failure = failureNotes[Math.floor(draw(row.id, 6) * failureNotes.length)];
    const items = row.items.map((item, index): OccurrenceItemRecord => {
      // A minute apart before the completion, but never before the task opened.
      const at = new Date(
        Math.max(row.opensAt.getTime(), completedAt.getTime() - (row.items.length - index) * 60_000),
      );
      const failed = index === failIndex;
      return {
        ...item,
        status: failed ? 'FAILED' : 'COMPLETED',
        statusChangeOn: at.toISOString(),
        changedBy: who,
        comment: failed ? (failure?.note ?? null) : null,
      };
    });
    const failed = items[failIndex];
    if (failed?.comment) {
      comments.push({
        id: newId(),
        orgId,
        siteId: row.siteId,
        individualTaskId: row.id,
        checklistItemId: failed.id,
        type: 'TEXT',
        text: failed.comment,
        authorId: who,
        createdAt: new Date(failed.statusChangeOn ?? completedAt),
      });
      // The display photographed with the note, where the demo has somewhere to keep files.
      if (failure?.photo && storage) {
        const takenAt = new Date(failed.statusChangeOn ?? completedAt);
        const photo = await storeDemoFile(
          tx,
          storage,
          {
            orgId,
            uploadedBy: who,
            bytes: displayPhoto(failure.photo.celsius, failure.photo.alarm),
            contentType: 'image/png',
            name: 'thermometer.png',
          },
          takenAt,
        );
        comments.push({
          id: newId(),
          orgId,
          siteId: row.siteId,
          individualTaskId: row.id,
          checklistItemId: failed.id,
          type: 'IMAGE',
          fileId: photo.id,
          authorId: who,
          createdAt: takenAt,
        });
      }
    }
    const syncedLate = row.id === lateSyncedId;
    updates.push({
      id: row.id,
      status: 'COMPLETED',
      completedAt,
      completedBy: who,
      syncedAt: new Date(completedAt.getTime() + (syncedLate ? 3 * 60 : 1) * 60_000),
      items,
    });
  }
  for (let start = 0; start < updates.length; start += 500) {
    const batch = updates.slice(start, start + 500);
    const values = sql.join(
      batch.map(
        (one) =>
          sql`(${one.id}::uuid, ${one.status}, ${one.completedAt?.toISOString() ?? null}::timestamptz, ${one.completedBy}::uuid, ${one.syncedAt?.toISOString() ?? null}::timestamptz, ${JSON.stringify(one.items)}::jsonb)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update ${individualTasks} set
        status = v.status, completed_at = v.completed_at, completed_by = v.completed_by,
        synced_at = v.synced_at, items = v.items, updated_at = v.synced_at
      from (values ${values}) as v(id, status, completed_at, completed_by, synced_at, items)
      where ${individualTasks.id} = v.id`);
  }
  if (comments.length > 0) await tx.insert(taskComments).values(comments);

  // Staff completing a task through the console leave an entry saying so; the demo's completions get one
  // each, by the person who completed it, at the time they happened, oldest first.
  const rowsById = new Map(past.map((row) => [row.id, row]));
  const entries: HistoryEntryInput[] = [];
  for (const update of updates) {
    const made = rowsById.get(update.id);
    if (!made || !update.completedAt) continue;
    entries.push({
      orgId,
      siteId: made.siteId,
      subject: 'Task',
      recordId: made.id,
      action: 'update',
      before: occurrenceHistorySnapshot(made, 'Completed'),
      after: occurrenceHistorySnapshot({ ...made, ...update }, 'Completed'),
      reason: null,
      actor: { id: update.completedBy, name: nameOf.get(update.completedBy ?? '') ?? 'Demo data' },
      at: update.completedAt,
    });
  }
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  await recordHistories(tx, orgId, entries);
};
