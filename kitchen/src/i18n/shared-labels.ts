import {
  alertEventKindLabels,
  checklistItemStatusLabels,
  complianceAnswerLabels,
  complianceResultLabels,
  correctiveActionKindLabels,
  correctiveActionStateLabels,
  correctiveCheckTypeLabels,
  errorCodeLabels,
  followUpKindLabels,
  logTypeLabels,
  nearMissCategoryLabels,
  nearMissWorkflow,
  slotNameLabels,
  taskBucketLabels,
  temperatureItemKindLabels,
  temperatureResultLabels,
} from '@console/shared-sdk/contract';

// The words the app shares with the console: its English comes from the contract's label records, never
// retyped in en.json, so a code reads the same in both. The other catalogues translate the same keys
// (`labels.<record>.<code>`, `errors.<code>`); a test fails when one lacks a key.

export const sharedEnglish = {
  labels: {
    taskBucket: taskBucketLabels,
    checklistItemStatus: checklistItemStatusLabels,
    slot: slotNameLabels,
    followUpKind: followUpKindLabels,
    logType: logTypeLabels,
    temperatureItemKind: temperatureItemKindLabels,
    temperatureResult: temperatureResultLabels,
    complianceAnswer: complianceAnswerLabels,
    complianceResult: complianceResultLabels,
    nearMissCategory: nearMissCategoryLabels,
    nearMissStatus: nearMissWorkflow.labels,
    alertEventKind: alertEventKindLabels,
    correctiveActionKind: correctiveActionKindLabels,
    correctiveActionState: correctiveActionStateLabels,
    correctiveCheckType: correctiveCheckTypeLabels,
  },
  /** What went wrong, by the API's error code: shown where the app has no more particular words. */
  errors: errorCodeLabels,
};
