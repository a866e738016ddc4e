import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema } from './common.js';
import {
  declarableActions,
  declaredSubjectSchema,
  remoteSubjectsSchema,
  subjectDefaultsSchema,
  subjectNameSchema,
  type DeclarableAction,
  type SubjectDefaults,
} from './declared-subjects.js';

// An organisation's roles as data: the four fixed roles (with the rules of DOMAIN.md), the custom roles its
// admins make from subject × action pairs, and the subjects remotes bring with their default actions per
// fixed role, which the organisation may change for itself. The abilities (ability/index.ts) build one rule
// set from these; the API enforces it on every call.

export {
  declarableActions,
  declaredSubjectSchema,
  remoteSubjectsSchema,
  subjectDefaultsSchema,
  subjectNameSchema,
};
export type { DeclarableAction, SubjectDefaults };

/** The fixed roles a subject's defaults speak of: the platform admin holds everything whatever they say. */
export const defaultedRoles = ['ORGANIZATION_ADMIN', 'SITE_ADMIN', 'STAFF'] as const;
export type DefaultedRole = (typeof defaultedRoles)[number];

/** The actions a custom role grants, in the order the console offers them. */
export const grantableActions = ['read', 'create', 'update', 'delete', 'verify'] as const;
export type GrantableAction = (typeof grantableActions)[number];
export const grantableActionLabels: Record<GrantableAction, string> = {
  read: 'Read',
  create: 'Add',
  update: 'Change',
  delete: 'Delete',
  verify: 'Verify',
};

export const roleGrantSchema = z.object({
  subject: subjectNameSchema,
  actions: z
    .array(z.enum(grantableActions))
    .min(1, 'Choose at least one action')
    .refine((list) => new Set(list).size === list.length, 'Each action once'),
});
export type RoleGrant = z.infer<typeof roleGrantSchema>;

const grantsSchema = z
  .array(roleGrantSchema)
  .min(1, 'Choose at least one thing the role may do')
  .max(100)
  .refine(
    (grants) => new Set(grants.map((grant) => grant.subject)).size === grants.length,
    'Each subject once',
  );

export const customRoleSchema = z.object({
  _id: idSchema,
  orgId: idSchema,
  name: z.string(),
  description: z.string(),
  grants: z.array(roleGrantSchema),
  /** How many people hold it. */
  memberCount: z.number().int(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type CustomRole = z.infer<typeof customRoleSchema>;

export const customRoleInputSchema = z.object({
  name: z.string().trim().min(1, 'Name the role').max(80, 'At most 80 characters'),
  description: z.string().trim().max(500, 'At most 500 characters').default(''),
  grants: grantsSchema,
});
export type CustomRoleInput = z.input<typeof customRoleInputSchema>;

export const customRoleUpdateSchema = customRoleInputSchema.extend({ _id: idSchema });
export type CustomRoleUpdate = z.input<typeof customRoleUpdateSchema>;

export const customRoleSortColumns = ['_id', 'name', 'createdAt', 'updatedAt'] as const;
export const customRoleListQuerySchema = listQuerySchema(customRoleSortColumns, { defaultSort: 'name' });
export type CustomRoleListParams = z.input<typeof customRoleListQuerySchema>;

/** A person holding a custom role: a site admin of the organisation, who keeps their sites. */
export const roleMemberSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  siteNames: z.array(z.string()),
});
export type RoleMember = z.infer<typeof roleMemberSchema>;

/** Gives a person a custom role (`roleID`), or back the site admin's fixed rules (`roleID` null). */
export const roleAssignmentSchema = z.object({ userID: idSchema, roleID: idSchema.nullable() });
export type RoleAssignment = z.infer<typeof roleAssignmentSchema>;

/**
 * A subject an organisation admin may put in a custom role: the console's own, and those the registered
 * remotes brought (`remote` names the remote). For a remote's subject, `defaults` are what the remote gives
 * each fixed role and `organisationDefaults` what this organisation gives instead, when it changed them.
 */
export const grantableSubjectSchema = z.object({
  name: z.string(),
  title: z.string(),
  siteScoped: z.boolean(),
  actions: z.array(z.enum(grantableActions)),
  remote: z.string().nullable(),
  defaults: subjectDefaultsSchema.nullable(),
  organisationDefaults: subjectDefaultsSchema.nullable(),
});
export type GrantableSubject = z.infer<typeof grantableSubjectSchema>;

/** An organisation's own defaults for a remote's subject, one list of actions per fixed role. */
export const subjectDefaultsInputSchema = z.object({
  subject: subjectNameSchema,
  ORGANIZATION_ADMIN: z.array(z.enum(declarableActions)),
  SITE_ADMIN: z.array(z.enum(declarableActions)),
  STAFF: z.array(z.enum(declarableActions)),
});
export type SubjectDefaultsInput = z.infer<typeof subjectDefaultsInputSchema>;

/**
 * What `GET /auth/rules` answers a domain's own backend, called with a person's access token: who they
 * are, and their CASL rules for the subjects asked about (with any rule over every subject), to enforce as
 * the API does.
 */
export const callerRulesSchema = z.object({
  userID: idSchema,
  orgId: idSchema.nullable(),
  role: z.enum(['ADMIN', 'ORGANIZATION_ADMIN', 'SITE_ADMIN', 'STAFF']),
  customRole: z.string().nullable(),
  siteIds: z.array(idSchema),
  /**
   * Every live site of the organisation: a backend checks that a site a record names is the organisation's
   * before it keeps it (an organisation admin's rules name the organisation, not its sites).
   */
  organisationSiteIds: z.array(idSchema),
  rules: z.array(
    z.object({
      action: z.union([z.string(), z.array(z.string())]),
      subject: z.union([z.string(), z.array(z.string())]),
      fields: z.union([z.string(), z.array(z.string())]).optional(),
      conditions: z.record(z.string(), z.unknown()).optional(),
      inverted: z.boolean().optional(),
      reason: z.string().optional(),
    }),
  ),
});
export type CallerRules = z.infer<typeof callerRulesSchema>;

/** `subject`: the subjects asked about, comma-separated (`Allergen,Recipe`). */
export const callerRulesQuerySchema = z.object({
  subject: z
    .string()
    .max(1_000)
    .transform((value) => value.split(',').map((name) => name.trim()))
    .pipe(z.array(subjectNameSchema).min(1).max(20)),
});
