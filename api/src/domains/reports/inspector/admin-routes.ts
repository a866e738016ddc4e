import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  inspectorAccessSchema,
  inspectorLinkCreatedSchema,
  inspectorLinkCreateSchema,
  inspectorLinkListQuerySchema,
  inspectorLinkMaxDays,
  inspectorLinkRevokeSchema,
  inspectorLinkSchema,
  inspectorPagePath,
  inspectorPasscodeHeader,
  listData,
  siteQuerySchema,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { notFound } from '../../../platform/http/errors.js';
import { listOf } from '../../../platform/http/list.js';
import { ok } from '../../../platform/http/respond.js';
import { heldSiteIds } from '../../../platform/http/site-scope.js';
import { allow, assertCan, authOf, orgOf } from '../../../platform/auth/guard.js';
import { hashPassword } from '../../../platform/auth/passwords.js';
import { missingSites } from '../../../platform/auth/users/site-access.js';
import { actorOf, recordHistory } from '../../../platform/history/history.js';
import {
  accessesOf,
  findLink,
  insertLink,
  linkDtos,
  linkSnapshot,
  listLinks,
  newLinkToken,
  revokeLink,
  type InspectorLinkRow,
} from './repository.js';

// /inspectorLink: the admin's side of inspector links. An organisation admin makes, lists and revokes
// links of any of its sites; a site admin only links all of whose sites it administers (the rules'
// 'InspectorLink', whose `siteID` is the link's sites). The token is answered once, in the link's address,
// and only its hash is kept; every create and revoke is kept in the organisation's history chain.

const tags = ['inspectorLink'];
const subject = 'InspectorLink';
const dayMs = 86_400_000;

export default async function inspectorLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const dtoOf = async (db: Database | Tx, row: InspectorLinkRow) => {
    const [dto] = await linkDtos(db, [row], deps.clock.now());
    if (!dto) throw new Error('no DTO for a loaded inspector link');
    return dto;
  };

  r.get(
    '/web-app-list',
    {
      schema: {
        tags,
        summary:
          'The organisation’s inspector links, paged, with their state (ACTIVE, EXPIRED, REVOKED; `state` ' +
          'filters), sites by name, who made and revoked them, and how often and when they were last ' +
          'opened. A site admin sees only the links all of whose sites it administers',
        querystring: inspectorLinkListQuerySchema,
        response: { 200: envelope(listData(inspectorLinkSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const now = deps.clock.now();
      const { query } = request;
      const { rows, total } = await listLinks(deps.db, orgOf(request), heldSiteIds(request), query, now);
      return ok(listOf(await linkDtos(deps.db, rows, now), total, query));
    },
  );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary:
          'Make an inspector link for some sites (siteIDs, each a live site of the organisation, else 404; a ' +
          'site admin names only sites it administers, else 403) over a range of their local dates, working ' +
          `for expiresInDays (1 to ${inspectorLinkMaxDays}). Answers the link’s address (url) this once: only ` +
          `its token’s SHA-256 is kept. With a passcode, the view asks for it (${inspectorPasscodeHeader}); ` +
          'send it apart from the link',
        querystring: siteQuerySchema,
        body: inspectorLinkCreateSchema,
        response: { 200: envelope(inspectorLinkCreatedSchema) },
      },
      onRequest: allow('create', subject),
    },
    async (request) => {
      const orgId = orgOf(request);
      const { label, siteIDs, startDate, endDate, expiresInDays, passcode } = request.body;
      // Hashed before the transaction: a slow hash would hold its locks.
      const passcodeHash = passcode === undefined ? null : await hashPassword(passcode);
      const now = deps.clock.now();
      const { token, hash } = newLinkToken();
      const link = await deps.db.transaction(async (tx) => {
        if ((await missingSites(tx, orgId, siteIDs)).length > 0) throw notFound('Site');
        assertCan(request, 'create', subject, { orgId, siteID: siteIDs });
        const row = await insertLink(
          tx,
          {
            orgId,
            label,
            siteIds: siteIDs,
            startDate,
            endDate,
            expiresAt: new Date(now.getTime() + expiresInDays * dayMs),
            tokenHash: hash,
            passcodeHash,
            createdBy: authOf(request).user.id,
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
          after: linkSnapshot(row),
          reason: null,
          actor: actorOf(request),
          at: now,
        });
        return dtoOf(tx, row);
      });
      return ok(
        { link, url: `${deps.config.publicUrl}${inspectorPagePath}/${token}` },
        'Link made. Copy it now: it is shown this once.',
      );
    },
  );

  r.get(
    '/access-list/:id',
    {
      schema: {
        tags,
        summary:
          'Every access of an inspector link, newest first: when, from which address, and what was opened',
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(z.array(inspectorAccessSchema)) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const row = await findLink(deps.db, orgOf(request), request.params.id);
      if (!row) throw notFound('Inspector link');
      assertCan(request, 'read', subject, { orgId: row.orgId, siteID: row.siteIds });
      return ok(await accessesOf(deps.db, row.id));
    },
  );

  r.put(
    '/revoke',
    {
      schema: {
        tags,
        summary:
          'Revoke an inspector link: from now on every call of its view answers 404, as a missing page does. ' +
          'A revoked link stays listed with its accesses; revoking it again changes nothing',
        querystring: siteQuerySchema,
        body: inspectorLinkRevokeSchema,
        response: { 200: envelope(inspectorLinkSchema) },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const orgId = orgOf(request);
      const link = await deps.db.transaction(async (tx) => {
        const row = await findLink(tx, orgId, request.body._id, { forUpdate: true });
        if (!row) throw notFound('Inspector link');
        assertCan(request, 'update', subject, { orgId: row.orgId, siteID: row.siteIds });
        if (row.revokedAt !== null) return dtoOf(tx, row);
        const now = deps.clock.now();
        const revoked = await revokeLink(tx, row, authOf(request).user.id, now);
        await recordHistory(tx, {
          orgId,
          siteId: null,
          subject,
          recordId: row.id,
          action: 'update',
          before: linkSnapshot(row),
          after: linkSnapshot(revoked),
          reason: null,
          actor: actorOf(request),
          at: now,
        });
        return dtoOf(tx, revoked);
      });
      return ok(link, 'Link revoked: it no longer opens anything');
    },
  );
}
