import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { startUpWork } from './schema.js';

/** Whether the start-up work `name` was done on this database already. */
export async function startUpWorkDone(db: Database, name: string): Promise<boolean> {
  const [row] = await db
    .select({ name: startUpWork.name })
    .from(startUpWork)
    .where(eq(startUpWork.name, name));
  return row !== undefined;
}

/** Records that `name` is done, so later starts skip it (two instances finishing together record it once). */
export async function markStartUpWorkDone(db: Database, name: string, now: Date) {
  await db.insert(startUpWork).values({ name, doneAt: now }).onConflictDoNothing();
}
