// The tasks domain (mfe-tasks): checklist templates and the library, task categories, scheduled (master)
// tasks and their occurrences, comments and photos, the staff's task calls, the site dashboard, and the
// day counts the scores read. What other domains and the app's wiring may use; nothing else in this
// folder is theirs to import.

// Routes, one plugin per spec resource root (/staff-people's task assignment beside the people domain's).
export { default as commentTaskRoutes } from './comment-task/routes.js';
export { default as individualTaskRoutes } from './individual-task/routes.js';
export { default as masterTaskRoutes } from './master-task/routes.js';
export { default as preDefinedTemplateRoutes } from './pre-defined-template/routes.js';
export { default as taskAssignmentRoutes } from './staff-people/routes.js';
export { default as taskCategoryRoutes } from './task-category/routes.js';
export { default as taskDashboardRoutes, type TaskDashboardOptions } from './task-dashboard/routes.js';
export { default as taskNewVersionRoutes } from './task-new-version/routes.js';
export { default as templatePanelRoutes } from './template-panel/routes.js';

// Background work and start-up.
export { ensureLibrary } from './library.js';
export { makeOccurrencesAhead, occurrenceJob, occurrenceJobName } from './occurrence-job.js';
export {
  followUpDueJobName,
  followUpJobs,
  raiseDueFollowUps,
  type FollowUpJobOptions,
} from './follow-ups/job.js';

// Rules, queries and tables other domains stand on.
export {
  followUpsOnReading,
  followUpsOnReadingCorrected,
  followUpsOnReadingDeleted,
  type CorrectionOutcome,
  type FollowUpOutcome,
  type ReadingChange,
} from './follow-ups/follow-ups.js';
export { coolingStartMaxMinutesBefore, type FollowUpReading } from './follow-ups/rules.js';
export { bucketSql } from './occurrence.js';
export { staffOfOccurrence } from './whose-task.js';
export { recordTaskBaselines, taskBaselineWork } from './history-baseline.js';
export { ensureOccurrences, maxOccurrenceRangeDays, remakeSiteFrom } from './occurrences.js';
export { occurrenceSnapshot } from './occurrence-changes.js';
export { countDates } from './schedule.js';
export {
  type ChecklistItemRecord,
  type FollowUpRecord,
  checklistTemplates,
  individualTasks,
  masterTasks,
  siteDayTallies,
  taskComments,
} from './schema.js';
export { foldSiteDayTallies } from './site-day-tallies.js';
export { toTemplateDto } from './template-panel/dto.js';
export { templateRecords } from './template-panel/repository.js';

// The demo.
export { seedTasks } from './seed.js';
// The occurrences open past their due time, for the overdue and missed follow-up scans, and the
// corrective action a missed one opens.
export { pastDueOccurrences } from './past-due.js';
export { lineDeviation, missedDeviation, missedTaskTitle } from './deviations.js';
// A probe a sensor disagrees with is calibrated that day.
export { probeCalibrationDue, probeCalibrationTaskName } from './probe-calibration.js';
