import { z } from 'zod';
import { call, type CallOptions, type Role } from '@console/shared-sdk';
import { staffOptionSchema, type StaffOption } from '../contract/user.js';

/** /staff-people: the organisation's people. */
export const staffApi = {
  /** GET /simple-list: people for pickers, by full name; a site admin must name one of its sites. */
  simpleList: (
    filters: { role?: Role; siteID?: string } = {},
    options?: CallOptions,
  ): Promise<StaffOption[]> =>
    call(
      { method: 'get', path: 'staff-people/simple-list', query: filters, data: z.array(staffOptionSchema) },
      options,
    ),
};
