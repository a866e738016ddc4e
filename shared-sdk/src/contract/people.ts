import { z } from 'zod';
import { passwordSetSchema, type PasswordSet } from './auth.js';
import {
  emailSchema,
  idList,
  idSchema,
  instantSchema,
  optionalText,
  phoneSchema,
  requiredText,
  siteQuerySchema,
  siteScopedListQuerySchema,
} from './common.js';
import { genderSchema, roleSchema } from './enums.js';

// The people domain (issue 9): departments of a site, and the organisation's staff: who works where, in
// which departments, with which role, and whether they may sign in (DOMAIN.md "Organisations, sites and
// people").

const stamps = { createdAt: instantSchema, updatedAt: instantSchema };

// ---- departments ----------------------------------------------------------------------------------------

export const departmentSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  siteID: idSchema,
  name: z.string(),
  description: z.string(),
  /** Live people in the department. */
  memberCount: z.number().int(),
  ...stamps,
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentInputSchema = z.object({
  siteID: idSchema,
  name: requiredText('Department name', 100),
  description: optionalText(500).default(''),
});
export type DepartmentInput = z.input<typeof departmentInputSchema>;
export const departmentUpdateSchema = departmentInputSchema.extend({
  _id: idSchema,
  siteID: idSchema.optional(),
});
export type DepartmentUpdate = z.input<typeof departmentUpdateSchema>;

export const departmentSortColumns = ['_id', 'name', 'createdAt', 'updatedAt'] as const;
export type DepartmentSortColumn = (typeof departmentSortColumns)[number];
export const departmentListQuerySchema = siteScopedListQuerySchema(departmentSortColumns);

/** A department in a picker: `value` is its id, `label` its name; `siteID` tells pickers of several sites apart. */
export const departmentOptionSchema = z.object({
  _id: idSchema,
  value: idSchema,
  label: z.string(),
  name: z.string(),
  siteID: idSchema,
});
export type DepartmentOption = z.infer<typeof departmentOptionSchema>;

/** GET /department-panel/simple-list: the departments of one site, by name. */
export const departmentSimpleListQuerySchema = z.object({ siteID: idSchema }).extend(siteQuerySchema.shape);

/** POST /department-panel/simple-list2: the departments of several sites (`list` holds site ids). */
export const departmentSimpleList2Schema = z.object({ list: idList(200) });

/** A department with the people in it, for its detail view. */
export const departmentDetailSchema = departmentSchema.extend({
  members: z.array(
    z.object({
      userID: idSchema,
      firstName: z.string(),
      lastName: z.string(),
      fullName: z.string(),
      userRole: roleSchema,
      status: z.enum(['ACTIVE', 'INACTIVE']),
    }),
  ),
});
export type DepartmentDetail = z.infer<typeof departmentDetailSchema>;

// ---- staff ----------------------------------------------------------------------------------------------

export const staffStatuses = ['ACTIVE', 'INACTIVE'] as const;
export const staffStatusSchema = z.enum(staffStatuses);
export type StaffStatus = z.infer<typeof staffStatusSchema>;

/**
 * Where a person's invitation stands: PENDING (sent, not used, not expired), EXPIRED (sent, not used, past
 * its lifetime: invite again), ACCEPTED (a password is set).
 */
export const invitationStates = ['PENDING', 'EXPIRED', 'ACCEPTED'] as const;
export const invitationStateSchema = z.enum(invitationStates);
export type InvitationState = z.infer<typeof invitationStateSchema>;

/** The roles a person can be given from the staff screens (a platform admin is not one of them). */
export const staffRoles = ['STAFF', 'SITE_ADMIN', 'ORGANIZATION_ADMIN'] as const;
export const staffRoleSchema = z.enum(staffRoles, { message: 'Choose a role' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * Who made or last changed a person other than by hand: the company's directory (SCIM) or its single
 * sign-on. Null: the console (by hand, from a spreadsheet).
 */
export const provisionedBySources = ['SCIM', 'SSO'] as const;
export const provisionedBySchema = z.enum(provisionedBySources);
export type ProvisionedBy = z.infer<typeof provisionedBySchema>;
export const provisionedByLabels: Record<ProvisionedBy, string> = {
  SCIM: 'From directory',
  SSO: 'From single sign-on',
};

export const staffMemberSchema = z.object({
  _id: idSchema,
  /** The spec's list items carry `userID` with firstName and lastName. */
  userID: idSchema,
  orgId: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobileNumber: z.string().nullable(),
  gender: genderSchema.nullable(),
  userRole: roleSchema,
  status: staffStatusSchema,
  siteIDs: z.array(idSchema),
  sites: z.array(z.object({ _id: idSchema, name: z.string() })),
  departmentID: z.array(idSchema),
  departments: z.array(z.object({ _id: idSchema, name: z.string(), siteID: idSchema })),
  invitation: invitationStateSchema,
  /** Made or last changed by the company's directory or single sign-on; null: by hand. */
  provisionedBy: provisionedBySchema.nullable(),
  /** When the invitation was last sent, if one was. */
  invitedAt: instantSchema.nullable(),
  lastSignInAt: instantSchema.nullable(),
  ...stamps,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const staffFields = {
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailSchema,
  mobileNumber: z.union([phoneSchema, z.literal('')]).nullish(),
  gender: genderSchema.nullish(),
  userRole: staffRoleSchema,
  /** The sites the person works at; an organisation admin needs none (it sees every site). */
  siteIDs: idList(200),
  /** The spec's `departmentID`: departments of the person's sites. */
  departmentID: idList(200).default([]),
};

const needsASite = (value: { userRole: StaffRole; siteIDs: string[] }) =>
  value.userRole === 'ORGANIZATION_ADMIN' || value.siteIDs.length > 0;
const siteRequired = { message: 'Choose at least one site', path: ['siteIDs'] };

export const staffInputSchema = z.object(staffFields).refine(needsASite, siteRequired);
export type StaffInput = z.input<typeof staffInputSchema>;
export type StaffInputParsed = z.output<typeof staffInputSchema>;
export const staffUpdateSchema = z.object({ ...staffFields, _id: idSchema }).refine(needsASite, siteRequired);
export type StaffUpdate = z.input<typeof staffUpdateSchema>;

export const staffSortColumns = [
  '_id',
  'fullName',
  'email',
  'userRole',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export type StaffSortColumn = (typeof staffSortColumns)[number];

const staffFilters = {
  role: roleSchema.optional(),
  departmentID: idSchema.optional(),
  status: staffStatusSchema.optional(),
};
export const staffListQuerySchema = siteScopedListQuerySchema(staffSortColumns).extend(staffFilters);
export type StaffListQuery = z.input<typeof staffListQuerySchema>;

/** GET /staff-people/download: the filtered list (every page) as XLSX, or CSV. */
export const staffDownloadQuerySchema = staffListQuerySchema
  .omit({ page: true, limit: true })
  .extend({ downloadFileType: z.enum(['EXCEL', 'CSV']).default('EXCEL') });
export type StaffDownloadQuery = z.input<typeof staffDownloadQuerySchema>;

/**
 * POST /staff-people/simple-list2: people of several sites (`list`), of several departments
 * (`departmentArray`), or with both, people of those sites who sit in those departments; `status` narrows
 * to ACTIVE (assignable) or INACTIVE people.
 */
export const staffSimpleList2Schema = z
  .object({
    list: idList(200).default([]),
    departmentArray: idList(200).default([]),
    status: staffStatusSchema.optional(),
  })
  .refine((value) => value.list.length > 0 || value.departmentArray.length > 0, {
    message: 'Send site ids (list) or department ids (departmentArray)',
    path: ['list'],
  });

export const staffStatusChangeSchema = z.object({ _id: idSchema, status: staffStatusSchema });
export type StaffStatusChange = z.infer<typeof staffStatusChangeSchema>;

export const resendInviteSchema = z.object({ _id: idSchema });

/** GET /staff-people/upload-template: the import template, as XLSX (default) or CSV. */
export const staffTemplateQuerySchema = z
  .object({ downloadFileType: z.enum(['EXCEL', 'CSV']).default('EXCEL') })
  .extend(siteQuerySchema.shape);
export type StaffTemplateQuery = z.input<typeof staffTemplateQuerySchema>;

/** The largest import: rows after the header. A longer file is refused (413) before its rows are checked. */
export const maxStaffImportRows = 5_000;

/**
 * The columns of the import template and of the export, in order. `sites` and `departments` hold names
 * separated by ';'; a department name is looked up on the person's sites (on each of them that has one).
 * A blank `userRole` means STAFF.
 */
export const staffImportColumns = [
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'gender',
  'userRole',
  'sites',
  'departments',
] as const;

/**
 * The answer to an import that wrote. A file with any bad row writes nothing and answers 400, with one
 * field error per problem keyed `rows.<row number>.<column>` (row 2 is the first under the header).
 */
export const staffImportResultSchema = z.object({
  /** People created; each was sent an invitation. */
  created: z.number().int(),
  /**
   * Rows whose address already has an account: reported, not duplicated nor changed. Accounts of other
   * organisations are reported here too, without saying so, so an import cannot tell them apart.
   */
  existing: z.array(z.object({ row: z.number().int(), email: z.string() })),
});
export type StaffImportResult = z.infer<typeof staffImportResultSchema>;

/** Who set their password with an invitation link: PUT /authentication/reset-password's answer (auth.ts). */
export const invitationInfoSchema = passwordSetSchema;
export type InvitationInfo = PasswordSet;
