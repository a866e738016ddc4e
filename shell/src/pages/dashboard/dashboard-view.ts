import { createStore, useStore } from 'zustand';
import { sessionStore, useSession, type SessionState, type UserData } from '@console/shared-sdk';

/**
 * Whether /dashboard shows the overview of every site or the selected site's dashboard (a remote's, when
 * one publishes it). Kept apart from the selected site so the site-scoped screens keep their site while
 * the dashboard shows all of them. Kept on the device, like the theme settings, with whose choice it is:
 * until a person chooses, /dashboard starts where their role looks from (see `startsOnAllSites`).
 */
interface DashboardView {
  /** The choice made on this device, or null while none is. */
  allSites: boolean | null;
  /** Whose choice it is (see `ownerOf`): another person, or another organisation, starts afresh. */
  owner: string | null;
  setAllSites(allSites: boolean): void;
}

/** The person, and the organisation a platform admin acts in, that a choice belongs to. */
const ownerOf = ({ userData, orgId }: Pick<SessionState, 'userData' | 'orgId'>) =>
  userData ? `${userData.userID}@${orgId ?? ''}` : null;

const storageKey = 'dashboardAllSites';

function readStored(): Pick<DashboardView, 'allSites' | 'owner'> {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? 'null');
    if (
      typeof stored === 'object' &&
      stored !== null &&
      'allSites' in stored &&
      'owner' in stored &&
      typeof stored.allSites === 'boolean' &&
      typeof stored.owner === 'string'
    )
      return { allSites: stored.allSites, owner: stored.owner };
  } catch {
    // Unreadable (or from before the owner was kept): as if nothing was chosen.
  }
  return { allSites: null, owner: null };
}

function store(value: Pick<DashboardView, 'allSites' | 'owner'> | null) {
  try {
    if (value) globalThis.localStorage?.setItem(storageKey, JSON.stringify(value));
    else globalThis.localStorage?.removeItem(storageKey);
  } catch {
    // Not kept; the choice still applies to this page.
  }
}

export const dashboardViewStore = createStore<DashboardView>((set) => ({
  ...readStored(),
  setAllSites(allSites) {
    const owner = ownerOf(sessionStore.getState());
    set({ allSites, owner });
    store({ allSites, owner });
  },
}));

// Signing out forgets the choice, so whoever signs in next starts where their role looks from. A session
// that expired keeps it: the same person signing in again goes back to what they were looking at.
sessionStore.subscribe((next, previous) => {
  if (next.endedBecause === 'signed-out' && previous.userData !== null) {
    dashboardViewStore.setState({ allSites: null, owner: null });
    store(null);
  }
});

/**
 * Whether "All sites" is offered: to everyone who looks after more than one site (an organisation's admins
 * see every site, a site admin of several sees theirs), not to a site admin of one site, for whom the
 * overview would be that site again.
 */
export function offersAllSites(user: Pick<UserData, 'role' | 'siteIds'> | null | undefined): boolean {
  if (!user) return false;
  return user.role === 'ADMIN' || user.role === 'ORGANIZATION_ADMIN' || user.siteIds.length > 1;
}

/**
 * Where /dashboard starts before a choice: the organisation's admins (and a platform admin acting in one)
 * on the overview, a site admin on their site.
 */
const startsOnAllSites = (user: Pick<UserData, 'role'> | null | undefined) =>
  user?.role === 'ADMIN' || user?.role === 'ORGANIZATION_ADMIN';

export interface AllSitesView {
  /** /dashboard shows the overview of every site. */
  allSites: boolean;
  /** The site selector offers "All sites". */
  offered: boolean;
  setAllSites(allSites: boolean): void;
}

/** The dashboard's view for the signed-in person: their choice, else their role's start. */
export function useAllSitesView(): AllSitesView {
  const user = useSession((s) => s.userData);
  const owner = useSession(ownerOf);
  const chosen = useStore(dashboardViewStore, (s) => (s.owner === owner ? s.allSites : null));
  const setAllSites = useStore(dashboardViewStore, (s) => s.setAllSites);
  const offered = offersAllSites(user);
  return {
    allSites: offered && (chosen ?? startsOnAllSites(user)),
    offered,
    setAllSites,
  };
}
