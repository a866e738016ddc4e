import { eq } from 'drizzle-orm';
import { voidPasswordLinks } from '../../../platform/auth/password-links.js';
import { revokeSessionsOfUser } from '../../../platform/auth/sessions.js';
import type { Tx } from '../../../platform/db/client.js';
import { siteMembers, users } from '../../../platform/db/schema.js';
import { userDepartments } from '../schema.js';

/**
 * Deletes a person (soft): the row stays, with its names, so the records they made still say who made them;
 * it can no longer sign in, its contact details, password and kitchen PIN are gone, its e-mail address is
 * free to be used again, it leaves its sites and departments, and its sessions and unused links end at once.
 */
export async function retireUser(tx: Tx, userId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      deletedAt: now,
      updatedAt: now,
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: null,
      pinHash: null,
      pinSetAt: null,
      mobileNumber: null,
      gender: null,
    })
    .where(eq(users.id, userId));
  await tx.delete(siteMembers).where(eq(siteMembers.userId, userId));
  await tx.delete(userDepartments).where(eq(userDepartments.userId, userId));
  await voidPasswordLinks(tx, userId, now);
  await revokeSessionsOfUser(tx, userId, reason, now);
}
