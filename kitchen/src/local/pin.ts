import type { PinVerifier } from './db';

// Checking a PIN with no connection. After a PIN sign-in the server accepted, the tablet keeps a slow hash
// of the PIN (PBKDF2-SHA256, random salt, 200,000 iterations, through WebCrypto), never the PIN. Offline,
// a PIN is checked against it; after `offlinePinTries` wrong ones the check is refused until the person
// signs in online again, so the hash cannot be guessed at from the keypad.

export const pinIterations = 200_000;
export const offlinePinTries = 5;

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt.slice(), iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function pinVerifier(pin: string, iterations = pinIterations): Promise<PinVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt, hash: await derive(pin, salt, iterations), iterations, failures: 0 };
}

/** Whether the offline check is used up (too many wrong PINs since the last online sign-in). */
export const isOfflineLocked = (verifier: PinVerifier) => verifier.failures >= offlinePinTries;

/** Whether `pin` is the one the verifier was made from (in constant time over the hash). */
export async function pinMatches(verifier: PinVerifier, pin: string): Promise<boolean> {
  const candidate = await derive(pin, verifier.salt, verifier.iterations);
  if (candidate.length !== verifier.hash.length) return false;
  let difference = 0;
  for (let i = 0; i < candidate.length; i += 1) difference |= (candidate[i] ?? 0) ^ (verifier.hash[i] ?? 0);
  return difference === 0;
}
