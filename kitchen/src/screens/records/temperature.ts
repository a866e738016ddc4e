import {
  celsiusSchema,
  fromCelsius,
  toCelsius,
  unitSymbols,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { numberIn } from '../../i18n/format';

// A temperature as people type it: in their site's unit (°F at an American site), with at most one
// decimal, the decimal mark of their language (a comma in Spanish and Polish) or a point, within the
// contract's range. What is kept and sent is °C, converted by the contract's toCelsius, the conversion the
// limits are compiled with: a typed 41 °F is exactly the 5 °C of a 41 °F limit. Shown back in the unit, in
// their language.

const typed = /^(-?)(\d{1,3})(?:[.,](\d))?$/;

/** The lowest and highest temperature the API takes, in °C, from its schema. */
export const celsiusRange = {
  min: celsiusSchema.minValue ?? Number.NEGATIVE_INFINITY,
  max: celsiusSchema.maxValue ?? Number.POSITIVE_INFINITY,
};

export type TemperatureProblem = 'empty' | 'format' | 'range';

/** The temperature typed in `unit`, as °C, or what is wrong with it. */
export function parseTemperature(
  text: string,
  unit: TemperatureUnit,
): { celsius: number } | { problem: TemperatureProblem } {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return { problem: 'empty' };
  const match = typed.exec(trimmed);
  if (!match) return { problem: 'format' };
  const [, sign, whole, decimal] = match;
  const celsius = toCelsius(Number(`${sign}${whole}.${decimal ?? '0'}`), unit);
  return celsiusSchema.safeParse(celsius).success ? { celsius } : { problem: 'range' };
}

/** A °C value in `unit`, in the language's figures: "3,5 °C" in Spanish, "41 °F" at an American site. */
export const temperatureIn = (celsius: number, unit: TemperatureUnit, language: string) =>
  `${numberIn(fromCelsius(celsius, unit), language, { maximumFractionDigits: 1 })} ${unitSymbols[unit]}`;

/** The language's decimal mark. */
export const decimalMarkOf = (language: string) =>
  new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/** What a key of the keypad does to the text typed so far. */
export function pressKey(text: string, key: string, decimalMark: string): string {
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const [whole = '', decimal] = digits.split(/[.,]/);
  if (key === 'sign') return negative ? digits : `-${digits}`;
  if (key === 'delete') return text.slice(0, -1);
  if (key === 'decimal') {
    if (decimal !== undefined) return text;
    return `${text}${whole === '' ? '0' : ''}${decimalMark}`;
  }
  if (!/^\d$/.test(key)) return text;
  // One decimal at most, and three digits before the mark (the range goes to 300 °C, 572 °F).
  if (decimal !== undefined) return decimal.length >= 1 ? text : `${text}${key}`;
  if (whole === '0') return `${negative ? '-' : ''}${key}`;
  return whole.length >= 3 ? text : `${text}${key}`;
}
