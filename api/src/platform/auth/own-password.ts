import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { fieldError } from '../http/errors.js';
import { accountKey, addressKey, claimLoginAttempt } from './login-limit.js';
import { verifyPassword } from './passwords.js';

/**
 * Checks the signed-in person's own password, typed again before something only they may do (a change of
 * e-mail or password, verifying a corrective action). A wrong one is a 400 on `field`. Every attempt
 * counts towards the sign-in limit of the account and the address, as a sign-in does, so a stolen access
 * token cannot be used to try passwords without end: past the limit it is a 429.
 */
export async function assertOwnPassword(
  deps: { db: Database; clock: Clock },
  request: FastifyRequest,
  person: { email: string; passwordHash: string | null },
  password: string,
  field: string,
  label = 'Password',
): Promise<void> {
  const keys = { account: accountKey(person.email), address: addressKey(request.ip) };
  const attempt = await claimLoginAttempt(deps.db, deps.clock.now(), keys);
  if (!(await verifyPassword(person.passwordHash, password))) {
    throw fieldError(field, `${label} is incorrect`);
  }
  await attempt.succeeded();
}
