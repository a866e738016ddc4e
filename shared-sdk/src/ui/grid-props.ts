import { useMemo } from 'react';
import type { DataGridProps, GridColDef } from '@mui/x-data-grid';
import type { ResourceDefinition, RowBase } from './declarations.js';
import { modelFromSort, pageSizeOptions, sortFromModel } from './list-query.js';
import type { ResourceList } from './use-resource-list.js';

// The DataGrid's props for a list (part of useResourceGrid): server paging and sorting from the list's
// query, the declared columns (sortable only where the API sorts), the actions column and the selection.

/**
 * @param rowId the key a row goes by
 * @param actionsColumn the row actions' column, last
 * @param selection the selection's checkbox props
 * @param overrides the screen's own, over the kit's (density, `disableVirtualization` in tests)
 */
export function useGridProps<Row extends RowBase>(
  resource: Pick<ResourceDefinition<Row>, 'title' | 'columns' | 'sortable'>,
  list: ResourceList<Row>,
  rowId: (row: Row) => string,
  actionsColumn: GridColDef<Row> | null,
  selection: Partial<DataGridProps<Row>>,
  overrides?: Partial<DataGridProps<Row>>,
): DataGridProps<Row> {
  const { columns: declared, sortable } = resource;
  const columns = useMemo((): GridColDef<Row>[] => {
    const own = sortable
      ? declared.map((column) => ({
          ...column,
          sortable: column.sortable !== false && sortable.includes(column.field),
        }))
      : [...declared];
    return actionsColumn ? [...own, actionsColumn] : own;
  }, [declared, sortable, actionsColumn]);

  // The grid treats a new model object as a change (a new sort sends it back to page 1): keep them stable.
  const { page, limit, sort } = list.query;
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize: limit }), [page, limit]);
  const sortModel = useMemo(
    () =>
      modelFromSort(
        sort,
        declared.map((column) => column.field),
      ),
    [sort, declared],
  );
  return {
    rows: list.rows,
    columns,
    getRowId: rowId,
    rowCount: list.records,
    loading: list.loading,
    paginationMode: 'server',
    sortingMode: 'server',
    paginationModel,
    onPaginationModelChange: (model) =>
      model.pageSize !== limit ? list.setLimit(model.pageSize) : list.setPage(model.page + 1),
    pageSizeOptions: [...pageSizeOptions],
    sortModel,
    onSortModelChange: (model) => list.setSort(sortFromModel(model)),
    // The server filters by search and the declared filters; the grid's own filter UI would not.
    disableColumnFilter: true,
    disableRowSelectionOnClick: true,
    ...selection,
    autoHeight: true,
    label: resource.title,
    ...overrides,
  };
}
