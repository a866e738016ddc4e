import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Whether /dashboard shows the overview of every site or the selected site's dashboard (a remote's, when
 * one publishes it). Kept apart from the selected site so the site-scoped screens keep their site while
 * the dashboard shows all of them.
 */
interface DashboardView {
  allSites: boolean;
  setAllSites(allSites: boolean): void;
}

export const dashboardViewStore = createStore<DashboardView>()(
  persist((set) => ({ allSites: false, setAllSites: (allSites) => set({ allSites }) }), {
    name: 'dashboardView',
    storage: createJSONStorage(() => localStorage),
    partialize: ({ allSites }) => ({ allSites }),
  }),
);

export function useDashboardView<T>(selector: (state: DashboardView) => T): T {
  return useStore(dashboardViewStore, selector);
}
