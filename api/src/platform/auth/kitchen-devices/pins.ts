import { pinLockMinutes } from '@console/shared-sdk/contract';
import type { Database } from '../../db/client.js';
import { HttpError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { addressKey, claimLoginAttempt } from '../login-limit.js';
import { verifyPassword } from '../passwords.js';

// A kitchen PIN is 4 to 6 digits, so it is only safe behind a tight count of wrong tries: each person's
// wrong PINs are counted in the database like sign-in attempts (login-limit.ts, under the person's own key,
// and against the caller's address), and after the fifth in the window the PIN is refused until the
// window has passed (the contract's pinMaxFailures and pinLockMinutes say so to the app). Their password
// still works meanwhile.

/** The login-limit key a person's PIN tries are counted under. */
export const pinKey = (userId: string) => `pin:${userId}`;

/**
 * Checks a person's PIN, counting the try first: a locked PIN is 429 (wait, or use the password), a wrong
 * one `wrong` (401 at sign-in). A right one clears the person's count.
 */
export async function assertPin(
  db: Database,
  now: Date,
  person: { id: string; pinHash: string | null },
  pin: string,
  ip: string,
  wrong: () => HttpError = () => unauthorized('Wrong PIN. Try again, or sign in with your password.'),
): Promise<void> {
  const keys = { account: pinKey(person.id), address: addressKey(ip) };
  const attempt = await claimLoginAttempt(db, now, keys).catch((error: unknown) => {
    if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
    const seconds = Number(error.headers?.['retry-after'] ?? pinLockMinutes * 60);
    throw tooManyRequests(
      `Too many wrong PINs: your PIN is locked. Try again in ${Math.ceil(seconds / 60)} minute(s), or sign in with your password.`,
      seconds,
    );
  });
  if (!(await verifyPassword(person.pinHash, pin))) throw wrong();
  await attempt.succeeded();
}
