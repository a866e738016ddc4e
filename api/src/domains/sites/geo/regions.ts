import { cityMapping } from 'city-timezones';
import type { Region } from '@console/shared-sdk/contract';
import { countryByCode } from './countries.js';

/**
 * The address pickers' regions (GET /location/web-app-list): each country's provinces with their main
 * cities, from the cities packaged with `city-timezones` (about 7,300, with their province). A picker wants
 * a short list of cities per region; the town finder (places.ts) searches the far fuller GeoNames list.
 * Small states and territories have no province in the data; their cities are listed under the country's
 * own name so no city is lost and no region is blank. Cities without a usable country code are left out.
 */
const regionsByCountry: ReadonlyMap<string, readonly Region[]> = (() => {
  const grouped = new Map<string, Map<string, Set<string>>>();
  for (const city of cityMapping) {
    const country = typeof city.iso2 === 'string' ? countryByCode(city.iso2) : undefined;
    if (!country || !city.timezone) continue;
    const regions = grouped.get(country.code) ?? new Map<string, Set<string>>();
    grouped.set(country.code, regions);
    const name = city.province.trim() === '' ? country.name : city.province.trim();
    const cities = regions.get(name) ?? new Set<string>();
    regions.set(name, cities);
    cities.add(city.city);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  return new Map(
    [...grouped].map(([country, regions]) => [
      country,
      [...regions]
        .map(([name, cities]) => ({ name, cities: [...cities].sort(byName) }))
        .sort((a, b) => byName(a.name, b.name)),
    ]),
  );
})();

/** The regions and cities of a country; empty when the data holds no city there. */
export function regionsOf(countryCode: string): readonly Region[] {
  return regionsByCountry.get(countryCode.toUpperCase()) ?? [];
}
