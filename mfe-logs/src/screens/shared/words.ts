import type { TextFieldDeclaration } from '@console/shared-sdk/ui';

// The words and small pieces every log screen's list uses: the reason asked for a change to a record staff
// made (issue 11), and a time in the site's zone. Apart from the reason dialog and the history, which load
// with the dialogs and views that show them, so a list does not download those.

/** The APIs' bounds on a reason. */
export const reasonLength = { min: 3, max: 500 } as const;

/** The label every log screen gives the field, so users recognise it across screens. */
export const reasonLabel = 'Reason for the change';

/** What is wrong with a reason as typed, or undefined when the API will accept it. */
export function reasonProblem(reason: string): string | undefined {
  const text = reason.trim();
  if (text.length === 0) return 'Say why you are making this change';
  if (text.length < reasonLength.min) return `At least ${reasonLength.min} characters`;
  if (text.length > reasonLength.max) return `At most ${reasonLength.max} characters`;
  return undefined;
}

/**
 * The reason as a field of a kit form (`form.fields` of a declaration whose form has `reason: string`).
 * The contract's update schema validates it, so its messages and the server's show under it.
 */
export const reasonField: TextFieldDeclaration<'reason'> = {
  kind: 'multiline',
  name: 'reason',
  label: reasonLabel,
  required: true,
  rows: 2,
  helperText: 'Required. Kept in the record’s history with your name.',
};
