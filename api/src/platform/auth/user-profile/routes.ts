import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  deleteAccountSchema,
  envelope,
  messageOnlySchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  profileSchema,
  setPinResponseSchema,
  setPinSchema,
  updateProfileResponseSchema,
  updateProfileSchema,
} from '@console/shared-sdk/contract';
import { assertOwnPassword as checkOwnPassword } from '../own-password.js';
import { assertStrongPassword } from '../password-strength.js';
import { fieldError, unauthorized } from '../../http/errors.js';
import { hashPassword } from '../passwords.js';
import { assertPin } from '../kitchen-devices/pins.js';
import { ok } from '../../http/respond.js';
import { authOf, signedIn } from '../guard.js';
import { assertEmailFree, findLiveUser, type UserRow } from '../users/repository.js';
import {
  changePassword,
  deleteAccount,
  findProfile,
  mergeNotificationSettings,
  setPin,
  toProfile,
  updateProfile,
} from './repository.js';

const tags = ['user-profile'];

export default async function userProfileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /** The caller's own live account: every route here acts on the caller only. */
  async function me(request: FastifyRequest): Promise<UserRow> {
    const user = await findLiveUser(deps.db, authOf(request).user.id);
    if (!user) throw unauthorized('Your account is no longer active');
    return user;
  }

  async function myProfile(request: FastifyRequest) {
    const row = await findProfile(deps.db, authOf(request).user.id);
    if (!row) throw unauthorized('Your account is no longer active');
    return toProfile(row);
  }

  /** Re-checks the caller's password before a sensitive change (own-password.ts). */
  const assertOwnPassword = (request: FastifyRequest, user: UserRow, password: string, field: string) =>
    checkOwnPassword(
      deps,
      request,
      user,
      password,
      field,
      field === 'currentPassword' ? 'Current password' : 'Password',
    );

  r.get(
    '/view-me',
    {
      schema: {
        tags,
        summary: "The signed-in user's profile, with its organisation's name",
        response: { 200: envelope(profileSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => ok(await myProfile(request)),
  );

  r.put(
    '/update-me',
    {
      schema: {
        tags,
        summary:
          "Edit the signed-in user's name, e-mail, mobile number, gender and kitchen app language; returns userID",
        body: updateProfileSchema,
        response: { 200: envelope(updateProfileResponseSchema) },
        errors: [429],
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const user = await me(request);
      const { currentPassword, ...profile } = request.body;
      const emailChanges = profile.email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanges) {
        if (!currentPassword) {
          throw fieldError('currentPassword', 'Enter your current password to change your e-mail address');
        }
        await assertOwnPassword(request, user, currentPassword, 'currentPassword');
      }
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await assertEmailFree(tx, profile.email, user.id);
        await updateProfile(tx, user.id, profile, now);
      });
      if (emailChanges) {
        // The old address hears about the change, so a hijacked session cannot quietly take the account.
        // The change is already saved: a mail outage is logged rather than reported as a failed save.
        app.afterReply.run(reply, 'e-mail change notice', () =>
          deps.mailer.send({
            to: user.email,
            subject: 'Your Compliance Console e-mail address was changed',
            text:
              `Hello ${user.firstName},\n\nThe e-mail address of your Compliance Console account was changed to ` +
              `${profile.email}. If you did not do this, contact your organisation admin at once.\n`,
          }),
        );
      }
      return ok({ userID: user.id, profile: await myProfile(request) }, 'Profile updated');
    },
  );

  r.patch(
    '/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password; every other session of the user is signed out',
        body: changePasswordSchema,
        response: { 200: messageOnlySchema },
        errors: [429],
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = await me(request);
      await assertOwnPassword(request, user, request.body.currentPassword, 'currentPassword');
      assertStrongPassword(request.body.newPassword, 'newPassword', [
        user.email,
        user.firstName,
        user.lastName,
      ]);
      const passwordHash = await hashPassword(request.body.newPassword);
      const now = deps.clock.now();
      await deps.db.transaction((tx) =>
        changePassword(tx, user.id, passwordHash, authOf(request).sessionId, now),
      );
      return ok(null, 'Password changed; your other devices have been signed out');
    },
  );

  r.put(
    '/set-pin',
    {
      schema: {
        tags,
        summary: 'Set or change the kitchen PIN the person signs in with on a shared tablet (staff)',
        description:
          'A PIN is 4 to 6 digits and not one of the easily guessed ones (1234, 0000, ...). Changing a PIN ' +
          'needs the current PIN (currentPin) or the password (currentPassword): a wrong one is a 400 on ' +
          'that field, and wrong PINs count towards the PIN lock-out. The PIN is hashed like a password.',
        body: setPinSchema,
        response: { 200: envelope(setPinResponseSchema) },
        errors: [429],
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = await me(request);
      const { pin, currentPin, currentPassword } = request.body;
      if (user.pinHash !== null) {
        if (currentPin) {
          await assertPin(deps.db, deps.clock.now(), user, currentPin, request.ip, () =>
            fieldError('currentPin', 'Current PIN is incorrect'),
          );
        } else if (currentPassword) {
          await assertOwnPassword(request, user, currentPassword, 'currentPassword');
        } else {
          throw fieldError('currentPin', 'Enter your current PIN (or your password) to change it');
        }
      }
      await setPin(deps.db, user.id, await hashPassword(pin), deps.clock.now());
      return ok({ hasPin: true as const }, 'PIN saved');
    },
  );

  r.patch(
    '/change-notification-settings',
    {
      schema: {
        tags,
        summary: 'Change notification settings; the settings sent are merged into the stored ones',
        body: notificationSettingsPatchSchema,
        response: { 200: envelope(notificationSettingsSchema) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const settings = await mergeNotificationSettings(
        deps.db,
        authOf(request).user.id,
        request.body,
        deps.clock.now(),
      );
      if (!settings) throw unauthorized('Your account is no longer active');
      return ok(settings, 'Notification settings saved');
    },
  );

  r.delete(
    '/delete-my-account',
    {
      schema: {
        tags,
        summary:
          "Delete the signed-in user's account (password required); the last admin of an organisation is refused",
        body: deleteAccountSchema,
        response: { 200: messageOnlySchema },
        errors: [429],
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = await me(request);
      await assertOwnPassword(request, user, request.body.password, 'password');
      const now = deps.clock.now();
      await deps.db.transaction((tx) => deleteAccount(tx, user, now));
      return ok(null, 'Your account has been deleted');
    },
  );
}
