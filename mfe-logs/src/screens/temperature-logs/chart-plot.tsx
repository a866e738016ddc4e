import type { TemperatureChart } from '@console/shared-sdk/logs';
import { formatInstant } from '@console/shared-sdk/contract';
import { Box, Typography } from '@console/shared-sdk/mui';
// MUI X Charts through the SDK's charts entry, as MUI X reaches remotes (its deep @mui/material imports
// must be the host's copy); the entry loads only with this module.
import { ChartsReferenceLine, LineChart } from '@console/shared-sdk/charts';
import { resultBands, resultColor } from './status';

// The drawing of "Chart this item": the readings over time, the limits as reference lines, and each point
// in the colour of its result (green pass, amber warn, red fail). Its own module, so the charting library
// downloads only when a chart is opened.

const limitLine = (color: string) => ({ stroke: color, strokeDasharray: '6 4', strokeWidth: 1.5 });

export function TemperatureChartPlot({ chart, title }: { chart: TemperatureChart; title: string }) {
  const { points, timeZoneId } = chart;
  // The lines show the limits of the newest reading: the ones in force now. Earlier sets, when they
  // changed in the range, are listed above the chart, and each point keeps the colour of its own result.
  const latest = points.at(-1);
  if (!latest) return null;
  const { thresholds, colors } = resultBands(latest);
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={title}>
      <LineChart
        height={320}
        skipAnimation
        xAxis={[
          {
            scaleType: 'time',
            data: points.map((point) => new Date(point.readAt)),
            valueFormatter: (value: Date) => formatInstant(value, timeZoneId, 'dayMonthTime'),
          },
        ]}
        yAxis={[{ label: '°C', colorMap: { type: 'piecewise', thresholds, colors } }]}
        series={[
          {
            data: points.map((point) => point.celsius),
            label: 'Reading',
            showMark: true,
            valueFormatter: (value: number | null) => (value === null ? '' : `${value} °C`),
          },
        ]}
      >
        {latest.lowerLimit !== null && (
          <ChartsReferenceLine
            y={latest.lowerLimit}
            label={`Lower limit ${latest.lowerLimit} °C`}
            labelAlign="start"
            lineStyle={limitLine(resultColor('FAIL'))}
          />
        )}
        {latest.upperLimit !== null && (
          <ChartsReferenceLine
            y={latest.upperLimit}
            label={`Upper limit ${latest.upperLimit} °C`}
            labelAlign="start"
            lineStyle={limitLine(resultColor('FAIL'))}
          />
        )}
        {latest.warnUpTo !== null && (
          <ChartsReferenceLine
            y={latest.warnUpTo}
            label={`Legal maximum ${latest.warnUpTo} °C`}
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
