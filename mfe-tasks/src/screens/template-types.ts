import { logTypeSchema, type LogType, type Option } from '@console/shared-sdk';

// The spec's ten log types in the words the templates screen and the library show them.

export const logTypeLabels: Record<LogType, string> = {
  FRIDGE: 'Fridge',
  FREEZER: 'Freezer',
  CELLAR: 'Cellar',
  FOOD_DELIVERY: 'Food delivery',
  PROBE_CALIBRATION: 'Probe calibration',
  COOKING_COOLING: 'Cooking and cooling',
  HOT_HOLD_DISPLAY: 'Hot holding and display',
  REHEATING: 'Reheating',
  LEGIONELLA_WATER: 'Legionella (water)',
  HOT_WATER: 'Hot water',
};

export const logTypeOptions: readonly Option[] = logTypeSchema.options.map((type) => ({
  value: type,
  label: logTypeLabels[type],
}));

export const isLogType = (value: unknown): value is LogType => logTypeSchema.safeParse(value).success;

/** A template's type as a word; a template that is none of the log checks is a general checklist. */
export const typeLabel = (type: LogType | null) => (type ? logTypeLabels[type] : 'General');

export const itemCount = (count: number) => (count === 1 ? '1 item' : `${count} items`);
