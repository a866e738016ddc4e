import type { z } from 'zod';
import type { ChecklistItemDefinition, checklistItemInputSchema } from '@console/shared-sdk/contract';
import type { ChecklistItemRecord } from '../schema.js';
import { badRequest, type FieldErrors } from '../../../platform/http/errors.js';
import { newId } from '../../../platform/db/ids.js';

// Checklist lines as templates (and the master tasks made from them) store them. A line keeps its id while
// it is edited, so an occurrence already made from it still names the same line; a line copied into
// another record gets a new id, because the two are edited apart from then on.

export type ChecklistItemSent = z.output<typeof checklistItemInputSchema>;

/**
 * The stored checklist from the lines a form sent, in their order: a line without `_id` is new and gets an
 * id; a line with `_id` must be one of `current` (the record's own lines) and keeps it. Anything else is a
 * 400 on that line's `_id`, e.g. `checkListItems.2._id`.
 */
export function checklistFromForm(
  sent: readonly ChecklistItemSent[],
  current: readonly ChecklistItemRecord[] = [],
  field = 'checkListItems',
): ChecklistItemRecord[] {
  const own = new Set(current.map((item) => item.id));
  const seen = new Set<string>();
  const errors: FieldErrors = {};
  const items = sent.map((item, index) => {
    if (item._id !== undefined) {
      if (!own.has(item._id)) errors[`${field}.${index}._id`] = ['This line is not part of this checklist'];
      else if (seen.has(item._id)) errors[`${field}.${index}._id`] = ['This line is in the list twice'];
      seen.add(item._id);
    }
    return {
      id: item._id ?? newId(),
      text: item.text,
      required: item.required,
      photoRequired: item.photoRequired,
    };
  });
  const first = Object.keys(errors)[0];
  if (first) throw badRequest(`${first}: ${errors[first]?.[0] ?? 'Not valid'}`, errors);
  return items;
}

/** The same lines for another record, each with a new id. */
export const copiedChecklist = (items: readonly ChecklistItemRecord[]): ChecklistItemRecord[] =>
  items.map((item) => ({ ...item, id: newId() }));

/** Stored lines as the API answers them. */
export const checklistDto = (items: readonly ChecklistItemRecord[]): ChecklistItemDefinition[] =>
  items.map((item) => ({
    _id: item.id,
    text: item.text,
    required: item.required,
    photoRequired: item.photoRequired,
  }));
