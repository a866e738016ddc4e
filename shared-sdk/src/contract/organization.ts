import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  instantSchema,
  listQuerySchema,
  optionalText,
  phoneSchema,
  requiredText,
} from './common.js';
import { historyEntrySchema } from './history.js';
import { nationalFigureSchema, nationalFiguresSchema } from './national-figures.js';

export const organizationSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  add1: z.string().nullable(),
  add2: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  note: z.string(),
  /** Its country's figures for its sites under a general rule set (the EU's), in °C; empty when none. */
  nationalFigures: z.array(nationalFigureSchema),
  siteCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Organization = z.infer<typeof organizationSchema>;

const organizationFields = {
  name: requiredText('Organisation name', 200),
  email: z.union([emailSchema, z.literal('')]).nullish(),
  phone: z.union([phoneSchema, z.literal('')]).nullish(),
  add1: optionalText(200).nullable(),
  add2: optionalText(200).nullable(),
  city: optionalText(100).nullable(),
  county: optionalText(100).nullable(),
  zip: optionalText(20).nullable(),
  country: z.string().trim().length(2, 'Country must be a two-letter ISO code').toUpperCase().nullish(),
};

export const createOrganizationSchema = z.object({
  ...organizationFields,
  /** The organisation's first admin, invited by e-mail to set a password. */
  admin: z.object({
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    email: emailSchema,
  }),
});
export type CreateOrganization = z.infer<typeof createOrganizationSchema>;

export const updateOrganizationSchema = z.object({ _id: idSchema.optional(), ...organizationFields });
export type UpdateOrganization = z.infer<typeof updateOrganizationSchema>;

/** The body of PUT /organization/national-figures: the whole list, and why it changed. */
export const nationalFiguresUpdateSchema = z.object({
  _id: idSchema.optional(),
  figures: nationalFiguresSchema,
  /** The organisation's history keeps it with who changed the figures and when. */
  reason: requiredText('Reason', 500),
});
export type NationalFiguresUpdate = z.input<typeof nationalFiguresUpdateSchema>;

/** What the organisation's history keeps of each change of its national figures. */
export const nationalFiguresSnapshotSchema = z.object({ nationalFigures: z.array(nationalFigureSchema) });
/** GET /organization/national-figures/history: newest first. */
export const nationalFiguresHistorySchema = z.array(historyEntrySchema(nationalFiguresSnapshotSchema));
export type NationalFiguresHistoryEntry = z.infer<typeof nationalFiguresHistorySchema>[number];

export const updateNoteSchema = z.object({
  _id: idSchema.optional(),
  note: z.string().max(10000, 'Note is too long'),
});
export type UpdateNote = z.infer<typeof updateNoteSchema>;

/**
 * `orgId` is declared so a platform admin's organisation survives query validation (validation keeps only
 * declared keys); `id` wins over it when both are sent.
 */
export const organizationIdQuerySchema = z.object({ id: idSchema.optional(), orgId: idSchema.optional() });
export const deleteOrganizationSchema = z.object({ id: idSchema });

export const organizationSortColumns = ['_id', 'name', 'createdAt', 'updatedAt'] as const;
export const organizationListQuerySchema = listQuerySchema(organizationSortColumns);
