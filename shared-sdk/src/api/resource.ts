import { z } from 'zod';
import { listData, type ListData, type ListParams } from '../contract/index.js';
import { call, type CallOptions } from '../http/client.js';

/**
 * What the UI kit needs of a resource to drive a list screen and its modals. Only `list` is required; a
 * screen offers view, create, edit and delete when the matching function exists (and the ability allows).
 * `Filters` are the list's own query filters (e.g. `{ siteID?: string; type?: 'PROB' }`). `options` lets a
 * form pass `{ quietFor: [400] }` and show the server's field errors itself.
 */
export interface ResourceApi<Row, CreateInput = never, UpdateInput = never, Filters = object> {
  list(params: ListParams & Filters, options?: CallOptions): Promise<ListData<Row>>;
  get?(id: string, options?: CallOptions): Promise<Row>;
  create?(input: CreateInput, options?: CallOptions): Promise<Row>;
  update?(input: UpdateInput, options?: CallOptions): Promise<Row>;
  remove?(id: string, options?: CallOptions): Promise<unknown>;
}

/** Encodes one path segment, so an id can never change which endpoint is called. */
export const segment = (value: string) => encodeURIComponent(value);

export const messageOnly = z.null();

/**
 * The standard set of a resource root (spec section 7: web-app-list, create-new-one, update-one,
 * delete-one/{id}, find-one/{id}), typed by the contract. Resources whose calls differ (sites,
 * organisations) write their own functions.
 */
export function standardResource<Row, CreateInput, UpdateInput, Filters = object>(
  root: string,
  row: z.ZodType<Row>,
): Required<ResourceApi<Row, CreateInput, UpdateInput, Filters>> {
  const rows = listData(row);
  return {
    list: (params, options) =>
      call({ method: 'get', path: `${root}/web-app-list`, query: params, data: rows }, options),
    get: (id, options) =>
      call({ method: 'get', path: `${root}/find-one/${segment(id)}`, data: row }, options),
    create: (input, options) =>
      call({ method: 'post', path: `${root}/create-new-one`, json: input, data: row }, options),
    update: (input, options) =>
      call({ method: 'put', path: `${root}/update-one`, json: input, data: row }, options),
    remove: (id, options) =>
      call({ method: 'delete', path: `${root}/delete-one/${segment(id)}`, data: messageOnly }, options),
  };
}
