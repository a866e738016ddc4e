import {
  Button,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@console/shared-sdk/mui';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { DataGrid, GridActionsCellItem, type DataGridProps, type GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { asSubject, type Action } from '../ability/index.js';
import type { ListParams } from '../contract/index.js';
import { useAbility } from '../session/ability.js';
import { useSession } from '../session/store.js';
import { useSelectedSite } from '../site/store.js';
import {
  resourceActions,
  type AnyFieldDeclaration,
  type FormContext,
  type ResourceAction,
  type ResourceDefinition,
  type ResourceForm,
  type RowBase,
  type SelectFilterDeclaration,
} from './declarations.js';
import { ConfirmDialog, FormDialog, ViewDialog, displayValue, type ViewEntry } from './dialogs.js';
import { isNarrowed, modelFromSort, pageSizeOptions, sortFromModel } from './list-query.js';
import { optionLabel, useOptions } from './options.js';
import { ResourceCards } from './ResourceCards.js';
import { SearchField } from './SearchField.js';
import { useSiteTimeZone } from './site-dates.js';
import { DateRangeFilter } from './pickers.js';
import { EmptyState, ErrorState } from './states.js';
import { formErrorStatuses, issuesToErrors } from './use-modal-form.js';
import { useResourceList } from './use-resource-list.js';

export interface ResourceScreenProps<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
> {
  resource: ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters>;
  /** Shown between the heading and the list, e.g. tabs to a related list. */
  children?: ReactNode;
  /** Passed to the DataGrid as they are (density, `disableVirtualization` in tests). */
  gridProps?: Partial<DataGridProps<Row>>;
}

/**
 * A whole list screen from a declaration: heading and Add, search and filters, the DataGrid in server
 * mode (cards with "Load more" on small screens), loading/empty/error states, and the view, create/edit
 * and delete-confirmation modals, each action shown only when the signed-in user's ability allows it.
 *
 * Notes for the `api` of a declaration:
 * - `create` and `update` receive `{ quietFor: [400, 409] }` and must pass it to the HTTP layer (the
 *   standard resources do) and throw its ApiError: the form shows those failures under its fields. Any
 *   other failure is left to the HTTP layer's pop-up while the modal stays open.
 * - The HTTP layer toasts the server's success message; the kit adds none of its own.
 */
export function ResourceScreen<Row extends RowBase, Form extends object, CreateInput, UpdateInput, Filters>(
  props: ResourceScreenProps<Row, Form, CreateInput, UpdateInput, Filters>,
) {
  return <ResourceScreenBody {...props} />;
}

type Target<Row> = { kind: 'view' | 'edit' | 'delete'; row: Row } | { kind: 'create' } | null;

const abilityAction = {
  view: 'read',
  create: 'create',
  edit: 'update',
  delete: 'delete',
} as const satisfies Record<ResourceAction, Action>;

const rowActionKinds = [
  { kind: 'view', label: 'View', Icon: VisibilityOutlinedIcon },
  { kind: 'edit', label: 'Edit', Icon: EditOutlinedIcon },
  { kind: 'delete', label: 'Delete', Icon: DeleteOutlinedIcon },
] as const;

const rowId = (row: RowBase) => row._id;

function ResourceScreenBody<Row extends RowBase, Form extends object, CreateInput, UpdateInput, Filters>({
  resource,
  children,
  gridProps,
}: ResourceScreenProps<Row, Form, CreateInput, UpdateInput, Filters>) {
  const { api, form } = resource;
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const timeZone = useSiteTimeZone();
  const orgId = useSession((s) => s.orgId);
  const ability = useAbility();
  // useTheme falls back to the default theme, so a remote mounted without a ThemeProvider still works.
  // noSsr: the console renders in the browser only, so the first render already knows the screen size
  // (no grid flashing before the cards).
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [target, setTarget] = useState<Target<Row>>(null);
  const context: FormContext = useMemo(() => ({ siteID, timeZone }), [siteID, timeZone]);

  const needsSite = resource.siteScoped === true && siteID === null;
  const list = useResourceList<Row>({
    // The declaration's `params` and `filters` are keyed by the api's Filters, so what the kit sends is
    // of that shape; TypeScript cannot follow that through the generic.
    list: (params, signal) => api.list(params as ListParams & Filters, { signal }),
    defaultSort: resource.defaultSort,
    params: { ...resource.params, ...(resource.siteScoped ? { siteID } : {}) },
    enabled: !needsSite,
  });

  // Cards append pages and the grid shows one: switching between them starts again at page 1.
  const [wasSmall, setWasSmall] = useState(small);
  if (wasSmall !== small) {
    setWasSmall(small);
    list.setPage(1);
  }

  const available = resourceActions(resource);
  const allowed = (kind: ResourceAction, record: Record<string, unknown>) =>
    available[kind] && ability.can(abilityAction[kind], asSubject(resource.subject, record));
  // A new record belongs to the organisation (and the selected site): check the rule against those.
  const canCreate = !needsSite && allowed('create', resource.siteScoped ? { orgId, siteID } : { orgId });
  const rowActions = (row: Row) =>
    rowActionKinds
      .filter((action) => allowed(action.kind, row))
      .map((action) => ({
        ...action,
        name: `${action.label} ${resource.recordLabel(row)}`,
        open: () => setTarget({ kind: action.kind, row }),
      }));

  const plural = resource.title.toLowerCase();
  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setTarget({ kind: 'create' })}>
      Add {resource.name}
    </Button>
  ) : null;
  const narrowed = isNarrowed(list.query);
  const empty = list.settled && !list.loading && !list.error && list.records === 0;

  const columns = useMemo((): GridColDef<Row>[] => {
    if (!available.view && !available.edit && !available.delete) return [...resource.columns];
    const actions: GridColDef<Row> = {
      field: '__actions',
      type: 'actions',
      headerName: 'Actions',
      width: 136,
      getActions: ({ row }) =>
        rowActions(row).map(({ kind, name, Icon, open }) => (
          <GridActionsCellItem key={kind} icon={<Icon />} label={name} onClick={open} />
        )),
    };
    return [...resource.columns, actions];
    // rowActions is a new closure each render, but all it reads is the declaration and the ability.
  }, [resource, ability]);

  const entries = (row: Row): ViewEntry[] =>
    resource.view
      ? resource.view.map((field) => ({
          label: field.label,
          value: field.render ? field.render(row) : displayValue(field.field ? row[field.field] : undefined),
        }))
      : resource.columns
          .filter((column) => column.type !== 'actions')
          .map((column) => ({
            label: column.headerName ?? column.field,
            value: displayValue(Reflect.get(row, column.field)),
          }));

  // The grid treats a new model object as a change (a new sort sends it back to page 1): keep them stable.
  const { page, limit, sort } = list.query;
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize: limit }), [page, limit]);
  const sortModel = useMemo(
    () =>
      modelFromSort(
        sort,
        resource.columns.map((column) => column.field),
      ),
    [sort, resource.columns],
  );

  let content: ReactElement;
  if (needsSite) {
    content = <EmptyState message={`Choose a site to see its ${plural}.`} />;
  } else if (list.error) {
    content = <ErrorState message={`Could not load ${plural}.`} onRetry={list.reload} />;
  } else if (empty) {
    content = narrowed ? (
      <EmptyState message={`No ${plural} match your search.`} />
    ) : (
      <EmptyState
        message={`${resource.emptyMessage ?? `No ${plural} yet.`}${canCreate ? ` ${resource.emptyHint ?? 'Add the first one.'}` : ''}`}
        action={addButton}
      />
    );
  } else if (small) {
    content = (
      <ResourceCards
        rows={list.rows}
        getId={rowId}
        title={resource.recordLabel}
        entries={entries}
        actions={(row) =>
          rowActions(row).map(({ kind, label, name, open }) => (
            <Button key={kind} size="small" onClick={open} aria-label={name}>
              {label}
            </Button>
          ))
        }
        loading={list.loading}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        records={list.records}
      />
    );
  } else {
    content = (
      <DataGrid<Row>
        rows={list.rows}
        columns={columns}
        getRowId={rowId}
        rowCount={list.records}
        loading={list.loading}
        paginationMode="server"
        sortingMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={(model) =>
          model.pageSize !== list.query.limit ? list.setLimit(model.pageSize) : list.setPage(model.page + 1)
        }
        pageSizeOptions={pageSizeOptions}
        sortModel={sortModel}
        onSortModelChange={(model) => list.setSort(sortFromModel(model))}
        // The server filters by search and the declared filters; the grid's own filter UI would not.
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        label={resource.title}
        {...gridProps}
      />
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography variant="h5" component="h1">
            {resource.title}
          </Typography>
          {/* Decided once the first answer is in, so the button does not jump into the empty state. */}
          {list.settled && !(empty && !narrowed) && addButton}
        </Stack>
        {children}
        {!needsSite && (resource.search !== false || resource.filters?.length) && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1, flexWrap: 'wrap', alignItems: { sm: 'center' } }}
          >
            {resource.search !== false && (
              <SearchField
                value={list.query.search}
                onSearch={list.setSearch}
                placeholder={
                  typeof resource.search === 'object' ? resource.search.placeholder : `Search ${plural}`
                }
              />
            )}
            {resource.filters?.map((filter) =>
              filter.kind === 'select' ? (
                <SelectFilter
                  key={filter.name}
                  filter={filter}
                  value={list.query.filters[filter.name]}
                  onChange={(value) => list.setFilters({ [filter.name]: value })}
                  context={context}
                />
              ) : (
                <DateRangeFilter
                  key={`${filter.from}-${filter.to}`}
                  id={`${filter.from}-${filter.to}`}
                  labels={filter.labels}
                  value={{
                    from: asDate(list.query.filters[filter.from]),
                    to: asDate(list.query.filters[filter.to]),
                  }}
                  onChange={(range) => list.setFilters({ [filter.from]: range.from, [filter.to]: range.to })}
                />
              ),
            )}
          </Stack>
        )}
        {content}
      </Stack>

      {target?.kind === 'view' && (
        <ViewDialog
          open
          title={resource.recordLabel(target.row)}
          entries={entries(target.row)}
          onClose={() => setTarget(null)}
          actions={
            allowed('edit', target.row) ? (
              <Button onClick={() => setTarget({ kind: 'edit', row: target.row })}>Edit</Button>
            ) : undefined
          }
        />
      )}
      {target?.kind === 'delete' && api.remove && (
        <ConfirmDialog
          open
          title={`Delete ${resource.name} "${resource.recordLabel(target.row)}"?`}
          onConfirm={async () => {
            await api.remove?.(target.row._id);
            list.reload();
          }}
          onClose={() => setTarget(null)}
        />
      )}
      {form && (target?.kind === 'create' || target?.kind === 'edit') && (
        <ResourceFormDialog
          resource={resource}
          form={form}
          row={target.kind === 'edit' ? target.row : null}
          context={context}
          onClose={() => setTarget(null)}
          onSaved={() => {
            setTarget(null);
            list.reload();
          }}
        />
      )}
    </Paper>
  );
}

const asDate = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function SelectFilter({
  filter,
  value,
  onChange,
  context,
}: {
  filter: SelectFilterDeclaration;
  value: unknown;
  onChange: (value: string | undefined) => void;
  context: FormContext;
}) {
  const { options } = useOptions(filter.options, context);
  const selected = typeof value === 'string' ? value : '';
  return (
    <TextField
      select
      size="small"
      label={filter.label}
      value={selected}
      onChange={(event) => onChange(event.target.value || undefined)}
      sx={{ minWidth: 180 }}
      slotProps={{
        select: {
          renderValue: (v: unknown) => (v ? optionLabel(options, String(v)) : (filter.allLabel ?? 'All')),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">{filter.allLabel ?? 'All'}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface ResourceFormDialogProps<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
> {
  resource: ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters>;
  form: ResourceForm<Row, Form, CreateInput, UpdateInput>;
  /** null: creating. */
  row: Row | null;
  context: FormContext;
  onClose: () => void;
  onSaved: () => void;
}

/** Binds a declaration's form to the create/edit modal: mapping, schema, and the api call. */
function ResourceFormDialog<Row extends RowBase, Form extends object, CreateInput, UpdateInput, Filters>({
  resource,
  form,
  row,
  context,
  onClose,
  onSaved,
}: ResourceFormDialogProps<Row, Form, CreateInput, UpdateInput, Filters>) {
  const { api } = resource;
  const [initial] = useState(() => (row ? form.toForm(row) : form.emptyForm(context)));

  const updateBody = (values: Form, current: Row): UpdateInput =>
    form.toUpdate
      ? form.toUpdate(values, current, context)
      : // The declaration's type lets `toUpdate` be left out only when the create body plus `_id` is an
        // update body; TypeScript cannot carry that through the generic.
        ({ ...form.toInput(values, context), _id: current._id } as UpdateInput);
  const schema = row ? (form.updateSchema ?? form.schema) : form.schema;

  return (
    <FormDialog
      title={`${row ? 'Edit' : 'Add'} ${resource.name}`}
      // Each declared field edits a key of Form; the renderer reads them by name at run time.
      fields={form.fields as readonly AnyFieldDeclaration[]}
      initial={initial}
      validate={(values) => {
        const result = schema.safeParse(row ? updateBody(values, row) : form.toInput(values, context));
        return result.success ? {} : issuesToErrors(result.error.issues);
      }}
      save={async (values) => {
        // The form shows these failures itself (under the fields), so no pop-up on top of it.
        const quiet = { quietFor: formErrorStatuses };
        if (row) await api.update?.(updateBody(values, row), quiet);
        else await api.create?.(form.toInput(values, context), quiet);
      }}
      onSaved={onSaved}
      onClose={onClose}
      context={context}
      editing={row !== null}
      width={form.width}
    />
  );
}
