import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from '@console/shared-sdk/router';
import { Can, selectedSite, siteLabel, useDocumentTitle, useRead, useSession } from '@console/shared-sdk';
import { sitesApi, type Site } from '@console/shared-sdk/sites';
import { useSiteDashboard } from '../../app/RemoteRoutes';
import { useDashboardView } from './dashboard-view';
import { todaysHours } from './hours';

/** Re-render every minute so "open now" follows the clock. */
function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SiteCard({ site, now }: { site: Site; now: Date }) {
  const navigate = useNavigate();
  // With a site dashboard, a card opens the site's dashboard; otherwise the site's record.
  const siteDashboard = useSiteDashboard().remote !== null;
  const setAllSites = useDashboardView((s) => s.setAllSites);
  const today = todaysHours(site.timing, site.timeZoneId, now);
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        sx={{ height: '100%' }}
        onClick={() => {
          selectedSite.select(site);
          if (siteDashboard) setAllSites(false);
          else navigate('/dashboard/sites');
        }}
        aria-label={`${siteLabel(site)}: ${today.openNow ? 'open now' : 'closed now'}`}
      >
        <CardContent>
          <Stack
            sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
            direction="row"
            spacing={1}
          >
            <Typography variant="h6" component="h2">
              {site.name}
            </Typography>
            <Chip
              size="small"
              color={today.openNow ? 'success' : 'default'}
              label={today.openNow ? 'Open now' : 'Closed now'}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {[site.city, site.state, site.country].filter(Boolean).join(', ')} · {site.timeZoneId}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5 }}>
            <AccessTimeIcon fontSize="small" color="action" />
            <Typography>
              {today.localDate}: {today.hours ?? 'closed today'}
            </Typography>
          </Stack>
          {today.changesAt && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {today.openNow ? `Closes at ${today.changesAt}` : `Opens at ${today.changesAt}`} local time
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The sites overview: each site's hours today in its own time zone. */
export function DashboardPage() {
  const firstName = useSession((s) => s.userData?.firstName);
  const orgId = useSession((s) => s.orgId);
  const now = useMinuteClock();
  useDocumentTitle('Dashboard');
  // Under the sites' subject, so a change on the sites screen shows here too.
  const {
    data: sites,
    error,
    reload: load,
  } = useRead(['Site', 'overview', orgId], (signal) =>
    sitesApi.list({ sort: 'name', limit: 100 }, { quiet: true, signal }).then((page) => page.list),
  );
  const failed = error !== null && sites === undefined;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {firstName ? `Welcome, ${firstName}` : 'Dashboard'}
        </Typography>
        <Typography color="text.secondary">Today at your sites, in each site's local time.</Typography>
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
        <Grid container spacing={2} aria-busy="true" aria-label="Loading sites">
          {[0, 1, 2].map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={140} />
            </Grid>
          ))}
        </Grid>
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
      {sites && sites.length > 0 && (
        <Grid container spacing={2}>
          {sites.map((site) => (
            <Grid key={site._id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <SiteCard site={site} now={now} />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
