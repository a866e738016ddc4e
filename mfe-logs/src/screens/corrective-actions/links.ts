import type { CorrectiveAction } from '@console/shared-sdk/logs';

// Where the record that went wrong is in the console, for the action's view: the log screens open a record
// by `?view=<id>`; a task opens on the task list of its date by its master task's id and its occurrence's
// together (`?taskListDate=…&view=<master>.<occurrence>`), or the task list itself from an older server.

export interface SourceLink {
  to: string;
  /** The link's words. */
  label: string;
}

const view = (path: string, id: string) => `${path}?view=${encodeURIComponent(id)}`;

export function sourceLink(source: CorrectiveAction['source']): SourceLink {
  switch (source.subject) {
    case 'TemperatureLog':
      return { to: view('/dashboard/temperatureLog', source.recordID), label: 'Open the reading' };
    case 'ComplianceLog':
      return { to: view('/dashboard/complianceLog', source.recordID), label: 'Open the compliance log' };
    case 'NearMiss':
      return { to: view('/dashboard/nearMiss', source.recordID), label: 'Open the near miss' };
    case 'Task': {
      if (!source.masterTaskID || !source.taskDate)
        return { to: '/dashboard/task', label: 'Open the task list' };
      const query = new URLSearchParams({
        taskListDate: source.taskDate,
        view: `${source.masterTaskID}.${source.recordID}`,
      });
      return { to: `/dashboard/task?${query.toString()}`, label: 'Open the task' };
    }
  }
}
