import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PasswordSet, Role } from '@console/shared-sdk/contract';
import type { AppDeps } from '../app-deps.js';
import type { Database, Tx } from '../db/client.js';
import { passwordTokens, users } from '../db/schema.js';
import { fieldError, forbidden } from '../http/errors.js';
import { newId } from '../db/ids.js';
import { hashPassword } from './passwords.js';
import { hashToken, newOpaqueToken } from './tokens.js';
import { inJsonList, insertAsJson } from './users/bulk.js';
import type { MailMessage } from '../mail/mailer.js';
import { revokeSessionsOfUser } from './sessions.js';

export type LinkPurpose = 'RESET' | 'INVITE';

/** How long a link works: an hour to reset a password, a week to accept an invitation. */
export const linkLifetimeMs: Record<LinkPurpose, number> = {
  RESET: 60 * 60_000,
  INVITE: 7 * 24 * 60 * 60_000,
};

export interface LinkUser {
  id: string;
  email: string;
  firstName: string;
  /** Staff set their password in the kitchen app, admins on the console. */
  role: Role;
}

/**
 * Stores a new one-time link for each user and returns its token (only its hash is kept). A new link voids
 * the users' earlier unused links of the same kind, so only the newest e-mail works.
 */
export async function issuePasswordLinks(
  db: Database | Tx,
  userIds: readonly string[],
  purpose: LinkPurpose,
  now: Date,
): Promise<Map<string, string>> {
  const tokens = new Map(userIds.map((userId) => [userId, newOpaqueToken()]));
  if (tokens.size === 0) return tokens;
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        inJsonList(passwordTokens.userId, [...tokens.keys()], 'uuid'),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
      ),
    );
  const expiresAt = new Date(now.getTime() + linkLifetimeMs[purpose]);
  await insertAsJson(
    db,
    passwordTokens,
    [
      [passwordTokens.id, 'uuid'],
      [passwordTokens.userId, 'uuid'],
      [passwordTokens.purpose, 'text'],
      [passwordTokens.tokenHash, 'text'],
      [passwordTokens.expiresAt, 'timestamptz'],
      [passwordTokens.createdAt, 'timestamptz'],
    ],
    [...tokens].map(([userId, token]) => [newId(), userId, purpose, hashToken(token), expiresAt, now]),
  );
  return tokens;
}

/** Spends every unused link of a user (its address changed, say), so an old e-mail no longer works. */
export async function voidPasswordLinks(db: Database | Tx, userId: string, now: Date) {
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/**
 * Where a link opens. Staff choose their password in the kitchen app, on the device they work on, which
 * signs them in and asks for their PIN next; admins choose theirs on the console.
 */
function linkOf(publicUrl: string, user: LinkUser, purpose: LinkPurpose, token: string): string {
  const query = `?token=${encodeURIComponent(token)}`;
  if (user.role !== 'STAFF') return `${publicUrl}/reset-password${query}`;
  return `${publicUrl}/kitchen/${purpose === 'INVITE' ? 'invite' : 'reset-password'}${query}`;
}

/** The e-mail carrying a link made by `issuePasswordLinks`. */
export function passwordLinkMail(
  publicUrl: string,
  user: LinkUser,
  purpose: LinkPurpose,
  token: string,
  organizationName?: string,
): MailMessage {
  const link = linkOf(publicUrl, user, purpose, token);
  const staff = user.role === 'STAFF';
  const onKitchenDevice = 'on the phone or tablet you use in the kitchen';
  if (purpose === 'RESET') {
    const choose = staff
      ? `Open this link within one hour ${onKitchenDevice} to choose a new password, then a PIN if you have none yet:`
      : 'Open this link within one hour to choose a new password:';
    return {
      to: user.email,
      subject: 'Reset your Compliance Console password',
      text:
        `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Compliance Console account. ` +
        `${choose}\n\n${link}\n\n` +
        `The link works once. If you did not ask for this, ignore this e-mail: your password stays the same.\n`,
    };
  }
  const forOrganization = organizationName ? ` for ${organizationName}` : '';
  const choose = staff
    ? `Open this link within seven days ${onKitchenDevice} to choose your password, then a PIN:`
    : 'Open this link within seven days to choose your password:';
  const afterwards = staff
    ? `Then you sign in to the kitchen app on a phone with this e-mail address (${user.email}) and your ` +
      `password, and on the kitchen's shared tablet by tapping your name and typing your PIN.`
    : `Then sign in to the console at ${publicUrl} with this e-mail address (${user.email}).`;
  return {
    to: user.email,
    subject: `You're invited to the Compliance Console${forOrganization}`,
    text:
      `Hello ${user.firstName},\n\nAn account has been created for you on the Compliance Console` +
      `${forOrganization}. ${choose}\n\n${link}\n\n${afterwards}\n\nThe link works once.\n`,
  };
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
  const tokens = await issuePasswordLinks(db, [user.id], purpose, deps.clock.now());
  const token = tokens.get(user.id);
  if (token === undefined) throw new Error('no link issued');
  await deps.mailer.send(passwordLinkMail(deps.config.publicUrl, user, purpose, token, organizationName));
}

/**
 * Sets a new password from a link; the link is spent and every session of the user ends. Answers whose
 * password it was, so the page can tell staff to use the mobile app. A deactivated account is refused and
 * its link stays unspent: it works once the account is active again.
 */
export async function usePasswordLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
  password: string,
): Promise<PasswordSet> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(password);
  const outcome = await deps.db.transaction(async (tx) => {
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
    if (!claimed) return undefined;
    const [person] = await tx
      .select({ status: users.status })
      .from(users)
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)));
    if (person?.status === 'INACTIVE') {
      // Thrown to roll the claim back: the link is not spent on an account that cannot use it.
      throw forbidden(
        'This account has been deactivated. Ask your organisation admin to reactivate it, then use the link again.',
      );
    }
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
      .returning({ email: users.email, firstName: users.firstName, role: users.role });
    if (!updated) return undefined;
    await revokeSessionsOfUser(tx, claimed.userId, 'password reset', now);
    return updated;
  });
  if (!outcome)
    throw fieldError('token', 'This link is invalid, already used or expired. Ask for a new one.');
  return outcome;
}
