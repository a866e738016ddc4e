import type { z } from 'zod';
import type { masterTypeTypeSchema } from './enums.js';

// The limits a fridge or freezer has when none is set: apart from the equipment contract, so the logs'
// limits table (temperature-standards.ts) uses them without carrying the equipment forms' schemas.

export type MasterTypeType = z.infer<typeof masterTypeTypeSchema>;

/**
 * DOMAIN.md's limits: a fridge passes at 5 °C or below (8 °C is the legal maximum, so 5 to 8 warns), a
 * freezer at -18 °C or below; no lower bound unless one is set.
 */
export const defaultTemperatureLimits = {
  FRIDGE: { lowerLimit: null, upperLimit: 5 },
  FREEZER: { lowerLimit: null, upperLimit: -18 },
} as const satisfies Record<MasterTypeType, { lowerLimit: number | null; upperLimit: number }>;
