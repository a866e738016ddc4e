import { celsiusSchema } from '@console/shared-sdk/contract';
import { numberIn } from '../../i18n/format';

// A temperature as people type it: in °C, with at most one decimal, the decimal mark of their language (a
// comma in Spanish and Polish) or a point, and the contract's range. Shown back in their language.

const typed = /^(-?)(\d{1,3})(?:[.,](\d))?$/;

/** The lowest and highest temperature the API takes, from its schema. */
export const celsiusRange = {
  min: celsiusSchema.minValue ?? Number.NEGATIVE_INFINITY,
  max: celsiusSchema.maxValue ?? Number.POSITIVE_INFINITY,
};

export type CelsiusProblem = 'empty' | 'format' | 'range';

/** The temperature typed, or what is wrong with it. */
export function parseCelsius(text: string): { celsius: number } | { problem: CelsiusProblem } {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return { problem: 'empty' };
  const match = typed.exec(trimmed);
  if (!match) return { problem: 'format' };
  const [, sign, whole, decimal] = match;
  const celsius = Number(`${sign}${whole}.${decimal ?? '0'}`);
  return celsiusSchema.safeParse(celsius).success ? { celsius } : { problem: 'range' };
}

/** "3,5 °C" in Spanish, "3.5 °C" in English. */
export const celsiusIn = (celsius: number, language: string) =>
  `${numberIn(celsius, language, { maximumFractionDigits: 1 })} °C`;

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
  // One decimal at most, and three digits before the mark (the range goes to 300).
  if (decimal !== undefined) return decimal.length >= 1 ? text : `${text}${key}`;
  if (whole === '0') return `${negative ? '-' : ''}${key}`;
  return whole.length >= 3 ? text : `${text}${key}`;
}
