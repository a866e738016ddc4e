import { and, eq, lt } from 'drizzle-orm';
import type { MasterTask, SiteScoreReport } from '@console/shared-sdk/contract';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { individualTasks } from '../schema.js';

// DOMAIN.md "Scores": a day that has ended in the site's zone is settled. Creating, re-scheduling and
// deleting master tasks today never adds an occurrence to a past day, so a closed period's scores come
// back the same.

const base = '/api/v1/master-task';
/** When the site's routine began: the first of June, in Brighton (BST) and everywhere else. */
const routineBegan = '2025-06-01T03:00:00Z';
/** A Tuesday, 11:00 in Brighton. */
const now = '2025-06-10T10:00:00Z';
const today = '2025-06-10';
/** A closed period: the first week of June. */
const pastWeek = { startDate: '2025-06-01', endDate: '2025-06-07' };

let ctx: TestContext;
let owner: string;
const brighton = () => ctx.demo.sites.brighton.id;

async function create(schedule: Record<string, unknown>, name: string): Promise<MasterTask> {
  const reply = await ctx.inject<{ data: MasterTask }>('POST', `${base}/create-new-one`, {
    token: owner,
    body: { siteID: brighton(), name, checkListItems: [{ text: 'Done as the card says' }], schedule },
  });
  if (reply.statusCode !== 200) throw new Error(`creating ${name}: ${reply.raw}`);
  return reply.json.data;
}

async function scores(): Promise<SiteScoreReport> {
  const reply = await ctx.inject<{ data: SiteScoreReport }>(
    'GET',
    '/api/v1/site-panel/site-report-scoreList',
    {
      token: owner,
      query: { siteID: brighton(), ...pastWeek },
    },
  );
  if (reply.statusCode !== 200) throw new Error(`site-report-scoreList: ${reply.raw}`);
  return reply.json.data;
}

const occurrencesBefore = async (masterTaskId: string, date: string) =>
  ctx.db
    .select({ taskDate: individualTasks.taskDate })
    .from(individualTasks)
    .where(and(eq(individualTasks.masterTaskId, masterTaskId), lt(individualTasks.taskDate, date)));

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(routineBegan);
  owner = await ctx.login(demoLogins.organizationAdmin);
  await create({ repeat: 'DAILY', startDate: '2025-06-01', dueTime: '09:00' }, 'Opening checks');
  await create(
    { repeat: 'DAILY', startDate: '2025-06-01', dueSlot: 'CLOSE', dueTime: null },
    'Closing checks',
  );
  ctx.clock.set(now);
  owner = await ctx.login(demoLogins.organizationAdmin);
});
afterAll(() => ctx.close());

test('creating, re-scheduling and deleting tasks today leaves a past period’s scores as they were', async () => {
  const before = await scores();
  expect(before.list.length).toBe(7);
  expect(before.list.every((day) => day.due > 0)).toBe(true);

  // A task created today with a start date months back makes no day before today.
  const monthsBack = await create({ repeat: 'DAILY', startDate: '2025-01-01', dueTime: '12:00' }, 'Descale');
  const once = await create({ repeat: 'ONCE', startDate: '2025-06-03', dueTime: '12:00' }, 'Deep clean');
  expect(await scores()).toEqual(before);
  expect(await occurrencesBefore(monthsBack._id, today)).toEqual([]);
  expect(await occurrencesBefore(once._id, today)).toEqual([]);

  // Re-scheduled to start even earlier, at another time: still nothing before today.
  const rescheduled = await ctx.inject<{ data: MasterTask }>('PUT', `${base}/update-one`, {
    token: owner,
    body: {
      _id: monthsBack._id,
      siteID: monthsBack.siteID,
      name: monthsBack.name,
      description: monthsBack.description,
      categoryID: monthsBack.categoryID,
      departmentID: monthsBack.departmentID,
      assigneeIDs: monthsBack.assigneeIDs,
      templateID: monthsBack.templateID,
      checkListItems: monthsBack.checkListItems,
      photoRequired: monthsBack.photoRequired,
      schedule: { ...monthsBack.schedule, startDate: '2024-06-01', dueTime: '15:00' },
    },
  });
  expect(rescheduled.statusCode).toBe(200);
  expect(await occurrencesBefore(monthsBack._id, today)).toEqual([]);
  expect(await scores()).toEqual(before);

  // Deleted from today on: the past stays.
  const deleted = await ctx.inject('DELETE', `${base}/delete-one`, {
    token: owner,
    query: { masterTaskID: monthsBack._id, date: today, scope: 'FUTURE' },
  });
  expect(deleted.statusCode).toBe(200);
  expect(await scores()).toEqual(before);
});
