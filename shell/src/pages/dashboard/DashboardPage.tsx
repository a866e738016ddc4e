import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
  type Theme,
} from '@console/shared-sdk/mui';
import { useMemo, useState, type ReactElement } from 'react';
import { Link as RouterLink, useSearchParams } from '@console/shared-sdk/router';
import { useAbility, useDocumentTitle, useSession } from '@console/shared-sdk';
import { consoleIcons } from '@console/shared-sdk/icons';
import {
  DataGrid,
  EmptyState,
  ErrorState,
  ResourceCards,
  useResourceGrid,
  viewEntries,
  type ResourceGridOptions,
} from '@console/shared-sdk/ui';
import { overview, summaryOf, type OverviewSite } from './portfolio';
import { MinuteClock, useOpenSite } from './portfolio-figures';
import { AreaSummary, TotalsLine } from './PortfolioTotals';

// The overview of every site: the organisation admin's landing, for a handful of sites or for
// hundreds. One dense row per site on the kit's grid (a compact card on a phone), the API sorting,
// filtering, searching and paging it, most attention first; above it, every matching site's totals, and
// grouped by area, each area's.

/** `?group=area`: the areas' totals shown above the list. */
const groupParam = 'group';

/** A row of a site that needs looking at now is marked at its start, as a card is by its edge. */
const attentionClass = 'needs-attention';
const rowClassName = ({ row }: { row: OverviewSite }) => (row.attention > 0 ? attentionClass : '');

const gridLook = {
  cursor: 'pointer',
  // Nine columns beside the menu at 1440 px: 6 px of padding a side rather than 10 (see portfolio.tsx).
  // (Not the grid's empty filler cell at the end of a row, which must stay without width.)
  '& .MuiDataGrid-cell:not(.MuiDataGrid-cellEmpty), & .MuiDataGrid-columnHeader': { px: 0.75 },
  [`& .${attentionClass} .MuiDataGrid-cell[data-colindex="0"]`]: {
    boxShadow: (theme: Theme) => `inset 4px 0 0 ${theme.palette.error.main}`,
  },
} as const;

export interface DashboardPageProps {
  /** Passed to the grid as they are (in tests: no virtualisation, no measuring). */
  gridProps?: ResourceGridOptions<OverviewSite>['gridProps'];
}

/** The all-sites overview: each site's day, most attention first. */
export function DashboardPage({ gridProps }: DashboardPageProps = {}) {
  useDocumentTitle('Dashboard');
  const firstName = useSession((s) => s.userData?.firstName);
  const ability = useAbility();
  const theme = useTheme();
  // Below md the grid's columns would not fit beside each other: a card per site instead. noSsr: the first
  // render already knows the width, so the grid does not flash before the cards.
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const openSite = useOpenSite();
  const grid = useResourceGrid(overview, {
    gridProps: {
      pageSizeOptions: [25, 50, 100],
      getRowClassName: rowClassName,
      // A header's menu (sort, hide a column) would take the room of its words; a click sorts.
      disableColumnMenu: true,
      // The whole row opens the site's dashboard, as its name does; its figures open their own lists.
      onRowClick: ({ row }, event) => {
        if (event.target instanceof Element && event.target.closest('a, button')) return;
        openSite(row);
      },
      sx: gridLook,
      ...gridProps,
    },
  });
  const { list, narrowed } = grid;
  const summary = useMemo(() => summaryOf(list.answer), [list.answer]);
  const [params, setParams] = useSearchParams();
  const grouped = params.get(groupParam) === 'area';
  const setGrouped = (group: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (group) next.set(groupParam, 'area');
        else next.delete(groupParam);
        return next;
      },
      { replace: true },
    );

  // Cards append pages and the grid shows one: switching between them starts again at page 1.
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    setWasNarrow(narrow);
    list.setPage(1);
  }

  const empty = list.settled && !list.loading && !list.error && list.records === 0;
  const noSites = empty && !narrowed;
  const clearFilters = () => {
    list.setSearch('');
    list.setFilters({ areaID: undefined, band: undefined, needsAttention: undefined });
  };
  const areaID = list.query.filters.areaID;
  const hasAreas = (summary?.areas.length ?? 0) > 0;

  let content: ReactElement;
  if (list.error) {
    content = <ErrorState message="Your sites could not be loaded." onRetry={list.reload} />;
  } else if (noSites) {
    content = ability.can('create', 'Site') ? (
      <EmptyState
        message="No sites yet. Add your first site to start scheduling checks."
        action={
          <Button variant="contained" component={RouterLink} to="/dashboard/sites?create">
            Add a site
          </Button>
        }
      />
    ) : (
      <EmptyState message="No sites yet. An organisation admin adds sites and makes you an admin of yours." />
    );
  } else if (empty) {
    content = (
      <EmptyState
        message="No sites match these filters."
        action={
          <Button variant="outlined" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (narrow) {
    const OpenIcon = consoleIcons.dashboard;
    content = (
      <ResourceCards
        rows={list.rows}
        getId={grid.rowId}
        title={overview.recordLabel}
        entries={(site) => viewEntries({ view: overview.card, columns: overview.columns }, site)}
        actions={(site) => (
          <Tooltip title="Open its dashboard">
            <IconButton aria-label={`Open the dashboard of ${site.name}`} onClick={() => openSite(site)}>
              <OpenIcon />
            </IconButton>
          </Tooltip>
        )}
        loading={list.loading}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        records={list.records}
      />
    );
  } else {
    content = <DataGrid<OverviewSite> {...grid.gridProps} />;
  }

  return (
    <MinuteClock>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1">
            {firstName ? `Welcome, ${firstName}` : 'Dashboard'}
          </Typography>
          <Typography color="text.secondary">
            Today at your sites, in each site&apos;s local time. Overdue tasks, failed readings, offline
            sensors, open near misses, expired documents and overdue corrective actions come first.
          </Typography>
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Stack spacing={2}>
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
            >
              <Typography variant="h5" component="h2">
                Your sites today
              </Typography>
              {hasAreas && (
                <FormControlLabel
                  label="Group by area"
                  control={
                    <Switch checked={grouped} onChange={(event) => setGrouped(event.target.checked)} />
                  }
                />
              )}
            </Stack>
            {summary && !noSites && <TotalsLine totals={summary.totals} narrowed={narrowed} />}
            {summary && grouped && hasAreas && (
              <AreaSummary
                areas={summary.areas}
                chosen={typeof areaID === 'string' ? areaID : undefined}
                onChoose={(chosen) => list.setFilters({ areaID: chosen })}
              />
            )}
            {!noSites && grid.filterBar}
            {content}
          </Stack>
        </Paper>
      </Stack>
      {grid.modals}
    </MinuteClock>
  );
}
