// `@console/shared-sdk/profile`, a domain entry (not shared: see ../../README.md). The signed-in user's own
// account: profile, password, notification settings, account deletion, and the notification centre.
export {
  changePasswordSchema,
  defaultNotificationSettings,
  deleteAccountSchema,
  notificationSettingsPatchSchema,
  notificationSettingsOf,
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
export {
  notificationGroupLink,
  notificationGroupListQuerySchema,
  notificationGroupListSchema,
  notificationGroupSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationMarkReadSchema,
  notificationSchema,
  notificationUnreadSchema,
  type Notification,
  type NotificationGroup,
  type NotificationGroupList,
  type NotificationList,
  type NotificationMarkRead,
  type NotificationUnread,
} from '../contract/notifications.js';
export {
  alertEventKindLabels,
  alertEventKinds,
  alertSeverityLabels,
  type AlertEventKind,
  type AlertSeverity,
} from '../contract/alerts.js';
export * from './notifications-api.js';
