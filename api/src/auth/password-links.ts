import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../app.js';
import type { Database, Tx } from '../db/client.js';
import { passwordTokens, users } from '../db/schema.js';
import { fieldError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import { hashToken, newOpaqueToken } from '../lib/tokens.js';
import { revokeSessionsOfUser } from './sessions.js';

export type LinkPurpose = 'RESET' | 'INVITE';

const lifetimeMs: Record<LinkPurpose, number> = {
  RESET: 60 * 60_000,
  INVITE: 7 * 24 * 60 * 60_000,
};

interface LinkUser {
  id: string;
  email: string;
  firstName: string;
}

/**
 * E-mails a one-time link to set a password: a reset (valid one hour) or an invitation (valid seven days).
 * Issuing a new link voids the user's earlier unused ones of the same kind.
 */
export async function sendPasswordLink(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>,
  user: LinkUser,
  purpose: LinkPurpose,
  db: Database | Tx = deps.db,
  organizationName?: string,
) {
  const now = deps.clock.now();
  const token = newOpaqueToken();
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.userId, user.id),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
      ),
    );
  await db.insert(passwordTokens).values({
    id: newId(),
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + lifetimeMs[purpose]),
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const message =
    purpose === 'RESET'
      ? {
          subject: 'Reset your Compliance Console password',
          text:
            `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Compliance Console account. ` +
            `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
            `The link works once. If you did not ask for this, ignore this e-mail: your password stays the same.\n`,
        }
      : {
          subject: `You're invited to the Compliance Console${organizationName ? ` for ${organizationName}` : ''}`,
          text:
            `Hello ${user.firstName},\n\nAn account has been created for you on the Compliance Console` +
            `${organizationName ? ` for ${organizationName}` : ''}. Open this link within seven days to choose ` +
            `your password:\n\n${link}\n\nThe link works once.\n`,
        };
  await deps.mailer.send({ to: user.email, ...message });
}

/** Sets a new password from a link; the link is spent and every session of the user ends. */
export async function usePasswordLink(deps: Pick<AppDeps, 'db' | 'clock'>, token: string, password: string) {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordTokens.tokenHash, hashToken(token)),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordTokens.userId });
    if (!claimed) return false;
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await revokeSessionsOfUser(tx, claimed.userId, 'password reset', now);
    return true;
  });
  if (!done) throw fieldError('token', 'This link is invalid, already used or expired. Ask for a new one.');
}
