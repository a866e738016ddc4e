import {
  correctiveActionRecordSchema,
  correctiveActionReopenSchema,
  correctiveActionVerifySchema,
  type CorrectiveActionRecord,
  type CorrectiveActionReopen,
  type CorrectiveActionVerify,
} from '@console/shared-sdk/logs';
import { issuesToErrors, type FieldErrors } from '@console/shared-sdk/ui';
import type { z } from 'zod';

// The three forms of a corrective action as data: what each holds, the body it sends, and the contract's
// own check of that body, so the form says what the API would refuse (with the API's words) before sending.

/** Recording what was done. Whether food was discarded starts unanswered: the record needs a yes or a no. */
export interface RecordActionForm {
  actionTaken: string;
  foodDiscarded: '' | 'yes' | 'no';
  discardedQuantity: string;
}

export const emptyRecordForm = (): RecordActionForm => ({
  actionTaken: '',
  foodDiscarded: '',
  discardedQuantity: '',
});

/**
 * What the form would send, checked by the contract before it is sent: while whether food was discarded
 * is unanswered it is left out, so the contract's "Say whether food was discarded" names the field.
 */
export function recordDraft(form: RecordActionForm, id: string) {
  const discarded = form.foodDiscarded === '' ? undefined : form.foodDiscarded === 'yes';
  return {
    _id: id,
    actionTaken: form.actionTaken.trim(),
    ...(discarded === undefined ? {} : { foodDiscarded: discarded }),
    // How much only where food went: a quantity typed before answering No is not kept.
    ...(discarded && form.discardedQuantity.trim() !== ''
      ? { discardedQuantity: form.discardedQuantity.trim() }
      : {}),
  };
}

/** The body of a form the contract accepts (`recordProblems` found nothing). */
export const recordBody = (form: RecordActionForm, id: string): CorrectiveActionRecord =>
  correctiveActionRecordSchema.parse(recordDraft(form, id));

/** Verifying someone else's action: the verifier's own password typed again, and a note. */
export interface VerifyForm {
  password: string;
  note: string;
}

export const emptyVerifyForm = (): VerifyForm => ({ password: '', note: '' });

export const verifyBody = (form: VerifyForm, id: string): CorrectiveActionVerify => ({
  _id: id,
  // The password as typed: spaces may be part of it.
  password: form.password,
  ...(form.note.trim() !== '' ? { note: form.note.trim() } : {}),
});

/** Reopening a recorded or verified action. */
export interface ReopenForm {
  reason: string;
}

export const emptyReopenForm = (): ReopenForm => ({ reason: '' });

export const reopenBody = (form: ReopenForm, id: string): CorrectiveActionReopen => ({
  _id: id,
  reason: form.reason.trim(),
});

/** The contract's messages for a body, by field ({} when the API would accept it). */
export function contractProblems(schema: z.ZodType, body: object): FieldErrors {
  const checked = schema.safeParse(body);
  return checked.success ? {} : issuesToErrors(checked.error.issues);
}

export const recordProblems = (form: RecordActionForm, id: string) =>
  contractProblems(correctiveActionRecordSchema, recordDraft(form, id));
export const verifyProblems = (form: VerifyForm, id: string) =>
  contractProblems(correctiveActionVerifySchema, verifyBody(form, id));
export const reopenProblems = (form: ReopenForm, id: string) =>
  contractProblems(correctiveActionReopenSchema, reopenBody(form, id));
