import { ssoApi } from '../api/sso.js';
import type { SsoExchangeResponse } from '../contract/sso.js';
import { session } from '../session/store.js';

// The browser's half of a sign-in through the organisation's provider. The tab that starts it keeps a random
// value to itself (sessionStorage: this tab alone, gone when it closes) and sends it in the start's body,
// never in an address; the console's /sso/complete page must present it again with the one-time hand-off
// code. A hand-off code read from another tab's address bar, or pushed on someone by a link, is refused.

const bindingKey = 'ssoBinding';

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Starts a sign-in through the provider of `email`'s domain; answers the address to send the browser to. */
export async function startSingleSignOn(email: string, returnTo?: string): Promise<string> {
  const value = base64url(crypto.getRandomValues(new Uint8Array(32)));
  sessionStorage.setItem(bindingKey, value);
  const { authorizationUrl } = await ssoApi.start({
    email,
    binding: value,
    ...(returnTo ? { returnTo } : {}),
  });
  return authorizationUrl;
}

/** Why a hand-off code cannot be exchanged in this tab: it did not start the sign-in. */
export class SingleSignOnNotStartedHere extends Error {
  constructor() {
    super('This sign-in was started in another tab or browser. Please start it again here.');
    this.name = 'SingleSignOnNotStartedHere';
  }
}

/**
 * Trades the hand-off code (with this tab's value, used once) for a session and stores it, like the password
 * sign-in; answers the sign-in, with the console path it started from.
 */
export async function completeSingleSignOn(code: string): Promise<SsoExchangeResponse> {
  const binding = sessionStorage.getItem(bindingKey);
  if (binding === null) throw new SingleSignOnNotStartedHere();
  sessionStorage.removeItem(bindingKey);
  const response = await ssoApi.exchange({ code, binding });
  session.signIn(response);
  return response;
}
