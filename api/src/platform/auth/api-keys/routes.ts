import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyCreatedSchema,
  apiKeyInputSchema,
  apiKeyListQuerySchema,
  apiKeyRevokeSchema,
  apiKeySchema,
  apiKeyScopeIds,
  envelope,
  idParamSchema,
  listData,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import { allow, authOf } from '../guard.js';
import type { Database, Tx } from '../../db/client.js';
import { actorOf, recordHistory } from '../../history/history.js';
import { badRequest, fieldError, notFound } from '../../http/errors.js';
import { listOf } from '../../http/list.js';
import { ok } from '../../http/respond.js';
import { catalogueOf } from '../../http/resource-routes.js';
import {
  apiKeyDtos,
  apiKeySnapshot,
  findApiKey,
  foreignSites,
  insertApiKey,
  listApiKeys,
  newApiKey,
  revokeApiKey,
  type ApiKeyRow,
} from './repository.js';

// /api-key: the organisation's keys for integrators' systems, for its admins alone (a key acts for the
// organisation). A key is answered once, when it is made, and only its hash is kept; making and revoking
// one is kept in the organisation's history chain. Another organisation's key is not found (404).

const tags = ['api-key'];
const subject = 'ApiKey';

export default async function apiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const dtoOf = async (db: Database | Tx, row: ApiKeyRow) => {
    const [dto] = await apiKeyDtos(db, [row], deps.clock.now());
    if (!dto) throw new Error('no DTO for a loaded API key');
    return dto;
  };

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          'The organisation’s API keys, paged (newest first by default), searched by name or prefix and ' +
          'filtered by status (ACTIVE, EXPIRED, REVOKED): each with its scopes, sites, expiry, who made it, ' +
          'and when, from which address and with which program it was last used. Never the key itself',
        querystring: apiKeyListQuerySchema,
        response: { 200: envelope(listData(apiKeySchema)) },
      },
      onRequest: allow('manage', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'manage');
      const { query } = request;
      const now = deps.clock.now();
      const { rows, total } = await listApiKeys(deps.db, orgId, query, now);
      return ok(listOf(await apiKeyDtos(deps.db, rows, now), total, query));
    },
  );

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: 'One API key of the organisation, as the list shows it (never the key itself)',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(apiKeySchema) },
      },
      onRequest: allow('manage', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'manage');
      const row = await findApiKey(deps.db, orgId, request.params.id);
      if (!row) throw notFound('API key');
      return ok(await dtoOf(deps.db, row));
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary:
          'Make an API key for an integrator’s system: a name, at least one scope ' +
          `(${apiKeyScopeIds.join(', ')}), its sites (siteIDs, live sites of the organisation; null or left ` +
          'out: every site, now and later) and an expiry (a future instant; null or left out: until it is ' +
          'revoked). Answers the key this once: only its SHA-256 is kept. The key is sent as ' +
          '`Authorization: Bearer ck_…` and acts within its scopes, in this organisation alone',
        querystring: siteQuerySchema,
        body: apiKeyInputSchema,
        response: { 200: envelope(apiKeyCreatedSchema) },
      },
      onRequest: allow('manage', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'manage');
      const { name, scopes, siteIDs, expiresAt } = request.body;
      const now = deps.clock.now();
      const expiry = expiresAt === null ? null : new Date(expiresAt);
      if (expiry !== null && expiry.getTime() <= now.getTime()) {
        throw fieldError(
          'expiresAt',
          'Choose a time in the future, or none for a key that works until revoked',
        );
      }
      if (siteIDs !== null) {
        const foreign = await foreignSites(deps.db, orgId, siteIDs);
        if (foreign.length > 0) {
          const message = `Not a site of this organisation: ${foreign.join(', ')}`;
          throw badRequest(message, { siteIDs: [message] });
        }
      }
      const { key, hash, prefix } = newApiKey();
      const apiKey = await deps.db.transaction(async (tx) => {
        const row = await insertApiKey(
          tx,
          {
            orgId,
            name,
            scopes,
            siteIds: siteIDs,
            expiresAt: expiry,
            hash,
            prefix,
            by: authOf(request).user.id,
          },
          now,
        );
        await recordHistory(tx, {
          orgId,
          siteId: null,
          subject,
          recordId: row.id,
          action: 'create',
          before: null,
          after: apiKeySnapshot(row),
          reason: null,
          actor: actorOf(request),
          at: now,
        });
        return dtoOf(tx, row);
      });
      return ok({ apiKey, key }, 'Key made. Copy it now: it is shown this once.');
    },
  );

  r.put(
    '/revoke',
    {
      schema: {
        tags,
        summary:
          'Revoke an API key: its next call, on any instance, is refused (401). A revoked key stays listed; ' +
          'revoking it again changes nothing',
        querystring: siteQuerySchema,
        body: apiKeyRevokeSchema,
        response: { 200: envelope(apiKeySchema) },
      },
      onRequest: allow('manage', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'manage');
      const revoked = await deps.db.transaction(async (tx) => {
        const row = await findApiKey(tx, orgId, request.body._id, { forUpdate: true });
        if (!row) throw notFound('API key');
        if (row.revokedAt !== null) return dtoOf(tx, row);
        const now = deps.clock.now();
        const after = await revokeApiKey(tx, row, authOf(request).user.id, now);
        await recordHistory(tx, {
          orgId,
          siteId: null,
          subject,
          recordId: row.id,
          action: 'update',
          before: apiKeySnapshot(row),
          after: apiKeySnapshot(after),
          reason: null,
          actor: actorOf(request),
          at: now,
        });
        return dtoOf(tx, after);
      });
      return ok(revoked, 'Key revoked: it can no longer be used');
    },
  );
}
