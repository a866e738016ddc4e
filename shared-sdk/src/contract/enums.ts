import { z } from 'zod';

export const roles = ['ADMIN', 'ORGANIZATION_ADMIN', 'SITE_ADMIN', 'STAFF'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;
export const roleLabels: Record<Role, string> = {
  ADMIN: 'Admin',
  ORGANIZATION_ADMIN: 'Organisation Admin',
  SITE_ADMIN: 'Site Admin',
  STAFF: 'Staff',
};
/** Roles that may sign in to this web console; STAFF uses the mobile app. */
export const webRoles = ['ADMIN', 'ORGANIZATION_ADMIN', 'SITE_ADMIN'] as const satisfies readonly Role[];

export const recordStatusSchema = z.enum(['REPORTED', 'COMPLETED', 'PENDING', 'DELETED']);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

export const checklistItemStatusSchema = z.enum(['PENDING', 'COMPLETED', 'FAILED']);
export type ChecklistItemStatus = z.infer<typeof checklistItemStatusSchema>;

export const commentTypeSchema = z.enum(['TEXT', 'IMAGE']);

export const logTypeSchema = z.enum([
  'FRIDGE',
  'FREEZER',
  'CELLAR',
  'FOOD_DELIVERY',
  'PROBE_CALIBRATION',
  'COOKING_COOLING',
  'HOT_HOLD_DISPLAY',
  'REHEATING',
  'LEGIONELLA_WATER',
  'HOT_WATER',
]);
export type LogType = z.infer<typeof logTypeSchema>;

export const nearMissCategorySchema = z.enum(['ACCIDENT', 'INCIDENT', 'FOOD POISONING', 'ALLERGIC REACTION']);
export const logKindSchema = z.enum(['COMPLIANCELOG', 'NEARMISS']);

export const genderSchema = z.enum(['MALE', 'FEMALE', 'NON-BINARY', 'TRANS', 'OTHER']);
export type Gender = z.infer<typeof genderSchema>;

export const foodItemTypeSchema = z.enum(['FOODITEM', 'PROB']);
export const masterTypeTypeSchema = z.enum(['FRIDGE', 'FREEZER']);
export const downloadFileTypeSchema = z.enum(['EXCEL']);

/** Slot names in the order they happen in a day. */
export const slotNames = [
  'BEFORE_OPEN',
  'OPEN',
  'MORNING',
  'LUNCH',
  'AFTERNOON',
  'EVENING',
  'NIGHT',
  'CLOSE',
  'AFTER_CLOSE',
] as const;
export const slotNameSchema = z.enum(slotNames);
export type SlotName = z.infer<typeof slotNameSchema>;

/** How often a master task happens (its schedule's `repeat`). */
export const repeatKinds = ['ONCE', 'DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const repeatKindSchema = z.enum(repeatKinds, { message: 'Choose how often' });
export type RepeatKind = z.infer<typeof repeatKindSchema>;

/**
 * The languages the kitchen app speaks, one catalogue file each (kitchen/src/locales). A person's choice is
 * on their profile; the console itself stays English.
 */
export const kitchenLanguages = ['en', 'es', 'pl'] as const;
export const kitchenLanguageSchema = z.enum(kitchenLanguages);
export type KitchenLanguage = z.infer<typeof kitchenLanguageSchema>;
/** Each language named in itself, as a person choosing it reads it. */
export const kitchenLanguageNames: Record<KitchenLanguage, string> = {
  en: 'English',
  es: 'Español',
  pl: 'Polski',
};
