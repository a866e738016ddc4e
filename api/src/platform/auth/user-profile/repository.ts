import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import {
  notificationSettingsOf,
  type NotificationSettingsPatch,
  type Profile,
  type Role,
  type UpdateProfile,
} from '@console/shared-sdk/contract';
import { revokeSessionsOfUser } from '../sessions.js';
import type { Database, Tx } from '../../db/client.js';
import { organizations, passwordTokens, siteMembers, users } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import type { UserRow } from '../users/repository.js';

type ProfileRow = UserRow & { organizationName: string | null };

export function toProfile(row: ProfileRow): Profile {
  return {
    _id: row.id,
    userID: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    mobileNumber: row.mobileNumber,
    gender: row.gender,
    orgId: row.orgId,
    organizationName: row.organizationName,
    // Settings stored before a key existed read as its default (issue 24's new kinds).
    notificationSettings: notificationSettingsOf(row.notificationSettings),
    language: row.language,
    dateFormat: row.dateFormat,
    hasPin: row.pinHash !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findProfile(db: Database | Tx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(users), organizationName: organizations.name })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/**
 * Fields left out keep their value; '' or null clears the mobile number, null clears the gender. The
 * kitchen language is kept unless one is sent.
 */
export async function updateProfile(db: Database | Tx, userId: string, input: UpdateProfile, now: Date) {
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      ...(input.mobileNumber === undefined ? {} : { mobileNumber: input.mobileNumber || null }),
      ...(input.gender === undefined ? {} : { gender: input.gender }),
      ...(input.language === undefined ? {} : { language: input.language }),
      ...(input.dateFormat === undefined ? {} : { dateFormat: input.dateFormat }),
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/** A new kitchen PIN, already hashed (as a password is). */
export async function setPin(db: Database | Tx, userId: string, pinHash: string, now: Date) {
  await db
    .update(users)
    .set({ pinHash, pinSetAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/** Merged in the database (jsonb ||), so two devices changing different settings do not undo each other. */
export async function mergeNotificationSettings(
  db: Database | Tx,
  userId: string,
  patch: NotificationSettingsPatch,
  now: Date,
) {
  const [row] = await db
    .update(users)
    .set({
      notificationSettings: sql`${users.notificationSettings} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ notificationSettings: users.notificationSettings });
  return row && notificationSettingsOf(row.notificationSettings);
}

/** Spends every open reset or invitation link, so an old e-mail cannot undo a password change. */
export async function voidPasswordLinks(db: Database | Tx, userId: string, now: Date) {
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

export async function changePassword(
  tx: Tx,
  userId: string,
  passwordHash: string,
  keepSessionId: string,
  now: Date,
) {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  await voidPasswordLinks(tx, userId, now);
  await revokeSessionsOfUser(tx, userId, 'password changed', now, keepSessionId);
}

/**
 * Refuses to remove the last live admin of an organisation (or the last platform admin): nobody could
 * then appoint a new one. The admins' rows are locked, so two admins deleting themselves at once cannot
 * both pass the count.
 */
async function assertNotLastAdmin(tx: Tx, user: Pick<UserRow, 'role' | 'orgId'>) {
  const adminRoles: readonly Role[] = ['ORGANIZATION_ADMIN', 'ADMIN'];
  if (!adminRoles.includes(user.role)) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, user.role),
        user.orgId === null ? isNull(users.orgId) : eq(users.orgId, user.orgId),
        isNull(users.deletedAt),
      ),
    )
    .for('update');
  if (admins.length > 1) return;
  throw conflict(
    user.role === 'ADMIN'
      ? 'You are the last platform admin. Appoint another platform admin first, then delete your account.'
      : 'You are the last organisation admin. Appoint another organisation admin first, then delete your account.',
  );
}

/**
 * Deletes an account: the row stays so logs still show who did what (names kept), but it can no longer
 * sign in, its contact details are gone, and its e-mail address is free to be used again.
 */
export async function deleteAccount(tx: Tx, user: Pick<UserRow, 'id' | 'role' | 'orgId'>, now: Date) {
  await assertNotLastAdmin(tx, user);
  await tx
    .update(users)
    .set({
      deletedAt: now,
      updatedAt: now,
      email: `deleted-${user.id}@deleted.invalid`,
      passwordHash: null,
      pinHash: null,
      pinSetAt: null,
      mobileNumber: null,
      gender: null,
    })
    .where(eq(users.id, user.id));
  await tx.delete(siteMembers).where(eq(siteMembers.userId, user.id));
  await voidPasswordLinks(tx, user.id, now);
  await revokeSessionsOfUser(tx, user.id, 'account deleted', now);
}
