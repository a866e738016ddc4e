import { type z } from 'zod';
import {
  type createOrganizationSchema,
  nationalFiguresHistorySchema,
  organizationSchema,
  type NationalFiguresHistoryEntry,
  type NationalFiguresUpdate,
  type updateNoteSchema,
  type updateOrganizationSchema,
  type Organization,
} from '../contract/organization.js';
import {
  call,
  listData,
  messageOnly,
  type CallOptions,
  type ListData,
  type ListParams,
  type ResourceApi,
} from '@console/shared-sdk';

export type OrganizationCreateInput = z.input<typeof createOrganizationSchema>;
export type OrganizationUpdateInput = z.input<typeof updateOrganizationSchema>;
export type OrganizationNoteInput = z.input<typeof updateNoteSchema>;

const organizationList = listData(organizationSchema);

/**
 * /organization. An organisation admin always gets its own organisation; a platform admin names one by
 * id, or acts in the one it chose (sent as orgId by the client).
 */
export const organizationApi = {
  /** GET /list: every live organisation, paged (platform admin). */
  list: (params: ListParams, options?: CallOptions): Promise<ListData<Organization>> =>
    call({ method: 'get', path: 'organization/list', query: params, data: organizationList }, options),

  /** POST /create-new-one: an organisation and the invitation of its first admin (platform admin). */
  create: (input: OrganizationCreateInput, options?: CallOptions): Promise<Organization> =>
    call(
      { method: 'post', path: 'organization/create-new-one', json: input, data: organizationSchema },
      options,
    ),

  /** PUT /update-one: edits the organisation record. */
  update: (input: OrganizationUpdateInput, options?: CallOptions): Promise<Organization> =>
    call({ method: 'put', path: 'organization/update-one', json: input, data: organizationSchema }, options),

  /** DELETE /delete-one?id=: closes an organisation (platform admin). */
  remove: (id: string, options?: CallOptions): Promise<null> =>
    call({ method: 'delete', path: 'organization/delete-one', query: { id }, data: messageOnly }, options),

  /** GET /view-one: the caller's own organisation, or for a platform admin the one named. */
  view: (id?: string, options?: CallOptions): Promise<Organization> =>
    call({ method: 'get', path: 'organization/view-one', query: { id }, data: organizationSchema }, options),

  /** PUT /update-note: saves the organisation's note. */
  updateNote: (input: OrganizationNoteInput, options?: CallOptions): Promise<Organization> =>
    call({ method: 'put', path: 'organization/update-note', json: input, data: organizationSchema }, options),

  /** PUT /national-figures: replaces the whole list of national figures, with the reason the history keeps. */
  updateNationalFigures: (input: NationalFiguresUpdate, options?: CallOptions): Promise<Organization> =>
    call(
      { method: 'put', path: 'organization/national-figures', json: input, data: organizationSchema },
      options,
    ),

  /** GET /national-figures/history: who changed the national figures, when and why, newest first. */
  nationalFiguresHistory: (id?: string, options?: CallOptions): Promise<NationalFiguresHistoryEntry[]> =>
    call(
      {
        method: 'get',
        path: 'organization/national-figures/history',
        query: { id },
        data: nationalFiguresHistorySchema,
      },
      options,
    ),
};

/** Organisations as the UI kit's resource (the platform admin's list). */
export const organizationResource: ResourceApi<
  Organization,
  OrganizationCreateInput,
  OrganizationUpdateInput
> = {
  ...organizationApi,
  get: organizationApi.view,
};
