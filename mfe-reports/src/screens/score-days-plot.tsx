import { LineChart } from '@console/shared-sdk/charts';
import type { DayScore } from '@console/shared-sdk/reports';
import type { SiteFormat } from '@console/shared-sdk/ui';

/**
 * A site's score per day over the range, 0–100, with gaps on days nothing was due; its days written as the
 * site writes dates (`format`).
 */
export function ScoreDaysPlot({ days, format }: { days: readonly DayScore[]; format: SiteFormat }) {
  return (
    <LineChart
      height={260}
      skipAnimation
      xAxis={[
        {
          data: days.map((day) => new Date(`${day.date}T12:00:00Z`)),
          scaleType: 'time',
          valueFormatter: (value: Date) => format.day(value.toISOString().slice(0, 10)),
        },
      ]}
      yAxis={[{ min: 0, max: 100, label: 'Score' }]}
      series={[
        {
          data: days.map((day) => day.score),
          label: 'Score',
          showMark: true,
          connectNulls: false,
          valueFormatter: (value: number | null) => (value === null ? 'nothing due' : `${value}`),
        },
      ]}
    />
  );
}
