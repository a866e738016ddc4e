import { celsiusSchema } from './temperature-logs.js';
import {
  fromCelsius,
  temperatureSpan,
  temperatureText,
  toCelsius,
  unitSymbols,
  type TemperatureUnit,
} from './units.js';

// A temperature is typed in the site's unit to one decimal, sent and stored in °C, and shown again in the
// site's unit: whatever was typed must read back as typed, and a value typed at a limit must compare equal
// to the limit converted from the rule set.

/** Every value to one decimal from `from` to `to`, made from whole tenths so none carries a summed error. */
const tenths = (from: number, to: number) =>
  Array.from(
    { length: Math.round((to - from) * 10) + 1 },
    (_, index) => (Math.round(from * 10) + index) / 10,
  );

test.each([
  // The range a kitchen types in, and every value the API accepts (-60 to 300 °C).
  ['F', -40, 250],
  ['F', -76, 572],
  ['C', -40, 250],
  ['C', -60, 300],
] as const)('every value typed in °%s from %d to %d reads back as typed', (unit, from, to) => {
  const values = tenths(from, to);
  expect(values[0]).toBe(from);
  expect(values.at(-1)).toBe(to);
  const changed = values.filter((value) => fromCelsius(toCelsius(value, unit), unit) !== value);
  expect(changed).toEqual([]);
  expect(celsiusSchema.safeParse(toCelsius(from, unit)).success).toBe(true);
  expect(celsiusSchema.safeParse(toCelsius(to, unit)).success).toBe(true);
});

test('the figures the rule sets use convert exactly where they can', () => {
  expect(toCelsius(41, 'F')).toBe(5);
  expect(toCelsius(140, 'F')).toBe(60);
  expect(toCelsius(32, 'F')).toBe(0);
  expect(toCelsius(212, 'F')).toBe(100);
  expect(toCelsius(-40, 'F')).toBe(-40);
  expect(toCelsius(5, 'C')).toBe(5);
  expect(toCelsius(135, 'F')).toBeCloseTo(57.222, 3);
  expect(toCelsius(165, 'F')).toBeCloseTo(73.889, 3);
  expect(fromCelsius(5, 'F')).toBe(41);
  expect(fromCelsius(100, 'F')).toBe(212);
});

test.each([
  ['41 °F', toCelsius(41, 'F'), 'F'],
  ['139.5 °F', toCelsius(139.5, 'F'), 'F'],
  ['-0.4 °F', toCelsius(-0.4, 'F'), 'F'],
  ['0 °F', toCelsius(0, 'F'), 'F'],
  ['32 °F', 0, 'F'],
  ['5 °C', 5, 'C'],
  ['-0.5 °C', -0.5, 'C'],
  ['5.6 °C', 5.56, 'C'],
] as const)('a stored value reads "%s"', (text, celsius, unit: TemperatureUnit) => {
  expect(temperatureText(celsius, unit)).toBe(text);
});

test('a value that rounds to nothing reads 0, never -0', () => {
  expect(Object.is(fromCelsius(-0.01, 'C'), 0)).toBe(true);
  expect(Object.is(fromCelsius(toCelsius(-0.04, 'F'), 'F'), 0)).toBe(true);
  expect(temperatureText(-0.01)).toBe('0 °C');
});

test('more decimals on request; a span converts without the offset', () => {
  expect(fromCelsius(toCelsius(42, 'F'), 'C', 2)).toBe(5.56);
  expect(fromCelsius(toCelsius(42, 'F'), 'C')).toBe(5.6);
  expect(temperatureSpan(5, 'F')).toBe(9);
  expect(temperatureSpan(5, 'C')).toBe(5);
  expect(unitSymbols).toEqual({ C: '°C', F: '°F' });
});
