import { Button, Checkbox, Stack, Typography } from '@console/shared-sdk/mui';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { DataGridProps, GridRowSelectionModel } from '@mui/x-data-grid';
import { iconFor } from '../icons/index.js';
import { confirmationFor, type ActionRunner } from './actions.js';
import type { ResourceDefinition, RowBase } from './declarations.js';
import { useActionAbility } from './ResourceDetail.js';
import type { ResourceList } from './use-resource-list.js';

// The selected rows of a list and the bulk actions on them (part of useResourceGrid). Declaring a bulk
// action turns selection on: checkboxes in the grid and on the cards, and a bar that runs each action on
// the selected rows its ability allows.

export interface RowSelection<Row> {
  rows: readonly Row[];
  isSelected: (row: Row) => boolean;
  toggle: (row: Row) => void;
  clear: () => void;
}

export interface Selection<Row extends RowBase> {
  selection: RowSelection<Row>;
  /** The grid's checkbox selection, or nothing without bulk actions. */
  gridProps: Partial<DataGridProps<Row>>;
  /** A row's checkbox for its card, or null without bulk actions. */
  checkbox: (row: Row) => ReactNode;
  /** The bulk actions for the selection, or null while nothing is selected. */
  bulkBar: ReactNode;
}

const noneSelected: ReadonlySet<string> = new Set();

/**
 * @param list the rows shown, and the query they answer: a selection belongs to it
 * @param rowId the key a row goes by
 * @param runner runs the bulk actions (confirm, run, reload)
 */
export function useRowSelection<Row extends RowBase>(
  resource: Pick<ResourceDefinition<Row>, 'title' | 'subject' | 'recordLabel' | 'bulkActions'>,
  { rows, query }: Pick<ResourceList<Row>, 'rows' | 'query'>,
  rowId: (row: Row) => string,
  runner: ActionRunner,
): Selection<Row> {
  const allowed = useActionAbility(resource.subject);
  const bulkActions = resource.bulkActions ?? [];
  // A selection belongs to the query it was made on: a new page, filter or reload shows other rows, and
  // acting on rows no longer shown would act unseen.
  const [selected, setSelected] = useState({ query, ids: noneSelected });
  const selectedIds = selected.query === query ? selected.ids : noneSelected;
  const setSelectedIds = useCallback(
    (update: ReadonlySet<string> | ((current: ReadonlySet<string>) => ReadonlySet<string>)) =>
      setSelected((current) => {
        const base = current.query === query ? current.ids : noneSelected;
        return { query, ids: typeof update === 'function' ? update(base) : update };
      }),
    [query],
  );
  const selectedRows = rows.filter((row) => selectedIds.has(rowId(row)));
  const selection: RowSelection<Row> = {
    rows: selectedRows,
    isSelected: (row) => selectedIds.has(rowId(row)),
    toggle: (row) =>
      setSelectedIds((current) => {
        const next = new Set(current);
        if (!next.delete(rowId(row))) next.add(rowId(row));
        return next;
      }),
    clear: () => setSelectedIds(new Set()),
  };
  const rowSelectionModel = useMemo(
    (): GridRowSelectionModel => ({ type: 'include', ids: new Set(selectedIds) }),
    [selectedIds],
  );
  const onRowSelectionModelChange = useCallback(
    (model: GridRowSelectionModel) =>
      setSelectedIds(
        new Set(
          rows.map(rowId).filter((id) => (model.type === 'include' ? model.ids.has(id) : !model.ids.has(id))),
        ),
      ),
    [rows, rowId, setSelectedIds],
  );
  const on = bulkActions.length > 0;

  return {
    selection,
    gridProps: on ? { checkboxSelection: true, rowSelectionModel, onRowSelectionModelChange } : {},
    checkbox: (row) =>
      on ? (
        <Checkbox
          key="select"
          checked={selection.isSelected(row)}
          onChange={() => selection.toggle(row)}
          slotProps={{ input: { 'aria-label': `Select ${resource.recordLabel(row)}` } }}
        />
      ) : null,
    bulkBar:
      on && selectedRows.length > 0 ? (
        <Stack
          direction="row"
          role="toolbar"
          aria-label={`Actions on the selected ${resource.title.toLowerCase()}`}
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
            const allowedRows = selectedRows.filter((row) => allowed(action.ability, row));
            const Icon = action.icon ? iconFor(action.icon) : null;
            return (
              <Button
                key={action.label}
                size="small"
                variant="outlined"
                startIcon={Icon ? <Icon /> : undefined}
                disabled={allowedRows.length === 0}
                onClick={() =>
                  runner.start(action.label, confirmationFor(action.confirm, allowedRows), async () => {
                    await action.run(allowedRows);
                    selection.clear();
                  })
                }
              >
                {action.label} ({allowedRows.length})
              </Button>
            );
          })}
          <Button size="small" onClick={selection.clear}>
            Clear selection
          </Button>
        </Stack>
      ) : null,
  };
}
