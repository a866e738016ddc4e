import {
  scimConnectionSchema,
  scimGroupSchema,
  scimTokenCreatedSchema,
  scimTokenSchema,
  type ScimConnection,
  type ScimGroup,
  type ScimGroupUpdate,
  type ScimTokenCreated,
  type ScimToken,
  type ScimTokenInput,
} from '../contract/scim.js';
import {
  call,
  listData,
  segment,
  type CallOptions,
  type ListData,
  type ListParams,
  type ResourceApi,
} from '@console/shared-sdk';

const tokenList = listData(scimTokenSchema);
const groupList = listData(scimGroupSchema);

/**
 * /scim-token: the bearer tokens the company's directory provisions people with (organisation admins).
 * create-new-one answers the token itself, which nothing shows again.
 */
export const scimTokenApi = {
  /** GET /web-app-list: the organisation's tokens, newest first, with when each was last used. */
  list: (params: ListParams, options?: CallOptions): Promise<ListData<ScimToken>> =>
    call({ method: 'get', path: 'scim-token/web-app-list', query: params, data: tokenList }, options),

  /** POST /create-new-one: a new token, with the SCIM base URL; the token is shown this once. */
  create: (input: ScimTokenInput, options?: CallOptions): Promise<ScimTokenCreated> =>
    call(
      { method: 'post', path: 'scim-token/create-new-one', json: input, data: scimTokenCreatedSchema },
      options,
    ),

  /** PUT /revoke: the token stops working at once. */
  revoke: (id: string, options?: CallOptions): Promise<ScimToken> =>
    call({ method: 'put', path: 'scim-token/revoke', json: { _id: id }, data: scimTokenSchema }, options),

  /** GET /connection: the SCIM base URL the directory calls, and how many tokens work now. */
  connection: (options?: CallOptions): Promise<ScimConnection> =>
    call({ method: 'get', path: 'scim-token/connection', data: scimConnectionSchema }, options),
};

/**
 * /scim-group: the directory's groups and what their members get in the console (organisation admins). The
 * directory makes and fills the groups; the console maps each to a role and sites.
 */
export const scimGroupApi = {
  /** GET /web-app-list: the directory's groups, each with its mapping and how many members it has. */
  list: (params: ListParams, options?: CallOptions): Promise<ListData<ScimGroup>> =>
    call({ method: 'get', path: 'scim-group/web-app-list', query: params, data: groupList }, options),

  /** GET /find-one/{id}: one group, with its first members by name. */
  get: (id: string, options?: CallOptions): Promise<ScimGroup> =>
    call({ method: 'get', path: `scim-group/find-one/${segment(id)}`, data: scimGroupSchema }, options),

  /** PUT /update-one: the group's role and sites; its members' access follows at once. */
  update: (input: ScimGroupUpdate, options?: CallOptions): Promise<ScimGroup> =>
    call({ method: 'put', path: 'scim-group/update-one', json: input, data: scimGroupSchema }, options),
} satisfies ResourceApi<ScimGroup, never, ScimGroupUpdate>;
