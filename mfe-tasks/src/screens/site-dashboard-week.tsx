import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Grid,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';
import type { DashboardDay } from '@console/shared-sdk/tasks';
import { dashboardColors, LtrText, useSiteFormat } from '@console/shared-sdk/ui';
import {
  barOrder,
  bucketProgress,
  bucketShortWords,
  dayCount,
  dayTaskListLink,
  hoursLabel,
  shortDate,
  weekdayName,
} from './site-dashboard-model';

/** The day's tasks as one bar split by bucket; empty (an outline) on a day without tasks. */
function DayBar({ day }: { day: DashboardDay }) {
  return (
    <Box
      // The counts in words beside it say the same, and make the link's name.
      aria-hidden
      sx={{
        display: 'flex',
        height: 12,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {day.due > 0 &&
        barOrder.map((bucket) => {
          const count = dayCount(day, bucket);
          if (count === 0) return null;
          return (
            <Box
              key={bucket}
              sx={{ flexGrow: count, flexBasis: 0, bgcolor: dashboardColors[bucketProgress[bucket]].color }}
            />
          );
        })}
    </Box>
  );
}

/** The day's counts in words, each beside its bucket's shape, so the bar is never read by colour alone. */
function DayCounts({ day }: { day: DashboardDay }) {
  if (day.due === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No tasks
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {barOrder.map((bucket) => {
        const { color, Icon } = dashboardColors[bucketProgress[bucket]];
        return (
          <Stack key={bucket} component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Icon aria-hidden sx={{ fontSize: 16, color }} />
            <Typography variant="body2">
              <LtrText>
                {dayCount(day, bucket)} {bucketShortWords[bucket]}
              </LtrText>
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** One local day: its date, its hours, where its tasks stand; it opens that day's task list. */
function DayCard({ day, isToday }: { day: DashboardDay; isToday: boolean }) {
  const format = useSiteFormat();
  const hours = hoursLabel(day, format);
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        // A second line of the outline inside, so today's card keeps the others' size.
        ...(isToday && {
          borderColor: 'primary.main',
          boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}`,
        }),
        ...(!day.isOpen && { bgcolor: 'action.hover' }),
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={dayTaskListLink(day.date)}
        aria-current={isToday ? 'date' : undefined}
        sx={{ height: '100%', display: 'flex', alignItems: 'stretch' }}
      >
        <CardContent sx={{ width: '100%' }}>
          <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
            <Box>
              <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
                {weekdayName(day.date, format)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {shortDate(day.date, format)}
              </Typography>
            </Box>
            {isToday && <Chip size="small" color="primary" label="Today" />}
          </Stack>
          <Typography
            variant="body2"
            sx={{ mt: 1, mb: 1.5, fontWeight: day.isOpen ? 400 : 600 }}
            color={day.isOpen ? 'text.primary' : 'text.secondary'}
          >
            <LtrText>{hours}</LtrText>
          </Typography>
          <DayBar day={day} />
          <Box sx={{ mt: 1 }}>
            <DayCounts day={day} />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * The weekly schedule: a column a day on a wide screen (a row of seven), wrapping to fewer on narrower
 * ones. Today, in the site's zone, is outlined and marked.
 */
export function WeekSchedule({ days, today }: { days: readonly DashboardDay[]; today: string }) {
  return (
    <Grid
      container
      spacing={1.5}
      columns={{ xs: 2, md: 4, lg: 7 }}
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {days.map((day) => (
        <Grid key={day.date} size={1} component="li">
          <DayCard day={day} isToday={day.date === today} />
        </Grid>
      ))}
    </Grid>
  );
}
