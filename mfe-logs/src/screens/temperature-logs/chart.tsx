import { useRead } from '@console/shared-sdk';
import {
  limitsText,
  temperatureLogApi,
  type TemperatureChartPoint,
  type TemperatureResult,
} from '@console/shared-sdk/logs';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@console/shared-sdk/mui';
import { EmptyState, ErrorState, useSiteFormat } from '@console/shared-sdk/ui';
import { lazy, Suspense, useId } from 'react';
import type { LocalDateRange } from '@console/shared-sdk/report-kit';
import { itemLabel, resultLabel } from './status';

// One item's readings against its limits over the list's dates, in a dialog of its own (a download of its
// own too: the charting library is large and most visits never chart). The limits and the counts are also
// written out, so the chart says what it shows to those who cannot see it. The chart is of the selected
// site's item: its temperatures are in that site's unit, its dates as that site writes them.

// The drawing itself (MUI X Charts) loads only once there is something to draw.
const TemperatureChartPlot = lazy(() =>
  import('./chart-plot').then((m) => ({ default: m.TemperatureChartPlot })),
);

type LimitsOfPoint = Pick<TemperatureChartPoint, 'lowerLimit' | 'upperLimit' | 'warnUpTo'>;

/** The sets of limits the readings were judged by, each with the first reading it applied to. */
export function limitPeriods(points: readonly TemperatureChartPoint[]) {
  const periods: { limits: LimitsOfPoint; from: string }[] = [];
  for (const point of points) {
    const last = periods.at(-1)?.limits;
    if (
      !last ||
      last.lowerLimit !== point.lowerLimit ||
      last.upperLimit !== point.upperLimit ||
      last.warnUpTo !== point.warnUpTo
    ) {
      periods.push({
        limits: { lowerLimit: point.lowerLimit, upperLimit: point.upperLimit, warnUpTo: point.warnUpTo },
        from: point.readAt,
      });
    }
  }
  return periods;
}

function countsText(points: readonly TemperatureChartPoint[]) {
  const count = (result: TemperatureResult) => points.filter((point) => point.result === result).length;
  const parts = (['PASS', 'WARN', 'FAIL'] as const).map(
    (result) => `${count(result)} ${resultLabel(result).toLowerCase()}`,
  );
  return `${points.length} ${points.length === 1 ? 'reading' : 'readings'}: ${parts.join(', ')}`;
}

export interface TemperatureChartDialogProps {
  siteID: string;
  itemID: string;
  /** The item's name until the chart's answer gives it, or null. */
  itemLabel: string | null;
  range: LocalDateRange;
  onClose: () => void;
}

/** "Chart this item": the readings, the limits in force, and what passed, warned and failed. */
export function TemperatureChartDialog({
  siteID,
  itemID,
  itemLabel: knownLabel,
  range,
  onClose,
}: TemperatureChartDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { startDate, endDate } = range;
  const read = useRead(['TemperatureLog', 'chart', siteID, itemID, startDate, endDate], (signal) =>
    temperatureLogApi.chart({ siteID, itemID, startDate, endDate }, { quiet: true, signal }),
  );
  const chart = read.data;
  const format = useSiteFormat({ zone: chart?.timeZoneId });
  const name = chart ? itemLabel(chart.item) : (knownLabel ?? 'Item');
  const dates = `${format.day(range.startDate, 'weekdayDate')} to ${format.day(range.endDate, 'weekdayDate')}`;

  let body;
  if (read.loading) {
    body = (
      <Stack role="status" sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the chart" />
      </Stack>
    );
  } else if (!chart) {
    body = <ErrorState message="Could not load the readings of this item." onRetry={read.reload} />;
  } else if (chart.points.length === 0) {
    body = (
      <EmptyState message="No readings of this item between these dates. Choose other dates above the list." />
    );
  } else {
    const periods = limitPeriods(chart.points);
    body = (
      <Stack spacing={2}>
        <Box component="dl" sx={{ m: 0 }} aria-label="Limits in force">
          <Typography component="dt" variant="body2" color="text.secondary">
            {periods.length === 1 ? 'Limits in force' : 'Limits in force (they changed in these dates)'}
          </Typography>
          {periods.map((period) => (
            <Typography component="dd" variant="body2" key={period.from} sx={{ m: 0 }}>
              {limitsText(period.limits, format.unit)}
              {periods.length > 1 && ` from ${format.instant(period.from, 'date')}`}
            </Typography>
          ))}
        </Box>
        <Typography variant="body2" role="status">
          {countsText(chart.points)}
          {chart.truncated && ` (the newest ${chart.points.length}; choose fewer dates to see them all)`}
        </Typography>
        <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label="Drawing the chart" />}>
          <TemperatureChartPlot
            chart={chart}
            format={format}
            title={`${name}, readings in ${format.unitSymbol}, ${dates}`}
          />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>
        {name}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {dates}
        </Typography>
      </DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
