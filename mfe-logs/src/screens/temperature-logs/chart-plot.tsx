import type { TemperatureChart } from '@console/shared-sdk/logs';
import { Box, Typography } from '@console/shared-sdk/mui';
import type { SiteFormat } from '@console/shared-sdk/ui';
// MUI X Charts through the SDK's charts entry, as MUI X reaches remotes (its deep @mui/material imports
// must be the host's copy); the entry loads only with this module.
import { ChartsReferenceLine, LineChart } from '@console/shared-sdk/charts';
import { resultBands, resultColor } from './status';

// The drawing of "Chart this item": the readings over time, the limits as reference lines, and each point
// in the colour of its result (green pass, amber warn, red fail), all in the site's unit. Its own module, so
// the charting library downloads only when a chart is opened.

const limitLine = (color: string) => ({ stroke: color, strokeDasharray: '6 4', strokeWidth: 1.5 });

export function TemperatureChartPlot({
  chart,
  format,
  title,
}: {
  chart: TemperatureChart;
  /** How the chart's site writes temperatures and dates. */
  format: SiteFormat;
  title: string;
}) {
  const { points } = chart;
  // The lines show the limits of the newest reading: the ones in force now. Earlier sets, when they
  // changed in the range, are listed above the chart, and each point keeps the colour of its own result.
  const latest = points.at(-1);
  if (!latest) return null;
  const shown = (celsius: number | null) => (celsius === null ? null : format.toShown(celsius));
  const limits = {
    lowerLimit: shown(latest.lowerLimit),
    upperLimit: shown(latest.upperLimit),
    warnUpTo: shown(latest.warnUpTo),
  };
  const { thresholds, colors } = resultBands(limits);
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={title}>
      <LineChart
        height={320}
        skipAnimation
        xAxis={[
          {
            scaleType: 'time',
            data: points.map((point) => new Date(point.readAt)),
            valueFormatter: (value: Date) => format.instant(value, 'dayMonthTime'),
          },
        ]}
        yAxis={[{ label: format.unitSymbol, colorMap: { type: 'piecewise', thresholds, colors } }]}
        series={[
          {
            data: points.map((point) => format.toShown(point.celsius)),
            label: 'Reading',
            showMark: true,
            valueFormatter: (value: number | null) => (value === null ? '' : `${value} ${format.unitSymbol}`),
          },
        ]}
      >
        {limits.lowerLimit !== null && (
          <ChartsReferenceLine
            y={limits.lowerLimit}
            label={`Lower limit ${limits.lowerLimit} ${format.unitSymbol}`}
            labelAlign="start"
            lineStyle={limitLine(resultColor('FAIL'))}
          />
        )}
        {limits.upperLimit !== null && (
          <ChartsReferenceLine
            y={limits.upperLimit}
            label={`Upper limit ${limits.upperLimit} ${format.unitSymbol}`}
            labelAlign="start"
            lineStyle={limitLine(resultColor('FAIL'))}
          />
        )}
        {limits.warnUpTo !== null && (
          <ChartsReferenceLine
            y={limits.warnUpTo}
            label={`Legal maximum ${limits.warnUpTo} ${format.unitSymbol}`}
            labelAlign="start"
            lineStyle={limitLine(resultColor('WARN'))}
          />
        )}
      </LineChart>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        Points are green when they passed, amber when they warned and red when they failed; dashed lines are
        the limits in force.
      </Typography>
    </Box>
  );
}
