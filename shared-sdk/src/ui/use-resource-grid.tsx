import { Button } from '@console/shared-sdk/mui';
import { useMemo, type ReactNode } from 'react';
import type { DataGridProps } from '@mui/x-data-grid';
import type { ListParams } from '../contract/index.js';
import { useSession } from '../session/store.js';
import { useSiteScoped } from '../site/scope.js';
import { useSelectedSite } from '../site/store.js';
import { useActionRunner } from './actions.js';
import {
  filterKeys,
  type FilterDeclaration,
  type FormContext,
  type ResourceDefinition,
  type RowBase,
} from './declarations.js';
import { filterDefaults } from './filters.js';
import { listFilterParts } from './grid-filters.js';
import { useGridProps } from './grid-props.js';
import { useResourceAbility, useRowActions } from './grid-row-actions.js';
import { useRowSelection, type RowSelection } from './grid-selection.js';
import { initialListQuery, isNarrowed } from './list-query.js';
import { DetailDialog, readKeyOf } from './ResourceDetail.js';
import { FormModal } from './ResourceFormDialog.js';
import { useSiteTimeZone } from './site-dates.js';
import { useModalLocation } from './use-modal-location.js';
import { useResourceList, type ResourceList } from './use-resource-list.js';

// Everything a list screen does except its layout: the list's query (in the URL), the DataGrid's props,
// the row and bulk actions, the filters and the modals. <ResourceScreen> lays these out; a screen with a
// layout of its own calls this hook and places them itself. The parts are modules of their own:
// grid-row-actions, grid-selection, grid-props and grid-filters. They take positional parameters: the kit
// is downloaded with every list, and an options object's names would cost bytes at each call.

export type { RowSelection } from './grid-selection.js';

export interface ResourceGridOptions<Row extends RowBase> {
  /** Passed to the DataGrid as they are (density, `disableVirtualization` in tests). */
  gridProps?: Partial<DataGridProps<Row>>;
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
  /** The key a row goes by (the declaration's `getRowId`, default `_id`), e.g. for cards. */
  rowId: (row: Row) => string;
  /** Props for `<DataGrid>`: server paging and sorting, the actions column, selection. */
  gridProps: DataGridProps<Row>;
  /**
   * A row's actions for its card: view, edit, the declared ones it allows and delete, as the grid shows
   * them (up to three buttons, or two and "More actions"), and its checkbox when there are bulk actions.
   */
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

const idOf = (row: RowBase) => row._id;

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
  const context: FormContext = useMemo(() => ({ siteID, timeZone }), [siteID, timeZone]);
  const modal = useModalLocation();
  const rowId = resource.getRowId ?? idOf;

  // Keyed by the api's filters in the declaration; the kit reads them by name.
  const filters: readonly FilterDeclaration[] = resource.filters ?? [];
  const defaultFilters = filterDefaults(filters, timeZone);
  const defaultSort = resource.defaultSort ?? initialListQuery().sort;
  const defaultLimit = resource.defaultLimit ?? initialListQuery().limit;
  const siteScoped = useSiteScoped(resource.siteScoped);
  const needsSite = siteScoped && siteID === null;
  const fixed = { ...resource.params, ...(siteScoped ? { siteID } : {}) };
  const readKey = readKeyOf(resource);
  const list = useResourceList<Row>({
    readKey,
    changes: [resource.subject],
    // The declaration's `params` and `filters` are keyed by the api's Filters, so what the kit sends is
    // of that shape; TypeScript cannot follow that through the generic.
    list: (params, signal) => api.list(params as ListParams & Filters, { signal }),
    defaultSort,
    limit: defaultLimit,
    params: fixed,
    filters: defaultFilters,
    enabled: !needsSite,
    syncWithLocation: {
      defaultSort,
      sortable: resource.sortable,
      defaultLimit,
      filterNames: filters.flatMap((filter) => filterKeys(filter)),
      defaultFilters,
    },
  });
  const reload = list.reload;

  const access = useResourceAbility(resource);
  const { available, allowed } = access;
  // A new record belongs to the organisation (and the selected site): check the rule against those.
  const canCreate = !needsSite && allowed('create', siteScoped ? { orgId, siteID } : { orgId });
  const runner = useActionRunner(reload);
  const rowActions = useRowActions(resource, access, rowId, modal.open, runner, reload);
  const selected = useRowSelection(resource, list, rowId, runner);
  const gridProps = useGridProps(
    resource,
    list,
    rowId,
    rowActions.column,
    selected.gridProps,
    options.gridProps,
  );
  const { filterBar, statusTabs } = listFilterParts(resource, list, fixed, readKey, context, needsSite);

  const target = modal.target;
  const formTarget = target?.kind === 'edit' || target?.kind === 'create' ? target : null;
  const onListRow = (id: string) => list.rows.find((row) => rowId(row) === id);
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
              <Button onClick={() => modal.open({ kind: 'edit', id: rowId(record) })}>Edit</Button>
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
      {rowActions.dialog}
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
    rowId,
    gridProps,
    rowButtons: (row) => [selected.checkbox(row), ...rowActions.buttons(row)],
    selection: selected.selection,
    filterBar,
    statusTabs,
    bulkBar: selected.bulkBar,
    modals,
  };
}
