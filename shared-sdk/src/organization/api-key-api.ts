import {
  apiKeyCreatedSchema,
  apiKeySchema,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyInput,
  type ApiKeyListParams,
} from '../contract/api-keys.js';
import { call, listData, segment, type CallOptions, type ListData } from '@console/shared-sdk';

const keyList = listData(apiKeySchema);

/**
 * /api-key: the organisation's keys for integrators (organisation admins). create-new-one answers the key
 * itself, which nothing shows again; a revoked key is refused on its next call, on every instance.
 */
export const apiKeyApi = {
  /** GET /web-app-list: the organisation's keys, newest first, with when and from where each was last used. */
  list: (params: ApiKeyListParams, options?: CallOptions): Promise<ListData<ApiKey>> =>
    call({ method: 'get', path: 'api-key/web-app-list', query: params, data: keyList }, options),

  /** GET /find-one/{id}: one key (never the key itself). */
  get: (id: string, options?: CallOptions): Promise<ApiKey> =>
    call({ method: 'get', path: `api-key/find-one/${segment(id)}`, data: apiKeySchema }, options),

  /** POST /create-new-one: a new key; the key is shown this once. */
  create: (input: ApiKeyInput, options?: CallOptions): Promise<ApiKeyCreated> =>
    call({ method: 'post', path: 'api-key/create-new-one', json: input, data: apiKeyCreatedSchema }, options),

  /** PUT /revoke: the key stops working at once. */
  revoke: (id: string, options?: CallOptions): Promise<ApiKey> =>
    call({ method: 'put', path: 'api-key/revoke', json: { _id: id }, data: apiKeySchema }, options),
};
