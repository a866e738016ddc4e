// `@console/shared-sdk/profile`, a domain entry (not shared: see ../../README.md). The signed-in user's own
// account: profile, password, notification settings, account deletion.
export {
  changePasswordSchema,
  defaultNotificationSettings,
  deleteAccountSchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  profileSchema,
  updateProfileResponseSchema,
  updateProfileSchema,
  type ChangePassword,
  type DeleteAccount,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type Profile,
  type UpdateProfile,
  type UpdateProfileResponse,
} from '../contract/user.js';
export * from './api.js';
