// Dates, times and numbers as Intl writes them, on the site's clock (an instant on the wire is UTC; a
// kitchen reads its own wall clock). The words (month and day names) are the person's language; the clock
// (12- or 24-hour) and, in English, the order of day and month are the site's: the locale it writes dates
// in, or the person's own date format (the contract's dateLocaleFor). Spanish and Polish keep their own
// order, which is part of their grammar ("28 de noviembre"), on the site's clock. Formatters are kept, since
// making one is the slow part.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The locale Intl writes a language's numbers in: English as the console writes them, others as they are. */
export const localeOf = (language: string) => (language === 'en' ? 'en-GB' : language);

/** The clock a date locale reads: 12-hour where it does (en-US), else 24-hour. */
function hourCycleOf(dateLocale: string): 'h12' | 'h23' {
  const cycle = new Intl.DateTimeFormat(dateLocale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12' ? 'h12' : 'h23';
}

function formatter(
  language: string,
  dateLocale: string,
  zone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}|${dateLocale}|${zone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    const parts: Intl.DateTimeFormatOptions = { ...options, timeZone: zone };
    if ('hour' in parts) {
      parts.hourCycle = hourCycleOf(dateLocale);
      // "5:30 PM", not "05:30 PM".
      if (parts.hourCycle === 'h12') parts.hour = 'numeric';
    }
    found = new Intl.DateTimeFormat(language === 'en' ? dateLocale : language, parts);
    formatters.set(key, found);
  }
  return found;
}

const asDate = (instant: string | number | Date) => (instant instanceof Date ? instant : new Date(instant));

/** "14:05", or "2:05 PM" at an American site, on the site's clock. */
export const timeIn = (instant: string | number | Date, zone: string, language: string, dateLocale: string) =>
  formatter(language, dateLocale, zone, { hour: '2-digit', minute: '2-digit' }).format(asDate(instant));

/** "Friday 28 November" (or "Friday, November 28") on the site's calendar. */
export const dayIn = (instant: string | number | Date, zone: string, language: string, dateLocale: string) =>
  formatter(language, dateLocale, zone, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    asDate(instant),
  );

/** A site's local date (YYYY-MM-DD, as the API sends `date`), said as a day. */
export function localDateWords(date: string, language: string, dateLocale: string): string {
  // Noon UTC of that date is the same calendar day in UTC, whatever the site's zone.
  return dayIn(`${date}T12:00:00Z`, 'UTC', language, dateLocale);
}

/** "28 Nov, 14:05" (or "Nov 28, 2:05 PM"): an instant on another day than the one on screen. */
export const dayTimeIn = (
  instant: string | number | Date,
  zone: string,
  language: string,
  dateLocale: string,
) =>
  formatter(language, dateLocale, zone, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(asDate(instant));

/** Several times as one list in the language's words: "15:30 and 19:30". */
export const timesIn = (times: readonly string[], language: string) =>
  new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(times);

/** The site's local date (YYYY-MM-DD) of an instant. */
export function localDateOf(instant: string | number | Date, zone: string): string {
  const parts = formatter('en-CA', 'en-CA', zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(asDate(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A number in the language's way (decimal comma or point). */
export const numberIn = (value: number, language: string, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(localeOf(language), options).format(value);

/** A length of time as a countdown reads it: "1:05:09", "4:59" (hours, minutes, seconds). */
export function countdown(milliseconds: number): string {
  const total = Math.max(0, Math.floor(Math.abs(milliseconds) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}
