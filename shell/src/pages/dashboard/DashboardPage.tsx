import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@console/shared-sdk/mui';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from '@console/shared-sdk/router';
import {
  Can,
  selectedSite,
  siteChoices,
  siteLabel,
  useAbility,
  useDocumentTitle,
  useRead,
  useSession,
  type SubjectName,
} from '@console/shared-sdk';
import { scoreBandLabels, type ScoreBand } from '@console/shared-sdk/reports';
import { correctiveActionStateLabels, sitesApi, type PortfolioSite } from '@console/shared-sdk/sites';
import { compactCell, compactNumberCell } from '@console/shared-sdk/report-kit';
import { LtrText, useSiteFormat } from '@console/shared-sdk/ui';
import { useSiteDashboard } from '../../app/RemoteRoutes';
import { useDashboardView } from './dashboard-view';
import { hoursStatus, todaysHours } from './hours';

// The portfolio (issue 25): with no site chosen, every site the user may see with its day, most attention
// first (the API's order), so an organisation admin of fifty sites sees at a glance where to look. Each
// figure opens its list for that site: the link chooses the site, which every site-scoped list follows.

/** Re-render every minute so "open now" follows the clock. */
function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const bandColors: Record<ScoreBand, 'success' | 'warning' | 'error'> = {
  GREEN: 'success',
  AMBER: 'warning',
  RED: 'error',
};

/** One figure of a site's day: what it counts, how it reads, and the list it opens. */
interface Figure {
  key: string;
  /** The list's subject: without read access the figure shows, unlinked. */
  subject: SubjectName;
  /** How the figure reads in its cell. */
  text(site: PortfolioSite): ReactNode;
  /** What the link says to a screen reader, naming the site. */
  label(site: PortfolioSite): string;
  to(site: PortfolioSite): string;
  /** Red and bold: something to act on now. */
  alarming?(site: PortfolioSite): boolean;
  /** Muted: nothing to see. */
  quiet?(site: PortfolioSite): boolean;
}

/**
 * A column of the overview: one figure, or a few stacked in one cell, each shown only while it counts
 * something and `none` in their place when none does (the corrective actions by where they stand, which as
 * three columns of mostly zeros would push the table past the page).
 */
interface Column {
  key: string;
  header: string;
  figures: readonly (Figure & { count?(site: PortfolioSite): number })[];
  none?: Figure;
}

/** The figures a column shows for a site. */
function shownFigures(column: Column, site: PortfolioSite): readonly Figure[] {
  if (column.figures.length === 1) return column.figures;
  const counting = column.figures.filter((figure) => (figure.count?.(site) ?? 1) > 0);
  return counting.length > 0 || !column.none ? counting : [column.none];
}

const one = ({ header, ...figure }: Figure & { header: string }): Column => ({
  key: figure.key,
  header,
  figures: [figure],
});

function ScoreChip({ week }: { week: PortfolioSite['week'] }) {
  if (week.score === null || week.band === null)
    return <Chip size="small" variant="outlined" label="Nothing due yet" />;
  return (
    <Chip
      size="small"
      color={bandColors[week.band]}
      label={<LtrText>{`${week.score} · ${scoreBandLabels[week.band]}`}</LtrText>}
      sx={{ cursor: 'inherit' }}
    />
  );
}

/** The site's corrective actions screen, filtered as its list keeps its filters in its URL. */
const actionsLink = (siteID: string, filter: Record<string, string> = {}) =>
  `/dashboard/correctiveAction?${new URLSearchParams({ ...filter, siteID }).toString()}`;

const actionCount = (count: number) => plural(count, 'corrective action', 'corrective actions');

/** The states counted, in the contract's words, within a sentence. */
const awaitingAction = correctiveActionStateLabels.OPEN.toLowerCase();
const awaitingVerification = correctiveActionStateLabels.ACTION_RECORDED.toLowerCase();

/** The corrective actions by where they stand; the overdue ones red, as they reach the admins. */
const actionsColumn: Column = {
  key: 'correctiveActions',
  header: 'Corrective actions',
  figures: [
    {
      key: 'actionsAwaitingAction',
      subject: 'CorrectiveAction',
      count: (site) => site.actionsAwaitingAction,
      text: (site) => <LtrText>{`${site.actionsAwaitingAction} ${awaitingAction}`}</LtrText>,
      label: ({ actionsAwaitingAction, name }) =>
        `${actionCount(actionsAwaitingAction)} ${awaitingAction} at ${name}`,
      to: ({ siteID }) => actionsLink(siteID, { state: 'OPEN' }),
    },
    {
      key: 'actionsOverdue',
      subject: 'CorrectiveAction',
      count: (site) => site.actionsOverdue,
      text: (site) => <LtrText>{`${site.actionsOverdue} overdue`}</LtrText>,
      label: ({ actionsOverdue, name }) => `${actionCount(actionsOverdue)} overdue at ${name}`,
      to: ({ siteID }) => actionsLink(siteID, { overdue: 'true' }),
      alarming: () => true,
    },
    {
      key: 'actionsAwaitingVerification',
      subject: 'CorrectiveAction',
      count: (site) => site.actionsAwaitingVerification,
      text: (site) => <LtrText>{`${site.actionsAwaitingVerification} ${awaitingVerification}`}</LtrText>,
      label: ({ actionsAwaitingVerification, name }) =>
        `${actionCount(actionsAwaitingVerification)} ${awaitingVerification} at ${name}`,
      to: ({ siteID }) => actionsLink(siteID, { state: 'ACTION_RECORDED' }),
    },
  ],
  none: {
    key: 'noActions',
    subject: 'CorrectiveAction',
    text: () => 'None',
    label: ({ name }) => `No corrective actions to do or to verify at ${name}`,
    to: ({ siteID }) => actionsLink(siteID),
    quiet: () => true,
  },
};

const columns: readonly Column[] = [
  one({
    key: 'tasks',
    header: 'Tasks done',
    subject: 'Task',
    text: ({ tasks }) => <LtrText>{`${tasks.done} of ${tasks.due}`}</LtrText>,
    label: ({ tasks, name }) =>
      `${tasks.done} of ${plural(tasks.due, 'task', 'tasks')} done today at ${name}`,
    to: ({ date }) => `/dashboard/task?taskListDate=${date}`,
    quiet: ({ tasks }) => tasks.due === 0,
  }),
  one({
    key: 'overdue',
    header: 'Overdue',
    subject: 'Task',
    text: ({ tasks }) => tasks.overdue,
    label: ({ tasks, name }) => `${plural(tasks.overdue, 'task', 'tasks')} overdue today at ${name}`,
    to: ({ date }) => `/dashboard/task?taskListDate=${date}&status=INCOMPLETE`,
    alarming: ({ tasks }) => tasks.overdue > 0,
    quiet: ({ tasks }) => tasks.overdue === 0,
  }),
  one({
    key: 'temperatureFailures',
    header: 'Failed readings',
    subject: 'TemperatureLog',
    text: (site) => site.temperatureFailures,
    label: ({ temperatureFailures, name }) =>
      `${plural(temperatureFailures, 'failed temperature reading', 'failed temperature readings')} today at ${name}`,
    to: ({ date }) => `/dashboard/temperatureLog?result=FAIL&startDate=${date}&endDate=${date}`,
    alarming: (site) => site.temperatureFailures > 0,
    quiet: (site) => site.temperatureFailures === 0,
  }),
  one({
    key: 'openNearMisses',
    header: 'Open near misses',
    subject: 'NearMiss',
    text: (site) => site.openNearMisses,
    label: ({ openNearMisses, name }) =>
      `${plural(openNearMisses, 'near miss', 'near misses')} open at ${name}`,
    to: () => '/dashboard/nearMiss',
    alarming: (site) => site.openNearMisses > 0,
    quiet: (site) => site.openNearMisses === 0,
  }),
  actionsColumn,
  one({
    key: 'documentsExpired',
    header: 'Documents expired',
    subject: 'Document',
    text: (site) => site.documentsExpired,
    label: ({ documentsExpired, name }) =>
      `${plural(documentsExpired, 'document has', 'documents have')} expired at ${name}`,
    to: () => '/dashboard/documentmanagement?expiry=EXPIRED',
    alarming: (site) => site.documentsExpired > 0,
    quiet: (site) => site.documentsExpired === 0,
  }),
  one({
    key: 'documentsExpiring',
    header: 'Expiring in 30 days',
    subject: 'Document',
    text: (site) => site.documentsExpiring,
    label: ({ documentsExpiring, name }) =>
      `${plural(documentsExpiring, 'document expires', 'documents expire')} within 30 days at ${name}`,
    to: () => '/dashboard/documentmanagement?expiring=30',
    quiet: (site) => site.documentsExpiring === 0,
  }),
  one({
    key: 'week',
    header: 'This week',
    subject: 'ScoreReport',
    text: ({ week }) => <ScoreChip week={week} />,
    label: ({ week, name }) =>
      week.score === null || week.band === null
        ? `Nothing due yet this week at ${name}`
        : `This week's score at ${name}: ${week.score}, ${scoreBandLabels[week.band]}`,
    to: ({ siteID }) => `/dashboard/reports?site=${siteID}`,
  }),
];

/** A column's cell: its figure, or its figures one under another. */
function ColumnCell({ column, site }: { column: Column; site: PortfolioSite }) {
  const shown = shownFigures(column, site);
  if (shown.length === 1) return <FigureLink figure={shown[0]!} site={site} />;
  return (
    <Stack sx={{ alignItems: 'flex-end' }}>
      {shown.map((figure) => (
        <FigureLink key={figure.key} figure={figure} site={site} />
      ))}
    </Stack>
  );
}

/**
 * The site as the site selector keeps it: its option in the selector's list, else what the portfolio says,
 * which carries the unit and the locale the site's screens write in too.
 */
const chosenSite = (site: PortfolioSite) =>
  siteChoices.get().sites.find((option) => option._id === site.siteID) ?? {
    _id: site.siteID,
    name: site.name,
    location: site.location,
    timeZoneId: site.timeZoneId,
    temperatureUnit: site.temperatureUnit,
    locale: site.locale,
  };

/**
 * At least the 24 × 24 px a pointer or a finger needs to hit (WCAG 2.2, target size): a figure is often one
 * digit, which as bare text made a link 10 px wide and 19 px high.
 */
const targetSx = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 24,
  minHeight: 24,
} as const;

/** A figure as a link to its list, which opens for the figure's site. */
function FigureLink({ figure, site }: { figure: Figure; site: PortfolioSite }) {
  const ability = useAbility();
  const alarming = figure.alarming?.(site) ?? false;
  const sx = {
    fontWeight: alarming ? 700 : 400,
    color: alarming ? 'error.main' : figure.quiet?.(site) ? 'text.secondary' : undefined,
  };
  if (!ability.can('read', figure.subject))
    return (
      <Box component="span" sx={sx}>
        {figure.text(site)}
      </Box>
    );
  return (
    <Link
      component={RouterLink}
      to={figure.to(site)}
      onClick={() => selectedSite.select(chosenSite(site))}
      aria-label={figure.label(site)}
      underline="hover"
      sx={{ ...sx, ...targetSx }}
    >
      {figure.text(site)}
    </Link>
  );
}

/** The site's name, leading to its dashboard (or its record), and how it stands now. */
function SiteHeading({ site, now }: { site: PortfolioSite; now: Date }) {
  const navigate = useNavigate();
  // With a site dashboard, the name opens the site's dashboard; otherwise the site's record.
  const siteDashboard = useSiteDashboard().remote !== null;
  const setAllSites = useDashboardView((s) => s.setAllSites);
  // Each site's hours on its own clock: "8:00 AM–11:00 PM" in New York, "08:00–23:00" in London.
  const format = useSiteFormat({ unit: site.temperatureUnit, zone: site.timeZoneId, locale: site.locale });
  const today = todaysHours(site.timing, site.timeZoneId, format, now);
  const status = hoursStatus(today, format);
  const place = [site.location.city, site.location.country].filter(Boolean).join(', ');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component="button"
        type="button"
        underline="hover"
        sx={{ fontWeight: 600, textAlign: 'start', minHeight: targetSx.minHeight }}
        aria-label={`${siteLabel(site)}: ${status}`}
        onClick={() => {
          selectedSite.select(chosenSite(site));
          if (siteDashboard) setAllSites(false);
          else navigate('/dashboard/sites');
        }}
      >
        {site.name}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {place ? `${place} · ` : ''}
        {today.hours === null ? 'Closed today' : <LtrText>{today.hours}</LtrText>} · {status}
      </Typography>
    </Box>
  );
}

/** Wide screens: one row per site, a column per figure. */
function PortfolioTable({ sites, now }: { sites: readonly PortfolioSite[]; now: Date }) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{ borderCollapse: 'collapse', width: '100%' }}
        aria-label="Your sites today, most attention first"
      >
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...compactCell, fontWeight: 600, pl: 2 }}>
              Site
            </Box>
            {columns.map((column) => (
              <Box
                component="th"
                scope="col"
                key={column.key}
                sx={{ ...compactNumberCell, fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {column.header}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {sites.map((site) => (
            <Box
              component="tr"
              key={site.siteID}
              sx={{
                boxShadow: (theme) =>
                  site.attention > 0 ? `inset 4px 0 ${theme.palette.error.main}` : 'none',
              }}
            >
              <Box component="th" scope="row" sx={{ ...compactCell, fontWeight: 400, pl: 2 }}>
                <SiteHeading site={site} now={now} />
              </Box>
              {columns.map((column) => (
                <Box component="td" key={column.key} sx={{ ...compactNumberCell, whiteSpace: 'nowrap' }}>
                  <ColumnCell column={column} site={site} />
                </Box>
              ))}
            </Box>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}

/** Narrow screens: a card per site, its figures two to a row. */
function PortfolioCards({ sites, now }: { sites: readonly PortfolioSite[]; now: Date }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Your sites today">
      {sites.map((site) => (
        <Paper
          component="li"
          variant="outlined"
          key={site.siteID}
          sx={{ p: 1.5, borderLeft: 4, borderLeftColor: site.attention > 0 ? 'error.main' : 'divider' }}
        >
          <SiteHeading site={site} now={now} />
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
          >
            {columns.map((column) => (
              <Box key={column.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.header}
                </Typography>
                <Box component="dd" sx={{ m: 0, textAlign: 'end' }}>
                  <ColumnCell column={column} site={site} />
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The corrective actions of every site together, in words ("5 corrective actions awaiting action, 2 of them
 * overdue; 1 awaiting verification"), or null while there are none.
 */
function actionTotals(sites: readonly PortfolioSite[]): { words: string; overdue: number } | null {
  const sum = (count: (site: PortfolioSite) => number) =>
    sites.reduce((total, site) => total + count(site), 0);
  const open = sum((site) => site.actionsAwaitingAction);
  const overdue = sum((site) => site.actionsOverdue);
  const recorded = sum((site) => site.actionsAwaitingVerification);
  if (open + recorded === 0) return null;
  const parts = [
    open > 0 && `${actionCount(open)} ${awaitingAction}${overdue > 0 ? `, ${overdue} of them overdue` : ''}`,
    recorded > 0 && `${open > 0 ? recorded : actionCount(recorded)} ${awaitingVerification}`,
  ].filter(Boolean);
  return { words: `Across your sites: ${parts.join('; ')}.`, overdue };
}

/** The all-sites overview: each site's day, most attention first. */
export function DashboardPage() {
  const firstName = useSession((s) => s.userData?.firstName);
  const orgId = useSession((s) => s.orgId);
  const now = useMinuteClock();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  useDocumentTitle('Dashboard');
  // Under the sites' subject, so a change on the sites screen shows here too.
  const {
    data: portfolio,
    error,
    reload: load,
  } = useRead(['Site', 'portfolio', orgId], (signal) => sitesApi.portfolio({ quiet: true, signal }));
  const failed = error !== null && portfolio === undefined;
  const sites = portfolio?.list;
  const needingAttention = sites?.filter((site) => site.attention > 0).length ?? 0;
  const actions = actionTotals(sites ?? []);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {firstName ? `Welcome, ${firstName}` : 'Dashboard'}
        </Typography>
        <Typography color="text.secondary">
          {sites && sites.length > 0 ? (
            // Opening with a number, the sentence would start at the other end on a right-to-left page.
            <LtrText>
              {`${plural(sites.length, 'site', 'sites')} today, ${needingAttention} needing attention, in each site's local time. Overdue tasks, failed readings, open near misses, expired documents and overdue corrective actions come first.`}
            </LtrText>
          ) : (
            "Today at your sites, in each site's local time."
          )}
        </Typography>
        {actions && (
          <Typography color={actions.overdue > 0 ? 'error' : 'text.secondary'}>
            <LtrText>{actions.words}</LtrText>
          </Typography>
        )}
      </Box>
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              Retry
            </Button>
          }
        >
          The sites could not be loaded.
        </Alert>
      )}
      {sites === undefined && !failed && (
        <Stack spacing={1} aria-busy="true" aria-label="Loading sites">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={56} />
          ))}
        </Stack>
      )}
      {sites?.length === 0 && (
        <Alert
          severity="info"
          action={
            <Can I="create" a="Site">
              <Button component={RouterLink} to="/dashboard/sites" color="inherit" size="small">
                Add a site
              </Button>
            </Can>
          }
        >
          No sites yet. Add your first site to start scheduling checks.
        </Alert>
      )}
      {sites &&
        sites.length > 0 &&
        (narrow ? <PortfolioCards sites={sites} now={now} /> : <PortfolioTable sites={sites} now={now} />)}
    </Stack>
  );
}
