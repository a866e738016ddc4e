import { eq } from 'drizzle-orm';
import type { MasterTask, TaskRef } from '@console/shared-sdk/contract';
import { individualTasks } from '../domains/tasks/index.js';
import type { TestContext } from './helper.js';

// What the task tests share: an occurrence to act on, made the way the console makes one.

export type Occurrence = TaskRef & { master: MasterTask };

/**
 * Creates a master task from `form` (POST /master-task/create-new-one) and makes its occurrence of `date`
 * by reading that day's list, as the console does.
 */
export async function createOccurrence(
  ctx: TestContext,
  token: string,
  form: Record<string, unknown> & { siteID: string },
  date: string,
): Promise<Occurrence> {
  const created = await ctx.inject<{ data: MasterTask }>('POST', '/api/v1/master-task/create-new-one', {
    token,
    body: form,
  });
  if (created.statusCode !== 200) throw new Error(`creating the master task: ${created.raw}`);
  const master = created.json.data;
  const read = await ctx.inject('GET', '/api/v1/master-task/web-app-list', {
    token,
    query: { siteID: master.siteID, taskListDate: date },
  });
  if (read.statusCode !== 200) throw new Error(`reading ${date}: ${read.raw}`);
  const [row] = await ctx.db
    .select({ id: individualTasks.id })
    .from(individualTasks)
    .where(eq(individualTasks.masterTaskId, master._id));
  if (!row) throw new Error('the day was read but its occurrence was not made');
  return { masterTaskID: master._id, individualTaskID: row.id, master };
}

/**
 * Runs `act` (creating a master task, usually) with the test clock at noon UTC on the day before `date`
 * when the clock is later, then puts the clock back. A master task created today makes no occurrence for a
 * day that has ended (DOMAIN.md "Tasks": those days are settled), so a test of past days plans their tasks
 * before them, as a real history would have. A token signed at the later time still serves meanwhile.
 */
export async function plannedBefore<T>(ctx: TestContext, date: string, act: () => Promise<T>): Promise<T> {
  const current = ctx.clock.now();
  const planned = new Date(`${date}T12:00:00.000Z`);
  planned.setUTCDate(planned.getUTCDate() - 1);
  if (planned >= current) return act();
  ctx.clock.set(planned);
  try {
    return await act();
  } finally {
    ctx.clock.set(current);
  }
}
