import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from '@console/shared-sdk/router';
import { asSubject, isApiError, useAbility, useRead } from '@console/shared-sdk';
import { staffApi, type StaffMember } from '@console/shared-sdk/people';
import { EmptyState, ErrorState } from '@console/shared-sdk/ui';

// "Assign tasks" of the staff view (issue 10): which of the selected site's master tasks a person has, and
// giving or taking several at once (/staff-people get-tasks-for-assign and bulk-assign). Loaded when first
// opened, so the staff list's own download does not carry it.

/**
 * One of the site's tasks as get-tasks-for-assign answers. Taken from the people entry's call rather than
 * from the tasks contract, which mfe-people does not ship.
 */
export type AssignableTask = Awaited<ReturnType<typeof staffApi.tasksForAssign>>[number];

const repeatWords: Record<AssignableTask['repeat'], string> = {
  ONCE: 'Once',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
};

const slotWords: Record<NonNullable<AssignableTask['dueSlot']>, string> = {
  BEFORE_OPEN: 'before opening',
  OPEN: 'at opening',
  MORNING: 'in the morning',
  LUNCH: 'at lunch',
  AFTERNOON: 'in the afternoon',
  EVENING: 'in the evening',
  NIGHT: 'at night',
  CLOSE: 'at closing',
  AFTER_CLOSE: 'after closing',
};

/** How often and when a task is due, in words: "Daily · at opening", "Weekly · 14:00". */
export function dueWords(task: Pick<AssignableTask, 'repeat' | 'dueSlot' | 'dueTime'>): string {
  const when = task.dueSlot ? slotWords[task.dueSlot] : task.dueTime;
  return when ? `${repeatWords[task.repeat]} · ${when}` : repeatWords[task.repeat];
}

const tasksWord = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);
/** Past this many tasks a search box helps find one. */
const searchFrom = 8;
const uncategorised = 'No category';

/** What Save would send: tasks newly ticked, and tasks no longer ticked. */
export function assignmentChange(
  tasks: readonly AssignableTask[],
  ticked: ReadonlySet<string>,
): { tasks: string[]; removedTasks: string[] } {
  return {
    tasks: tasks.filter((task) => !task.assigned && ticked.has(task._id)).map((task) => task._id),
    removedTasks: tasks.filter((task) => task.assigned && !ticked.has(task._id)).map((task) => task._id),
  };
}

/** The change in words for the live status under the list. */
export function changeSummary(change: { tasks: string[]; removedTasks: string[] }): string {
  const count = change.tasks.length + change.removedTasks.length;
  if (count === 0) return 'No changes';
  const parts = [
    change.tasks.length > 0 ? `${tasksWord(change.tasks.length)} to give` : '',
    change.removedTasks.length > 0 ? `${tasksWord(change.removedTasks.length)} to take away` : '',
  ].filter(Boolean);
  return `${count === 1 ? '1 change' : `${count} changes`}: ${parts.join(', ')}`;
}

/** Tasks under their category, categories by name, the uncategorised last; tasks keep the API's name order. */
function byCategory(tasks: readonly AssignableTask[]): { name: string; tasks: AssignableTask[] }[] {
  const groups = new Map<string, AssignableTask[]>();
  for (const task of tasks) {
    const name = task.category?.name ?? uncategorised;
    groups.set(name, [...(groups.get(name) ?? []), task]);
  }
  return [...groups.entries()]
    .map(([name, grouped]) => ({ name, tasks: grouped }))
    .sort((a, b) =>
      a.name === uncategorised ? 1 : b.name === uncategorised ? -1 : a.name.localeCompare(b.name),
    );
}

const personName = (person: StaffMember) => person.fullName || `${person.firstName} ${person.lastName}`;

const loadError = (error: unknown) =>
  isApiError(error) && error.message ? error.message : "Could not load this site's tasks.";

/**
 * The site's tasks with the person's ticks, only as the API answers them now: the dialog's ticks start
 * from them. Failures are shown where the list would be, not as a pop-up. Under the Staff subject, so a
 * change to the person (an action in the detail) asks again.
 */
function useSiteTasks(siteID: string, userID: string) {
  const read = useRead(['Staff', 'tasks-for-assign', siteID, userID], (signal) =>
    staffApi.tasksForAssign({ siteID, userID }, { quiet: true, signal }),
  );
  if (read.reading) return { tasks: null, error: null, reload: read.reload };
  return { tasks: read.data ?? null, error: read.error, reload: read.reload };
}

function Loading({ label }: { label: string }) {
  return (
    <Stack role="status" sx={{ alignItems: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Stack>
  );
}

export interface AssignTasksDialogProps {
  person: StaffMember;
  siteID: string;
  /** The site as the site selector names it. */
  siteLabel: string | null;
  /** After a save the server accepted, or on Cancel. */
  onClose: () => void;
}

/**
 * The selected site's tasks, a checkbox each, ticked where the person is an assignee. Save sends only what
 * changed. An inactive person is given nothing (the API refuses it) but may have tasks taken away.
 */
export function AssignTasksDialog({ person, siteID, siteLabel, onClose }: AssignTasksDialogProps) {
  const titleId = useId();
  const name = personName(person);
  const { tasks, error, reload } = useSiteTasks(siteID, person._id);
  const [ticked, setTicked] = useState<ReadonlySet<string> | null>(null);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const inactive = person.status === 'INACTIVE';

  // The ticks start from what the API says once it has answered (and again after a retry).
  const [ticksFor, setTicksFor] = useState<AssignableTask[] | null>(null);
  if (tasks !== ticksFor) {
    setTicksFor(tasks);
    setTicked(tasks && new Set(tasks.filter((task) => task.assigned).map((task) => task._id)));
  }

  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    if (!tasks || !words) return tasks ?? [];
    return tasks.filter((task) => `${task.name} ${task.category?.name ?? ''}`.toLowerCase().includes(words));
  }, [tasks, search]);
  const change = tasks && ticked ? assignmentChange(tasks, ticked) : { tasks: [], removedTasks: [] };
  const changed = change.tasks.length + change.removedTasks.length > 0;
  // An inactive person cannot be given a task, so a box left unticked stays so.
  const canTick = (task: AssignableTask) => !inactive || task.assigned;

  const setMany = (chosen: readonly AssignableTask[], on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      for (const task of chosen) {
        if (on && canTick(task)) next.add(task._id);
        else if (!on) next.delete(task._id);
      }
      return next;
    });

  const save = async () => {
    setSaving(true);
    try {
      // The HTTP layer shows the server's "2 tasks assigned to …" toast, or the refusal as a pop-up.
      await staffApi.bulkAssign({ assigneeID: person._id, ...change });
      onClose();
    } catch {
      setSaving(false);
    }
  };

  const filtered = search.trim() !== '';
  let body: ReactNode;
  if (error) {
    body = <ErrorState message={loadError(error)} onRetry={reload} />;
  } else if (!tasks || !ticked) {
    body = <Loading label="Loading the site's tasks" />;
  } else if (tasks.length === 0) {
    body = (
      <EmptyState
        message={
          <>
            This site has no scheduled tasks yet. Add them on the{' '}
            <Link component={RouterLink} to="/dashboard/task" onClick={onClose}>
              Tasks screen
            </Link>
            .
          </>
        }
      />
    );
  } else {
    body = (
      <Stack spacing={2}>
        {inactive && (
          <Alert severity="info">
            {name} is inactive and cannot be given tasks. You can still take tasks away.
          </Alert>
        )}
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {tasks.length > searchFrom && (
            <TextField
              type="search"
              size="small"
              label="Search tasks"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              sx={{ flex: 1, minWidth: 200 }}
            />
          )}
          <Button
            size="small"
            disabled={saving || inactive || shown.length === 0}
            onClick={() => setMany(shown, true)}
          >
            {filtered ? 'Select all shown' : 'Select all'}
          </Button>
          <Button size="small" disabled={saving || shown.length === 0} onClick={() => setMany(shown, false)}>
            {filtered ? 'Select none shown' : 'Select none'}
          </Button>
        </Stack>
        {shown.length === 0 ? (
          <Typography color="text.secondary" role="status">
            No tasks match “{search.trim()}”.
          </Typography>
        ) : (
          byCategory(shown).map((group) => (
            <Box component="fieldset" key={group.name} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 0.5 }}>
                {group.name}
              </Typography>
              {group.tasks.map((task) => (
                <TaskCheckbox
                  key={task._id}
                  task={task}
                  checked={ticked.has(task._id)}
                  disabled={saving || (!canTick(task) && !ticked.has(task._id))}
                  onChange={(on) => setMany([task], on)}
                />
              ))}
            </Box>
          ))
        )}
      </Stack>
    );
  }

  return (
    <Dialog open onClose={() => !saving && onClose()} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        Assign tasks to {name}
        {siteLabel && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            at {siteLabel}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography
          role="status"
          aria-live="polite"
          variant="body2"
          color="text.secondary"
          sx={{ flex: 1, pl: 1 }}
        >
          {tasks && tasks.length > 0 ? changeSummary(change) : ''}
        </Typography>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!changed || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One task: its name labels the checkbox, how often and when it is due describes it. */
function TaskCheckbox({
  task,
  checked,
  disabled,
  onChange,
}: {
  task: AssignableTask;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const dueId = useId();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
      <FormControlLabel
        label={task.name}
        disabled={disabled}
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': dueId } }}
          />
        }
        sx={{ mr: 0 }}
      />
      <Typography id={dueId} variant="body2" color="text.secondary">
        {dueWords(task)}
      </Typography>
    </Stack>
  );
}

export interface PersonTasksProps {
  person: StaffMember & { siteID: string[] };
  siteID: string | null;
  /** Whether the person works at `siteID` (an organisation admin works everywhere). */
  worksHere: boolean;
}

/**
 * The detail view's "Tasks at this site": the tasks the person has at the selected site, or why they have
 * none to show. Assigning is the row action beside it.
 */
export function PersonTasks({ person, siteID, worksHere }: PersonTasksProps) {
  const name = personName(person);
  if (!siteID) return <Note>Choose a site to see their tasks there.</Note>;
  if (!worksHere)
    return (
      <Note>
        {name} does not work at this site, so cannot be given its tasks. Add the site to them with Edit first.
      </Note>
    );
  return <AssignedTasks person={person} siteID={siteID} />;
}

function AssignedTasks({ person, siteID }: { person: PersonTasksProps['person']; siteID: string }) {
  const ability = useAbility();
  const { tasks, error, reload } = useSiteTasks(siteID, person._id);
  // A rule that forbids it says why (a site admin and another admin); the row action is hidden then.
  const refusal = ability.relevantRuleFor('update', asSubject('Staff', { ...person }));
  const why = refusal?.inverted ? refusal.reason : undefined;
  if (error) return <ErrorState message={loadError(error)} onRetry={reload} />;
  if (!tasks) return <Loading label="Loading their tasks" />;
  const assigned = tasks.filter((task) => task.assigned);
  return (
    <Stack spacing={1}>
      {assigned.length === 0 ? (
        <Note>
          {tasks.length === 0
            ? 'This site has no scheduled tasks yet.'
            : `None of this site's ${tasksWord(tasks.length)} yet.`}
        </Note>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label="Their tasks">
          {assigned.map((task) => (
            <Stack
              component="li"
              key={task._id}
              direction="row"
              sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}
            >
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {task.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {dueWords(task)}
                {task.category ? ` · ${task.category.name}` : ''}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {person.status === 'INACTIVE' && <Note>Inactive people cannot be given tasks.</Note>}
      {why && <Note>{why}.</Note>}
    </Stack>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}
