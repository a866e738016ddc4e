import { siteChoicesStore, useSelectedSite } from '@console/shared-sdk';
import type { Jurisdiction } from '@console/shared-sdk/contract';
import { siteFormat, useSiteFormat, type SiteFormat } from '@console/shared-sdk/ui';
import { useMemo, useSyncExternalStore } from 'react';

// The equipment of the selected site is shown in its unit and set up by its rules: a fridge's default
// limits and the looser limit that needs a reason are its rule set's.

/** How the selected site writes temperatures and dates, and the rule set it is judged by. */
export interface SiteRules {
  format: SiteFormat;
  /** Its rule set, once the site selector's list of sites gives it; null until then. */
  jurisdiction: Jurisdiction | null;
}

/** A site in England, where nothing else is said: °C, day first, and England's rules as the default. */
export const englishSite: SiteRules = {
  format: siteFormat('C', 'Europe/London', 'en-GB'),
  jurisdiction: null,
};

/** The selected site's format and rule set (read from the site selector's list, which the shell loads). */
export function useSiteRules(): SiteRules {
  const format = useSiteFormat();
  const siteID = useSelectedSite((state) => state.selectedSiteID);
  const sites = useSyncExternalStore(siteChoicesStore.subscribe, () => siteChoicesStore.getState().sites);
  const jurisdiction = sites.find((site) => site._id === siteID)?.jurisdiction ?? null;
  return useMemo(() => ({ format, jurisdiction }), [format, jurisdiction]);
}
