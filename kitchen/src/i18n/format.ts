// Dates, times and numbers as the person's language writes them, in the site's time zone (an instant on
// the wire is UTC; a kitchen reads its own wall clock). Intl does the work; formatters are kept, since
// making one is the slow part.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The locale Intl writes a language in: English as the console writes it (28 Nov, 14:05), others as they are. */
export const localeOf = (language: string) => (language === 'en' ? 'en-GB' : language);

function formatter(language: string, zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${zone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(localeOf(language), { ...options, timeZone: zone });
    formatters.set(key, found);
  }
  return found;
}

const asDate = (instant: string | number | Date) => (instant instanceof Date ? instant : new Date(instant));

/** "14:05" (or "2:05 PM" where the language says so) on the site's clock. */
export const timeIn = (instant: string | number | Date, zone: string, language: string) =>
  formatter(language, zone, { hour: '2-digit', minute: '2-digit' }).format(asDate(instant));

/** "Friday 28 November" on the site's calendar. */
export const dayIn = (instant: string | number | Date, zone: string, language: string) =>
  formatter(language, zone, { weekday: 'long', day: 'numeric', month: 'long' }).format(asDate(instant));

/** A site's local date (YYYY-MM-DD, as the API sends `date`), said as a day. */
export function localDateWords(date: string, language: string): string {
  // Noon UTC of that date is the same calendar day in UTC, whatever the site's zone.
  return dayIn(`${date}T12:00:00Z`, 'UTC', language);
}

/** "28 Nov, 14:05": an instant on another day than the one on screen. */
export const dayTimeIn = (instant: string | number | Date, zone: string, language: string) =>
  formatter(language, zone, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
    asDate(instant),
  );

/** The site's local date (YYYY-MM-DD) of an instant. */
export function localDateOf(instant: string | number | Date, zone: string): string {
  const parts = formatter('en-CA', zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    asDate(instant),
  );
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
