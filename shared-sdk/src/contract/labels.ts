import type { ChecklistItemStatus, SlotName } from './enums.js';
import type { TaskBucket } from './task-occurrences.js';
import type { ComplianceAnswer } from './compliance-logs.js';
import type { DocumentExpiry } from './documents.js';
import type { TemperatureResult } from './temperature-logs.js';
import type { TemperatureItemKind } from './temperature-standards.js';

// The contract's codes in words, where a code is not already labelled beside its own enum (roleLabels,
// errorCodeLabels, logTypeLabels, documentCategoryLabels, nearMissCategoryLabels, checkedSubjectLabels, scoreBandLabels and
// each workflow's `labels` are). Screens, exports and the inspection pack all print these, so a code reads
// the same everywhere and never reaches anyone as the code itself.

/** A document's expiry state (documents.ts `expiryOf`). */
export const documentExpiryLabels: Record<DocumentExpiry, string> = {
  VALID: 'Valid',
  EXPIRING: 'Expiring soon',
  EXPIRED: 'Expired',
  NONE: 'No expiry date',
};

/** A compliance log line's answer. */
export const complianceAnswerLabels: Record<ComplianceAnswer, string> = { YES: 'Yes', NO: 'No', NA: 'N/A' };

/** A compliance log's overall result. */
export const complianceResultLabels: Record<'PASS' | 'FAIL', string> = { PASS: 'Pass', FAIL: 'Failed' };

/** A temperature's result against its limits. */
export const temperatureResultLabels: Record<TemperatureResult, string> = {
  PASS: 'Pass',
  WARN: 'Warning',
  FAIL: 'Fail',
};

/** A checklist line's status. */
export const checklistItemStatusLabels: Record<ChecklistItemStatus, string> = {
  PENDING: 'To do',
  COMPLETED: 'Done',
  FAILED: 'Failed',
};

/** Where an occurrence stands: the dashboard's four buckets (the spec's words), and a deleted task. */
export const taskBucketLabels: Record<TaskBucket, string> = {
  UPCOMING: 'Upcoming / in progress',
  ON_TIME: 'Completed on time',
  LATE: 'Completed overdue',
  INCOMPLETE: 'Incomplete / overdue',
  DELETED: 'Deleted',
};

/** What a readable item is: a fridge's or freezer's temperature item, a probe, or a food item. */
export const temperatureItemKindLabels: Record<TemperatureItemKind, string> = {
  TEMPERATURE_ITEM: 'Fridge or freezer',
  PROBE: 'Probe',
  FOOD_ITEM: 'Food item',
};

/** A site's time slots (DOMAIN.md "Sites and time"), as a task's due time and the kitchen's day name them. */
export const slotNameLabels: Record<SlotName, string> = {
  BEFORE_OPEN: 'Before opening',
  OPEN: 'Opening (the first hour)',
  MORNING: 'Morning',
  LUNCH: 'Lunch',
  AFTERNOON: 'Afternoon',
  EVENING: 'Evening',
  NIGHT: 'Night',
  CLOSE: 'Closing (the last hour)',
  AFTER_CLOSE: 'After closing',
};
