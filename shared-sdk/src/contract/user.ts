import { z } from 'zod';
import { emailSchema, idSchema, instantSchema, passwordSchema, phoneSchema, requiredText } from './common.js';
import { genderSchema, roleSchema } from './enums.js';

export const notificationSettingsSchema = z.object({
  /** E-mail when a task becomes overdue on one of the user's sites. */
  taskOverdue: z.boolean(),
  /** E-mail when a temperature reading fails its limits. */
  temperatureFailure: z.boolean(),
  /** E-mail when a near miss or incident is reported. */
  nearMissReported: z.boolean(),
  /** E-mail before a document expires. */
  documentExpiry: z.boolean(),
  /** A weekly summary of scores. */
  weeklySummary: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PATCH /change-notification-settings: the settings sent are merged into the stored ones. */
export const notificationSettingsPatchSchema = notificationSettingsSchema
  .partial()
  .refine((value) => Object.values(value).some((setting) => setting !== undefined), {
    message: 'Send at least one setting to change',
  });
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>;
export const defaultNotificationSettings: NotificationSettings = {
  taskOverdue: true,
  temperatureFailure: true,
  nearMissReported: true,
  documentExpiry: true,
  weeklySummary: false,
};

export const profileSchema = z.object({
  _id: idSchema,
  userID: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  mobileNumber: z.string().nullable(),
  gender: genderSchema.nullable(),
  orgId: idSchema.nullable(),
  organizationName: z.string().nullable(),
  notificationSettings: notificationSettingsSchema,
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileSchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailSchema,
  mobileNumber: z.union([phoneSchema, z.literal('')]).nullish(),
  gender: genderSchema.nullish(),
  /**
   * Needed to change the e-mail address: a stolen access token must not be able to move the account to
   * another address and take it over through forgot-password.
   */
  currentPassword: z.string().max(128).optional(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** The spec's update-me "returns userID"; the saved profile comes with it so the client needs no re-read. */
export const updateProfileResponseSchema = z.object({ userID: idSchema, profile: profileSchema });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ message: 'Current password is required' })
      .min(1, 'Current password is required'),
    newPassword: passwordSchema,
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required'),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;
