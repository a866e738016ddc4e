import { pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns.js';

/**
 * Start-up work done once for a database, such as the task history's baseline: a later start that finds its
 * row skips the work (and the scan that would find nothing to do).
 */
export const startUpWork = pgTable('start_up_work', {
  name: text('name').primaryKey(),
  doneAt: instant('done_at').notNull(),
});
