import type { LogType } from './enums.js';

// Apart from the core enums: only the screens that show log types (templates, the logs) carry the words.

/** The ten log types in the words every screen shows them (templates, the library, the logs). */
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
