import { getAllCountries } from 'countries-and-timezones';
import type { Country } from '@console/shared-sdk/contract';

/** Every country of the packaged list, sorted by English name; built once when the module loads. */
export const countries: readonly Country[] = Object.values(getAllCountries())
  .map((country) => ({ code: country.id, name: country.name, timezones: [...country.timezones] }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byCode = new Map(countries.map((country) => [country.code, country]));

/** The country with this ISO 3166-1 alpha-2 code (any case), if the packaged list knows it. */
export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}
