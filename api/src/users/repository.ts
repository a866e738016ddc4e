import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  type Gender,
  type NotificationSettings,
  type Role,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { users } from '../db/schema.js';
import { conflict } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';

export interface NewUser {
  orgId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Omit to create an invited account that sets its password through an e-mailed link. */
  password?: string;
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

export async function insertUser(db: Database | Tx, input: NewUser): Promise<UserRow> {
  await assertEmailFree(db, input.email);
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      orgId: input.orgId,
      email: input.email.toLowerCase(),
      passwordHash: input.password === undefined ? null : await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      mobileNumber: input.mobileNumber ?? null,
      gender: input.gender ?? null,
      notificationSettings: input.notificationSettings ?? defaultNotificationSettings,
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
