import { useEffect, useId, useMemo, useRef, useState, type JSX } from 'react';
import { useRead, useSelectedSite, type Option } from '@console/shared-sdk';
import { CircularProgress, Dialog, DialogContent, DialogTitle, Stack } from '@console/shared-sdk/mui';
import { departmentApi, staffApi } from '@console/shared-sdk/people';
import {
  masterTaskApi,
  masterTaskInputSchema,
  masterTaskUpdateSchema,
  taskCategoryApi,
  templateApi,
  type MasterTask,
  type MasterTaskInput,
  type MasterTaskUpdate,
  type Template,
} from '@console/shared-sdk/tasks';
import {
  ConfirmDialog,
  ErrorState,
  FieldInput,
  FormDialog,
  formErrorStatuses,
  issuesToErrors,
  namedOption,
  todayIn,
  useSiteTimeZone,
  withOwnOptions,
  type CustomFieldProps,
  type FieldDeclaration,
  type FieldErrors,
  type FormContext,
} from '@console/shared-sdk/ui';
import { checklistInput, checklistItemsField, checklistLines, type ChecklistLine } from './checklist-editor';
import {
  newScheduleDraft,
  ScheduleBuilder,
  scheduleBody,
  scheduleDraftOf,
  scheduleErrors,
  type ScheduleDraft,
} from './schedule-builder';

// Creating and editing a master task: what is done, by whom, with which checklist, and when (issue 10).
// The kit's FormDialog runs it (validation with the contract, the server's 400/409 messages at their
// fields, focus, saving, asking before throwing changes away); the schedule and the checklist are custom
// fields, since the kit has no field that reorders a list or tells a schedule in words.

export interface MasterTaskDialogProps {
  open: boolean;
  /** null: a new task for the selected site; otherwise the master task id to edit (the dialog loads it). */
  masterTaskID: string | null;
  onClose(): void;
  /** After a successful save; the list reloads. */
  onSaved(task: MasterTask): void;
}

/** The master task form: mounted only while open, so each opening starts from the task as it is. */
export function MasterTaskDialog(props: MasterTaskDialogProps): JSX.Element {
  if (!props.open) return <></>;
  const { masterTaskID, onClose, onSaved } = props;
  if (masterTaskID === null)
    return <MasterTaskFormDialog key="new" task={null} onClose={onClose} onSaved={onSaved} />;
  return <LoadThenEdit key={masterTaskID} id={masterTaskID} onClose={onClose} onSaved={onSaved} />;
}

function LoadThenEdit(props: { id: string; onClose(): void; onSaved(task: MasterTask): void }) {
  const loaded = useRead(['MasterTask', 'record', props.id], (signal) =>
    masterTaskApi.get(props.id, { quiet: true, signal }),
  );
  const titleId = useId();
  // The form starts from the task as it is now, not from a copy kept since it was last opened.
  if (loaded.data && !loaded.reading)
    return <MasterTaskFormDialog task={loaded.data} onClose={props.onClose} onSaved={props.onSaved} />;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Edit task</DialogTitle>
      <DialogContent>
        {loaded.reading ? (
          <Stack role="status" sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the task" />
          </Stack>
        ) : (
          <ErrorState message="Could not load this task." onRetry={loaded.reload} />
        )}
      </DialogContent>
    </Dialog>
  );
}

// ---- the form's values and the body made from them -----------------------------------------------------

export interface MasterTaskForm {
  name: string;
  description: string;
  /** '' for none, as the kit's select gives it. */
  categoryID: string;
  departmentID: string[];
  assigneeIDs: string[];
  /** The template the checklist was copied from, '' for none. */
  templateID: string;
  checkListItems: ChecklistLine[];
  photoRequired: boolean;
  schedule: ScheduleDraft;
}

const emptyForm = (today: string): MasterTaskForm => ({
  name: '',
  description: '',
  categoryID: '',
  departmentID: [],
  assigneeIDs: [],
  templateID: '',
  checkListItems: [],
  photoRequired: false,
  schedule: newScheduleDraft(today),
});

const formOf = (task: MasterTask): MasterTaskForm => ({
  name: task.name,
  description: task.description,
  categoryID: task.categoryID ?? '',
  departmentID: [...task.departmentID],
  assigneeIDs: [...task.assigneeIDs],
  templateID: task.templateID ?? '',
  checkListItems: checklistLines(task.checkListItems),
  photoRequired: task.photoRequired,
  schedule: scheduleDraftOf(task.schedule),
});

/** The contract's create body. The checklist is always sent, so the server never copies over it. */
function bodyOf(values: MasterTaskForm, siteID: string): MasterTaskInput {
  return {
    siteID,
    name: values.name,
    description: values.description,
    categoryID: values.categoryID || null,
    departmentID: values.departmentID,
    assigneeIDs: values.assigneeIDs,
    templateID: values.templateID || null,
    checkListItems: checklistInput(values.checkListItems),
    photoRequired: values.photoRequired,
    schedule: scheduleBody(values.schedule),
  };
}

// ---- the dialog -----------------------------------------------------------------------------------------

/**
 * The pickers' options for the task's site. An edited task's own category, departments and assignees are
 * added when the lists no longer hold them (an assignee made inactive), so they show as names, not ids.
 */
function usePickerOptions(siteID: string | null, task: MasterTask | null) {
  return useMemo(() => {
    const ownCategory = task?.category ? [namedOption(task.category)] : [];
    const ownDepartments = (task?.departments ?? []).map(namedOption);
    const ownAssignees = (task?.assignees ?? []).map((person) => ({
      value: person._id,
      label: `${person.firstName} ${person.lastName}`.trim(),
    }));
    return {
      categories: async (): Promise<Option[]> => {
        const categories = siteID ? await taskCategoryApi.simpleList(siteID) : [];
        return withOwnOptions(categories, ownCategory);
      },
      departments: async (): Promise<Option[]> => {
        const departments = siteID ? await departmentApi.simpleList(siteID) : [];
        return withOwnOptions(departments, ownDepartments);
      },
      assignees: async (): Promise<Option[]> => {
        const people = siteID ? await staffApi.simpleList({ siteID }) : [];
        const options = people.map((person) => ({ value: person._id, label: person.fullName }));
        return withOwnOptions(options, ownAssignees);
      },
      templates: async (): Promise<Option[]> =>
        (await templateApi.simpleList()).map((template) => ({
          value: template._id,
          label: `${template.name} (${template.itemCount} ${template.itemCount === 1 ? 'item' : 'items'})`,
        })),
    };
  }, [siteID, task]);
}

function MasterTaskFormDialog(props: {
  task: MasterTask | null;
  onClose(): void;
  onSaved(task: MasterTask): void;
}) {
  const { task } = props;
  const selectedSiteID = useSelectedSite((s) => s.selectedSiteID);
  const siteID = task?.siteID ?? selectedSiteID;
  const timeZone = useSiteTimeZone();
  const [initial] = useState(() => (task ? formOf(task) : emptyForm(todayIn(timeZone))));
  const options = usePickerOptions(siteID, task);
  const saved = useRef<MasterTask | null>(null);
  const context: FormContext = { siteID, timeZone };

  const fields = useMemo(
    (): readonly FieldDeclaration<MasterTaskForm>[] => [
      { kind: 'text', name: 'name', label: 'Task name', required: true },
      { kind: 'multiline', name: 'description', label: 'Description', rows: 2 },
      { kind: 'select', name: 'categoryID', label: 'Category', options: options.categories },
      {
        kind: 'custom',
        name: 'schedule',
        label: 'Schedule',
        required: true,
        render: (field) => <ScheduleBuilder {...field} siteID={siteID} editing={task !== null} />,
      },
      { kind: 'multiselect', name: 'departmentID', label: 'Departments', options: options.departments },
      { kind: 'multiselect', name: 'assigneeIDs', label: 'Assignees', options: options.assignees },
      {
        kind: 'custom',
        name: 'templateID',
        label: 'Copy the checklist of a template',
        render: (field) => <TemplatePicker {...field} options={options.templates} />,
      },
      checklistItemsField('checkListItems', { label: 'Checklist' }),
      {
        kind: 'switch',
        name: 'photoRequired',
        label: 'Photo required',
        helperText: 'A photo must be attached before the task can be completed.',
      },
    ],
    [options, siteID, task],
  );

  const bodyFor = (values: MasterTaskForm): MasterTaskInput | MasterTaskUpdate =>
    task ? { ...bodyOf(values, task.siteID), _id: task._id } : bodyOf(values, siteID ?? '');

  const validate = (values: MasterTaskForm): FieldErrors => {
    const schema = task ? masterTaskUpdateSchema : masterTaskInputSchema;
    const result = schema.safeParse(bodyFor(values));
    if (result.success) return {};
    const errors = Object.fromEntries(
      Object.entries(issuesToErrors(result.error.issues)).filter(([path]) => !path.startsWith('schedule.')),
    );
    // The schedule's own check says the same as the contract, with every message at once.
    for (const [path, message] of Object.entries(scheduleErrors(values.schedule)))
      errors[`schedule.${path}`] = message;
    if (!siteID) errors.siteID = 'Choose a site at the top of the page first.';
    return errors;
  };

  return (
    <FormDialog
      title={task ? 'Edit task' : 'Add task'}
      fields={fields}
      initial={initial}
      validate={validate}
      save={async (values) => {
        // The form shows these failures itself (under the fields), so no pop-up on top of it.
        const quiet = { quietFor: formErrorStatuses };
        saved.current = task
          ? await masterTaskApi.update({ ...bodyOf(values, task.siteID), _id: task._id }, quiet)
          : await masterTaskApi.create(bodyOf(values, siteID ?? ''), quiet);
      }}
      onSaved={() => {
        if (saved.current) props.onSaved(saved.current);
      }}
      onClose={props.onClose}
      context={context}
      editing={task !== null}
      width="md"
    />
  );
}

// ---- copying a template's checklist ---------------------------------------------------------------------

const sameLines = (a: readonly ChecklistLine[], b: readonly ChecklistLine[]) =>
  a.length === b.length &&
  a.every(
    (line, index) =>
      line.text === b[index]?.text &&
      line.required === b[index]?.required &&
      line.photoRequired === b[index]?.photoRequired,
  );

/**
 * Chooses the template the checklist comes from, and copies its lines in (as new lines: the task keeps its
 * own copy). Lines typed or changed by hand are replaced only after asking. A task without a name takes
 * the template's name and description.
 */
function TemplatePicker(
  props: CustomFieldProps<string, MasterTaskForm> & { options: () => Promise<Option[]> },
) {
  const [loading, setLoading] = useState(false);
  const [asking, setAsking] = useState<Template | null>(null);
  // The lines last copied from a template: replacing them loses nothing typed.
  const copied = useRef<ChecklistLine[]>([]);
  // The template answers after the form may have changed: read the form as it is then.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const apply = (template: Template) => {
    const { setField, values, onChange } = latest.current;
    // New lines (no `_id`): the task's own copy, not the template's lines.
    const lines = checklistLines(template.checkListItems).map(({ _id: _template, ...line }) => line);
    copied.current = lines;
    onChange(template._id);
    setField('checkListItems', lines);
    if (values.name.trim() === '') setField('name', template.name);
    if (values.description.trim() === '') setField('description', template.description);
  };

  const choose = async (templateID: string) => {
    if (templateID === '') {
      props.onChange('');
      return;
    }
    setLoading(true);
    try {
      const template = await templateApi.get(templateID);
      const lines = latest.current.values.checkListItems;
      if (lines.length === 0 || sameLines(lines, copied.current)) apply(template);
      else setAsking(template);
    } catch {
      // The HTTP layer has shown why; the checklist stays as it was.
    } finally {
      setLoading(false);
    }
  };

  const lineCount = props.values.checkListItems.length;
  return (
    <>
      <FieldInput
        id={props.id}
        field={{
          kind: 'select',
          name: 'templateID',
          label: props.label,
          options: props.options,
          helperText: loading
            ? 'Copying the checklist…'
            : 'The task keeps its own copy: later changes to the template do not change it.',
        }}
        value={props.value}
        onChange={(next) => void choose(typeof next === 'string' ? next : '')}
        onBlur={props.onBlur}
        error={props.error}
        errors={{}}
        disabled={props.disabled || loading}
        context={{ siteID: null, timeZone: 'UTC' }}
      />
      <ConfirmDialog
        open={asking !== null}
        title="Replace the checklist?"
        message={`The ${lineCount} ${lineCount === 1 ? 'item' : 'items'} of this task's checklist will be replaced by the ${asking?.checkListItems.length ?? 0} of "${asking?.name ?? ''}".`}
        confirmLabel="Replace"
        cancelLabel="Keep the checklist"
        onConfirm={async () => {
          if (asking) apply(asking);
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
