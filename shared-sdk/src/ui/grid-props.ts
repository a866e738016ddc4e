import { useEffect, useMemo } from 'react';
import {
  useGridApiRef,
  type DataGridProps,
  type GridAutosizeOptions,
  type GridColDef,
  type GridLocaleText,
} from '@mui/x-data-grid';
import type { SxProps, Theme } from '@console/shared-sdk/mui';
import type { ResourceDefinition, RowBase } from './declarations.js';
import { moreActionsLabel } from './compact-actions.js';
import { modelFromSort, pageSizeOptions, sortFromModel } from './list-query.js';
import type { ResourceList } from './use-resource-list.js';

// The DataGrid's props for a list (part of useResourceGrid): server paging and sorting from the list's
// query, the declared columns (sortable only where the API sorts), the actions column and the selection.
//
// Columns are sized so that nothing is cut: a column declared without `flex` (a date, a status, a name, the
// actions) is sized to its widest cell and its header once each page is drawn (MUI X's autosizing); a
// column with `flex` shares the width left, never below its `minWidth`, and wraps its text onto more lines
// (rows grow to fit). Text cells also carry their whole text as a tooltip.

/** A wrapping column's cells. */
const wrapClass = 'resource-cell--wrap';
/** A wrapping column's header. */
const wrapHeaderClass = 'resource-header--wrap';
/** A column sized to its content: its cells stay on one line. */
const oneLineClass = 'resource-cell--one-line';

/** A column with `flex` shares the width left and wraps; any other is sized to its content. */
const wraps = (column: { flex?: number }) => column.flex !== undefined && column.flex > 0;

/** The column with `className` added to its cells' (and `headerClass` to its header's) own. */
const withClasses = <Row extends RowBase>(
  column: GridColDef<Row>,
  className: string,
  headerClass?: string,
): GridColDef<Row> => {
  const own = column.cellClassName;
  const ownHeader = column.headerClassName;
  return {
    ...column,
    cellClassName:
      own === undefined
        ? className
        : typeof own === 'string'
          ? `${own} ${className}`
          : (params) => `${own(params)} ${className}`,
    headerClassName:
      headerClass === undefined || ownHeader === undefined
        ? (ownHeader ?? headerClass)
        : typeof ownHeader === 'string'
          ? `${ownHeader} ${headerClass}`
          : (params) => `${ownHeader(params)} ${headerClass}`,
  };
};

/** What the kit's grid looks like: rows as tall as their content, wrapping where the column wraps. */
const gridLook: SxProps<Theme> = {
  // Rows are as tall as their content (getRowHeight 'auto'): some room above and below each cell's lines.
  // Each cell's content is centred in the row's height, whichever cell made the row taller.
  '& .MuiDataGrid-cell': { py: 1, alignContent: 'center' },
  [`& .MuiDataGrid-cell.${wrapClass}`]: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
  // A chip in a wrapping column wraps its words too, rather than ending in an ellipsis.
  [`& .MuiDataGrid-cell.${wrapClass} .MuiChip-root`]: { height: 'auto', minHeight: 24, maxWidth: '100%' },
  [`& .MuiDataGrid-cell.${wrapClass} .MuiChip-label`]: { whiteSpace: 'normal', overflow: 'visible' },
  [`& .MuiDataGrid-cell.${oneLineClass}`]: { whiteSpace: 'nowrap' },
  // A wrapping column's header longer than the column takes a second line rather than an ellipsis (the
  // others are as wide as their header).
  [`& .${wrapHeaderClass} .MuiDataGrid-columnHeaderTitle`]: { whiteSpace: 'normal', lineHeight: 1.25 },
  // Each text takes its direction from its first letter (left to right without one), not the page's: on a
  // right-to-left page an English name cut short loses its end, not its start, and "08:00–23:00" keeps its
  // order. The cell keeps the page's side (MUI X aligns cells by a physical left or right, which the
  // right-to-left styles swap).
  [`& .${wrapClass}, & .${oneLineClass}, & .MuiDataGrid-columnHeaderTitle`]: { unicodeBidi: 'plaintext' },
};

const autoRowHeight = () => 'auto' as const;

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
    const own = declared.map((column) =>
      withClasses(
        {
          ...column,
          // A column of buttons declared with an empty header still needs one a screen reader can name
          // (without a header name the grid shows the field's).
          headerName: column.headerName === '' ? 'Actions' : column.headerName,
          sortable: sortable ? column.sortable !== false && sortable.includes(column.field) : column.sortable,
        },
        wraps(column) ? wrapClass : oneLineClass,
        wraps(column) ? wrapHeaderClass : undefined,
      ),
    );
    return actionsColumn ? [...own, actionsColumn] : own;
  }, [declared, sortable, actionsColumn]);

  // Sized to content: every column without flex, the actions too. With no flex column at all, the sized
  // columns share what is left, so the grid has no empty strip at its end.
  const autosizeOptions = useMemo((): GridAutosizeOptions => {
    const sized = columns.filter((column) => !wraps(column)).map((column) => column.field);
    return {
      columns: sized,
      includeHeaders: true,
      // Every cell counts: the longest name on the page is the one that must not be cut.
      includeOutliers: true,
      expand: sized.length === columns.length,
    };
  }, [columns]);

  // The grid sizes its columns once it is first drawn (`autosizeOnMount`); each new page or answer is
  // measured again once its rows are drawn: the grid draws them after this render, so it is measured on
  // the frame after next. A screen's `autosizeOnMount: false` turns both off (jsdom has nothing to measure).
  const apiRef = useGridApiRef();
  const { rows } = list;
  const autosize = overrides?.autosizeOnMount !== false;
  useEffect(() => {
    if (!autosize) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => void apiRef.current?.autosizeColumns(autosizeOptions));
    });
    return () => cancelAnimationFrame(frame);
  }, [rows, autosizeOptions, apiRef, autosize]);

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
  const localeText: Partial<GridLocaleText> = { actionsCellMore: moreActionsLabel, ...overrides?.localeText };
  const own = overrides?.sx;
  const sx: SxProps<Theme> = own ? [gridLook, ...(Array.isArray(own) ? own : [own])] : gridLook;
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
    getRowHeight: autoRowHeight,
    apiRef,
    autosizeOnMount: true,
    autosizeOptions,
    label: resource.title,
    ...overrides,
    localeText,
    sx,
  };
}
