import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  listData,
  scimBasePath,
  scimConnectionSchema,
  scimTokenCreatedSchema,
  scimTokenInputSchema,
  scimTokenListQuerySchema,
  scimTokenMaxDays,
  scimTokenRevokeSchema,
  scimTokenSchema,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import { allow, authOf } from '../../auth/guard.js';
import type { Database, Tx } from '../../db/client.js';
import { actorOf, recordHistory } from '../../history/history.js';
import { notFound } from '../../http/errors.js';
import { listOf } from '../../http/list.js';
import { ok } from '../../http/respond.js';
import { catalogueOf } from '../../http/resource-routes.js';
import {
  findToken,
  insertToken,
  listTokens,
  newScimToken,
  revokeToken,
  tokenDtos,
  tokenSnapshot,
  workingTokenCount,
  type ScimTokenRow,
} from './tokens.js';

// /scim-token: the bearer tokens the company's directory provisions people with, for the organisation's
// admins alone (a token makes and removes people). A token is answered once, when it is made, and only its
// hash is kept; every make and revoke is kept in the organisation's history chain. Another organisation's
// token is not found (404).

const tags = ['scim-token'];
const subject = 'Provisioning';

export default async function scimTokenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const baseUrl = `${deps.config.publicUrl}${scimBasePath}`;
  const dtoOf = async (db: Database | Tx, row: ScimTokenRow) => {
    const [dto] = await tokenDtos(db, [row], deps.clock.now());
    if (!dto) throw new Error('no DTO for a loaded SCIM token');
    return dto;
  };

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          'The organisation’s SCIM tokens, paged (newest first by default): each with its status (ACTIVE, ' +
          'EXPIRED, REVOKED), who made it, its expiry, and when and from which address it was last used',
        querystring: scimTokenListQuerySchema,
        response: { 200: envelope(listData(scimTokenSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'read');
      const { query } = request;
      const { rows, total } = await listTokens(deps.db, orgId, query);
      return ok(listOf(await tokenDtos(deps.db, rows, deps.clock.now()), total, query));
    },
  );

  r.get(
    '/connection',
    {
      schema: {
        tags,
        summary:
          'Where the directory calls: the SCIM base URL (Entra ID’s Tenant URL, Okta’s SCIM connector base ' +
          'URL), and how many of the organisation’s tokens work now',
        querystring: siteQuerySchema,
        response: { 200: envelope(scimConnectionSchema) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'read');
      return ok({ baseUrl, activeTokens: await workingTokenCount(deps.db, orgId, deps.clock.now()) });
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary:
          'Make a SCIM token for the company’s directory, working until it is revoked or for expiresInDays ' +
          `(1 to ${scimTokenMaxDays}). Answers the token this once, with the SCIM base URL: only its SHA-256 ` +
          'is kept',
        querystring: siteQuerySchema,
        body: scimTokenInputSchema,
        response: { 200: envelope(scimTokenCreatedSchema) },
      },
      onRequest: allow('create', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'create');
      const { name, expiresInDays } = request.body;
      const { token, hash } = newScimToken();
      const now = deps.clock.now();
      const scimToken = await deps.db.transaction(async (tx) => {
        const row = await insertToken(
          tx,
          { orgId, name, expiresInDays, hash, by: authOf(request).user.id },
          now,
        );
        await recordHistory(tx, {
          orgId,
          siteId: null,
          subject,
          recordId: row.id,
          action: 'create',
          before: null,
          after: tokenSnapshot(row),
          reason: null,
          actor: actorOf(request),
          at: now,
        });
        return dtoOf(tx, row);
      });
      return ok({ scimToken, token, baseUrl }, 'Token made. Copy it now: it is shown this once.');
    },
  );

  r.put(
    '/revoke',
    {
      schema: {
        tags,
        summary:
          'Revoke a SCIM token: the directory’s next call with it is refused (401). A revoked token stays ' +
          'listed; revoking it again changes nothing',
        querystring: siteQuerySchema,
        body: scimTokenRevokeSchema,
        response: { 200: envelope(scimTokenSchema) },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const orgId = catalogueOf(request, subject, 'update');
      const revoked = await deps.db.transaction(async (tx) => {
        const row = await findToken(tx, orgId, request.body._id, { forUpdate: true });
        if (!row) throw notFound('SCIM token');
        if (row.revokedAt !== null) return dtoOf(tx, row);
        const now = deps.clock.now();
        const after = await revokeToken(tx, row, now);
        await recordHistory(tx, {
          orgId,
          siteId: null,
          subject,
          recordId: row.id,
          action: 'update',
          before: tokenSnapshot(row),
          after: tokenSnapshot(after),
          reason: null,
          actor: actorOf(request),
          at: now,
        });
        return dtoOf(tx, after);
      });
      return ok(revoked, 'Token revoked: the directory can no longer use it');
    },
  );
}
