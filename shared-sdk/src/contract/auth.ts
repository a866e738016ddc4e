import { z } from 'zod';
import { emailSchema, idSchema, passwordSchema } from './common.js';
import { roleSchema } from './enums.js';
import { dateFormats } from './date-words.js';

/** One CASL rule as it travels to the browser: action, subject, optional conditions/fields/inverted. */
export const abilityRuleSchema = z.object({
  action: z.union([z.string(), z.array(z.string())]),
  subject: z.union([z.string(), z.array(z.string())]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  fields: z.union([z.string(), z.array(z.string())]).optional(),
  inverted: z.boolean().optional(),
  reason: z.string().optional(),
});

export const userDataSchema = z.object({
  userID: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  /** The user's organisation; null for the platform ADMIN, who picks one with `orgId`. */
  orgId: idSchema.nullable(),
  /** Sites this user administers (SITE_ADMIN) or works at (STAFF); empty for other roles. */
  siteIds: z.array(idSchema),
  ability: z.array(abilityRuleSchema),
  accessToken: z.string(),
  /** How the console writes dates for them (dateFormats); left out (a session from before it), SITE. */
  dateFormat: z.enum(dateFormats).optional(),
});
export type UserData = z.infer<typeof userDataSchema>;

/**
 * GET /common-uri/know-my-access: who the caller is to the server right now (role, organisation, sites and
 * rules), read afresh: a role or site change since sign-in shows here before the next sign-in.
 */
export const myAccessSchema = userDataSchema.pick({
  userID: true,
  role: true,
  orgId: true,
  siteIds: true,
  ability: true,
});
export type MyAccess = z.infer<typeof myAccessSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});

export const loginResponseSchema = tokenPairSchema.extend({ userData: userDataSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: z
    .string({ message: 'Refresh token is required' })
    .min(1, 'Refresh token is required')
    .max(512),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** The body is optional: a client whose access token still works sends none. */
export const logoutRequestSchema = z.preprocess(
  (body) => body ?? {},
  z.object({ refreshToken: z.string().max(512).optional() }),
);

export const forgetPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgetPasswordRequest = z.infer<typeof forgetPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string({ message: 'Reset token is required' }).min(1, 'Reset token is required').max(512),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * PUT /reset-password's answer: whose password the link set, so the page can send a site admin to sign in
 * and tell staff to use the mobile app, with their e-mail address filled in.
 */
export const passwordSetSchema = z.object({ email: z.string(), firstName: z.string(), role: roleSchema });
export type PasswordSet = z.infer<typeof passwordSetSchema>;

export const adminUserQuerySchema = z.object({ id: idSchema });

export const adminUserSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  orgId: idSchema.nullable(),
  organizationName: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
