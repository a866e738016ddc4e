import { createStore, useStore } from 'zustand';
import type { SiteOption, TemperatureUnit } from '../contract/index.js';
import { storage } from '../session/storage.js';

/**
 * The spec's global selection: selectedSiteID and selectedSiteTimezone, persisted; with the unit the site
 * shows temperatures in and the locale it writes dates in (its rule set's).
 */
export interface SelectedSite {
  selectedSiteID: string | null;
  selectedSiteTimezone: string | null;
  selectedSiteLabel: string | null;
  selectedSiteUnit: TemperatureUnit | null;
  selectedSiteLocale: string | null;
}

const keys = [
  'selectedSiteID',
  'selectedSiteTimezone',
  'selectedSiteLabel',
  'selectedSiteUnit',
  'selectedSiteLocale',
] as const;

const storedUnit = (): TemperatureUnit | null => {
  const unit = storage.get('selectedSiteUnit');
  return unit === 'C' || unit === 'F' ? unit : null;
};

export const siteStore = createStore<SelectedSite>(() => ({
  selectedSiteID: storage.get('selectedSiteID'),
  selectedSiteTimezone: storage.get('selectedSiteTimezone'),
  selectedSiteLabel: storage.get('selectedSiteLabel'),
  selectedSiteUnit: storedUnit(),
  selectedSiteLocale: storage.get('selectedSiteLocale'),
}));

/** The spec's site label: the site name with its location in brackets. */
export function siteLabel(site: Pick<SiteOption, 'name' | 'location'>): string {
  const place = site.location.city ?? site.location.region ?? site.location.country;
  return place ? `${site.name} (${place})` : site.name;
}

export const selectedSite = {
  get: () => siteStore.getState(),
  select(
    site:
      | (Pick<SiteOption, '_id' | 'name' | 'location' | 'timeZoneId'> &
          Partial<Pick<SiteOption, 'temperatureUnit' | 'locale'>>)
      | null,
  ) {
    const next: SelectedSite = site
      ? {
          selectedSiteID: site._id,
          selectedSiteTimezone: site.timeZoneId,
          selectedSiteLabel: siteLabel(site),
          selectedSiteUnit: site.temperatureUnit ?? null,
          selectedSiteLocale: site.locale ?? null,
        }
      : {
          selectedSiteID: null,
          selectedSiteTimezone: null,
          selectedSiteLabel: null,
          selectedSiteUnit: null,
          selectedSiteLocale: null,
        };
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
