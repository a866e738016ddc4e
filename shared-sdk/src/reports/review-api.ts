import {
  call,
  listData,
  segment,
  type CallOptions,
  type ListData,
  type ListParams,
} from '@console/shared-sdk';
import {
  siteReviewSchema,
  type SiteReview,
  type SiteReviewSign,
  type SiteReviewState,
  type SiteReviewUpdate,
} from '../contract/site-reviews.js';

// /siteReview: the four-weekly review, drafted from the records, noted and signed by a site's admin.

const reviews = listData(siteReviewSchema);

export const siteReviewApi = {
  /** GET /web-app-list: the reviews of a site (or of every site the caller may see), latest period first. */
  list: (
    params: ListParams & { siteID?: string; state?: SiteReviewState },
    options?: CallOptions,
  ): Promise<ListData<SiteReview>> =>
    call({ method: 'get', path: 'siteReview/web-app-list', query: params, data: reviews }, options),
  /** GET /find-one/{id}: one review; a draft's contents drafted afresh from the records. */
  get: (id: string, options?: CallOptions): Promise<SiteReview> =>
    call({ method: 'get', path: `siteReview/find-one/${segment(id)}`, data: siteReviewSchema }, options),
  /** GET /current: the review of the four weeks running today at the site. */
  current: (siteID: string, options?: CallOptions): Promise<SiteReview> =>
    call({ method: 'get', path: 'siteReview/current', query: { siteID }, data: siteReviewSchema }, options),
  /** PUT /update-one: a draft's notes and changes. */
  update: (input: SiteReviewUpdate, options?: CallOptions): Promise<SiteReview> =>
    call({ method: 'put', path: 'siteReview/update-one', json: input, data: siteReviewSchema }, options),
  /** PUT /sign: signs the draft with the signer's password typed again; it never changes after. */
  sign: (input: SiteReviewSign, options?: CallOptions): Promise<SiteReview> =>
    call({ method: 'put', path: 'siteReview/sign', json: input, data: siteReviewSchema }, options),
};
