import { randomBytes } from 'node:crypto';
import {
  and,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  apiKeyPrefix,
  apiKeyScopeIds,
  type ApiKey,
  type ApiKeyScopeId,
  type ApiKeySortColumn,
  type ApiKeyStatus,
  type apiKeyListQuerySchema,
  type ListQuery,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { organizations, sites, users } from '../../db/schema.js';
import { orderBy, pageOf } from '../../http/list.js';
import { searchWhere } from '../../http/records.js';
import { hashToken } from '../tokens.js';
import { apiKeys } from './schema.js';

// An organisation's keys for integrators. A key is random (32 bytes from the system's source), so its
// SHA-256 is all that is kept and it is found by one index read, as a SCIM token is. A key is never
// deleted: revoking it stops it at once (the table's trigger tells every instance) and keeps it listed with
// when it was last used.

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListQuery = z.output<typeof apiKeyListQuerySchema> & ListQuery<ApiKeySortColumn>;

/** How many characters after `ck_` the list shows, to tell keys apart. */
const shownCharacters = 8;
/** A busy integration calls many times a second: when a key was last used is written at most once a minute. */
export const usedEveryMs = 60_000;

/** A new key, the hash it is kept and found by, and the characters the list shows. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, apiKeyPrefix.length + shownCharacters) };
}

export function statusOf(row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyStatus {
  if (row.revokedAt !== null) return 'REVOKED';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** Keys in `status` at `now`. */
function inStatus(status: ApiKeyStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'REVOKED':
      return isNotNull(apiKeys.revokedAt);
    case 'EXPIRED':
      return and(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, now));
    case 'ACTIVE':
      return and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));
  }
}

const sortColumns = {
  _id: apiKeys.id,
  name: sql`lower(${apiKeys.name})`,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
};

/** A page of the organisation's keys: a search of names and the characters shown. */
export function listApiKeys(
  db: Database,
  orgId: string,
  query: ApiKeyListQuery,
  now: Date,
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  return pageOf<ApiKeyRow>(
    db,
    { table: apiKeys, columns: getTableColumns(apiKeys) },
    and(
      eq(apiKeys.orgId, orgId),
      searchWhere(query.search, [apiKeys.name, apiKeys.prefix]),
      query.status === undefined ? undefined : inStatus(query.status, now),
    ),
    orderBy(query, sortColumns, apiKeys.id),
    query,
  );
}

/** One key of the organisation; another organisation's is not found. */
export async function findApiKey(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ApiKeyRow | undefined> {
  const query = db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.orgId, orgId)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** Of `siteIds`, those that are not live sites of the organisation. */
export async function foreignSites(db: Database | Tx, orgId: string, siteIds: readonly string[]) {
  if (siteIds.length === 0) return [];
  const found = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(inArray(sites.id, [...siteIds]), eq(sites.orgId, orgId), isNull(sites.deletedAt)));
  const live = new Set(found.map((site) => site.id));
  return siteIds.filter((id) => !live.has(id));
}

export interface ApiKeyFields {
  orgId: string;
  name: string;
  scopes: readonly ApiKeyScopeId[];
  siteIds: readonly string[] | null;
  expiresAt: Date | null;
  hash: string;
  prefix: string;
  by: string | null;
}

export async function insertApiKey(tx: Tx, fields: ApiKeyFields, now: Date): Promise<ApiKeyRow> {
  const [row] = await tx
    .insert(apiKeys)
    .values({
      id: newId(),
      orgId: fields.orgId,
      name: fields.name,
      prefix: fields.prefix,
      secretHash: fields.hash,
      scopes: [...fields.scopes],
      siteIds: fields.siteIds === null ? null : [...fields.siteIds],
      expiresAt: fields.expiresAt,
      createdById: fields.by,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Stops a key at once; revoking it again changes nothing. */
export async function revokeApiKey(
  tx: Tx,
  current: ApiKeyRow,
  by: string | null,
  now: Date,
): Promise<ApiKeyRow> {
  if (current.revokedAt !== null) return current;
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: now, revokedById: by, updatedAt: now })
    .where(eq(apiKeys.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** A key found by its hash, with whether its organisation is closed; revoked and expired keys too. */
export async function apiKeyOfHash(
  db: Database,
  hash: string,
): Promise<(ApiKeyRow & { organisationClosed: boolean }) | undefined> {
  const [found] = await db
    .select({ key: getTableColumns(apiKeys), orgDeletedAt: organizations.deletedAt })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(eq(apiKeys.secretHash, hash));
  return found && { ...found.key, organisationClosed: found.orgDeletedAt !== null };
}

/** The live sites of the organisation among `only` (all of them when null), in id order. */
export async function liveSitesOf(
  db: Database,
  orgId: string,
  only: readonly string[] | null,
): Promise<string[]> {
  if (only !== null && only.length === 0) return [];
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(eq(sites.orgId, orgId), isNull(sites.deletedAt), only ? inArray(sites.id, [...only]) : undefined),
    )
    .orderBy(sites.id);
  return rows.map((row) => row.id);
}

/** Where and how a key was last used. */
export interface KeyUse {
  at: Date;
  ip: string;
  userAgent: string | null;
}

/**
 * Notes when, from where and with what a key was used, unless it was noted less than a minute before
 * (by this instance or another): one conditional update, which changes nothing when the row is fresh.
 */
export async function markApiKeyUsed(db: Database, id: string, use: KeyUse): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: use.at, lastUsedIp: use.ip, lastUsedUserAgent: use.userAgent })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, new Date(use.at.getTime() - usedEveryMs))),
      ),
    );
}

const knownScopes = new Set<string>(apiKeyScopeIds);
const isKnownScope = (scope: string): scope is ApiKeyScopeId => knownScopes.has(scope);

/** Keys as the console lists them, with who made and revoked each and their sites' names. */
export async function apiKeyDtos(
  db: Database | Tx,
  rows: readonly ApiKeyRow[],
  now: Date,
): Promise<ApiKey[]> {
  const people = [
    ...new Set(rows.flatMap((row) => [row.createdById, row.revokedById]).filter((id) => id !== null)),
  ];
  const siteIds = [...new Set(rows.flatMap((row) => row.siteIds ?? []))];
  const [persons, siteRows] = await Promise.all([
    people.length === 0
      ? []
      : db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, people)),
    siteIds.length === 0
      ? []
      : db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, siteIds)),
  ]);
  const names = new Map(
    persons.map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]),
  );
  const siteNames = new Map(siteRows.map((site) => [site.id, site.name]));
  const person = (id: string | null) => (id === null ? null : { _id: id, name: names.get(id) ?? '' });
  return rows.map((row) => ({
    _id: row.id,
    orgId: row.orgId,
    name: row.name,
    prefix: row.prefix,
    // A scope the catalogue has since dropped grants nothing (defineRulesForApiKey): it is not shown.
    scopes: row.scopes.filter(isKnownScope),
    siteIDs: row.siteIds,
    sites: (row.siteIds ?? []).map((id) => ({ _id: id, name: siteNames.get(id) ?? '' })),
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    createdBy: person(row.createdById),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: row.lastUsedIp,
    lastUsedUserAgent: row.lastUsedUserAgent,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: person(row.revokedById),
  }));
}

/** What the history keeps of a key (never its hash). */
export const apiKeySnapshot = (row: ApiKeyRow) => ({
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  siteIDs: row.siteIds,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
