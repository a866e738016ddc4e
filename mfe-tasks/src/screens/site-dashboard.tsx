import { useEffect, useState } from 'react';
import { Box, Button, Grid, IconButton, Skeleton, Stack, Tooltip, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink, useSearchParams } from '@console/shared-sdk/router';
import { Can, useDocumentTitle, useRead, useSelectedSite } from '@console/shared-sdk';
import { consoleIcons } from '@console/shared-sdk/icons';
import { taskDashboardApi, type SiteDashboard } from '@console/shared-sdk/tasks';
import { addDays, EmptyState, ErrorState, LtrText, todayIn, useSiteFormat } from '@console/shared-sdk/ui';
import { DashboardActions, DashboardAttention, useSeesCorrectiveActions } from './site-dashboard-attention';
import { DashboardMetrics } from './site-dashboard-metrics';
import { chosenWeek, rangeLabel, weekOf, type DayRange } from './site-dashboard-model';
import { WeekSchedule } from './site-dashboard-week';

// The site dashboard (spec section 2): for the selected site and one week of its calendar, the four task
// buckets of DOMAIN.md and the weekly schedule. The week is in the URL (`?week=` any of its dates, left out
// for the current week), so Back and a shared link show the same week.

/** How often the numbers are asked again while the page is open: tasks fall due as the clock moves. */
const refreshEvery = 60_000;

/** The clock, moved on every minute while the page is visible; `tick` counts the moves. */
function useMinuteClock() {
  const [clock, setClock] = useState(() => ({ now: new Date(), tick: 0 }));
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      setClock(({ tick }) => ({ now: new Date(), tick: tick + 1 }));
    }, refreshEvery);
    return () => clearInterval(timer);
  }, []);
  return clock;
}

/**
 * One site's dashboard for one range, read again on Retry and each minute. A new site or range shows
 * loading; a refresh of what is on screen is quiet and keeps the numbers when it fails, so a connection
 * that drops for a minute does not raise a pop-up every minute. A first load that fails leaves the HTTP
 * layer's pop-up and the caller's Retry.
 */
function useSiteDashboard(siteID: string | null, range: DayRange, tick: number) {
  const read = useRead<SiteDashboard>(
    siteID ? ['Task', 'site-dashboard', siteID, range.startDate, range.endDate] : null,
    (signal, shown) =>
      taskDashboardApi.site(
        { siteID: siteID ?? '', startDate: range.startDate, endDate: range.endDate },
        { signal, quiet: shown !== undefined },
      ),
  );
  const { reload } = read;
  useEffect(() => {
    if (tick > 0) reload();
  }, [tick, reload]);
  return {
    dashboard: read.data ?? null,
    failed: read.error !== null && read.data === undefined && !read.reading,
    retry: reload,
  };
}

/** Previous week, this week, next week: the site's weeks, Monday to Sunday. */
function WeekNavigation({
  week,
  currentWeek,
  onChange,
}: {
  week: DayRange;
  currentWeek: DayRange;
  onChange: (week: DayRange) => void;
}) {
  const format = useSiteFormat();
  const Previous = consoleIcons.previous;
  const Next = consoleIcons.next;
  const previous = weekOf(addDays(week.startDate, -7));
  const next = weekOf(addDays(week.startDate, 7));
  return (
    <Stack direction="row" role="group" aria-label="Week" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Tooltip title={`Previous week (${rangeLabel(previous, format)})`}>
        <IconButton
          aria-label={`Previous week, ${rangeLabel(previous, format)}`}
          onClick={() => onChange(previous)}
        >
          <Previous />
        </IconButton>
      </Tooltip>
      <Button
        size="small"
        onClick={() => onChange(currentWeek)}
        disabled={week.startDate === currentWeek.startDate}
      >
        This week
      </Button>
      <Tooltip title={`Next week (${rangeLabel(next, format)})`}>
        <IconButton aria-label={`Next week, ${rangeLabel(next, format)}`} onClick={() => onChange(next)}>
          <Next />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The page's shape while its numbers load. */
function DashboardLoading() {
  return (
    <Stack spacing={3} role="status" aria-busy="true" aria-label="Loading the site dashboard">
      <Grid container spacing={2}>
        {[0, 1, 2, 3].map((key) => (
          <Grid key={key} size={{ xs: 6, lg: 3 }}>
            <Skeleton variant="rounded" height={132} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={1.5} columns={{ xs: 2, md: 4, lg: 7 }}>
        {[0, 1, 2, 3, 4, 5, 6].map((key) => (
          <Grid key={key} size={1}>
            <Skeleton variant="rounded" height={180} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

/** No tasks in the week: where to add some. */
function NoTasks() {
  return (
    <EmptyState
      message="No tasks scheduled this week. Add a task or import a checklist from the library."
      action={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
          <Can I="create" a="MasterTask">
            <Button component={RouterLink} to="/dashboard/task" variant="contained">
              Add a task
            </Button>
          </Can>
          <Can I="create" a="Template">
            <Button component={RouterLink} to="/dashboard/templates">
              Import from the library
            </Button>
          </Can>
        </Stack>
      }
    />
  );
}

/** `/dashboard` while a site is selected: where the site's tasks stand this week, and its hours. */
export function SiteDashboardScreen() {
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const siteName = useSelectedSite((s) => s.selectedSiteLabel);
  const format = useSiteFormat();
  const timeZone = format.zone;
  const { now, tick } = useMinuteClock();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(siteName ? `${siteName} · Dashboard` : 'Site dashboard');

  const today = todayIn(timeZone, now);
  const currentWeek = weekOf(today);
  const week = chosenWeek(searchParams.get('week'), today);
  const { dashboard, failed, retry } = useSiteDashboard(siteID, week, tick);
  const seesActions = useSeesCorrectiveActions();

  const showWeek = (next: DayRange) =>
    setSearchParams((params) => {
      const kept = new URLSearchParams(params);
      if (next.startDate === currentWeek.startDate) kept.delete('week');
      else kept.set('week', next.startDate);
      return kept;
    });

  if (siteID === null) return <EmptyState message="Choose a site to see its dashboard." />;

  const taskCount = dashboard ? Object.values(dashboard.buckets).reduce((sum, count) => sum + count, 0) : 0;
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between', gap: 1 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {siteName ?? 'Site dashboard'}
          </Typography>
          <Typography color="text.secondary">
            <LtrText>
              {rangeLabel(week, format)} · times in {timeZone}
            </LtrText>
          </Typography>
        </Box>
        <WeekNavigation week={week} currentWeek={currentWeek} onChange={showWeek} />
      </Stack>

      {failed && <ErrorState message="The site dashboard could not be loaded." onRetry={retry} />}
      {!failed && !dashboard && <DashboardLoading />}
      {dashboard && (
        <>
          <Box component="section" aria-labelledby="site-dashboard-tasks">
            <Typography id="site-dashboard-tasks" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Tasks
            </Typography>
            {taskCount === 0 ? <NoTasks /> : <DashboardMetrics dashboard={dashboard} />}
          </Box>
          <Box component="section" aria-labelledby="site-dashboard-schedule">
            <Typography id="site-dashboard-schedule" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Weekly schedule
            </Typography>
            <WeekSchedule days={dashboard.days} today={today} />
          </Box>
          {seesActions && (
            <Box component="section" aria-labelledby="site-dashboard-actions">
              <Typography id="site-dashboard-actions" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                Corrective actions
              </Typography>
              <DashboardActions dashboard={dashboard} siteID={siteID} />
            </Box>
          )}
          <Box component="section" aria-labelledby="site-dashboard-logs">
            <Typography id="site-dashboard-logs" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Logs and documents
            </Typography>
            <DashboardAttention dashboard={dashboard} siteID={siteID} />
          </Box>
        </>
      )}
    </Stack>
  );
}
