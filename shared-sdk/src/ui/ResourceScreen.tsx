import { Button, Paper, Stack, Typography, useMediaQuery, useTheme } from '@console/shared-sdk/mui';
import { useState, type ReactElement, type ReactNode } from 'react';
import { DataGrid, type DataGridProps } from '@mui/x-data-grid';
import { consoleIcons } from '../icons/index.js';
import type { ResourceDefinition, RowBase } from './declarations.js';
import { viewEntries } from './ResourceDetail.js';
import { ResourceCards } from './ResourceCards.js';
import { EmptyState, ErrorState } from './states.js';
import { useResourceGrid } from './use-resource-grid.js';

export interface ResourceScreenProps<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
  Sort extends string = string,
> {
  resource: ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters, Sort>;
  /** Shown between the heading and the list, e.g. tabs to a related list. */
  children?: ReactNode;
  /** Passed to the DataGrid as they are (density, `disableVirtualization` in tests). */
  gridProps?: Partial<DataGridProps<Row>>;
}

/**
 * A whole list screen from a declaration: heading and Add, search, filters and status tabs, the DataGrid
 * in server mode (below `sm`, compact cards with "Load more" and the same actions), row and bulk actions,
 * loading/empty/error states, and the view, create/edit and confirmation modals, each action shown only
 * when the signed-in user's ability allows it. The query and the open modal are in the URL (it needs a router).
 *
 * Notes for the `api` of a declaration:
 * - `create` and `update` receive `{ quietFor: [400, 409] }` and must pass it to the HTTP layer (the
 *   standard resources do) and throw its ApiError: the form shows those failures under its fields. Any
 *   other failure is left to the HTTP layer's pop-up while the modal stays open.
 * - The HTTP layer toasts the server's success message; the kit adds none of its own.
 */
export function ResourceScreen<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
  Sort extends string = string,
>(props: ResourceScreenProps<Row, Form, CreateInput, UpdateInput, Filters, Sort>) {
  // Two declarations shown in the same place (tabs) are two lists: each starts from its own state rather
  // than inheriting the other's sort or page.
  return <ResourceScreenBody key={resourceKey(props.resource)} {...props} />;
}

/** Tells declarations apart: food items and probes share a subject, and differ by name and params. */
export const resourceKey = (resource: Pick<ResourceDefinition<RowBase>, 'subject' | 'name' | 'params'>) =>
  `${resource.subject}:${resource.name}:${JSON.stringify(resource.params ?? {})}`;

function ResourceScreenBody<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
  Sort extends string,
>({
  resource,
  children,
  gridProps,
}: ResourceScreenProps<Row, Form, CreateInput, UpdateInput, Filters, Sort>) {
  // useTheme falls back to the default theme, so a remote mounted without a ThemeProvider still works.
  // noSsr: the console renders in the browser only, so the first render already knows the screen size
  // (no grid flashing before the cards).
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const grid = useResourceGrid(resource, { gridProps });
  const { list, needsSite, canCreate } = grid;

  // Cards append pages and the grid shows one: switching between them starts again at page 1.
  const [wasSmall, setWasSmall] = useState(small);
  if (wasSmall !== small) {
    setWasSmall(small);
    list.setPage(1);
  }

  const plural = resource.title.toLowerCase();
  const AddIcon = consoleIcons.add;
  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={grid.create}>
      {resource.createLabel ?? `Add ${resource.name}`}
    </Button>
  ) : null;
  const { narrowed } = grid;
  const empty = list.settled && !list.loading && !list.error && list.records === 0;

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
        getId={grid.rowId}
        title={resource.recordLabel}
        entries={(row) =>
          viewEntries({ view: resource.card ?? resource.view, columns: resource.columns }, row)
        }
        actions={grid.rowButtons}
        loading={list.loading}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        records={list.records}
      />
    );
  } else {
    content = <DataGrid<Row> {...grid.gridProps} />;
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
        {grid.statusTabs}
        {grid.filterBar}
        {grid.bulkBar}
        {content}
      </Stack>
      {grid.modals}
    </Paper>
  );
}
