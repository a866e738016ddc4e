import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { scimGroupRoles, type Role, type StaffRole } from '@console/shared-sdk/contract';
import type { Tx } from '../../db/client.js';
import { siteMembers, sites, users } from '../../db/schema.js';
import { recordHistory, type HistoryActor } from '../../history/history.js';
import { replaceSites } from '../../auth/users/site-access.js';
import { scimGroupMembers, scimGroups, ssoProviders } from '../schema.js';

// What the directory's groups give people (README, "Provisioning"): a person in at least one mapped group
// has the highest role of those groups and the sites of all of them; someone whose last mapped group let
// them go (they left it, it was unmapped or deleted) falls back to what a person made by the directory
// starts with, staff of no site, which opens nothing; someone no mapped group has ever covered keeps the
// role and sites they were given by hand. Two people are never changed by a group: the break-glass
// admin of single sign-on, and the organisation's last active organisation admin, whom nobody could
// replace afterwards.

/** What a person the directory makes starts with, and falls back to: staff of no site (opens nothing). */
export const directoryDefault = { role: 'STAFF', siteIds: [] as string[] } as const satisfies {
  role: StaffRole;
  siteIds: string[];
};

/** The break-glass admin of the organisation's single sign-on, if it names one. */
export async function breakGlassOf(tx: Tx, orgId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: ssoProviders.breakGlassUserId })
    .from(ssoProviders)
    .where(eq(ssoProviders.orgId, orgId));
  return row?.id ?? null;
}

/**
 * Whether `userId` is the organisation's only active organisation admin. The admins' rows are locked, so
 * two changes that would each leave the other as the last cannot both pass.
 */
export async function isLastActiveAdmin(tx: Tx, orgId: string, userId: string): Promise<boolean> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.role, 'ORGANIZATION_ADMIN'),
        eq(users.status, 'ACTIVE'),
        isNull(users.deletedAt),
      ),
    )
    .for('update');
  return admins.length > 0 && admins.every((admin) => admin.id === userId);
}

/** The people among `userIds` who are in at least one mapped group of the organisation now. */
export async function mappedPeople(tx: Tx, orgId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(
      and(
        inArray(scimGroupMembers.userId, [...userIds]),
        eq(scimGroups.orgId, orgId),
        isNull(scimGroups.deletedAt),
        isNotNull(scimGroups.role),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

const rank = (role: Role) => scimGroupRoles.indexOf(role as StaffRole);

/** The highest of some roles (a lower index of `scimGroupRoles` is higher). */
const highest = (roles: readonly StaffRole[]): StaffRole =>
  roles.reduce((best, role) => (rank(role) < rank(best) ? role : best));

export interface Follow {
  orgId: string;
  /** The people whose groups changed. */
  userIds: readonly string[];
  /** Those of them who were in a mapped group before the change (`mappedPeople`, read before it). */
  mappedBefore: ReadonlySet<string>;
  actor: HistoryActor;
  /** Why, in words the history keeps ("Directory group “Chefs” mapped"). */
  reason: string;
  now: Date;
}

/**
 * Gives each person of `userIds` what their groups give now (the rule above), in the caller's transaction,
 * and keeps each change in the organisation's history; answers how many people changed.
 */
export async function followGroups(tx: Tx, follow: Follow): Promise<number> {
  const { orgId, userIds, mappedBefore, actor, reason, now } = follow;
  if (userIds.length === 0) return 0;
  const people = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.orgId, orgId), isNull(users.deletedAt)))
    .orderBy(users.id)
    .for('update');
  const grants = await tx
    .select({ userId: scimGroupMembers.userId, role: scimGroups.role, siteIds: scimGroups.siteIds })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(
      and(
        inArray(scimGroupMembers.userId, [...userIds]),
        eq(scimGroups.orgId, orgId),
        isNull(scimGroups.deletedAt),
        isNotNull(scimGroups.role),
      ),
    );
  const current = await tx
    .select({ userId: siteMembers.userId, siteId: siteMembers.siteId })
    .from(siteMembers)
    .innerJoin(sites, eq(sites.id, siteMembers.siteId))
    .where(and(inArray(siteMembers.userId, [...userIds]), isNull(sites.deletedAt)));
  // A group may still name a site closed since it was mapped: only live sites of the organisation are given.
  const live = new Set(
    (
      await tx
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.orgId, orgId), isNull(sites.deletedAt)))
    ).map((site) => site.id),
  );
  const breakGlass = await breakGlassOf(tx, orgId);
  let changed = 0;
  for (const person of people) {
    if (person.id === breakGlass) continue;
    const own = grants.filter((grant) => grant.userId === person.id);
    const roles = own.flatMap((grant) => (grant.role && grant.role !== 'ADMIN' ? [grant.role] : []));
    let wanted: { role: StaffRole; siteIds: string[] };
    if (roles.length > 0) {
      const siteIds = [...new Set(own.flatMap((grant) => grant.siteIds))].filter((id) => live.has(id));
      wanted = { role: highest(roles), siteIds: siteIds.sort() };
    } else if (mappedBefore.has(person.id)) {
      wanted = { ...directoryDefault, siteIds: [] };
    } else {
      continue;
    }
    if (
      person.role === 'ORGANIZATION_ADMIN' &&
      wanted.role !== 'ORGANIZATION_ADMIN' &&
      (await isLastActiveAdmin(tx, orgId, person.id))
    ) {
      // Nobody could appoint another organisation admin afterwards.
      wanted = { ...wanted, role: 'ORGANIZATION_ADMIN' };
    }
    const held = current
      .filter((row) => row.userId === person.id)
      .map((row) => row.siteId)
      .sort();
    if (person.role === wanted.role && held.join() === wanted.siteIds.join()) continue;
    await tx.update(users).set({ role: wanted.role, updatedAt: now }).where(eq(users.id, person.id));
    await replaceSites(tx, person.id, wanted.siteIds, now);
    await recordHistory(tx, {
      orgId,
      siteId: null,
      subject: 'Staff',
      recordId: person.id,
      action: 'update',
      before: { role: person.role, siteIDs: held },
      after: { role: wanted.role, siteIDs: wanted.siteIds },
      reason,
      actor,
      at: now,
    });
    changed += 1;
  }
  return changed;
}

/** The live members of some groups of the organisation (deleted people are no one's members). */
export async function membersOf(tx: Tx, orgId: string, groupIds: readonly string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(
      and(inArray(scimGroupMembers.groupId, [...groupIds]), eq(users.orgId, orgId), isNull(users.deletedAt)),
    );
  return rows.map((row) => row.userId);
}
