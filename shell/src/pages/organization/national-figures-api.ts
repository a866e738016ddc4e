import { call, type CallOptions } from '@console/shared-sdk';
import {
  nationalFiguresHistorySchema,
  organizationSchema,
  type NationalFiguresHistoryEntry,
  type NationalFiguresUpdate,
  type Organization,
} from '@console/shared-sdk/organization';

// The organisation's national figures, beside `organizationApi`: the SDK has no client for these two calls
// yet, so the shell keeps this one until it moves there, written as the SDK's are.

/**
 * /organization/national-figures. An organisation admin changes its own organisation's; a platform admin
 * names one by `_id`, or acts in the one it chose (sent as orgId by the client).
 */
export const nationalFiguresApi = {
  /** PUT /national-figures: replaces the whole list, with the reason the history keeps. */
  update: (input: NationalFiguresUpdate, options?: CallOptions): Promise<Organization> =>
    call(
      { method: 'put', path: 'organization/national-figures', json: input, data: organizationSchema },
      options,
    ),

  /** GET /national-figures/history: who changed them, when and why, newest first. */
  history: (id?: string, options?: CallOptions): Promise<NationalFiguresHistoryEntry[]> =>
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
