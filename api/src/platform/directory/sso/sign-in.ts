import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  ssoHandoffSeconds,
  ssoLoginMinutes,
  ssoSignInErrorLabels,
  type SsoDiscovery,
  type SsoExchangeResponse,
  type SsoSignInError,
} from '@console/shared-sdk/contract';
import type { AppDeps } from '../../app-deps.js';
import type { AuthUser } from '../../auth/identity.js';
import { startSession } from '../../auth/sessions.js';
import { hashToken, newOpaqueToken } from '../../auth/tokens.js';
import { findLiveUserByEmail, insertUser, type UserRow } from '../../auth/users/repository.js';
import { newId } from '../../db/ids.js';
import { organizations, siteMembers, sites, users } from '../../db/schema.js';
import { HttpError, fieldError, unauthorized } from '../../http/errors.js';
import { ssoLogins } from '../schema.js';
import {
  authorizationRequest,
  identityOfAnswer,
  providerConfiguration,
  type ProviderIdentity,
} from './oidc.js';
import { findProvider, providerOfDomain, secretContextOf, type ProviderWithDomains } from './repository.js';

// One sign-in through an organisation's provider, from the sign-in page's button to the console holding its
// session:
//   start     the provider's address, with a fresh state (kept hashed), PKCE verifier and the nonce (the
//             SHA-256 of the value the browser tab keeps), valid ssoLoginMinutes;
//   callback  the provider sends the person back: the state is used once, the answer checked through
//             openid-client, the person found (or made, when allowed) in that organisation, and a one-time
//             hand-off code handed to the console's /sso/complete page, valid ssoHandoffSeconds;
//   exchange  the page trades that code, with the tab's value, for the password sign-in's answer.
// A refusal at the callback is a short code the sign-in page puts into words (ssoSignInErrorLabels).

type SignInDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'tokens'>;

/** Sign-ins through a provider older than this are removed as new ones start. */
const keptLoginsMs = 24 * 3_600_000;

/** The nonce a sign-in carries: the SHA-256 of the browser tab's binding value (OpenID Connect Core 15.5.2). */
export const nonceOfBinding = (binding: string) => createHash('sha256').update(binding).digest('base64url');

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether the address's domain signs in through a provider: the domain's answer, whoever the person is. */
export async function discoverSingleSignOn(deps: SignInDeps, email: string): Promise<SsoDiscovery> {
  const found = await providerOfDomain(deps.db, domainOf(email));
  if (!found || !found.provider.enabled) return { covered: false, organizationName: null, required: false };
  return { covered: true, organizationName: found.organizationName, required: found.provider.requireSso };
}

/** The provider is there but cannot be used now: nothing the person can change. */
const unavailable = () =>
  new HttpError(
    503,
    'SERVER_BUSY',
    'Your organisation’s identity provider cannot be reached right now. Try again in a moment, or ask your organisation admin.',
  );

/** The provider's configuration with its opened secret, or null when the secret no longer opens. */
async function configurationOf(deps: SignInDeps, provider: ProviderWithDomains) {
  const clientSecret = deps.tokens.unseal(provider.clientSecretSealed, secretContextOf(provider.orgId));
  if (clientSecret === null) return null;
  return providerConfiguration(deps, { issuer: provider.issuer, clientId: provider.clientId, clientSecret });
}

/** Starts a sign-in: answers the provider's address to send the browser to. */
export async function startSingleSignOn(
  deps: SignInDeps,
  input: { email: string; binding: string; returnTo?: string | undefined },
  redirectUri: string,
  log: FastifyBaseLogger,
): Promise<string> {
  const found = await providerOfDomain(deps.db, domainOf(input.email));
  if (!found || !found.provider.enabled) {
    throw fieldError('email', 'Single sign-on is not set up for this e-mail address’s domain');
  }
  const provider = await findProvider(deps.db, found.provider.orgId);
  if (!provider) throw fieldError('email', 'Single sign-on is not set up for this e-mail address’s domain');
  let configuration;
  try {
    configuration = await configurationOf(deps, provider);
  } catch (error) {
    log.warn({ err: error, orgId: provider.orgId }, 'single sign-on provider not reachable');
    throw unavailable();
  }
  if (!configuration) {
    log.warn({ orgId: provider.orgId }, 'single sign-on client secret cannot be opened: enter it again');
    throw unavailable();
  }
  const request = await authorizationRequest(configuration, {
    redirectUri,
    nonce: nonceOfBinding(input.binding),
    loginHint: input.email,
  });
  const now = deps.clock.now();
  await deps.db.delete(ssoLogins).where(lt(ssoLogins.createdAt, new Date(now.getTime() - keptLoginsMs)));
  await deps.db.insert(ssoLogins).values({
    id: newId(),
    orgId: provider.orgId,
    stateHash: hashToken(request.state),
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    returnTo: input.returnTo ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ssoLoginMinutes * 60_000),
  });
  return request.authorizationUrl;
}

export type CallbackOutcome =
  { kind: 'signed-in'; handoff: string } | { kind: 'refused'; error: SsoSignInError };

const refused = (error: SsoSignInError): CallbackOutcome => ({ kind: 'refused', error });

/** A person made on their first sign-in: the provider's default role (and sites), no password. */
async function personOnFirstSignIn(
  deps: SignInDeps,
  provider: ProviderWithDomains,
  identity: ProviderIdentity & { email: string },
): Promise<UserRow> {
  const now = deps.clock.now();
  const words = identity.name?.split(/\s+/) ?? [];
  const firstName = (identity.givenName ?? words[0] ?? identity.email.split('@')[0] ?? '').slice(0, 100);
  const lastName = (identity.familyName ?? words.slice(1).join(' ')).slice(0, 100);
  return deps.db.transaction(async (tx) => {
    const person = await insertUser(
      tx,
      { orgId: provider.orgId, email: identity.email, firstName, lastName, role: provider.defaultRole },
      now,
    );
    await tx.update(users).set({ provisionedBy: 'SSO' }).where(eq(users.id, person.id));
    if (provider.defaultRole === 'SITE_ADMIN' && provider.defaultSiteIds.length > 0) {
      const live = await tx
        .select({ id: sites.id })
        .from(sites)
        .where(
          and(
            inArray(sites.id, provider.defaultSiteIds),
            eq(sites.orgId, provider.orgId),
            isNull(sites.deletedAt),
          ),
        );
      if (live.length > 0) {
        await tx
          .insert(siteMembers)
          .values(live.map((site) => ({ siteId: site.id, userId: person.id, createdAt: now })));
      }
    }
    return { ...person, provisionedBy: 'SSO' as const };
  });
}

/** Who may sign in to the console through the provider: a live, active admin of that very organisation. */
function refusalOf(person: UserRow, orgId: string): SsoSignInError | null {
  if (person.orgId !== orgId) return 'NO_ACCOUNT';
  if (person.role === 'STAFF') return 'STAFF';
  if (person.role !== 'ORGANIZATION_ADMIN' && person.role !== 'SITE_ADMIN') return 'NO_ACCOUNT';
  if (person.status !== 'ACTIVE') return 'INACTIVE';
  return null;
}

/**
 * The provider's answer at the callback (`answer`: its query, as sent). The sign-in's state works once,
 * whatever follows; every refusal is recorded on the sign-in in words and logged for the admins.
 */
export async function finishAtCallback(
  deps: SignInDeps,
  answer: URLSearchParams,
  redirectUri: string,
  log: FastifyBaseLogger,
): Promise<CallbackOutcome> {
  const now = deps.clock.now();
  const state = answer.get('state');
  if (!state) return refused('EXPIRED');
  // Taken in one statement, so the same answer sent twice at once signs in at most once.
  const [login] = await deps.db
    .update(ssoLogins)
    .set({ usedAt: now })
    .where(and(eq(ssoLogins.stateHash, hashToken(state)), isNull(ssoLogins.usedAt)))
    .returning();
  if (!login) return refused('EXPIRED');
  const refuse = async (error: SsoSignInError, detail?: unknown) => {
    if (detail !== undefined)
      log.info({ err: detail, orgId: login.orgId, refused: error }, 'single sign-on refused');
    await deps.db
      .update(ssoLogins)
      .set({ error: ssoSignInErrorLabels[error] })
      .where(eq(ssoLogins.id, login.id));
    return refused(error);
  };
  if (login.expiresAt <= now) return refuse('EXPIRED');
  const providerError = answer.get('error');
  if (providerError) return refuse('CANCELLED', `${providerError}: ${answer.get('error_description') ?? ''}`);

  const [organization] = await deps.db
    .select({ deletedAt: organizations.deletedAt })
    .from(organizations)
    .where(eq(organizations.id, login.orgId));
  const provider = await findProvider(deps.db, login.orgId);
  if (!provider || !provider.enabled || !organization || organization.deletedAt) return refuse('UNAVAILABLE');

  let identity: ProviderIdentity;
  try {
    const configuration = await configurationOf(deps, provider);
    if (!configuration) return refuse('UNAVAILABLE', 'the client secret cannot be opened: enter it again');
    identity = await identityOfAnswer(configuration, new URL(`${redirectUri}?${answer.toString()}`), {
      state,
      nonce: login.nonce,
      codeVerifier: login.codeVerifier,
    });
  } catch (error) {
    return refuse('PROVIDER', error);
  }
  const { email } = identity;
  if (email === null || !identity.emailVerified) return refuse('EMAIL_UNVERIFIED');
  if (!provider.domains.includes(domainOf(email))) return refuse('DOMAIN');

  let person = await findLiveUserByEmail(deps.db, email);
  if (!person) {
    if (!provider.createOnFirstSignIn) return refuse('NO_ACCOUNT');
    try {
      person = await personOnFirstSignIn(deps, provider, { ...identity, email });
    } catch (error) {
      // Made at the same moment by another sign-in (or by hand): that account is the one to judge.
      person = await findLiveUserByEmail(deps.db, email);
      if (!person) return refuse('PROVIDER', error);
    }
  }
  const refusal = refusalOf(person, login.orgId);
  if (refusal) return refuse(refusal);

  const handoff = newOpaqueToken();
  await deps.db
    .update(ssoLogins)
    .set({
      userId: person.id,
      handoffHash: hashToken(handoff),
      handoffExpiresAt: new Date(now.getTime() + ssoHandoffSeconds * 1000),
    })
    .where(eq(ssoLogins.id, login.id));
  return { kind: 'signed-in', handoff };
}

/** What every failed exchange hears: the code is spent, unknown, expired or not this tab's. */
const handoffRefused = () =>
  unauthorized('This single sign-on is no longer valid: please sign in again from the sign-in page');

/** Trades a hand-off code and the tab's binding value (each once) for a console session. */
export async function exchangeHandoff(
  deps: SignInDeps,
  input: { code: string; binding: string },
  meta: { ip: string; userAgent?: string | undefined },
): Promise<SsoExchangeResponse> {
  const now = deps.clock.now();
  const [login] = await deps.db
    .update(ssoLogins)
    .set({ handoffUsedAt: now })
    .where(and(eq(ssoLogins.handoffHash, hashToken(input.code)), isNull(ssoLogins.handoffUsedAt)))
    .returning();
  if (
    !login ||
    login.userId === null ||
    login.handoffExpiresAt === null ||
    login.handoffExpiresAt <= now ||
    !sameText(nonceOfBinding(input.binding), login.nonce)
  ) {
    throw handoffRefused();
  }
  // Read again: the person may have been deactivated, or the organisation closed, since the callback.
  const [row] = await deps.db
    .select({
      id: users.id,
      orgId: users.orgId,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      orgDeletedAt: organizations.deletedAt,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(and(eq(users.id, login.userId), isNull(users.deletedAt)));
  if (!row || row.orgId !== login.orgId || row.orgDeletedAt !== null) throw handoffRefused();
  if (row.status !== 'ACTIVE') throw new HttpError(403, 'FORBIDDEN', ssoSignInErrorLabels.INACTIVE);
  if (row.role !== 'ORGANIZATION_ADMIN' && row.role !== 'SITE_ADMIN') {
    throw new HttpError(403, 'FORBIDDEN', ssoSignInErrorLabels.STAFF);
  }
  const { status: _status, orgDeletedAt: _closed, ...user } = row;
  const person: AuthUser = user;
  const signedIn = await startSession(deps, person, {
    client: 'WEB',
    ip: meta.ip,
    ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
  });
  // Not an edit of the person, so updatedAt stays.
  await deps.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, person.id));
  return { ...signedIn, returnTo: login.returnTo };
}
