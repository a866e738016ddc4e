import { randomBytes } from 'node:crypto';
import { and, count, eq, getTableColumns, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ListQuery,
  ScimToken,
  ScimTokenSortColumn,
  ScimTokenStatus,
  scimTokenListQuerySchema,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { organizations, users } from '../../db/schema.js';
import { orderBy, pageOf } from '../../http/list.js';
import { searchWhere } from '../../http/records.js';
import { hashToken } from '../../auth/tokens.js';
import { scimTokens } from '../schema.js';

// The bearer tokens the company's directory provisions people with. A token is random (32 bytes from the
// system's source), so its SHA-256 is all that is kept and it is found by one index read, as a kitchen
// tablet's secret is. A token is never deleted: revoking it stops it at once and keeps it listed with
// when it was last used.

export type ScimTokenRow = typeof scimTokens.$inferSelect;
export type ScimTokenListQuery = z.output<typeof scimTokenListQuerySchema> & ListQuery<ScimTokenSortColumn>;

/** What every token starts with, so one pasted somewhere is recognisable. */
const tokenPrefix = 'scim_';
const dayMs = 86_400_000;
/** A busy directory calls many times a minute: when a token was last used is written at most once a minute. */
const usedEveryMs = 60_000;

/** A new token and the hash it is kept and found by. */
export function newScimToken(): { token: string; hash: string } {
  const token = `${tokenPrefix}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

export function statusOf(row: Pick<ScimTokenRow, 'revokedAt' | 'expiresAt'>, now: Date): ScimTokenStatus {
  if (row.revokedAt !== null) return 'REVOKED';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** Tokens that work at `now`: not revoked, not expired. */
const working = (now: Date) =>
  and(isNull(scimTokens.revokedAt), or(isNull(scimTokens.expiresAt), gt(scimTokens.expiresAt, now)));

const sortColumns = {
  _id: scimTokens.id,
  name: sql`lower(${scimTokens.name})`,
  createdAt: scimTokens.createdAt,
  lastUsedAt: scimTokens.lastUsedAt,
};

/** A page of the organisation's tokens. */
export function listTokens(
  db: Database,
  orgId: string,
  query: ScimTokenListQuery,
): Promise<{ rows: ScimTokenRow[]; total: number }> {
  return pageOf<ScimTokenRow>(
    db,
    { table: scimTokens, columns: getTableColumns(scimTokens) },
    and(eq(scimTokens.orgId, orgId), searchWhere(query.search, [scimTokens.name])),
    orderBy(query, sortColumns, scimTokens.id),
    query,
  );
}

/** How many of the organisation's tokens work now. */
export async function workingTokenCount(db: Database, orgId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(scimTokens)
    .where(and(eq(scimTokens.orgId, orgId), working(now)));
  return row?.n ?? 0;
}

/** One token of the organisation; another organisation's is not found. */
export async function findToken(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ScimTokenRow | undefined> {
  const query = db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.id, id), eq(scimTokens.orgId, orgId)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function insertToken(
  tx: Tx,
  fields: { orgId: string; name: string; expiresInDays: number | null; hash: string; by: string },
  now: Date,
): Promise<ScimTokenRow> {
  const [row] = await tx
    .insert(scimTokens)
    .values({
      id: newId(),
      orgId: fields.orgId,
      name: fields.name,
      tokenHash: fields.hash,
      createdBy: fields.by,
      createdAt: now,
      expiresAt:
        fields.expiresInDays === null ? null : new Date(now.getTime() + fields.expiresInDays * dayMs),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Stops a token at once; revoking it again changes nothing. */
export async function revokeToken(tx: Tx, current: ScimTokenRow, now: Date): Promise<ScimTokenRow> {
  if (current.revokedAt !== null) return current;
  const [row] = await tx
    .update(scimTokens)
    .set({ revokedAt: now })
    .where(eq(scimTokens.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** The working token a directory's call carries, of a live organisation; else undefined. */
export async function tokenOfSecret(
  db: Database,
  secret: string,
  now: Date,
): Promise<ScimTokenRow | undefined> {
  const [found] = await db
    .select(getTableColumns(scimTokens))
    .from(scimTokens)
    .innerJoin(organizations, eq(organizations.id, scimTokens.orgId))
    .where(and(eq(scimTokens.tokenHash, hashToken(secret)), working(now), isNull(organizations.deletedAt)));
  return found;
}

/** Notes when and from where a token was used: at most once a minute, or when the address changes. */
export async function markUsed(db: Database, row: ScimTokenRow, address: string, now: Date) {
  const last = row.lastUsedAt?.getTime();
  if (last !== undefined && now.getTime() - last < usedEveryMs && row.lastUsedIp === address) return;
  await db.update(scimTokens).set({ lastUsedAt: now, lastUsedIp: address }).where(eq(scimTokens.id, row.id));
}

/** Tokens as the console lists them, with who made each. */
export async function tokenDtos(
  db: Database | Tx,
  rows: readonly ScimTokenRow[],
  now: Date,
): Promise<ScimToken[]> {
  const makers = [...new Set(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])))];
  const people =
    makers.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, makers));
  const names = new Map(people.map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]));
  return rows.map((row) => ({
    _id: row.id,
    orgId: row.orgId,
    name: row.name,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ? { _id: row.createdBy, name: names.get(row.createdBy) ?? '' } : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

/** What the history keeps of a token (never its hash). */
export const tokenSnapshot = (row: ScimTokenRow) => ({
  name: row.name,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
