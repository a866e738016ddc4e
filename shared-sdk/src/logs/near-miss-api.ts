import {
  call,
  listData,
  segment,
  toFormData,
  type CallOptions,
  type ListData,
  type ListParams,
} from '@console/shared-sdk';
import {
  nearMissFollowUpOwnersSchema,
  nearMissHistorySchema,
  nearMissSchema,
  type NearMiss,
  type NearMissCategory,
  type NearMissCreate,
  type NearMissFollowUpOwner,
  type NearMissHistoryEntry,
  type NearMissUpdate,
} from '../contract/near-misses.js';
import type { LogStatus } from '../contract/compliance-logs.js';

// /nearMiss: the console's list, detail and investigation, and the staff member's report with photos.

/** The list's filters: local dates of each report's site (default the last 90 days). */
export type NearMissFilters = {
  siteID?: string;
  startDate?: string;
  endDate?: string;
  category?: NearMissCategory;
  status?: LogStatus;
};

const nearMisses = listData(nearMissSchema);

export const nearMissApi = {
  /** GET /web-app-list: a page of reports, latest first unless sorted. */
  list: (params: ListParams & NearMissFilters, options?: CallOptions): Promise<ListData<NearMiss>> =>
    call({ method: 'get', path: 'nearMiss/web-app-list', query: params, data: nearMisses }, options),
  /** GET /find-one/{id}: one report with its follow-ups and photos. */
  get: (id: string, options?: CallOptions): Promise<NearMiss> =>
    call({ method: 'get', path: `nearMiss/find-one/${segment(id)}`, data: nearMissSchema }, options),
  /** PUT /update-one: moves through the workflow, follow-ups, and corrections with a reason. */
  update: (input: NearMissUpdate, options?: CallOptions): Promise<NearMiss> =>
    call({ method: 'put', path: 'nearMiss/update-one', json: input, data: nearMissSchema }, options),
  /** GET /log-history-list/{id}: who changed the report, when and why, newest first. */
  history: (id: string, options?: CallOptions): Promise<NearMissHistoryEntry[]> =>
    call(
      { method: 'get', path: `nearMiss/log-history-list/${segment(id)}`, data: nearMissHistorySchema },
      options,
    ),
  /** GET /follow-up-owner-list/{id}: who may own the report's follow-up actions, by name. */
  followUpOwners: (id: string, options?: CallOptions): Promise<NearMissFollowUpOwner[]> =>
    call(
      {
        method: 'get',
        path: `nearMiss/follow-up-owner-list/${segment(id)}`,
        data: nearMissFollowUpOwnersSchema,
      },
      options,
    ),
  /** POST /create-new-one: a staff member's report, as a multipart form with up to 5 photos. */
  report: ({ photos = [], ...fields }: NearMissCreate, options?: CallOptions): Promise<NearMiss> => {
    const form = toFormData(fields);
    for (const photo of photos) form.append('photos', photo, photo.name);
    return call(
      { method: 'post', path: 'nearMiss/create-new-one', form, data: nearMissSchema, timeout: false },
      options,
    );
  },
};

/**
 * What the UI kit's ResourceApi takes: list, view and edit. Reports come from the mobile app, so the
 * console offers no create, and they are kept, so no delete.
 */
export const nearMissResource = {
  list: nearMissApi.list,
  get: nearMissApi.get,
  update: nearMissApi.update,
};
