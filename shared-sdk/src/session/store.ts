import { createStore, useStore } from 'zustand';
import { userDataSchema, type LoginResponse, type UserData } from '../contract/index.js';
import { forgetReads } from '../data/reads.js';
import { selectedSite } from '../site/store.js';
import { storage } from './storage.js';

/** The spec's localStorage keys (section 9), plus userData. */
export const sessionKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  orgId: 'orgId',
  isAdminToken: 'isAdminToken',
  userData: 'userData',
} as const;

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  userData: UserData | null;
  /** The organisation a platform admin acts in (sent as `orgId` on every request while isAdminToken). */
  orgId: string | null;
  isAdminToken: boolean;
  /** Why the last session ended, for the login page ('expired' after a failed refresh). */
  endedBecause: 'signed-out' | 'expired' | null;
}

function readUserData(): UserData | null {
  const text = storage.get(sessionKeys.userData);
  if (!text) return null;
  try {
    const parsed = userDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readStored(): SessionState {
  return {
    accessToken: storage.get(sessionKeys.accessToken),
    refreshToken: storage.get(sessionKeys.refreshToken),
    userData: readUserData(),
    orgId: storage.get(sessionKeys.orgId),
    isAdminToken: storage.get(sessionKeys.isAdminToken) === 'true',
    endedBecause: null,
  };
}

function persist(state: SessionState) {
  storage.set(sessionKeys.accessToken, state.accessToken);
  storage.set(sessionKeys.refreshToken, state.refreshToken);
  storage.set(sessionKeys.userData, state.userData ? JSON.stringify(state.userData) : null);
  storage.set(sessionKeys.orgId, state.orgId);
  storage.set(sessionKeys.isAdminToken, state.isAdminToken ? 'true' : null);
}

/**
 * Every key a session leaves behind, cleared on logout (the spec: logout clears all stored data). Theme
 * settings are the device's, not the user's, and stay.
 */
export const clearedOnLogout = Object.values(sessionKeys);

export const sessionStore = createStore<SessionState>(() => readStored());

export const session = {
  get: () => sessionStore.getState(),
  /** Stores a successful web login (or a refresh, which carries fresh userData). */
  signIn(response: Pick<LoginResponse, 'accessToken' | 'refreshToken' | 'userData'>) {
    const previous = sessionStore.getState();
    const isPlatformAdmin = response.userData.role === 'ADMIN';
    const next: SessionState = {
      accessToken: response.accessToken,
      refreshToken: response.refreshToken,
      userData: { ...response.userData, accessToken: response.accessToken },
      // A platform admin keeps the organisation it was acting in across a token refresh.
      orgId: isPlatformAdmin ? previous.orgId : response.userData.orgId,
      isAdminToken: isPlatformAdmin && previous.isAdminToken,
      endedBecause: null,
    };
    persist(next);
    sessionStore.setState(next, true);
  },
  /** The user changed their own name, e-mail or date format: the stored userData follows. */
  updateUser(patch: Partial<Pick<UserData, 'firstName' | 'lastName' | 'email' | 'dateFormat'>>) {
    const state = sessionStore.getState();
    if (!state.userData) return;
    const next = { ...state, userData: { ...state.userData, ...patch } };
    persist(next);
    sessionStore.setState(next, true);
  },
  /** A platform admin starts (orgId) or stops (null) acting inside one organisation. */
  actInOrganization(orgId: string | null) {
    const next = { ...sessionStore.getState(), orgId, isAdminToken: orgId !== null };
    persist(next);
    sessionStore.setState(next, true);
  },
  /** Ends the session locally and clears everything the console stored. */
  signOut(reason: 'signed-out' | 'expired' = 'signed-out') {
    for (const key of clearedOnLogout) storage.set(key, null);
    selectedSite.select(null);
    sessionStore.setState(
      {
        accessToken: null,
        refreshToken: null,
        userData: null,
        orgId: null,
        isAdminToken: false,
        endedBecause: reason,
      },
      true,
    );
  },
};

// Cached server data is what one user with one set of rights saw in one organisation: it never outlives any
// of them (a token refresh, which keeps them all, keeps it).
const accessOf = ({ userData, orgId }: SessionState) =>
  JSON.stringify([userData?.userID, userData?.role, userData?.siteIds, userData?.ability, orgId]);
sessionStore.subscribe((next, previous) => {
  if (accessOf(next) !== accessOf(previous)) forgetReads();
});

// Another tab signing in or out changes localStorage; follow it so tabs never act as different users.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(sessionKeys) as string[]).includes(event.key)) {
      sessionStore.setState({ ...readStored(), endedBecause: null }, true);
    }
  });
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export const useIsSignedIn = () => useSession((s) => s.accessToken !== null && s.userData !== null);
