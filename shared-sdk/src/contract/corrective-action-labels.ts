import { z } from 'zod';

// The corrective actions' states in words, apart from their contract (corrective-actions.ts, which
// re-exports them): the first screens after signing in (the overview, a site's dashboard, the site form) say
// how many actions await what, and must not carry the logs' contract and the rule sets for two phrases.

/** OPEN → ACTION_RECORDED → VERIFIED; a recorded or verified action goes back to OPEN when reopened. */
export const correctiveActionStates = ['OPEN', 'ACTION_RECORDED', 'VERIFIED'] as const;
export const correctiveActionStateSchema = z.enum(correctiveActionStates);
export type CorrectiveActionState = z.infer<typeof correctiveActionStateSchema>;
export const correctiveActionStateLabels: Record<CorrectiveActionState, string> = {
  OPEN: 'Awaiting action',
  ACTION_RECORDED: 'Awaiting verification',
  VERIFIED: 'Verified',
};

/** Minutes apart a probe's and a sensor's readings of one item are compared within. */
export const probeSensorWindowMinutes = 10;
