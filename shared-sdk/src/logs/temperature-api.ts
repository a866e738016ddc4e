import { z } from 'zod';
import {
  temperatureChartSchema,
  temperatureLogHistorySchema,
  temperatureLogListDataSchema,
  temperatureLogSchema,
  temperatureReadableItemSchema,
  type TemperatureChart,
  type TemperatureLog,
  type TemperatureLogFilters,
  type TemperatureLogHistoryEntry,
  type TemperatureLogInput,
  type TemperatureLogUpdate,
  type TemperatureReadableItem,
} from '../contract/temperature-logs.js';
import type { ListData, ListParams } from '../contract/common.js';
import {
  call,
  download,
  messageOnly,
  segment,
  type CallOptions,
  type DownloadedFile,
} from '@console/shared-sdk';

// /temperature-logs: the console's list, view, correction, deletion, history and export of readings, the
// items a site can read with their limits, one item's chart, and the staff member's call that records a
// reading. Changes need a reason, so update and delete take one.

const root = 'temperature-logs';

/** One item's chart: the site, the item, and a range of the site's local dates (default the last 7 days). */
export interface TemperatureChartParams {
  siteID: string;
  itemID: string;
  startDate?: string;
  endDate?: string;
}

export const temperatureLogApi = {
  /** GET /web-app-list-for-web: a page of readings, newest first unless `sort` says otherwise. */
  list: (
    query: ListParams & TemperatureLogFilters,
    options?: CallOptions,
  ): Promise<ListData<TemperatureLog>> =>
    call(
      { method: 'get', path: `${root}/web-app-list-for-web`, query, data: temperatureLogListDataSchema },
      options,
    ),
  /** GET /find-one/{id}. */
  get: (id: string, options?: CallOptions): Promise<TemperatureLog> =>
    call({ method: 'get', path: `${root}/find-one/${segment(id)}`, data: temperatureLogSchema }, options),
  /** PUT /update-one: a correction with its reason; judged again by the limits the reading was taken under. */
  update: (input: TemperatureLogUpdate, options?: CallOptions): Promise<TemperatureLog> =>
    call({ method: 'put', path: `${root}/update-one`, json: input, data: temperatureLogSchema }, options),
  /** DELETE /delete-one/{id} with the reason, which the history keeps. */
  removeWithReason: (id: string, reason: string, options?: CallOptions): Promise<null> =>
    call(
      { method: 'delete', path: `${root}/delete-one/${segment(id)}`, json: { reason }, data: messageOnly },
      options,
    ),
  /** GET /log-history-list/{id}: who recorded, corrected or deleted the reading, why, newest first. */
  history: (id: string, options?: CallOptions): Promise<TemperatureLogHistoryEntry[]> =>
    call(
      { method: 'get', path: `${root}/log-history-list/${segment(id)}`, data: temperatureLogHistorySchema },
      options,
    ),
  /** GET /item-list: the site's fridge and freezer items, probes and food items with their checks and limits. */
  itemList: (siteID: string, options?: CallOptions): Promise<TemperatureReadableItem[]> =>
    call(
      {
        method: 'get',
        path: `${root}/item-list`,
        query: { siteID },
        data: z.array(temperatureReadableItemSchema),
      },
      options,
    ),
  /** GET /chart: one item's readings over the range, oldest first, with the limits each was judged by. */
  chart: (query: TemperatureChartParams, options?: CallOptions): Promise<TemperatureChart> =>
    call({ method: 'get', path: `${root}/chart`, query, data: temperatureChartSchema }, options),
  /** GET /export-web-app-list-for-web: the filtered readings as one XLSX, with a summary sheet. */
  exportExcel: (filters: TemperatureLogFilters, options?: CallOptions): Promise<DownloadedFile> =>
    download(
      {
        method: 'get',
        path: `${root}/export-web-app-list-for-web`,
        query: { ...filters, downloadFileType: 'EXCEL' },
        timeout: false,
      },
      options,
    ),
  /** POST /create-new-one: a reading with the device's time (the staff member's call). */
  create: (input: TemperatureLogInput, options?: CallOptions): Promise<TemperatureLog> =>
    call(
      { method: 'post', path: `${root}/create-new-one`, json: input, data: temperatureLogSchema },
      options,
    ),
};
