import { LineChart } from '@console/shared-sdk/charts';

/** A small line of scores, oldest first (gaps where nothing was due). Its words are given by the caller. */
export function ScoreTrendPlot({
  scores,
  width = 120,
  height = 36,
}: {
  scores: (number | null)[];
  width?: number;
  height?: number;
}) {
  return (
    <LineChart
      width={width}
      height={height}
      skipAnimation
      hideLegend
      disableAxisListener
      margin={{ top: 4, bottom: 4, left: 2, right: 2 }}
      xAxis={[{ data: scores.map((_, index) => index), scaleType: 'point', position: 'none' }]}
      yAxis={[{ min: 0, max: 100, position: 'none' }]}
      series={[{ data: scores, showMark: false, connectNulls: false }]}
      slotProps={{ tooltip: { trigger: 'none' } }}
    />
  );
}
