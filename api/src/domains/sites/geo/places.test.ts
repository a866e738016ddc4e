import { defaultJurisdictionFor } from '@console/shared-sdk/contract';
import { countries, countryByCode } from './countries.js';
import { fold, placeById, placeDetail, searchPlaces, searchText } from './places.js';
import { regionsOf } from './regions.js';
import { timeZoneAt, timeZoneDataAt } from './time-zones.js';

// The town finder (issue 25): GeoNames' places of 1,000 people or more, matched by the start of the name
// or of a word of it and weighted by population. The first search reads the list (a second or two).
jest.setTimeout(120_000);

describe('searchPlaces', () => {
  test('a town by its own name comes first: "Hove" is Hove, never Eindhoven', () => {
    const hove = searchPlaces('Hove');
    expect(hove[0]).toMatchObject({ id: 'city:GB:hove', city: 'Hove', country: 'GB' });
    expect(hove.map((p) => p.city)).not.toContain('Eindhoven');
    // Only the start of the name or of a word of it matches.
    expect(searchPlaces('indhoven')).toEqual([]);
  });

  test('small towns are in the list: "Whit" finds Whitstable', () => {
    expect(searchPlaces('Whit').map((p) => `${p.city}, ${p.country}`)).toContain('Whitstable, GB');
    expect(searchPlaces('whitstable')[0]).toMatchObject({
      city: 'Whitstable',
      county: 'Kent',
      province: 'England',
    });
  });

  test('"St Ives" finds both, in Cornwall and Cambridgeshire, however "Saint" is written', () => {
    for (const typed of ['St Ives', 'st. ives', 'Saint Ives']) {
      const found = searchPlaces(typed).filter((p) => p.country === 'GB');
      expect(found.map((p) => p.county).sort()).toEqual(['Cambridgeshire', 'Cornwall']);
    }
    expect(searchPlaces('st ives, cambridgeshire').map((p) => p.city)).toEqual(['Saint Ives']);
  });

  test('weights matches by population: the place most people mean first, at most ten', () => {
    expect(searchPlaces('lond')[0]?.id).toBe('city:GB:london');
    // A word later in the name counts a tenth: New York is still bigger than York.
    expect(searchPlaces('york')[0]?.id).toBe('city:US:new-york-city');
    expect(searchPlaces('york').map((p) => p.id)).toContain('city:GB:york');
    expect(searchPlaces('brigh')[0]?.id).toBe('city:GB:brighton');
    expect(searchPlaces('san')).toHaveLength(10);
    expect(searchPlaces('san', { limit: 3 })).toHaveLength(3);
  });

  test('ignores accents and case', () => {
    expect(searchPlaces('SÃO PAULO')[0]?.id).toBe('city:BR:sao-paulo');
    expect(searchPlaces('cordoba').map((p) => p.city)).toContain('Córdoba');
    expect(searchPlaces('zurich')[0]?.city).toBe('Zürich');
    expect(fold('Zürich ')).toBe('zurich');
    expect(searchText('St. Ives-by-the-Sea')).toBe('saint ives-by-the-sea');
  });

  test('narrows by country, or by the county, region or country typed after a comma', () => {
    expect(searchPlaces('london', { country: 'us' }).every((p) => p.country === 'US')).toBe(true);
    expect(searchPlaces('london, ontario')[0]).toMatchObject({ country: 'CA', province: 'Ontario' });
    expect(searchPlaces('zzqx')).toEqual([]);
    expect(searchPlaces(' , gb')).toEqual([]);
  });

  test('every place id is unique and leads back to its place', () => {
    const found = searchPlaces('s', { limit: 100000 });
    expect(found.length).toBeGreaterThan(5000);
    expect(new Set(found.map((place) => place.id)).size).toBe(found.length);
    expect(found.filter((place) => placeById(place.id) !== place)).toEqual([]);
    expect(placeById('city:GB:nowhere')).toBeUndefined();
  });
});

describe('placeDetail', () => {
  test('gives Google-style address components and the flat fields of the site form', () => {
    const place = placeById('city:GB:brighton');
    expect(place).toBeDefined();
    const detail = placeDetail(place!);
    expect(detail).toMatchObject({
      place_id: 'city:GB:brighton',
      formatted_address: 'Brighton, Brighton and Hove, England, United Kingdom',
      city: 'Brighton',
      county: 'Brighton and Hove',
      state: 'England',
      country: 'GB',
      countryName: 'United Kingdom',
      timeZoneId: 'Europe/London',
    });
    expect(detail.lat_long).toMatch(/^50\.82\d*,-0\.1[34]\d*$/);
    expect(detail.address_components.map((c) => c.types[0])).toEqual([
      'locality',
      'administrative_area_level_2',
      'administrative_area_level_1',
      'country',
    ]);
    expect(detail.address_components[3]).toMatchObject({ long_name: 'United Kingdom', short_name: 'GB' });
  });

  test("a place's region decides a new site's rules: Scotland's in Inverness, New York City's in Brooklyn", () => {
    const inverness = placeDetail(searchPlaces('Inverness', { country: 'GB' })[0]!);
    expect(inverness).toMatchObject({ state: 'Scotland', timeZoneId: 'Europe/London' });
    expect(defaultJurisdictionFor(inverness)).toBe('GB-SCT');
    expect(defaultJurisdictionFor(placeDetail(placeById('city:GB:hove')!))).toBe('GB-ENG');
    expect(defaultJurisdictionFor(placeDetail(searchPlaces('Brooklyn', { country: 'US' })[0]!))).toBe(
      'US-NYC',
    );
  });

  test('takes the zone from the position', () => {
    expect(placeDetail(searchPlaces('Brooklyn', { country: 'US' })[0]!).timeZoneId).toBe('America/New_York');
    expect(placeDetail(searchPlaces('Perth', { country: 'AU' })[0]!).timeZoneId).toBe('Australia/Perth');
  });
});

describe('timeZoneAt', () => {
  test('finds the zone of a point', () => {
    expect(timeZoneAt({ lat: 40.7178, lng: -73.9636 })).toBe('America/New_York');
    expect(timeZoneAt({ lat: 50.8194, lng: -0.1335 })).toBe('Europe/London');
    expect(timeZoneAt({ lat: -33.87, lng: 151.21 })).toBe('Australia/Sydney');
  });
});

describe('regionsOf', () => {
  test('groups a country’s cities by region, both sorted by name', () => {
    const regions = regionsOf('gb');
    expect(regions.find((r) => r.name === 'Brighton and Hove')?.cities).toEqual(['Brighton']);
    const names = regions.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(regionsOf('US').find((r) => r.name === 'New York')?.cities).toContain('New York');
  });

  test('a country without provinces in the data lists its cities under its own name', () => {
    expect(regionsOf('AD')).toEqual([{ name: 'Andorra', cities: ['Andorra'] }]);
    expect(regionsOf('ZZ')).toEqual([]);
  });
});

describe('countries', () => {
  test('are sorted by name with their time zones', () => {
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryByCode('gb')).toEqual({ code: 'GB', name: 'United Kingdom', timezones: ['Europe/London'] });
    expect(countryByCode('ZZ')).toBeUndefined();
  });
});

describe('timeZoneDataAt', () => {
  test('names the zone and splits its offset into standard and daylight saving', () => {
    expect(timeZoneDataAt('Europe/London', new Date('2026-07-01T12:00:00Z'))).toEqual({
      timeZoneId: 'Europe/London',
      timeZoneName: 'British Summer Time',
      rawOffset: 0,
      dstOffset: 3600,
      timeZoneDifferenceInMinute: 60,
    });
    expect(timeZoneDataAt('Europe/London', new Date('2026-01-15T12:00:00Z'))).toMatchObject({
      timeZoneName: 'Greenwich Mean Time',
      dstOffset: 0,
      timeZoneDifferenceInMinute: 0,
    });
    expect(timeZoneDataAt('America/New_York', new Date('2026-01-15T12:00:00Z'))).toMatchObject({
      timeZoneName: 'Eastern Standard Time',
      rawOffset: -18000,
      dstOffset: 0,
      timeZoneDifferenceInMinute: -300,
    });
  });

  test('works in the southern hemisphere, where summer is in January', () => {
    expect(timeZoneDataAt('Australia/Sydney', new Date('2026-01-15T00:00:00Z'))).toMatchObject({
      rawOffset: 36000,
      dstOffset: 3600,
      timeZoneDifferenceInMinute: 660,
    });
    expect(timeZoneDataAt('Asia/Kolkata', new Date('2026-07-01T00:00:00Z'))).toMatchObject({
      rawOffset: 19800,
      dstOffset: 0,
      timeZoneDifferenceInMinute: 330,
    });
  });
});
