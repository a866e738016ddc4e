import { z } from 'zod';
import { idList, idSchema, wallTimeSchema } from './common.js';
import { repeatKindSchema, slotNameSchema } from './enums.js';

// Assigning a site's tasks to one person (/staff-people get-tasks-for-assign and bulk-assign). Apart from the
// rest of the tasks contract so the people screens, which ship with mfe-people, do not carry it.

/** POST /staff-people/get-tasks-for-assign: a site's master tasks, and which of them a person has. */
export const tasksForAssignSchema = z.object({ siteID: idSchema, userID: idSchema });

export const assignableTaskSchema = z.object({
  _id: idSchema,
  name: z.string(),
  siteID: idSchema,
  repeat: repeatKindSchema,
  dueSlot: slotNameSchema.nullable(),
  dueTime: wallTimeSchema.nullable(),
  category: z.object({ _id: idSchema, name: z.string() }).nullable(),
  /** Whether the person is one of its assignees. */
  assigned: z.boolean(),
});
export type AssignableTask = z.infer<typeof assignableTaskSchema>;

/**
 * POST /staff-people/bulk-assign: give `assigneeID` the master tasks in `tasks` and take away those in
 * `removedTasks` (the spec's payload), in one change.
 */
export const bulkAssignSchema = z
  .object({
    assigneeID: idSchema,
    tasks: idList(1000).default([]),
    removedTasks: idList(1000).default([]),
  })
  .superRefine((change, context) => {
    if (change.tasks.some((id) => change.removedTasks.includes(id)))
      context.addIssue({
        code: 'custom',
        path: ['removedTasks'],
        message: 'A task cannot be given and taken away at once',
      });
  });
export type BulkAssign = z.input<typeof bulkAssignSchema>;
