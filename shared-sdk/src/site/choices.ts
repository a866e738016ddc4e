import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import { siteOptionsApi } from '../api/site-options.js';
import type { SiteOption } from '../contract/index.js';
import { sessionStore, useSession, type SessionState } from '../session/store.js';
import { selectedSite } from './store.js';

/**
 * The sites the signed-in user may pick, loaded once per user and organisation and shared by every site
 * selector on the page. The selection is checked against this list: a site that is no longer in it (deleted
 * here or elsewhere) gives way to the first one quietly, before any site-scoped list asks for it.
 */
export interface SiteChoices {
  /** Whose list this is (see `ownerOf`); a different owner means the list must be loaded again. */
  owner: string | null;
  /**
   * 'unavailable': there is no list to load, because nobody is signed in or a platform admin has not
   * chosen an organisation (the API refuses the call without one; the screens show the prompt instead).
   */
  status: 'unavailable' | 'loading' | 'ready' | 'failed';
  sites: SiteOption[];
}

export const siteChoicesStore = createStore<SiteChoices>(() => ({
  owner: null,
  status: 'unavailable',
  sites: [],
}));

/** The user plus, for a platform admin, the organisation it acts in; null when no list can be loaded. */
function ownerOf(state: Pick<SessionState, 'userData' | 'orgId'>): string | null {
  const user = state.userData;
  if (!user) return null;
  if (user.role === 'ADMIN') return state.orgId ? `${user.userID}@${state.orgId}` : null;
  return user.userID;
}

let inFlight: { owner: string; controller: AbortController } | null = null;

function settle(owner: string, sites: SiteOption[]) {
  if (siteChoicesStore.getState().owner !== owner) return;
  siteChoicesStore.setState({ owner, status: 'ready', sites }, true);
  const current = sites.find((site) => site._id === selectedSite.get().selectedSiteID);
  selectedSite.select(current ?? sites[0] ?? null);
}

export const siteChoices = {
  get: () => siteChoicesStore.getState(),

  /** Loads the list for the current session unless it is loaded or loading already (`force`: again). */
  load({ force = false }: { force?: boolean } = {}): void {
    const owner = ownerOf(sessionStore.getState());
    const state = siteChoicesStore.getState();
    if (owner === null) {
      inFlight?.controller.abort();
      inFlight = null;
      if (state.status !== 'unavailable' || state.owner !== null)
        siteChoicesStore.setState({ owner: null, status: 'unavailable', sites: [] }, true);
      return;
    }
    if (!force && state.owner === owner && state.status !== 'failed') return;
    if (!force && inFlight?.owner === owner) return;
    inFlight?.controller.abort();
    const controller = new AbortController();
    inFlight = { owner, controller };
    siteChoicesStore.setState(
      {
        owner,
        status: state.owner === owner && state.status === 'ready' ? 'ready' : 'loading',
        sites: state.owner === owner ? state.sites : [],
      },
      true,
    );
    siteOptionsApi
      .simpleList({ signal: controller.signal })
      .then((sites) => settle(owner, sites))
      .catch(() => {
        if (controller.signal.aborted || siteChoicesStore.getState().owner !== owner) return;
        siteChoicesStore.setState({ owner, status: 'failed', sites: [] }, true);
      })
      .finally(() => {
        if (inFlight?.controller === controller) inFlight = null;
      });
  },

  /**
   * A site was deleted: it leaves the list (and the selection, if it was selected) at once, then the list
   * is read again from the server.
   */
  removed(siteId: string): void {
    const state = siteChoicesStore.getState();
    if (state.owner !== null)
      settle(
        state.owner,
        state.sites.filter((site) => site._id !== siteId),
      );
    else if (selectedSite.get().selectedSiteID === siteId) selectedSite.select(null);
    siteChoices.load({ force: true });
  },

  /** Sites were added or changed (a new name, another time zone): read the list again. */
  changed(): void {
    siteChoices.load({ force: true });
  },
};

// Signing out, another user signing in or a platform admin switching organisation makes the list someone
// else's: drop it (the next selector to show loads the new one).
sessionStore.subscribe((state) => {
  if (ownerOf(state) === siteChoicesStore.getState().owner) return;
  inFlight?.controller.abort();
  inFlight = null;
  siteChoicesStore.setState({ owner: null, status: 'unavailable', sites: [] }, true);
});

/** The site list for the current session, loading it when the user or the organisation changes. */
export function useSiteChoices(): SiteChoices {
  const owner = useSession(ownerOf);
  useEffect(() => {
    siteChoices.load();
  }, [owner]);
  const choices = useStore(siteChoicesStore);
  // Until the effect runs, a list that belongs to someone else is not this session's.
  return choices.owner === owner ? choices : { owner, status: owner ? 'loading' : 'unavailable', sites: [] };
}
