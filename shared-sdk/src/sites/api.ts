import { z } from 'zod';
import {
  type closingTimeListRequestSchema,
  closingTimeListSchema,
  fetchCountryResponseSchema,
  type fetchTimezoneRequestSchema,
  openTimeSlotResponseSchema,
  type placesRequestSchema,
  placesResponseSchema,
  siteSchema,
  type siteUpdateSchema,
  timezoneDataSchema,
  type ClosingTime,
  type OpenTimeSlotResponse,
  type PlaceDetail,
  type PlacesResponse,
  type Site,
  type SiteInput,
  type TimezoneData,
  type SiteAdminInvite,
} from '../contract/site.js';
import { portfolioSchema, type Portfolio, type PortfolioQuery } from '../contract/portfolio.js';
import { staffOptionSchema, type StaffOption } from '../contract/common.js';
import {
  call,
  listData,
  messageOnly,
  segment,
  siteOptionsApi,
  toFormData,
  type CallOptions,
  type ListData,
  type ListParams,
  type ResourceApi,
} from '@console/shared-sdk';

/** Filters of the site list: `status: false` lists deleted sites; `country` is an ISO code. */
export type SiteFilters = { status?: boolean; country?: string };
export type SiteUpdateInput = z.input<typeof siteUpdateSchema>;

const siteList = listData(siteSchema);

/** The site form as multipart form data, which cannot carry null: no area is sent as an empty text. */
const siteForm = (input: SiteInput | SiteUpdateInput) =>
  toFormData(input.areaID === null ? { ...input, areaID: '' } : input);

/** /site-panel: sites, their opening times and time slots, and the place and time-zone look-ups. */
export const sitesApi = {
  /** GET /web-app-list: the sites the caller may see, paged. */
  list: (params: ListParams & SiteFilters, options?: CallOptions): Promise<ListData<Site>> =>
    call({ method: 'get', path: 'site-panel/web-app-list', query: params, data: siteList }, options),

  /** POST /create-new-one, as multipart form data (timing, location and admins as JSON text). */
  create: (input: SiteInput, options?: CallOptions): Promise<Site> =>
    call(
      { method: 'post', path: 'site-panel/create-new-one', form: siteForm(input), data: siteSchema },
      options,
    ),

  /**
   * PUT /update-one, as multipart form data; leave `siteAdminList` out to keep the site's admins, and
   * `areaID` out to keep its area (null takes it out of its area).
   */
  update: (input: SiteUpdateInput, options?: CallOptions): Promise<Site> =>
    call({ method: 'put', path: 'site-panel/update-one', form: siteForm(input), data: siteSchema }, options),

  /** PATCH /delete-one with the site's id in the body. */
  remove: (siteID: string, options?: CallOptions): Promise<null> =>
    call({ method: 'patch', path: 'site-panel/delete-one', json: { siteID }, data: messageOnly }, options),

  /** GET /simple-list: every live site the caller may see, by name, for pickers (the core's own call). */
  simpleList: siteOptionsApi.simpleList,

  /** GET /find-one/{id}: one site (a deleted one too, with status false). */
  get: (id: string, options?: CallOptions): Promise<Site> =>
    call({ method: 'get', path: `site-panel/find-one/${segment(id)}`, data: siteSchema }, options),

  /** GET /open-time-slot/{id}: the time slots of one local date (default: the site's today). */
  openTimeSlots: (id: string, findDate?: string, options?: CallOptions): Promise<OpenTimeSlotResponse> =>
    call(
      {
        method: 'get',
        path: `site-panel/open-time-slot/${segment(id)}`,
        query: { findDate },
        data: openTimeSlotResponseSchema,
      },
      options,
    ),

  /** POST /closing-time-list: opening and closing instants of each open day from `startDate`. */
  closingTimes: (
    body: z.input<typeof closingTimeListRequestSchema>,
    options?: CallOptions,
  ): Promise<ClosingTime[]> =>
    call(
      { method: 'post', path: 'site-panel/closing-time-list', json: body, data: closingTimeListSchema },
      options,
    ),

  /**
   * GET /portfolio: a page of the sites the caller may see with their day (today's tasks and logs, the
   * week's score), sorted, filtered and searched server-side, with the totals of all and of each area.
   */
  portfolio: (query: PortfolioQuery = {}, options?: CallOptions): Promise<Portfolio> =>
    call({ method: 'get', path: 'site-panel/portfolio', query, data: portfolioSchema }, options),

  /** POST /places: city suggestions for the address field. */
  places: (body: z.input<typeof placesRequestSchema>, options?: CallOptions): Promise<PlacesResponse> =>
    call({ method: 'post', path: 'site-panel/places', json: body, data: placesResponseSchema }, options),

  /** POST /fetchCountry: address parts, coordinates and time zone of a suggested place (its `result`). */
  placeDetail: async (body: { placeId: string }, options?: CallOptions): Promise<PlaceDetail> => {
    const { result } = await call(
      { method: 'post', path: 'site-panel/fetchCountry', json: body, data: fetchCountryResponseSchema },
      options,
    );
    return result;
  },

  /** POST /fetchTimezoneData: offsets and name of a time zone, or of the zone nearest to lat,lng. */
  timezoneData: (
    body: z.input<typeof fetchTimezoneRequestSchema>,
    options?: CallOptions,
  ): Promise<TimezoneData> =>
    call(
      { method: 'post', path: 'site-panel/fetchTimezoneData', json: body, data: timezoneDataSchema },
      options,
    ),
};

/** Sites as the UI kit's resource. */
export const sitesResource: ResourceApi<Site, SiteInput, SiteUpdateInput, SiteFilters> = sitesApi;

/**
 * The people calls the site form makes, here rather than through `@console/shared-sdk/people` so the shell
 * does not bundle the people domain (which ships with mfe-people).
 */
export const siteAdminsApi = {
  /** Site admins of the organisation, by full name, to choose from. */
  candidates: (options?: CallOptions): Promise<StaffOption[]> =>
    call(
      {
        method: 'get',
        path: 'staff-people/simple-list',
        query: { role: 'SITE_ADMIN' },
        data: z.array(staffOptionSchema),
      },
      options,
    ),

  /** Creates `person` as a site admin of `siteID`; the API e-mails the invitation. */
  invite: (person: SiteAdminInvite, siteID: string, options?: CallOptions): Promise<StaffOption> =>
    call(
      {
        method: 'post',
        path: 'staff-people/create-new-one',
        json: { ...person, userRole: 'SITE_ADMIN', siteIDs: [siteID], departmentID: [] },
        data: staffOptionSchema,
      },
      options,
    ),
};
