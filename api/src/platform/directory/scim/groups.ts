import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  scimGroupMembersShown,
  type ListQuery,
  type ScimGroup,
  type ScimGroupSortColumn,
  type scimGroupUpdateSchema,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { sites, users } from '../../db/schema.js';
import { missingSites } from '../../auth/users/site-access.js';
import type { HistoryActor } from '../../history/history.js';
import { notFound } from '../../http/errors.js';
import { recordsOf, type Change } from '../../http/repository.js';
import { scimGroupMembers, scimGroups } from '../schema.js';
import { followGroups, mappedPeople, membersOf } from './access.js';

// The directory's groups in SQL. The directory makes, renames, fills and deletes them (SCIM); an
// organisation admin maps each to a role and sites in the console. Both read and write them through the
// shared repository, scoped to one organisation.

export type ScimGroupRow = typeof scimGroups.$inferSelect;

export const scimGroupRecords = recordsOf<typeof scimGroups, ListQuery<ScimGroupSortColumn>>({
  table: scimGroups,
  placedOn: 'organisation',
  sort: {
    _id: scimGroups.id,
    displayName: sql`lower(${scimGroups.displayName})`,
    createdAt: scimGroups.createdAt,
    updatedAt: scimGroups.updatedAt,
  },
  search: [scimGroups.displayName, scimGroups.externalId],
});

/** A group's name for the history and messages: “Kitchen managers”. */
export const groupWords = (group: { displayName: string }) => `“${group.displayName}”`;

/** Groups as the console shows them; with `withMembers`, the first members of each by name. */
export async function groupDtos(
  db: Database | Tx,
  rows: readonly ScimGroupRow[],
  withMembers = false,
): Promise<ScimGroup[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const siteIds = [...new Set(rows.flatMap((row) => row.siteIds))];
  const named =
    siteIds.length === 0
      ? []
      : await db
          .select({ id: sites.id, name: sites.name })
          .from(sites)
          .where(and(inArray(sites.id, siteIds), isNull(sites.deletedAt)));
  const siteNames = new Map(named.map((site) => [site.id, site.name]));
  const counts = await db
    .select({ groupId: scimGroupMembers.groupId, n: count() })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(and(inArray(scimGroupMembers.groupId, ids), isNull(users.deletedAt)))
    .groupBy(scimGroupMembers.groupId);
  const countOf = new Map(counts.map((row) => [row.groupId, row.n]));
  return Promise.all(
    rows.map(async (row) => {
      const liveSites = row.siteIds.filter((id) => siteNames.has(id));
      return {
        _id: row.id,
        orgId: row.orgId,
        displayName: row.displayName,
        externalId: row.externalId,
        role: row.role === 'ADMIN' ? null : row.role,
        siteIDs: liveSites,
        sites: liveSites.map((id) => ({ _id: id, name: siteNames.get(id) ?? '' })),
        memberCount: countOf.get(row.id) ?? 0,
        ...(withMembers ? { members: await firstMembers(db, row.id) } : {}),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
  );
}

/** A group's first live members by name. */
function firstMembers(db: Database | Tx, groupId: string) {
  return db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
    })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(and(eq(scimGroupMembers.groupId, groupId), isNull(users.deletedAt)))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
    .limit(scimGroupMembersShown);
}

export type GroupMapping = Omit<z.output<typeof scimGroupUpdateSchema>, '_id'>;

/** Who a console change is by, as the people's history names them. */
async function actorOfChange(tx: Tx, change: Change): Promise<HistoryActor> {
  const [person] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, change.by));
  return { id: change.by, name: person ? `${person.firstName} ${person.lastName}`.trim() : '' };
}

/**
 * Maps a group to a role and sites (each a live site of the organisation, else 404) and gives its members
 * what their groups give now, in the same transaction.
 */
export async function mapGroup(
  tx: Tx,
  current: ScimGroupRow,
  mapping: GroupMapping,
  now: Date,
  change: Change,
): Promise<ScimGroupRow> {
  if ((await missingSites(tx, current.orgId, mapping.siteIDs)).length > 0) throw notFound('Site');
  const members = await membersOf(tx, current.orgId, [current.id]);
  const mappedBefore = await mappedPeople(tx, current.orgId, members);
  const row = await scimGroupRecords.update(
    tx,
    current,
    { role: mapping.role, siteIds: mapping.siteIDs },
    now,
  );
  await followGroups(tx, {
    orgId: current.orgId,
    userIds: members,
    mappedBefore,
    actor: await actorOfChange(tx, change),
    reason:
      mapping.role === null
        ? `Directory group ${groupWords(row)} unmapped`
        : `Directory group ${groupWords(row)} mapped`,
    now,
  });
  return row;
}

/** Groups named by id in the organisation (live ones). */
export async function findGroup(
  db: Database | Tx,
  orgId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ScimGroupRow | undefined> {
  return scimGroupRecords.find(db, orgId, id, options);
}

/** A group's members as ids, in the order they were added. */
export async function memberIdsOf(db: Database | Tx, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(and(eq(scimGroupMembers.groupId, groupId), isNull(users.deletedAt)))
    .orderBy(scimGroupMembers.createdAt, scimGroupMembers.userId);
  return rows.map((row) => row.userId);
}
