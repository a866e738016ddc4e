import { z } from 'zod';
import { call, type CallOptions } from '@console/shared-sdk';
import {
  countryRegionsSchema,
  countrySchema,
  type Country,
  type CountryRegions,
} from '../contract/location.js';

/** /location: countries, regions and cities for the address pickers. */
export const locationApi = {
  /** GET /simple-list-countries: every country with its time zones, by name. */
  countries: (options?: CallOptions): Promise<Country[]> =>
    call({ method: 'get', path: 'location/simple-list-countries', data: z.array(countrySchema) }, options),

  /** GET /web-app-list?country=: a country's regions with their cities. */
  regions: (country: string, options?: CallOptions): Promise<CountryRegions> =>
    call(
      { method: 'get', path: 'location/web-app-list', query: { country }, data: countryRegionsSchema },
      options,
    ),
};
