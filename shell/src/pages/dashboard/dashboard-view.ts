import { createStore, useStore } from 'zustand';

/**
 * Whether /dashboard shows the overview of every site or the selected site's dashboard (a remote's, when
 * one publishes it). Kept apart from the selected site so the site-scoped screens keep their site while
 * the dashboard shows all of them. Kept on the device, like the theme settings.
 */
interface DashboardView {
  allSites: boolean;
  setAllSites(allSites: boolean): void;
}

const storageKey = 'dashboardAllSites';

function readStored(): boolean {
  try {
    return globalThis.localStorage?.getItem(storageKey) === 'true';
  } catch {
    return false;
  }
}

export const dashboardViewStore = createStore<DashboardView>((set) => ({
  allSites: readStored(),
  setAllSites(allSites) {
    set({ allSites });
    try {
      globalThis.localStorage?.setItem(storageKey, String(allSites));
    } catch {
      // Not kept; the choice still applies to this page.
    }
  },
}));

export function useDashboardView<T>(selector: (state: DashboardView) => T): T {
  return useStore(dashboardViewStore, selector);
}
