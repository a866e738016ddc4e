import type { AlertEventRow } from './recipients.js';

// Where an event's record is in the console, for the bell's links and the e-mails. A producer may name
// its own (`details.link`, a console path), e.g. a sensor's screen; otherwise it follows from the record.

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function linkOf(event: Pick<AlertEventRow, 'kind' | 'subject' | 'recordId' | 'details'>): string {
  const own = text(event.details.link);
  if (own?.startsWith('/dashboard')) return own;
  const view = (path: string, id = event.recordId) => `${path}?view=${encodeURIComponent(id)}`;
  switch (event.kind) {
    case 'TEMPERATURE_FAILED':
    case 'PROBE_SENSOR_DISAGREE':
      return view('/dashboard/temperatureLog');
    case 'CORRECTIVE_ACTION_OVERDUE':
      return view('/dashboard/correctiveAction');
    case 'REVIEW_DUE':
      return view('/dashboard/siteReview');
    case 'NEAR_MISS_REPORTED':
      return view('/dashboard/nearMiss');
    case 'DOCUMENT_EXPIRING':
    case 'DOCUMENT_EXPIRED':
      return view('/dashboard/documentmanagement');
    case 'TASK_OVERDUE':
    case 'FOLLOW_UP_DUE':
    case 'CHECKS_MISSED': {
      const date = text(event.details.taskDate);
      const master = text(event.details.masterTaskId);
      const params = new URLSearchParams();
      if (date) params.set('taskListDate', date);
      // The task list opens an occurrence by both of its ids (mfe-tasks task-rows.ts taskKey).
      if (master && event.kind !== 'CHECKS_MISSED') params.set('view', `${master}.${event.recordId}`);
      const query = params.toString();
      return `/dashboard/task${query ? `?${query}` : ''}`;
    }
    case 'SENSOR_OFFLINE':
      return '/dashboard/sensors';
  }
}
