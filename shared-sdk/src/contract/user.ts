import { z } from 'zod';
import { emailSchema, idSchema, instantSchema, passwordSchema, phoneSchema, requiredText } from './common.js';
import { genderSchema, kitchenLanguageSchema, roleSchema } from './enums.js';
import { dateFormats } from './date-words.js';

// Notification settings (issue 24), per person, per kind of event and per channel. Each kind's own key
// says whether its events reach the person by e-mail (at once for a failure, a sensor gone silent or a
// near miss; in the daily digest otherwise), its `…InConsole` key whether they reach the console's bell;
// `inConsole` turns the bell off for every kind at once. The same switches choose the channels of an
// escalation. `allSites` is read for organisation admins only: on (the default, as before) they
// hear of every site's events, off only of the organisation's own and of escalations. Settings stored
// before a key existed read as its default (notificationSettingsOf), so the spec's
// change-notification-settings call keeps working.
const notificationSettingsShape = {
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
  /** E-mail when a site's opening or closing checks were missed. */
  checksMissed: z.boolean(),
  /** E-mail when a wireless sensor goes silent. */
  sensorOffline: z.boolean(),
  /** E-mail when a follow-up check (cooling, hot holding) is due and not taken. */
  followUpDue: z.boolean(),
  /** In the console's bell: a temperature reading fails its limits. */
  temperatureFailureInConsole: z.boolean(),
  /** In the console's bell: a wireless sensor goes silent. */
  sensorOfflineInConsole: z.boolean(),
  /** In the console's bell: a near miss or incident is reported. */
  nearMissReportedInConsole: z.boolean(),
  /** In the console's bell: a task becomes overdue. */
  taskOverdueInConsole: z.boolean(),
  /** In the console's bell: a site's opening or closing checks were missed. */
  checksMissedInConsole: z.boolean(),
  /** In the console's bell: a follow-up check is due and not taken. */
  followUpDueInConsole: z.boolean(),
  /** In the console's bell: a document is about to expire or has expired. */
  documentExpiryInConsole: z.boolean(),
  /** The console's bell at all: off, no kind reaches it. */
  inConsole: z.boolean(),
  /** Organisation admins: hear of every site's events, not only of escalations and the organisation's own. */
  allSites: z.boolean(),
};
export const notificationSettingsSchema = z.object(notificationSettingsShape);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PATCH /change-notification-settings: the settings sent are merged into the stored ones. */
export const notificationSettingsPatchSchema = z
  .object(notificationSettingsShape)
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
  checksMissed: true,
  sensorOffline: true,
  followUpDue: true,
  temperatureFailureInConsole: true,
  sensorOfflineInConsole: true,
  nearMissReportedInConsole: true,
  taskOverdueInConsole: true,
  checksMissedInConsole: true,
  followUpDueInConsole: true,
  documentExpiryInConsole: true,
  inConsole: true,
  allSites: true,
};

/** Stored settings with the keys they lack (saved before those existed) at their defaults. */
export const notificationSettingsOf = (stored: Partial<NotificationSettings> | null | undefined) => ({
  ...defaultNotificationSettings,
  ...stored,
});

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
  /**
   * The language the kitchen app speaks to the person. Defaults (like `hasPin`) so a console reads a
   * profile from a server older than the kitchen app.
   */
  language: kitchenLanguageSchema.default('en'),
  /** Whether they have a kitchen PIN (the PIN itself is never answered). */
  hasPin: z.boolean().default(false),
  /** How the console writes dates for them (dateFormats); defaults for a server older than the choice. */
  dateFormat: z.enum(dateFormats).default('SITE'),
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
  /** The kitchen app's language; left out, it stays as it is. */
  language: kitchenLanguageSchema.optional(),
  /** How the console writes dates for them; left out, it stays as it is. */
  dateFormat: z.enum(dateFormats, { error: () => 'Choose SITE, en-GB or en-US' }).optional(),
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
