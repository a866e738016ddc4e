import { z } from 'zod';
import {
  call,
  listData,
  segment,
  type CallOptions,
  type ListData,
  type ListParams,
} from '@console/shared-sdk';
import {
  correctiveActionCountsSchema,
  correctiveActionHistorySchema,
  correctiveActionSchema,
  standardActionListSchema,
  type CorrectiveAction,
  type CorrectiveActionCounts,
  type CorrectiveActionHistoryEntry,
  type CorrectiveActionKind,
  type CorrectiveActionRecord,
  type CorrectiveActionReopen,
  type CorrectiveActionState,
  type CorrectiveActionVerify,
  type CorrectiveCheckType,
  type CorrectiveSourceSubject,
  type StandardActionList,
  type StandardActionUpdate,
} from '../contract/corrective-actions.js';

// /correctiveAction: the list and detail of a deviation's corrective action, recording what was done,
// verifying it with a password, reopening it, and the organisation's standard actions.

/** The list's filters: local dates of when each deviation happened on its site (default the last 90 days). */
export type CorrectiveActionFilters = {
  siteID?: string;
  startDate?: string;
  endDate?: string;
  state?: CorrectiveActionState;
  kind?: CorrectiveActionKind;
  checkType?: CorrectiveCheckType;
  overdue?: boolean;
};

const correctiveActions = listData(correctiveActionSchema);

export const correctiveActionApi = {
  /** GET /web-app-list: a page of actions, the latest deviation first unless sorted. */
  list: (
    params: ListParams & CorrectiveActionFilters,
    options?: CallOptions,
  ): Promise<ListData<CorrectiveAction>> =>
    call(
      { method: 'get', path: 'correctiveAction/web-app-list', query: params, data: correctiveActions },
      options,
    ),
  /** GET /find-one/{id}: one action. */
  get: (id: string, options?: CallOptions): Promise<CorrectiveAction> =>
    call(
      { method: 'get', path: `correctiveAction/find-one/${segment(id)}`, data: correctiveActionSchema },
      options,
    ),
  /** GET /record-list: the actions a record opened, oldest first (a record's view). */
  ofRecord: (
    subject: CorrectiveSourceSubject,
    recordID: string,
    options?: CallOptions,
  ): Promise<CorrectiveAction[]> =>
    call(
      {
        method: 'get',
        path: 'correctiveAction/record-list',
        query: { subject, recordID },
        data: z.array(correctiveActionSchema),
      },
      options,
    ),
  /** GET /counts: actions awaiting action, awaiting verification and overdue, of a site or all. */
  counts: (siteID: string | undefined, options?: CallOptions): Promise<CorrectiveActionCounts> =>
    call(
      {
        method: 'get',
        path: 'correctiveAction/counts',
        query: { siteID },
        data: correctiveActionCountsSchema,
      },
      options,
    ),
  /** GET /log-history-list/{id}: every change of the action, newest first. */
  history: (id: string, options?: CallOptions): Promise<CorrectiveActionHistoryEntry[]> =>
    call(
      {
        method: 'get',
        path: `correctiveAction/log-history-list/${segment(id)}`,
        data: correctiveActionHistorySchema,
      },
      options,
    ),
  /** PUT /record-action: what was done, and whether food was discarded and how much. */
  record: (input: CorrectiveActionRecord, options?: CallOptions): Promise<CorrectiveAction> =>
    call(
      { method: 'put', path: 'correctiveAction/record-action', json: input, data: correctiveActionSchema },
      options,
    ),
  /** PUT /verify: a site admin or above confirms someone else's action with their password. */
  verify: (input: CorrectiveActionVerify, options?: CallOptions): Promise<CorrectiveAction> =>
    call(
      { method: 'put', path: 'correctiveAction/verify', json: input, data: correctiveActionSchema },
      options,
    ),
  /** PUT /reopen: back to awaiting action, with a reason. */
  reopen: (input: CorrectiveActionReopen, options?: CallOptions): Promise<CorrectiveAction> =>
    call(
      { method: 'put', path: 'correctiveAction/reopen', json: input, data: correctiveActionSchema },
      options,
    ),
  /** GET /standard-action-list: the organisation's standard actions of every check type, or of one. */
  standardActions: (checkType?: CorrectiveCheckType, options?: CallOptions): Promise<StandardActionList[]> =>
    call(
      {
        method: 'get',
        path: 'correctiveAction/standard-action-list',
        query: { checkType },
        data: z.array(standardActionListSchema),
      },
      options,
    ),
  /** PUT /standard-actions: an organisation admin replaces one check type's list. */
  setStandardActions: (input: StandardActionUpdate, options?: CallOptions): Promise<StandardActionList> =>
    call(
      {
        method: 'put',
        path: 'correctiveAction/standard-actions',
        json: input,
        data: standardActionListSchema,
      },
      options,
    ),
};
