import { useId } from 'react';
import { Box, Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';
import type { SiteDashboard } from '@console/shared-sdk/tasks';
import { dashboardColors } from '@console/shared-sdk/ui';
import {
  bucketExplanations,
  bucketProgress,
  dashboardBuckets,
  taskListLink,
  type DashboardBucket,
} from './site-dashboard-model';

/** One bucket's count over the range, in its colour and shape, leading to those tasks in the task list. */
function MetricCard({ bucket, dashboard }: { bucket: DashboardBucket; dashboard: SiteDashboard }) {
  const explanationId = useId();
  const { label, color, contrastText, Icon } = dashboardColors[bucketProgress[bucket]];
  const count = dashboard.buckets[bucket];
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderTop: 4, borderTopColor: color }}
    >
      <CardActionArea
        component={RouterLink}
        to={taskListLink(bucket, dashboard)}
        aria-describedby={explanationId}
        sx={{ flexGrow: 1 }}
      >
        <CardContent sx={{ pb: 0 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Box
              aria-hidden
              sx={{
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                width: 48,
                height: 48,
                borderRadius: '50%',
                bgcolor: color,
                color: contrastText,
              }}
            >
              <Icon />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h3" component="p" sx={{ fontWeight: 600, lineHeight: 1.1 }}>
                {count}
              </Typography>
              <Typography sx={{ fontWeight: 500 }}>{label}</Typography>
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
      {/* Outside the link, which is named by what it shows ("17 Completed on time") and described by this. */}
      <CardContent sx={{ pt: 1.5 }}>
        <Typography id={explanationId} variant="body2" color="text.secondary">
          {bucketExplanations[bucket]}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The four metrics of spec section 2, side by side on a wide screen and stacked on a phone. */
export function DashboardMetrics({ dashboard }: { dashboard: SiteDashboard }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {dashboardBuckets.map((bucket) => (
        <Grid key={bucket} size={{ xs: 6, lg: 3 }} component="li">
          <MetricCard bucket={bucket} dashboard={dashboard} />
        </Grid>
      ))}
    </Grid>
  );
}
