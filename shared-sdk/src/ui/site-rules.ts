import { useStore } from 'zustand';
import { ruleSetOf, withNationalFigures, type RuleSet, type SiteOption } from '../contract/index.js';
import { siteChoicesStore } from '../site/choices.js';
import { useSelectedSite } from '../site/store.js';
import { useSiteFormat, type SiteFormat } from './site-format.js';

// A site as its screens show it, by its id: the rules a screen shows its limits by (its jurisdiction's set
// with its organisation's national figures where the set leaves them to it, the EU's, as the API judges
// its readings), and the format it writes its records in. Read from the site list the shell loads, which
// carries them all; never loads it itself.

// One set per site option, so the limits compiled from it (standardsOf) are compiled once, not per render.
const setsByOption = new WeakMap<SiteOption, RuleSet>();

/** The rules `option`'s readings are judged by. */
export function rulesOfSiteOption(option: SiteOption): RuleSet {
  let set = setsByOption.get(option);
  if (!set) {
    set = withNationalFigures(ruleSetOf(option.jurisdiction), option.nationalFigures);
    setsByOption.set(option, set);
  }
  return set;
}

/** A site of the site list by its id (the selected site's without one); undefined until the list has it. */
export function useSiteOption(siteID?: string | null): SiteOption | undefined {
  const selected = useSelectedSite((state) => state.selectedSiteID);
  const id = siteID === undefined ? selected : siteID;
  return useStore(siteChoicesStore, (state) =>
    id ? state.sites.find((site) => site._id === id) : undefined,
  );
}

/**
 * The rules of a site (the selected site without an id) as its screens show its limits; null until the
 * site list has it, when a screen shows the default set's.
 */
export function useSiteRuleSet(siteID?: string | null): RuleSet | null {
  const option = useSiteOption(siteID);
  return option ? rulesOfSiteOption(option) : null;
}

/**
 * How a site writes its records (its unit, zone and locale), named by its id: a screen of another site than
 * the selected one (a notification's, a report's, a task's). The selected site's without an id or while the
 * site list does not hold it; the person's own date format wins, as with `useSiteFormat`.
 */
export function useSiteFormatOf(siteID?: string | null): SiteFormat {
  const option = useSiteOption(siteID);
  return useSiteFormat(
    option ? { unit: option.temperatureUnit, zone: option.timeZoneId, locale: option.locale } : {},
  );
}
