import { and, count, eq, gte, lt, min } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { loginFailures } from '../db/schema.js';
import { tooManyRequests } from '../lib/errors.js';

/**
 * Failed sign-ins are counted in the database (not in memory), so the limit holds across restarts and
 * across several API instances.
 */
export const loginLimits = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 30,
} as const;

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

async function failuresSince(db: Database, key: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gte(loginFailures.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

export async function assertLoginAllowed(
  db: Database,
  now: Date,
  keys: { account: string; address: string },
) {
  const since = new Date(now.getTime() - loginLimits.windowMs);
  const checks = [
    [keys.account, loginLimits.perAccount],
    [keys.address, loginLimits.perAddress],
  ] as const;
  for (const [key, limit] of checks) {
    const { n, oldest } = await failuresSince(db, key, since);
    if (n >= limit) {
      const oldestMs = oldest ? new Date(oldest).getTime() : now.getTime();
      const retryAfter = Math.max(1, Math.ceil((oldestMs + loginLimits.windowMs - now.getTime()) / 1000));
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s) or reset your password.`,
        retryAfter,
      );
    }
  }
}

export async function recordLoginFailure(
  db: Database,
  now: Date,
  keys: { account: string; address: string },
) {
  const expired = new Date(now.getTime() - loginLimits.windowMs);
  await db.transaction(async (tx) => {
    await tx.delete(loginFailures).where(lt(loginFailures.createdAt, expired));
    await tx.insert(loginFailures).values([
      { key: keys.account, createdAt: now },
      { key: keys.address, createdAt: now },
    ]);
  });
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearAccountFailures(db: Database, account: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, account));
}
