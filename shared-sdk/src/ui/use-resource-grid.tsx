import { Button, Checkbox, Stack, Typography } from '@console/shared-sdk/mui';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  GridActionsCellItem,
  type DataGridProps,
  type GridColDef,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { asSubject, type Action } from '../ability/index.js';
import type { ListParams } from '../contract/index.js';
import { consoleIcons, iconFor } from '../icons/index.js';
import { useAbility } from '../session/ability.js';
import { useSession } from '../session/store.js';
import { useSelectedSite } from '../site/store.js';
import { confirmationFor, useActionRunner } from './actions.js';
import {
  filterKeys,
  resourceActions,
  type CountParams,
  type FilterDeclaration,
  type FormContext,
  type ResourceAction,
  type ResourceDefinition,
  type RowBase,
  type StatusFilterDeclaration,
} from './declarations.js';
import { ConfirmDelete, FormModal } from './ResourceFormDialog.js';
import { filterDefaults, ListFilters, StatusTabs } from './filters.js';
import {
  initialListQuery,
  isNarrowed,
  modelFromSort,
  pageSizeOptions,
  sortFromModel,
  toListParams,
} from './list-query.js';
import { DetailDialog, RowActionButtons, useActionAbility } from './ResourceDetail.js';
import { SearchField } from './SearchField.js';
import { useSiteScoped } from '../site/scope.js';
import { useSiteTimeZone } from './site-dates.js';
import { useModalLocation } from './use-modal-location.js';
import { useResourceList, type ResourceList } from './use-resource-list.js';

// Everything a list screen does except its layout: the list's query (in the URL), the DataGrid's props,
// the row and bulk actions, the filters and the modals. <ResourceScreen> lays these out; a screen with a
// layout of its own calls this hook and places them itself.

export interface ResourceGridOptions<Row extends RowBase> {
  /** Passed to the DataGrid as they are (density, `disableVirtualization` in tests). */
  gridProps?: Partial<DataGridProps<Row>>;
}

export interface RowSelection<Row> {
  rows: readonly Row[];
  isSelected: (row: Row) => boolean;
  toggle: (row: Row) => void;
  clear: () => void;
}

export interface ResourceGrid<Row extends RowBase> {
  list: ResourceList<Row>;
  context: FormContext;
  /** A site-scoped list while no site is chosen: nothing is asked for. */
  needsSite: boolean;
  /** The user narrowed the list (a search, a filter off its default): "nothing found", not "nothing yet". */
  narrowed: boolean;
  canCreate: boolean;
  /** Opens the create modal. */
  create: () => void;
  /** Props for `<DataGrid>`: server paging and sorting, the actions column, selection. */
  gridProps: DataGridProps<Row>;
  /** A row's actions as buttons (for cards): view, edit, delete and the declared ones it allows. */
  rowButtons: (row: Row) => ReactNode;
  /** The selected rows (when bulk actions are declared). */
  selection: RowSelection<Row>;
  /** The search box and filters, or null when there are none. */
  filterBar: ReactNode;
  /** The status tabs, or null when none is declared. */
  statusTabs: ReactNode;
  /** The bulk actions for the selection, or null while nothing is selected. */
  bulkBar: ReactNode;
  /** The view, create/edit and confirmation dialogs; render them anywhere. */
  modals: ReactNode;
}

const abilityAction = {
  view: 'read',
  create: 'create',
  edit: 'update',
  delete: 'delete',
} as const satisfies Record<ResourceAction, Action>;

const builtInActions = [
  { kind: 'view', label: 'View', Icon: consoleIcons.view },
  { kind: 'edit', label: 'Edit', Icon: consoleIcons.edit },
  { kind: 'delete', label: 'Delete', Icon: consoleIcons.delete },
] as const;

const rowId = (row: RowBase) => row._id;
const noneSelected: ReadonlySet<string> = new Set();

export function useResourceGrid<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
  Sort extends string,
>(
  resource: ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters, Sort>,
  options: ResourceGridOptions<Row> = {},
): ResourceGrid<Row> {
  const { api, form } = resource;
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const timeZone = useSiteTimeZone();
  const orgId = useSession((s) => s.orgId);
  const ability = useAbility();
  const actionAllowed = useActionAbility(resource.subject);
  const context: FormContext = useMemo(() => ({ siteID, timeZone }), [siteID, timeZone]);
  const modal = useModalLocation();
  const [deleting, setDeleting] = useState<Row | null>(null);

  // Keyed by the api's filters in the declaration; the kit reads them by name.
  const filters: readonly FilterDeclaration[] = resource.filters ?? [];
  const defaultFilters = filterDefaults(filters, timeZone);
  const defaultSort = resource.defaultSort ?? initialListQuery().sort;
  const siteScoped = useSiteScoped(resource.siteScoped);
  const needsSite = siteScoped && siteID === null;
  const fixed = { ...resource.params, ...(siteScoped ? { siteID } : {}) };
  const list = useResourceList<Row>({
    // The declaration's `params` and `filters` are keyed by the api's Filters, so what the kit sends is
    // of that shape; TypeScript cannot follow that through the generic.
    list: (params, signal) => api.list(params as ListParams & Filters, { signal }),
    defaultSort,
    params: fixed,
    filters: defaultFilters,
    enabled: !needsSite,
    syncWithLocation: {
      defaultSort,
      sortable: resource.sortable,
      defaultLimit: initialListQuery().limit,
      filterNames: filters.flatMap((filter) => filterKeys(filter)),
      defaultFilters,
    },
  });
  const reload = list.reload;

  // ---- abilities and actions --------------------------------------------------------------------------
  const available = resourceActions(resource);
  const allowed = (kind: ResourceAction, record: object) =>
    available[kind] && ability.can(abilityAction[kind], asSubject(resource.subject, { ...record }));
  // A new record belongs to the organisation (and the selected site): check the rule against those.
  const canCreate = !needsSite && allowed('create', siteScoped ? { orgId, siteID } : { orgId });
  const runner = useActionRunner(reload);
  const rowActions = resource.rowActions ?? [];
  const bulkActions = resource.bulkActions ?? [];

  const openBuiltIn = (kind: 'view' | 'edit' | 'delete', row: Row) =>
    kind === 'delete' ? setDeleting(row) : modal.open({ kind, id: row._id });
  const builtIns = (row: Row) =>
    builtInActions
      .filter((action) => allowed(action.kind, row))
      .map((action) => ({ ...action, name: `${action.label} ${resource.recordLabel(row)}` }));
  const declared = (row: Row) =>
    rowActions.filter((action) => (action.available?.(row) ?? true) && actionAllowed(action.ability, row));

  // ---- selection --------------------------------------------------------------------------------------
  // A selection belongs to the query it was made on: a new page, filter or reload shows other rows, and
  // acting on rows no longer shown would act unseen.
  const [selected, setSelected] = useState({ query: list.query, ids: noneSelected });
  const selectedIds = selected.query === list.query ? selected.ids : noneSelected;
  const setSelectedIds = useCallback(
    (update: ReadonlySet<string> | ((current: ReadonlySet<string>) => ReadonlySet<string>)) =>
      setSelected((current) => {
        const base = current.query === list.query ? current.ids : noneSelected;
        return { query: list.query, ids: typeof update === 'function' ? update(base) : update };
      }),
    [list.query],
  );
  const selectedRows = list.rows.filter((row) => selectedIds.has(row._id));
  const selection: RowSelection<Row> = {
    rows: selectedRows,
    isSelected: (row) => selectedIds.has(row._id),
    toggle: (row) =>
      setSelectedIds((current) => {
        const next = new Set(current);
        if (!next.delete(row._id)) next.add(row._id);
        return next;
      }),
    clear: () => setSelectedIds(new Set()),
  };
  const selectionModel = useMemo(
    (): GridRowSelectionModel => ({ type: 'include', ids: new Set(selectedIds) }),
    [selectedIds],
  );
  const onSelectionChange = useCallback(
    (model: GridRowSelectionModel) =>
      setSelectedIds(
        new Set(
          list.rows
            .map((row) => row._id)
            .filter((id) => (model.type === 'include' ? model.ids.has(id) : !model.ids.has(id))),
        ),
      ),
    [list.rows, setSelectedIds],
  );

  // ---- grid -------------------------------------------------------------------------------------------
  const { sortable } = resource;
  const columns = useMemo((): GridColDef<Row>[] => {
    const own = resource.columns.map((column) =>
      sortable
        ? { ...column, sortable: column.sortable !== false && sortable.includes(column.field as Sort) }
        : column,
    );
    if (!available.view && !available.edit && !available.delete && rowActions.length === 0) return own;
    const actions: GridColDef<Row> = {
      field: '__actions',
      type: 'actions',
      headerName: 'Actions',
      width: 136 + 40 * rowActions.length,
      getActions: ({ row }) => [
        ...builtIns(row).map(({ kind, name, Icon }) => (
          <GridActionsCellItem
            key={kind}
            icon={<Icon />}
            label={name}
            onClick={() => openBuiltIn(kind, row)}
          />
        )),
        ...declared(row).map((action) => {
          const Icon = iconFor(action.icon ?? 'approve');
          return (
            <GridActionsCellItem
              key={action.label}
              icon={<Icon />}
              label={`${action.label} ${resource.recordLabel(row)}`}
              onClick={() =>
                runner.start(action.label, confirmationFor(action.confirm, row), () => action.run(row))
              }
            />
          );
        }),
      ],
    };
    return [...own, actions];
    // builtIns, declared and the runner are new closures each render, but all they read is the
    // declaration, the ability and the URL's modal setter; a new columns array each render would make the
    // grid measure its columns again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, ability, sortable, modal.open]);

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
  const gridProps: DataGridProps<Row> = {
    rows: list.rows,
    columns,
    getRowId: rowId,
    rowCount: list.records,
    loading: list.loading,
    paginationMode: 'server',
    sortingMode: 'server',
    paginationModel,
    onPaginationModelChange: (model) =>
      model.pageSize !== list.query.limit ? list.setLimit(model.pageSize) : list.setPage(model.page + 1),
    pageSizeOptions: [...pageSizeOptions],
    sortModel,
    onSortModelChange: (model) => list.setSort(sortFromModel(model)),
    // The server filters by search and the declared filters; the grid's own filter UI would not.
    disableColumnFilter: true,
    disableRowSelectionOnClick: true,
    ...(bulkActions.length > 0
      ? {
          checkboxSelection: true,
          rowSelectionModel: selectionModel,
          onRowSelectionModelChange: onSelectionChange,
        }
      : {}),
    autoHeight: true,
    label: resource.title,
    ...options.gridProps,
  };

  const rowButtons = (row: Row) => [
    ...(bulkActions.length > 0
      ? [
          <Checkbox
            key="select"
            checked={selection.isSelected(row)}
            onChange={() => selection.toggle(row)}
            slotProps={{ input: { 'aria-label': `Select ${resource.recordLabel(row)}` } }}
          />,
        ]
      : []),
    ...builtIns(row).map(({ kind, label, name }) => (
      <Button key={kind} size="small" onClick={() => openBuiltIn(kind, row)} aria-label={name}>
        {label}
      </Button>
    )),
    <RowActionButtons
      key="declared"
      actions={rowActions}
      row={row}
      recordLabel={resource.recordLabel(row)}
      allowed={actionAllowed}
      start={runner.start}
      size="small"
    />,
  ];

  // ---- filters ----------------------------------------------------------------------------------------
  const plural = resource.title.toLowerCase();
  const listParams = toListParams(list.query, fixed);
  const countParams: CountParams = { ...listParams, search: list.query.search };
  for (const key of ['page', 'limit', 'sort'] as const) delete countParams[key];
  const statusFilter = filters.find((filter): filter is StatusFilterDeclaration => filter.kind === 'status');
  const statusTabs =
    statusFilter && !needsSite ? (
      <StatusTabs
        filter={statusFilter}
        value={list.query.filters[statusFilter.name]}
        onChange={(value) => list.setFilters({ [statusFilter.name]: value })}
        countParams={countParams}
        revision={list.query.revision}
      />
    ) : null;
  const hasBar = resource.search !== false || filters.some((filter) => filter.kind !== 'status');
  const filterBar =
    !needsSite && hasBar ? (
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
        <ListFilters
          filters={filters}
          values={list.query.filters}
          onChange={list.setFilters}
          context={context}
          countParams={countParams}
          revision={list.query.revision}
        />
      </Stack>
    ) : null;

  const bulkBar =
    bulkActions.length > 0 && selectedRows.length > 0 ? (
      <Stack
        direction="row"
        role="toolbar"
        aria-label={`Actions on the selected ${plural}`}
        sx={{
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          px: 1,
          py: 0.5,
          bgcolor: 'action.selected',
          borderRadius: 1,
        }}
      >
        <Typography variant="body2" sx={{ flex: 1 }}>
          {selectedRows.length} selected
        </Typography>
        {bulkActions.map((action) => {
          const rows = selectedRows.filter((row) => actionAllowed(action.ability, row));
          const Icon = action.icon ? iconFor(action.icon) : null;
          return (
            <Button
              key={action.label}
              size="small"
              variant="outlined"
              startIcon={Icon ? <Icon /> : undefined}
              disabled={rows.length === 0}
              onClick={() =>
                runner.start(action.label, confirmationFor(action.confirm, rows), async () => {
                  await action.run(rows);
                  selection.clear();
                })
              }
            >
              {action.label} ({rows.length})
            </Button>
          );
        })}
        <Button size="small" onClick={selection.clear}>
          Clear selection
        </Button>
      </Stack>
    ) : null;

  // ---- modals -----------------------------------------------------------------------------------------
  const target = modal.target;
  const formTarget = target?.kind === 'edit' || target?.kind === 'create' ? target : null;
  const onListRow = (id: string) => list.rows.find((row) => row._id === id);
  const modals = (
    <>
      {target?.kind === 'view' && available.view && (
        <DetailDialog
          key={target.id}
          resource={resource}
          id={target.id}
          row={onListRow(target.id)}
          onClose={modal.close}
          onChanged={reload}
          actions={(record) =>
            allowed('edit', record) ? (
              <Button onClick={() => modal.open({ kind: 'edit', id: record._id })}>Edit</Button>
            ) : null
          }
        />
      )}
      {form && formTarget && (formTarget.kind === 'edit' || canCreate) && (
        <FormModal
          key={formTarget.kind === 'edit' ? formTarget.id : 'create'}
          resource={resource}
          siteScoped={siteScoped}
          form={form}
          target={formTarget}
          row={formTarget.kind === 'edit' ? onListRow(formTarget.id) : undefined}
          context={context}
          mayEdit={(row) => allowed('edit', row)}
          onClose={modal.close}
          onSaved={() => {
            modal.close();
            reload();
          }}
        />
      )}
      {deleting && api.remove && (
        <ConfirmDelete
          title={`Delete ${resource.name} "${resource.recordLabel(deleting)}"?`}
          remove={() => api.remove?.(deleting._id) ?? Promise.resolve()}
          onDone={reload}
          onClose={() => setDeleting(null)}
        />
      )}
      {runner.dialog}
    </>
  );

  return {
    list,
    context,
    needsSite,
    narrowed: isNarrowed(list.query, {
      defaults: defaultFilters,
      places: filters.flatMap((filter) => (filter.kind === 'day' ? [filter.name] : [])),
    }),
    canCreate,
    create: () => modal.open({ kind: 'create' }),
    gridProps,
    rowButtons,
    selection,
    filterBar,
    statusTabs,
    bulkBar,
    modals,
  };
}
