import { z } from 'zod';
import {
  callerRulesSchema,
  customRoleSchema,
  grantableSubjectSchema,
  roleMemberSchema,
  type CallerRules,
  type CustomRole,
  type CustomRoleInput,
  type CustomRoleListParams,
  type CustomRoleUpdate,
  type GrantableSubject,
  type RoleAssignment,
  type RoleMember,
  type SubjectDefaultsInput,
} from '../contract/roles.js';
import { call, segment, standardResource, type CallOptions } from '@console/shared-sdk';

const standard = standardResource<CustomRole, CustomRoleInput, CustomRoleUpdate, CustomRoleListParams>(
  'role',
  customRoleSchema,
);

/**
 * /role: the organisation's custom roles, the people holding them, and its own defaults for the subjects
 * remotes bring (organisation admins). A change reaches every holder's rules on their next call.
 */
export const roleApi = {
  ...standard,

  /** GET /member-list/{id}: the people holding a role, by name. */
  members: (id: string, options?: CallOptions): Promise<RoleMember[]> =>
    call(
      { method: 'get', path: `role/member-list/${segment(id)}`, data: z.array(roleMemberSchema) },
      options,
    ),

  /** PUT /assign: gives a site admin a custom role, or (roleID null) back the site admin's own rules. */
  assign: (assignment: RoleAssignment, options?: CallOptions): Promise<null> =>
    call({ method: 'put', path: 'role/assign', json: assignment, data: z.null() }, options),

  /** GET /subject-list: what a custom role may hold, the console's subjects and the remotes'. */
  subjects: (options?: CallOptions): Promise<GrantableSubject[]> =>
    call({ method: 'get', path: 'role/subject-list', data: z.array(grantableSubjectSchema) }, options),

  /** PUT /subject-defaults: the organisation's own actions per fixed role on a remote's subject. */
  setSubjectDefaults: (input: SubjectDefaultsInput, options?: CallOptions): Promise<GrantableSubject> =>
    call(
      { method: 'put', path: 'role/subject-defaults', json: input, data: grantableSubjectSchema },
      options,
    ),

  /** DELETE /subject-defaults/{subject}: back to the remote's own defaults. */
  resetSubjectDefaults: (subject: string, options?: CallOptions): Promise<GrantableSubject> =>
    call(
      {
        method: 'delete',
        path: `role/subject-defaults/${segment(subject)}`,
        data: grantableSubjectSchema,
      },
      options,
    ),

  /**
   * GET /auth/rules: the caller's rules for the subjects named, as a domain's own backend reads them with the
   * person's token to enforce its subjects as the API does.
   */
  callerRules: (subjects: readonly string[], options?: CallOptions): Promise<CallerRules> =>
    call(
      { method: 'get', path: 'auth/rules', query: { subject: subjects.join(',') }, data: callerRulesSchema },
      options,
    ),
};
