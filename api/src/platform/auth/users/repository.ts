import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  type Gender,
  type Person,
  type NotificationSettings,
  type Role,
  type StaffStatus,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { newId } from '../../db/ids.js';
import { hashPassword } from '../passwords.js';

export interface NewUser {
  orgId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Omit (and `passwordHash`) to create an invited account that sets its password through an e-mailed link. */
  password?: string;
  /** A hash made once for many accounts (the demo's shared password), instead of `password`. */
  passwordHash?: string;
  status?: StaffStatus;
  lastSignInAt?: Date | null;
  mobileNumber?: string | null;
  gender?: Gender | null;
  notificationSettings?: NotificationSettings;
}

export type UserRow = typeof users.$inferSelect;

/** A live (not deleted) user by e-mail, case-insensitively. */
export async function findLiveUserByEmail(db: Database | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

export async function assertEmailFree(db: Database | Tx, email: string, exceptUserId?: string) {
  const existing = await findLiveUserByEmail(db, email);
  if (existing && existing.id !== exceptUserId) {
    throw conflict('An account with this e-mail address already exists', {
      email: ['An account with this e-mail address already exists'],
    });
  }
}

export async function insertUser(db: Database | Tx, input: NewUser, now: Date): Promise<UserRow> {
  await assertEmailFree(db, input.email);
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      orgId: input.orgId,
      email: input.email.toLowerCase(),
      passwordHash:
        input.passwordHash ?? (input.password === undefined ? null : await hashPassword(input.password)),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      mobileNumber: input.mobileNumber ?? null,
      gender: input.gender ?? null,
      notificationSettings: input.notificationSettings ?? defaultNotificationSettings,
      status: input.status ?? 'ACTIVE',
      lastSignInAt: input.lastSignInAt ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findLiveUser(db: Database | Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/**
 * People by id as other records name them (assignees, authors, who ticked a line), deleted ones included:
 * a retired person's history keeps their name.
 */
export async function personsByIds(db: Database | Tx, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row._id, row]));
}
