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
  complianceLogHistorySchema,
  complianceLogSchema,
  complianceTemplateSchema,
  type ComplianceLog,
  type ComplianceLogCreate,
  type ComplianceLogHistoryEntry,
  type ComplianceLogUpdate,
  type ComplianceResult,
  type ComplianceTemplate,
  type LogStatus,
} from '../contract/compliance-logs.js';
import type { LogType } from '../contract/enums.js';

// /comlianceLog (the spec's spelling): the console's list, view and review, and the staff member's
// submission from the mobile app.

/** The list's filters: local dates of each log's site (default the last 30 days). */
export type ComplianceLogFilters = {
  siteID?: string;
  startDate?: string;
  endDate?: string;
  type?: LogType;
  status?: LogStatus;
  result?: ComplianceResult;
};

const complianceLogs = listData(complianceLogSchema);

export const complianceLogApi = {
  /** GET /web-app-list-for-web: a page of logs, newest first unless sorted. */
  list: (
    params: ListParams & ComplianceLogFilters,
    options?: CallOptions,
  ): Promise<ListData<ComplianceLog>> =>
    call(
      { method: 'get', path: 'comlianceLog/web-app-list-for-web', query: params, data: complianceLogs },
      options,
    ),
  /** GET /find-one/{id}: one log with its answers. */
  get: (id: string, options?: CallOptions): Promise<ComplianceLog> =>
    call({ method: 'get', path: `comlianceLog/find-one/${segment(id)}`, data: complianceLogSchema }, options),
  /** PUT /update-one: review (status, review note) and corrections with a reason. */
  update: (input: ComplianceLogUpdate, options?: CallOptions): Promise<ComplianceLog> =>
    call({ method: 'put', path: 'comlianceLog/update-one', json: input, data: complianceLogSchema }, options),
  /** GET /log-history-list/{id}: who changed the log, when and why, newest first. */
  history: (id: string, options?: CallOptions): Promise<ComplianceLogHistoryEntry[]> =>
    call(
      {
        method: 'get',
        path: `comlianceLog/log-history-list/${segment(id)}`,
        data: complianceLogHistorySchema,
      },
      options,
    ),
  /** GET /template-list: the organisation's templates of a log type, with their questions. */
  templates: (siteID: string, options?: CallOptions): Promise<ComplianceTemplate[]> =>
    call(
      {
        method: 'get',
        path: 'comlianceLog/template-list',
        query: { siteID },
        data: z.array(complianceTemplateSchema),
      },
      options,
    ),
  /** POST /create-new-one: a staff member's answered checklist. */
  submit: (input: ComplianceLogCreate, options?: CallOptions): Promise<ComplianceLog> =>
    call(
      { method: 'post', path: 'comlianceLog/create-new-one', json: input, data: complianceLogSchema },
      options,
    ),
};

/**
 * What the UI kit's ResourceApi takes: list, view and review. Logs are submitted from the mobile app, so
 * the console offers no create, and they are kept, so no delete.
 */
export const complianceLogResource = {
  list: complianceLogApi.list,
  get: complianceLogApi.get,
  update: complianceLogApi.update,
};
