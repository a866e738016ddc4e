import { useMemo } from 'react';
// From the contract's own files, not its index: the kit's chunk carries only what it uses.
import {
  dateLocaleFor,
  formatDay,
  formatDayRange,
  formatInstant,
  formatWallTime,
  type DateWordsStyle,
  type DayWordsStyle,
} from '../contract/date-words.js';
import {
  fromCelsius,
  temperatureText,
  toCelsius,
  unitSymbols,
  type TemperatureUnit,
} from '../contract/units.js';
import { useSelectedSite } from '../site/store.js';
import { useSession } from '../session/store.js';

// The one formatter the console writes a site's records with: temperatures in the site's unit (°F at an
// American site; the API's values stay °C), dates and times in its zone and its locale (month first and a
// 12-hour clock at an American site), unless the person chose their own date format in their profile. A
// screen showing records of several sites passes each record's own site, or names it by its id
// (`useSiteFormatOf`, site-rules.ts, which reads it from the site list).

/** How a site writes its records: its unit, zone and locale (a record's own, or the selected site's). */
export interface SiteWriting {
  unit?: TemperatureUnit | null | undefined;
  zone?: string | null | undefined;
  locale?: string | null | undefined;
}

export interface SiteFormat {
  /** The unit temperatures are shown and typed in. */
  unit: TemperatureUnit;
  /** "°F". */
  unitSymbol: string;
  /** The locale dates are written in (the person's choice, else the site's). */
  locale: string;
  /** The zone instants are written on. */
  zone: string;
  /** A stored °C value as shown: "41 °F". */
  temperature(celsius: number): string;
  /** A stored °C value as a form shows it, in the unit, to one decimal: 41. */
  toShown(celsius: number): number;
  /** A value typed in the unit, as the API takes it (°C). */
  toStored(shown: number): number;
  /** An instant on the site's clock: "Nov 28, 2026, 5:30 PM". */
  instant(value: Date | string, style?: DateWordsStyle): string;
  /** A wall time (HH:mm: a due time, an opening) on the site's clock: "17:30", "5:30 PM". */
  wallTime(time: string): string;
  /** A calendar day: "Nov 28, 2026". */
  day(value: string, style?: DayWordsStyle): string;
  /** Two calendar days as one range. */
  dayRange(start: string, end: string): string;
}

/** The format of plain values, for code that is not a component (a grid's value getter given a format). */
export function siteFormat(unit: TemperatureUnit, zone: string, locale: string): SiteFormat {
  return {
    unit,
    unitSymbol: unitSymbols[unit],
    locale,
    zone,
    temperature: (celsius) => temperatureText(celsius, unit),
    toShown: (celsius) => fromCelsius(celsius, unit),
    toStored: (shown) => toCelsius(shown, unit),
    instant: (value, style = 'dateTime') => formatInstant(value, zone, style, locale),
    wallTime: (time) => formatWallTime(time, locale),
    day: (value, style = 'date') => formatDay(value, style, locale),
    dayRange: (start, end) => formatDayRange(start, end, locale),
  };
}

/**
 * How the screens write a site's records: the selected site's unless `site` names a record's own. With no
 * site at all, °C, the browser's zone and en-GB.
 */
export function useSiteFormat(site: SiteWriting = {}): SiteFormat {
  const selectedUnit = useSelectedSite((state) => state.selectedSiteUnit);
  const selectedZone = useSelectedSite((state) => state.selectedSiteTimezone);
  const selectedLocale = useSelectedSite((state) => state.selectedSiteLocale);
  const personFormat = useSession((state) => state.userData?.dateFormat);
  const unit = site.unit ?? selectedUnit ?? 'C';
  const zone = site.zone ?? selectedZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const locale = dateLocaleFor(personFormat, site.locale ?? selectedLocale);
  return useMemo(() => siteFormat(unit, zone, locale), [unit, zone, locale]);
}
