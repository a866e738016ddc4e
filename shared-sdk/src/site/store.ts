import { createStore, useStore } from 'zustand';
import type { SiteOption } from '../contract/index.js';
import { storage } from '../session/storage.js';

/** The spec's global selection: selectedSiteID and selectedSiteTimezone, persisted. */
export interface SelectedSite {
  selectedSiteID: string | null;
  selectedSiteTimezone: string | null;
  selectedSiteLabel: string | null;
}

const keys = ['selectedSiteID', 'selectedSiteTimezone', 'selectedSiteLabel'] as const;

export const siteStore = createStore<SelectedSite>(() => ({
  selectedSiteID: storage.get('selectedSiteID'),
  selectedSiteTimezone: storage.get('selectedSiteTimezone'),
  selectedSiteLabel: storage.get('selectedSiteLabel'),
}));

/** The spec's site label: the site name with its location in brackets. */
export function siteLabel(site: Pick<SiteOption, 'name' | 'location'>): string {
  const place = site.location.city ?? site.location.region ?? site.location.country;
  return place ? `${site.name} (${place})` : site.name;
}

export const selectedSite = {
  get: () => siteStore.getState(),
  select(site: Pick<SiteOption, '_id' | 'name' | 'location' | 'timeZoneId'> | null) {
    const next: SelectedSite = site
      ? {
          selectedSiteID: site._id,
          selectedSiteTimezone: site.timeZoneId,
          selectedSiteLabel: siteLabel(site),
        }
      : { selectedSiteID: null, selectedSiteTimezone: null, selectedSiteLabel: null };
    for (const key of keys) storage.set(key, next[key]);
    siteStore.setState(next, true);
  },
  /** Prefers a site by id (an embedding page names one); the site selector confirms it against the list. */
  prefer(siteId: string) {
    storage.set('selectedSiteID', siteId);
    siteStore.setState({ ...siteStore.getState(), selectedSiteID: siteId }, true);
  },
};

export function useSelectedSite<T>(selector: (state: SelectedSite) => T): T {
  return useStore(siteStore, selector);
}

/**
 * The spec's site-scoped screens (section 2): the site selector shows on them and a site change reloads
 * them. Remotes may flag more routes with `siteScoped`.
 */
export const siteScopedPaths = [
  '/dashboard/task',
  '/dashboard/staff',
  '/dashboard/temperatureLog',
  '/dashboard/complianceLog',
  '/dashboard/departmentManagment',
  '/dashboard/templates',
  '/dashboard/documentmanagement',
  '/dashboard/taskcategory',
  '/dashboard/fridge',
  '/dashboard/freezer',
  '/dashboard/supplier',
  '/dashboard/fooditem',
  '/dashboard/foodItem',
  '/dashboard/probes',
] as const;
