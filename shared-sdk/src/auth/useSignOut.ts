import { authApi } from '../api/auth.js';
import { session } from '../session/store.js';

/**
 * Ends the session on the server as well as here. The server call is best effort and quiet: signing out
 * must work offline or with an expired session, and the local session is cleared whatever it answers.
 */
export async function signOut(): Promise<void> {
  try {
    await authApi.logout({ quiet: true });
  } catch {
    // Nothing to tell the user: their session ends here either way.
  }
  session.signOut('signed-out');
}

/** `signOut` for components (the user menu's "Log out", the shell's /logout page); it is stable. */
export function useSignOut(): () => Promise<void> {
  return signOut;
}
