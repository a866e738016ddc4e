import { Button } from '@console/shared-sdk/mui';
import { lazy, Suspense, useState } from 'react';
import { asSubject, invalidate, useAbility, useSession } from '@console/shared-sdk';
import { consoleIcons } from '@console/shared-sdk/icons';
import {
  templateApi,
  templateInputSchema,
  templateSortColumns,
  templateUpdateSchema,
  type Template,
} from '@console/shared-sdk/tasks';
import { defineResource, ResourceScreen, SiteTime } from '@console/shared-sdk/ui';
import { checklistInput, checklistItemsField, checklistLines, type ChecklistLine } from './checklist-editor';
import { ChecklistItems } from './template-checklist';
import { isLogType, itemCount, logTypeOptions, typeLabel } from './template-types';

// Fetched when the library is first opened: most visits to the list never import.
const TemplateLibraryDialog = lazy(() =>
  import('./template-library').then((m) => ({ default: m.TemplateLibraryDialog })),
);

interface TemplateForm {
  name: string;
  /** A log type, or '' for a general checklist. */
  type: string;
  description: string;
  checkListItems: ChecklistLine[];
}

export const templates = defineResource({
  title: 'Checklist templates',
  name: 'template',
  subject: 'Template',
  api: templateApi,
  // The organisation's catalogue: the same templates whichever site is selected.
  siteScoped: false,
  recordLabel: (row: Template) => row.name,
  sortable: templateSortColumns,
  defaultSort: 'name',
  search: { placeholder: 'Search templates' },
  filters: [{ kind: 'select', name: 'type', label: 'Type', options: logTypeOptions, allLabel: 'All types' }],
  emptyMessage: 'No templates yet.',
  emptyHint: 'Import one from the library, or add your own.',
  columns: [
    { field: 'name', headerName: 'Name', flex: 2, minWidth: 200 },
    {
      field: 'type',
      headerName: 'Type',
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => typeLabel(row.type),
    },
    {
      field: 'checkListItems',
      headerName: 'Items',
      flex: 0.6,
      minWidth: 100,
      sortable: false,
      valueGetter: (_value, row) => itemCount(row.checkListItems.length),
    },
    {
      field: 'updatedAt',
      headerName: 'Updated',
      renderCell: ({ row }) => <SiteTime value={row.updatedAt} style="date" />,
    },
  ],
  view: [
    { label: 'Name', field: 'name' },
    { label: 'Type', render: (row) => typeLabel(row.type) },
    { label: 'Description', render: (row) => row.description || 'None' },
    { label: 'Items', render: (row) => itemCount(row.checkListItems.length) },
    {
      label: 'Source',
      render: (row) => (row.libraryTemplateID ? 'Imported from the library' : 'Written here'),
    },
    { label: 'Updated', render: (row) => <SiteTime value={row.updatedAt} style="date" /> },
  ],
  detail: {
    width: 'md',
    sections: [{ title: 'Checklist', render: (row) => <ChecklistItems items={row.checkListItems} /> }],
  },
  form: {
    schema: templateInputSchema,
    updateSchema: templateUpdateSchema,
    width: 'md',
    fields: [
      { kind: 'text', name: 'name', label: 'Template name', required: true },
      {
        kind: 'select',
        name: 'type',
        label: 'Type',
        options: logTypeOptions,
        helperText: 'The log it checks, if any',
      },
      { kind: 'multiline', name: 'description', label: 'Description', rows: 2 },
      checklistItemsField('checkListItems', {
        required: true,
        helperText:
          'A required item must be done before the task can be completed. Tasks made from this template keep their own copy.',
      }),
    ],
    emptyForm: (): TemplateForm => ({ name: '', type: '', description: '', checkListItems: [] }),
    toForm: (row: Template): TemplateForm => ({
      name: row.name,
      type: row.type ?? '',
      description: row.description,
      checkListItems: checklistLines(row.checkListItems),
    }),
    // A site admin's new template belongs to the selected site: its admins may change it later, other
    // sites' admins only use it (an organisation admin's belongs to the organisation whatever is sent).
    toInput: (form: TemplateForm, context) => ({
      name: form.name,
      type: isLogType(form.type) ? form.type : null,
      description: form.description,
      checkListItems: checklistInput(form.checkListItems),
      ...(context.siteID ? { siteID: context.siteID } : {}),
    }),
    toUpdate: (form: TemplateForm, row: Template) => ({
      _id: row._id,
      name: form.name,
      type: isLogType(form.type) ? form.type : null,
      description: form.description,
      checkListItems: checklistInput(form.checkListItems),
    }),
  },
});

/** "Template library" beside the list, for those who may add templates (importing adds one). */
function LibraryButton({ onImported }: { onImported: () => void }) {
  const ability = useAbility();
  const orgId = useSession((s) => s.orgId);
  const [open, setOpen] = useState(false);
  const mayImport =
    ability.can('read', 'PredefinedTemplate') && ability.can('create', asSubject('Template', { orgId }));
  if (!mayImport) return null;
  const LibraryIcon = consoleIcons.templates;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<LibraryIcon />}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Template library
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TemplateLibraryDialog onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}

/** An import adds a template: the list reads again. */
const templateImported = () => invalidate([templates.subject]);

/** /dashboard/templates: the organisation's checklist templates, and the platform's library to import from. */
export function TemplatesScreen() {
  return (
    <ResourceScreen resource={templates}>
      <LibraryButton onImported={templateImported} />
    </ResourceScreen>
  );
}
