import { z } from 'zod';
import { idSchema, instantSchema } from './common.js';

// A record's change history (DOMAIN.md "Logs and incidents": who changed what, when and why). Entries are
// append-only and chained by hash per organisation, so a change made behind the application's back shows.
// Each domain declares what a snapshot of its record holds; the entry around it is the same everywhere.

export const historyActionSchema = z.enum(['create', 'update', 'delete']);
export type HistoryAction = z.infer<typeof historyActionSchema>;

/** One entry of a record's history, `changes` holding the record before and after (null when none). */
export const historyEntrySchema = <Snapshot extends z.ZodType>(snapshot: Snapshot) =>
  z.object({
    _id: idSchema,
    recordID: idSchema,
    action: historyActionSchema,
    changes: z.object({ before: snapshot.nullable(), after: snapshot.nullable() }),
    /** Why, when the change needed a reason (a limit looser than the legal default). */
    reason: z.string().nullable(),
    /** Who, by name as it was at the time. */
    actor: z.object({ _id: idSchema.nullable(), name: z.string() }),
    at: instantSchema,
  });
