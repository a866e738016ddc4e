import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserQuerySchema,
  adminUserSchema,
  envelope,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  passwordSetSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  ssoRequiredMessage,
  webRoles,
  type Role,
} from '@console/shared-sdk/contract';
import { accountKey, addressKey, claimLoginAttempt } from '../login-limit.js';
import { sendPasswordLink, usePasswordLink } from '../password-links.js';
import { assertStrongPassword } from '../password-strength.js';
import { revokeSession, rotateRefreshToken, startSession } from '../sessions.js';
import type { Database } from '../../db/client.js';
import { authSessions, organizations, refreshTokens, users } from '../../db/schema.js';
import { forbidden, notFound, unauthorized } from '../../http/errors.js';
import { verifyPassword } from '../passwords.js';
import { ok } from '../../http/respond.js';
import { hashToken } from '../tokens.js';
import { allow, authenticate, type AuthUser } from '../guard.js';
import { findLiveUserByEmail } from '../users/repository.js';
import { passwordSignInOff } from '../../directory/sso/repository.js';

const tags = ['authentication'];
/** What a deactivated person hears at any sign-in, once their password (or PIN) was right. */
export const deactivated =
  'This account has been deactivated. Ask your organisation admin if you should have access again.';
const messageOnly = envelope(z.null());

/** A user who may hold a session: live, active, in an open organisation. */
async function loadAuthUser(db: Database, userId: string): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      orgId: users.orgId,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(
      and(
        eq(users.id, userId),
        isNull(users.deletedAt),
        eq(users.status, 'ACTIVE'),
        isNull(organizations.deletedAt),
      ),
    );
  return row;
}

/**
 * POST /refresh-token, under /authentication and under /jwt (where the spec's client sends it): one
 * route, registered at both roots.
 */
export async function refreshTokenRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  r.post(
    '/refresh-token',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new pair (each refresh token works once)',
        security: [],
        body: refreshRequestSchema,
        response: { 200: envelope(loginResponseSchema) },
        errors: [401],
      },
    },
    async (request) =>
      ok(
        await rotateRefreshToken(deps, request.body.refreshToken, (userId) => loadAuthUser(deps.db, userId)),
      ),
  );
}

export default async function authenticationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /** Password sign-in shared by the web and mobile logins; `allowed` says which roles this door admits. */
  async function signIn(
    request: FastifyRequest,
    body: { email: string; password: string },
    client: 'WEB' | 'MOBILE',
    allowed: readonly Role[],
    refusal: string,
  ) {
    const now = deps.clock.now();
    const keys = { account: accountKey(body.email), address: addressKey(request.ip) };
    const attempt = await claimLoginAttempt(deps.db, now, keys);
    const user = await findLiveUserByEmail(deps.db, body.email);
    const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
    if (!user || !valid) throw unauthorized('The e-mail address or password is incorrect');
    await attempt.succeeded();
    // Told only to someone who knows the password, so an account's state cannot be probed without it.
    if (user.status !== 'ACTIVE') throw forbidden(deactivated);
    if (!allowed.includes(user.role)) throw forbidden(refusal);
    // The organisation signs its console people in through its provider; its break-glass admin keeps a
    // password. Staff, who sign in on the mobile app and tablets, are never the provider's.
    if (client === 'WEB' && (await passwordSignInOff(deps.db, user))) throw forbidden(ssoRequiredMessage);
    if (user.orgId) {
      const [org] = await deps.db
        .select({ deletedAt: organizations.deletedAt })
        .from(organizations)
        .where(eq(organizations.id, user.orgId));
      if (!org || org.deletedAt) throw forbidden('Your organisation has been closed');
    }
    const signedIn = await startSession(deps, user, {
      client,
      ip: request.ip,
      ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
    });
    // Not an edit of the person, so updatedAt stays.
    await deps.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
    return signedIn;
  }

  r.post(
    '/web-app-login',
    {
      schema: {
        tags,
        summary: 'Sign in to the web console (admins)',
        security: [],
        body: loginRequestSchema,
        response: { 200: envelope(loginResponseSchema) },
        errors: [401, 403, 429],
      },
    },
    async (request) =>
      ok(
        await signIn(
          request,
          request.body,
          'WEB',
          webRoles,
          'Staff accounts sign in to the kitchen app (/kitchen); the web console is for organisation and site admins',
        ),
        'Signed in',
      ),
  );

  r.post(
    '/mobile-app-login',
    {
      schema: {
        tags,
        summary: 'Sign in to the mobile app (staff)',
        security: [],
        body: loginRequestSchema,
        response: { 200: envelope(loginResponseSchema) },
        errors: [401, 403, 429],
      },
    },
    async (request) =>
      ok(
        await signIn(request, request.body, 'MOBILE', ['STAFF'], 'Admin accounts sign in on the web console'),
        'Signed in',
      ),
  );

  await app.register(refreshTokenRoute);

  r.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: ends the session of the access token (or of the refresh token given)',
        body: logoutRequestSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const now = deps.clock.now();
      const refreshToken = request.body.refreshToken;
      let sessionId: string | undefined;
      try {
        sessionId = (await authenticate(request)).sessionId;
      } catch (error) {
        if (!refreshToken) throw error;
      }
      if (sessionId === undefined && refreshToken) {
        const [row] = await deps.db
          .select({ sessionId: refreshTokens.sessionId })
          .from(refreshTokens)
          .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
        if (!row) throw unauthorized();
        sessionId = row.sessionId;
      }
      if (sessionId) await revokeSession(deps.db, sessionId, 'logout', now);
      return ok(null, 'Signed out');
    },
  );

  r.post(
    '/forget-password',
    {
      schema: {
        tags,
        summary: 'E-mail a one-time password reset link (same answer whether or not the address exists)',
        security: [],
        body: forgetPasswordRequestSchema,
        response: { 200: messageOnly },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const ip = request.ip;
      // Everything that depends on whether the address has an account happens after the reply, so the
      // answer takes as long for an unknown address as for a known one.
      app.afterReply.run(reply, 'password reset e-mail', async () => {
        const now = deps.clock.now();
        // Counted like a sign-in attempt, so nobody can flood an inbox; over the limit, no mail is sent.
        const keys = { account: `reset:${email.toLowerCase()}`, address: addressKey(ip) };
        const counted = await claimLoginAttempt(deps.db, now, keys).then(
          () => true,
          () => false,
        );
        const user = await findLiveUserByEmail(deps.db, email);
        // A password the console refuses (single sign-on required) is not worth a mail.
        if (user && counted && !(await passwordSignInOff(deps.db, user))) {
          await sendPasswordLink(deps, user, 'RESET');
        }
      });
      return ok(
        null,
        'If an account exists for this address, we have e-mailed a link to reset its password.',
      );
    },
  );

  r.put(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed link (reset or invitation); works once',
        description:
          'Answers whose password was set (e-mail, first name, role), so the page can send admins to sign in ' +
          'and tell staff to use the mobile app. A deactivated account is refused with 403.',
        security: [],
        body: resetPasswordRequestSchema,
        response: { 200: envelope(passwordSetSchema) },
        errors: [403],
      },
    },
    async (request) => {
      assertStrongPassword(request.body.password, 'password');
      const person = await usePasswordLink(deps, request.body.token, request.body.password);
      return ok(
        person,
        person.role === 'STAFF'
          ? `Your password has been set. Sign in to the kitchen app (/kitchen) as ${person.email}.`
          : 'Your password has been set. Please sign in.',
      );
    },
  );

  r.get(
    '/getAdminUserById',
    {
      schema: {
        tags,
        summary: 'A user by id, for the platform admin acting in an organisation',
        querystring: adminUserQuerySchema,
        response: { 200: envelope(adminUserSchema) },
      },
      onRequest: allow('manage', 'Organization'),
    },
    async (request) => {
      const [row] = await deps.db
        .select({
          _id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
          orgId: users.orgId,
          organizationName: organizations.name,
        })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.orgId))
        .where(and(eq(users.id, request.query.id), isNull(users.deletedAt)));
      if (!row) throw notFound('User');
      return ok(row);
    },
  );
}
