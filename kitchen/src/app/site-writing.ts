import { useCallback } from 'react';
import {
  dateLocaleFor,
  jurisdictionOf,
  type DateFormat,
  type Jurisdiction,
  type NationalFigure,
  type RuleSet,
  type SiteOption,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import { siteRulesOf } from './site-rules';
import { useCurrentPerson, useKitchen } from './store';

// How a site's records are judged and written for the person on the screen: the rules readings are judged
// by (its rule set with its organisation's national figures, site-rules.ts), the unit temperatures are
// shown and typed in (°F at an American site; the API's values stay °C), and the locale its dates and
// times are written in (the person's own date format, else the site's).

export interface SiteWriting {
  jurisdiction: Jurisdiction;
  /** Its organisation's national figures, in °C, kept with a reading so its follow-ups are timed by them. */
  nationalFigures: readonly NationalFigure[];
  /** The rules its readings are judged by: its jurisdiction's set with those figures in place. */
  rules: RuleSet;
  unit: TemperatureUnit;
  /** The locale of the clock and the date order (format.ts): en-US writes "Nov 28, 5:30 PM". */
  dateLocale: string;
}

/** A kept site's writing; a site the device has not learnt yet is England's, as the contract defaults it. */
export function writingOf(site: SiteOption | undefined, dateFormat: DateFormat | undefined): SiteWriting {
  const rules = siteRulesOf(site?.jurisdiction, site?.nationalFigures);
  return {
    jurisdiction: jurisdictionOf(site?.jurisdiction),
    nationalFigures: site?.nationalFigures ?? [],
    rules,
    unit: site?.temperatureUnit ?? rules.unit,
    dateLocale: dateLocaleFor(dateFormat, site?.locale ?? rules.locale),
  };
}

/** Each site's writing for the person on the screen, by the site's id. */
export function useSiteWriting(): (siteID: string | null | undefined) => SiteWriting {
  const sites = useKitchen((state) => state.sites);
  const dateFormat = useCurrentPerson()?.userData.dateFormat;
  return useCallback(
    (siteID) => writingOf(siteID ? sites[siteID] : undefined, dateFormat),
    [sites, dateFormat],
  );
}

/** The date locale the device's own clock is read in: the tablet's site's, or the person's first site's. */
export function useDeviceDateLocale(): string {
  const deviceSite = useKitchen((state) => state.device?.siteID);
  const person = useCurrentPerson();
  return useSiteWriting()(deviceSite ?? person?.userData.siteIds[0]).dateLocale;
}
