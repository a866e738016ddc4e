import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  abilityFor,
  asSubject,
  defineRulesFor,
  type Action,
  type AppAbility,
  type RoleFacts,
  type SubjectName,
} from '@console/shared-sdk/ability';
import { apiKeyPrefix, apiKeyRefusal, idSchema } from '@console/shared-sdk/contract';
import type { Database } from '../db/client.js';
import { authSessions, customRoles, organizations, siteMembers, sites, users } from '../db/schema.js';
import { customRoleOfUser, roleFactsColumns, roleFactsFrom } from './roles/role-facts.js';
import type { AuthUser } from './identity.js';
import type { SessionFacts } from './session-cache.js';
import { audienceOfClient, audiencesOf, staffCalls, type Audience } from './audience.js';
import { apiKeyFactsOf, type ApiKeyCaller } from './api-keys/authenticate.js';

export type { AuthUser };
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors.js';

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  siteIds: string[];
  ability: AppAbility;
  /** Who the sign-in is for: the console (web) or the staff's mobile app. */
  audience: Audience;
  /** The organisation this request acts in: the user's own, or for ADMIN the `orgId` it sent (or null). */
  orgId: string | null;
  /** The name of the custom role whose pairs `ability` holds (a site admin's), else null. */
  customRole: string | null;
  /**
   * Set when the call is made with an integrator's API key: then `user` is the key acting (its id the key's,
   * named "API key “…”"), `orgId` the key's organisation, `siteIds` its sites, `ability` its scopes' rules.
   */
  apiKey?: ApiKeyCaller;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Whose tokens the route takes, set for every route as it is registered (`registerAuthFirst`). */
    audiences?: readonly Audience[];
    /**
     * 'untouched' on a write that changes no table the sign-in triggers watch (migration 0004: users,
     * auth_sessions, site_members, a site or organisation closing): its answer need not wait until every
     * instance has heard of sign-in changes (app.ts). Each such route's tests check it hears none.
     */
    signInState?: 'untouched';
  }
}

/** The spec sends the access token raw in Authorization; `Bearer <token>` is accepted too. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const token = /^bearer\s+/i.test(trimmed) ? trimmed.replace(/^bearer\s+/i, '') : trimmed;
  return token === '' ? undefined : token;
}

/**
 * Sites a user belongs to (administers or works at), live sites only. A session signed in on a shared
 * kitchen tablet (`onlySite`, its authSessions.siteId) acts on the tablet's site alone, whatever other
 * sites the person works at.
 */
export async function siteIdsOf(db: Database, userId: string, onlySite?: string | null): Promise<string[]> {
  const rows = await db
    .select({ siteId: siteMembers.siteId })
    .from(siteMembers)
    .innerJoin(sites, eq(sites.id, siteMembers.siteId))
    .where(
      and(
        eq(siteMembers.userId, userId),
        isNull(sites.deletedAt),
        onlySite ? eq(siteMembers.siteId, onlySite) : undefined,
      ),
    )
    .orderBy(siteMembers.siteId);
  return rows.map((r) => r.siteId);
}

export function rulesFor(user: AuthUser, siteIds: readonly string[], roles: RoleFacts) {
  return defineRulesFor({ userID: user.id, role: user.role, orgId: user.orgId, siteIds }, roles);
}

/** The `orgId` a platform admin sent, read from the raw URL because route schemas strip unknown query keys. */
function requestedOrgId(request: FastifyRequest): string | undefined {
  const fromQuery = new URL(request.url, 'http://localhost').searchParams.get('orgId');
  const fromHeader = request.headers['orgid'];
  const value = fromQuery !== null && fromQuery !== '' ? fromQuery : fromHeader;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A live session's user, sites and organisation state, read from the database. */
async function sessionFacts(
  db: Database,
  sessionId: string,
  userId: string,
): Promise<SessionFacts | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      orgId: users.orgId,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      orgDeletedAt: organizations.deletedAt,
      client: authSessions.client,
      sessionSiteId: authSessions.siteId,
      ...roleFactsColumns,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(customRoles, customRoleOfUser)
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(users.id, userId),
        isNull(authSessions.revokedAt),
        isNull(users.deletedAt),
        eq(users.status, 'ACTIVE'),
      ),
    );
  if (!row) return undefined;
  const {
    orgDeletedAt,
    client,
    sessionSiteId,
    subjectDefaults,
    customRoleName,
    customRoleGrants,
    declaredSubjects,
    ...user
  } = row;
  const roles = roleFactsFrom({ subjectDefaults, customRoleName, customRoleGrants, declaredSubjects });
  const siteIds =
    user.role === 'SITE_ADMIN' || user.role === 'STAFF' ? await siteIdsOf(db, user.id, sessionSiteId) : [];
  return {
    user,
    siteIds,
    organisationClosed: orgDeletedAt !== null,
    audience: audienceOfClient[client],
    ability: abilityFor(rulesFor(user, siteIds, roles)),
    customRole: user.role === 'SITE_ADMIN' ? (roles.customRole?.name ?? null) : null,
  };
}

/**
 * Resolves the caller from the access token. The session's user and sites come from the session cache,
 * which forgets them the moment the database announces a change (a logout, a deleted account, a closed
 * site or organisation, on any instance), and otherwise from the database.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const { db, tokens } = request.server.deps;
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw unauthorized();
  if (token.startsWith(apiKeyPrefix)) {
    // A key acts in its own organisation only: a platform admin's `orgId` has no meaning here.
    const { user, siteIds, ability, apiKey } = await apiKeyFactsOf(request, token);
    const caller = { id: apiKey.id, name: apiKey.name, scopes: apiKey.scopes };
    request.auth = {
      user,
      sessionId: apiKey.id,
      siteIds,
      ability,
      audience: 'web',
      orgId: user.orgId,
      customRole: null,
      apiKey: caller,
    };
    return request.auth;
  }
  const claims = await tokens.verifyAccess(token);
  if (!idSchema.safeParse(claims.userId).success || !idSchema.safeParse(claims.sessionId).success) {
    throw unauthorized('Your session is not valid; please sign in again');
  }
  const cache = request.server.sessionCache;
  let facts = cache.get(claims.sessionId, claims.userId);
  if (!facts) {
    const generation = cache.begin();
    facts = await sessionFacts(db, claims.sessionId, claims.userId);
    if (!facts) throw unauthorized('Your session has ended; please sign in again');
    cache.store(generation, claims.sessionId, facts);
  }
  if (facts.organisationClosed) throw unauthorized('Your organisation has been closed');
  // The token's audience comes from its session's client when it is signed; a token that disagrees with
  // its session was not made by this server.
  if (facts.audience !== claims.audience)
    throw unauthorized('Your session is not valid; please sign in again');
  assertAudience(request, claims.audience);
  const { user, siteIds, ability } = facts;

  let orgId = user.orgId;
  if (user.role === 'ADMIN') {
    const requested = requestedOrgId(request);
    if (requested !== undefined) {
      if (!idSchema.safeParse(requested).success)
        throw badRequest('orgId is not valid', { orgId: ['Must be a valid id'] });
      const [org] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.id, requested), isNull(organizations.deletedAt)));
      if (!org) throw notFound('Organisation');
      orgId = org.id;
    }
  }
  request.auth = {
    user,
    sessionId: claims.sessionId,
    siteIds,
    ability,
    audience: claims.audience,
    orgId,
    customRole: facts.customRole ?? null,
  };
  return request.auth;
}

export const refusedOnMobile =
  'The mobile app cannot make this call: it belongs to the web console, for organisation and site admins';
export const refusedOnWeb = 'This is a call of the staff mobile app; the web console cannot make it';

/**
 * Whether the route takes tokens of this audience: the mobile app's token only the staff calls
 * (`staffCalls`), the console's token every call but the mobile app's own. Checked with the abilities,
 * before anything reads the request.
 */
function assertAudience(request: FastifyRequest, audience: Audience) {
  const allowed = request.routeOptions.config.audiences ?? ['web'];
  if (!allowed.includes(audience)) throw forbidden(audience === 'mobile' ? refusedOnMobile : refusedOnWeb);
}

/** A hook that authenticates (and perhaps authorises) the caller. */
export type AuthHook = (request: FastifyRequest) => Promise<void>;

const authHooks = new WeakSet<AuthHook>();
function authHook(hook: AuthHook): AuthHook {
  authHooks.add(hook);
  return hook;
}

/**
 * Route hook: the caller must be signed in. Such a call acts on the caller (its profile, password,
 * notifications) or needs no rule: an API key, which is no person and holds only its scopes' rules, is refused.
 */
export const signedIn = authHook(async (request) => {
  const auth = await authenticate(request);
  if (auth.apiKey) throw forbidden(apiKeyRefusal);
});

const laterStages = ['preParsing', 'preValidation', 'preHandler'] as const;

/** What each `allow` hook asks of the caller, for the API document (which calls a key may make). */
const permissions = new WeakMap<AuthHook, { action: Action; subject: SubjectName }>();

/** Route hook: the caller must be signed in and allowed `action` on some `subject`. */
export function allow(action: Action, subject: SubjectName): AuthHook {
  const hook = authHook(async (request) => {
    const auth = await authenticate(request);
    if (!auth.ability.can(action, subject)) throw forbidden();
  });
  permissions.set(hook, { action, subject });
  return hook;
}

/** The permissions a route's `allow` hooks ask for, wherever the route declared them; none for other routes. */
export function permissionsOfRoute(
  route: Pick<RouteOptions, (typeof laterStages)[number] | 'onRequest'>,
): { action: Action; subject: SubjectName }[] {
  return (['onRequest', ...laterStages] as const).flatMap((stage) => {
    const hooks: unknown = route[stage];
    return (Array.isArray(hooks) ? hooks : [hooks]).flatMap((hook) => {
      const permission = permissions.get(hook as AuthHook);
      return permission ? [permission] : [];
    });
  });
}

/**
 * Authentication runs before anything reads the request: a caller without a valid token gets 401 whatever
 * it sent, never a 400 that would tell an outsider how a route validates (nor a multipart body parsed for
 * nobody). Every route that declares `signedIn` or `allow(…)` in a later stage has it moved to onRequest
 * here, as the route is registered, so no route can get the order wrong.
 *
 * Each route under `apiPrefix` also learns here whose tokens it takes (`staffCalls`); a staff call that
 * names no registered route stops the app when it gets ready.
 */
export function registerAuthFirst(app: FastifyInstance, apiPrefix: string) {
  const staffCallsSeen = new Set<string>();
  app.addHook('onReady', async () => {
    const missing = Object.keys(staffCalls).filter((call) => !staffCallsSeen.has(call));
    if (missing.length > 0) {
      throw new Error(`Staff calls that name no route (platform/auth/audience.ts): ${missing.join(', ')}`);
    }
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const audiences = audiencesOf(methods[0] ?? 'GET', route.url, apiPrefix);
    route.config = { ...route.config, audiences };
    if (route.url.startsWith(`${apiPrefix}/`)) {
      for (const method of methods) staffCallsSeen.add(`${method} ${route.url.slice(apiPrefix.length)}`);
    }
    const moved: AuthHook[] = [];
    for (const stage of laterStages) {
      const hooks = route[stage];
      if (hooks === undefined) continue;
      const list = (Array.isArray(hooks) ? hooks : [hooks]) as unknown[];
      const auth = list.filter((hook): hook is AuthHook => authHooks.has(hook as AuthHook));
      if (auth.length === 0) continue;
      moved.push(...auth);
      (route as unknown as Record<string, unknown[]>)[stage] = list.filter(
        (hook) => !auth.includes(hook as AuthHook),
      );
    }
    if (moved.length === 0) return;
    const existing =
      route.onRequest === undefined
        ? []
        : Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest];
    route.onRequest = [...moved, ...existing] as RouteOptions['onRequest'];
  });
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The organisation the request acts in; a platform ADMIN must name one with `orgId`. */
export function orgOf(request: FastifyRequest): string {
  const auth = authOf(request);
  if (auth.orgId === null) {
    throw badRequest('Choose an organisation first (send orgId)', {
      orgId: ['Required for a platform admin'],
    });
  }
  return auth.orgId;
}

/** Record-level check against the rule conditions (site membership, own organisation). */
export function assertCan(
  request: FastifyRequest,
  action: Action,
  subject: SubjectName,
  record: Record<string, unknown>,
  field?: string,
) {
  const auth = authOf(request);
  if (!auth.ability.can(action, asSubject(subject, record), field)) {
    const reason = auth.ability.relevantRuleFor(action, asSubject(subject, record), field)?.reason;
    throw forbidden(reason ?? undefined);
  }
}
