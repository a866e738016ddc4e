import { z } from 'zod';
import { siteOptionSchema, type SiteOption } from '../contract/common.js';
import { call, type CallOptions } from '../http/client.js';

/**
 * The one site call the core makes itself: the site selector's list. It stays in the shared core because
 * the core may not import a domain module (that would reach the singleton through itself); the sites domain
 * (`@console/shared-sdk/sites`) offers the same function as `sitesApi.simpleList`.
 */
export const siteOptionsApi = {
  /** GET /site-panel/simple-list: every live site the caller may see, by name, for pickers. */
  simpleList: (options?: CallOptions): Promise<SiteOption[]> =>
    call({ method: 'get', path: 'site-panel/simple-list', data: z.array(siteOptionSchema) }, options),
};
