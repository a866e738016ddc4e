import { z } from 'zod';

export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  name: z.string(),
  timezones: z.array(z.string()),
});
export type Country = z.infer<typeof countrySchema>;

export const regionSchema = z.object({
  /** Region (state, county, province) name. */
  name: z.string(),
  cities: z.array(z.string()),
});
export type Region = z.infer<typeof regionSchema>;

export const countryCodeSchema = z
  .string()
  .trim()
  .length(2, 'Country must be a two-letter ISO code')
  .toUpperCase();

export const regionQuerySchema = z.object({ country: countryCodeSchema });

/** A country with its regions and their cities, for the address pickers. */
export const countryRegionsSchema = z.object({ country: countrySchema, regions: z.array(regionSchema) });
export type CountryRegions = z.infer<typeof countryRegionsSchema>;
