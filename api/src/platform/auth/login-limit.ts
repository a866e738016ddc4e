import { and, count, eq, gt, inArray, lte, min, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import { loginFailures } from '../db/schema.js';
import { tooManyRequests } from '../http/errors.js';

/**
 * Sign-in attempts are counted in the database (not in memory), so the limit holds across restarts and
 * across several API instances.
 */
export const loginLimits = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 30,
} as const;

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

export interface LoginKeys {
  account: string;
  address: string;
}

/** What a caller does once the password has been checked. */
export interface LoginAttempt {
  /** The password was right: the account's count starts again and this attempt stops counting for the address. */
  succeeded(): Promise<void>;
}

/** Seconds until `key` may try again when its `limit` attempts of the window are used, else null. */
async function secondsUntilFree(
  tx: Tx,
  key: string,
  limit: number,
  now: Date,
  windowMs: number = loginLimits.windowMs,
): Promise<number | null> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await tx
    .select({ n: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since)));
  if ((row?.n ?? 0) < limit) return null;
  const oldestMs = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return Math.ceil((oldestMs + windowMs - now.getTime()) / 1000);
}

/**
 * Counts a password attempt BEFORE the password is checked, or refuses it with 429 when the account or the
 * address has used up its attempts in the window. Each key is serialised with a transaction-scoped advisory
 * lock while it is counted and the attempt recorded, so requests arriving at the same moment on one or many
 * instances are counted one after another: the limit holds exactly, instead of every parallel request seeing
 * the same old count. A failed attempt simply stays recorded.
 */
export async function claimLoginAttempt(db: Database, now: Date, keys: LoginKeys): Promise<LoginAttempt> {
  const since = new Date(now.getTime() - loginLimits.windowMs);
  const limits = [
    [keys.account, loginLimits.perAccount],
    [keys.address, loginLimits.perAddress],
  ] as const;
  const outcome = await db.transaction(async (tx) => {
    // Always in the same order, so two requests locking the same pair cannot deadlock.
    for (const key of [keys.account, keys.address].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    await tx.delete(loginFailures).where(lte(loginFailures.createdAt, since));
    for (const [key, limit] of limits) {
      const retryAfter = await secondsUntilFree(tx, key, limit, now);
      if (retryAfter !== null) return { kind: 'refused' as const, retryAfter };
    }
    const recorded = await tx
      .insert(loginFailures)
      .values([
        { key: keys.account, createdAt: now },
        { key: keys.address, createdAt: now },
      ])
      .returning({ id: loginFailures.id, key: loginFailures.key });
    return {
      kind: 'counted' as const,
      addressAttemptIds: recorded.filter((r) => r.key === keys.address).map((r) => r.id),
    };
  });
  if (outcome.kind === 'refused') {
    const retryAfter = Math.max(1, outcome.retryAfter);
    throw tooManyRequests(
      `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s) or reset your password.`,
      retryAfter,
    );
  }
  return {
    async succeeded() {
      await db.delete(loginFailures).where(eq(loginFailures.key, keys.account));
      await db.delete(loginFailures).where(inArray(loginFailures.id, outcome.addressAttemptIds));
    },
  };
}

/**
 * Counts one attempt at a public call that needs no sign-in (verifying an inspection pack) against `key`,
 * or refuses it with 429 when `limit` attempts were made in the sign-in window. Kept beside the sign-in
 * attempts, in the same table under their own key prefix, so the limit holds across restarts and
 * instances, serialised per key the same way.
 */
export async function claimPublicAttempt(
  db: Database,
  now: Date,
  key: string,
  limit: number,
  refusal: string,
) {
  const retryAfter = await countCall(db, now, key, limit, loginLimits.windowMs);
  if (retryAfter !== null) {
    throw tooManyRequests(`${refusal} Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, retryAfter);
  }
}

/**
 * Counts one call against `key` when fewer than `limit` were counted in the last `windowMs`, and answers
 * null; else counts nothing and answers the seconds (at least 1) until the key may call again. Serialised
 * per key with a transaction-scoped advisory lock, so calls at the same moment on one or many instances
 * are counted one after another and the limit holds exactly; the calls are rows beside the sign-in
 * attempts under the key's own prefix, and a key's expired ones are removed as it is counted.
 */
export async function countCall(
  db: Database,
  now: Date,
  key: string,
  limit: number,
  windowMs: number,
): Promise<number | null> {
  const since = new Date(now.getTime() - windowMs);
  const retryAfter = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    await tx
      .delete(loginFailures)
      .where(and(eq(loginFailures.key, key), lte(loginFailures.createdAt, since)));
    const refused = await secondsUntilFree(tx, key, limit, now, windowMs);
    if (refused === null) await tx.insert(loginFailures).values({ key, createdAt: now });
    return refused;
  });
  return retryAfter === null ? null : Math.max(1, retryAfter);
}

/**
 * Counts a guess at a secret of a public call (an inspector link's passcode) against `key` BEFORE it is
 * checked, or refuses it with 429 when `limit` guesses were counted in the sign-in window; a right guess
 * then stops counting (`succeeded`), so only wrong ones use the key's guesses up. Serialised per key like
 * the sign-in attempts, so guesses sent at once cannot all see the same count.
 */
export async function claimGuess(
  db: Database,
  now: Date,
  key: string,
  limit: number,
  refusal: string,
): Promise<LoginAttempt> {
  const since = new Date(now.getTime() - loginLimits.windowMs);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    await tx
      .delete(loginFailures)
      .where(and(eq(loginFailures.key, key), lte(loginFailures.createdAt, since)));
    const retryAfter = await secondsUntilFree(tx, key, limit, now);
    if (retryAfter !== null) return { kind: 'refused' as const, retryAfter };
    const [counted] = await tx
      .insert(loginFailures)
      .values({ key, createdAt: now })
      .returning({ id: loginFailures.id });
    return { kind: 'counted' as const, id: counted?.id };
  });
  if (outcome.kind === 'refused') {
    const retryAfter = Math.max(1, outcome.retryAfter);
    throw tooManyRequests(`${refusal} Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, retryAfter);
  }
  return {
    async succeeded() {
      if (outcome.id !== undefined) await db.delete(loginFailures).where(eq(loginFailures.id, outcome.id));
    },
  };
}
