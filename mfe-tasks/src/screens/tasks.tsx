import { Button, Link, Skeleton, Stack, Typography } from '@console/shared-sdk/mui';
import { consoleIcons } from '@console/shared-sdk/icons';
import { Can, invalidate, useSelectedSite, useSession } from '@console/shared-sdk';
import { Link as RouterLink, useSearchParams } from '@console/shared-sdk/router';
import {
  followUpCancelCauseLabels,
  followUpKindLabels,
  individualTaskApi,
  taskListSortColumns,
  type TaskFollowUp,
  type TaskListSortColumn,
} from '@console/shared-sdk/tasks';
import {
  defineResource,
  ResourceScreen,
  todayIn,
  useSiteTimeZone,
  type DetailHelpers,
  type ResourceScreenProps,
} from '@console/shared-sdk/ui';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import {
  dialogsShown,
  openCancelFollowUp,
  openDelete,
  openMasterTask,
  TaskDialogsHost,
} from './task-dialogs';
import { Completion, Received } from './task-history';
import { dailyTaskSource, refOf, taskRowId, type TaskFilters, type TaskRow } from './task-rows';
import { BucketChip, CancelledChip, ChecklistProgress, ReportedChip, taskTabs } from './task-status';
import { siteTime, useTaskFormat } from './task-times';

// /dashboard/task: one local day of the selected site's tasks (spec section 7, DOMAIN.md "Tasks"), with
// the status tabs of the site dashboard's buckets, the view of one task (its checklist, comments and photos,
// corrective actions, history), and the master task's form and deletion. The day and the tab are the URL's `taskListDate` and
// `status`, the API's own names, so the dashboard's metrics link straight to a filtered day.

const day = dailyTaskSource();

/**
 * Who may do it: its departments and people; a task given to nobody is anyone's at the site (the staff's
 * own day holds it for everyone there).
 */
const assignedTo = (task: Pick<TaskRow, 'departments' | 'assignees'>) =>
  [
    ...task.departments.map((department) => department.name),
    ...task.assignees.map((person) => `${person.firstName} ${person.lastName}`),
  ].join(', ') || 'Anyone at the site';

/** When the task is due on its site's clock: "14:00"; "by 14:00, Mon, 30 Mar 2026" with its day. */
function Due({ task, withDay = false }: { task: TaskRow; withDay?: boolean }) {
  const format = useTaskFormat(task);
  const time = siteTime(format, task.expireOn, task.taskDate);
  return withDay ? `by ${time}, ${format.day(task.taskDate, 'weekdayDate')}` : time;
}

function TaskStatus({ task }: { task: TaskRow }) {
  const cancelled = task.followUp?.cancelled;
  return (
    <Stack
      direction="row"
      component="span"
      sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap', height: '100%' }}
    >
      {cancelled ? <CancelledChip cancelled={cancelled} /> : <BucketChip bucket={task.bucket} />}
      {task.status === 'REPORTED' && <ReportedChip />}
    </Stack>
  );
}

// The view's checklist and comments (forms, uploads, the photo viewer) load when a task is first opened,
// not with the list (the first list's budget, bench/bundle.mjs).
const TaskChecklist = lazy(() => import('./task-checklist').then((m) => ({ default: m.TaskChecklist })));
const ReopenTask = lazy(() => import('./task-checklist').then((m) => ({ default: m.ReopenTask })));
const TaskComments = lazy(() => import('./task-comments').then((m) => ({ default: m.TaskComments })));
const TaskHistory = lazy(() => import('./task-history-list').then((m) => ({ default: m.TaskHistory })));
const TaskCorrectiveActions = lazy(() =>
  import('./task-corrective-actions').then((m) => ({ default: m.TaskCorrectiveActions })),
);

function SectionLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Skeleton variant="rounded" height={72} role="progressbar" aria-label="Loading the section" />
      }
    >
      {children}
    </Suspense>
  );
}

/** What a follow-up check is and how it is done: by a reading, not by ticking; or why it was cancelled. */
function FollowUpNote({ followUp }: { followUp: TaskFollowUp }) {
  if (followUp.cancelled) {
    return (
      <Typography role="note" variant="body2" color="text.secondary">
        {followUpCancelCauseLabels[followUp.cancelled.cause]}: “{followUp.cancelled.reason}”. It raises no
        alert and counts nowhere.
      </Typography>
    );
  }
  return (
    <Typography role="note" variant="body2" color="text.secondary">
      {followUpKindLabels[followUp.kind]} made by a temperature reading: record the next reading of this food
      in the temperature log to complete it. It is judged by its temperature and time, and cannot be edited or
      deleted as a scheduled task.
    </Typography>
  );
}

// A section that changes the task says so through `helpers.reload`: the view, the list and its counts
// are read again.
function ChecklistSection({ task, helpers }: { task: TaskRow; helpers: DetailHelpers }) {
  const changed = helpers.reload;
  const mayChange = helpers.can('update');
  return (
    <SectionLoading>
      <Stack spacing={1.5}>
        {task.followUp && <FollowUpNote followUp={task.followUp} />}
        {/* A follow-up's line is ticked by the reading it asks for (the API refuses a hand's tick). */}
        <TaskChecklist task={task} mayChange={mayChange && !task.followUp} onChanged={changed} />
        {mayChange && task.status === 'COMPLETED' && <ReopenTask task={task} onChanged={changed} />}
      </Stack>
    </SectionLoading>
  );
}

function CommentsSection({ task, helpers }: { task: TaskRow; helpers: DetailHelpers }) {
  const changed = helpers.reload;
  return (
    <SectionLoading>
      <TaskComments
        task={task}
        mayComment={helpers.can('create', 'Comment')}
        mayRemoveOthers={helpers.can('delete', 'Comment')}
        onChanged={changed}
      />
    </SectionLoading>
  );
}

export const dailyTasks = defineResource({
  title: 'Tasks',
  name: 'task',
  subject: 'Task',
  api: { list: day.list, get: day.get },
  recordLabel: (task: TaskRow) => task.name,
  getRowId: taskRowId,
  sortable: taskListSortColumns,
  defaultSort: 'expireOn',
  search: { placeholder: 'Search tasks' },
  emptyMessage: 'No tasks on this day.',
  filters: [
    { kind: 'day', name: 'taskListDate', label: 'Day' },
    {
      kind: 'status',
      name: 'status',
      label: 'Task status',
      options: taskTabs,
      // "All" is a tab of its own, whose count is the API's: every task of the day but the deleted ones.
      allLabel: false,
      // No `counts`: the day's answer carries them beside the rows.
    },
  ],
  // Columns without flex are as wide as their widest cell (the kit sizes them to the page it shows), so a
  // time, a status or a count is never cut; the ones with flex share the rest and wrap their words. With
  // the actions, the minimums fit 1440 px beside the menu.
  columns: [
    { field: 'name', headerName: 'Task', flex: 1.4, minWidth: 150 },
    {
      field: 'category',
      headerName: 'Category',
      flex: 0.8,
      minWidth: 110,
      valueGetter: (_value, task) => task.category?.name ?? '',
    },
    {
      field: 'expireOn',
      headerName: 'Due',
      renderCell: ({ row }) => <Due task={row} />,
    },
    {
      field: 'assignees',
      headerName: 'Assigned to',
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, task) => assignedTo(task),
    },
    {
      field: 'itemCheckList',
      headerName: 'Checklist',
      renderCell: ({ row }) => <ChecklistProgress items={row.itemCheckList} />,
    },
    {
      field: 'status',
      headerName: 'Status',
      // The API sorts by the record's status, which is not the bucket this column shows.
      sortable: false,
      renderCell: ({ row }) => <TaskStatus task={row} />,
    },
    {
      field: 'completedAt',
      headerName: 'Completed',
      flex: 1.2,
      minWidth: 130,
      renderCell: ({ row }) => <Completion task={row} />,
    },
  ],
  // A phone's card: where the task stands and what it needs, the rest a tap away in the view.
  card: [
    { label: 'Status', render: (task) => <TaskStatus task={task} /> },
    { label: 'Due', render: (task) => <Due task={task} /> },
    { label: 'Assigned to', render: assignedTo },
    { label: 'Checklist', render: (task) => <ChecklistProgress items={task.itemCheckList} /> },
  ],
  view: [
    { label: 'Status', render: (task) => <TaskStatus task={task} /> },
    { label: 'Due', render: (task) => <Due task={task} withDay /> },
    { label: 'Category', render: (task) => task.category?.name ?? 'None' },
    { label: 'Assigned to', render: assignedTo },
    { label: 'Checklist', render: (task) => <ChecklistProgress items={task.itemCheckList} /> },
    { label: 'Completed', render: (task) => <Completion task={task} /> },
    { label: 'Received', render: (task) => <Received task={task} /> },
    { label: 'Description', render: (task) => task.description || 'None' },
  ],
  detail: {
    width: 'md',
    sections: [
      { title: 'Checklist', render: (task, helpers) => <ChecklistSection task={task} helpers={helpers} /> },
      {
        title: 'Comments and photos',
        render: (task, helpers) => <CommentsSection task={task} helpers={helpers} />,
      },
      {
        title: 'Corrective actions',
        render: (task, helpers) =>
          helpers.can('read', 'CorrectiveAction') ? (
            <SectionLoading>
              <TaskCorrectiveActions task={task} />
            </SectionLoading>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Your role does not show corrective actions.
            </Typography>
          ),
      },
      {
        title: 'History',
        render: (task) => (
          <SectionLoading>
            <TaskHistory task={task} />
          </SectionLoading>
        ),
      },
    ],
  },
  rowActions: [
    {
      label: 'Complete',
      icon: 'complete',
      ability: { action: 'update' },
      // A follow-up check is completed by its reading (FollowUpNote), not from the list.
      available: (task) => !task.followUp && (task.status === 'PENDING' || task.status === 'REPORTED'),
      // Refused, naming the missing line or photo, while one is missing: the HTTP layer's pop-up says so.
      run: (task) => individualTaskApi.changeStatus({ ...refOf(task), status: 'COMPLETED' }),
    },
    {
      label: 'Edit task',
      icon: 'edit',
      ability: { action: 'update', subject: 'MasterTask' },
      // A follow-up check is made by a reading, not scheduled: there is no master task form for it.
      available: (task) => dialogsShown() && !task.followUp,
      run: (task) => openMasterTask(task.masterTaskID),
    },
    {
      label: 'Cancel check',
      icon: 'delete',
      // The site's admins and organisation admins (the rules' delete on the task's site).
      ability: { action: 'delete' },
      // A follow-up check still open whose food is gone (thrown away): cancelled with a reason.
      available: (task) =>
        dialogsShown() &&
        task.followUp !== null &&
        task.followUp !== undefined &&
        (task.status === 'PENDING' || task.status === 'REPORTED'),
      run: openCancelFollowUp,
    },
    {
      label: 'Delete',
      icon: 'delete',
      ability: { action: 'delete', subject: 'MasterTask' },
      // Past days' records stay: the API deletes from the site's today on.
      available: (task) =>
        dialogsShown() &&
        !task.followUp &&
        task.status !== 'DELETED' &&
        task.taskDate >= todayIn(task.timeZoneId),
      run: openDelete,
    },
  ],
});

/** The screen's own buttons above the list, and what to do about an empty day. */
function TasksToolbar({ onCreated }: { onCreated(): void }) {
  const orgId = useSession((s) => s.orgId);
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const zone = useSiteTimeZone();
  const [params] = useSearchParams();
  const shown = useSyncExternalStore(day.subscribe, day.shownDay);
  const AddIcon = consoleIcons.add;
  const create = () => openMasterTask(null).then(onCreated, () => undefined);
  // The day filter's own default: today in the site's zone, left out of the URL.
  const showing = params.get('taskListDate') ?? todayIn(zone);
  const emptyDay =
    shown !== null &&
    shown.siteID === siteID &&
    shown.taskListDate === showing &&
    shown.search === '' &&
    shown.counts.ALL + shown.counts.DELETED === 0;
  if (!siteID) return null;
  return (
    <Stack spacing={1}>
      <Can I="create" a="MasterTask" this={{ orgId, siteID }}>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void create()}>
            Add task
          </Button>
        </Stack>
      </Can>
      {emptyDay && (
        <Typography role="status" color="text.secondary">
          Add a task for this day, or import a checklist from the library in{' '}
          <Link component={RouterLink} to="/dashboard/templates">
            Templates
          </Link>
          .
        </Typography>
      )}
    </Stack>
  );
}

export type TasksScreenProps = Pick<
  ResourceScreenProps<TaskRow, never, never, never, TaskFilters, TaskListSortColumn>,
  'gridProps'
>;

/** A new task shows in the list and its counts at once. */
const taskCreated = () => invalidate([dailyTasks.subject]);

export function TasksScreen({ gridProps }: TasksScreenProps) {
  return (
    <>
      <ResourceScreen resource={dailyTasks} gridProps={gridProps}>
        <TasksToolbar onCreated={taskCreated} />
      </ResourceScreen>
      <TaskDialogsHost />
    </>
  );
}
