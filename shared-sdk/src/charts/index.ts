// `@console/shared-sdk/charts`: MUI X Charts for the screens that draw one (the temperature log's chart, the
// reports' trends). A shared entry like the kit, so its deep @mui/material imports use the host's copy, and
// apart from the kit so list screens never download it: a screen loads it when it opens a chart.
export { LineChart, type LineChartProps } from '@mui/x-charts/LineChart';
export { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
