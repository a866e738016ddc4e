import { and, eq, getTableColumns, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type {
  ListData,
  ListQuery,
  NationalFigure,
  Organization,
  UpdateOrganization,
  organizationSortColumns,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../../platform/db/client.js';
import { authSessions, organizations, sites, users } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/db/ids.js';
import { likePattern, listOf, orderBy, pageOf } from '../../../platform/http/list.js';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationWithCounts = OrganizationRow & { siteCount: number; userCount: number };
type SortColumn = (typeof organizationSortColumns)[number];

export interface NewOrganization {
  name: string;
  email?: string | null;
  phone?: string | null;
  add1?: string | null;
  add2?: string | null;
  city?: string | null;
  county?: string | null;
  zip?: string | null;
  country?: string | null;
  note?: string;
}

/** The optional contact and address fields; a form sends '' for a field it cleared. */
const optionalColumns = ['email', 'phone', 'add1', 'add2', 'city', 'county', 'zip', 'country'] as const;

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === '' ? null : value;

export async function insertOrganization(
  db: Database | Tx,
  input: NewOrganization,
  now: Date,
): Promise<OrganizationRow> {
  const [row] = await db
    .insert(organizations)
    .values({
      id: newId(),
      name: input.name,
      email: blankToNull(input.email),
      phone: blankToNull(input.phone),
      add1: blankToNull(input.add1),
      add2: blankToNull(input.add2),
      city: blankToNull(input.city),
      county: blankToNull(input.county),
      zip: blankToNull(input.zip),
      country: blankToNull(input.country),
      note: input.note ?? '',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * `table.column`, spelled out: in a one-table select drizzle leaves columns unqualified, which would make
 * a correlated subquery compare the inner table's columns with themselves.
 */
const qualified = (table: AnyPgTable, column: AnyPgColumn) => sql`${table}.${sql.identifier(column.name)}`;

/** Live rows of `table` belonging to the organisation of the outer row. */
const liveCount = (table: typeof sites | typeof users) =>
  sql<number>`(select count(*) from ${table} where ${qualified(table, table.orgId)} = ${qualified(organizations, organizations.id)} and ${qualified(table, table.deletedAt)} is null)`.mapWith(
    Number,
  );

/** Counted in the organisation's own statement (correlated subqueries), so a page of 100 is one query. */
const organizationColumns = {
  ...getTableColumns(organizations),
  siteCount: liveCount(sites),
  userCount: liveCount(users),
};

export function toOrganization(row: OrganizationWithCounts): Organization {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    add1: row.add1,
    add2: row.add2,
    city: row.city,
    county: row.county,
    zip: row.zip,
    country: row.country,
    note: row.note,
    nationalFigures: row.nationalFigures,
    siteCount: row.siteCount,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A live organisation with its counts; a closed (deleted) one is not found. */
export async function findOrganization(
  db: Database | Tx,
  id: string,
): Promise<OrganizationWithCounts | undefined> {
  const [row] = await db
    .select(organizationColumns)
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)));
  return row;
}

export async function listOrganizations(
  db: Database,
  query: ListQuery<SortColumn>,
): Promise<ListData<OrganizationWithCounts>> {
  const pattern = likePattern(query.search);
  const where = and(
    isNull(organizations.deletedAt),
    query.search === ''
      ? undefined
      : or(
          ilike(organizations.name, pattern),
          ilike(organizations.email, pattern),
          ilike(organizations.city, pattern),
        ),
  );
  const { rows, total } = await pageOf<OrganizationWithCounts>(
    db,
    { table: organizations, columns: organizationColumns },
    where,
    orderBy(
      query,
      {
        _id: organizations.id,
        name: organizations.name,
        createdAt: organizations.createdAt,
        updatedAt: organizations.updatedAt,
      },
      organizations.id,
    ),
    query,
  );
  return listOf(rows, total, query);
}

/**
 * Applies an edit. Optional fields left out of the request keep their value; '' or null clears them.
 * Returns false when the organisation is missing or closed.
 */
export async function updateOrganization(
  db: Database | Tx,
  id: string,
  input: UpdateOrganization,
  now: Date,
): Promise<boolean> {
  const changes: Partial<typeof organizations.$inferInsert> = { name: input.name, updatedAt: now };
  for (const column of optionalColumns) {
    const value = input[column];
    if (value !== undefined) changes[column] = blankToNull(value);
  }
  const updated = await db
    .update(organizations)
    .set(changes)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
    .returning({ id: organizations.id });
  return updated.length > 0;
}

export async function updateOrganizationNote(
  db: Database | Tx,
  id: string,
  note: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(organizations)
    .set({ note, updatedAt: now })
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
    .returning({ id: organizations.id });
  return updated.length > 0;
}

/** An organisation's national figures (none for a missing one). */
export async function nationalFiguresOf(db: Database | Tx, orgId: string | null): Promise<NationalFigure[]> {
  if (orgId === null) return [];
  const [row] = await db
    .select({ nationalFigures: organizations.nationalFigures })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.nationalFigures ?? [];
}

/**
 * Replaces an organisation's national figures, its row locked so two admins' saves follow one another.
 * Returns the figures before, or null when the organisation is missing or closed.
 */
export async function replaceNationalFigures(
  tx: Tx,
  id: string,
  figures: readonly NationalFigure[],
  now: Date,
): Promise<NationalFigure[] | null> {
  const [current] = await tx
    .select({ nationalFigures: organizations.nationalFigures })
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
    .for('update');
  if (!current) return null;
  await tx
    .update(organizations)
    .set({ nationalFigures: [...figures], updatedAt: now })
    .where(eq(organizations.id, id));
  return current.nationalFigures;
}

/**
 * Closes an organisation: the record stays for the compliance history, and every session of its users
 * ends in the same transaction (the auth check refuses them from then on). Returns false when it was
 * missing or already closed.
 */
export async function closeOrganization(tx: Tx, id: string, now: Date): Promise<boolean> {
  const closed = await tx
    .update(organizations)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
    .returning({ id: organizations.id });
  if (closed.length === 0) return false;
  await tx
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: 'organisation closed' })
    .where(
      and(
        isNull(authSessions.revokedAt),
        inArray(authSessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.orgId, id))),
      ),
    );
  return true;
}
