import {
  aboveLegalLimitLabel,
  type TemperatureChartPoint,
  type TemperatureResult,
} from '@console/shared-sdk/logs';
import { temperatureResultLabels } from '@console/shared-sdk/contract';
import { readingSourceLabels } from '@console/shared-sdk/contract';
import { Chip, Tooltip } from '@console/shared-sdk/mui';
import { dashboardColors, StatusChip, type TaskProgress } from '@console/shared-sdk/ui';

// How a reading's result and back-filling look wherever a reading is shown: the list, the cards, the
// detail and the chart. The kit's dashboard tones and shapes (red cross, amber warning, green tick), so a
// failed reading reads like an overdue task everywhere in the console, and colour is never the only cue.

const tones: Record<TemperatureResult, TaskProgress> = {
  PASS: 'completedOnTime',
  WARN: 'completedOverdue',
  FAIL: 'overdue',
};

/** The item in words: "Walk-in fridge · Air temperature", or a probe's or food item's own name. */
export const itemLabel = (item: { name: string; equipmentName: string | null }) =>
  item.equipmentName ? `${item.equipmentName} · ${item.name}` : item.name;

/** The result's words: Pass, Warning, Fail. */
export const resultLabel = (result: TemperatureResult) => temperatureResultLabels[result];

/** The result's fill colour (the chart's points, a failed row's edge). */
export const resultColor = (result: TemperatureResult) => dashboardColors[tones[result]].color;

type Limits = Pick<TemperatureChartPoint, 'lowerLimit' | 'upperLimit' | 'warnUpTo'>;

/**
 * The y axis's colour bands for `limits`: a reading's colour is the result those limits give it. The
 * chart's bands start a band at each threshold; the upper limits are inclusive (5 °C passes a fridge),
 * so their band starts just above them.
 */
export function resultBands({ lowerLimit, upperLimit, warnUpTo }: Limits) {
  const justAbove = (value: number) => value + 1e-9;
  const thresholds: number[] = [];
  const colors: string[] = [];
  if (lowerLimit !== null) {
    colors.push(resultColor('FAIL'));
    thresholds.push(lowerLimit);
  }
  colors.push(resultColor('PASS'));
  if (upperLimit !== null) {
    thresholds.push(justAbove(upperLimit));
    if (warnUpTo !== null) {
      colors.push(resultColor('WARN'));
      thresholds.push(justAbove(warnUpTo));
    }
    colors.push(resultColor('FAIL'));
  }
  return { thresholds, colors };
}

export const resultOptions = (['PASS', 'WARN', 'FAIL'] as const).map((value) => ({
  value,
  label: temperatureResultLabels[value],
}));

export function ResultChip({ result }: { result: TemperatureResult }) {
  return <StatusChip status={tones[result]} label={temperatureResultLabels[result]} size="small" />;
}

/** Why a back-filled reading is marked: the inspectors' question, answered where they look. */
export const backFilledExplanation =
  'Entered more than 30 minutes after it was read: the reading reached the server late, so check it was ' +
  'really taken at the time shown.';

/** Why a reading is flagged above the legal limit, naming the maximum (in its site's unit) where known. */
const aboveLegalLimitExplanation = (legalMaximum: string | undefined) =>
  `Above the legal maximum for its type${legalMaximum ? ` (${legalMaximum})` : ''}, whatever limit its item was given`;

/**
 * A reading above its type's legal maximum: shown even where an admin loosened the item's limit.
 * `legalMaximum` is that maximum as its site writes it ("41 °F").
 */
export function AboveLegalLimitChip({ legalMaximum }: { legalMaximum?: string | undefined }) {
  const explanation = aboveLegalLimitExplanation(legalMaximum);
  return (
    <Tooltip title={explanation}>
      <Chip
        size="small"
        color="error"
        variant="outlined"
        label={aboveLegalLimitLabel}
        aria-label={`${aboveLegalLimitLabel}. ${explanation}`}
        tabIndex={0}
      />
    </Tooltip>
  );
}

/** Why a sensor's reading is marked: nobody stood at the fridge, the sensor logged it on its own. */
const sensorExplanation = 'Logged by a wireless sensor on its own, not by a person';

/** Marks a reading a sensor logged (source SENSOR), in readingSourceLabels' word. */
export function SensorChip() {
  return (
    <Tooltip title={sensorExplanation}>
      <Chip
        size="small"
        variant="outlined"
        color="info"
        label={readingSourceLabels.SENSOR}
        aria-label={`${readingSourceLabels.SENSOR}. ${sensorExplanation}`}
        tabIndex={0}
      />
    </Tooltip>
  );
}

export function BackFilledChip() {
  return (
    <Tooltip title={backFilledExplanation}>
      <Chip
        size="small"
        variant="outlined"
        label="Back-filled"
        // The tooltip's words for screen readers and touch, which never hover.
        aria-label={`Back-filled. ${backFilledExplanation}`}
        tabIndex={0}
      />
    </Tooltip>
  );
}
