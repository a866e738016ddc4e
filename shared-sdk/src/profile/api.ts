import { type z } from 'zod';
import {
  type changePasswordSchema,
  type deleteAccountSchema,
  type notificationSettingsPatchSchema,
  notificationSettingsSchema,
  profileSchema,
  updateProfileResponseSchema,
  type updateProfileSchema,
  type NotificationSettings,
  type Profile,
  type UpdateProfileResponse,
} from '../contract/user.js';
import { call, messageOnly, type CallOptions } from '@console/shared-sdk';

/** /user-profile: the signed-in user's own account. */
export const profileApi = {
  /** GET /view-me. */
  viewMe: (options?: CallOptions): Promise<Profile> =>
    call({ method: 'get', path: 'user-profile/view-me', data: profileSchema }, options),

  /** PUT /update-me: returns the userID and the saved profile. */
  updateMe: (
    input: z.input<typeof updateProfileSchema>,
    options?: CallOptions,
  ): Promise<UpdateProfileResponse> =>
    call(
      { method: 'put', path: 'user-profile/update-me', json: input, data: updateProfileResponseSchema },
      options,
    ),

  /** PATCH /change-password: the user's other sessions are signed out. */
  changePassword: (input: z.input<typeof changePasswordSchema>, options?: CallOptions): Promise<null> =>
    call({ method: 'patch', path: 'user-profile/change-password', json: input, data: messageOnly }, options),

  /** PATCH /change-notification-settings: the settings sent are merged into the stored ones. */
  changeNotificationSettings: (
    input: z.input<typeof notificationSettingsPatchSchema>,
    options?: CallOptions,
  ): Promise<NotificationSettings> =>
    call(
      {
        method: 'patch',
        path: 'user-profile/change-notification-settings',
        json: input,
        data: notificationSettingsSchema,
      },
      options,
    ),

  /** DELETE /delete-my-account, confirmed with the password. */
  deleteMyAccount: (input: z.input<typeof deleteAccountSchema>, options?: CallOptions): Promise<null> =>
    call(
      { method: 'delete', path: 'user-profile/delete-my-account', json: input, data: messageOnly },
      options,
    ),
};
