import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DateFormat, LoginResponse } from '@console/shared-sdk/contract';
import type { AppDeps } from '../app-deps.js';
import type { Database, Tx } from '../db/client.js';
import { authSessions, refreshTokens, users } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';
import { newId } from '../db/ids.js';
import { hashToken, newOpaqueToken } from './tokens.js';
import { rulesFor, siteIdsOf, type AuthUser } from './guard.js';
import { roleFactsOf } from './roles/role-facts.js';
import { audienceOfClient, type Audience } from './audience.js';

type SessionDeps = Pick<AppDeps, 'db' | 'clock' | 'tokens' | 'config'>;

/**
 * How long the refresh token just replaced still answers, with the same new pair: two tabs (or a retry after
 * a lost answer) refreshing at the same moment must not look like a stolen token.
 */
export const refreshGraceMs = 30_000;

const dayMs = 86_400_000;

/** When a session started at `startedAt` ends, however often it is refreshed (SESSION_MAX_DAYS). */
const sessionEndOf = (deps: SessionDeps, startedAt: Date) =>
  new Date(startedAt.getTime() + deps.config.sessionMaxDays * dayMs);

async function issueRefreshToken(
  db: Database | Tx,
  deps: SessionDeps,
  session: { id: string; startedAt: Date },
  token: string,
): Promise<string> {
  const now = deps.clock.now();
  const ttlEnd = now.getTime() + deps.config.refreshTokenTtlDays * dayMs;
  const expiresAt = new Date(Math.min(ttlEnd, sessionEndOf(deps, session.startedAt).getTime()));
  await db
    .insert(refreshTokens)
    .values({ id: newId(), sessionId: session.id, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return token;
}

/** How the console writes dates for a person (their profile's choice). */
async function dateFormatOf(db: Database, userId: string): Promise<DateFormat> {
  const [row] = await db.select({ dateFormat: users.dateFormat }).from(users).where(eq(users.id, userId));
  return row?.dateFormat ?? 'SITE';
}

/**
 * Access token, refresh token and the userData the console stores (with the user's current rules). The
 * access token's audience is its session's client, so a refresh keeps what the sign-in was for.
 */
async function tokenResponse(
  deps: SessionDeps,
  user: AuthUser,
  session: { id: string; audience: Audience; siteId: string | null },
  refreshToken: string,
): Promise<LoginResponse> {
  const sessionId = session.id;
  const siteIds =
    user.role === 'SITE_ADMIN' || user.role === 'STAFF'
      ? await siteIdsOf(deps.db, user.id, session.siteId)
      : [];
  const accessToken = await deps.tokens.signAccess({
    userId: user.id,
    sessionId,
    role: user.role,
    orgId: user.orgId,
    audience: session.audience,
  });
  return {
    accessToken,
    refreshToken,
    expiresIn: deps.tokens.accessTtlSeconds,
    userData: {
      userID: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      orgId: user.orgId,
      siteIds,
      ability: rulesFor(user, siteIds, await roleFactsOf(deps.db, user.id)),
      accessToken,
      dateFormat: await dateFormatOf(deps.db, user.id),
    },
  };
}

/**
 * Starts a sign-in session (a refresh-token family) for a user whose password was just checked. A sign-in
 * on a shared kitchen tablet names the device (revoking it ends the session) and the one site the session
 * may act on.
 */
export async function startSession(
  deps: SessionDeps,
  user: AuthUser,
  meta: {
    client: 'WEB' | 'MOBILE';
    ip?: string;
    userAgent?: string;
    device?: { id: string; siteId: string };
  },
): Promise<LoginResponse> {
  const sessionId = newId();
  const startedAt = deps.clock.now();
  const refreshToken = await deps.db.transaction(async (tx) => {
    await tx.insert(authSessions).values({
      id: sessionId,
      userId: user.id,
      client: meta.client,
      deviceId: meta.device?.id ?? null,
      siteId: meta.device?.siteId ?? null,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      createdAt: startedAt,
    });
    return issueRefreshToken(tx, deps, { id: sessionId, startedAt }, newOpaqueToken());
  });
  const session = {
    id: sessionId,
    audience: audienceOfClient[meta.client],
    siteId: meta.device?.siteId ?? null,
  };
  return tokenResponse(deps, user, session, refreshToken);
}

export async function revokeSession(db: Database | Tx, sessionId: string, reason: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session signed in on a kitchen tablet (the device was revoked, or enrolled again). */
export async function revokeSessionsOfDevice(db: Database | Tx, deviceId: string, reason: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.deviceId, deviceId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user (password reset, deleted account), or every other one (password change). */
export async function revokeSessionsOfUser(
  db: Database | Tx,
  userId: string,
  reason: string,
  now: Date,
  exceptSessionId?: string,
) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    );
}

/**
 * Exchanges a refresh token for a new pair. Each refresh token works once: presenting one that was already
 * used means it was copied, so the whole family (the sign-in session) is revoked and both holders must sign
 * in again. The one exception is the grace period: within `refreshGraceMs` of its use, the token just
 * replaced answers with the same new refresh token, as long as that one has not been used yet. A session
 * also ends for good SESSION_MAX_DAYS after its sign-in.
 */
export async function rotateRefreshToken(
  deps: SessionDeps,
  presented: string,
  loadUser: (userId: string) => Promise<AuthUser | undefined>,
): Promise<LoginResponse> {
  const now = deps.clock.now();
  const successor = deps.tokens.successorRefreshToken(presented);
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
        userId: authSessions.userId,
        revokedAt: authSessions.revokedAt,
        startedAt: authSessions.createdAt,
        client: authSessions.client,
        siteId: authSessions.siteId,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    if (!row || row.revokedAt) return { kind: 'invalid' as const };
    if (sessionEndOf(deps, row.startedAt) <= now) {
      await revokeSession(tx, row.sessionId, 'session lifetime ended', now);
      return { kind: 'expired' as const };
    }
    const ok = {
      kind: 'ok' as const,
      sessionId: row.sessionId,
      userId: row.userId,
      audience: audienceOfClient[row.client],
      siteId: row.siteId,
      refreshToken: successor,
    };
    if (row.usedAt) {
      if (now.getTime() - row.usedAt.getTime() <= refreshGraceMs) {
        const [next] = await tx
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.tokenHash, hashToken(successor)),
              eq(refreshTokens.sessionId, row.sessionId),
              isNull(refreshTokens.usedAt),
            ),
          );
        if (next) return ok;
      }
      await revokeSession(tx, row.sessionId, 'refresh token reused', now);
      return { kind: 'reused' as const };
    }
    if (row.expiresAt <= now) return { kind: 'expired' as const };
    // The row lock above makes a concurrent second use wait here, and then see usedAt (the grace path).
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    await issueRefreshToken(tx, deps, { id: row.sessionId, startedAt: row.startedAt }, successor);
    return ok;
  });
  // Reuse revokes the family inside the transaction above, so it is committed before the 401 goes out.
  if (outcome.kind === 'reused')
    throw unauthorized('This sign-in was ended for safety; please sign in again');
  if (outcome.kind === 'expired')
    throw unauthorized('Your session has expired; please sign in again', 'TOKEN_EXPIRED');
  if (outcome.kind === 'invalid') throw unauthorized('Your session has ended; please sign in again');
  const user = await loadUser(outcome.userId);
  if (!user) {
    await revokeSession(deps.db, outcome.sessionId, 'user gone', now);
    throw unauthorized('Your account is no longer active');
  }
  return tokenResponse(
    deps,
    user,
    { id: outcome.sessionId, audience: outcome.audience, siteId: outcome.siteId },
    outcome.refreshToken,
  );
}
