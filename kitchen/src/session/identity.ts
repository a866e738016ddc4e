import { ApiError, isApiError, type CallIdentity } from '@console/shared-sdk';
import { kitchenApi } from '../api/calls';
import { storedPerson, tokensOf, updatePerson } from '../local/people';

// Each person on the device calls the API with their own tokens (the SDK client's CallIdentity): what one
// recorded on a shared tablet is sent as them, whoever is on the screen by then. Their session is renewed
// once however many calls need it, across tabs too (the server rotates refresh tokens and takes a reused
// one for a stolen copy), and a refused renewal ends their session here: their records wait for them to
// sign in again.

/** Renewed this long before expiry (by this device's clock), so no call arrives with an expired token. */
const renewBeforeExpiryMs = 30_000;

const renewing = new Map<string, Promise<string>>();
const endedListeners = new Set<(userID: string) => void>();

/** Told when a person's session ends here (the server refused to renew it). */
export function onSessionEnded(listener: (userID: string) => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

const sessionOver = () =>
  new ApiError({
    status: 401,
    code: 'TOKEN_EXPIRED',
    message: 'Your session has expired; please sign in again',
  });

function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, task) : task();
}

/** A token to retry with after the server refused `stale` for `userID`. */
export function renewPerson(userID: string, stale: string): Promise<string> {
  const inFlight = renewing.get(userID);
  if (inFlight) return inFlight;
  const run = withLock(`kitchen:renew:${userID}`, async () => {
    const person = await storedPerson(userID);
    if (!person?.tokens) throw sessionOver();
    // Renewed meanwhile (another tab, or a call that was refused just before this one).
    if (person.tokens.accessToken !== stale) return person.tokens.accessToken;
    try {
      const answer = await kitchenApi.renew(person.tokens.refreshToken);
      await updatePerson(userID, (current) => ({
        ...current,
        userData: answer.userData,
        tokens: tokensOf(answer),
      }));
      return answer.accessToken;
    } catch (error) {
      // Unreachable or failing: the refresh token may still be good; the call fails as a network error.
      if (isApiError(error) && (error.code === 'NETWORK_ERROR' || error.status >= 500)) throw error;
      await updatePerson(userID, (current) => ({ ...current, tokens: null }));
      for (const listener of endedListeners) listener(userID);
      throw sessionOver();
    }
  }).finally(() => renewing.delete(userID));
  renewing.set(userID, run);
  return run;
}

/** Calls as `userID`, with their stored tokens. */
export function identityOf(userID: string): CallIdentity {
  return {
    async accessToken() {
      const tokens = (await storedPerson(userID))?.tokens;
      if (!tokens) return null;
      if (Date.now() < tokens.expiresAt - renewBeforeExpiryMs) return tokens.accessToken;
      try {
        return await renewPerson(userID, tokens.accessToken);
      } catch (error) {
        // Offline or the server failing: the call goes with the old token and fails the same way, to be
        // sent again later.
        if (isApiError(error) && (error.code === 'NETWORK_ERROR' || error.status >= 500))
          return tokens.accessToken;
        return null;
      }
    },
    renew: (stale) => renewPerson(userID, stale),
  };
}
