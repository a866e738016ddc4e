import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Action } from '@console/shared-sdk/ability';
import type { Database, Tx } from '../../db/client.js';
import { siteMembers, sites } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { SiteScopedSubject } from '../../http/site-scope.js';
import { assertCan, orgOf } from '../guard.js';

// platform/http/site-scope.ts's site gate for the several sites a person works at, in one query: another
// organisation's (or a deleted) site answers 404 like a missing one, a site the caller may not `action`
// `subject` on answers 403.

/** The ids among `siteIds` that are not live sites of the organisation. */
export async function missingSites(
  db: Database | Tx,
  orgId: string,
  siteIds: readonly string[],
): Promise<string[]> {
  if (siteIds.length === 0) return [];
  const found = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(inArray(sites.id, [...siteIds]), eq(sites.orgId, orgId), isNull(sites.deletedAt)));
  const live = new Set(found.map((site) => site.id));
  return siteIds.filter((id) => !live.has(id));
}

/** Every site must be a live site of the organisation the request acts in (404), open to `action` (403). */
export async function assertSitesAccess(
  request: FastifyRequest,
  action: Action,
  subject: SiteScopedSubject,
  siteIds: readonly string[],
  db: Database | Tx = request.server.deps.db,
): Promise<void> {
  const orgId = orgOf(request);
  if ((await missingSites(db, orgId, siteIds)).length > 0) throw notFound('Site');
  for (const siteID of siteIds) assertCan(request, action, subject, { orgId, siteID });
}

/** Makes the person's sites exactly `siteIds`; rows that stay are not touched (no needless notifications). */
export async function replaceSites(tx: Tx, userId: string, siteIds: readonly string[], now: Date) {
  await tx
    .delete(siteMembers)
    .where(
      and(
        eq(siteMembers.userId, userId),
        siteIds.length > 0 ? notInArray(siteMembers.siteId, [...siteIds]) : undefined,
      ),
    );
  if (siteIds.length === 0) return;
  await tx
    .insert(siteMembers)
    .values(siteIds.map((siteId) => ({ siteId, userId, createdAt: now })))
    .onConflictDoNothing();
}
