import { cityMapping } from 'city-timezones';
import type { PlaceDetail, Region } from '@console/shared-sdk/contract';
import { countryByCode } from './countries.js';

/**
 * Offline place look-ups from the cities packaged with `city-timezones` (about 7,300 cities with their
 * province, coordinates and IANA zone). DOMAIN.md asks for look-ups that work without a network; an online
 * geocoder could later answer through the same functions.
 */
export interface Place {
  /** Stable across restarts: derived from the data, not from its order. */
  id: string;
  city: string;
  province: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  countryName: string;
  lat: number;
  lng: number;
  timeZoneId: string;
  population: number;
  /** Accent-free lower-case names to match against (the name and its ASCII spelling). */
  searchNames: readonly string[];
  /** Accent-free lower-case province and country, for "city, region" searches. */
  searchContext: string;
}

/** Lower case without accents, so "cordoba" finds "Córdoba" and "sao paulo" finds "São Paulo". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const slug = (text: string) =>
  fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function buildPlaces(): Place[] {
  // A site needs a country code and a time zone, so cities without either (Antarctic stations, the
  // territories the data codes as the number -99 despite its typings) are left out rather than offered and
  // then refused.
  const usable = cityMapping.flatMap((city) => {
    const country = typeof city.iso2 === 'string' ? countryByCode(city.iso2) : undefined;
    return country && city.timezone ? [{ city, country }] : [];
  });

  // The id is "city:<iso2>:<name>", qualified by the province only where the country has two cities of
  // that name (London, Kentucky), so ids survive a data update that only adds or reorders cities.
  const baseId = (iso2: string, name: string) => `city:${iso2}:${slug(name)}`;
  const seen = new Map<string, number>();
  for (const { city } of usable) {
    const id = baseId(city.iso2, city.city);
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const taken = new Set<string>();
  return usable.map(({ city, country }) => {
    const base = baseId(city.iso2, city.city);
    let id = (seen.get(base) ?? 0) > 1 && city.province ? `${base}~${slug(city.province)}` : base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}~${n}`;
    taken.add(id);
    const province = city.province.trim() === '' ? null : city.province.trim();
    return {
      id,
      city: city.city,
      province,
      country: country.code,
      countryName: country.name,
      lat: city.lat,
      lng: city.lng,
      timeZoneId: city.timezone,
      population: city.pop,
      searchNames: [...new Set([fold(city.city), fold(city.city_ascii)])],
      searchContext: fold(`${province ?? ''} ${country.name} ${city.country} ${country.code}`),
    };
  });
}

const places: readonly Place[] = buildPlaces();
const placesById = new Map(places.map((place) => [place.id, place]));

/** How well a name matches: 0 when a word of it starts with the text ("york" in "New York"), 1 when the
 * text only occurs inside a word. */
function matchTier(names: readonly string[], text: string): number | undefined {
  let best: number | undefined;
  for (const name of names) {
    for (let at = name.indexOf(text); at >= 0; at = name.indexOf(text, at + 1)) {
      const tier = at === 0 || /[\s\-'(]/.test(name[at - 1] ?? '') ? 0 : 1;
      best = best === undefined ? tier : Math.min(best, tier);
      if (best === 0) return best;
    }
  }
  return best;
}

/**
 * Cities matching what the user typed, best first: names with a word starting with the text, then names
 * containing it, each group by population so the city most people mean comes first. Text after a comma
 * narrows by province or country ("london, ontario").
 */
export function searchPlaces(input: string, options: { country?: string; limit?: number } = {}): Place[] {
  const [cityText = '', ...qualifiers] = input.split(',').map(fold);
  if (cityText === '') return [];
  const narrowing = qualifiers.filter((q) => q !== '');
  const country = options.country?.toUpperCase();
  const matches: { place: Place; tier: number }[] = [];
  for (const place of places) {
    if (country && place.country !== country) continue;
    const tier = matchTier(place.searchNames, cityText);
    if (tier === undefined) continue;
    if (!narrowing.every((q) => place.searchContext.includes(q))) continue;
    matches.push({ place, tier });
  }
  return matches
    .sort(
      (a, b) =>
        a.tier - b.tier || b.place.population - a.place.population || a.place.id.localeCompare(b.place.id),
    )
    .slice(0, options.limit ?? 10)
    .map((match) => match.place);
}

export function placeById(id: string): Place | undefined {
  return placesById.get(id);
}

/** "Brighton, Brighton and Hove, United Kingdom". */
export function describePlace(place: Place): { main: string; secondary: string; full: string } {
  const secondary = [place.province, place.countryName].filter((part) => part !== null).join(', ');
  return { main: place.city, secondary, full: `${place.city}, ${secondary}` };
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * A place in the shape of Google's Place Details (address_components, geometry) plus the flat fields the
 * site form fills itself from. The data has no county level: `county` stays null and the province is the
 * first-level administrative area.
 */
export function placeDetail(place: Place): PlaceDetail {
  const lat = round(place.lat);
  const lng = round(place.lng);
  const political = (long: string, short: string, type: string) => ({
    long_name: long,
    short_name: short,
    types: [type, 'political'],
  });
  return {
    place_id: place.id,
    name: place.city,
    formatted_address: describePlace(place).full,
    address_components: [
      political(place.city, place.city, 'locality'),
      ...(place.province ? [political(place.province, place.province, 'administrative_area_level_1')] : []),
      political(place.countryName, place.country, 'country'),
    ],
    geometry: { location: { lat, lng } },
    city: place.city,
    county: null,
    state: place.province,
    country: place.country,
    countryName: place.countryName,
    lat_long: `${lat},${lng}`,
    timeZoneId: place.timeZoneId,
  };
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The packaged city closest to a point: how a coordinate gets a time zone without an online service. */
export function nearestPlace(point: { lat: number; lng: number }): Place {
  let best: Place | undefined;
  let bestKm = Infinity;
  for (const place of places) {
    const km = distanceKm(point, place);
    if (km < bestKm) {
      best = place;
      bestKm = km;
    }
  }
  if (!best) throw new Error('the packaged city list is empty');
  return best;
}

/**
 * Regions (the data's provinces) of each country with their cities, sorted by name. Small states and
 * territories have no province in the data; their cities are listed under the country's own name so no
 * city is lost and no region is blank.
 */
const regionsByCountry: ReadonlyMap<string, readonly Region[]> = (() => {
  const grouped = new Map<string, Map<string, Set<string>>>();
  for (const place of places) {
    const regions = grouped.get(place.country) ?? new Map<string, Set<string>>();
    grouped.set(place.country, regions);
    const name = place.province ?? place.countryName;
    const cities = regions.get(name) ?? new Set<string>();
    regions.set(name, cities);
    cities.add(place.city);
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
