import { and, count, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
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
    await tx.delete(loginFailures).where(lt(loginFailures.createdAt, since));
    for (const [key, limit] of limits) {
      const [row] = await tx
        .select({ n: count(), oldest: min(loginFailures.createdAt) })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gte(loginFailures.createdAt, since)));
      if ((row?.n ?? 0) >= limit) {
        const oldestMs = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
        return {
          kind: 'refused' as const,
          retryAfter: Math.ceil((oldestMs + loginLimits.windowMs - now.getTime()) / 1000),
        };
      }
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
