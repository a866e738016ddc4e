// Temperatures are stored and sent in °C; a site in °F shows, takes and prints them in °F. One pair of
// conversions serves every screen, export and rule set, so a value typed in °F and the limit it is judged
// by are converted alike and compare exactly (41 °F is 5 °C, 135 °F is the same double both times).

export const temperatureUnits = ['C', 'F'] as const;
export type TemperatureUnit = (typeof temperatureUnits)[number];

/** The unit's sign as people read it. */
export const unitSymbols: Record<TemperatureUnit, string> = { C: '°C', F: '°F' };

/** A value in `unit` as °C. */
export const toCelsius = (value: number, unit: TemperatureUnit): number =>
  unit === 'C' ? value : ((value - 32) * 5) / 9;

/**
 * A value in °C as `unit`, to at most `decimals` places: the stored °C of a value typed as 139.5 °F reads
 * back as 139.5, not 139.49999999999997.
 */
export function fromCelsius(celsius: number, unit: TemperatureUnit, decimals = 1): number {
  const value = unit === 'C' ? celsius : (celsius * 9) / 5 + 32;
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  // -0 reads "-0 °F" in some formatters.
  return rounded === 0 ? 0 : rounded;
}

/** "41 °F", "-0.5 °C": a stored °C value in the unit a site shows, in figures as English writes them. */
export const temperatureText = (celsius: number, unit: TemperatureUnit = 'C'): string =>
  `${fromCelsius(celsius, unit)} ${unitSymbols[unit]}`;

/** A difference of temperature (not a reading) in `unit`: 5 °C is 9 °F. */
export const temperatureSpan = (celsiusSpan: number, unit: TemperatureUnit): number =>
  unit === 'C' ? celsiusSpan : (celsiusSpan * 9) / 5;
