import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  ruleSetOf,
  type InspectorAccess,
  type InspectorLink,
  type InspectorLinkState,
  type ListQuery,
  type inspectorLinkListQuerySchema,
  type TemperatureUnit,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { newId } from '../../../platform/db/ids.js';
import { organizations, sites, users } from '../../../platform/db/schema.js';
import { orderBy, pageOf } from '../../../platform/http/list.js';
import { searchWhere } from '../../../platform/http/records.js';
import { hashToken, newOpaqueToken } from '../../../platform/auth/tokens.js';
import { personName } from '../../logs/index.js';
import { inspectorLinkAccesses, inspectorLinks } from '../schema.js';

// Inspector links in SQL. A link is found by the SHA-256 of its token (the token itself is never kept), and
// never deleted: revoking it stops it at once, and its accesses stay for the admin to read. Every read is
// scoped to one organisation; the inspector's own calls reach a link only through its token.

export type InspectorLinkRow = typeof inspectorLinks.$inferSelect;
export type InspectorLinkListQuery = z.output<typeof inspectorLinkListQuerySchema>;

/** A new link's token (32 random bytes, base64url) and the hash it is kept and found by. */
export function newLinkToken() {
  const token = newOpaqueToken();
  return { token, hash: hashToken(token) };
}

export const stateOf = (
  row: Pick<InspectorLinkRow, 'revokedAt' | 'expiresAt'>,
  now: Date,
): InspectorLinkState =>
  row.revokedAt !== null ? 'REVOKED' : row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'ACTIVE';

function stateWhere(state: InspectorLinkState | undefined, now: Date): SQL | undefined {
  if (state === undefined) return undefined;
  if (state === 'REVOKED') return isNotNull(inspectorLinks.revokedAt);
  return and(
    isNull(inspectorLinks.revokedAt),
    state === 'ACTIVE' ? gt(inspectorLinks.expiresAt, now) : lte(inspectorLinks.expiresAt, now),
  );
}

const sortColumns = {
  _id: inspectorLinks.id,
  createdAt: inspectorLinks.createdAt,
  expiresAt: inspectorLinks.expiresAt,
  label: sql`lower(${inspectorLinks.label})`,
};

/**
 * A page of the organisation's links. `heldSiteIds`: a site admin's sites, whose list shows only the links
 * all of whose sites are its own.
 */
export function listLinks(
  db: Database,
  orgId: string,
  heldSiteIds: readonly string[] | undefined,
  query: InspectorLinkListQuery & ListQuery<keyof typeof sortColumns>,
  now: Date,
): Promise<{ rows: InspectorLinkRow[]; total: number }> {
  return pageOf<InspectorLinkRow>(
    db,
    { table: inspectorLinks, columns: getTableColumns(inspectorLinks) },
    and(
      eq(inspectorLinks.orgId, orgId),
      heldSiteIds === undefined
        ? undefined
        : sql`${inspectorLinks.siteIds} <@ ${sql.param([...heldSiteIds])}::uuid[]`,
      stateWhere(query.state, now),
      searchWhere(query.search, [inspectorLinks.label]),
    ),
    orderBy(query, sortColumns, inspectorLinks.id),
    query,
  );
}

/** One link of the organisation. */
export async function findLink(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<InspectorLinkRow | undefined> {
  const query = db
    .select()
    .from(inspectorLinks)
    .where(and(eq(inspectorLinks.id, id), eq(inspectorLinks.orgId, orgId)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export interface NewLink {
  orgId: string;
  label: string;
  siteIds: string[];
  startDate: string;
  endDate: string;
  expiresAt: Date;
  tokenHash: string;
  passcodeHash: string | null;
  createdBy: string;
}

export async function insertLink(tx: Tx, link: NewLink, now: Date): Promise<InspectorLinkRow> {
  const [row] = await tx
    .insert(inspectorLinks)
    .values({ id: newId(), ...link, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function revokeLink(tx: Tx, current: InspectorLinkRow, by: string, now: Date) {
  const [row] = await tx
    .update(inspectorLinks)
    .set({ revokedAt: now, revokedBy: by, updatedAt: now })
    .where(eq(inspectorLinks.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** What a link's history keeps of it: never its token's hash nor its passcode's. */
export const linkSnapshot = (row: InspectorLinkRow) => ({
  label: row.label,
  siteIDs: row.siteIds,
  startDate: row.startDate,
  endDate: row.endDate,
  expiresAt: row.expiresAt.toISOString(),
  hasPasscode: row.passcodeHash !== null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const creator = alias(users, 'creator');
const revoker = alias(users, 'revoker');

/** Links as the API answers them, their sites (live ones, by name) and people read in two statements. */
export async function linkDtos(
  db: Database | Tx,
  rows: readonly InspectorLinkRow[],
  now: Date,
): Promise<InspectorLink[]> {
  if (rows.length === 0) return [];
  const siteIds = [...new Set(rows.flatMap((row) => row.siteIds))];
  const siteRows = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(inArray(sites.id, siteIds), isNull(sites.deletedAt)))
    .orderBy(sql`lower(${sites.name})`, sites.id);
  const people = await db
    .select({
      id: inspectorLinks.id,
      creator: { id: creator.id, firstName: creator.firstName, lastName: creator.lastName },
      revoker: { id: revoker.id, firstName: revoker.firstName, lastName: revoker.lastName },
    })
    .from(inspectorLinks)
    .leftJoin(creator, eq(creator.id, inspectorLinks.createdBy))
    .leftJoin(revoker, eq(revoker.id, inspectorLinks.revokedBy))
    .where(
      inArray(
        inspectorLinks.id,
        rows.map((row) => row.id),
      ),
    );
  const peopleOf = new Map(people.map((one) => [one.id, one]));
  const named = (person: { id: string; firstName: string; lastName: string } | null | undefined) =>
    person ? { _id: person.id, name: personName(person) } : null;
  return rows.map((row) => {
    const found = peopleOf.get(row.id);
    return {
      _id: row.id,
      orgId: row.orgId,
      label: row.label,
      sites: siteRows
        .filter((site) => row.siteIds.includes(site.id))
        .map((site) => ({ _id: site.id, name: site.name })),
      startDate: row.startDate,
      endDate: row.endDate,
      expiresAt: row.expiresAt.toISOString(),
      hasPasscode: row.passcodeHash !== null,
      state: stateOf(row, now),
      createdBy: named(found?.creator),
      createdAt: row.createdAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      revokedBy: named(found?.revoker),
      accessCount: row.accessCount,
      lastAccessAt: row.lastAccessAt?.toISOString() ?? null,
    };
  });
}

/** Every access of a link, newest first. */
export async function accessesOf(db: Database, linkId: string): Promise<InspectorAccess[]> {
  const rows = await db
    .select()
    .from(inspectorLinkAccesses)
    .where(eq(inspectorLinkAccesses.linkId, linkId))
    .orderBy(desc(inspectorLinkAccesses.at), desc(inspectorLinkAccesses.id));
  return rows.map((row) => ({ _id: row.id, at: row.at.toISOString(), address: row.address, what: row.what }));
}

// ---- the inspector's side ---------------------------------------------------------------------------------

/** A site the link opens, with how it writes its times and temperatures. */
export interface LinkSite {
  id: string;
  name: string;
  timeZoneId: string;
  jurisdiction: string;
  locale: string;
  unit: TemperatureUnit;
}

/** A working link: live, unexpired, unrevoked, of a live organisation, with its live sites by name. */
export interface OpenLink {
  row: InspectorLinkRow;
  organisationName: string;
  sites: LinkSite[];
}

/** The link a token opens at `now`, or undefined for an unknown, expired or revoked one or a closed organisation. */
export async function linkOfToken(db: Database, token: string, now: Date): Promise<OpenLink | undefined> {
  const [found] = await db
    .select({ row: inspectorLinks, organisationName: organizations.name })
    .from(inspectorLinks)
    .innerJoin(organizations, eq(organizations.id, inspectorLinks.orgId))
    .where(
      and(
        eq(inspectorLinks.tokenHash, hashToken(token)),
        isNull(inspectorLinks.revokedAt),
        gt(inspectorLinks.expiresAt, now),
        isNull(organizations.deletedAt),
      ),
    );
  if (!found) return undefined;
  const siteRows = await db
    .select({
      id: sites.id,
      name: sites.name,
      timeZoneId: sites.timeZoneId,
      jurisdiction: sites.jurisdiction,
    })
    .from(sites)
    .where(
      and(inArray(sites.id, found.row.siteIds), eq(sites.orgId, found.row.orgId), isNull(sites.deletedAt)),
    )
    .orderBy(asc(sql`lower(${sites.name})`), asc(sites.id));
  // A link whose sites have all closed opens nothing.
  if (siteRows.length === 0) return undefined;
  return {
    row: found.row,
    organisationName: found.organisationName,
    sites: siteRows.map((site) => {
      const { locale, unit } = ruleSetOf(site.jurisdiction);
      return { ...site, locale, unit };
    }),
  };
}

/** Keeps an access of the link: its row, and the link's count and last access, in one transaction. */
export async function logAccess(
  db: Database | Tx,
  link: InspectorLinkRow,
  access: { address: string; what: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx.insert(inspectorLinkAccesses).values({
      id: newId(),
      linkId: link.id,
      orgId: link.orgId,
      at: now,
      address: access.address,
      what: access.what,
    });
    await tx
      .update(inspectorLinks)
      .set({ accessCount: sql`${inspectorLinks.accessCount} + 1`, lastAccessAt: now })
      .where(eq(inspectorLinks.id, link.id));
  });
}
