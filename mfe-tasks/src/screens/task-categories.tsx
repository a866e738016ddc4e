import { useCallback, useMemo, useState } from 'react';
import { useSelectedSite } from '@console/shared-sdk';
import {
  masterTaskApi,
  taskCategoryApi,
  taskCategoryInputSchema,
  taskCategorySortColumns,
  taskCategoryUpdateSchema,
  type MasterTaskOption,
  type TaskCategory,
} from '@console/shared-sdk/tasks';
import {
  defineResource,
  FieldInput,
  ResourceScreen,
  siteOptionsWithOwn,
  useSiteBoundOptions,
  type CustomFieldProps,
  type SiteBoundChoices,
} from '@console/shared-sdk/ui';

// Task categories: an organisation's groups of master tasks (Opening, Closing, Cleaning), each applying
// on some of its sites. The list shows the categories of the selected site; the form chooses the sites
// and, among those sites' tasks, the category's own. A site admin changes only a category all of whose
// sites it administers (the rules' condition on `siteID`, so the kit offers no edit or delete on the
// others), and reads only its own sites' names and tasks in one, so the edit dialog looks up nothing on
// a site it does not administer.

interface NamedSite {
  _id: string;
  name: string;
}

type KnownTask = TaskCategory['masterTasks'][number];

interface TaskCategoryForm {
  name: string;
  description: string;
  siteID: string[];
  masterTaskID: string[];
  /** The record's own sites and tasks, named (not sent): some may be ones the user cannot list. */
  knownSites: NamedSite[];
  knownTasks: KnownTask[];
}

const noContext = { siteID: null, timeZone: 'UTC' };

// What the kit's multiselect hands back (its inputs are not typed by the form).
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Where the category applies: a multiselect of the user's sites. */
function SitesField(props: CustomFieldProps<string[], TaskCategoryForm>) {
  const [known] = useState(() => props.values.knownSites);
  const options = useMemo(() => () => siteOptionsWithOwn(known), [known]);
  return (
    <FieldInput
      id={props.id}
      field={{
        kind: 'multiselect',
        name: 'siteID',
        label: props.label,
        required: props.required,
        options,
        helperText: 'Where its tasks are done',
      }}
      value={props.value}
      onChange={(next) => props.onChange(asStrings(next))}
      onBlur={props.onBlur}
      error={props.error ?? Object.values(props.errors)[0]}
      errors={{}}
      disabled={props.disabled}
      context={noContext}
    />
  );
}

/** The master tasks of each chosen site; a site the user cannot list offers the record's own tasks there. */
async function tasksOfSites(
  siteIDs: readonly string[],
  known: readonly KnownTask[],
  signal: AbortSignal,
): Promise<KnownTask[]> {
  const perSite = await Promise.all(
    siteIDs.map((siteID) =>
      masterTaskApi.simpleList(siteID, { quiet: true, signal }).then(
        (options: MasterTaskOption[]) =>
          options.map((option) => ({ _id: option._id, name: option.name, siteID: option.siteID })),
        (): KnownTask[] => known.filter((task) => task.siteID === siteID),
      ),
    ),
  );
  return perSite.flat();
}

/**
 * The category's tasks, chosen among the tasks of the sites chosen above. A site taken away takes its
 * tasks out of the choice too: the API refuses a task that is not on one of the category's sites.
 */
function TasksField(props: CustomFieldProps<string[], TaskCategoryForm>) {
  const [known] = useState(() => props.values.knownTasks);
  const [knownSites] = useState(() => props.values.knownSites);
  const load = useCallback(
    async (siteIDs: string[], signal: AbortSignal): Promise<SiteBoundChoices> => {
      const [tasks, sites] = await Promise.all([
        tasksOfSites(siteIDs, known, signal),
        siteOptionsWithOwn(knownSites, { signal }),
      ]);
      return {
        choices: tasks.map((task) => ({ value: task._id, label: task.name, siteID: task.siteID })),
        siteNames: new Map(sites.map((site) => [site.value, site.label])),
      };
    },
    [known, knownSites],
  );
  const { value, onChange } = props;
  const { options, status } = useSiteBoundOptions(props.values.siteID, load, value, onChange);

  return (
    <FieldInput
      id={props.id}
      field={{
        kind: 'multiselect',
        name: 'masterTaskID',
        label: props.label,
        options,
        helperText:
          status === 'no sites'
            ? 'Choose the sites first: a task belongs to one site'
            : status === 'ready' && options.length === 0
              ? 'These sites have no tasks yet (add them under Tasks)'
              : 'A task is in one category: choosing it here moves it from its current one',
      }}
      value={value}
      onChange={(next) => onChange(asStrings(next))}
      onBlur={props.onBlur}
      error={props.error ?? Object.values(props.errors)[0]}
      errors={{}}
      disabled={props.disabled || status === 'no sites'}
      context={noContext}
    />
  );
}

const names = (items: readonly { name: string }[], none: string) =>
  items.length === 0 ? none : items.map((item) => item.name).join(', ');

/**
 * The category's sites by name. A site admin is answered the names of its own sites only (and their
 * tasks only); the others are counted.
 */
function siteNames(row: TaskCategory) {
  const others = row.siteID.length - row.sites.length;
  if (others <= 0) return names(row.sites, 'None');
  const more = others === 1 ? '1 other site' : `${others} other sites`;
  return row.sites.length === 0 ? more : `${names(row.sites, '')} and ${more}`;
}

/** The category's tasks by name; on several sites, with each task's site, as two may share a name. */
function taskNames(row: TaskCategory) {
  if (row.masterTasks.length === 0) return 'None yet';
  const siteNames = new Map(row.sites.map((site) => [site._id, site.name]));
  return row.masterTasks
    .map((task) =>
      row.sites.length > 1 ? `${task.name} (${siteNames.get(task.siteID) ?? 'another site'})` : task.name,
    )
    .join(', ');
}

const taskCount = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);

/**
 * The declaration for one selected site (or every category the user may see, without one). Not the
 * kit's `siteScoped`: that would set a category's `siteID`, a list of sites, to the selected site alone.
 */
export function taskCategoriesOf(siteID: string | null) {
  return defineResource({
    title: 'Task categories',
    name: 'task category',
    subject: 'TaskCategory',
    api: taskCategoryApi,
    siteScoped: false,
    params: siteID ? { siteID } : {},
    recordLabel: (row: TaskCategory) => row.name,
    sortable: taskCategorySortColumns,
    defaultSort: 'name',
    search: { placeholder: 'Search categories' },
    emptyMessage: siteID ? 'No task categories on this site yet.' : 'No task categories yet.',
    emptyHint: 'Add one to group tasks, such as Opening, Closing or Cleaning.',
    columns: [
      { field: 'name', headerName: 'Category', flex: 1, minWidth: 160 },
      {
        field: 'sites',
        headerName: 'Sites',
        flex: 1.5,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) => siteNames(row),
      },
      {
        field: 'masterTaskID',
        headerName: 'Tasks',
        flex: 0.5,
        minWidth: 100,
        sortable: false,
        valueGetter: (_value, row) => taskCount(row.masterTaskID.length),
      },
    ],
    view: [
      { label: 'Category', field: 'name' },
      { label: 'Description', render: (row) => row.description || 'None' },
      { label: 'Sites', render: siteNames },
      { label: 'Tasks', render: taskNames },
    ],
    form: {
      schema: taskCategoryInputSchema,
      updateSchema: taskCategoryUpdateSchema,
      fields: [
        { kind: 'text', name: 'name', label: 'Category name', required: true },
        { kind: 'multiline', name: 'description', label: 'Description', rows: 2 },
        {
          kind: 'custom',
          name: 'siteID',
          label: 'Sites',
          required: true,
          render: (props) => <SitesField {...props} />,
        },
        {
          kind: 'custom',
          name: 'masterTaskID',
          label: 'Tasks',
          render: (props) => <TasksField {...props} />,
        },
      ],
      // A new category applies on the selected site unless the admin says otherwise.
      emptyForm: (context): TaskCategoryForm => ({
        name: '',
        description: '',
        siteID: context.siteID ? [context.siteID] : [],
        masterTaskID: [],
        knownSites: [],
        knownTasks: [],
      }),
      toForm: (row: TaskCategory): TaskCategoryForm => ({
        name: row.name,
        description: row.description,
        siteID: row.siteID,
        masterTaskID: row.masterTaskID,
        knownSites: row.sites,
        knownTasks: row.masterTasks,
      }),
      toInput: (form: TaskCategoryForm) => ({
        name: form.name,
        description: form.description,
        siteID: form.siteID,
        masterTaskID: form.masterTaskID,
      }),
    },
  });
}

/** /dashboard/taskcategory: the task categories of the selected site. */
export function TaskCategoriesScreen() {
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const resource = useMemo(() => taskCategoriesOf(siteID), [siteID]);
  return <ResourceScreen resource={resource} />;
}
