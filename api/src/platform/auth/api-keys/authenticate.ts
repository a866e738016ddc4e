import type { FastifyRequest } from 'fastify';
import { abilityFor, defineRulesForApiKey } from '@console/shared-sdk/ability';
import { apiKeyRefusal } from '@console/shared-sdk/contract';
import type { Database } from '../../db/client.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { hashToken } from '../tokens.js';
import type { SessionFacts } from '../session-cache.js';
import { apiKeyOfHash, liveSitesOf } from './repository.js';

// A call with an API key (`Authorization: Bearer ck_…`): the key is found by its hash, and what it may do
// (its organisation, sites and rules) is kept in the session cache under that hash, beside the sessions.
// The table's trigger announces a key's id on the sign-in channel when it is revoked, expires sooner or
// changes scopes or sites, and the cache forgets every entry of that id on every instance, so a revoked key
// is refused on its next call wherever it lands.

/** What the request's AuthContext says of the key it was made with. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: string[];
}

/** The facts of a key, as the session cache keeps them. */
export type ApiKeyFacts = SessionFacts & Required<Pick<SessionFacts, 'apiKey'>>;

const refusedKey = 'This API key is not valid: it is unknown or was revoked';
const expiredKey = 'This API key has expired';

/** The cache's entry name of a key's facts: its hash, which names exactly one key. */
const entryOf = (hash: string) => `api-key:${hash}`;

/**
 * A working key's facts, read from the database: it acts as a person of its organisation who holds its
 * sites (every live site when it has no limit), with the rules of its scopes. The person is a staff member
 * to the code that branches on roles, so that no admin's habit (acknowledging alerts as records are opened)
 * is taken up on its behalf, and so that its lists hold its sites alone.
 */
async function keyFacts(db: Database, hash: string): Promise<ApiKeyFacts | undefined> {
  const key = await apiKeyOfHash(db, hash);
  if (!key || key.revokedAt !== null) return undefined;
  const siteIds = await liveSitesOf(db, key.orgId, key.siteIds);
  const rules = defineRulesForApiKey({
    orgId: key.orgId,
    siteIds: key.siteIds === null ? null : siteIds,
    scopes: key.scopes,
  });
  return {
    user: {
      id: key.id,
      orgId: key.orgId,
      role: 'STAFF',
      email: '',
      firstName: 'API key',
      lastName: `“${key.name}”`,
    },
    siteIds,
    organisationClosed: key.organisationClosed,
    audience: 'web',
    ability: abilityFor(rules),
    apiKey: { id: key.id, name: key.name, scopes: [...key.scopes], expiresAt: key.expiresAt },
  };
}

/**
 * The facts of the key `secret`, from the cache or the database; 401 when it is unknown, revoked, expired
 * or its organisation closed, and 403 on a call that is not the console's (the staff's mobile calls).
 */
export async function apiKeyFactsOf(request: FastifyRequest, secret: string): Promise<ApiKeyFacts> {
  const { db, clock } = request.server.deps;
  const hash = hashToken(secret);
  const cache = request.server.sessionCache;
  const cached = cache.get(entryOf(hash));
  let facts: ApiKeyFacts | undefined = cached?.apiKey ? { ...cached, apiKey: cached.apiKey } : undefined;
  if (!facts) {
    const generation = cache.begin();
    facts = await keyFacts(db, hash);
    if (!facts) throw unauthorized(refusedKey);
    cache.store(generation, entryOf(hash), facts);
  }
  if (facts.organisationClosed) throw unauthorized('Your organisation has been closed');
  const { expiresAt } = facts.apiKey;
  if (expiresAt !== null && expiresAt.getTime() <= clock.now().getTime()) throw unauthorized(expiredKey);
  const allowed = request.routeOptions.config.audiences ?? ['web'];
  if (!allowed.includes('web')) throw forbidden(apiKeyRefusal);
  return facts;
}
